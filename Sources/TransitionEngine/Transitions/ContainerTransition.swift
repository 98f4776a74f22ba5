// Transitions inside container controllers: navigation push/pop and tab
// switches share this dance (Apple's "Customizing the Transition
// Animations"; the place of willShow/didShow is the engine's choice,
// UIKIT-SEMANTICS §1c):
//
//   animationController (navigation/tab delegate)
//   interactionController                   [only if an animator was returned]
//   ---- the transition coordinator exists from here until the end ----
//   navigationController(_:willShow:animated:)
//   from.viewWillDisappear, to.viewWillAppear
//   transitionDuration(using:)
//   animateTransition(using:) | startInteractiveTransition(_:)
//   … completeTransition(_:)
//   from.viewDidDisappear, to.viewDidAppear  (a cancel: the reverse, as UIKit sends it)
//   navigationController(_:didShow:animated:)
//   animationEnded(_:)

/// A container controller's transition between two children.
enum ContainerTransition {
  /// A container controller's root view (the navigation and tab bar
  /// controllers' `loadView`): screen-sized, the system background, the
  /// transition view filling it and `bar` over it at `barFrame(bounds)`,
  /// resizing with `barResizing`.
  @MainActor
  static func rootView(transitionView: UIView, bar: UIView, barResizing: UIView.AutoresizingMask,
                       barFrame: (CGRect) -> CGRect) -> UIView {
    let root = UIView(frame: UIScreen.main.bounds)
    root.backgroundColor = .systemBackground
    transitionView.frame = root.bounds
    transitionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(transitionView)
    bar.frame = barFrame(root.bounds)
    bar.autoresizingMask = barResizing
    root.addSubview(bar)
    return root
  }

  struct Request {
    let kind: TransitionRun.Kind
    /// The navigation or tab bar controller that runs the transition.
    let owner: UIViewController
    let container: UIView
    let from: UIViewController
    let to: UIViewController
    let animated: Bool
    let animator: UIViewControllerAnimatedTransitioning?
    let interactor: UIViewControllerInteractiveTransitioning?
    let defaultAnimator: UIViewControllerAnimatedTransitioning
    /// Called before the appearance calls (navigation's willShow).
    var willBegin: () -> Void = {}
    /// Called after completion with whether it completed (stack and parent updates, didShow).
    var didFinish: (Bool) -> Void = { _ in }
    var completion: (() -> Void)?
  }

  static func run(_ request: Request) {
    let simulation = request.from.simulation
    let container = request.container
    let fromView = request.from.view!
    let toView = request.to.view!
    if fromView.superview !== container { container.addSubview(fromView) }
    let context = TransitionContext(containerView: container, isAnimated: request.animated, presentationStyle: .none,
                                    from: request.from, to: request.to)
    context.fromView = fromView
    context.toView = toView
    context.frames[ObjectIdentifier(request.from)] = (container.bounds, .zero)
    context.frames[ObjectIdentifier(request.to)] = (.zero, container.bounds)
    let animator = request.animator ?? (request.animated ? request.defaultAnimator : InstantSwapAnimator())
    // The coordinator exists before anything else is said: in willShow and in
    // the appearance calls, the controllers and the container find it.
    let run = TransitionRun(kind: request.kind, simulation: simulation, context: context, animator: animator,
                            interactor: request.interactor, container: request.owner)
    request.willBegin()
    request.from.beginAppearanceTransition(false, animated: request.animated)
    request.to.beginAppearanceTransition(true, animated: request.animated)
    run.finish = { completed in
      run.coordinator.runCompletions()
      if completed {
        if fromView.superview === container {
          fromView.removeFromSuperview()
          simulation.record(.hierarchy, "UIKit", "removes \(request.from.traceName)'s view from the container")
        }
        request.from.endAppearanceTransition()
        request.to.endAppearanceTransition()
      } else {
        // The move to or from the parent did not happen (engine choice: the
        // flags are off during the reverse appearance calls).
        request.to.isMovingToParent = false
        request.from.isMovingFromParent = false
        // UIKit's order for a cancelled interactive pop (wangling.me, iOS 7).
        request.to.beginAppearanceTransition(false, animated: request.animated)
        request.to.endAppearanceTransition()
        request.from.beginAppearanceTransition(true, animated: request.animated)
        request.from.endAppearanceTransition()
        if toView.superview === container { toView.removeFromSuperview() }
        if fromView.superview !== container { container.addSubview(fromView) }
      }
      warnAboutLeftovers(in: container, keeping: completed ? request.to : request.from, kind: request.kind)
      // isMovingToParent/isMovingFromParent hold from the call through the
      // did-appearance calls (Apple: true inside viewWill/DidAppear,
      // viewWill/DidDisappear of the move).
      request.to.isMovingToParent = false
      request.from.isMovingFromParent = false
      request.didFinish(completed)
    }
    run.didEnd = {
      if !context.cancelled { request.completion?() }
    }
    run.start()
  }

  /// After a push, pop or tab switch UIKit's container should hold the
  /// shown child's view alone. A view the animator added and never removed
  /// (a snapshot, a shadow) stays there, over or under the new screen, and
  /// keeps taking touches. UIKit logs nothing; the engine warns.
  private static func warnAboutLeftovers(in container: UIView, keeping shown: UIViewController, kind: TransitionRun.Kind) {
    let leftovers = container.subviews.filter { $0 !== shown.viewIfLoaded }
    guard !leftovers.isEmpty else { return }
    let names = leftovers.map { "\($0.diagramLabel) (\(typeName($0)))" }.joined(separator: ", ")
    let simulation = shown.simulation
    simulation.warn("After the \(kind.name) transition, its container still holds \(names) besides \(shown.traceName)'s view: the animator added \(leftovers.count == 1 ? "a view" : "views") and never removed \(leftovers.count == 1 ? "it" : "them"); UIKit leaves \(leftovers.count == 1 ? "it" : "them") on screen")
  }
}

/// A child swap with no animation (a tab switch with no animator, a
/// non-animated push).
final class InstantSwapAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }
  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    if let to = transitionContext.viewController(forKey: .to), let view = transitionContext.view(forKey: .to) {
      view.frame = transitionContext.finalFrame(for: to)
      transitionContext.containerView.addSubview(view)
    }
    transitionContext.view(forKey: .from)?.removeFromSuperview()
    transitionContext.completeTransition(true)
  }
}

/// UIKit's push and pop: the new view slides in from the right edge over the
/// old one, which moves a third of the width left (pop: the reverse). The
/// 0.35 s ease-out is the engine's approximation of UIKit's undocumented curve.
final class NavigationDefaultAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let operation: UINavigationController.Operation
  init(operation: UINavigationController.Operation) { self.operation = operation }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
          let toVC = transitionContext.viewController(forKey: .to) else { return }
    let container = transitionContext.containerView
    let width = container.bounds.width
    let final = transitionContext.finalFrame(for: toVC)
    let push = operation == .push
    container.simulation.engineChose("UINavigationController.pushViewController(_:animated:)")
    if push {
      container.addSubview(toView)
      toView.frame = final.offsetBy(dx: width, dy: 0)
    } else {
      container.insertSubview(toView, belowSubview: fromView)
      toView.frame = final.offsetBy(dx: -width / 3, dy: 0)
    }
    let options: UIView.AnimationOptions = transitionContext.isInteractive ? .curveLinear : .curveEaseOut
    UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: options,
                   animations: {
      toView.frame = final
      fromView.frame = fromView.frame.offsetBy(dx: push ? -width / 3 : width, dy: 0)
    }, completion: { _ in
      let cancelled = transitionContext.transitionWasCancelled
      if cancelled {
        fromView.frame = final
        toView.removeFromSuperview()
      } else {
        fromView.frame = final
      }
      transitionContext.completeTransition(!cancelled)
    })
  }
}
