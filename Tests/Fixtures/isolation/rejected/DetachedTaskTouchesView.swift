// error: main actor-isolated instance method 'removeFromSuperview()' cannot be called from outside of the actor
import UIKit

/// Removes the snapshot from a detached task: its body runs off the main
/// actor, so a UIView method needs `await` (or `Task { @MainActor in }`).
func removeSnapshotLater(_ snapshot: UIView) {
  Task.detached {
    snapshot.removeFromSuperview()
  }
}
