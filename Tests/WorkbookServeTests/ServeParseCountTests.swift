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
  /// Serve's options for the fixture book at `root`: the stand-in engine.
  static func options(root: String) -> ServeOptions {
    var options = ServeOptions()
    options.workspace.book = root + "/Chapters"
    options.workspace.engineSources = TestPackage.standInEngine
    options.workspace.engineCacheDirectory = TestPackage.engineCache
    options.workspace.cacheDirectory = root + "/.cache"
    options.verify.jobs = 2
    return options
  }

  @Test func aSaveOfOneChapterParsesOnlyThatChapter() throws {
    let root = try ServeFixtures.book("book")
    let options = Self.options(root: root)
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

  // RELIABILITY-REVIEW-4 M2: a chapter saved with 40,000 nested quotes
  // killed serve (the rebuild overflowed the stack). It is refused at its
  // line: the overlay names it, its page shows its text, the rest is served.
  @Test func aSavedChapterNestedTooDeeplyIsAProblemNotACrash() throws {
    let root = try ServeFixtures.book("book")
    let options = Self.options(root: root)
    let preview = LivePreview(options: options)
    let workspace = Workspace(options.workspace)
    let builder = SiteBuilder(options: preview.options.site)
    _ = try preview.book(after: [])
    let saved = root + "/Chapters/02-exercises.md"
    try ServeFixtures.write("# Deep\n\n" + String(repeating: ">", count: 40_000) + " deepest\n", to: saved)
    let book = try preview.book(after: [saved])
    let site = try builder.render(Verifier(options: options.verify).verifyWholeBook(in: workspace, book: book))
    let problems = PreviewProblem.problems(of: site)
    #expect(problems.map(\.line) == [3], "\(problems)")
    #expect(problems.first?.message.hasPrefix("Markdown is nested too deeply at line 3") == true)
    #expect(site.text("02-exercises.html").contains("&gt;&gt;&gt; deepest"))
    #expect(site.text("01-basics.html").contains("<h1"))
  }
}

extension Site {
  func text(_ path: String) -> String {
    files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
  }
}
