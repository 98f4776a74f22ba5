import UIKit

/// Dims what is behind the presented view, which takes the right two thirds.
final class DimmingPresentationController: UIPresentationController {
  private let dimmingView: UIView = {
    let view = UIView()
    view.backgroundColor = UIColor(white: 0, alpha: 0.4)
    view.alpha = 0
    return view
  }()

  override var frameOfPresentedViewInContainerView: CGRect {
    guard let containerView else { return .zero }
    let bounds = containerView.bounds
    return CGRect(x: bounds.width / 3, y: 0, width: bounds.width * 2 / 3, height: bounds.height)
  }

  override func presentationTransitionWillBegin() {
    guard let containerView else { return }
    dimmingView.frame = containerView.bounds
    containerView.insertSubview(dimmingView, at: 0)
    guard let coordinator = presentedViewController.transitionCoordinator else {
      dimmingView.alpha = 1
      return
    }
    coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
  }

  override func dismissalTransitionWillBegin() {
    guard let coordinator = presentedViewController.transitionCoordinator else {
      dimmingView.alpha = 0
      return
    }
    coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
  }

  override func dismissalTransitionDidEnd(_ completed: Bool) {
    if completed { dimmingView.removeFromSuperview() }
  }

  override func containerViewWillLayoutSubviews() {
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
}
