// The other spellings of an import an app uses.
@preconcurrency import UIKit
import class UIKit.UIView
import QuartzCore
import Dispatch

#if canImport(UIKit)
/// Present only when `canImport(UIKit)` is true, as on iOS.
let canImportUIKit = true
#else
let canImportUIKit = false
#endif

/// A layer-backed badge: QuartzCore's names through `import QuartzCore`.
final class Badge: UIView {
  func pulse() {
    let pulse = CABasicAnimation(keyPath: "opacity")
    pulse.fromValue = 1
    pulse.toValue = 0.5
    pulse.duration = 0.3
    layer.add(pulse, forKey: "pulse")
  }

  /// The engine's queue, not Dispatch's, although Dispatch is imported here.
  func later(_ work: @escaping () -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: work)
  }
}
