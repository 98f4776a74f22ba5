// Shared helpers: fixture books in temporary folders, the stand-in engine,
// the workbook binary, and HTML snapshots.
import Foundation
@_exported import SnapshotSupport
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite

enum SiteFixtures {
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static let root = packageRoot + "/Tests/Fixtures/site"
  /// The stand-in engine the verify fixtures use (publishes diagrams too).
  static let engineSources = packageRoot + "/Tests/Fixtures/verify/engine"

  static let engineCache: String = {
    let path = NSTemporaryDirectory() + "workbook-site-tests-engine-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// Copies fixture `name` into a fresh folder; returns the copy's root
  /// (which holds `Chapters`).
  static func book(_ name: String) throws -> String {
    let target = NSTemporaryDirectory() + "workbook-site-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: root + "/" + name, toPath: target + "/" + name)
    return target + "/" + name
  }

  /// A fresh folder holding `Chapters/` with `files` (name → text); returns
  /// the folder.
  static func emptyBook(_ files: [String: String]) throws -> String {
    let target = NSTemporaryDirectory() + "workbook-site-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: target + "/Chapters", withIntermediateDirectories: true)
    for (name, text) in files { try text.write(toFile: target + "/Chapters/" + name, atomically: true, encoding: .utf8) }
    return target
  }

  /// The fixture book's workspace: the stand-in engine, caches of its own.
  static func configuration(root: String) -> Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = root + "/Chapters"
    configuration.engineSources = engineSources
    configuration.engineCacheDirectory = engineCache
    configuration.cacheDirectory = root + "/.cache"
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
    options.engineSources = engineSources
    return options
  }

  /// `workbook build` as the command runs it: the driver (the whole book
  /// verified), then the renderer.
  static func build(_ root: String, options: SiteOptions? = nil) throws -> Site {
    let verified = try Verifier(options: verifyOptions).verifyWholeBook(in: Workspace(configuration(root: root)))
    return try SiteBuilder(options: options ?? Self.options(root: root)).render(verified)
  }

  /// The `workbook` binary SwiftPM built next to the test bundle.
  static let binary: String = {
    let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent("workbook").path, packageRoot + "/.build/debug/workbook"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
  }()

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func workbook(_ arguments: [String], in directory: String) throws -> Outcome {
    let args = arguments + ["--engine-sources", engineSources, "--cache-dir", directory + "/.cache"]
    let result = try ChildProcess.run(binary, args, directory: directory, timeout: 300)
    guard case .exited(let status) = result.termination else {
      Issue.record("workbook did not exit: \(result.termination)")
      return Outcome(status: -1, stdout: "", stderr: "")
    }
    return Outcome(status: status, stdout: String(decoding: result.stdout, as: UTF8.self),
                   stderr: String(decoding: result.stderr, as: UTF8.self))
  }
}

extension Site {
  func text(_ path: String) -> String {
    files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
  }
}
