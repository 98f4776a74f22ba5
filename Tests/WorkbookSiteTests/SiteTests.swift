// `workbook build` end to end: the fixture book's pages (golden HTML),
// escaping, hidden snippets, highlighting, exercises, diagrams, determinism.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite

@Suite struct SiteTests {
  @Test func fixturePagesMatchTheirSnapshots() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    #expect(site.failures.isEmpty, "\(site.failures)")
    #expect(site.files.map(\.path) == [
      "01-basics.html", "02-exercises.html", "index.html", "search-index.js", "site.js", "style.css",
    ])
    assertSnapshot(site.text("01-basics.html"), named: "01-basics.html")
    assertSnapshot(site.text("02-exercises.html"), named: "02-exercises.html")
    assertSnapshot(site.text("index.html"), named: "index.html")
    assertSnapshot(site.text("search-index.js"), named: "search-index.js")
  }

  @Test func everyByteOfTextAndOutputIsEscaped() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("01-basics.html")
    // Chapter text, the title and the output all show `<script>` as text.
    #expect(!page.contains("<script>alert"))
    #expect(page.contains("<h1 id=\"basics--alerttitle\">\nBasics &amp; &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;\n</h1>"))
    // The title is the heading's plain text (the chapter model drops inline HTML).
    #expect(page.contains("<title>Basics &amp; alert(&quot;title&quot;)</title>"))
    #expect(page.contains("with &lt;script&gt;alert(&quot;inline&quot;)&lt;/script&gt; in"))
    #expect(page.contains("&lt;div class=&quot;raw&quot;&gt;raw &lt;b&gt;block&lt;/b&gt;&lt;/div&gt;"))
    #expect(page.contains("<pre class=\"out\" tabindex=\"0\">&lt;script&gt;alert(&#39;output&#39;)&lt;/script&gt; 320.0\n</pre>"))
    // The book title from site.json.
    #expect(page.contains("Fixture &lt;Book&gt;"))
    // Frame labels stay inside the JSON script.
    #expect(page.contains("card\\u003c/script\\u003e"))
    #expect(!page.contains("card</script>"))
  }

  @Test func hiddenSnippetsAreLeftOutAndCodeIsHighlightedBySwiftSyntax() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("01-basics.html")
    #expect(!page.contains("HIDDEN-SETUP-MARKER"))
    #expect(!page.contains("hiddenSetup"))
    #expect(page.contains("<span class=\"c\">// A view and its width.</span>"))
    #expect(page.contains("<span class=\"k\">let</span> card = UIView(<span class=\"l\">frame</span>:"))
    #expect(page.contains("<span class=\"n\">320</span>"))
    #expect(page.contains("<span class=\"s\">&quot;&lt;script&gt;alert(&#39;output&#39;)&lt;/script&gt;&quot;</span>"))
  }

  @Test func outputsCarryTheirStatusAndDiagramsGetAPlayer() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("01-basics.html")
    #expect(page.contains("<div class=\"output status-passed\"><p class=\"output-head\"><span class=\"badge status-passed\">Verified output</span></p>"))
    #expect(page.contains("<figure class=\"diagram diagram-filmstrip\"><div class=\"player\" role=\"group\" aria-label=\"Diagram player\">"))
    #expect(page.contains("<input type=\"range\" min=\"0\" max=\"2\" value=\"0\" step=\"1\" aria-label=\"Frame\">"))
    #expect(page.contains("<pre class=\"out\" tabindex=\"0\">t=0.00 |          [card\nt=0.25 |     [card]\nt=0.50 | [card]</pre>"))
    #expect(page.contains("<span class=\"badge status-unchecked\">Not run</span>"))
  }

  @Test func aSnippetCheckedByItsPrintsCommentsShowsThemInItsCode() throws {
    let root = try SiteFixtures.emptyBook(["01-prints.md": "# Prints\n\n```swift\nprint(6 * 7)\n// Prints \"42\"\n```\n"])
    let page = try SiteFixtures.build(root).text("01-prints.html")
    #expect(page.contains("<span class=\"badge status-passed\">Verified output</span>"))
    #expect(page.contains("<span class=\"c\">// Prints &quot;42&quot;</span>"))
    #expect(!page.contains("<div class=\"output"), "no output block is made up")
  }

  @Test func exercisesShowStarterExpectedOutputHintsAndSolutionBehindDisclosures() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("02-exercises.html")
    #expect(page.contains("<section class=\"exercise\" id=\"exercise-fade-out\" aria-label=\"Exercise fade-out\">"))
    #expect(page.contains("<p class=\"exercise-label\">Expected output</p><div class=\"output status-passed\">"))
    // The symptom and the expected output are one pair the stylesheet puts
    // side by side where the page is wide enough.
    #expect(page.contains("<div class=\"exercise-outputs\"><div class=\"exercise-output\"><p class=\"exercise-label\">What the starter prints</p>"))
    // A book without "command" in its site.json tells readers to run the
    // installed tool.
    #expect(page.contains("<code class=\"language-sh\">workbook step 02-exercises/fade-out</code>"))
    #expect(page.contains("<details class=\"hint\"><summary>Hint 1 of 2</summary><div class=\"hint-body\">"))
    #expect(page.contains("<details class=\"solution\"><summary>Solution to <code>fade-out</code></summary>"))
    // The solution is shown as its change from the starter, the whole
    // program one disclosure further.
    #expect(page.contains("<del class=\"del\">- // TODO: fade the view out</del>\n<ins class=\"add\">+ view.alpha = 0</ins>\n"))
    #expect(page.contains("<details class=\"whole-solution\"><summary>The whole program</summary>"))
    // The solution's output is shown once, as the exercise's expected output.
    #expect(page.components(separatedBy: "<pre class=\"out\" tabindex=\"0\">0.0\n</pre>").count == 2)
  }

  @Test func aStarterIsLabelledWithItsSymptomAndHintsComeBeforeTheSolution() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("02-exercises.html")
    let section = try #require(page.range(of: "<section class=\"exercise\" id=\"exercise-slide-in\"")
      .flatMap { start in page.range(of: "</section>", range: start.upperBound..<page.endIndex).map { page[start.lowerBound..<$0.upperBound] } })
    // The starter is badged as a starter, never "Verified".
    #expect(section.contains("<p class=\"exercise-label\">Starter code</p><div class=\"code\"><p class=\"code-head\"><span class=\"lang\">Swift</span><span class=\"badge status-starter\">Starter: has the bug</span>"))
    // Its symptom, labelled, then the expected output, then the hints (moved
    // from after the solution), then the solution.
    let order = ["What the starter prints", "status-starter\">The starter&#8217;s output: the symptom",
                 "│..card.│\n└───────┘</pre>", "Expected output", "│card...│\n└───────┘</pre>", "Hint 1 of 1",
                 "The card moves left", "Solution to <code>slide-in</code>", "Open it in your terminal"]
    let positions = order.map { section.range(of: $0)?.lowerBound }
    #expect(!positions.contains(nil), "\(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    // The hints are not left where they were written; the discussion is.
    #expect(page.components(separatedBy: "The card moves left").count == 2)
    let discussion = try #require(page.range(of: "A discussion of the solution stays after it."))
    #expect(discussion.lowerBound > section.endIndex)
    #expect(!page.contains("\u{1E}"))
    // The first exercise's symptom too.
    #expect(page.contains("<p class=\"exercise-label\">What the starter prints</p><div class=\"output status-starter\">"))
    #expect(!page.contains("status-passed\">Verified</span><button type=\"button\" class=\"copy\" hidden aria-label=\"Copy code\">Copy</button></p><pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"k\">import</span> UIKit\n<span class=\"k\">let</span> view = UIView()\n<span class=\"c\">// TODO"))
  }

  @Test func filmstripsAreShownFrameByFrameAsTheEngineDrewThem() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("02-exercises.html")
    #expect(page.contains("""
      <div class="panels" tabindex="0" role="group" aria-label="Frames">\
      <pre class="out panel">t=0s     \n┌───────┐\n│...card│\n└───────┘</pre>\
      <pre class="out panel">t=0.5s   \n┌───────┐\n│..card.│\n└───────┘</pre></div>\
      <pre class="out key">fills: . white</pre>
      """))
    // Text that is not drawn frame by frame stays one block.
    let text = "t=0.00 |          [card\nt=0.25 |     [card]\n"
    #expect(FilmstripPanels(DiagramRecord(kind: .filmstrip, text: text)) == nil)
    #expect(FilmstripPanels(DiagramRecord(kind: .filmstrip, text: text, frames: .init(
      screen: nil, frames: [.init(time: 0), .init(time: 0.25)]))) == nil)
    // Each panel is the frame's caption over its box, padded to the wider.
    let drawn = DiagramRecord(kind: .filmstrip, text: "", frames: .init(
      screen: nil, frames: [.init(time: 0, caption: "a", text: "┌─┐\n└─┘"), .init(time: 1, caption: "long", text: "┌─┐\n└─┘")],
      key: ["fills: . white", "looks: ╌ translucent"]))
    #expect(FilmstripPanels(drawn)?.panels == [["a  ", "┌─┐", "└─┘"], ["long", "┌─┐ ", "└─┘ "]])
    #expect(FilmstripPanels(drawn)?.key == ["fills: . white", "looks: ╌ translucent"])
    #expect(FilmstripPanels(DiagramRecord(kind: .timeline, text: "", frames: drawn.frames)) == nil)
  }

  /// A diagram goes where the program published it (its offset), not
  /// where its text first occurs; one not printed there is plain output.
  @Test func diagramsArePlacedWhereTheyWerePublished() {
    let output = "[x]\nthen\n[x]\nend\n"
    let placed = DiagramRecord(kind: .frame, text: "[x]\n", offset: 9)
    #expect(OutputPiece.split(output, diagrams: [placed]) == [.text("[x]\nthen\n"), .diagram(0, "[x]"), .text("end\n")])
    let elsewhere = DiagramRecord(kind: .frame, text: "[x]\n", offset: 4)
    let unplaced = DiagramRecord(kind: .frame, text: "[x]\n")
    #expect(OutputPiece.split(output, diagrams: [elsewhere, unplaced]) == [.text(output)])
    // In order: two diagrams, the second after the first.
    #expect(OutputPiece.split(output, diagrams: [DiagramRecord(kind: .frame, text: "[x]", offset: 0), placed])
      == [.diagram(0, "[x]"), .text("then\n"), .diagram(1, "[x]"), .text("end\n")])
  }

  @Test func theIndexListsEveryChapterWithWhatItTeachesAndItsExercises() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let index = site.text("index.html")
    #expect(index.contains("<li><a href=\"./02-exercises.html\">Exercises</a> <span class=\"exercise-count\">· 2 exercises</span><p>Practise what the basics showed.</p></li>"))
    #expect(index.contains("<span class=\"exercise-count\">· no exercises</span>"))
  }

  @Test func anIntroductionNumberedZeroKeepsTheChaptersNumbersOnTheIndex() throws {
    let plain = try SiteFixtures.build(try SiteFixtures.book("book")).text("index.html")
    #expect(plain.contains("<ol class=\"chapter-list\"><li>"))
    let root = try SiteFixtures.book("book")
    try "# Welcome\n\nThis book is a test.\n".write(toFile: root + "/Chapters/00-welcome.md", atomically: true, encoding: .utf8)
    let index = try SiteFixtures.build(root).text("index.html")
    #expect(index.contains("<ol class=\"chapter-list\" start=\"0\"><li><a href=\"./00-welcome.html\">Welcome</a>"))
  }

  @Test func linksBetweenChaptersPointAtPagesAndHeadingsHaveAnchors() throws {
    let site = try SiteFixtures.build(try SiteFixtures.book("book"))
    let page = site.text("01-basics.html")
    #expect(page.contains("<a href=\"./02-exercises.html#fading-out\">the exercises</a>"))
    #expect(page.contains("<h2 id=\"setting-up\">\nSetting up\n<a class=\"anchor\" href=\"#setting-up\""))
    #expect(site.text("02-exercises.html").contains("<h2 id=\"fading-out\">"))
    #expect(page.contains("<a class=\"next\" rel=\"next\" href=\"./02-exercises.html\">"))
    #expect(site.text("search-index.js").contains("quokka transitions"))
  }

  @Test func aBooksThemeFolderReplacesTheThemesFiles() throws {
    let root = try SiteFixtures.book("book")
    try FileManager.default.createDirectory(atPath: root + "/Chapters/theme", withIntermediateDirectories: true)
    try "body { color: red; }\n".write(toFile: root + "/Chapters/theme/style.css", atomically: true, encoding: .utf8)
    try "<p>{{title}}</p>{{{content}}}".write(toFile: root + "/Chapters/theme/page.html", atomically: true, encoding: .utf8)
    let site = try SiteFixtures.build(root)
    #expect(site.text("style.css") == "body { color: red; }\n")
    #expect(site.text("01-basics.html").hasPrefix("<p>Basics &amp; alert(&quot;title&quot;)</p><h1 id="))
    #expect(site.text("site.js").contains("diagram player"))
  }

  @Test func rebuildingAnUnchangedBookGivesIdenticalBytes() throws {
    let root = try SiteFixtures.book("book")
    let first = try SiteFixtures.build(root)
    let second = try SiteFixtures.build(root)
    #expect(first.files.map(\.path) == second.files.map(\.path))
    for (a, b) in zip(first.files, second.files) { #expect(a.bytes == b.bytes, "\(a.path) differs") }
  }
}

@Suite struct BuildCommandTests {
  @Test func checkDetectsAStaleSite() throws {
    let root = try SiteFixtures.book("book")
    let built = try SiteFixtures.workbook(["build"], in: root)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stdout.contains("Wrote 'Site': 6 files, 2 chapters"))
    let current = try SiteFixtures.workbook(["build", "--check"], in: root)
    #expect(current.status == 0, "\(current.stderr)")

    // Prose edited: the page is stale.
    let chapter = root + "/Chapters/02-exercises.md"
    try (try String(contentsOfFile: chapter, encoding: .utf8) + "\nOne more line.\n").write(toFile: chapter, atomically: true, encoding: .utf8)
    let stale = try SiteFixtures.workbook(["build", "--check"], in: root)
    #expect(stale.status == 1)
    #expect(stale.stderr.contains("error: 'Site' is stale; run 'workbook build' and commit it:"))
    #expect(stale.stderr.contains("stale   02-exercises.html"))
    #expect(stale.stderr.contains("stale   search-index.js"))

    // A page of a chapter that is gone is extra; building removes it. A
    // file no build wrote is left alone (issue 11).
    _ = try SiteFixtures.workbook(["build"], in: root)
    try "x".write(toFile: root + "/Site/CNAME", atomically: true, encoding: .utf8)
    try FileManager.default.moveItem(atPath: chapter, toPath: root + "/Chapters/03-exercises.md")
    let extra = try SiteFixtures.workbook(["build", "--check"], in: root)
    #expect(extra.status == 1)
    #expect(extra.stderr.contains("extra   02-exercises.html"))
    #expect(!extra.stderr.contains("CNAME"))
    _ = try SiteFixtures.workbook(["build"], in: root)
    #expect(!FileManager.default.fileExists(atPath: root + "/Site/02-exercises.html"))
    #expect(FileManager.default.fileExists(atPath: root + "/Site/03-exercises.html"))
    #expect(FileManager.default.fileExists(atPath: root + "/Site/CNAME"))
  }

  @Test func refusesToPublishFailuresAndListsThem() throws {
    let root = try SiteFixtures.book("failing")
    let out = try SiteFixtures.workbook(["build"], in: root)
    #expect(out.status == 1)
    #expect(out.stderr.contains("error: The book has 1 failure(s); the site is not written:"))
    #expect(out.stderr.contains("Chapters/01-wrong.md:7: Output does not match"), "\(out.stderr)")
    #expect(!FileManager.default.fileExists(atPath: root + "/Site"))
  }

  @Test func allowFailuresPublishesThemMarked() throws {
    let root = try SiteFixtures.book("failing")
    let out = try SiteFixtures.workbook(["build", "--allow-failures"], in: root)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stderr.contains("warning: Publishing 1 failure(s), marked on their pages:"))
    let page = (try? String(contentsOfFile: root + "/Site/01-wrong.html", encoding: .utf8)) ?? ""
    #expect(page.contains("<p class=\"failure-banner\" role=\"alert\">"))
    #expect(page.contains("<div class=\"output status-failed\"><p class=\"output-head\"><span class=\"badge status-failed\">Failed verification</span>"))
    #expect(page.contains("<ul class=\"problems\" aria-label=\"Verification failures\">"))
    let index = (try? String(contentsOfFile: root + "/Site/index.html", encoding: .utf8)) ?? ""
    #expect(index.contains("Has failures"))
  }
}
