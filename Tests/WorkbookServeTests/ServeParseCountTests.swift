// One parse per chapter per command, for serve too: the first build
// parses each chapter once, a save of one chapter parses only that
// chapter (the others are reused as loaded, their pages from the render
// cache), and a change outside the book parses nothing
// (ARCHITECTURE-REVIEW-3 P9).
import Foundation
import Testing
@testable import WorkbookCore
import WorkbookMarkdown
@testable import WorkbookModel
@testable import WorkbookServe
@testable import WorkbookSite

@Suite struct ServeParseCountTests {
  @Test func aSaveOfOneChapterParsesOnlyThatChapter() throws {
    let root = try ServeFixtures.book("book")
    var options = ServeOptions()
    options.workspace.book = root + "/Chapters"
    options.workspace.engineSources = TestPackage.standInEngine
    options.workspace.engineCacheDirectory = TestPackage.engineCache
    options.workspace.cacheDirectory = root + "/.cache"
    options.verify.jobs = 2
    let preview = LivePreview(options: options)
    let workspace = Workspace(options.workspace)
    let verifier = Verifier(options: options.verify)
    let builder = SiteBuilder(options: preview.options.site)
    let counter = MarkdownParseCounter()
    try MarkdownParseCounter.$current.withValue(counter) {
      let first = try preview.book(after: [])
      let firstSite = try builder.render(verifier.verifyWholeBook(in: workspace, book: first))
      #expect(firstSite.report.chapters.count == 2)
      #expect(counter.count == 2)

      // A save of the second chapter.
      let saved = root + "/Chapters/02-exercises.md"
      try ServeFixtures.write(ServeFixtures.read(saved) + "\nOne more sentence.\n", to: saved)
      let second = try preview.book(after: [saved])
      #expect(counter.count == 3)
      // The unchanged chapter is the one loaded before.
      #expect(second.chapters[0].bytes == first.chapters[0].bytes)
      #expect(second.chapters[1].bytes != first.chapters[1].bytes)
      let secondSite = try builder.render(verifier.verifyWholeBook(in: workspace, book: second))
      #expect(secondSite.text("02-exercises.html").contains("One more sentence."))
      #expect(secondSite.text("01-basics.html") == firstSite.text("01-basics.html"))
      #expect(counter.count == 3)

      // A change outside the book (the engine's sources): the same book.
      let third = try preview.book(after: [TestPackage.standInEngine + "/Engine.swift"])
      #expect(third.chapters.map(\.bytes) == second.chapters.map(\.bytes))
      #expect(counter.count == 3)
    }
  }
}

extension Site {
  func text(_ path: String) -> String {
    files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
  }
}
