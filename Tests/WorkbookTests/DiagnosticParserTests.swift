// The compiler's `file:line:col: severity: message` lines and the runtime's
// trap messages, mapped back to the snippet (and the line from its fence)
// they point into.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

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
      Diagnostic(severity: .error, snippet: 0, lineOffset: 2, column: 5, message: "cannot find 'b' in scope", file: nil,
                 notes: [.init(snippet: 0, lineOffset: 2, column: 5, message: "did you mean 'a'?", file: nil, fixIt: nil)]),
      Diagnostic(severity: .warning, snippet: 1, lineOffset: 1, column: 1, message: "result unused", file: nil),
    ])
  }

  // Issue 27: "chain the optional using '?'" and "force-unwrap using '!'"
  // were dropped; they are kept with their error, each with its fix-it line
  // (aligned with the Markdown line of an indented snippet).
  @Test func notesAndFixItsStayWithTheirError() {
    let text = """
      /tmp/x/02-fade.md:5:3: error: value of optional type 'V?' must be unwrapped to refer to member 'alpha'
      print(card.alpha)
            ^
      /tmp/x/02-fade.md:5:3: note: chain the optional using '?' to access member 'alpha' only for non-'nil' base values
      print(card.alpha)
            ^
                ?
      /tmp/x/02-fade.md:5:3: note: force-unwrap using '!' to abort execution if the optional value contains 'nil'
      print(card.alpha)
            ^
                !
      /engine/V.swift:3:7: note: 'V' declared here
      /tmp/x/02-fade.md:9:1: warning: result unused
      /tmp/x/02-fade.md:9:1: remark: a remark
      /tmp/x/02-fade.md:9:1: note: a note on the remark, dropped
      """
    let diagnostics = DiagnosticParser.parse(text, map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(diagnostics.count == 2)
    let error = diagnostics[0]
    #expect(error.message == "value of optional type 'V?' must be unwrapped to refer to member 'alpha'")
    #expect(error.fixIt == nil)
    #expect(error.notes == [
      .init(snippet: 0, lineOffset: 2, column: 5,
            message: "chain the optional using '?' to access member 'alpha' only for non-'nil' base values",
            file: nil, fixIt: "            ?"),
      .init(snippet: 0, lineOffset: 2, column: 5,
            message: "force-unwrap using '!' to abort execution if the optional value contains 'nil'",
            file: nil, fixIt: "            !"),
      .init(snippet: nil, lineOffset: 3, column: 7, message: "'V' declared here", file: "/engine/V.swift", fixIt: nil),
    ])
    #expect(diagnostics[1].severity == .warning && diagnostics[1].notes.isEmpty)
    // A fix-it on the error itself, and a source line that is not a caret line.
    let own = DiagnosticParser.parse("""
      /tmp/x/02-fade.md:9:1: error: cannot assign to value: 'x' is a 'let' constant
      let x = 1
      ^~~
      var
      /tmp/x/02-fade.md:9:1: error: no caret line
      print(2)
      print(3)
      print(4)
      """, map: SourceMap(chapter: Self.chapter), snippets: [0, 1])
    #expect(own.map(\.fixIt) == ["var", nil])
  }

  /// verify's finding for an error: the excerpt, then each note at its
  /// line with its fix-it under it (the details the preview overlay shows).
  @Test func aFindingsDetailsHoldTheNotes() {
    let lines = "# T\n\n  ```swift\n  let a = 1\n  print(a)\n  ```\n".split(separator: "\n", omittingEmptySubsequences: false)
    #expect(SourceExcerpt.note("chain the optional using '?'", in: lines, line: 5, column: 5, fixIt: "            ?",
                               elsewhere: nil) == ["note: chain the optional using '?'", " 5 |   print(a)", "   | " + "            ?"])
    #expect(SourceExcerpt.note("'V' declared here", in: lines, line: nil, column: 7, fixIt: nil,
                               elsewhere: "/engine/V.swift:3") == ["note: 'V' declared here (in /engine/V.swift:3)"])
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
