// A DocC catalog or a README as the book (issue 42, item 4): a catalog's
// articles are the chapters where they are, in the order of its Topics,
// with DocC's directives and links left alone; a README is a book of one
// chapter (the fixture `docc`: `Guide.docc` and `README.md`).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookSupport

@Suite struct DocCBookTests {
  /// A fresh copy of the fixture: its folder, holding `Guide.docc` and `README.md`.
  func fixture() throws -> String { try TestPackage.copy("verify/docc") }

  /// Every file under `folder` (relative paths) with its bytes.
  func files(under folder: String) -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: Files.files(under: folder, suffix: "").compactMap { path in
      Files.read(folder + "/" + path).map { (path, $0) }
    })
  }

  @Test func aCatalogsArticlesAreChaptersInTheOrderOfItsTopics() throws {
    let catalog = try fixture() + "/Guide.docc"
    let book = try Book.load(catalog)
    #expect(book.source == .docCCatalog)
    #expect(book.folder == Files.absolute(catalog))
    // The root article, its Topics in their order (not the files'), then the rest by path.
    #expect(book.chapters.map { String($0.path.dropFirst(catalog.count + 1)) }
      == ["Guide.md", "Essentials/Greeting.md", "Essentials/Counting.md", "Extras/Appendix.md"])
    #expect(book.chapters.map(\.title) == ["Guide", "Greeting", "Counting", "Appendix"])
    #expect(book.chapters.map(\.fileName) == ["Guide.md", "Greeting.md", "Counting.md", "Appendix.md"])
    #expect(book.chapterFiles == ["Guide.md", "Essentials/Greeting.md", "Essentials/Counting.md", "Extras/Appendix.md"])
    #expect(book.site.title == "Guide", "titled as its root article, without a site.json")
    // The tutorial is not read, and says so; Info.plist is not a chapter.
    let notes = book.chapters[0].problems
    #expect(notes.map(\.severity) == [.warning])
    #expect(notes.first?.file.hasSuffix("Guide.docc/Tour.tutorial") == true)
    #expect(notes.first?.message.hasPrefix("Tutorial not checked") == true)
    // A chapter of the catalog is selected by its name, wherever it is.
    #expect(try Book.load(catalog, selecting: ["Counting"]).chapters.map(\.title) == ["Counting"])
  }

  @Test func eachArticleIsFollowedByTheOnesItsOwnTopicsList() throws {
    let catalog = try fixture() + "/Guide.docc"
    let greeting = catalog + "/Essentials/Greeting.md", appendix = catalog + "/Extras/Appendix.md"
    try (Fixtures.read(greeting) + "\n## Topics\n\n- <doc:Appendix>\n").write(toFile: greeting, atomically: false, encoding: .utf8)
    // A cycle back to the root places nothing twice.
    try (Fixtures.read(appendix) + "\n## Topics\n\n- <doc:Guide>\n").write(toFile: appendix, atomically: false, encoding: .utf8)
    #expect(try Book.load(catalog).chapters.map(\.title) == ["Guide", "Greeting", "Appendix", "Counting"])
  }

  @Test func directivesAndDocCLinksAreProseNotErrorsNorSnippets() throws {
    let catalog = try fixture() + "/Guide.docc"
    let book = try Book.load(catalog)
    #expect(book.chapters.flatMap(\.inputErrors).isEmpty)
    #expect(book.chapters.map { $0.snippets.count } == [1, 1, 1, 1])
    #expect(book.chapters.flatMap(\.snippets).allSatisfy { !$0.code.contains("@") })
    #expect(book.chapters[0].summary == "Count and greet in Swift, checked by the workbook as DocC renders it.")
  }

  @Test func silentDirectivesSpanTheirBracesWithBlankLinesAndNesting() {
    let text = "# T\n\n@Metadata {\n  @TechnologyRoot\n\n  @PageImage(purpose: icon, source: x) {\n  }\n}\n\n@Row {\n}\n@Comment {\n"
    // @Row is shown (its content is the reader's); an unclosed @Comment hides nothing.
    #expect(DocCCatalog.silentDirectiveLines(text.split(separator: "\n", omittingEmptySubsequences: false)) == [3...8])
  }

  @Test func aCatalogVerifiesAsWritten() throws {
    let catalog = try fixture() + "/Guide.docc"
    let before = files(under: catalog)
    let report = try Fixtures.verify(catalog)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    #expect(report.chapters.map(\.passedSnippetCount) == [1, 1, 1, 1])
    #expect(report.chapters.map(\.title) == ["Guide", "Greeting", "Counting", "Appendix"])
    #expect(report.chapters[1].path.hasSuffix("Guide.docc/Essentials/Greeting.md"))
    #expect(files(under: catalog) == before, "verify writes nothing in the catalog")
  }

  @Test func recordWritesOnlyTheArticleItCorrects() throws {
    let catalog = try fixture() + "/Guide.docc"
    let greeting = catalog + "/Essentials/Greeting.md"
    let written = Fixtures.read(greeting)
    try written.replacingOccurrences(of: "// Prints \"Hello, world!\"", with: "// Prints \"Hello!\"")
      .write(toFile: greeting, atomically: false, encoding: .utf8)
    let before = files(under: catalog)
    let failing = try Fixtures.verify(catalog)
    #expect(failing.errors().map(\.file).allSatisfy { $0.hasSuffix("Essentials/Greeting.md") })
    #expect(failing.errors().first?.line == 17)
    _ = try Fixtures.verify(catalog) { $0.record = true }
    #expect(Fixtures.read(greeting) == written, "the comment is recorded in place")
    var after = files(under: catalog)
    after["Essentials/Greeting.md"] = before["Essentials/Greeting.md"]
    #expect(after == before, "no other file of the catalog is written, none is added")
    #expect(try Fixtures.verify(catalog).errors().isEmpty)
  }

  @Test func recordedCostsKeepTheArticlesInTheCatalogsFolders() throws {
    let catalog = try fixture() + "/Guide.docc"
    let workspace = Workspace(Fixtures.options(book: catalog))
    try ShardPlan.CostFile.record(try Verifier().verify(in: workspace))
    // Verified again from the cache: nothing is measured, every entry is kept.
    try ShardPlan.CostFile.record(try Verifier().verify(in: workspace))
    let costs = try #require(try ShardPlan.CostFile.load(book: catalog))
    #expect(Set(costs.keys) == ["Guide.md", "Greeting.md", "Counting.md", "Appendix.md"])
  }

  @Test func aReadmeIsABookOfOneChapter() throws {
    let folder = try fixture()
    let readme = folder + "/README.md"
    let book = try Book.load(readme)
    #expect(book.source == .file)
    #expect(book.folder == Files.absolute(folder))
    #expect(book.chapters.map(\.title) == ["Tally"])
    #expect(book.chapterFiles == ["README.md"])
    var titled = Book.SiteMetadata()
    titled.title = "Tally"
    #expect(book.site == titled, "a package's folder is not the book's: its site.json is not read; the title is the README's")
    let workspace = Workspace(Fixtures.options(book: readme))
    #expect(workspace.root == Files.absolute(folder), "Exercises/ and .workbook/ are made beside the README")
    let report = try Fixtures.verify(readme)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    #expect(report.chapters.map(\.passedSnippetCount) == [1])
  }

  @Test func anArticleThatLinksOutOfTheCatalogIsRefusedAndALinkedFolderIsNotRead() throws {
    let folder = try fixture()
    let catalog = folder + "/Guide.docc"
    try "# Outside\n".write(toFile: folder + "/Outside.md", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: catalog + "/Extras/Outside.md", withDestinationPath: folder + "/Outside.md")
    // A link to an article elsewhere in the catalog is read, as in a book folder.
    try FileManager.default.createSymbolicLink(
      atPath: catalog + "/Extras/Again.md", withDestinationPath: "../Essentials/Counting.md")
    try FileManager.default.createDirectory(atPath: folder + "/More", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: catalog + "/More", withDestinationPath: folder + "/More")
    let book = try Book.load(catalog)
    let outside = try #require(book.chapters.first { $0.fileName == "Outside.md" })
    #expect(!outside.wasRead)
    #expect(outside.inputErrors.first?.message.contains("outside the book") == true)
    #expect(book.chapters.first { $0.fileName == "Again.md" }?.title == "Counting")
    #expect(book.chapters[0].problems.contains { $0.file.hasSuffix("Guide.docc/More") && $0.severity == .warning })
  }

  @Test func twoArticlesWithOneNameAreRefused() throws {
    let catalog = try fixture() + "/Guide.docc"
    try "# Other counting\n".write(toFile: catalog + "/Extras/Counting.md", atomically: false, encoding: .utf8)
    let book = try Book.load(catalog)
    let counting = book.chapters.filter { $0.fileName == "Counting.md" }
    #expect(counting.map(\.wasRead) == [true, false])
    #expect(counting.last?.inputErrors.first?.message.hasPrefix("Another article of the catalog is named 'Counting.md'") == true)
  }
}
