// Which published diagram `workbook play` plays, and why there is none.
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct DiagramChoiceTests {
  static func snippet(_ index: Int, line: Int, _ diagrams: [DiagramRecord]) -> SnippetReport {
    SnippetReport(index: index, line: line, kind: "run", hidden: false, verdict: .passed, diagrams: diagrams)
  }

  static let trace = DiagramRecord(kind: .trace, text: "a -> b")
  static let strip = DiagramRecord(kind: .filmstrip, text: "┌┐")

  static func report(failed: Bool = false) -> ChapterReport {
    ChapterReport(
      path: "Chapters/03-slide.md", title: nil,
      snippets: [snippet(0, line: 3, []), snippet(1, line: 9, [trace, strip]), snippet(2, line: 15, [trace])],
      findings: failed ? [Finding(.error, .crash, file: "Chapters/03-slide.md", line: 20, message: "x")] : [],
      cached: false, recordedBlocks: 0, duration: 0)
  }

  @Test func withoutANumberTheFirstSnippetThatPublishedAndItsFilmstripArePlayed() throws {
    let choice = try DiagramRecord.Choice.choose(in: Self.report(), snippet: nil)
    #expect(choice.snippet.index == 1)
    #expect(choice.diagram == Self.strip, "a filmstrip before any other kind")
    #expect(choice.others.map(\.index) == [2])
  }

  @Test func aNumberedSnippetIsPlayedAndItsFirstDiagramWhenItHasNoFilmstrip() throws {
    let choice = try DiagramRecord.Choice.choose(in: Self.report(), snippet: 3)
    #expect(choice.snippet.index == 2)
    #expect(choice.diagram == Self.trace)
    #expect(choice.others.isEmpty)
  }

  @Test func noSuchSnippetOrNoDiagramIsAnErrorThatSaysWhatToDo() {
    #expect(throws: DiagramRecord.ChoiceError.noSuchSnippet(chapter: "Chapters/03-slide.md", number: 4, count: 3)) {
      try DiagramRecord.Choice.choose(in: Self.report(), snippet: 4)
    }
    do {
      _ = try DiagramRecord.Choice.choose(in: Self.report(), snippet: 1)
      Issue.record("snippet 1 published nothing")
    } catch {
      #expect(ErrorText.message(for: error)
        == "Snippet 1 of 'Chapters/03-slide.md' (line 3) published no diagram; these did: 2, 3")
    }
    var silent = Self.report(failed: true)
    silent.snippets = [Self.snippet(0, line: 3, [])]
    do {
      _ = try DiagramRecord.Choice.choose(in: silent, snippet: nil)
      Issue.record("nothing was published")
    } catch {
      #expect(ErrorText.message(for: error)
        == "No snippet of 'Chapters/03-slide.md' published a diagram; the chapter does not verify, run 'workbook verify 03-slide'")
    }
  }
}
