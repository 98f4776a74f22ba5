// UISheetPresentationController (iOS 15; custom detents iOS 16): the sheet
// that `.pageSheet`, `.formSheet` and `.automatic` present on a
// compact-width iPhone, with detents, dimming, the presenter pushed back
// behind a full-height sheet, and swipe-to-dismiss.
//
// Evidence for each behaviour is in Guides/TransitionEngine.md, "Sheets".
// Quoted from Apple's reference:
// - selectedDetentIdentifier: "The default value is nil, which means the
//   sheet displays at the smallest detent you specify in detents."
// - largestUndimmedDetentIdentifier: "The default value is nil, which means
//   the system adds a noninteractive dimming view underneath the sheet at all
//   detents. [...] Without a dimming view, the undimmed area around the sheet
//   responds to user interaction".
// - sheetPresentationControllerDidChangeSelectedDetentIdentifier: "The
//   system calls this method after a sheet's selectedDetentIdentifier changes
//   in response to user interaction. The system doesn't call this after you
//   change selectedDetentIdentifier" (programmatically).
// - presentationControllerWillDismiss / DidDismiss: "This method is not
//   called if the presentation is dismissed programmatically."
// - presentationControllerDidAttemptToDismiss: "a user-initiated attempt to
//   dismiss a view was prevented", when isModalInPresentation is true or
//   presentationControllerShouldDismiss returns false.

// MARK: - Delegates

/// The presentation controller's delegate (all methods optional, as in UIKit).
@MainActor @preconcurrency
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
  /// The style to use in `traitCollection` (asked at presentation; the engine's traits never change).
  func adaptivePresentationStyle(for controller: UIPresentationController,
                                 traitCollection: UITraitCollection) -> UIModalPresentationStyle
  /// The pre-iOS 8.3 form, asked when the one with traits is not implemented.
  func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
  /// The controller to show in the adapted style. Not asked by the engine:
  /// the presented controller is shown as it is (Transitions/Fidelity.md).
  func presentationController(_ controller: UIPresentationController,
                              viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?
  /// Whether a user-initiated dismissal (swipe down) may proceed.
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  /// A user-initiated dismissal begins (its transition coordinator exists).
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  /// A user-initiated dismissal completed.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  /// A user-initiated dismissal was refused (`isModalInPresentation`, or `presentationControllerShouldDismiss` said no).
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func adaptivePresentationStyle(for controller: UIPresentationController,
                                        traitCollection: UITraitCollection) -> UIModalPresentationStyle {
    OptionalRequirement.markDefault()
    return .none
  }
  public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
    OptionalRequirement.markDefault()
    return .none
  }
  public func presentationController(_ controller: UIPresentationController,
                                     viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle)
    -> UIViewController? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    OptionalRequirement.markDefault()
    return true
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    OptionalRequirement.markDefault()
  }
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    OptionalRequirement.markDefault()
  }
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    OptionalRequirement.markDefault()
  }
}

/// The sheet's delegate: the adaptive delegate plus detent changes.
@MainActor @preconcurrency
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
  /// The user moved the sheet to another detent (not called for programmatic changes).
  func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
  public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
    _ sheetPresentationController: UISheetPresentationController) {
    OptionalRequirement.markDefault()
  }
}

/// What a custom detent's resolver is given (iOS 16).
@MainActor @preconcurrency
public protocol UISheetPresentationControllerDetentResolutionContext {
  /// The traits of the sheet's container.
  var containerTraitCollection: UITraitCollection { get }
  /// The largest height a detent may have: the large detent's.
  var maximumDetentValue: CGFloat { get }
}

struct SheetResolutionContext: UISheetPresentationControllerDetentResolutionContext {
  let containerTraitCollection: UITraitCollection
  let maximumDetentValue: CGFloat
  /// The container's height and bottom safe-area inset, for the medium detent.
  let containerHeight: CGFloat
  let bottomInset: CGFloat
  /// The medium detent: the sheet's top edge at half the container's height.
  var mediumValue: CGFloat { min(maximumDetentValue, max(0, (containerHeight / 2).rounded(.down) - bottomInset)) }
}

// MARK: - The sheet

/// The presentation controller of a sheet: `viewController.sheetPresentationController`.
@MainActor @preconcurrency
open class UISheetPresentationController: UIPresentationController {
  // MARK: Detents

  /// A height where a sheet rests.
  @MainActor @preconcurrency
  public final class Detent: NSObject {
    /// A detent's name.
    public struct Identifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// The system's medium detent.
      public static let medium = Identifier("com.apple.UIKit.medium")
      /// The system's large detent.
      public static let large = Identifier("com.apple.UIKit.large")
      public var description: String {
        switch self {
        case .medium: return ".medium"
        case .large: return ".large"
        default: return rawValue
        }
      }
    }

    /// The detent's identifier.
    public let identifier: Identifier
    let resolver: (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

    init(identifier: Identifier, resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
      self.identifier = identifier
      self.resolver = resolver
      super.init()
    }

    /// "Approximately half the height of the screen" (Apple). Engine: the
    /// sheet's top edge at half the container's height.
    public static func medium() -> Detent {
      Detent(identifier: .medium) { context in
        let c = context as? SheetResolutionContext
        return c.map { $0.mediumValue } ?? (context.maximumDetentValue / 2).rounded(.down)
      }
    }

    /// Full height: the container's height minus the sheet's top inset.
    public static func large() -> Detent {
      Detent(identifier: .large) { $0.maximumDetentValue }
    }

    /// A detent whose height `resolver` computes (nil: inactive). Without an
    /// identifier UIKit makes a unique one; the engine numbers them, so runs
    /// stay deterministic.
    public static func custom(identifier: Identifier? = nil,
                              resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> Detent {
      let id = identifier ?? Identifier("com.apple.UIKit.custom-\(Simulation.current.nextSequence())")
      return Detent(identifier: id, resolver: resolver)
    }

    /// The detent's height in `context` (nil when inactive), at most `maximumDetentValue`.
    public func resolvedValue(in context: UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
      resolver(context).map { min(max($0, 0), context.maximumDetentValue) }
    }

    public override var description: String { "Detent(\(identifier))" }
  }

  /// The heights the sheet rests at, smallest to largest (default `[.large()]`).
  /// UIKit raises for an empty array; so does the engine.
  open var detents: [Detent] = [.large()] {
    didSet {
      precondition(!detents.isEmpty, "UISheetPresentationController: detents must not be empty")
      detentsDidChange()
    }
  }

  /// The detent the sheet shows (nil: the smallest of `detents`).
  open var selectedDetentIdentifier: Detent.Identifier? {
    didSet { if !settingFromUser { detentsDidChange() } }
  }

  /// At this detent and smaller ones there is no dimming view and the views
  /// around the sheet take touches (nil: dimmed at every detent).
  open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { detentsDidChange() } }

  /// Whether a grabber shows at the top of the sheet (default false).
  open var prefersGrabberVisible = false { didSet { updateGrabber() } }

  /// The sheet's corner radius (nil: the system's; the engine then leaves the corners as they are).
  open var preferredCornerRadius: CGFloat? { didSet { applyCornerRadius() } }

  /// Whether scrolling to the top of a scroll view expands the sheet (default
  /// true). Kept: the engine does not scroll by gestures.
  open var prefersScrollingExpandsWhenScrolledToEdge = true

  /// Whether the sheet attaches to the bottom edge in compact height
  /// (default false). Kept: the engine's phone is always in portrait (regular height).
  open var prefersEdgeAttachedInCompactHeight = false

  /// Whether an edge-attached sheet's width follows `preferredContentSize` (default false). Kept, as above.
  open var widthFollowsPreferredContentSizeWhenEdgeAttached = false

  /// Applies the changes `changes` makes to the sheet with an animation
  /// (changes made outside it take effect at once).
  open func animateChanges(_ changes: () -> Void) {
    presentedViewController.simulation.engineChose("UISheetPresentationController.animateChanges(_:)")
    animatingChanges += 1
    changes()
    animatingChanges -= 1
  }

  /// Resolves the custom detents again (iOS 16); inside `animateChanges` the sheet animates to the new height.
  open func invalidateDetents() { detentsDidChange() }

  // MARK: Engine choices (see Guides/TransitionEngine.md, "Sheets")

  /// The gap above a full-height sheet.
  static let topInset: CGFloat = 40
  /// The dimming view's alpha where the sheet dims.
  static let dimmingAlpha: CGFloat = 0.4
  /// The presenter's scale behind a full-height, dimmed sheet.
  static let presenterScale: CGFloat = 0.92
  /// Sheet movements (detent changes, settling after a drag): a critically damped spring.
  static let settleDuration: TimeInterval = 0.5
  /// The swipe-dismissal animator's duration (linear, so the sheet follows the finger).
  static let swipeDismissDuration: TimeInterval = 0.3
  /// A swipe dismisses when released past this fraction of the sheet's height…
  static let dismissFraction: CGFloat = 0.5
  /// …or moving down faster than this (points per second).
  static let dismissVelocity: CGFloat = 1000
  /// A refused dismissal follows the finger by this fraction.
  static let resistance: CGFloat = 0.25
  /// Where a resize drag ends up: the detent nearest to the top edge this long after the lift, at the lift's speed.
  static let projection: TimeInterval = 0.1

  // MARK: State

  private var animatingChanges = 0
  private var settingFromUser = false
  /// A style the delegate adapted the sheet to (`.fullScreen`, `.overFullScreen`): no sheet then.
  var adaptedStyle: UIModalPresentationStyle?
  /// Whether the sheet is on screen as a sheet (between the start of its presentation and the end of its dismissal).
  private(set) var isShowingSheet = false
  private var dimmingView: SheetDimmingView?
  private var grabberView: SheetGrabberView?
  private var pan: SheetPanGestureRecognizer?
  private weak var scaledPresenterView: UIView?
  private var presenterOriginalTransform = CGAffineTransform.identity
  private var originalCorners: (radius: CGFloat, corners: CACornerMask, masks: Bool)?

  public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
  }

  /// The view controller that presents the sheet (the presented controller's actual presenter).
  private var presenter: UIViewController? { presentedViewController.presentingViewController }

  // MARK: Geometry

  private var bottomInset: CGFloat { containerView?.safeAreaInsets.bottom ?? 0 }

  /// The resolution context for the current container.
  var resolutionContext: SheetResolutionContext {
    let height = containerView?.bounds.height ?? UIScreen.main.bounds.height
    return SheetResolutionContext(containerTraitCollection: presentedViewController.traitCollection,
                                  maximumDetentValue: max(0, height - Self.topInset - bottomInset),
                                  containerHeight: height, bottomInset: bottomInset)
  }

  /// The active detents with their heights, in the order given.
  private func resolvedDetents() -> [(id: Detent.Identifier, value: CGFloat)] {
    let context = resolutionContext
    return detents.compactMap { d in d.resolvedValue(in: context).map { (d.identifier, $0) } }
  }

  /// The detent the sheet rests at now: the selected one if active, else the smallest.
  private func currentDetent() -> (id: Detent.Identifier, value: CGFloat)? {
    let resolved = resolvedDetents()
    if let selected = selectedDetentIdentifier, let match = resolved.first(where: { $0.id == selected }) { return match }
    return resolved.min { $0.value < $1.value }
  }

  private func frame(forValue value: CGFloat) -> CGRect {
    guard let bounds = containerView?.bounds else { return .zero }
    let height = value + bottomInset
    return CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
  }

  open override var frameOfPresentedViewInContainerView: CGRect {
    guard let bounds = containerView?.bounds else { return .zero }
    if adaptedStyle != nil { return bounds }
    // No active detent (every custom resolver said nil): full height.
    return frame(forValue: currentDetent()?.value ?? resolutionContext.maximumDetentValue)
  }

  open override var shouldPresentInFullscreen: Bool { adaptedStyle != nil }

  /// Whether the sheet dims at `id`.
  private func dims(at id: Detent.Identifier?, value: CGFloat?) -> Bool {
    guard let undimmed = largestUndimmedDetentIdentifier else { return true }
    let resolved = resolvedDetents()
    guard let limit = resolved.first(where: { $0.id == undimmed })?.value else { return true }
    guard let value else { return true }
    return value > limit + 0.5
  }

  private var isDimmedNow: Bool {
    let current = currentDetent()
    return dims(at: current?.id, value: current?.value)
  }

  /// Whether the sheet is at full height (the presenter is pushed back behind it when it also dims).
  private func isFullHeight(_ value: CGFloat?) -> Bool {
    guard let value else { return false }
    return value >= resolutionContext.maximumDetentValue - 0.5
  }

  /// Touches that hit the container itself reach the views behind it when
  /// the sheet does not dim (and the presented controller is not modal).
  override var passesTouchesThroughContainer: Bool {
    isShowingSheet && !isDimmedNow && !presentedViewController.isModalInPresentation
  }

  // MARK: Chrome

  /// Puts the dimming view, the presenter's scale and the sheet's frame where the current detent wants them.
  private func applyChrome(frame: Bool) {
    guard isShowingSheet else { return }
    let current = currentDetent()
    let dimmed = dims(at: current?.id, value: current?.value)
    dimmingView?.alpha = dimmed ? Self.dimmingAlpha : 0
    if let view = scaledPresenterView {
      let pushedBack = dimmed && isFullHeight(current?.value ?? resolutionContext.maximumDetentValue)
      if pushedBack { presentedViewController.simulation.engineChose("UISheetPresentationController.largestUndimmedDetentIdentifier") }
      view.transform = pushedBack
        ? presenterOriginalTransform.concatenating(CGAffineTransform(scaleX: Self.presenterScale, y: Self.presenterScale))
        : presenterOriginalTransform
    }
    if frame, let view = presentedView { view.frame = frameOfPresentedViewInContainerView }
  }

  private func animateSettle(_ changes: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
    UIView.animate(withDuration: Self.settleDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                   options: [.allowUserInteraction, .beginFromCurrentState], animations: changes, completion: completion)
  }

  private func detentsDidChange() {
    guard isShowingSheet, adaptedStyle == nil, presentedViewController.presentationRecord != nil,
          !presentedViewController.isBeingPresented, !presentedViewController.isBeingDismissed else { return }
    presentedViewController.simulation.record(.note, "UIKit", "the sheet moves to \(currentDetent().map { "\($0.id)" } ?? "full height")\(animatingChanges > 0 ? " (animated)" : "")")
    if animatingChanges > 0 {
      animateSettle { self.applyChrome(frame: true) }
    } else {
      applyChrome(frame: true)
    }
  }

  private func updateGrabber() {
    guard isShowingSheet, adaptedStyle == nil, let view = presentedView else { return }
    if prefersGrabberVisible, grabberView == nil {
      let grabber = SheetGrabberView(frame: CGRect(x: (view.bounds.width - 36) / 2, y: 5, width: 36, height: 5))
      grabber.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
      grabber.backgroundColor = .systemGray3
      grabber.layer.cornerRadius = 2.5
      grabber.isUserInteractionEnabled = false
      view.addSubview(grabber)
      grabberView = grabber
    } else if !prefersGrabberVisible, let grabber = grabberView {
      grabber.removeFromSuperview()
      grabberView = nil
    }
  }

  private func applyCornerRadius() {
    guard isShowingSheet, adaptedStyle == nil, let radius = preferredCornerRadius, let layer = presentedView?.layer else { return }
    if originalCorners == nil { originalCorners = (layer.cornerRadius, layer.maskedCorners, layer.masksToBounds) }
    layer.cornerRadius = radius
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    layer.masksToBounds = true
  }

  // MARK: Hooks called by ModalPresentation

  /// The presentation begins: the dimming view, the pan, the grabber, and
  /// the presenter pushed back alongside the transition.
  func sheetPresentationWillBegin(coordinator: UIViewControllerTransitionCoordinator) {
    guard adaptedStyle == nil, let container = containerView else { return }
    isShowingSheet = true
    let dimming = SheetDimmingView(frame: container.bounds)
    dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    dimming.backgroundColor = .black
    dimming.alpha = 0
    container.insertSubview(dimming, at: 0)
    dimmingView = dimming
    if let presenterView = presenter?.view {
      scaledPresenterView = presenterView
      presenterOriginalTransform = presenterView.transform
    }
    let pan = SheetPanGestureRecognizer(target: self, action: Selector(UISheetPresentationController.handlePan,
                                                                        name: "UISheetPresentationController pan"))
    pan.sheet = self
    container.addGestureRecognizer(pan)
    self.pan = pan
    updateGrabber()
    applyCornerRadius()
    coordinator.animate(alongsideTransition: { _ in self.applyChrome(frame: false) }, completion: nil)
  }

  func sheetPresentationDidEnd(_ completed: Bool) {
    if !completed { tearDown() }
  }

  /// A dismissal begins: the dim fades and the presenter comes forward alongside it.
  func sheetDismissalWillBegin(coordinator: UIViewControllerTransitionCoordinator) {
    guard isShowingSheet else { return }
    coordinator.animate(alongsideTransition: { _ in
      self.dimmingView?.alpha = 0
      self.scaledPresenterView?.transform = self.presenterOriginalTransform
    }, completion: nil)
  }

  func sheetDismissalDidEnd(_ completed: Bool) {
    guard isShowingSheet else { return }
    if completed {
      tearDown()
    } else {
      applyChrome(frame: false)
    }
  }

  private func tearDown() {
    dimmingView?.removeFromSuperview()
    dimmingView = nil
    grabberView?.removeFromSuperview()
    grabberView = nil
    if let pan { pan.view?.removeGestureRecognizer(pan) }
    pan = nil
    scaledPresenterView?.transform = presenterOriginalTransform
    scaledPresenterView = nil
    if let original = originalCorners, let layer = presentedView?.layer {
      layer.cornerRadius = original.radius
      layer.maskedCorners = original.corners
      layer.masksToBounds = original.masks
    }
    originalCorners = nil
    isShowingSheet = false
  }

  // MARK: The drag

  private enum DragMode { case none, resizing, resisted, dismissing }
  private var mode = DragMode.none
  private var dragStartFrame = CGRect.zero
  private var dismissInteractor: UIPercentDrivenInteractiveTransition?

  /// Whether a touch at `point` (window coordinates) is on the sheet.
  func isOnSheet(_ point: CGPoint) -> Bool {
    guard isShowingSheet, let view = presentedView, view.window != nil else { return false }
    return view.point(inside: view.convert(point, from: nil), with: nil)
  }

  private var sheetDelegate: UIAdaptivePresentationControllerDelegate? { delegate }

  func handlePan(_ pan: UIPanGestureRecognizer) {
    guard let container = containerView, let view = presentedView else { return }
    let simulation = presentedViewController.simulation
    let dy = pan.translation(in: container).y
    switch pan.state {
    case .began:
      mode = .none
      guard isShowingSheet, !presentedViewController.isBeingPresented, !presentedViewController.isBeingDismissed,
            simulation.activeTransitions.filter({ $0.kind == .present || $0.kind == .dismiss }).isEmpty else { return }
      dragStartFrame = view.frame
      let resolved = resolvedDetents()
      let smallest = resolved.map(\.value).min() ?? resolutionContext.maximumDetentValue
      let atSmallest = view.frame.height <= smallest + bottomInset + 0.5
      guard atSmallest && dy > 0 else {
        mode = .resizing
        return
      }
      // A pull down from the smallest detent: an attempt to dismiss.
      if presentedViewController.isModalInPresentation {
        mode = .resisted
        return
      }
      if let delegate = sheetDelegate {
        let allowed = simulation.askDelegate(delegate, "presentationControllerShouldDismiss(_:)",
                                             answer: { (ok: Bool) in "\(ok)" }) {
          delegate.presentationControllerShouldDismiss(self)
        }
        if !allowed {
          mode = .resisted
          return
        }
      }
      mode = .dismissing
      let interactor = UIPercentDrivenInteractiveTransition()
      interactor.completionCurve = .easeOut
      dismissInteractor = interactor
      ModalPresentation.dismissBySwipe(presentedViewController, animator: SheetSwipeDismissAnimator(),
                                       interactor: interactor) { [weak self] in
        guard let self, let delegate = self.sheetDelegate else { return }
        simulation.askDelegate(delegate, "presentationControllerDidDismiss(_:)") {
          delegate.presentationControllerDidDismiss(self)
        }
      }
      // "You can use this method to set up animations or interaction
      // notifications with the presentationController's transitionCoordinator":
      // the coordinator exists by now.
      if let delegate = sheetDelegate {
        simulation.askDelegate(delegate, "presentationControllerWillDismiss(_:)") {
          delegate.presentationControllerWillDismiss(self)
        }
      }
    case .changed:
      switch mode {
      case .resisted:
        view.frame = dragStartFrame.offsetBy(dx: 0, dy: dy * Self.resistance)
      case .dismissing:
        dismissInteractor?.update(min(1, max(0, dy / max(1, dragStartFrame.height))))
      case .resizing:
        let values = resolvedDetents().map(\.value)
        let top = frame(forValue: values.max() ?? resolutionContext.maximumDetentValue).minY
        let bottom = frame(forValue: values.min() ?? resolutionContext.maximumDetentValue).minY
        let y = min(max(dragStartFrame.minY + dy, top), bottom)
        view.frame = CGRect(x: dragStartFrame.minX, y: y, width: dragStartFrame.width,
                            height: container.bounds.maxY - y)
      case .none:
        break
      }
    case .ended, .cancelled:
      let velocity = pan.velocity(in: container).y
      let lifted = pan.state == .ended
      switch mode {
      case .resisted:
        animateSettle { view.frame = self.dragStartFrame }
        if lifted, let delegate = sheetDelegate {
          simulation.askDelegate(delegate, "presentationControllerDidAttemptToDismiss(_:)") {
            delegate.presentationControllerDidAttemptToDismiss(self)
          }
        }
      case .dismissing:
        let fraction = dy / max(1, dragStartFrame.height)
        if lifted && (fraction >= Self.dismissFraction || velocity >= Self.dismissVelocity) {
          dismissInteractor?.finish()
        } else {
          dismissInteractor?.cancel()
        }
        dismissInteractor = nil
      case .resizing:
        settleAfterResize(velocity: velocity, lifted: lifted)
      case .none:
        break
      }
      mode = .none
    default:
      break
    }
  }

  private func settleAfterResize(velocity: CGFloat, lifted: Bool) {
    guard let view = presentedView else { return }
    let resolved = resolvedDetents()
    let previous = currentDetent()
    var target = previous
    if lifted {
      let projected = view.frame.minY + velocity * CGFloat(Self.projection)
      target = resolved.min { abs(frame(forValue: $0.value).minY - projected) < abs(frame(forValue: $1.value).minY - projected) }
    }
    if let target, target.id != previous?.id {
      settingFromUser = true
      selectedDetentIdentifier = target.id
      settingFromUser = false
      let simulation = presentedViewController.simulation
      simulation.record(.note, "UIKit", "the sheet settles at \(target.id)")
      if let delegate = sheetDelegate as? UISheetPresentationControllerDelegate {
        simulation.askDelegate(delegate, "sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)") {
          delegate.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
        }
      }
    }
    animateSettle { self.applyChrome(frame: true) }
  }
}

// MARK: - UIKit's views and objects for the sheet

/// The noninteractive dimming view under a sheet (UIKit's `UIDimmingView`).
final class SheetDimmingView: UIView {
  override var diagramLabel: String { "UIDimmingView" }
}

/// The grabber at the top of a sheet.
final class SheetGrabberView: UIView {
  override var diagramLabel: String { "grabber" }
}

/// The sheet's own pan: begins only on the sheet, and only vertically.
final class SheetPanGestureRecognizer: UIPanGestureRecognizer {
  weak var sheet: UISheetPresentationController?
  override func accepts(startAt point: CGPoint) -> Bool {
    guard let sheet, sheet.isOnSheet(point) else { return false }
    let t = translation(in: nil)
    return abs(t.y) >= abs(t.x)
  }
}

/// The swipe's dismissal: the sheet slides down by its height, linearly,
/// so that the percent the drag sets is where the finger is.
final class SheetSwipeDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    UISheetPresentationController.swipeDismissDuration
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard let view = transitionContext.view(forKey: .from) else {
      transitionContext.completeTransition(false)
      return
    }
    let target = view.frame.offsetBy(dx: 0, dy: view.frame.height)
    UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
                   animations: { view.frame = target }) { _ in
      let cancelled = transitionContext.transitionWasCancelled
      if !cancelled { view.removeFromSuperview() }
      transitionContext.completeTransition(!cancelled)
    }
  }

  override var description: String { "UIKit sheet swipe animator" }
}

// MARK: - UIViewController

extension UIViewController {
  /// The sheet presentation controller when `modalPresentationStyle` is
  /// `.pageSheet` or `.formSheet` (and `.automatic`, which is a page sheet
  /// on the engine's iPhone); nil for other styles.
  public var sheetPresentationController: UISheetPresentationController? {
    switch modalPresentationStyle {
    case .pageSheet, .formSheet, .automatic: return presentationController as? UISheetPresentationController
    default: return nil
    }
  }
}
