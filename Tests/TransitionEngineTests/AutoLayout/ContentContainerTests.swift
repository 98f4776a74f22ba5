import Testing
@testable import TransitionEngine

/// A parent that records its children's size news.
private final class Parent: UIViewController {
  var changed: [String] = []
  override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
    changed.append((container as? UIViewController)?.title ?? "?")
  }
  override func size(forChildContentContainer container: UIContentContainer,
                     withParentContainerSize parentSize: CGSize) -> CGSize {
    CGSize(width: parentSize.width / 2, height: parentSize.height)
  }
}

private final class SizeRecorder: UIViewController {
  var sizes: [CGSize] = []
  override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    sizes.append(size)
    super.viewWillTransition(to: size, with: coordinator)
  }
}

/// A bottom sheet two thirds high, sized through UIContentContainer, as tutorials write it.
private final class TwoThirdsPresentation: UIPresentationController {
  var sizeChanges = 0
  override func size(forChildContentContainer container: UIContentContainer,
                     withParentContainerSize parentSize: CGSize) -> CGSize {
    CGSize(width: parentSize.width, height: parentSize.height * 2 / 3)
  }
  override var frameOfPresentedViewInContainerView: CGRect {
    guard let containerView else { return .zero }
    let size = self.size(forChildContentContainer: presentedViewController,
                         withParentContainerSize: containerView.bounds.size)
    return CGRect(origin: CGPoint(x: 0, y: containerView.bounds.height - size.height), size: size)
  }
  override func containerViewWillLayoutSubviews() {
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
  override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
    sizeChanges += 1
  }
}

private final class SheetDelegate: NSObject, UIViewControllerTransitioningDelegate {
  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController? {
    TwoThirdsPresentation(presentedViewController: presented, presenting: presenting)
  }
}

/// Minimal coordinator for calling viewWillTransition directly.
private final class StillCoordinator: NSObject, UIViewControllerTransitionCoordinator {
  var isAnimated: Bool { false }
  var presentationStyle: UIModalPresentationStyle { .fullScreen }
  var initiallyInteractive: Bool { false }
  var isInterruptible: Bool { false }
  var isInteractive: Bool { false }
  var isCancelled: Bool { false }
  var transitionDuration: TimeInterval { 0 }
  var percentComplete: CGFloat { 0 }
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { .easeInOut }
  var containerView: UIView { UIView() }
  var targetTransform: CGAffineTransform { .identity }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
  func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
  func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
               completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool { false }
  func animateAlongsideTransition(in view: UIView?,
                                  animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                  completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool { false }
  func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {}
}

/// UIContentContainer: UIKit's defaults on view and presentation controllers.
@Suite struct ContentContainerTests {
  @Test("Defaults: a child gets the parent's size; preferredContentSize starts at zero")
  func defaults() {
    Simulation.run { _ in
      let parent = UIViewController(), child = UIViewController()
      let size = CGSize(width: 320, height: 568)
      #expect(parent.size(forChildContentContainer: child, withParentContainerSize: size) == size)
      #expect(child.preferredContentSize == .zero)
      let presentation = UIPresentationController(presentedViewController: child, presenting: parent)
      #expect(presentation.size(forChildContentContainer: child, withParentContainerSize: size) == size)
      let containers: [UIContentContainer] = [parent, presentation]
      #expect(containers.count == 2, "both adopt the protocol")
    }
  }

  @Test("Setting preferredContentSize tells the parent (once per change)")
  func preferredSizeTellsParent() {
    Simulation.run { _ in
      let parent = Parent(), child = UIViewController()
      child.title = "child"
      parent.addChild(child)
      child.didMove(toParent: parent)
      child.preferredContentSize = CGSize(width: 100, height: 200)
      child.preferredContentSize = CGSize(width: 100, height: 200)
      child.preferredContentSize = CGSize(width: 100, height: 300)
      #expect(parent.changed == ["child", "child"])
    }
  }

  @Test("The default viewWillTransition forwards to children with size(forChildContentContainer:)")
  func viewWillTransitionForwards() {
    Simulation.run { _ in
      let parent = Parent(), child = SizeRecorder()
      parent.addChild(child)
      parent.viewWillTransition(to: CGSize(width: 568, height: 320), with: StillCoordinator())
      #expect(child.sizes == [CGSize(width: 284, height: 320)])
    }
  }

  @Test("A presentation controller sizes the presented view with size(forChildContentContainer:) and hears of preferred sizes")
  func presentationUsesContentContainer() {
    Simulation.run { sim in
      let home = UIViewController()
      _ = showing(home, in: sim)
      let sheet = UIViewController()
      let delegate = SheetDelegate()
      sheet.modalPresentationStyle = .custom
      sheet.transitioningDelegate = delegate
      home.present(sheet, animated: false)
      sim.runUntilIdle()
      let expected = CGRect(x: 0, y: 568 - 568 * 2 / 3.0, width: 320, height: 568 * 2 / 3.0)
      expectClose(sheet.view.frame, expected)
      let presentation = sheet.presentationController as? TwoThirdsPresentation
      sheet.preferredContentSize = CGSize(width: 320, height: 200)
      #expect(presentation?.sizeChanges == 1)
    }
  }
}
