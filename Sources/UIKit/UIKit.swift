// UIKit: the engine under the name of the iOS SDK's module, so that an
// app's files compile here as written (`import UIKit`, `#if
// canImport(UIKit)`, `import class UIKit.UIView`). On iOS UIKit re-exports
// QuartzCore (and with it CoreGraphics and Foundation); see
// Sources/CoreGraphics for why `DispatchQueue`, `Timer` and the rest are
// the engine's even where Foundation is imported too.
@_exported import QuartzCore
