// swift-tools-version: 6.1
//
// Transition Workbook: a book about custom UIKit view-controller transitions
// whose every snippet is compiled, run and checked against a headless model
// of UIKit (`TransitionEngine`).
import Foundation
import PackageDescription

/// The fidelity ledger's data files, one per engine folder (see
/// Guides/Fidelity.md, "Maintaining the ledger").
let fidelityLedgerFiles = [
  "Fidelity.md", "Capture/Fidelity.md", "CoreGraphics/Fidelity.md", "QuartzCore/Fidelity.md",
  "Runtime/Fidelity.md", "Transitions/Fidelity.md", "UIKit/Fidelity.md", "UIKit/AutoLayout/Fidelity.md",
  "UIKit/ScrollViews/Fidelity.md", "UIKit/Lists/Fidelity.md", "UIKit/Controls/Fidelity.md", "UIKit/AppFlow/Fidelity.md",
]

let package = Package(
  name: "TransitionWorkbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .library(name: "TransitionDiagrams", targets: ["TransitionDiagrams"]),
    .executable(name: "workbook", targets: ["workbook"]),
  ],
  // `Workbook` (on by default): the tool's own dependencies. An app that
  // uses only `UIKit` and `TransitionTesting` names this package with
  // `traits: []`, and SwiftPM then fetches and builds none of them.
  traits: [
    .trait(name: "Workbook", description: "The workbook tool and its tests: argument-parser, FlyingFox, the MCP Swift SDK, swift-property-based"),
    .default(enabledTraits: ["Workbook"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // swift-syntax: the toolchain's own copy, else the package (see the
    // block at the end).
    // `workbook serve`'s HTTP types and non-blocking sockets (FlyingSocks);
    // no SwiftNIO, so it adds little to a fresh build. The accept loop and
    // the request-head reader are WorkbookServe's own (bounded, linear).
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    // `workbook mcp`'s server (JSON-RPC over stdio, the protocol's types):
    // the official MCP Swift SDK. Its MCP library needs only swift-system and
    // swift-log; its conformance executables' SwiftNIO is fetched, not built.
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
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
    // What the workbook's modules share: files, the file watcher,
    // hashing, JSON decoding problems, name suggestions (`package`).
    .target(
      name: "WorkbookSupport"
    ),
    // The book as values: chapters and snippets (loaded and checked once),
    // exercises, findings, the verdicts and reports, published diagrams,
    // the versioned JSON report, shards and the reports' text forms.
    // No process, no toolchain.
    .target(
      name: "WorkbookModel",
      dependencies: ["WorkbookMarkdown", "WorkbookSupport"]
    ),
    // From a chapter to the runs of its programs: the toolchain, the engine
    // build, translation into programs, child processes and Ctrl-C, the
    // output splitter, compiler diagnostics, traps and the result cache.
    .target(
      name: "WorkbookRunner",
      dependencies: ["WorkbookModel", "WorkbookSupport"]
    ),
    // The driver: the workspace, verifying a book (the verdict, `--record`),
    // exercises and the learner's files, a new book's scaffold, errors as text.
    .target(
      name: "WorkbookCore",
      dependencies: ["WorkbookModel", "WorkbookRunner", "WorkbookSupport", "WorkbookMarkdown", "WorkbookFidelity"]
    ),
    // The fidelity ledger: the engine's public API read from its sources
    // (swift-syntax), the rows of each engine folder's Fidelity.md, their
    // check, Guides/Fidelity.md and the terminal's text.
    .target(
      name: "WorkbookFidelity",
      dependencies: [
        "WorkbookSupport",
        // + swift-syntax (see the block at the end)
      ]
    ),
    // The static site: verified chapters rendered to HTML (cmark-gfm through
    // WorkbookMarkdown, Swift highlighted by swift-syntax's classifier), a
    // theme of templates, CSS and JS shipped as resources.
    .target(
      name: "WorkbookSite",
      dependencies: [
        "WorkbookModel",
        "WorkbookSupport",
        "WorkbookFidelity",
        "WorkbookMarkdown",
        // + swift-syntax (see the block at the end)
      ],
      resources: [.copy("Theme")]
    ),
    // The terminal exercise stepper and filmstrip player (`workbook step`,
    // `check`, `exercises`, `play`): rendering, keys, watching files.
    .target(
      name: "WorkbookStepper",
      dependencies: ["WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport", "WorkbookMarkdown"]
    ),
    // The live preview (`workbook serve`): the site served from memory on
    // 127.0.0.1, a watcher that rebuilds on every save, and the reload
    // channel (server-sent events) with the script injected into served pages.
    .target(
      name: "WorkbookServe",
      dependencies: [
        "WorkbookCore",
        "WorkbookModel",
        "WorkbookSupport",
        "WorkbookSite",
        .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["Workbook"])),
        .product(name: "FlyingSocks", package: "FlyingFox", condition: .when(traits: ["Workbook"])),
      ],
      resources: [.copy("Preview")]
    ),
    // The MCP server (`workbook mcp`): running code, recording transitions,
    // the fidelity ledger, verifying and checking as tools for coding agents,
    // the chapters and guides as resources, over stdio.
    .target(
      name: "WorkbookMCP",
      dependencies: [
        "WorkbookCore",
        "WorkbookModel",
        "WorkbookRunner",
        "WorkbookSupport",
        "WorkbookFidelity",
        .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Workbook"])),
      ]
    ),
    // The command-line tool: a thin layer of ArgumentParser commands.
    .executableTarget(
      name: "workbook",
      dependencies: [
        "WorkbookCore",
        "WorkbookModel",
        "WorkbookRunner",
        "WorkbookSupport",
        "WorkbookFidelity",
        "WorkbookSite",
        "WorkbookServe",
        "WorkbookStepper",
        "WorkbookMCP",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Workbook"])),
      ]
    ),
    // Benchmarks: run with `scripts/bench/bench.sh engine` (release build).
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
    // What the test targets share: the package's folder, the stand-in
    // engine and its one build folder for the whole run, fixture copies, the
    // `workbook` binary and a runner for it, and the property tests' seeded
    // generator (SplitMix64). Only test targets depend on it.
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "WorkbookTests",
      dependencies: [
        "WorkbookCore",
        "WorkbookModel",
        "WorkbookRunner",
        "WorkbookSupport",
        "WorkbookMarkdown",
        "SnapshotSupport",
        "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based", condition: .when(traits: ["Workbook"])),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "WorkbookSiteTests",
      dependencies: ["WorkbookSite", "WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport", "WorkbookMarkdown", "SnapshotSupport", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "WorkbookFidelityTests",
      dependencies: ["WorkbookFidelity", "WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport"]
    ),
    .testTarget(
      name: "WorkbookServeTests",
      dependencies: ["WorkbookServe", "WorkbookSite", "WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport", "TestSupport"]
    ),
    .testTarget(
      name: "WorkbookMCPTests",
      dependencies: [
        "WorkbookMCP", "WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport", "TestSupport",
        .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Workbook"])),
      ]
    ),
    .testTarget(
      name: "WorkbookStepperTests",
      dependencies: ["WorkbookStepper", "WorkbookCore", "WorkbookModel", "WorkbookRunner", "WorkbookSupport", "TestSupport"]
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
  // The example app package's code and tests (Examples/TransitionTestingExample),
  // compiled here too so that `swift test` runs them in this build: an app's
  // UIKit files and its TransitionTesting tests, unchanged. The example's
  // own package (its manifest is checked by ExamplePackageTests) is built
  // from nothing by .ci/run.
  .target(
    name: "Gallery",
    dependencies: ["UIKit"],
    path: "Examples/TransitionTestingExample/Sources/Gallery"
  ),
  .testTarget(
    name: "GalleryTests",
    dependencies: ["Gallery", "UIKit", "TransitionTesting"],
    path: "Examples/TransitionTestingExample/Tests/GalleryTests",
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

// MARK: - swift-syntax: the toolchain's own copy when it has one
//
// WorkbookFidelity reads the engine's API and WorkbookSite highlights Swift
// with swift-syntax; `swiftSyntaxImports` lists the modules each imports.
// A Linux toolchain ships swift-syntax's libraries (for its compiler's
// macros), with stable interfaces, in `usr/lib/swift/host`. When the
// toolchain building this package has all of them, the two targets import
// and link those and swift-syntax is not built at all (a first build saves
// minutes of CPU time); the tool keeps an rpath to that folder, so it runs
// from anywhere, installed too, as long as the toolchain stays where it is.
// Otherwise (another platform, a toolchain without them, or
// WORKBOOK_SWIFT_SYNTAX=package) they use the swift-syntax package.
// The toolchain is the one whose PackageDescription library runs this
// manifest: the one that compiles the targets too, whatever `swift` is
// first on PATH.
let swiftSyntaxImports = [
  // The loader tells Markdown in a snippet's comments and strings from
  // Markdown swallowed by an open fence (Book/SwiftCommentsAndStrings.swift).
  "WorkbookModel": ["SwiftParser", "SwiftSyntax"],
  // The literal table (Translation/LiteralTable.swift) finds a program's
  // literals with swift-syntax's parser.
  "WorkbookRunner": ["SwiftParser", "SwiftSyntax"],
  "WorkbookFidelity": ["SwiftParser", "SwiftSyntax"],
  "WorkbookSite": ["SwiftIDEUtils", "SwiftParser", "SwiftSyntax"],
]

/// The toolchain's `usr/lib/swift/host` when it has every module above
/// (interface and library), else nil.
let toolchainSwiftSyntax: String? = {
  #if os(Linux)
  // The library this manifest runs with, as the process's memory map
  // names it (read line by line: Foundation reads only 4 KB of /proc files).
  let manifestAPI = "/lib/swift/pm/ManifestAPI/libPackageDescription.so"
  guard ProcessInfo.processInfo.environment["WORKBOOK_SWIFT_SYNTAX"] != "package",
    let maps = fopen("/proc/self/maps", "r")
  else { return nil }
  defer { fclose(maps) }
  var buffer: UnsafeMutablePointer<CChar>?
  var capacity = 0
  defer { free(buffer) }
  var found: String?
  while found == nil, getline(&buffer, &capacity, maps) > 0, let buffer {
    let line = String(cString: buffer).trimmingCharacters(in: .newlines)
    if line.hasSuffix(manifestAPI), let start = line.firstIndex(of: "/") { found = String(line[start...]) }
  }
  guard let file = found else { return nil }
  let host = String(file.dropLast(manifestAPI.count)) + "/lib/swift/host"
  let modules = Set(swiftSyntaxImports.values.joined())
  let complete = modules.allSatisfy {
    FileManager.default.fileExists(atPath: "\(host)/\($0).swiftmodule")
      && FileManager.default.fileExists(atPath: "\(host)/lib\($0).so")
  }
  return complete ? host : nil
  #else
  return nil
  #endif
}()

if let host = toolchainSwiftSyntax {
  // Every target that imports one of the two, directly or not, loads
  // swift-syntax's modules with it: each needs the search path.
  var importers = Set(swiftSyntaxImports.keys)
  var grew = true
  while grew {
    grew = false
    for target in package.targets where !importers.contains(target.name) {
      let needs = target.dependencies.contains {
        switch $0 {
        case .targetItem(let name, _), .byNameItem(let name, _): return importers.contains(name)
        default: return false
        }
      }
      if needs { importers.insert(target.name); grew = true }
    }
  }
  for target in package.targets where importers.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-I", host])]
  }
  for target in package.targets {
    guard let modules = swiftSyntaxImports[target.name] else { continue }
    target.linkerSettings = (target.linkerSettings ?? [])
      + [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])]
      + modules.map { .linkedLibrary($0) }
  }
} else {
  package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"))
  for target in package.targets {
    guard let modules = swiftSyntaxImports[target.name] else { continue }
    target.dependencies += modules.map { .product(name: $0, package: "swift-syntax") }
  }
}
