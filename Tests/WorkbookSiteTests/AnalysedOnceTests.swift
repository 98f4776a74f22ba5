// The loaded chapter carries what every consumer needs — its summary, its
// page name, its exercises and hints — so the site, `workbook exercises`,
// `step` and `serve` read one value instead of each deriving its own
// (ARCHITECTURE-REVIEW-3 §2.2).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookMarkdown
@testable import WorkbookSite

@Suite struct AnalysedOnceTests {
  static func meta(_ html: String) -> String? {
    guard let start = html.range(of: "<meta name=\"description\" content=\"") else { return nil }
    return String(html[start.upperBound...].prefix { $0 != "\"" })
  }

  // P3: one rule for "what the chapter teaches": the index's line and the
  // page's description were two (the site's split on spaces only, so
  // "e.g." and "(here.)" ended its sentence early).
  @Test func theIndexAndThePageDescriptionShowTheChaptersOneSummary() {
    let site = HostileBookTests.renderUnverified([
      ("01-cards.md", "# Cards\n\nA card slides up, e.g. a player: it dims the screen. More follows.\n"),
      ("02-quiet.md", "# Quiet\n\n## Only a section\n\n```swift\nlet a = 1\n```\n"),
    ])
    let summary = "A card slides up, e.g. a player: it dims the screen."
    #expect(site.text("index.html").contains("<p>\(summary)</p>"))
    #expect(Self.meta(site.text("01-cards.html")) == summary)
    #expect(Self.meta(site.text("index.html")) == summary)
    // No paragraph after the title: no line in the index, the title as the description.
    #expect(!site.text("index.html").contains("Quiet</a> <span class=\"exercise-count\">· no exercises</span><p>"))
    #expect(Self.meta(site.text("02-quiet.html")) == "Quiet")
  }

  // P6: the page name is the chapter's (set at load); the site names its
  // pages by it and serve's overlay links to the same name.
  @Test func theChapterOwnsItsPageName() {
    let chapter = ChapterLoader.load(bytes: Array("# A\n".utf8), path: "/book/02-fade.md", displayPath: "Chapters/02-fade.md")
    #expect(chapter.pageName == "02-fade.html")
    #expect(Book.loadChapter(at: "/book/index.md").pageName == nil)
    let site = HostileBookTests.renderUnverified([("02-fade.md", "# Fade\n\nIt fades.\n")])
    #expect(site.chapters.map(\.chapter.pageName) == ["02-fade.html"])
    #expect(site.files.contains { $0.path == "02-fade.html" })
  }

  // P2: one rule for hints. The exercise's hints are cmark's list items
  // (no hand-parsed list markers), and the site's hints are the same list.
  @Test func theExerciseAndTheSiteFindTheSameHints() throws {
    let markdown = """
      # C

      ## Ex

      Do it.

      ```swift exercise=a
      print(1)
      ```

      *Hints:*

      1. First, with `code`.
      2. Second,
         continued.
      lazy line.

      - Not a hint: another list.

      ```swift solution=a
      print(2)
      ```

      ```output
      2
      ```
      """
    let chapter = ChapterLoader.load(bytes: Array(markdown.utf8), path: "/book/03-c.md", displayPath: "Chapters/03-c.md")
    let exercise = try #require(chapter.exercises.first)
    #expect(exercise.hints == ["First, with `code`.", "Second,\ncontinued.\nlazy line."])
    #expect(exercise.hintsLine == 11)
    #expect(exercise.instructions == "Do it.\n\n- Not a hint: another list.\n")
    let list = try #require(chapter.document?.labelledLists.first)
    #expect(list.label == "Hints" && list.position.line == 11 && list.endLine == 16)
    let page = HostileBookTests.renderUnverified([("03-c.md", markdown)]).text("03-c.html")
    #expect(page.contains("Hint 2 of 2"))
    #expect(!page.contains("Hint 3"))
    #expect(page.contains("lazy line."))
  }
}
