// Hostile books against the site: text in a chapter can never produce
// markup (no forged renderer markers, no control characters), theme files
// cannot reach outside the book, `index.md` cannot replace the index, and a
// build stopped half-way leaves a folder the next build accepts. The
// reproductions are RELIABILITY-REVIEW-3's (H1, M3, M6, L1).
import Foundation
import Testing
import TestSupport
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite
@testable import WorkbookFidelity
import WorkbookMarkdown

@Suite struct HostileBookTests {
  /// The book of `files` (name → Markdown) rendered with no verify run
  /// (every snippet "not verified"), as `build --from-report` would.
  static func renderUnverified(_ files: [(String, String)], config: Book.SiteMetadata = .init(),
                               fidelity: Fidelity? = nil) -> Site {
    let chapters = files.map { name, text in
      ChapterLoader.load(bytes: Array(text.utf8), path: "/book/" + name, displayPath: "Chapters/" + name)
    }
    let book = Book(folder: "/book", chapters: chapters, site: config)
    let verified = VerifiedBook(
      book: book,
      chapters: chapters.map { chapter in
        VerifiedBook.VerifiedChapter(
          chapter: chapter,
          report: ChapterReport(path: chapter.displayPath, title: chapter.title, snippets: [], findings: [],
                                cached: false, recordedBlocks: 0, duration: 0))
      },
      duration: 0, engineBuilt: false)
    return SiteBuilder(options: SiteOptions()).render(verified, config: config, theme: try! Theme.load(override: nil),
                                                      fidelity: fidelity)
  }

  static func problems(in site: Site) -> [String] {
    site.files.filter { $0.path.hasSuffix(".html") }.flatMap { file in
      HTMLAudit.problems(String(decoding: file.bytes, as: UTF8.self)).map { file.path + ": " + $0 }
    }
  }

  // H1, the index page: markers typed in prose cut the lead.
  @Test func proseCannotForgeTheLeadsMarkers() {
    let chapter = "# Intro\n\nThis book starts here. ![A \u{1E}code-begin\u{1E}](x) filler \u{1E}code-end\u{1E} "
      + "[y](autofocus/onerror=document.title=&#x27;PWNED&#x27;//)\n"
    let site = Self.renderUnverified([("00-intro.md", chapter)])
    #expect(Self.problems(in: site) == [])
    let index = site.text("index.html")
    #expect(index.contains("This book starts here."))
    #expect(index.contains("<a href=\"autofocus/onerror=document.title=&#x27;PWNED&#x27;//\">y</a>"))
    #expect(!index.contains("\u{1E}") && !site.text("00-intro.html").contains("\u{1E}"))
  }

  // H1, a chapter page: markers of an exercise's hints typed in prose.
  @Test func proseCannotForgeTheHintsMarkers() {
    let chapter = """
      # Exercises

      ## One

      ![A \u{1E}hints-begin:e1\u{1E}](x) filler \u{1E}hints-end:e1\u{1E} [y](autofocus/onerror=document.title=&#x27;PWNED&#x27;//)

      ```swift exercise=e1
      print(1)
      ```

      Hints

      - Print two.

      ```swift solution=e1
      print(2)
      ```

      """
    let site = Self.renderUnverified([("01-ex.md", chapter)])
    #expect(Self.problems(in: site) == [])
    let page = site.text("01-ex.html")
    #expect(!page.contains("\u{1E}"))
    // The hints still move before the solution.
    let hints = page.range(of: "<div class=\"hints\">")?.lowerBound
    let solution = page.range(of: "<details class=\"solution\">")?.lowerBound
    #expect(hints != nil && solution != nil && hints! < solution!)
    #expect(page.components(separatedBy: "<div class=\"hints\">").count == 2)
  }

  @Test func controlCharactersInProseAreDroppedAndReportedAtTheirLines() {
    let text = "# T\n\nfine\nbad \u{1B}[31mred\u{07} and \u{1E}\n`code \u{1E}`\n"
    let chapter = ChapterLoader.load(bytes: Array(text.utf8), path: "/b/01-a.md", displayPath: "Chapters/01-a.md")
    let warnings = chapter.problems.filter { $0.message.hasPrefix("Control character") }
    #expect(warnings.map(\.line) == [4, 5])
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.file == "Chapters/01-a.md" })
    #expect(warnings.first?.message.contains("U+001B") == true)
    let page = Self.renderUnverified([("01-a.md", text)]).text("01-a.html")
    #expect(page.contains("bad [31mred and"))
    #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
  }

  // M6: a chapter named index.md.
  @Test func aChapterNamedIndexIsRefusedAndNeverReplacesTheIndex() throws {
    let root = try SiteFixtures.emptyBook(["index.md": "# Welcome\n\nHi.\n", "01-first.md": "# First\n\nText.\n"])
    let book = try Book.load(root + "/Chapters")
    let index = try #require(book.chapters.first { $0.fileName == "index.md" })
    #expect(index.problems.map(\.message).contains { $0.contains("cannot be named 'index.md'") })
    let site = Self.renderUnverified([("01-first.md", "# First\n\nText.\n"), ("index.md", "# Welcome\n\nHi.\n")])
    #expect(site.files.map(\.path).filter { $0 == "index.html" }.count == 1)
    #expect(site.text("index.html").contains("chapter-list"))
    #expect(!site.text("index.html").contains("Welcome"))
  }

  // RELIABILITY-REVIEW-4 M8: a chapter named after any page the site writes
  // itself (`fidelity.md` and the ledger's fidelity.html), by the one list.
  @Test func aChapterNamedLikeAPageTheSiteWritesIsRefused() throws {
    #expect(Set(Chapter.sitesOwnPages.keys) == [Chapter.indexPage, Chapter.ledgerPage])
    let mine = "# Mine\n\nFIDCHAPTER-7070\n"
    let root = try SiteFixtures.emptyBook(["fidelity.md": mine, "index.md": mine, "01-first.md": "# First\n\nText.\n"])
    let book = try Book.load(root + "/Chapters")
    for name in ["fidelity.md", "index.md"] {
      let chapter = try #require(book.chapters.first { $0.fileName == name })
      #expect(chapter.pageName == nil)
      #expect(chapter.problems.map(\.message).contains { $0.contains("cannot be named '\(name)'") }, "\(chapter.problems)")
    }
    #expect(book.chapters.first { $0.fileName == "01-first.md" }?.pageName == "01-first.html")
    let site = Self.renderUnverified([("01-first.md", "# First\n\nText.\n"), ("fidelity.md", mine)],
                                     fidelity: FidelitySiteTests.fidelity)
    let paths = site.files.map(\.path)
    #expect(paths.filter { $0 == "fidelity.html" }.count == 1, "\(paths)")
    #expect(site.text("fidelity.html").contains(FidelityPage.title))
    #expect(!site.files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("Mine") })
  }

  // M3: theme files that are links to files outside the book.
  @Test func themeFilesThatLinkOutsideTheBookAreRefused() throws {
    let root = try SiteFixtures.emptyBook(["01-a.md": "# A\n\nText.\n"])
    let secret = root + "/secret.txt"
    try "SECRET-THEME-7731".write(toFile: secret, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: root + "/Chapters/theme", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: root + "/Chapters/theme/style.css", withDestinationPath: secret)
    #expect(throws: SiteError.themeFileOutside(path: Files.display(root + "/Chapters/theme/style.css"), target: Files.resolved(secret)!)) {
      _ = try Theme.load(override: root + "/Chapters/theme", within: root + "/Chapters")
    }
    let outcome = try SiteFixtures.workbook(["build", "--book", "Chapters", "--out", "S"], in: root)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("theme/style.css' is a symbolic link to"))
    #expect(!FileManager.default.fileExists(atPath: root + "/S/style.css"))
    // A link that stays inside the book is fine.
    try FileManager.default.removeItem(atPath: root + "/Chapters/theme/style.css")
    try "body { color: red }".write(toFile: root + "/Chapters/theme/mine.css", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/Chapters/theme/style.css", withDestinationPath: "mine.css")
    let theme = try Theme.load(override: root + "/Chapters/theme", within: root + "/Chapters")
    #expect(theme.assets.first { $0.0 == "style.css" }.map { String(decoding: $0.1, as: UTF8.self) } == "body { color: red }")
  }

  // L1: a first build stopped half-way (here: the file size limit, SIGXFSZ).
  @Test func aFirstBuildStoppedHalfWayLeavesAFolderTheNextBuildAccepts() throws {
    let big = "# Big\n\n" + String(repeating: "A paragraph of prose that fills the page. ", count: 4000) + "\n"
    let root = try SiteFixtures.emptyBook(["01-a.md": "# A\n\nText.\n", "02-big.md": big])
    let limited = try ChildProcess.run(
      "/bin/bash", ["-c", "ulimit -f 60; exec \"$0\" build --book Chapters --out S --engine-sources \"$1\" --cache-dir .cache",
                    TestPackage.binary, TestPackage.standInEngine],
      directory: root, timeout: 300)
    #expect(limited.termination != .exited(0), "the limited build should have stopped")
    let again = try SiteFixtures.workbook(["build", "--book", "Chapters", "--out", "S"], in: root)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(FileManager.default.fileExists(atPath: root + "/S/02-big.html"))
  }

  /// Random chapters full of markup, entity, URL and control-character
  /// tricks never give a page anything that runs script (500 seeded cases).
  @Test func noChapterTextProducesScript() {
    var generator = SplitMix64(seed: 23)
    var failures: [String] = []
    for n in 0..<500 {
      let chapters = (0..<Int.random(in: 1...2, using: &generator)).map { c in
        (String(format: "%02d-c%d.md", c, n), HostileText.chapter(using: &generator))
      }
      let site = Self.renderUnverified(chapters)
      let problems = Self.problems(in: site)
      if !problems.isEmpty {
        failures.append("case \(n): \(problems.prefix(3))\n" + chapters.map(\.1).joined(separator: "\n---\n"))
        if failures.count >= 3 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  // RELIABILITY-REVIEW-4 M2 and M3: nesting past the parser's limit
  // crashed the build (the renderer recursed once per level) or took
  // minutes (each text node looked for a heading among all its
  // ancestors). Refused at its line, the chapter's page shows it as text.
  @Test func nestingPastTheLimitIsRefusedAndShownAsText() {
    let deep = [
      String(repeating: ">", count: 100_000) + " hi",
      String(repeating: "> - ", count: 30_000) + "hi",
      String(repeating: "*a ", count: 32_000) + "b" + String(repeating: " a*", count: 32_000),
    ]
    for line in deep {
      let site = Self.renderUnverified([("01-deep.md", "# Deep\n\n" + line + "\n")])
      let chapter = site.chapters.first?.chapter
      #expect(chapter?.problems.map(\.line) == [3])
      #expect(chapter?.problems.first?.message.hasPrefix("Markdown is nested too deeply at line 3") == true)
      let page = site.text("01-deep.html")
      #expect(page.contains(HTML.escape(String(line.suffix(40)))), "the page does not show the chapter's text")
      #expect(Self.problems(in: site) == [])
    }
  }

  // M3: nesting within the limit is rendered, in headings too (their words
  // stay out of the section's text).
  @Test func nestedEmphasisWithinTheLimitIsRendered() throws {
    let n = MarkdownDocument.maximumNesting - 2
    let emphasis = String(repeating: "*a ", count: n) + "core" + String(repeating: " a*", count: n)
    let text = "# Em\n\n## " + emphasis + "\n\n" + emphasis + " tail\n"
    let site = Self.renderUnverified([("01-em.md", text)])
    let chapter = try #require(site.chapters.first?.chapter)
    #expect(chapter.problems == [])
    #expect(site.text("01-em.html").components(separatedBy: "<em>").count - 1 == 2 * n)
    let report = ChapterReport(path: chapter.displayPath, title: chapter.title, snippets: [], findings: [],
                               cached: false, recordedBlocks: 0, duration: 0)
    let rendered = ChapterRenderer(chapter: chapter, report: report, pages: [:], config: .init()).render()
    let words = Array(repeating: "a", count: n).joined(separator: " ")
    let section = try #require(rendered.sections.last)
    #expect(section.heading?.text == words + " core " + words)
    #expect(section.text == words + " core " + words + " tail")
  }

  // RELIABILITY-REVIEW-4 L2: heading anchors took the page's own ids
  // (`## Search` gave a second id="search"; in serve, `## Workbook run`
  // came before the run script's data and hid it).
  @Test func headingAnchorsNeverTakeThePagesOwnIDs() throws {
    let names = ["Search", "Search results", "Toc", "Content", "Chapters", "Run it yourself", "Workbook run",
                 "Workbook preview status", "Knob 0 0", "Knob 0 0 stops", "Search", "Section workbook run"]
    let chapter = "# IDs\n\n" + names.map { "## \($0)\n\ntext\n" }.joined(separator: "\n")
    let site = Self.renderUnverified([("01-ids.md", chapter)])
    let page = site.text("01-ids.html")
    let headings = page.components(separatedBy: "<h2 id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(headings == [
      "search-1", "search-results-1", "toc-1", "content-1", "chapters-1", "run-it-yourself-1", "section-workbook-run",
      "section-workbook-preview-status", "section-knob-0-0", "section-knob-0-0-stops", "search-2", "section-workbook-run-1",
    ])
    for name in ["01-ids.html", "index.html"] {
      let ids = Self.ids(in: site.text(name))
      #expect(Set(ids).count == ids.count, "\(name) repeats an id: \(ids)")
    }
    // Every id of the built-in theme is reserved.
    for template in Theme.templateNames {
      let source = try String(contentsOfFile: TestPackage.root + "/Sources/WorkbookSite/Theme/" + template, encoding: .utf8)
      let unreserved = Self.ids(in: source).filter { !IDRegistry.reserved.contains($0) }
      #expect(unreserved == [], "\(template) has ids headings may take")
    }
  }

  /// The values of the `id` attributes in `html`, in order.
  static func ids(in html: String) -> [String] {
    html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  /// Random chapters of nested quotes, lists, emphasis, links and images
  /// around the limit (500 seeded cases): each renders, or is refused at
  /// its line and shown as text, and no page has markup it should not.
  @Test func deepNestingIsRenderedOrRefusedNeverCrashes() {
    var generator = SplitMix64(seed: 39)
    var failures: [String] = []
    for n in 0..<500 {
      let nest = HostileText.nested(using: &generator)
      let text = "# Nested\n\nA first paragraph.\n\n" + nest.line + "\n"
      let site = Self.renderUnverified([("01-nest.md", text)])
      let refusals = (site.chapters.first?.chapter.problems ?? []).filter { $0.message.contains("nested too deeply") }
      var wrong: [String] = Self.problems(in: site)
      if !site.text("01-nest.html").contains(HostileText.core) { wrong.append("the innermost word is not shown") }
      if refusals.contains(where: { $0.line != 5 }) { wrong.append("refused at \(refusals.map(\.line))") }
      if nest.atMost < MarkdownDocument.maximumNesting - 1 && !refusals.isEmpty { wrong.append("refused at \(nest.atMost) levels") }
      if nest.atLeast > MarkdownDocument.maximumNesting && refusals.isEmpty { wrong.append("not refused at \(nest.atLeast) levels") }
      if !wrong.isEmpty {
        failures.append("case \(n): \(wrong.prefix(3)) (\(nest.atLeast)...\(nest.atMost) levels)\n" + text.prefix(600))
        if failures.count >= 3 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }
}

/// Pieces of hostile Markdown, drawn at random.
enum HostileText {
  static let fragments = [
    "<script>document.title='PWNED'</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>", "[a](javascript:alert(1))", "[a](JaVaScRiPt:alert(1))",
    "[a](&#106;avascript:alert(1))", "[a](java\tscript:alert(1))", "[a]( javascript&colon;alert(1))",
    "<javascript:alert(1)>", "![i](x \"t\" onerror=\"alert(1)\")", "![A \u{1E}code-begin\u{1E}](x)",
    "\u{1E}code-end\u{1E}", "\u{1E}lead-begin\u{1E}", "\u{1E}lead-end\u{1E}", "\u{1E}hints-begin:e1\u{1E}",
    "\u{1E}hints-end:e1\u{1E}", "\u{1E}hints-slot:e1\u{1E}", "[y](autofocus/onerror=alert(1)//)",
    "\"", "'", "`", "``a\"b``", "&quot;", "&#34;", "&lt;script&gt;", "[a](data:text/html,<script>alert(1)</script>)",
    "[a](vbscript:msgbox)", "<style>*{background:url(javascript:alert(1))}</style>", "<iframe src=x></iframe>",
    "<!-- <script> -->", "<div onmouseover=alert(1)>x</div>", "\u{0}", "\u{7}", "\u{1B}]52;c;cm0=\u{7}",
    "| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [l](javascript:x) |", "> quote <b onclick=x>",
    "* item [a](javascript:x)", "**bold \u{1E}**", "word", "words and more words.", "<base href=javascript:x>",
    "[ref]: javascript:alert(1)\n\n[ref]", "<form action=javascript:x><button>b</button></form>",
  ]

  static func line(using generator: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...5, using: &generator)).map { _ in fragments.randomElement(using: &generator)! }
      .joined(separator: Bool.random(using: &generator) ? " " : "")
  }

  /// The word at the bottom of `nested(using:)`'s nesting.
  static let core = "nest-core"

  /// One line of nested quotes and lists around nested emphasis, strong,
  /// strikethrough, links and images (up to about 330 levels), and the
  /// least and most levels cmark can make of it (a link in a link is
  /// text; the paragraph is a level).
  static func nested(using generator: inout SplitMix64) -> (line: String, atLeast: Int, atMost: Int) {
    let blockLevels = Int.random(in: 0...(Bool.random(using: &generator) ? 4 : 200), using: &generator)
    let inlineLevels = Int.random(in: 0...(Bool.random(using: &generator) ? 4 : 200), using: &generator)
    var line = ""
    var atLeast = 1, atMost = 1
    var blocks = 0
    while blocks < blockLevels {
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: line += "> "; blocks += 1
      case 1: line += "- "; blocks += 2
      default: line += "1. "; blocks += 2
      }
    }
    atLeast += blocks
    atMost += blocks
    let inlines: [(open: String, close: String, sure: Bool)] = [
      ("*a ", " a*", true), ("**a ", " a**", true), ("![a ", " a](u)", true), ("~~a ", " a~~", false), ("[a ", " a](u)", false),
    ]
    var closes: [String] = []
    for _ in 0..<inlineLevels {
      let kind = inlines.randomElement(using: &generator)!
      line += kind.open
      closes.append(kind.close)
      atMost += 1
      if kind.sure { atLeast += 1 }
    }
    line += core + closes.reversed().joined()
    return (line, atLeast, atMost)
  }

  static func chapter(using generator: inout SplitMix64) -> String {
    var out = "# " + line(using: &generator) + "\n\n"
    for _ in 0..<Int.random(in: 1...8, using: &generator) {
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: out += "## " + line(using: &generator) + "\n\n"
      case 1:
        out += "```swift exercise=e1\nprint(\"" + line(using: &generator).replacingOccurrences(of: "\n", with: " ") + "\")\n```\n\n"
        out += "Hints\n\n- " + line(using: &generator) + "\n- " + line(using: &generator) + "\n\n"
        out += "```swift solution=e1\nprint(1)\n```\n\n"
      case 2: out += "```\n" + line(using: &generator) + "\n```\n\n"
      case 3: out += "```output\n" + line(using: &generator) + "\n```\n\n"
      case 4: out += nested(using: &generator).line + "\n\n"
      default: out += line(using: &generator) + "\n\n"
      }
    }
    return out
  }
}
