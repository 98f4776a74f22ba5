import UIKit

/// Dismisses its view controller as a pan to the right follows the finger.
final class SwipeToDismissInteraction: UIPercentDrivenInteractiveTransition {
  private(set) var isInteracting = false
  private weak var viewController: UIViewController?

  func attach(to viewController: UIViewController) {
    self.viewController = viewController
    let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
    viewController.view.addGestureRecognizer(pan)
  }

  @objc private func handlePan(_ pan: UIPanGestureRecognizer) {
    guard let view = pan.view else { return }
    let progress = min(max(pan.translation(in: view).x / view.bounds.width, 0), 1)
    switch pan.state {
    case .began:
      isInteracting = true
      viewController?.dismiss(animated: true)
    case .changed:
      update(progress)
    case .ended:
      isInteracting = false
      progress > 0.5 || pan.velocity(in: view).x > 800 ? finish() : cancel()
    case .cancelled:
      isInteracting = false
      cancel()
    default:
      break
    }
  }
}
