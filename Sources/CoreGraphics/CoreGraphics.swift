// CoreGraphics: the engine under the name of the iOS SDK's module, the
// lowest of three (UIKit re-exports QuartzCore, which re-exports
// CoreGraphics, as on iOS). Each is the whole engine: a file that imports
// only CoreGraphics sees UIKit's names too (iOS would not let it), so code
// that compiles for iOS compiles here. No code of its own.
//
// The scoped re-exports below make the engine's run-loop types and its
// `NotificationCenter` win over Foundation's and Dispatch's in a file that
// also imports Foundation (or Dispatch) directly, as app files do. Swift's
// name lookup (`removeShadowedDecls`, Swift 6.3) prefers a module's
// declaration over one of a module it imports only when every import path
// to the second goes through the first; `import Foundation` beside
// `import UIKit` is a path to Dispatch that does not, so both `Timer`s are
// visible. Then a declaration visible through a scoped import (`import
// class M.Name`, here re-exported) wins over one visible only through whole
// modules. Guides/TransitionEngine.md, "The SDK modules", has the details.
@_exported import TransitionEngine
@_exported import class TransitionEngine.DispatchQueue
@_exported import struct TransitionEngine.DispatchTime
@_exported import struct TransitionEngine.DispatchWallTime
@_exported import class TransitionEngine.DispatchWorkItem
@_exported import class TransitionEngine.Timer
@_exported import class TransitionEngine.RunLoop
@_exported import class TransitionEngine.NotificationCenter
