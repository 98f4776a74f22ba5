// Shared helpers: fixture books in temporary folders, the site built with
// the stand-in engine (TestSupport), the workbook binary, and HTML snapshots.
import Foundation
@_exported import SnapshotSupport
import Testing
@_exported import TestSupport
@testable import WorkbookCore
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

  static func options(root: String) -> SiteOptions {
    var options = SiteOptions()
    options.verify.book = root + "/Chapters"
    options.verify.engineSources = TestPackage.standInEngine
    options.verify.engineCacheDirectory = TestPackage.engineCache
    options.verify.cacheDirectory = root + "/.cache"
    options.verify.jobs = 2
    return options
  }

  static func build(_ root: String) throws -> Site {
    try SiteBuilder(options: options(root: root)).build()
  }

  /// Runs the built `workbook` in `directory` against the stand-in engine.
  static func workbook(_ arguments: [String], in directory: String) throws -> TestPackage.Outcome {
    try TestPackage.runWorkbook(
      arguments + ["--engine-sources", TestPackage.standInEngine, "--cache-dir", directory + "/.cache"], in: directory)
  }
}

extension Site {
  func text(_ path: String) -> String {
    files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
  }
}
