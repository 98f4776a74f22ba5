// UIPresentationController (iOS 8): owns a presentation's container, the
// presented view's frame and the chrome around it (a dimming view).

/// Manages a modal presentation: subclass it to size the presented view,
/// add a dimming view, and keep the presenter on screen.
@MainActor @preconcurrency
open class UIPresentationController: NSObject {
  /// The controller being presented.
  public let presentedViewController: UIViewController
  private let presentingStorage: UIViewController?

  /// The controller that presents.
  open var presentingViewController: UIViewController { presentingStorage ?? presentedViewController }

  /// The presentation's container view (set shortly after the controller is vended).
  open internal(set) var containerView: UIView?

  /// The style this controller presents with.
  open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }

  /// Creates a presentation controller.
  public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    self.presentedViewController = presentedViewController
    presentingStorage = presentingViewController
    super.init()
  }

  /// The view that is animated into place: the presented controller's view by default.
  open var presentedView: UIView? { presentedViewController.view }

  /// The presented view's frame at the end of the presentation (default, as
  /// Apple documents: the container's frame, i.e. all of the presentation space).
  open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

  // MARK: UIContentContainer defaults

  /// The presented controller's preferred size.
  open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }

  /// The presented controller's `preferredContentSize` changed (default: nothing;
  /// override to resize, e.g. `containerView?.setNeedsLayout()`).
  open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}

  /// Default: nothing.
  open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}

  /// The size for the presented controller (default: the container's size).
  /// Custom presentation controllers override it and use it in
  /// `frameOfPresentedViewInContainerView`.
  open func size(forChildContentContainer container: UIContentContainer,
                 withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }

  /// The traits are about to change (default: the presented controller gets
  /// `willTransition(to:with:)`, as it gets the size change).
  open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
    presentedViewController.willTransition(to: newCollection, with: coordinator)
  }

  /// The container is about to change size (default: the presented
  /// controller gets `viewWillTransition` with `size(forChildContentContainer:…)`).
  open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    presentedViewController.viewWillTransition(
      to: self.size(forChildContentContainer: presentedViewController, withParentContainerSize: size), with: coordinator)
  }

  /// Whether the presenter's view is removed at the end of the presentation (default false).
  open var shouldRemovePresentersView: Bool { false }

  /// Whether the presentation covers the whole screen (default true).
  open var shouldPresentInFullscreen: Bool { true }

  open func presentationTransitionWillBegin() {}
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  open func dismissalTransitionWillBegin() {}
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  open func containerViewWillLayoutSubviews() {}
  open func containerViewDidLayoutSubviews() {}

  /// Whether this is one of UIKit's own presentation controllers (their
  /// hooks run but are not traced: the app's code is not involved).
  var isUIKitOwn: Bool {
    type(of: self) == UIPresentationController.self || self is FullscreenPresentationController
      || self is OverPresentationController || self is UISheetPresentationController
      || type(of: self) == UIPopoverPresentationController.self
  }

  /// Records a call of one of the presentation controller's hooks, when it is the app's.
  func traceHook(_ message: String) {
    guard !isUIKitOwn else { return }
    presentedViewController.simulation.record(.call, typeName(self), message)
  }

  /// The adaptive style (the engine models a compact-width iPhone: no adaptation).
  open var adaptivePresentationStyle: UIModalPresentationStyle { presentationStyle }
  /// The delegate: adaptation, and the user's attempts to dismiss a sheet.
  open weak var delegate: UIAdaptivePresentationControllerDelegate?

  /// Whether touches that hit the container itself go on to the views
  /// behind it (a sheet that does not dim).
  var passesTouchesThroughContainer: Bool { false }
  /// Whether a touch at `point` (container coordinates) that hits the
  /// container itself goes on to the views behind it (a popover's passthrough views).
  func containerPassesTouch(at point: CGPoint, in container: UIView) -> Bool { passesTouchesThroughContainer }
  open var overrideTraitCollection: AnyObject?
}

/// The container of a modal presentation (UIKit's private `UITransitionView`):
/// covers the window, above the presenter, and forwards layout to the
/// presentation controller.
final class UITransitionView: UIView {
  weak var presentationController: UIPresentationController?

  override var diagramLabel: String { accessibilityIdentifier ?? "UITransitionView" }

  /// A sheet that does not dim lets the touches around it through.
  override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    let hit = super.hitTest(point, with: event)
    if hit === self, presentationController?.containerPassesTouch(at: point, in: self) == true { return nil }
    return hit
  }

  override func layoutSubviews() {
    guard let controller = presentationController else { return }
    let simulation = controller.presentedViewController.simulation
    controller.traceHook("containerViewWillLayoutSubviews()")
    simulation.traced { controller.containerViewWillLayoutSubviews() }
    controller.traceHook("containerViewDidLayoutSubviews()")
    simulation.traced { controller.containerViewDidLayoutSubviews() }
  }
}

/// The presentation controller of a full-screen presentation (UIKit's
/// `UIFullscreenPresentationController`): removes the presenter's view.
final class FullscreenPresentationController: UIPresentationController {
  override var shouldRemovePresentersView: Bool { true }
}

/// The presentation controller of an "over" presentation: keeps the presenter.
final class OverPresentationController: UIPresentationController {}
