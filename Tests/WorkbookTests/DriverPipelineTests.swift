// The second compiler pipeline, `.driver` (one `swiftc` per program, chosen
// with the hidden `--pipeline driver` or WORKBOOK_PIPELINE=driver), against
// the default `.direct` (swift-frontend, then the linker): the same book
// gets the same verdicts, findings and outputs either way.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct DriverPipelineTests {
  /// A fixture book verified with `pipeline`, from an empty result cache of
  /// its own (so nothing is read from the other pipeline's run).
  static func verify(_ book: String, _ pipeline: CompilerPipeline) throws -> VerifyReport {
    let cache = try Fixtures.temporaryDirectory()
    let report = try Fixtures.verify(book, configure: {
      $0.pipeline = pipeline
      $0.cacheDirectory = cache
    })
    #expect(report.chapters.allSatisfy { !$0.cached }, "\(pipeline): a chapter came from the cache")
    return report
  }

  /// Passing, mismatched, compile-error, ignored and compile-fail snippets
  /// (the typecheck path), and four kinds of trap.
  @Test(arguments: ["shards", "crash"])
  func theDriverGivesTheSameVerdictsAndOutputsAsTheDirectPipeline(fixture: String) throws {
    let book = try Fixtures.book(fixture)
    let direct = try Self.verify(book, .direct)
    let driver = try Self.verify(book, .driver)
    #expect(driver.chapters.map(\.path) == direct.chapters.map(\.path))
    for (d, s) in zip(driver.chapters, direct.chapters) {
      #expect(d.snippets == s.snippets, "\(d.path): verdicts, outputs or diagrams differ")
      #expect(d.findings == s.findings, "\(d.path): findings differ")
    }
  }

  @Test func theDriverReportsACompileErrorAtItsMarkdownLineAndATrapAtItsSnippet() throws {
    let compileError = try Self.verify(try Fixtures.book("compile-error"), .driver)
    let error = try #require(compileError.errors(kind: .compileError).first)
    #expect(error.file.hasSuffix("compile-error/Chapters/01-typo.md"))
    #expect(error.line == 11 && error.column == 18)
    #expect(error.message == "value of type 'UIView' has no member 'frme'")
    #expect(compileError.chapters[0].snippets.map(\.status) == [.notRun, .compileError])

    let crash = try Self.verify(try Fixtures.book("crash"), .driver)
    let unwrap = try #require(crash.chapter("01-unwrap.md"))
    #expect(unwrap.findings.map(\.line) == [14])
    #expect(unwrap.findings.map(\.message) == ["Fatal error: Unexpectedly found nil while unwrapping an Optional value"])
    #expect(unwrap.snippets.map(\.status) == [.passed, .trap, .notRun])
    #expect(unwrap.snippets[1].output == "about to crash\n")
  }

  @Test func theCommandLineSelectsTheDriver() throws {
    let folder = (try Fixtures.book("compile-error") as NSString).deletingLastPathComponent
    let cli = CommandLineTests()
    let driver = try cli.workbook(["verify", "--pipeline", "driver"], in: folder)
    #expect(driver.status == 1)
    #expect(driver.stdout.hasPrefix("Chapters/01-typo.md:11:18: error: value of type 'UIView' has no member 'frme'\n"))
    let unknown = try cli.workbook(["verify", "--pipeline", "clang"], in: folder)
    #expect(unknown.status != 0 && unknown.stderr.contains("Unknown pipeline 'clang'; expected 'direct' or 'driver'"))
  }
}
