// _Testing_UIKit: an empty stand-in for Swift Testing's cross-import overlay
// of UIKit. Swift Testing declares the overlay for every platform
// (Testing.swiftcrossimport/UIKit.swiftoverlay) but ships it only on Apple's,
// where it lets a test attach images; SwiftPM compiles with cross-import
// overlays on, so a Linux test target that imports Testing and this
// package's UIKit would fail with "no such module '_Testing_UIKit'"
// without it. Attachments of images are not modelled.
