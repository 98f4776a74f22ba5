// The example app package (Examples/TransitionTestingExample) as an app's
// Linux CI meets it. Its code and tests are compiled and run by `swift
// test` itself, as this package's `Gallery` and `GalleryTests` targets (same
// folders, same dependencies); this checks that the example's own manifest
// still describes that: it depends on this package by path, and asks for
// products this package has. `.ci/run` also builds the example's package
// from nothing and runs its `swift test`, as an app would.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ExamplePackageTests {
  static let example = Fixtures.packageRoot + "/Examples/TransitionTestingExample"

  /// `swift package dump-package` of the package at `path`, parsed (in a
  /// scratch folder of its own: this package's is locked by `swift test`).
  static func manifest(_ path: String) throws -> [String: Any] {
    let scratch = try Fixtures.temporaryDirectory()
    let run = try InstalledToolTests.run(
      "/usr/bin/env", ["swift", "package", "--package-path", path, "--scratch-path", scratch, "dump-package"],
      in: path)
    try #require(run.status == 0, "\(run.output)")
    // The JSON is the output's first `{` on (warnings may come first).
    let json = try #require(run.output.firstIndex(of: "{").map { run.output[$0...] })
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// name → (path, dependencies as "Target" or "Product@package").
  static func targets(_ manifest: [String: Any]) -> [String: (path: String?, dependencies: [String])] {
    var targets: [String: (path: String?, dependencies: [String])] = [:]
    for target in manifest["targets"] as? [[String: Any]] ?? [] {
      let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
        if let product = dependency["product"] as? [Any?] {
          return "\(product[0] as? String ?? "")@\(product[1] as? String ?? "")"
        }
        return ((dependency["byName"] ?? dependency["target"]) as? [Any?])?.first as? String
      }
      targets[target["name"] as? String ?? ""] = (target["path"] as? String, dependencies)
    }
    return targets
  }

  @Test func theExampleDependsOnThisPackageAndTheTargetsHereCompileItsFiles() throws {
    let example = try Self.manifest(Self.example)
    let root = try Self.manifest(Fixtures.packageRoot)

    // Its one dependency: this package, by path, named as its targets name it.
    let dependencies = try #require(example["dependencies"] as? [[String: Any]])
    let local = try #require((dependencies.first?["fileSystem"] as? [[String: Any]])?.first)
    #expect(dependencies.count == 1)
    #expect(Files.absolute(local["path"] as? String ?? "") == Files.absolute(Fixtures.packageRoot))
    #expect(local["nameForTargetDependencyResolutionOnly"] as? String == "TransitionWorkbook")

    // Every product it asks for is one of this package's.
    let products = Set((root["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    let exampleTargets = Self.targets(example)
    let asked = exampleTargets.values.flatMap(\.dependencies).filter { $0.hasSuffix("@TransitionWorkbook") }
    #expect(Set(asked) == ["UIKit@TransitionWorkbook", "TransitionTesting@TransitionWorkbook"])
    for product in asked {
      #expect(products.contains(String(product.prefix { $0 != "@" })), "this package has no product for \(product)")
    }

    // This package's Gallery and GalleryTests compile the example's folders
    // with the same dependencies (its products are these targets here).
    let rootTargets = Self.targets(root)
    for name in ["Gallery", "GalleryTests"] {
      let there = try #require(exampleTargets[name], "the example has no target \(name)")
      let here = try #require(rootTargets[name], "this package has no target \(name)")
      let folder = name == "Gallery" ? "Sources/Gallery" : "Tests/GalleryTests"
      #expect(there.path == nil || there.path == folder)
      #expect(here.path == "Examples/TransitionTestingExample/" + folder)
      let unqualified = there.dependencies.map { $0.replacingOccurrences(of: "@TransitionWorkbook", with: "") }
      #expect(Set(here.dependencies) == Set(unqualified), "\(name): \(here.dependencies) here, \(there.dependencies) there")
    }
  }
}
