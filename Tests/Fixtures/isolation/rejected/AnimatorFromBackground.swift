// error: main actor-isolated instance method 'startAnimation()' cannot be called from outside of the actor
import UIKit

/// Starts a property animator from a task on the global executor:
/// UIViewPropertyAnimator is main-actor isolated.
func startLater(_ animator: UIViewPropertyAnimator) {
  Task.detached(priority: .userInitiated) {
    try? await Task.sleep(nanoseconds: 1_000)
    animator.startAnimation()
  }
}
