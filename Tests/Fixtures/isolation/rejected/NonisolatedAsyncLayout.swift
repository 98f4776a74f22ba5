// error: main actor-isolated instance method 'layoutIfNeeded()' cannot be called from outside of the actor
import UIKit

/// Lays the view out after loading something: a nonisolated async function
/// cannot call a UIView method synchronously (it needs `await`, or the
/// function belongs on the main actor).
nonisolated func reloadThenLayOut(_ view: UIView) async {
  view.layoutIfNeeded()
}
