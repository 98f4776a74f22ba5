// _Testing_CoreGraphics: an empty stand-in for Swift Testing's cross-import overlay
// of CoreGraphics. Swift Testing declares the overlay for every platform
// (Testing.swiftcrossimport/CoreGraphics.swiftoverlay) but ships it only on Apple's,
// where it lets a test attach images; SwiftPM compiles with cross-import
// overlays on, so a Linux test target that imports Testing and this
// package's CoreGraphics would fail with "no such module '_Testing_CoreGraphics'"
// without it. Attachments of images are not modelled.
