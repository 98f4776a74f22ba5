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
    let workspace = Workspace(SiteFixtures.configuration(root: root))
    var book = try workspace.loadBook()
    #expect(book.site.title == "Fixture <Book>")
    // What the Book carries is what the pages show.
    book.site.title = "Changed in memory"
    let verified = try Verifier(options: SiteFixtures.verifyOptions).verify(book, in: workspace)
    let site = try SiteBuilder(options: SiteFixtures.options(root: root)).render(verified)
    #expect(site.text("index.html").contains("Changed in memory"))
  }

  @Test func aBadSiteJSONFailsTheBuildNamingTheFile() throws {
    let root = try SiteFixtures.book("book")
    try #"{"title": ["not", "text"]}"#.write(toFile: root + "/Chapters/site.json", atomically: true, encoding: .utf8)
    // Verify refuses the book first, as `workbook verify` does: its
    // settings decide how every snippet is compiled and run.
    let error = try #require(throws: SiteError.self) { try SiteFixtures.build(root) }
    guard case .verify(.siteSettingsUnreadable(let path, _)) = error else { Issue.record("\(error)"); return }
    #expect(path == root + "/Chapters/site.json")
    #expect(ErrorText.message(for: error).contains("Cannot read '\(path)'"))
  }

  @Test func aBadSiteJSONFailsTheRenderingOfAReportNamingTheFile() throws {
    let root = try SiteFixtures.book("book")
    let workspace = Workspace(SiteFixtures.configuration(root: root))
    let verified = try Verifier(options: SiteFixtures.verifyOptions).verifyWholeBook(in: workspace)
    try ReportDocument(verified).json().write(toFile: root + "/report.json", atomically: true, encoding: .utf8)
    try #"{"title": ["not", "text"]}"#.write(toFile: root + "/Chapters/site.json", atomically: true, encoding: .utf8)
    let read = try Verifier().verifyWholeBook(in: workspace, fromReport: root + "/report.json")
    let error = try #require(throws: SiteError.self) { try SiteBuilder(options: SiteOptions()).render(read) }
    guard case .badConfig(let path, _) = error else { Issue.record("\(error)"); return }
    #expect(path == root + "/Chapters/site.json")
    #expect(ErrorText.message(for: error).contains("it must be a JSON object"))
  }
}
