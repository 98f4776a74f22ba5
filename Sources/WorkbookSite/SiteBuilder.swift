// SiteBuilder: `workbook build`'s renderer. Renders a verified book's
// pages in memory, and writes or checks the site folder. The same verified
// book always gives the same bytes. Verifying is the driver's
// (WorkbookCore's `Verifier.verifyWholeBook`), before this.
import Foundation
import WorkbookModel
import WorkbookSupport
import WorkbookFidelity
import WorkbookMarkdown

/// How to render the site.
public struct SiteOptions: Sendable {
  /// The engine's sources, whose fidelity ledger (each folder's
  /// `Fidelity.md`) the site shows: `fidelity.html` and the code's links
  /// to its rows; nil, or an engine without rows (the tests' stand-in): no
  /// page and no links.
  public var engineSources: String? = nil
  /// A folder whose files replace the theme's files of the same name; nil:
  /// `<book>/theme` when it exists.
  public var theme: String? = nil
  /// Chapters rendered by earlier builds, reused when unchanged (`workbook
  /// serve` keeps one); nil: every chapter is rendered.
  public var renderCache: RenderedChapterCache? = nil

  public init() {}
}

/// The site, in memory.
public struct Site: Sendable {
  /// Files by path relative to the site folder, sorted.
  public var files: [(path: String, bytes: [UInt8])]
  public var report: VerifyReport
  /// Failing or unverified snippets (the pages mark them).
  public var failures: [VerifiedBook.Failure]
  /// The book folder the site was built from.
  public var book: String = ""
  /// The verified chapters the pages were rendered from (each knows its
  /// page, `Chapter.pageName`, and its failures).
  public var chapters: [VerifiedBook.VerifiedChapter] = []

  /// Writes the files into `folder`; files that are already equal are not
  /// touched. Files a previous build wrote (see `SiteFolder`) that the site
  /// no longer has are removed; nothing else is. Every write and removal
  /// goes through the folder's descriptors (`OwnedFolder`): a symbolic
  /// link inside it is never followed, so a stale entry under a link is
  /// left alone and a page under one is refused.
  ///
  /// - Parameter book: The book folder (the site folder must not hold it);
  ///   nil: the book the site was built from.
  public func write(to folder: String, book: String? = nil) throws(SiteError) {
    let previous = try SiteFolder.inspect(folder, book: book ?? self.book)
    let root = Files.absolute(folder)
    let site: OwnedFolder
    do {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      site = try OwnedFolder(root)
    } catch {
      throw .cannotWrite(path: folder, reason: Files.reason(error))
    }
    func write(_ bytes: [UInt8], to path: String) throws(SiteError) {
      do { try site.write(bytes, to: path) } catch {
        switch error { case .cannotWrite(let place, let reason): throw .cannotWrite(path: place, reason: reason) }
      }
    }
    let wanted = Set(files.map(\.path))
    let owned: [String]
    switch previous {
    case .none: owned = []
    case .manifest(let list), .legacy(let list): owned = list
    }
    // The manifest is written first, listing what the folder will hold and
    // what it held: a build stopped half-way (disk full, killed) leaves a
    // folder the next build recognises as its own.
    let during = Array(wanted.union(owned).subtracting([SiteFolder.manifestName])).sorted()
    try write(SiteFolder.manifest(for: during), to: SiteFolder.manifestName)
    for (path, bytes) in files {
      guard SiteFolder.isSafeRelativePath(path) else { throw .cannotWrite(path: path, reason: "not a path inside the site") }
      if site.read(path) == bytes { continue }
      try write(bytes, to: path)
    }
    try write(SiteFolder.manifest(for: files.map(\.path)), to: SiteFolder.manifestName)
    for stale in owned where !wanted.contains(stale) && stale != SiteFolder.manifestName {
      site.remove(stale)
    }
  }

  /// Removes from the site folder `folder` the temporary files that builds
  /// killed mid-write left beside the files the site's manifest lists
  /// (never a running build's: each names its process; never a file the
  /// site does not own, however it is named).
  public static func removeTemporaryFilesOfDeadRuns(in folder: String) {
    let root = Files.absolute(folder)
    guard let site = try? OwnedFolder(root) else { return }
    let owned = SiteFolder.readManifest(root + "/" + SiteFolder.manifestName) ?? SiteFolder.legacyFiles(root)
    site.removeTemporaryFilesOfDeadRuns(writing: owned + [SiteFolder.manifestName])
  }

  /// Checks, before anything is built, that a site may be written into
  /// `folder` (see `write(to:book:)`).
  public static func checkFolder(_ folder: String, book: String) throws(SiteError) {
    _ = try SiteFolder.inspect(folder, book: book)
  }

  /// Differences between the site and `folder`: "missing", "stale" or
  /// "extra" with the file's path, sorted. Empty when the folder is current.
  /// "extra" files are those a build would remove (a previous build wrote
  /// them); files the build never wrote (a `CNAME`) are not its business.
  public func differences(from folder: String) -> [String] {
    var out: [String] = []
    let present = Set(Self.listFiles(folder))
    for (path, bytes) in files {
      if !present.contains(path) {
        out.append("missing \(path)")
      } else if FileManager.default.contents(atPath: folder + "/" + path).map(Array.init) != bytes {
        out.append("stale   \(path)")
      }
    }
    let wanted = Set(files.map(\.path)).union([SiteFolder.manifestName])
    let owned = Set(SiteFolder.readManifest(folder + "/" + SiteFolder.manifestName) ?? SiteFolder.legacyFiles(folder))
    for extra in present.sorted() where !wanted.contains(extra) && owned.contains(extra) { out.append("extra   \(extra)") }
    return out
  }

  static func listFiles(_ folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var out: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
        out.append(path)
      }
    }
    return out.sorted()
  }
}

public struct SiteBuilder: Sendable {
  public var options: SiteOptions

  public init(options: SiteOptions) {
    self.options = options
  }

  /// Renders a verified book in memory (its site metadata as the book was
  /// loaded with it; the theme from `options.theme`, else `<book>/theme`;
  /// the fidelity ledger of `options.engineSources`). The book comes
  /// verified, or read back from a verify report (`build --from-report`):
  /// the pages are the same bytes.
  ///
  /// - Throws: `.badConfig` when the book's `site.json` cannot be read, the
  ///   theme's errors; failures in the book are in `Site.failures`.
  public func render(_ verified: VerifiedBook) throws(SiteError) -> Site {
    let book = verified.book
    if let problem = book.siteProblem { throw .badConfig(path: problem.path, reason: problem.reason) }
    // A book's own theme may not reach outside the book (a cloned book's
    // `theme/style.css -> ~/.ssh/id_rsa` would be published); a theme folder
    // given on the command line may not reach outside itself.
    let theme: Theme
    if let folder = options.theme {
      theme = try Theme.load(override: folder, within: folder)
    } else {
      theme = try Theme.load(override: book.folder + "/theme", within: book.folder)
    }
    return render(verified, config: book.site, theme: theme, fidelity: Self.fidelity(options.engineSources))
  }

  /// The fidelity ledger of the engine in `engine`; nil when there is none
  /// or it has no rows (an engine without data files, such as the tests'
  /// stand-in): then no page and no links.
  static func fidelity(_ engine: String?) -> Fidelity? {
    guard let engine,
      let fidelity = try? Fidelity.load(engine: engine), !fidelity.ledger.rows.isEmpty
    else { return nil }
    return fidelity
  }

  func render(_ verified: VerifiedBook, config: Book.SiteMetadata, theme: Theme, fidelity: Fidelity? = nil) -> Site {
    let book = verified.book.folder
    // A chapter whose page would be one the site writes itself (`index.md`,
    // `fidelity.md`: refused at load) has no page name, so no page.
    let pageChapters = verified.chapters.filter { $0.chapter.pageName != nil }
    let pages = Dictionary(
      pageChapters.compactMap { c in c.chapter.pageName.map { (c.chapter.fileName, $0) } }, uniquingKeysWith: { a, _ in a })

    let links = fidelity.map(APIUsage.init)
    var chapters: [(file: String, page: String, chapter: Chapter, report: ChapterReport, rendered: RenderedChapter)] = []
    for verifiedChapter in pageChapters {
      let chapter = verifiedChapter.chapter
      let report = verifiedChapter.report
      let render = { ChapterRenderer(chapter: chapter, report: report, pages: pages, config: config, links: links).render() }
      let key = RenderedChapterCache.Key(
        bytes: chapter.bytes, path: chapter.path, report: report, pages: pages, config: config, links: links)
      let rendered = options.renderCache?.rendered(key, render) ?? render()
      chapters.append((chapter.fileName, pages[chapter.fileName]!, chapter, report, rendered))
    }
    let failures = verified.failures

    var out: [(String, [UInt8])] = []
    let entries = chapters.map { c in
      TOCEntry(page: c.page, title: c.chapter.title ?? c.file, headings: c.rendered.headings.filter { $0.level == 2 })
    }
    // The ledger's page closes the contents (not the chapters' pager).
    let ledgerEntry = fidelity.map { _ in TOCEntry(page: FidelityPage.page, title: FidelityPage.title, headings: []) }
    func page(title: String, current: String?, content: HTML, description: String, prev: TOCEntry?, next: TOCEntry?) -> [UInt8] {
      let html = theme.page.render(
        text: ["title": title, "bookTitle": config.title, "description": description],
        markup: [
          "toc": Navigation.toc(entries + (ledgerEntry.map { [$0] } ?? []), current: current, bookTitle: config.title),
          "content": content,
          "pager": Navigation.pager(prev: prev, next: next),
        ])
      return Array(html.utf8)
    }

    // index.html
    let first = chapters.first
    // Each chapter with what it teaches (`Chapter.summary`, as `workbook
    // exercises` shows it) and its exercise count.
    let list: [HTML] = chapters.map { c in
      let failing = c.report.failed ? " <span class=\"badge status-failed\">Has failures</span>" : ""
      let entry = Book.ChapterEntry(c.chapter, exerciseCount: c.chapter.exercises.count)
      let count: HTML = " <span class=\"exercise-count\">· \(entry.exerciseCountText)</span>"
      let summary: HTML = entry.summary.isEmpty ? "" : "<p>\(entry.summary)</p>"
      return "<li><a href=\"\(Navigation.href(c.page))\">\(c.chapter.title ?? c.file)</a>\(count)\(HTML(raw: failing))\(summary)</li>"
    }
    // Numbered as the files are: a book that opens with `00-…` (an
    // introduction) counts from 0, so that chapter 01 is item 1.
    let listStart = HTML(raw: first?.chapter.fileName.hasPrefix("00") == true ? " start=\"0\"" : "")
    let index = theme.index.render(
      text: ["bookTitle": config.title, "command": config.command],
      markup: [
        "introduction": first?.rendered.lead ?? "",
        "chapters": "<ol class=\"chapter-list\"\(listStart)>\(list)</ol>",
      ])
    out.append((Chapter.indexPage, page(title: config.title, current: nil, content: HTML(raw: index),
                                   description: first.map { Self.description(of: $0) } ?? config.title,
                                   prev: nil, next: entries.first)))

    for (n, c) in chapters.enumerated() {
      var banner: HTML = ""
      if c.report.failed {
        banner = "<p class=\"failure-banner\" role=\"alert\">Some snippets on this page failed verification; they are marked below.</p>"
      }
      let prev = n > 0 ? entries[n - 1] : TOCEntry(page: Chapter.indexPage, title: config.title, headings: [])
      let next = n + 1 < entries.count ? entries[n + 1] : nil
      out.append((c.page, page(title: c.chapter.title ?? c.file, current: c.page, content: banner + c.rendered.body,
                               description: Self.description(of: c), prev: prev, next: next)))
    }

    if let fidelity, let ledgerEntry {
      out.append((ledgerEntry.page, page(
        title: FidelityPage.title, current: ledgerEntry.page, content: FidelityPage.content(fidelity),
        description: "How sure the engine is that each UIKit API behaves as on a device.", prev: nil, next: nil)))
    }
    out.append(("search-index.js", Array(SearchIndex.script(chapters.map { ($0.page, $0.chapter.title ?? $0.file, $0.rendered.sections) }).utf8)))
    for (name, bytes) in theme.assets { out.append((name, bytes)) }
    out.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    return Site(files: out.map { (path: $0.0, bytes: $0.1) }, report: verified.report, failures: failures, book: book,
                chapters: verified.chapters)
  }

  /// A chapter page's `<meta name="description">`: the chapter's summary
  /// (the index shows the same line), its title when it has none.
  static func description(of c: (file: String, page: String, chapter: Chapter, report: ChapterReport, rendered: RenderedChapter)) -> String {
    c.chapter.summary.isEmpty ? c.chapter.title ?? c.file : c.chapter.summary
  }
}

/// The theme: the package's templates and assets, each replaceable by a
/// file of the same name in an override folder.
struct Theme {
  var page: Template
  var index: Template
  /// Files copied as they are (CSS, JS), sorted by name.
  var assets: [(String, [UInt8])]

  static let templateNames = ["page.html", "index.html"]
  static let assetNames = ["site.js", "style.css"]

  /// The theme, with the files of `override` in place of the package's.
  ///
  /// - Parameters:
  ///   - override: A folder of theme files; nil: the package's theme.
  ///   - within: The folder the override's files must resolve inside (a
  ///     file that is a link to elsewhere is refused, as chapters are).
  static func load(override: String?, within root: String? = nil) throws(SiteError) -> Theme {
    func read(_ name: String) throws(SiteError) -> [UInt8] {
      if let override {
        let path = override + "/" + name
        if let outside = Files.resolvedOutside(path, folder: root ?? override) {
          throw .themeFileOutside(path: Files.display(path), target: outside)
        }
        if let data = FileManager.default.contents(atPath: path) { return Array(data) }
      }
      guard let url = Bundle.module.url(forResource: "Theme/" + name, withExtension: nil)
        ?? Bundle.module.resourceURL?.appendingPathComponent("Theme/" + name),
        let data = FileManager.default.contents(atPath: url.path)
      else { throw .themeFileMissing(name: name) }
      return Array(data)
    }
    let page = Template(name: "page.html", source: String(decoding: try read("page.html"), as: UTF8.self))
    let index = Template(name: "index.html", source: String(decoding: try read("index.html"), as: UTF8.self))
    var assets: [(String, [UInt8])] = []
    for name in assetNames { assets.append((name, try read(name))) }
    return Theme(page: page, index: index, assets: assets)
  }
}
