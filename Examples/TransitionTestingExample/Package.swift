// swift-tools-version: 6.1
//
// An app's transitions tested on Linux: the app's UIKit files (Sources/Gallery)
// compile unchanged against the workbook's `UIKit` module, and its tests
// (Tests/GalleryTests) use TransitionTesting. On a Mac the app target
// builds against Apple's UIKit in the app's Xcode project; this package is
// the Linux side only.
import PackageDescription

let package = Package(
  name: "TransitionTestingExample",
  dependencies: [
    // The workbook, by path (an app names its URL and a version instead),
    // without the workbook tool's own dependencies (`traits: []`).
    .package(name: "TransitionWorkbook", path: "../..", traits: []),
  ],
  targets: [
    // The app's own code, as it is in the app: `import UIKit`.
    .target(
      name: "Gallery",
      dependencies: [.product(name: "UIKit", package: "TransitionWorkbook")]
    ),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "Gallery",
        .product(name: "UIKit", package: "TransitionWorkbook"),
        .product(name: "TransitionTesting", package: "TransitionWorkbook"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
