// The site reads the book's site.json from the loaded Book, not from the
// folder: a bad file fails the build before anything is verified.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite

@Suite struct SiteMetadataTests {
  @Test func theSiteTakesItsTitleFromTheLoadedBook() throws {
    let root = try SiteFixtures.book("book")
    let options = SiteFixtures.options(root: root)
    let workspace = Workspace(options.workspace)
    var book = try workspace.loadBook()
    #expect(book.site.title == "Fixture <Book>")
    // What the Book carries is what the pages show.
    book.site.title = "Changed in memory"
    let site = try SiteBuilder(options: options).build(book, in: workspace)
    #expect(site.text("index.html").contains("Changed in memory"))
  }

  @Test func aBadSiteJSONFailsTheBuildNamingTheFile() throws {
    let root = try SiteFixtures.book("book")
    try #"{"title": ["not", "text"]}"#.write(toFile: root + "/Chapters/site.json", atomically: true, encoding: .utf8)
    let error = try #require(throws: SiteError.self) { try SiteFixtures.build(root) }
    guard case .badConfig(let path, _) = error else { Issue.record("\(error)"); return }
    #expect(path == root + "/Chapters/site.json")
    #expect(ErrorText.message(for: error).contains("it must be a JSON object"))
  }
}
