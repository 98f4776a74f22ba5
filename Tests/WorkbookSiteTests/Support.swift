// Shared helpers: fixture books in temporary folders, the site built with
// the stand-in engine (TestSupport), the workbook binary, and HTML snapshots.
import Foundation
@_exported import SnapshotSupport
import Testing
@_exported import TestSupport
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite

enum SiteFixtures {
  static let root = TestPackage.fixtures + "/site"

  /// Copies fixture `name` into a fresh folder; returns the copy's root
  /// (which holds `Chapters`).
  static func book(_ name: String) throws -> String {
    try TestPackage.copy("site/" + name)
  }

  /// A fresh folder holding `Chapters/` with `files` (name → text); returns
  /// the folder.
  static func emptyBook(_ files: [String: String]) throws -> String {
    let target = try TestPackage.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: target + "/Chapters", withIntermediateDirectories: true)
    for (name, text) in files { try text.write(toFile: target + "/Chapters/" + name, atomically: true, encoding: .utf8) }
    return target
  }

  /// The fixture book's workspace: the stand-in engine and the test run's
  /// one cache folder (`TestPackage.engineCache`): a chapter verified by
  /// one test is a cached result for the next (results are keyed by what
  /// decides them, so a changed chapter is verified again).
  static func configuration(root: String) -> Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = root + "/Chapters"
    configuration.engineSources = TestPackage.standInEngine
    configuration.engineCacheDirectory = TestPackage.engineCache
    configuration.cacheDirectory = TestPackage.engineCache
    return configuration
  }

  /// Two chapters at once.
  static var verifyOptions: Verifier.Options {
    var options = Verifier.Options()
    options.jobs = 2
    return options
  }

  /// How the site is rendered: the stand-in engine's ledger (it has no
  /// rows, so no page).
  static func options(root: String) -> SiteOptions {
    var options = SiteOptions()
    options.engineSources = TestPackage.standInEngine
    return options
  }

  /// `workbook build` as the command runs it: the driver (the whole book
  /// verified), then the renderer.
  static func build(_ root: String, options: SiteOptions? = nil) throws -> Site {
    let verified = try Verifier(options: verifyOptions).verifyWholeBook(in: Workspace(configuration(root: root)))
    return try SiteBuilder(options: options ?? Self.options(root: root)).render(verified)
  }

  /// Runs the built `workbook` in `directory` against the stand-in engine,
  /// with the test run's one cache folder (the engine built once per run).
  static func workbook(_ arguments: [String], in directory: String) throws -> TestPackage.Outcome {
    try TestPackage.runWorkbook(
      arguments + ["--engine-sources", TestPackage.standInEngine, "--cache-dir", TestPackage.engineCache], in: directory)
  }
}

extension Site {
  func text(_ path: String) -> String {
    files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
  }
}
