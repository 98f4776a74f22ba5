// The terminal lays out cmark's tree: quotes, nested and ordered lists,
// loose lists, tables as written, escapes and code spans as cmark reads them.
import Testing
@testable import WorkbookStepper

@Suite struct TerminalMarkdownTests {
  func render(_ markdown: String, width: Int = 40) -> [String] {
    MarkdownTerminalRenderer(style: .plain).render(markdown, width: width)
  }

  @Test func quotesAndNestedAndOrderedLists() {
    #expect(render("> Quoted *text*\n> on two lines.\n") == ["│ Quoted text on two lines."])
    #expect(render("1. first\n2. second\n   - inner\n") == ["  1. first", "  2. second", "    - inner"])
    #expect(render("3) three\n4) four\n") == ["  3) three", "  4) four"])
  }

  // RELIABILITY-REVIEW-4 M2: 40,000 quotes crashed `workbook exercises`.
  // Past the parser's limit the text is shown as written; within it every
  // level is drawn.
  @Test func deepNestingIsDrawnOrShownAsText() {
    let deep = render(String(repeating: ">", count: 40_000) + " hi")
    #expect(deep.joined().filter { $0 == ">" }.count == 40_000)
    #expect(deep.last?.hasSuffix("hi") == true)
    let quotes = render(String(repeating: "> ", count: 200) + "hi")
    #expect(quotes.first?.hasPrefix(String(repeating: "│ ", count: 200)) == true)
    let emphasis = render(String(repeating: "*a ", count: 200) + "b" + String(repeating: " a*", count: 200), width: 2_000)
    #expect(emphasis == [Array(repeating: "a", count: 200).joined(separator: " ") + " b " + Array(repeating: "a", count: 200).joined(separator: " ")])
  }

  @Test func looseListsKeepTheirBlankLines() {
    #expect(render("- a\n\n- b\n") == ["  - a", "", "  - b"])
  }

  @Test func escapesAndCodeSpansAreCmarks() {
    // A backslash escapes; a code span keeps its content, spaces trimmed once.
    #expect(render(#"Not \*emphasis\*, and `` a`b ``."#) == ["Not *emphasis*, and `a`b`."])
    // Emphasis inside a word with underscores is text (CommonMark).
    #expect(render("snake_case_name") == ["snake_case_name"])
  }

  @Test func tablesAreShownAsWrittenCutToTheWidth() {
    let lines = render("| a | b |\n|---|---|\n| 1 | 2 |\n", width: 20)
    #expect(lines == ["| a | b |", "|---|---|", "| 1 | 2 |"])
  }

  @Test func linksToAnchorsShowOnlyTheirText() {
    #expect(render("See [above](#top) and [docs](https://x.y).") == ["See above and docs (https://x.y)."])
  }
}
