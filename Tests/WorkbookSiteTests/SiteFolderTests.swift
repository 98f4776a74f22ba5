// Issue 11, items 1, 2, 5 and 8: where `workbook build` writes, what it
// removes, symlinks planted in the site folder, chapters linked from outside
// the book, and chapter names that would become script URLs.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
import WorkbookMarkdown
@testable import WorkbookSite

private func read(_ path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

@Suite struct SiteFolderTests {
  static func site(_ files: [(String, String)], book: String) -> Site {
    Site(files: files.map { (path: $0.0, bytes: Array($0.1.utf8)) },
         report: VerifyReport(chapters: [], duration: 0, engineBuilt: false), failures: [], book: book)
  }

  static func scratch() throws -> String {
    let path = try TestPackage.temporaryDirectory() + "/site-folder"
    try FileManager.default.createDirectory(atPath: path + "/book", withIntermediateDirectories: true)
    return path
  }

  static let page = [("index.html", "<p>index</p>"), ("search-index.js", "window.WORKBOOK_SEARCH = [\n];\n")]

  // Item 1: a folder that is not a previous site is refused, and nothing in it is touched.
  @Test func aForeignFolderIsRefusedAndKeepsItsFiles() throws {
    let root = try Self.scratch()
    let out = root + "/out"
    try FileManager.default.createDirectory(atPath: out + "/sub", withIntermediateDirectories: true)
    try "keep".write(toFile: out + "/precious.txt", atomically: false, encoding: .utf8)
    try "k".write(toFile: out + "/sub/notes.md", atomically: false, encoding: .utf8)
    #expect(throws: SiteError.self) { try Self.site(Self.page, book: root + "/book").write(to: out) }
    do {
      try Self.site(Self.page, book: root + "/book").write(to: out)
    } catch {
      guard case .unsafeFolder(_, let reason) = error else { Issue.record("\(error)"); return }
      #expect(reason.contains("not empty and was not written by 'workbook build'"))
    }
    #expect(read(out + "/precious.txt") == "keep")
    #expect(read(out + "/sub/notes.md") == "k")
    #expect(!FileManager.default.fileExists(atPath: out + "/index.html"))
  }

  @Test func dangerousFoldersAreAlwaysRefused() throws {
    let root = try Self.scratch()
    let book = root + "/pkg/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try "// swift-tools-version:6.0".write(toFile: root + "/pkg/Package.swift", atomically: false, encoding: .utf8)
    let site = Self.site(Self.page, book: book)
    let cwd = FileManager.default.currentDirectoryPath
    for (folder, why) in [("/", "root folder"), (book, "book folder"), (root + "/pkg", "holds the book"),
                          (root, "holds the book"), (cwd, "working directory"), (".", "working directory"),
                          (NSHomeDirectory(), "")] {
      do {
        try site.write(to: folder)
        Issue.record("wrote into \(folder)")
      } catch {
        guard case .unsafeFolder(_, let reason) = error else { Issue.record("\(folder): \(error)"); continue }
        if !why.isEmpty { #expect(reason.contains(why), "\(folder): \(reason)") }
      }
    }
    #expect(!FileManager.default.fileExists(atPath: book + "/index.html"))
  }

  @Test func aRebuildRemovesOnlyWhatTheLastBuildWrote() throws {
    let root = try Self.scratch()
    let out = root + "/site"
    try Self.site(Self.page + [("old.html", "old")], book: root + "/book").write(to: out)
    #expect(read(out + "/.workbook-site").hasPrefix("workbook site manifest 1\n"))
    try "mine".write(toFile: out + "/CNAME", atomically: false, encoding: .utf8)
    try Self.site(Self.page, book: root + "/book").write(to: out)
    #expect(!FileManager.default.fileExists(atPath: out + "/old.html"))
    #expect(read(out + "/CNAME") == "mine")
    #expect(read(out + "/index.html") == "<p>index</p>")
    #expect(Self.site(Self.page, book: root + "/book").differences(from: out) == [])
  }

  @Test func aSiteWrittenBeforeManifestsIsRecognisedAndKeepsOtherFiles() throws {
    let root = try Self.scratch()
    let out = root + "/Site"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for (name, text) in Self.page + [("02-gone.html", "gone"), ("style.css", "x"), ("README.md", "notes")] {
      try text.write(toFile: out + "/" + name, atomically: false, encoding: .utf8)
    }
    try Self.site(Self.page + [("style.css", "y")], book: root + "/book").write(to: out)
    #expect(!FileManager.default.fileExists(atPath: out + "/02-gone.html"))
    #expect(read(out + "/README.md") == "notes")
    #expect(read(out + "/style.css") == "y")
    #expect(FileManager.default.fileExists(atPath: out + "/.workbook-site"))
  }

  @Test func aManifestCannotNameFilesOutsideTheSite() throws {
    let root = try Self.scratch()
    let out = root + "/site"
    try "victim".write(toFile: root + "/victim.txt", atomically: false, encoding: .utf8)
    try Self.site(Self.page, book: root + "/book").write(to: out)
    try "workbook site manifest 1\n../victim.txt\n/etc/hostname\nindex.html\n".write(
      toFile: out + "/.workbook-site", atomically: false, encoding: .utf8)
    try Self.site([("search-index.js", "window.WORKBOOK_SEARCH = [];")], book: root + "/book").write(to: out)
    #expect(read(root + "/victim.txt") == "victim")
    #expect(!FileManager.default.fileExists(atPath: out + "/index.html"))
  }

  @Test func aFileGivenAsTheSiteFolderIsASentence() throws {
    let root = try Self.scratch()
    try "x".write(toFile: root + "/file", atomically: false, encoding: .utf8)
    do {
      try Self.site(Self.page, book: root + "/book").write(to: root + "/file")
      Issue.record("wrote into a file")
    } catch {
      guard case .cannotWrite(_, let reason) = error else { Issue.record("\(error)"); return }
      #expect(reason == "it is a file, not a folder; pass a new folder or a previous site to --out")
    }
  }

  // Item 2: symlinks planted in the site folder are never written through.
  @Test func plantedSymlinksAreReplacedNotFollowed() throws {
    let root = try Self.scratch()
    let out = root + "/site"
    try Self.site(Self.page, book: root + "/book").write(to: out)
    try "target".write(toFile: root + "/target.txt", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: out + "/index.html.partial", withDestinationPath: root + "/target.txt")
    try FileManager.default.removeItem(atPath: out + "/index.html")
    try FileManager.default.createSymbolicLink(atPath: out + "/index.html", withDestinationPath: root + "/target.txt")
    try Self.site([("index.html", "<p>new</p>"), Self.page[1]], book: root + "/book").write(to: out)
    #expect(read(root + "/target.txt") == "target")
    #expect(!Files.isSymlink(out + "/index.html"))
    #expect(read(out + "/index.html") == "<p>new</p>")
  }

  @Test func writesRefuseToReplaceASymlinkUnlessAsked() throws {
    let root = try Self.scratch()
    try "target".write(toFile: root + "/target.txt", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/link.md", withDestinationPath: root + "/target.txt")
    #expect(throws: FileError.self) { try Files.writeAtomically(Array("x".utf8), to: root + "/link.md") }
    #expect(Files.isSymlink(root + "/link.md"))
    #expect(read(root + "/target.txt") == "target")
  }

  // RELIABILITY-REVIEW-4 H1: a folder in the site that is a link to one
  // outside it (git stores links), named by the manifest.
  @Test func nothingIsRemovedOrWrittenThroughALinkInTheSite() throws {
    let root = try Self.scratch()
    let out = root + "/site"
    try FileManager.default.createDirectory(atPath: root + "/victim/deeper", withIntermediateDirectories: true)
    for name in ["precious.txt", "deeper/kept.txt"] {
      try "precious".write(toFile: root + "/victim/" + name, atomically: false, encoding: .utf8)
    }
    try Self.site(Self.page, book: root + "/book").write(to: out)
    try FileManager.default.createDirectory(atPath: out + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: out + "/up", withDestinationPath: "../victim")
    try FileManager.default.createSymbolicLink(atPath: out + "/sub/up", withDestinationPath: "../../victim")
    try "workbook site manifest 1\nindex.html\nsearch-index.js\nup/precious.txt\nsub/up/deeper/kept.txt\n".write(
      toFile: out + "/.workbook-site", atomically: false, encoding: .utf8)
    try Self.site(Self.page, book: root + "/book").write(to: out)
    #expect(read(root + "/victim/precious.txt") == "precious")
    #expect(read(root + "/victim/deeper/kept.txt") == "precious")
    #expect(Files.isSymlink(out + "/up") && Files.isSymlink(out + "/sub/up"), "the links themselves are not the build's")
    // A page whose folder is a link is refused, never written through it.
    do {
      try Self.site(Self.page + [("up/new.html", "x")], book: root + "/book").write(to: out)
      Issue.record("wrote through a link")
    } catch {
      guard case .cannotWrite(let path, let reason) = error else { Issue.record("\(error)"); return }
      #expect(path.hasSuffix("/site/up") && reason.contains("symbolic link"), "\(path): \(reason)")
    }
    #expect(!Files.exists(root + "/victim/new.html"))
  }

  // Item 8: chapter file names become relative, percent-encoded links.
  @Test func chapterNamesBecomeRelativePercentEncodedLinks() throws {
    #expect(Navigation.href("javascript:alert(1).html") == "./javascript%3Aalert%281%29.html")
    #expect(Navigation.href("01-basics.html", fragment: "a b") == "./01-basics.html#a%20b")
    let toc = Navigation.toc([TOCEntry(page: "javascript:alert(1).html", title: "x", headings: [])], current: nil, bookTitle: "B")
    #expect(!toc.description.contains("href=\"javascript:"))
    let search = SearchIndex.script([(page: "javascript:alert(1).html", title: "x", sections: [(heading: nil, text: "t")])])
    #expect(search.contains("\"u\":\"./javascript%3Aalert%281%29.html\""))
  }

  @Test func scriptLinksAreNeutralisedEvenWithRawHTML() {
    for url in ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " java\tscript:alert(1)", "vbscript:x", "data:text/html,<script>"] {
      #expect(MarkdownHTML.isScriptURL(url), "\(url)")
    }
    for url in ["https://example.com", "02-fade.md#x", "data:image/png;base64,AAAA", "mailto:a@b"] {
      #expect(!MarkdownHTML.isScriptURL(url), "\(url)")
    }
    let html = MarkdownHTML.render(bytes: Array("[click](javascript:alert(1)) <b>raw</b>\n".utf8), allowRawHTML: true).html
    #expect(!html.contains("javascript:"))
    #expect(html.contains("<b>raw</b>"))
  }
}

@Suite struct SiteFolderCommandTests {
  // Item 1, as the issue reproduces it: `build --out out` with a user's files in out.
  @Test func buildIntoAFolderOfTheUsersFilesExitsTwoAndDeletesNothing() throws {
    let root = try SiteFixtures.book("book")
    let out = root + "/out"
    try FileManager.default.createDirectory(atPath: out + "/sub", withIntermediateDirectories: true)
    try "keep".write(toFile: out + "/precious.txt", atomically: false, encoding: .utf8)
    try "k".write(toFile: out + "/sub/notes.md", atomically: false, encoding: .utf8)
    let outcome = try SiteFixtures.workbook(["build", "--book", "Chapters", "--out", "out"], in: root)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("error: Refusing to write the site into 'out': it is not empty and was not written by 'workbook build'"))
    #expect(read(out + "/precious.txt") == "keep")
    #expect(read(out + "/sub/notes.md") == "k")
    for folder in [".", "Chapters"] {
      let refused = try SiteFixtures.workbook(["build", "--book", "Chapters", "--out", folder], in: root)
      #expect(refused.status == 2, "\(folder): \(refused.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: root + "/Chapters/01-basics.md"))
  }

  // Item 5: a chapter linked from outside the book is refused and never published.
  @Test func aChapterLinkedFromOutsideTheBookIsRefusedAndNotPublished() throws {
    let root = try SiteFixtures.book("book")
    let secret = root + "/../secret-\(UUID().uuidString).txt"
    try "# Secret\n\nTOP-SECRET-LINE\n".write(toFile: secret, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/Chapters/14-passwd.md", withDestinationPath: secret)
    let site = try SiteFixtures.build(root)
    let failure = try #require(site.failures.first { $0.file.hasSuffix("14-passwd.md") })
    #expect(failure.message.contains("is a symbolic link to"))
    #expect(failure.message.contains("outside the book"))
    for file in site.files { #expect(!String(decoding: file.bytes, as: UTF8.self).contains("TOP-SECRET-LINE"), "\(file.path)") }
  }
}
