// TransitionEngine: a headless, deterministic model of the part of UIKit and
// Core Animation that custom view-controller transitions use.
//
// Code written for an iOS app compiles against this module once its
// `import UIKit` names the engine. Foundation is re-exported, so `sqrt`,
// `.pi`, `CGRect` and friends resolve exactly as they do with UIKit imported.
@_exported import Foundation

/// The engine's version, printed by `workbook --version`.
public let transitionEngineVersion = "0.1.0"
