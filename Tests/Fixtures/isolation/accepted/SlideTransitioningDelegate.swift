import UIKit

/// Vends the slide animator, the dimming presentation controller, and the
/// swipe interaction while a pan drives the dismissal.
final class SlideTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
  let interaction = SwipeToDismissInteraction()

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    SlideAnimator(isPresenting: true)
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    SlideAnimator(isPresenting: false)
  }

  func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interaction.isInteracting ? interaction : nil
  }

  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController? {
    DimmingPresentationController(presentedViewController: presented, presenting: presenting)
  }
}
