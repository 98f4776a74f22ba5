// UIViewController.Transition (iOS 18): `preferredTransition`, the zoom
// transition and its options, and the system transitions by name.
//
// Apple's headers (iOS 18 SDK, UIViewControllerTransition.h and
// UIZoomTransitionOptions.h) and reference, quoted:
// - zoom: "Zoom from the view provided by the `sourceViewProvider` to the
//   presented or pushed view controller's view. The transition's
//   `sourceViewProvider` is called whenever the transition needs to request
//   a source view"; "The system calls the source view provider when it
//   presents and when it dismisses the view controller".
// - coverVertical, flipHorizontal, crossDissolve, partialCurl: "Same as
//   `UIModalTransitionStyle.…`".
// - interactiveDismissShouldBegin: "Called when an interactive dismissal of
//   this transition begins. Return value indicates whether the interaction
//   should begin for the given context"; its context's `location` is "in the
//   displayed view controller's view's coordinate space", `willBegin`
//   "Whether the interaction would begin under the current conditions by
//   default".
// - alignmentRectProvider: "Return a frame in the zoomed view controller's
//   view to which to align the source view" (nil: no preference).
// - dimmingColor: "Dimming color to apply to the content behind the zoomed in
//   view. Set to nil to use the default"; dimmingVisualEffect: "Defaults to nil".
// - "Enhancing your app with fluid transitions": people "can stop the
//   transition or drag it"; "the system doesn't cancel push transitions.
//   Instead, the system completes the transition to the appeared state and
//   begins the navigation pop within one cycle of the run loop".
//
// Apple publishes no curve, duration, dimming figure or drag threshold for
// the zoom: those are the engine's choices (`ZoomTransitionAnimator`'s
// constants), listed in Guides/TransitionEngine.md, "The zoom transition",
// and every capture taken while a zoom runs says so (`engineChoice`).

extension UIViewController {
  /// A transition UIKit runs when this controller is presented or pushed
  /// (iOS 18): the zoom from a source view, or one of the modal transition
  /// styles by name.
  public final class Transition: NSObject {
    enum Kind {
      case zoom(options: ZoomOptions?, sourceViewProvider: (ZoomSourceViewProviderContext) -> UIView?)
      case coverVertical, flipHorizontal, crossDissolve, partialCurl
    }

    let kind: Kind
    /// The controller the last zoom started from, asked again on the way back.
    weak var zoomSource: UIViewController?

    required init(kind: Kind) {
      self.kind = kind
      super.init()
    }

    /// Zooms the presented or pushed controller's view out of the view
    /// `sourceViewProvider` returns, and back into it when it is dismissed or
    /// popped. The provider is called each time a zoom starts.
    public static func zoom(options: ZoomOptions? = nil,
                            sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> UIView?) -> Self {
      Self(kind: .zoom(options: options, sourceViewProvider: sourceViewProvider))
    }

    /// The new view slides up from the bottom (`UIModalTransitionStyle.coverVertical`).
    public static var coverVertical: Self { Self(kind: .coverVertical) }
    /// The view flips horizontally (`UIModalTransitionStyle.flipHorizontal`).
    public static var flipHorizontal: Self { Self(kind: .flipHorizontal) }
    /// The views cross-fade (`UIModalTransitionStyle.crossDissolve`).
    public static var crossDissolve: Self { Self(kind: .crossDissolve) }
    /// A corner curls up (`UIModalTransitionStyle.partialCurl`).
    public static var partialCurl: Self { Self(kind: .partialCurl) }

    /// The zoom's options, if this is a zoom.
    var zoomOptions: ZoomOptions? {
      if case .zoom(let options, _) = kind { return options }
      return nil
    }

    var isZoom: Bool {
      if case .zoom = kind { return true }
      return false
    }

    /// The modal transition style a non-zoom transition stands for.
    var modalTransitionStyle: UIModalTransitionStyle? {
      switch kind {
      case .zoom: return nil
      case .coverVertical: return .coverVertical
      case .flipHorizontal: return .flipHorizontal
      case .crossDissolve: return .crossDissolve
      case .partialCurl: return .partialCurl
      }
    }

    /// Asks the source view provider (traced).
    func sourceView(source: UIViewController, zoomed: UIViewController) -> UIView? {
      guard case .zoom(_, let provider) = kind else { return nil }
      let simulation = zoomed.simulation
      let view = simulation.traced { provider(ZoomSourceViewProviderContext(source: source, zoomed: zoomed)) }
      simulation.record(.call, zoomed.traceName + ".preferredTransition", "sourceViewProvider(_:)",
                        result: view.map { $0.diagramLabel } ?? "nil")
      return view
    }

    public override var description: String {
      switch kind {
      case .zoom: return ".zoom"
      case .coverVertical: return ".coverVertical"
      case .flipHorizontal: return ".flipHorizontal"
      case .crossDissolve: return ".crossDissolve"
      case .partialCurl: return ".partialCurl"
      }
    }
  }
}

extension UIViewController.Transition {
  /// What the source view provider is given.
  public final class ZoomSourceViewProviderContext: NSObject {
    /// "View controller that is the source of the zoom transition."
    public let sourceViewController: UIViewController
    /// "The view controller being zoomed into by the transition."
    public let zoomedViewController: UIViewController

    init(source: UIViewController, zoomed: UIViewController) {
      sourceViewController = source
      zoomedViewController = zoomed
      super.init()
    }
  }

  /// Options for a zoom transition.
  public final class ZoomOptions: NSObject, NSCopying {
    /// Whether an interactive dismissal may begin (nil: when it would by default).
    public var interactiveDismissShouldBegin: ((InteractionContext) -> Bool)?
    /// A rectangle in the zoomed controller's view to align with the source view (nil: its bounds).
    public var alignmentRectProvider: ((AlignmentRectContext) -> CGRect?)?
    /// The colour over the content behind the zoomed view (nil: the default).
    public var dimmingColor: UIColor?
    /// A blur over the content behind the zoomed view (default nil; the engine draws no blur).
    public var dimmingVisualEffect: UIBlurEffect?

    public override init() { super.init() }

    public func copy(with zone: NSZone? = nil) -> Any {
      let copy = ZoomOptions()
      copy.interactiveDismissShouldBegin = interactiveDismissShouldBegin
      copy.alignmentRectProvider = alignmentRectProvider
      copy.dimmingColor = dimmingColor
      copy.dimmingVisualEffect = dimmingVisualEffect
      return copy
    }

    /// What `interactiveDismissShouldBegin` is given.
    public final class InteractionContext: NSObject {
      /// Where the touch is, in the zoomed controller's view.
      public let location: CGPoint
      /// The touch's velocity, in points per second.
      public let velocity: CGVector
      /// Whether the dismissal would begin by default (the engine: a drag mostly downwards).
      public let willBegin: Bool

      init(location: CGPoint, velocity: CGVector, willBegin: Bool) {
        self.location = location
        self.velocity = velocity
        self.willBegin = willBegin
        super.init()
      }
    }

    /// What `alignmentRectProvider` is given.
    public final class AlignmentRectContext: NSObject {
      /// The transition's source view.
      public let sourceView: UIView
      /// The zoomed view controller.
      public let zoomedViewController: UIViewController

      init(sourceView: UIView, zoomedViewController: UIViewController) {
        self.sourceView = sourceView
        self.zoomedViewController = zoomedViewController
        super.init()
      }
    }
  }
}

// MARK: - The engine's zoom

/// An animator whose motion is the engine's model, not a published curve:
/// captures taken while it runs carry its note.
protocol EngineChosenMotion {
  var engineChoiceNote: String { get }
}

/// UIKit's zoom, as the engine models it: the zoomed controller's view grows
/// out of the source view's frame to its own (and shrinks back into it),
/// the content behind dims, and the source view is hidden meanwhile. A
/// property animator with a spring runs it, so an interaction can scrub,
/// reverse and continue it.
final class ZoomTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning, EngineChosenMotion {
  // MARK: Engine choices (Guides/TransitionEngine.md, "The zoom transition")

  /// The spring: Apple's own default for `UIView.animate(springDuration:bounce:)`
  /// and `UISpringTimingParameters(duration:bounce:)` (0.5 s, no bounce).
  static let springDuration: TimeInterval = 0.5
  static let springBounce: CGFloat = 0
  /// The dimming when `dimmingColor` is nil: black at this alpha.
  static let defaultDimmingAlpha: CGFloat = 0.2
  /// With no source view, the zoom shrinks to (grows from) this fraction of
  /// the view's size about the container's centre, fading out (in).
  static let sourcelessScale: CGFloat = 0.5
  /// A drag dismisses when released past this fraction of the container's height…
  static let dismissFraction: CGFloat = 0.25
  /// …or moving down faster than this (points per second).
  static let dismissVelocity: CGFloat = 500

  /// The time the spring takes to settle: the transition's duration.
  static var duration: TimeInterval {
    SpringCurve(perceptualDuration: springDuration, bounce: Double(springBounce), initialVelocity: 0).settlingDuration
  }

  let engineChoiceNote = "the engine's model of the zoom (a 0.5 s spring, no bounce): "
    + "Apple publishes no curve"

  let transition: UIViewController.Transition
  /// The controller whose view zooms.
  unowned let zoomed: UIViewController
  /// Zooming in (present, push) or out (dismiss, pop).
  let zoomingIn: Bool
  private var propertyAnimator: UIViewPropertyAnimator?

  init(transition: UIViewController.Transition, zoomed: UIViewController, zoomingIn: Bool) {
    self.transition = transition
    self.zoomed = zoomed
    self.zoomingIn = zoomingIn
    super.init()
  }

  /// The zoom for a push or pop, when the controller that comes (push) or
  /// goes (pop) prefers it.
  static func navigation(_ operation: UINavigationController.Operation, from: UIViewController,
                         to: UIViewController) -> ZoomTransitionAnimator? {
    let zoomed = operation == .push ? to : from
    guard let transition = zoomed.preferredTransition, transition.isZoom else { return nil }
    if operation == .push { transition.zoomSource = from }
    return ZoomTransitionAnimator(transition: transition, zoomed: zoomed, zoomingIn: operation == .push)
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    Self.duration
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    interruptibleAnimator(using: transitionContext).startAnimation()
  }

  func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
    if let propertyAnimator { return propertyAnimator }
    let made = makeAnimator(transitionContext)
    propertyAnimator = made
    return made
  }

  /// A zoom in still running completes where it is (Apple: the system
  /// "completes the transition to the appeared state"), so that the way
  /// back can start from there.
  func completeWhereItIs() {
    guard zoomingIn, let animator = propertyAnimator, animator.state == .active else { return }
    animator.stopAnimation(false)
    animator.finishAnimation(at: .current)
  }

  override var description: String { "UIKit zoom animator" }

  // MARK: The animation

  private func makeAnimator(_ context: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
    let zoomingIn = self.zoomingIn
    let container = context.containerView
    let zoomedKey: UITransitionContextViewKey = zoomingIn ? .to : .from
    let zoomedView = context.view(forKey: zoomedKey) ?? zoomed.view!
    let source = transition.zoomSource ?? (zoomingIn ? context.viewController(forKey: .from) : context.viewController(forKey: .to))
      ?? zoomed
    if zoomingIn {
      container.addSubview(zoomedView)
      zoomedView.frame = context.finalFrame(for: zoomed)
      ZoomDismissPanGestureRecognizer.install(on: zoomed, transition: transition)
    } else if let behind = context.view(forKey: .to), let behindController = context.viewController(forKey: .to),
              behind.superview !== container {
      container.insertSubview(behind, belowSubview: zoomedView)
      behind.frame = context.finalFrame(for: behindController)
    }
    // The source view, asked now (on the way back it may be another, or none).
    let sourceView = transition.sourceView(source: source, zoomed: zoomed)
    let sourceWasHidden = sourceView?.isHidden ?? false
    let target = zoomTransform(of: zoomedView, onto: sourceView, in: container)
    // The dimming behind the zoomed view.
    let options = transition.zoomOptions
    let dimming = ZoomDimmingView(frame: container.bounds)
    dimming.backgroundColor = options?.dimmingColor ?? UIColor.black.withAlphaComponent(Self.defaultDimmingAlpha)
    dimming.isUserInteractionEnabled = false
    if let effect = options?.dimmingVisualEffect {
      let blur = UIVisualEffectView(effect: effect)
      blur.frame = dimming.bounds
      blur.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      dimming.addSubview(blur)
    }
    container.insertSubview(dimming, belowSubview: zoomedView)
    UIView.performWithoutAnimation {
      sourceView?.isHidden = true
      dimming.alpha = zoomingIn ? 0 : 1
      if zoomingIn {
        zoomedView.transform = target
        if sourceView == nil { zoomedView.alpha = 0 }
      }
    }
    let animator = UIViewPropertyAnimator(
      duration: Self.duration,
      timingParameters: UISpringTimingParameters(duration: Self.springDuration, bounce: Self.springBounce))
    animator.addAnimations {
      dimming.alpha = zoomingIn ? 1 : 0
      zoomedView.transform = zoomingIn ? .identity : target
      if sourceView == nil { zoomedView.alpha = zoomingIn ? 1 : 0 }
    }
    animator.addCompletion { [weak self] position in
      let cancelled = context.transitionWasCancelled
      dimming.removeFromSuperview()
      sourceView?.isHidden = sourceWasHidden
      self?.propertyAnimator = nil
      UIView.performWithoutAnimation {
        if zoomingIn ? cancelled : !cancelled {
          // The zoomed view leaves: it is put back at rest for next time.
          zoomedView.removeFromSuperview()
          zoomedView.transform = .identity
          zoomedView.alpha = 1
          if let zoomed = self?.zoomed { ZoomDismissPanGestureRecognizer.remove(from: zoomed) }
        } else if position != .current {
          // It stays, at rest (a zoom in completed where it was stays there:
          // the way back starts at once from that point).
          zoomedView.transform = .identity
          zoomedView.alpha = 1
        }
      }
      context.completeTransition(!cancelled)
    }
    return animator
  }

  /// The transform that puts the zoomed view's alignment rectangle (its
  /// bounds unless `alignmentRectProvider` gives one) on the source view's
  /// frame; with no source view, half size about the container's centre.
  private func zoomTransform(of view: UIView, onto sourceView: UIView?, in container: UIView) -> CGAffineTransform {
    let size = view.bounds.size
    let rest = CGRect(x: view.center.x - size.width / 2, y: view.center.y - size.height / 2,
                      width: size.width, height: size.height)
    guard let sourceView, sourceView.window != nil, size.width > 0, size.height > 0 else {
      let s = Self.sourcelessScale
      let centre = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
      return CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: centre.x - rest.midX, ty: centre.y - rest.midY)
    }
    let target = sourceView.convert(sourceView.bounds, to: container)
    var aligned = CGRect(origin: .zero, size: size)
    if let provider = transition.zoomOptions?.alignmentRectProvider {
      let simulation = zoomed.simulation
      let answer = simulation.traced {
        provider(UIViewController.Transition.ZoomOptions.AlignmentRectContext(sourceView: sourceView,
                                                                              zoomedViewController: zoomed))
      }
      simulation.record(.call, zoomed.traceName + ".preferredTransition", "alignmentRectProvider(_:)",
                        result: answer.map { "\($0)" } ?? "nil")
      if let answer, !answer.isNull, answer.width > 0, answer.height > 0 { aligned = answer }
    }
    // The alignment rectangle in the container, with the view at rest.
    let a = aligned.offsetBy(dx: rest.minX - view.bounds.minX, dy: rest.minY - view.bounds.minY)
    let sx = target.width / a.width, sy = target.height / a.height
    // Scaled about the view's centre, then moved so the rectangle's centre lands on the source's.
    let tx = target.midX - rest.midX - sx * (a.midX - rest.midX)
    let ty = target.midY - rest.midY - sy * (a.midY - rest.midY)
    return CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
  }
}

/// The view that dims the content behind a zoom.
final class ZoomDimmingView: UIView {
  override var diagramLabel: String { "zoom dimming" }
}

// MARK: - The interactive dismissal

/// The drag that dismisses (or pops) a controller that zoomed in: on the
/// zoomed controller's view, from the start of its zoom in until it has
/// zoomed out. It begins by default when it moves mostly downwards;
/// `interactiveDismissShouldBegin` has the last word. The zoom out then
/// follows the finger (a `UIPercentDrivenInteractiveTransition` scrubbing
/// the zoom's property animator: the height of the container is the whole
/// way) and, on release, finishes or goes back.
final class ZoomDismissPanGestureRecognizer: UIPanGestureRecognizer {
  weak var zoomed: UIViewController?
  let transition: UIViewController.Transition
  private var interactor: UIPercentDrivenInteractiveTransition?

  init(zoomed: UIViewController, transition: UIViewController.Transition) {
    self.zoomed = zoomed
    self.transition = transition
    super.init(target: nil, action: nil)
    addTarget(self, action: Selector(ZoomDismissPanGestureRecognizer.handle, name: "zoom dismissal"))
  }

  static func install(on zoomed: UIViewController, transition: UIViewController.Transition) {
    guard let view = zoomed.viewIfLoaded else { return }
    remove(from: zoomed)
    view.addGestureRecognizer(ZoomDismissPanGestureRecognizer(zoomed: zoomed, transition: transition))
  }

  static func remove(from zoomed: UIViewController) {
    guard let view = zoomed.viewIfLoaded else { return }
    for recognizer in view.recognizers where recognizer is ZoomDismissPanGestureRecognizer {
      view.removeGestureRecognizer(recognizer)
    }
  }

  /// Whether a zoom out of this controller is running.
  private var zoomingOut: Bool {
    guard let zoomed else { return false }
    return zoomed.simulation.activeTransitions.contains {
      guard let zoom = $0.animator as? ZoomTransitionAnimator else { return false }
      return zoom.zoomed === zoomed && !zoom.zoomingIn
    }
  }

  /// Whether the controller is still shown by this zoom: presented, or on
  /// top of a navigation stack it can be popped from.
  private var canZoomOut: Bool {
    guard let zoomed, zoomed.preferredTransition === transition else { return false }
    if let navigation = zoomed.navigationController {
      return navigation.topViewController === zoomed && navigation.viewControllers.count > 1
    }
    return zoomed.presentingViewController != nil
  }

  override func accepts(startAt point: CGPoint) -> Bool {
    guard let zoomed, let view = zoomed.viewIfLoaded, canZoomOut, !zoomingOut else { return false }
    let t = translation(in: nil)
    let willBegin = t.y > 0 && abs(t.y) >= abs(t.x)
    guard let shouldBegin = transition.zoomOptions?.interactiveDismissShouldBegin else { return willBegin }
    let v = velocity(in: view)
    let context = UIViewController.Transition.ZoomOptions.InteractionContext(
      location: location(in: view), velocity: CGVector(dx: v.x, dy: v.y), willBegin: willBegin)
    let simulation = zoomed.simulation
    let answer = simulation.traced { shouldBegin(context) }
    simulation.record(.call, zoomed.traceName + ".preferredTransition",
                      "interactiveDismissShouldBegin(willBegin: \(willBegin))", result: "\(answer)")
    return answer
  }

  func handle(_ pan: UIPanGestureRecognizer) {
    guard let zoomed, let container = zoomed.view.superview else { return }
    let height = max(1, container.bounds.height)
    let percent = min(1, max(0, translation(in: container).y / height))
    switch state {
    case .began:
      // A zoom in still running is not cancelled: it completes where it
      // is and the zoom out starts from there.
      for run in zoomed.simulation.activeTransitions {
        if let zoom = run.animator as? ZoomTransitionAnimator, zoom.zoomed === zoomed { zoom.completeWhereItIs() }
      }
      let interactor = UIPercentDrivenInteractiveTransition()
      interactor.completionCurve = .easeOut
      self.interactor = interactor
      zoomed.simulation.record(.note, "UIKit", "drag: zooms \(zoomed.traceName) out interactively")
      if let navigation = zoomed.navigationController {
        navigation.builtInInteraction = interactor
        navigation.popViewController(animated: true)
        navigation.builtInInteraction = nil
      } else if zoomed.presentingViewController != nil {
        ModalPresentation.dismissBySwipe(
          zoomed, animator: ZoomTransitionAnimator(transition: transition, zoomed: zoomed, zoomingIn: false),
          interactor: interactor, completion: nil)
      }
    case .changed:
      interactor?.update(percent)
    case .ended, .cancelled:
      let velocity = self.velocity(in: container).y
      if state == .ended && (percent >= ZoomTransitionAnimator.dismissFraction
                             || velocity >= ZoomTransitionAnimator.dismissVelocity) {
        interactor?.finish()
      } else {
        interactor?.cancel()
      }
      interactor = nil
    default:
      break
    }
  }
}

// MARK: - Hooks

extension ModalPresentation {
  /// The style a presentation uses: a zoom presents full screen where a
  /// sheet would be (the engine's reading of iOS 18), else `resolvedStyle(_:)`.
  static func resolvedStyle(for presented: UIViewController) -> UIModalPresentationStyle {
    let style = resolvedStyle(presented.modalPresentationStyle)
    if style == .pageSheet, presented.preferredTransition?.isZoom == true { return .fullScreen }
    return style
  }

  /// UIKit's zoom for a presentation or dismissal of a controller that prefers it.
  static func zoomAnimator(for presented: UIViewController, source: UIViewController?,
                           presenting: Bool) -> ZoomTransitionAnimator? {
    guard let transition = presented.preferredTransition, transition.isZoom else { return nil }
    if presenting { transition.zoomSource = source }
    return ZoomTransitionAnimator(transition: transition, zoomed: presented, zoomingIn: presenting)
  }
}
