// MarkdownHTML and SwiftHighlighter on their own: GFM, raw HTML, hooks.
import Testing
import WorkbookMarkdown
@testable import WorkbookSite

@Suite struct MarkdownHTMLTests {
  func html(_ markdown: String, raw: Bool = false, hooks: MarkdownHTMLHooks = .init()) -> String {
    MarkdownHTML.render(bytes: Array(markdown.utf8), allowRawHTML: raw, hooks: hooks).html
  }

  @Test func rendersTheGFMExtensions() {
    #expect(html("| a | b |\n| - | - |\n| 1 | 2 |\n").contains("<table>"))
    #expect(html("~~gone~~\n") == "<p><del>gone</del></p>\n")
    #expect(html("see https://example.com\n") == "<p>see <a href=\"https://example.com\">https://example.com</a></p>\n")
    #expect(html("- [x] done\n").contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" />"))
  }

  @Test func rawHTMLIsTextUnlessTheBookOptsIn() {
    #expect(html("a <b>bold</b> <script>x()</script>\n") == "<p>a &lt;b&gt;bold&lt;/b&gt; &lt;script&gt;x()&lt;/script&gt;</p>\n")
    #expect(html("<div>\nblock\n</div>\n") == "<p>&lt;div&gt;\nblock\n&lt;/div&gt;</p>\n")
    // Opted in: passed through, with GFM's tag filter on dangerous tags.
    #expect(html("a <b>bold</b> <script>x()</script>\n", raw: true) == "<p>a <b>bold</b> &lt;script>x()&lt;/script></p>\n")
  }

  @Test func hooksReplaceCodeBlocksHeadingsListsAndURLs() {
    var hooks = MarkdownHTMLHooks()
    hooks.codeBlock = { block in "<X info=\"\(block.info)\" line=\"\(block.position.line)\"/>" }
    hooks.heading = { heading in ("<h\(heading.level) id=\"h\">", "</h\(heading.level)>") }
    hooks.url = { $0.replacingOccurrences(of: ".md", with: ".html") }
    hooks.labelledList = { label, _ in
      label == "Hints" ? LabelledListMarkup(open: "<div>", itemOpen: { n, c in "<d \(n)/\(c)>" }, itemClose: "</d>", close: "</div>") : nil
    }
    let out = html("# A *b*\n\n```swift x\ncode\n```\n\n[l](a.md)\n\n**Hints:**\n\n- one\n- two\n", hooks: hooks)
    #expect(out == """
      <h1 id="h">
      A <em>b</em>
      </h1>
      <X info="swift x" line="3"/>
      <p><a href="a.html">l</a></p>
      <div>
      <d 0/2>
      <p>one</p>
      </d>
      <d 1/2>
      <p>two</p>
      </d>
      </div>

      """)
  }

  @Test func sectionsHoldPlainText() {
    let rendered = MarkdownHTML.render(bytes: Array("Intro *text*.\n\n## Part `one`\n\nBody\nmore.\n\n```swift\nhidden\n```\n".utf8))
    #expect(rendered.sections.map(\.text) == ["Intro text.", "Body more. hidden"])
    #expect(rendered.sections.map { $0.heading?.text } == [nil, "Part one"])
  }

  @Test func highlighterUsesSwiftSyntaxClasses() {
    let out = SwiftHighlighter.html(for: "@MainActor let x: Int = 1 + 2.5 // c\nf(a: \"<s>\", $0)\n").markup
    #expect(out == """
      <span class="a">@MainActor</span> <span class="k">let</span> x: <span class="t">Int</span> = <span class="n">1</span> <span class="o">+</span> <span class="n">2.5</span> <span class="c">// c</span>
      f(<span class="l">a</span>: <span class="s">&quot;&lt;s&gt;&quot;</span>, <span class="v">$0</span>)

      """)
  }
}
