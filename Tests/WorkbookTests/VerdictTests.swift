// Each snippet's typed verdict, decided once by the Evaluator, on fixture
// books: what explains it travels with it (the diff, the diagnostics at
// their Markdown lines, the trap, the failure that stopped a later
// snippet), and `--record`, `failures` and the JSON report read it.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct VerdictTests {
  @Test func aMismatchCarriesExpectedActualAndTheDiff() throws {
    let report = try Fixtures.verify(try Fixtures.book("mismatch"))
    let snippet = try #require(report.chapters.first?.snippets.first)
    guard case .mismatch(let mismatch) = snippet.verdict else {
      Issue.record("not a mismatch: \(snippet.verdict)")
      return
    }
    #expect(snippet.status == .mismatch)
    #expect(mismatch.line == 7)
    #expect(mismatch.expected == "start\nanimating\ncomplete\n")
    #expect(mismatch.actual == "start\nanimate\ncomplete\n")
    #expect(Array(mismatch.diff.dropFirst(2)) == ["@@ -1,3 +1,3 @@", " start", "-animating", "+animate", " complete"])
    #expect(mismatch.fixedByRecording)
    #expect(snippet.output == "start\nanimate\ncomplete\n")
  }

  @Test func recordTurnsAFixableMismatchIntoAPass() throws {
    let report = try Fixtures.verify(try Fixtures.book("mismatch")) { $0.record = true }
    #expect(report.chapters.first?.snippets.map(\.verdict) == [.passed])
    #expect(!report.failed)
  }

  @Test func aCompileErrorCarriesItsDiagnosticsAtTheirMarkdownLines() throws {
    let report = try Fixtures.verify(try Fixtures.book("compile-error"))
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.status) == [.notRun, .compileError])
    guard case .compileError(let failure) = snippets[1].verdict else {
      Issue.record("not a compile error: \(snippets[1].verdict)")
      return
    }
    #expect(failure.diagnostics == [.init(line: 11, column: 18, message: "value of type 'UIView' has no member 'frme'")])
    #expect(failure.line == 11)
    // The first snippet compiled but never ran: the second one stopped it.
    guard case .notRun(let notRun) = snippets[0].verdict else {
      Issue.record("not a not-run: \(snippets[0].verdict)")
      return
    }
    #expect(notRun.stoppedBy == 1)
    #expect(notRun.reason == "the chapter program does not build: snippet 2 (line 10) has a compile error")
  }

  @Test func aTrapStopsTheSnippetsAfterIt() throws {
    let report = try Fixtures.verify(try Fixtures.book("crash")) { $0.chapters = ["01-unwrap"] }
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets[0].verdict == .passed)
    #expect(snippets[1].verdict == .trap(.init(
      message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value", line: 14)))
    #expect(snippets[1].output == "about to crash\n", "what it printed before the trap")
    #expect(snippets[2].verdict == .notRun(.init(reason: "snippet 2 (line 11) trapped", stoppedBy: 1)))
  }

  @Test func aTimeoutIsTheVerdictOfTheSnippetThatWasRunning() throws {
    let report = try Fixtures.verify(try Fixtures.book("timeout"), { $0.chapters = ["01-forever"] }, configure: { $0.timeout = 1.5 })
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets[0].verdict == .passed)
    guard case .timeout(let timeout) = snippets[1].verdict else {
      Issue.record("not a timeout: \(snippets[1].verdict)")
      return
    }
    #expect(timeout.line == 12)
    #expect(timeout.message == "Chapter ran past the timeout and was killed while running this snippet")
  }

  @Test func failuresListEachFindingAndEachUnrunSnippetOnce() throws {
    let book = try Fixtures.book("crash")
    var options = Verifier.Options()
    options.chapters = ["01-unwrap"]
    let verified = try Verifier(options: options).verify(in: Workspace(Fixtures.options(book: book)))
    let failures = try #require(verified.chapters.first?.failures)
    #expect(failures.map(\.line) == [14, 17])
    #expect(failures[1].message == "Not run: snippet 2 (line 11) trapped")
    #expect(verified.chapters.first?.report.findings.first?.snippet == 1, "the trap's finding is about snippet 2")
  }

  @Test func theJSONReportSpellsStatusesInKebabCaseAndRoundTrips() throws {
    let verified = try Verifier().verify(in: Workspace(Fixtures.options(book: try Fixtures.book("compile-error"))))
    let report = verified.report
    let json = ReportDocument(verified).json()
    #expect(json.contains("\"status\":\"compile-error\""))
    #expect(json.contains("\"status\":\"not-run\""))
    #expect(json.contains("\"stoppedBy\":1"))
    let encoded = try JSONEncoder().encode(report.chapters)
    #expect(try JSONDecoder().decode([ChapterReport].self, from: encoded) == report.chapters)
    #expect(Set(SnippetReport.Status.allCases.map(\.rawValue))
      == ["passed", "mismatch", "compile-error", "trap", "timeout", "not-run", "ignored", "not-runnable"])
  }

  @Test func aLearnersFileGetsTheSameVerdictsAtItsOwnLines() {
    var run = ProgramRun()
    run.diagnostics = [Diagnostic(severity: .error, snippet: 0, lineOffset: 7, column: 3, message: "cannot find 'x' in scope"),
                       Diagnostic(severity: .warning, snippet: 0, lineOffset: 2, column: 1, message: "unused")]
    #expect(Evaluator.learnerVerdict(run, output: "", expected: "a\n", file: "f.swift") == .compileError(.init(
      message: "cannot find 'x' in scope", line: 7, diagnostics: [.init(line: 7, column: 3, message: "cannot find 'x' in scope")])))
    run = ProgramRun()
    run.compiled = true
    run.ran = true
    run.crash = Crash(message: "Fatal error: Index out of range", snippet: 0, lineOffset: 4)
    #expect(Evaluator.learnerVerdict(run, output: "", expected: "a\n", file: "f.swift")
      == .trap(.init(message: "Fatal error: Index out of range", line: 4)))
    run.crash = nil
    run.termination = .timedOut
    #expect(Evaluator.learnerVerdict(run, output: "", expected: "a\n", file: "f.swift").status == .timeout)
    run.termination = .exited(0)
    let wrong = Evaluator.learnerVerdict(run, output: "b\n", expected: "a\n", file: "f.swift")
    guard case .mismatch(let mismatch) = wrong else {
      Issue.record("not a mismatch: \(wrong)")
      return
    }
    #expect(mismatch.expected == "a\n" && mismatch.actual == "b\n")
    #expect(mismatch.line == nil, "the file's, at no line: the line that printed it is not known")
    #expect(mismatch.diff.contains("-a") && mismatch.diff.contains("+b"))
    #expect(Evaluator.learnerVerdict(run, output: "a\n", expected: "a\n", file: "f.swift") == .passed)
  }
}
