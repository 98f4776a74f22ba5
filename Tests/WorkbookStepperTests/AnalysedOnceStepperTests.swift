// The stepper reads what the loaded book carries: which chapters it has,
// each exercise's instructions and hints as parsed Markdown, and nothing
// is parsed again while a session draws (ARCHITECTURE-REVIEW-3 §2.2).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookStepper

@Suite struct AnalysedOnceStepperTests {
  // P11: `step CHAPTER` asks the loaded book, not the disk.
  @Test func hasChapterConsultsTheLoadedBook() throws {
    let root = try StepperFixtures.project()
    let book = try StepperFixtures.exerciseBook(root)
    #expect(book.hasChapter("02-film"))  // a chapter without exercises
    #expect(book.hasChapter("02-film.md"))
    #expect(!book.hasChapter("03-missing"))
    // The book as loaded decides, whatever the folder holds now.
    try FileManager.default.removeItem(atPath: root + "/Chapters/02-film.md")
    FileManager.default.createFile(atPath: root + "/Chapters/03-missing.md", contents: Data("# New\n".utf8))
    #expect(book.hasChapter("02-film"))
    #expect(!book.hasChapter("03-missing"))
  }
}
