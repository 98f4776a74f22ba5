// The `workbook verify` command end to end: exit statuses, formats, errors.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct CommandLineTests {
  /// Runs the built `workbook` in `directory` against the stand-in engine.
  func workbook(_ arguments: [String], in directory: String) throws -> TestPackage.Outcome {
    try TestPackage.runWorkbook(
      arguments + ["--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache], in: directory)
  }

  @Test func exitsZeroWhenEverythingPasses() throws {
    let book = try Fixtures.book("passing")
    let out = try workbook(["verify"], in: (book as NSString).deletingLastPathComponent)
    #expect(out.status == 0)
    #expect(out.stdout.hasPrefix("2 chapters, 5 snippets: 5 passed, 0 failed in "))
    #expect(out.stderr.contains("ok   Chapters/01-basics.md (4 snippets"))
  }

  @Test func exitsOneWithFindingsAtMarkdownLines() throws {
    let book = try Fixtures.book("compile-error")
    let out = try workbook(["verify"], in: (book as NSString).deletingLastPathComponent)
    #expect(out.status == 1)
    #expect(out.stdout.hasPrefix("""
      Chapters/01-typo.md:11:18: error: value of type 'UIView' has no member 'frme'
           11 | let width = view.frme.width
              |                  ^
      """))
  }

  @Test func exitsTwoForUsageAndSetupErrors() throws {
    let directory = try Fixtures.temporaryDirectory()
    let missing = try workbook(["verify"], in: directory)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("error: Book folder 'Chapters' does not exist; run from the repository root or pass --book DIR"))
    let usage = try workbook(["verify", "--jobs", "0"], in: directory)
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("'--jobs' must be at least 1, got '0'"))
    let unknown = try workbook(["verify", "--frobnicate"], in: directory)
    #expect(unknown.status == 2)
  }

  @Test func githubAnnotationsAndJSON() throws {
    let book = try Fixtures.book("mismatch")
    let root = (book as NSString).deletingLastPathComponent
    let github = try workbook(["verify", "--format", "github"], in: root)
    #expect(github.status == 1)
    #expect(github.stdout.hasPrefix(
      "::error file=Chapters/01-diff.md,line=7,title=workbook verify%3A output-mismatch::Output does not match the output block%0A--- expected"))
    let json = try workbook(["verify", "--format", "json"], in: root)
    #expect(json.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["passed"] as? Bool == false)
    let summary = object?["summary"] as? [String: Any]
    #expect(summary?["failed"] as? Int == 1)
    let chapters = object?["chapters"] as? [[String: Any]]
    let finding = (chapters?.first?["findings"] as? [[String: Any]])?.first
    #expect(finding?["line"] as? Int == 7)
    #expect(finding?["kind"] as? String == "output-mismatch")
  }

  @Test func helpTeachesWithExamples() throws {
    let out = try ChildProcess.run(TestPackage.binary, ["verify", "--help"], timeout: 60)
    let text = String(decoding: out.stdout, as: UTF8.self)
    #expect(text.contains("workbook verify --record"))
    #expect(text.contains("Exit status: 0 when everything passes"))
  }
}

/// Verify against the real engine sources of this package: the engine is
/// found by walking up from the book, and `import UIKit` means it.
@Suite struct RealEngineTests {
  @Test func aBookInsideThePackageUsesThePackagesEngine() throws {
    let book = Fixtures.packageRoot + "/.build/workbook-test-book-\(getpid())/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: (book as NSString).deletingLastPathComponent) }
    try """
      # Real engine

      ```swift
      import UIKit
      print(transitionEngineVersion.isEmpty)
      ```

      ```output
      false
      ```
      """.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    var options = Workspace.Configuration()
    options.book = book
    options.engineCacheDirectory = EngineCache.userDirectory()  // the real engine: built once per machine
    options.cacheDirectory = (book as NSString).deletingLastPathComponent + "/cache"
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.findings == [])
    #expect(report.passedCount == 1)
  }
}
