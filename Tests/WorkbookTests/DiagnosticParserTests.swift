// The compiler's `file:line:col: severity: message` lines and the runtime's
// trap messages, mapped back to the snippet (and the line from its fence)
// they point into.
import Foundation
import Testing
@testable import WorkbookCore

@Suite struct DiagnosticParserTests {
  /// Snippet 0 at lines 3–6 (indented by two), snippet 1 at lines 9–11.
  static let chapter = ChapterLoader.load(
    bytes: Array("# T\n\n  ```swift\n  let a = 1\n  print(a)\n  ```\n\n```swift\nprint(2)\n```\n".utf8),
    path: "/book/02-fade.md", displayPath: "02-fade.md")

  @Test func aDiagnosticInASnippetIsMappedToItsLineAndColumn() {
    let text = """
      /tmp/x/02-fade.md:5:3: error: cannot find 'b' in scope
      /tmp/x/02-fade.md:5:3: note: did you mean 'a'?
      /tmp/x/02-fade.md:9:1: warning: result unused
      """
    let diagnostics = DiagnosticParser.parse(text, map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(diagnostics == [
      // Columns inside an indented snippet count from the Markdown line.
      Diagnostic(severity: .error, snippet: 0, lineOffset: 2, column: 5, message: "cannot find 'b' in scope", file: nil),
      Diagnostic(severity: .warning, snippet: 1, lineOffset: 1, column: 1, message: "result unused", file: nil),
    ])
  }

  @Test func aDiagnosticOutsideEverySnippetKeepsItsFileAndLine() {
    let text = "/engine/UIView.swift:120:7: error: something\n/tmp/x/02-fade.md:7:1: error: between snippets\n"
    let diagnostics = DiagnosticParser.parse(text, map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(diagnostics == [
      Diagnostic(severity: .error, snippet: nil, lineOffset: 120, column: 7, message: "something", file: "/engine/UIView.swift"),
      Diagnostic(severity: .error, snippet: nil, lineOffset: 7, column: 1, message: "between snippets", file: "/tmp/x/02-fade.md"),
    ])
  }

  @Test func aLineWithoutAPositionIsKeptWholeAndOtherLinesAreDropped() {
    let text = "<unknown>: error: linker command failed\nerror: no position\nsome progress output\n"
    let diagnostics = DiagnosticParser.parse(text, map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(diagnostics == [
      Diagnostic(severity: .error, snippet: nil, lineOffset: 0, column: 0, message: "linker command failed", file: "<unknown>"),
    ])
  }

  @Test func onlySnippetsOfTheProgramAreCandidates() {
    let diagnostics = DiagnosticParser.parse("/x/02-fade.md:10:1: error: e\n", map: SourceMap(chapter: Self.chapter), snippets: [0])
    #expect(diagnostics.first?.snippet == nil)
  }

  @Test func aTrapInASnippetIsLocated() {
    let stderr = "WorkbookChapter/02-fade.md:5: Fatal error: Unexpectedly found nil\nCurrent stack trace:\n"
    let crash = DiagnosticParser.crash(in: stderr, termination: .signaled(4), map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(crash == Crash(message: "Fatal error: Unexpectedly found nil", snippet: 0, lineOffset: 2, externalLocation: nil))
  }

  @Test func aTrapElsewhereKeepsItsLocation() {
    let stderr = "TransitionEngine/UIView.swift:120: Precondition failed: bad frame\n"
    let crash = DiagnosticParser.crash(in: stderr, termination: .signaled(4), map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(crash == Crash(message: "Precondition failed: bad frame", snippet: nil, lineOffset: nil,
                           externalLocation: "TransitionEngine/UIView.swift:120"))
  }

  @Test func withoutATrapMessageTheTerminationSpeaks() {
    let killed = DiagnosticParser.crash(in: "", termination: .signaled(SIGKILL), map: SourceMap(chapter: Self.chapter), snippets: [])
    #expect(killed.message == "Killed by \(signalName(SIGKILL))")
    let exited = DiagnosticParser.crash(in: "noise\n", termination: .exited(3), map: SourceMap(chapter: Self.chapter), snippets: [])
    #expect(exited.message == "Exited with status 3")
  }
}
