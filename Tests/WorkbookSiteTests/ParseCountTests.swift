// One cmark parse per chapter per command: the loader's parses are counted
// (WorkbookMarkdown's parse counter, bound on the thread that loads and
// renders) while `build`, `verify` and the exercise commands' loading run.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookMarkdown
@testable import WorkbookSite

@Suite struct ParseCountTests {
  /// Runs `body` with a fresh counter; returns its result and the parses.
  func counting<T>(_ body: () throws -> T) rethrows -> (T, Int) {
    let counter = MarkdownParseCounter()
    let result = try MarkdownParseCounter.$current.withValue(counter) { try body() }
    return (result, counter.count)
  }

  @Test func buildParsesEachChapterOnce() throws {
    let root = try SiteFixtures.book("book")
    let (site, parses) = try counting { try SiteFixtures.build(root) }
    #expect(site.report.chapters.count == 2)
    #expect(parses == site.report.chapters.count)
    // The lead and the summaries come from that one parse too.
    #expect(site.text("index.html").contains("<li><a href="))
  }

  @Test func verifyParsesEachChapterOnce() throws {
    let root = try SiteFixtures.book("book")
    let (verified, parses) = try counting {
      try Verifier(options: SiteFixtures.verifyOptions).verify(in: Workspace(SiteFixtures.configuration(root: root)))
    }
    #expect(verified.chapters.count == 2)
    #expect(parses == 2)
    // The verified book carries each chapter with its own report.
    for chapter in verified.chapters {
      #expect(chapter.report.path.hasSuffix(chapter.chapter.fileName))
    }
  }

  @Test func loadingTheExercisesParsesEachChapterOnce() throws {
    let root = try SiteFixtures.book("book")
    let (book, parses) = try counting { try ExerciseBook.load(SiteFixtures.configuration(root: root)) }
    #expect(book.chapters.count == 2)
    #expect(!book.exercises.isEmpty)
    #expect(parses == 2)
  }

  @Test func aSecondRenderingOfADocumentParsesAgain() throws {
    // The seam sees every parse: the tree is rendered once, then re-parsed.
    let (count, parses) = counting { () -> Int in
      let document = MarkdownDocument.parse("# T\n\nText.\n")
      _ = MarkdownHTML.render(document)
      _ = MarkdownHTML.render(document)
      return document.blocks.count
    }
    #expect(count == 2)
    #expect(parses == 2)
  }
}
