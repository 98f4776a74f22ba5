// QuartzCore: the engine under the name of the iOS SDK's module (see
// Sources/CoreGraphics). On iOS QuartzCore re-exports CoreGraphics.
@_exported import CoreGraphics
