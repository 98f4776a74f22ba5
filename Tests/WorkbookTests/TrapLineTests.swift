// A trap inside the engine is reported at the snippet line that called it:
// only a program that traps outside every snippet is compiled again with
// line tables and run under the runtime's backtracer (`TrapBacktrace`); a
// program that does not trap is compiled once, without line tables.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct TrapLineTests {
  /// A runner for `book` (the stand-in engine) that logs its commands, and
  /// the chapter named `name`.
  static func runner(_ book: String, pipeline: CompilerPipeline) throws -> (ChapterRunner, CommandLog, Book) {
    var options = Fixtures.options(book: book)
    options.pipeline = pipeline
    let workspace = Workspace(options)
    var runner = ChapterRunner(settings: try workspace.prepare())
    let log = CommandLog()
    runner.commandLog = log
    return (runner, log, try workspace.loadBook())
  }

  static func compilations(_ log: CommandLog) -> [[String]] {
    log.all.filter { ($0.first ?? "").hasSuffix("/swift-frontend") || ($0.first ?? "").hasSuffix("/swiftc") }
  }

  /// Each program run's `SWIFT_BACKTRACE=…` setting, as the only entry.
  static func programRuns(_ log: CommandLog) -> [[String]] {
    log.all.compactMap { command in command.first { $0.hasPrefix("SWIFT_BACKTRACE=") }.map { [$0] } }
  }

  @Test(arguments: [CompilerPipeline.direct, .driver])
  func aProgramThatDoesNotTrapIsCompiledOnceWithoutLineTables(pipeline: CompilerPipeline) throws {
    let (runner, log, book) = try Self.runner(try Fixtures.book("passing"), pipeline: pipeline)
    let chapter = try #require(book.chapters.first { $0.fileName == "01-basics.md" })
    let run = try runner.run(runner.builder.translate(chapter))
    #expect(run.program?.termination == .exited(0))
    let compiles = Self.compilations(log).filter { !$0.contains("-typecheck") }
    #expect(compiles.count == 1, "one compilation of the chapter program: \(compiles)")
    #expect(!log.all.contains { $0.contains(Toolchain.lineTablesFlag) })
    #expect(Self.programRuns(log).map(\.last) == ["SWIFT_BACKTRACE=enable=no"], "run once, without the backtracer")
  }

  @Test(arguments: [CompilerPipeline.direct, .driver])
  func aTrapInTheEngineIsLocatedByATracedSecondRun(pipeline: CompilerPipeline) throws {
    let (runner, log, book) = try Self.runner(try Fixtures.book("crash"), pipeline: pipeline)
    let chapter = try #require(book.chapters.first { $0.fileName == "03-engine.md" })
    let run = try #require(try runner.run(runner.builder.translate(chapter)).program)
    let crash = try #require(run.crash)
    #expect(crash.message == "Precondition failed: duration must be positive")
    #expect(crash.externalLocation?.hasPrefix("TransitionEngine/") == true, "\(crash)")
    // `engineRequire(false, …)` is the snippet's second line: line 5 of the file.
    #expect(crash.snippet == 0 && crash.lineOffset == 2, "\(crash)")
    let compiles = Self.compilations(log).filter { !$0.contains("-typecheck") }
    #expect(compiles.count == 2)
    #expect(compiles.first?.contains(Toolchain.lineTablesFlag) == false)
    #expect(compiles.last?.contains(Toolchain.lineTablesFlag) == true)
    #expect(Self.programRuns(log).map(\.last) == ["SWIFT_BACKTRACE=enable=no", "SWIFT_BACKTRACE=" + TrapBacktrace.environment])
  }

  @Test func aTrapTheRuntimePlacesInASnippetIsNotRunAgain() throws {
    let (runner, log, book) = try Self.runner(try Fixtures.book("crash"), pipeline: .direct)
    let chapter = try #require(book.chapters.first { $0.fileName == "01-unwrap.md" })
    let run = try #require(try runner.run(runner.builder.translate(chapter)).program)
    #expect(run.crash?.snippet != nil)
    #expect(!log.all.contains { $0.contains(Toolchain.lineTablesFlag) })
    #expect(Self.programRuns(log).count == 1)
  }

  @Test func theCrashLogsInnermostFrameInASnippetIsTheLine() throws {
    let chapter = ChapterLoader.load(bytes: Array("""
      # X

      ```swift
      func helper() {
        engineRequire(false, "no")
      }
      helper()
      ```

      """.utf8), path: "/b/05-x.md", displayPath: "05-x.md")
    let map = SourceMap(chapter: chapter)
    let log = """
      TransitionEngine/TransitionEngine.swift:19: Precondition failed: no

      *** Signal 4: Backtracing from 0x7f8ddfcf9361... done ***

      { "kind": "crashReport", "threads": [ { "name": "other", "frames": [] }, { "name": "program", "crashed": true, \
      "frames": [ { "kind": "programCounter", "description": "_assertionFailure + 225" }, \
      { "kind": "returnAddress", "sourceLocation": { "file": "/src/TransitionEngine/TransitionEngine.swift", "line": 19, "column": 3 } }, \
      { "kind": "returnAddress", "sourceLocation": { "file": "/b/05-x.md", "line": 5, "column": 3 } }, \
      { "kind": "returnAddress", "sourceLocation": { "file": "/b/05-x.md", "line": 7, "column": 1 } }, \
      { "kind": "truncated" } ] } ], "backtraceTime": 0.02 }

      """
    let found = TrapBacktrace.innermostSnippetLine(in: Array(log.utf8), map: map, snippets: [0])
    #expect(found?.snippet == 0 && found?.lineOffset == 2)
    // Nothing readable: no line.
    #expect(TrapBacktrace.innermostSnippetLine(in: Array("Precondition failed: no\n".utf8), map: map, snippets: [0]) == nil)
    #expect(TrapBacktrace.innermostSnippetLine(in: Array("{ \"threads\": [ broken\n}".utf8), map: map, snippets: [0]) == nil)
  }
}
