// The site of a DocC catalog and of a README (issue 42, item 4): one page
// per article with the verified marks, the contents in the order of the
// catalog's Topics, DocC links to an article made links to its page (the
// fixture `verify/docc`).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookSite

@Suite struct DocCSiteTests {
  func build(_ book: String) throws -> Site {
    var configuration = SiteFixtures.configuration(root: "")
    configuration.book = book
    let verified = try Verifier(options: SiteFixtures.verifyOptions).verifyWholeBook(in: Workspace(configuration))
    return try SiteBuilder(options: SiteFixtures.options(root: book)).render(verified)
  }

  @Test func aCatalogsSiteHasAPagePerArticleInTheOrderOfItsTopics() throws {
    let root = try TestPackage.copy("verify/docc")
    let site = try build(root + "/Guide.docc")
    #expect(site.failures.isEmpty)
    let pages = site.files.map(\.path).filter { $0.hasSuffix(".html") }
    #expect(Set(pages) == ["index.html", "Guide.html", "Greeting.html", "Counting.html", "Appendix.html"])
    // The contents follow the Topics: Greeting before Counting, then the article no Topics list.
    let index = site.text("index.html")
    let order = ["./Guide.html", "./Greeting.html", "./Counting.html", "./Appendix.html"].map {
      index.range(of: "href=\"\($0)\"")?.lowerBound
    }
    #expect(!order.contains(nil))
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    let greeting = site.text("Greeting.html")
    #expect(greeting.contains("<span class=\"badge status-passed\">Verified"), "the verified mark")
    #expect(greeting.contains("<a href=\"./Counting.html\">Counting</a>"), "<doc:Counting> reads as the article's name")
    #expect(greeting.contains("<a href=\"./Counting.html#counting-up\">counting up</a>"))
    #expect(greeting.contains("<code>String</code>"), "a symbol link is shown as code")
    #expect(!greeting.contains("doc:"))
    #expect(!site.text("Counting.html").contains("not a snippet"), "an HTML comment is not shown")
    // @Metadata, @Options and @Comment say nothing to a reader; the prose around them stays.
    let rootPage = site.text("Guide.html")
    for directive in ["@Metadata", "@TechnologyRoot", "@Options", "@AutomaticSeeAlso"] {
      #expect(!rootPage.contains(directive) && !index.contains(directive), "\(directive)")
    }
    #expect(rootPage.contains("Every listing in this catalog says what it prints in a comment:"))
    #expect(!greeting.contains("@Comment") && !greeting.contains("the workbook leaves it alone"))
    #expect(!site.text("search-index.js").contains("TechnologyRoot"))
  }

  @Test func aReadmeIsASiteOfOnePageThroughTheCommand() throws {
    let root = try TestPackage.copy("verify/docc")
    let built = try SiteFixtures.workbook(["build", "--book", "README.md", "--out", "Site"], in: root)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(FileManager.default.fileExists(atPath: root + "/Site/README.html"))
    let checked = try SiteFixtures.workbook(["build", "--book", "README.md", "--out", "Site", "--check"], in: root)
    #expect(checked.status == 0, "\(checked.stderr)")
    let catalog = try SiteFixtures.workbook(["verify", "--book", "Guide.docc"], in: root)
    #expect(catalog.status == 0, "\(catalog.stderr)")
  }
}
