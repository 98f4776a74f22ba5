// The stand-in engine under the SDK's lowest module name (the package's
// Sources/CoreGraphics also re-exports the engine's run-loop types, which
// the stand-in has not).
@_exported import TransitionEngine
