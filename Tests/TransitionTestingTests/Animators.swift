// Transition code as an app writes it, correct and seeded with faults (the
// mutants), for the flicker check's tests. Apple's contract for
// UIViewControllerAnimatedTransitioning: the animator adds the "to" view to
// `containerView`, animates, and calls `completeTransition(_:)` exactly once
// when the animation ends, passing `!transitionContext.transitionWasCancelled`.
import UIKit

/// The faults an animator can be seeded with.
enum Fault: String, CaseIterable, Sendable {
  /// Correct code.
  case none
  /// Never calls `completeTransition(_:)`.
  case missingCompleteTransition
  /// Calls `completeTransition(_:)` twice.
  case completesTwice
  /// Never adds the incoming view to the container.
  case incomingNeverAdded
  /// Inserts the incoming view below the outgoing one.
  case wrongZOrder
  /// The second half of the slide starts from a stale position.
  case jumpingFrame
  /// Completes as soon as the animation starts (the outgoing view goes
  /// while the incoming one is still sliding).
  case completesEarly
  /// Overshoots and comes back although the slide is declared monotonic.
  case bounces
  /// Puts the dismissed view at its final frame in the completion block,
  /// cancelled or not: a cancel leaves it off screen.
  case cancelDoesNotRestore
  /// Leaves its dimming view in the container when cancelled.
  case leavesDimmingViewOnCancel
  /// Forgets to give the incoming view its final frame.
  case wrongFinalFrame
  /// Declares half the duration its animation runs
  /// (`transitionDuration(using:)` and the animation disagree).
  case declaresWrongDuration
}

/// Slides the presented controller's view up from the bottom, over a
/// dimming view; dismissal slides it back down.
final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let presenting: Bool
  let fault: Fault
  var duration: TimeInterval = 0.3

  init(presenting: Bool, fault: Fault = .none) {
    self.presenting = presenting
    self.fault = fault
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    fault == .declaresWrongDuration ? duration / 2 : duration
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    presenting ? present(transitionContext) : dismiss(transitionContext)
  }

  private func present(_ context: UIViewControllerContextTransitioning) {
    guard let toView = context.view(forKey: .to), let fromView = context.view(forKey: .from),
          let toController = context.viewController(forKey: .to) else { return }
    let container = context.containerView
    let final = context.finalFrame(for: toController)
    let below = final.offsetBy(dx: 0, dy: container.bounds.height)
    switch fault {
    case .incomingNeverAdded: break
    case .wrongZOrder: container.insertSubview(toView, belowSubview: fromView)
    default: container.addSubview(toView)
    }
    toView.frame = below
    let end = fault == .wrongFinalFrame ? final.offsetBy(dx: 0, dy: 200) : final
    switch fault {
    case .jumpingFrame:
      let halfway = below.offsetBy(dx: 0, dy: -container.bounds.height / 2)
      UIView.animate(withDuration: duration / 2, delay: 0, options: .curveLinear, animations: {
        toView.frame = halfway
      }, completion: { _ in
        toView.frame = below  // a stale frame: the view jumps back down
        UIView.animate(withDuration: self.duration / 2, delay: 0, options: .curveLinear, animations: {
          toView.frame = end
        }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
      })
    case .bounces:
      UIView.animateKeyframes(withDuration: duration, delay: 0, options: [], animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.6) {
          toView.frame = final.offsetBy(dx: 0, dy: -40)
        }
        UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.4) { toView.frame = final }
      }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    default:
      UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
        toView.frame = end
      }, completion: { _ in
        switch self.fault {
        case .missingCompleteTransition, .completesEarly: break
        case .completesTwice:
          context.completeTransition(true)
          context.completeTransition(true)
        default: context.completeTransition(!context.transitionWasCancelled)
        }
      })
      if fault == .completesEarly { context.completeTransition(true) }
    }
  }

  private func dismiss(_ context: UIViewControllerContextTransitioning) {
    guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else { return }
    let container = context.containerView
    // A full-screen presenter's view left the window: it comes back under.
    container.insertSubview(toView, belowSubview: fromView)
    let dimming = UIView(frame: container.bounds)
    dimming.accessibilityIdentifier = "dimming"
    dimming.backgroundColor = UIColor.black.withAlphaComponent(0.3)
    if fault == .leavesDimmingViewOnCancel { container.insertSubview(dimming, belowSubview: fromView) }
    let target = fromView.frame.offsetBy(dx: 0, dy: container.bounds.height)
    UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
      fromView.frame = target
      dimming.alpha = 0
    }, completion: { _ in
      let cancelled = context.transitionWasCancelled
      if self.fault == .cancelDoesNotRestore { fromView.frame = target }
      if self.fault != .leavesDimmingViewOnCancel { dimming.removeFromSuperview() }
      context.completeTransition(!cancelled)
    })
  }
}

/// The transitioning delegate of a presented card: the slide animators,
/// and a percent-driven interaction for a drag-to-dismiss.
final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
  let fault: Fault
  var interaction: UIPercentDrivenInteractiveTransition?
  var duration: TimeInterval = 0.3

  init(fault: Fault = .none) { self.fault = fault }

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    let animator = SlideAnimator(presenting: true, fault: fault)
    animator.duration = duration
    return animator
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    let animator = SlideAnimator(presenting: false, fault: fault)
    animator.duration = duration
    return animator
  }

  func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interaction
  }
}

/// A card that a pan down dismisses interactively (the pan drives
/// `CardTransitions.interaction`; lifting past half way finishes it).
final class CardViewController: UIViewController {
  let transitions: CardTransitions

  init(fault: Fault = .none) {
    transitions = CardTransitions(fault: fault)
    super.init(nibName: nil, bundle: nil)
    title = "Card"
    modalPresentationStyle = .fullScreen
    transitioningDelegate = transitions
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBlue
    #if canImport(ObjectiveC)
    view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
    #else
    view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector(Self.pan(_:))))
    #endif
  }

  #if canImport(ObjectiveC)
  @objc func pan(_ gesture: UIPanGestureRecognizer) { handlePan(gesture) }
  #else
  func pan(_ gesture: UIPanGestureRecognizer) { handlePan(gesture) }
  #endif

  private func handlePan(_ gesture: UIPanGestureRecognizer) {
    let progress = max(0, min(1, gesture.translation(in: view).y / view.bounds.height))
    switch gesture.state {
    case .began:
      transitions.interaction = UIPercentDrivenInteractiveTransition()
      dismiss(animated: true)
    case .changed:
      transitions.interaction?.update(progress)
    case .ended, .cancelled:
      if progress > 0.5 && gesture.state == .ended {
        transitions.interaction?.finish()
      } else {
        transitions.interaction?.cancel()
      }
      transitions.interaction = nil
    default:
      break
    }
  }
}

/// The presenting screen.
func makeHome() -> UIViewController {
  let home = UIViewController()
  home.title = "Home"
  home.view.backgroundColor = .white
  return home
}
