// The overlay's problems come from the verified chapters: each failure of
// `VerifiedChapter.failures` (matched to its snippet, never by line) with
// the chapter's page, `Chapter.pageName` (ARCHITECTURE-REVIEW-3 P5, P6).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookServe
@testable import WorkbookSite

@Suite struct OverlayTests {
  @Test func problemsAreTheVerifiedChaptersFailuresWithTheirPage() {
    let file = "Chapters/02-fade.md"
    let chapter = ChapterLoader.load(
      bytes: Array("# Fade\n\n```swift\nlet a = b\n```\n\n```swift\nfatalError()\n```\n".utf8),
      path: "/book/02-fade.md", displayPath: file)
    let report = ChapterReport(
      path: file, title: "Fade",
      snippets: [
        SnippetReport(index: 0, line: 3, kind: "run", hidden: false,
                      verdict: .compileError(.init(message: "cannot find 'b' in scope", line: 4))),
        // Its verdict's line is the finding's line: still its own problem.
        SnippetReport(index: 1, line: 7, kind: "run", hidden: false,
                      verdict: .trap(.init(message: "Fatal error", line: 4))),
      ],
      findings: [
        Finding(.error, .compileError, file: file, line: 4, column: 9, message: "cannot find 'b' in scope",
                details: ["let a = b", "        ^"], snippet: 0),
        Finding(.warning, .runtimeWarning, file: file, line: 8, message: "a warning is not a problem", snippet: 1),
      ],
      cached: false, recordedBlocks: 0, duration: 0)
    let verified = VerifiedBook.VerifiedChapter(chapter: chapter, report: report)
    let site = Site(files: [(path: "02-fade.html", bytes: [])],
                    report: VerifyReport(chapters: [report], duration: 0, engineBuilt: false),
                    failures: verified.failures, book: "/book", chapters: [verified])
    #expect(PreviewProblem.problems(of: site) == [
      PreviewProblem(file: file, line: 4, message: "cannot find 'b' in scope", details: ["let a = b", "        ^"],
                     page: "02-fade.html"),
      PreviewProblem(file: file, line: 4, message: "Fatal error", page: "02-fade.html"),
    ])
  }
}
