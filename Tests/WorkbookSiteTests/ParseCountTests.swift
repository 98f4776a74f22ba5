// One cmark parse per chapter per command: the loader's parses are counted
// (WorkbookMarkdown's parse counter, bound on the thread that loads and
// renders) while `build`, `verify` and the exercise commands' loading run.
// The stepper's sessions (WorkbookStepperTests/AnalysedOnceStepperTests)
// and serve's rebuilds (WorkbookServeTests/ServeParseCountTests) are
// counted beside their code. Each fact derived from a chapter (exercises,
// summary, page name, translation) is counted the same way.
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

  /// Runs `body` with a fresh fact counter; returns its result and the counter.
  func countingFacts<T>(_ body: () throws -> T) rethrows -> (T, ChapterAnalysisCounter) {
    let counter = ChapterAnalysisCounter()
    let result = try ChapterAnalysisCounter.$current.withValue(counter) { try body() }
    return (result, counter)
  }

  @Test func eachFactOfAChapterIsDerivedOncePerBuild() throws {
    let root = try SiteFixtures.book("book")
    // verify (on worker threads), then every page, the index and the search index.
    let (site, facts) = try countingFacts { try SiteFixtures.build(root) }
    let chapters = site.report.chapters.count
    #expect(chapters == 2)
    #expect(facts.count(.exercises) == chapters)
    #expect(facts.count(.summary) == chapters)
    #expect(facts.count(.pageName) == chapters)
    #expect(facts.count(.translation) == chapters)
    // The hints are part of the one parse (cmark's list nodes).
    #expect(site.text("02-exercises.html").contains("Hint 1 of"))
  }

  @Test func theExerciseCommandsDeriveEachFactOnce() throws {
    let root = try SiteFixtures.book("book")
    let configuration = SiteFixtures.configuration(root: root)
    let (book, facts) = try countingFacts { () throws -> ExerciseBook in
      let book = try ExerciseBook.load(configuration)
      _ = book.chapters.map(\.summary)
      _ = book.exercises.map(\.hints)
      return book
    }
    #expect(facts.count(.exercises) == 2)
    #expect(facts.count(.summary) == 2)
    #expect(facts.count(.translation) == 0)  // nothing is compiled to list or open exercises
    #expect(book.chapters.count == 2)
  }
}
