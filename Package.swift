// swift-tools-version: 6.0
//
// Transition Workbook: a book about custom UIKit view-controller transitions
// whose every snippet is compiled, run and checked against a headless model
// of UIKit (`TransitionEngine`).
import PackageDescription

let package = Package(
  name: "TransitionWorkbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .executable(name: "workbook", targets: ["workbook"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // The headless model of UIKit's views, layers, animations and transitions.
    // No I/O, no wall clock, no dependencies.
    .target(
      name: "TransitionEngine",
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // The command-line tool: a thin layer of ArgumentParser commands.
    .executableTarget(
      name: "workbook",
      dependencies: [
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Benchmarks: run with `scripts/bench.sh` (release build).
    .executableTarget(
      name: "engine-bench",
      dependencies: ["TransitionEngine"],
      path: "Benchmarks/EngineBench"
    ),
    .testTarget(
      name: "TransitionEngineTests",
      dependencies: ["TransitionEngine"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ]
)
