// swift-tools-version: 6.0
//
// Transition Workbook: a book about custom UIKit view-controller transitions
// whose every snippet is compiled, run and checked against a headless model
// of UIKit (`TransitionEngine`).
import PackageDescription

/// The fidelity ledger's data files, one per engine folder (see
/// Guides/Fidelity.md, "Maintaining the ledger").
let fidelityLedgerFiles = [
  "Fidelity.md", "Capture/Fidelity.md", "CoreAnimation/Fidelity.md", "Geometry/Fidelity.md",
  "Runtime/Fidelity.md", "Timing/Fidelity.md", "Transitions/Fidelity.md", "UIKit/Fidelity.md",
  "UIKit/AutoLayout/Fidelity.md",
]

let package = Package(
  name: "TransitionWorkbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .library(name: "TransitionDiagrams", targets: ["TransitionDiagrams"]),
    .executable(name: "workbook", targets: ["workbook"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    // `workbook serve`'s HTTP types and non-blocking sockets (FlyingSocks);
    // no SwiftNIO, so it adds little to a fresh build. The accept loop and
    // the request-head reader are WorkbookServe's own (bounded, linear).
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    // Tests only: generators for the shard planner's seeded property tests.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // The headless model of UIKit's views, layers, animations and transitions,
    // and screen capture (what the screen shows, as plain values).
    // No I/O, no wall clock, no dependencies. Each folder's Fidelity.md
    // holds its rows of the fidelity ledger (data, not sources).
    .target(
      name: "TransitionEngine",
      exclude: fidelityLedgerFiles,
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Diagrams of the engine's captures (frames, filmstrips, timelines, call
    // traces, legends, frame JSON), the Stage harness snippets use, and the
    // channel that publishes diagrams to the program's runner. Reaches the
    // engine's internals only through `package` declarations.
    .target(
      name: "TransitionDiagrams",
      dependencies: ["TransitionEngine"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Debian's cmark-gfm (`libcmark-gfm-dev`, `libcmark-gfm-extensions-dev`).
    .systemLibrary(
      name: "CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
    ),
    // A small document model over cmark-gfm's nodes, with source positions.
    // The only importer of CCmarkGFM.
    .target(
      name: "WorkbookMarkdown",
      dependencies: ["CCmarkGFM"]
    ),
    // Chapters and snippets, translation, the engine build, the snippet
    // runner, the result cache, output checks, `--record` and reports.
    .target(
      name: "WorkbookCore",
      dependencies: [
        "WorkbookMarkdown",
        // The literal table (Internal/Translation/LiteralTable.swift) finds
        // a program's literals with swift-syntax's parser.
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    // The fidelity ledger: the engine's public API read from its sources
    // (swift-syntax), the rows of each engine folder's Fidelity.md, their
    // check, Guides/Fidelity.md and the terminal's text.
    .target(
      name: "WorkbookFidelity",
      dependencies: [
        "WorkbookCore",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    // The static site: verified chapters rendered to HTML (cmark-gfm through
    // WorkbookMarkdown, Swift highlighted by swift-syntax's classifier), a
    // theme of templates, CSS and JS shipped as resources.
    .target(
      name: "WorkbookSite",
      dependencies: [
        "WorkbookCore",
        "WorkbookFidelity",
        "WorkbookMarkdown",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftIDEUtils", package: "swift-syntax"),
      ],
      resources: [.copy("Theme")]
    ),
    // The terminal exercise stepper and filmstrip player (`workbook step`,
    // `check`, `exercises`, `play`): rendering, keys, watching files.
    .target(
      name: "WorkbookStepper",
      dependencies: ["WorkbookCore", "WorkbookMarkdown"]
    ),
    // The live preview (`workbook serve`): the site served from memory on
    // 127.0.0.1, a watcher that rebuilds on every save, and the reload
    // channel (server-sent events) with the script injected into served pages.
    .target(
      name: "WorkbookServe",
      dependencies: [
        "WorkbookCore",
        "WorkbookSite",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      resources: [.copy("Preview")]
    ),
    // The command-line tool: a thin layer of ArgumentParser commands.
    .executableTarget(
      name: "workbook",
      dependencies: [
        "WorkbookCore",
        "WorkbookFidelity",
        "WorkbookSite",
        "WorkbookServe",
        "WorkbookStepper",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Benchmarks: run with `scripts/bench.sh` (release build).
    .executableTarget(
      name: "engine-bench",
      dependencies: ["TransitionEngine", "TransitionDiagrams"],
      path: "Benchmarks/EngineBench"
    ),
    // Golden files for every test target, one record rule (WORKBOOK_RECORD:
    // missing by default, never in CI, all re-records). Only test targets
    // depend on it.
    .target(
      name: "SnapshotSupport",
      path: "Tests/SnapshotSupport"
    ),
    // The seeded generator of the property tests (SplitMix64), one for all
    // test targets. Only test targets depend on it.
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "WorkbookTests",
      dependencies: [
        "WorkbookCore",
        "WorkbookMarkdown",
        "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "WorkbookSiteTests",
      dependencies: ["WorkbookSite", "WorkbookCore", "WorkbookMarkdown", "SnapshotSupport", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "WorkbookFidelityTests",
      dependencies: ["WorkbookFidelity", "WorkbookCore"]
    ),
    .testTarget(
      name: "WorkbookServeTests",
      dependencies: ["WorkbookServe", "WorkbookSite", "WorkbookCore"]
    ),
    .testTarget(
      name: "WorkbookStepperTests",
      dependencies: ["WorkbookStepper", "WorkbookCore"]
    ),
    .testTarget(
      name: "TransitionEngineTests",
      dependencies: ["TransitionEngine"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "TransitionDiagramsTests",
      dependencies: ["TransitionDiagrams", "TransitionEngine", "SnapshotSupport", "TestSupport"],
      exclude: ["__Snapshots__"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ]
)

// The iOS SDK's module names over the engine, so that an app's files compile
// as written (`import UIKit`) in a Linux test target that depends on the
// `UIKit` product: UIKit re-exports QuartzCore, which re-exports
// CoreGraphics, which re-exports the engine (Sources/CoreGraphics says why
// Foundation's `Timer` and `DispatchQueue` give way to the engine's).
// `workbook verify` builds the same three modules for snippets
// (EngineBuilder). Not on Apple platforms: their SDKs have the real
// CoreGraphics and QuartzCore, which Foundation itself imports.
#if !canImport(Darwin)
package.products += [
  .library(name: "UIKit", targets: ["UIKit"]),
  .library(name: "QuartzCore", targets: ["QuartzCore"]),
  .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
  .library(name: "TransitionTesting", targets: ["TransitionTesting"]),
]
package.targets += [
  .target(name: "CoreGraphics", dependencies: ["TransitionEngine", "_Testing_CoreGraphics"]),
  .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
  .target(name: "UIKit", dependencies: ["QuartzCore", "_Testing_UIKit"]),
  // Empty stand-ins for Swift Testing's cross-import overlays of UIKit and
  // CoreGraphics, which it declares on Linux but ships only on Apple
  // platforms (see the files).
  .target(name: "_Testing_CoreGraphics"),
  .target(name: "_Testing_UIKit"),
  // An app's own transitions tested in a Linux test target (XCTest or
  // Swift Testing): recordings at 60 fps, films as golden files, call
  // traces, values and the flicker check (Guides/TransitionTesting.md).
  .target(
    name: "TransitionTesting",
    dependencies: ["UIKit", "TransitionDiagrams"]
  ),
  .testTarget(
    name: "TransitionTestingTests",
    dependencies: ["TransitionTesting", "UIKit"],
    exclude: ["__Snapshots__"]
  ),
  // App-shaped files that import UIKit, QuartzCore and Foundation as an
  // app's test target would.
  .testTarget(
    name: "UIKitModuleTests",
    dependencies: ["UIKit", "QuartzCore"],
    swiftSettings: [.swiftLanguageMode(.v5)]
  ),
]
#endif
