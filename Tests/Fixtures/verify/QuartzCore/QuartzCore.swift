@_exported import CoreGraphics
