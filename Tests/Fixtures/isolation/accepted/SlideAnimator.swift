import UIKit

/// Slides the presented view in from the right edge, and out again.
final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let isPresenting: Bool
  let duration: TimeInterval

  init(isPresenting: Bool, duration: TimeInterval = 0.4) {
    self.isPresenting = isPresenting
    self.duration = duration
    super.init()
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    duration
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
    guard let controller = transitionContext.viewController(forKey: key) else { return }
    let container = transitionContext.containerView
    let onScreen = transitionContext.finalFrame(for: controller)
    let offScreen = onScreen.offsetBy(dx: container.bounds.width, dy: 0)
    if isPresenting {
      container.addSubview(controller.view)
      controller.view.frame = offScreen
    }
    UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear]) {
      controller.view.frame = self.isPresenting ? onScreen : offScreen
    } completion: { _ in
      let finished = !transitionContext.transitionWasCancelled
      if !finished && self.isPresenting { controller.view.removeFromSuperview() }
      transitionContext.completeTransition(finished)
    }
  }
}
