// Shared helpers: fixture books copied to temporary folders, verify with
// test options (the package, the stand-in engine, its one build folder and
// the binary are TestSupport's TestPackage).
import Foundation
import Testing
@_exported import TestSupport
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

enum Fixtures {
  /// Tests/Fixtures/verify
  static let root = TestPackage.fixtures + "/verify"
  static let packageRoot = TestPackage.root

  /// The stand-in engine the fixtures are written against (its diagrams
  /// harness is the folder beside it, `TransitionDiagrams`).
  static let engineSources = TestPackage.standInEngine

  /// Copies the stand-in engine, its harness and its SDK modules into
  /// `folder`, as `TransitionEngine`, `TransitionDiagrams`, `CoreGraphics`,
  /// `QuartzCore` and `UIKit` (a package's `Sources`), and returns the
  /// engine's folder.
  static func copyEngine(into folder: String) throws -> String {
    let manager = FileManager.default
    let sdk = EngineBuilder.sdkModules.map { (root + "/" + $0, $0) }
    for (from, to) in [(engineSources, "TransitionEngine"), (root + "/TransitionDiagrams", "TransitionDiagrams")] + sdk {
      try manager.createDirectory(atPath: folder + "/" + to, withIntermediateDirectories: true)
      for file in try manager.contentsOfDirectory(atPath: from) where file.hasSuffix(".swift") {
        try manager.copyItem(atPath: from + "/" + file, toPath: folder + "/" + to + "/" + file)
      }
    }
    return folder + "/TransitionEngine"
  }

  /// The test run's one folder of engine builds (TestSupport).
  static let engineCache = TestPackage.engineCache

  /// Copies fixture book `name` into a fresh temporary folder and returns
  /// the copy's `Chapters` folder.
  static func book(_ name: String) throws -> String {
    try TestPackage.copy("verify/" + name) + "/Chapters"
  }

  /// Compiles `source` (a `main.swift` using Foundation) to `folder/main.o`
  /// with the snippet flags, as verify's direct pipeline does; returns the
  /// object's path.
  static func compileObject(_ source: String, in folder: String, toolchain: Toolchain) throws -> String {
    let file = folder + "/main.swift"
    try source.write(toFile: file, atomically: false, encoding: .utf8)
    let compile = try ChildProcess.run(toolchain.frontend, [
      "-frontend", "-c", file, "-target", toolchain.triple, "-module-name", "Probe",
      "-module-cache-path", folder + "/modules", "-o", folder + "/main.o"] + Toolchain.snippetFlags, timeout: 600)
    #expect(compile.termination == .exited(0), "\(String(decoding: compile.stderr, as: UTF8.self))")
    return folder + "/main.o"
  }

  static func temporaryDirectory() throws -> String { try TestPackage.temporaryDirectory() }

  /// The package's own engine (`Sources/TransitionEngine`).
  static let packageEngine = packageRoot + "/Sources/TransitionEngine"

  /// `options(book:cache:)` on the package's own engine, built where the
  /// tool builds it: the per-user engine cache, shared with
  /// `scripts/bootstrap.sh` and every test run (built once per machine and
  /// engine version, not once per run).
  static func packageEngineOptions(book: String, cache: String? = nil) -> Workspace.Configuration {
    var options = options(book: book, cache: cache)
    options.engineSources = packageEngine
    options.engineCacheDirectory = EngineCache.userDirectory()
    return options
  }

  static func options(book: String, cache: String? = nil) -> Workspace.Configuration {
    var options = Workspace.Configuration()
    options.book = book
    options.engineSources = engineSources
    options.engineCacheDirectory = engineCache
    options.cacheDirectory = cache ?? (book as NSString).deletingLastPathComponent + "/.cache"
    return options
  }

  /// Verifies `book` with the fixtures' engine and caches (`configure`
  /// changes them), checking what `check` says (two chapters at once).
  static func verify(
    _ book: String, _ check: (inout Verifier.Options) -> Void = { _ in },
    configure: (inout Workspace.Configuration) -> Void = { _ in }
  ) throws -> VerifyReport {
    var configuration = options(book: book)
    configure(&configuration)
    var options = Verifier.Options()
    options.jobs = 2
    check(&options)
    return try Verifier(options: options).run(in: Workspace(configuration))
  }

  static func read(_ path: String) -> String { TestPackage.read(path) }

  /// `text` loaded as the chapter `01-test.md` of a book at `/book`.
  static func chapter(_ text: String) -> Chapter {
    ChapterLoader.load(bytes: Array(text.utf8), path: "/book/01-test.md", displayPath: "01-test.md")
  }
}

extension VerifyReport {
  func chapter(_ suffix: String) -> ChapterReport? {
    chapters.first { $0.path.hasSuffix(suffix) }
  }

  func errors(kind: Finding.Kind? = nil) -> [Finding] {
    findings.filter { $0.severity == .error && (kind == nil || $0.kind == kind) }
  }
}
