import Testing
import WorkbookMarkdown

@Suite struct MarkdownDocumentTests {
  @Test func headingsAndFencedBlocksKeepTheirPositions() throws {
    let text = """
      # Title with `code`

      Text.

      ```swift no-run
      let a = 1
      ```

      - item

        ~~~~output
        x
        ~~~~

      """
    let document = MarkdownDocument.parse(text)
    let headings = document.blocks.compactMap { block -> MarkdownHeading? in
      if case .heading(let h) = block { return h } else { return nil }
    }
    #expect(headings.map(\.text) == ["Title with code"])
    #expect(headings.first?.position == SourcePosition(line: 1, column: 1))
    let code = document.blocks.compactMap { block -> MarkdownCodeBlock? in
      if case .codeBlock(let c) = block { return c } else { return nil }
    }
    try #require(code.count == 2)
    #expect(code[0].info == "swift no-run")
    #expect(code[0].content == "let a = 1\n")
    #expect(code[0].position.line == 5)
    #expect(code[0].closingFenceLine == 7)
    #expect(code[1].fenceCharacter == "~")
    #expect(code[1].fenceLength == 4)
    #expect(code[1].position == SourcePosition(line: 11, column: 3))
    #expect(code[1].isInsideListItem)
    #expect(code[1].closingFenceLine == 13)
  }

  @Test func anUnclosedFenceHasNoClosingLine() {
    let document = MarkdownDocument.parse("```swift\nprint(1)\n")
    guard case .codeBlock(let block)? = document.blocks.first else {
      Issue.record("no code block")
      return
    }
    #expect(block.closingFenceLine == nil)
  }

  @Test func invalidUTF8IsReportedWithItsPosition() {
    let bytes: [UInt8] = Array("# T\n\nab".utf8) + [0xE9, 0x0A]
    #expect(throws: MarkdownError.invalidUTF8(position: SourcePosition(line: 3, column: 3))) {
      try MarkdownDocument.parse(bytes: bytes)
    }
  }

  /// Each block quote, list, item, paragraph, emphasis or link is a level;
  /// the first node past the limit is named by its line.
  @Test func nestingIsLimitedAtTheFirstNodeTooDeep() throws {
    let limit = MarkdownDocument.maximumNesting
    func quotes(_ n: Int) -> [UInt8] { Array(("# T\n\n" + String(repeating: ">", count: n) + " hi\n").utf8) }
    // The text inside n quotes has n + 1 levels around it (the paragraph).
    let deepest = try MarkdownDocument.parse(bytes: quotes(limit - 1))
    #expect(deepest.paragraphTexts[3] == "hi")
    do {
      _ = try MarkdownDocument.parse(bytes: quotes(limit))
      Issue.record("\(limit) quotes were not refused")
    } catch {
      guard case .nestedTooDeeply(let position) = error else { throw error }
      #expect(position.line == 3)
    }
    let emphasis = String(repeating: "*a ", count: limit) + "b" + String(repeating: " a*", count: limit)
    #expect(throws: MarkdownError.self) { try MarkdownDocument.parse(bytes: Array(("x\n\n" + emphasis).utf8)) }
    // Renderers that take any text show it as written.
    #expect(MarkdownNode.parse(emphasis) == .document([.paragraph([.text(emphasis)])]))
    #expect(MarkdownHTML.render(bytes: Array(emphasis.utf8)).html == "<p>" + emphasis + "</p>\n")
  }

  @Test func crlfLinesAreSplitOnce() {
    let document = MarkdownDocument.parse("a\r\n\r\nb\r\n")
    #expect(document.lines.map(String.init) == ["a", "", "b", ""])
    #expect(document.onlyBlankLines(between: 1, and: 3))
  }
}
