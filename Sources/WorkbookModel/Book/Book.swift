// Book: the book loaded once — every chapter read and parsed (one cmark
// parse each) with its snippets, output blocks and exercises, and the site
// metadata (`site.json`). A book is a folder of chapters, a DocC catalog
// (`DocCCatalog`) or one Markdown file (a package's README.md). Every
// command starts here: verify runs it, build renders what verify made of
// it, step/check/exercises read its exercises.
import Foundation
import WorkbookSupport

/// The book, loaded once.
public struct Book: Sendable {
  /// What a book is read from.
  public enum Source: Sendable, Hashable {
    /// A folder of chapters (`*.md`), in the order of their file names.
    case folder
    /// A DocC documentation catalog (`*.docc`): its articles, wherever they
    /// are in it, in the order of its Topics (`DocCCatalog`).
    case docCCatalog
    /// One Markdown file (a package's `README.md`): a book of one chapter.
    case file
  }

  /// The book folder (absolute): the chapters' folder, the catalog, or the
  /// folder that holds the book's one file.
  public var folder: String
  /// What the book was read from.
  public var source: Source = .folder
  /// The chapters, in the book's order (a folder's: their file names,
  /// bytes compared; a catalog's: its Topics); only the selected ones when
  /// `load` was given a selection.
  public var chapters: [Chapter]
  /// The book's `site.json` (the defaults when there is none, or when it
  /// cannot be read: then `siteProblem` says why).
  public var site: SiteMetadata
  /// Why `site.json` could not be read; nil when it was, or is missing.
  public var siteProblem: SiteMetadata.Problem?
  /// The paths, relative to `folder`, of every chapter file in the book
  /// (selected or not): the files `--record` writes, whose temporary files
  /// a killed run left verify removes (`temporaryFileFolders`).
  package var chapterFiles: Set<String> = []

  /// Each folder that holds chapter files (absolute), with the names of
  /// those files in it: where `Files.removeTemporaryFilesOfDeadRuns` looks.
  package var temporaryFileFolders: [String: Set<String>] {
    var folders: [String: Set<String>] = [:]
    for file in chapterFiles {
      let parent = (file as NSString).deletingLastPathComponent
      folders[parent.isEmpty ? folder : folder + "/" + parent, default: []].insert((file as NSString).lastPathComponent)
    }
    return folders
  }

  public init(folder: String, chapters: [Chapter], site: SiteMetadata = SiteMetadata(),
              siteProblem: SiteMetadata.Problem? = nil) {
    self.folder = folder
    self.chapters = chapters
    self.site = site
    self.siteProblem = siteProblem
  }

  /// Every exercise of the book, chapter by chapter.
  public var exercises: [Exercise] { chapters.flatMap(\.exercises) }

  /// The book with only the chapters `isIncluded` keeps (in the book's
  /// order), and everything else it was loaded with: its settings
  /// (`site`, `siteProblem`) and what its folder held. The one way to
  /// narrow a loaded book (a shard's chapters): a part of the book runs
  /// as the whole book would.
  package func keeping(_ isIncluded: (Chapter) -> Bool) -> Book {
    var narrowed = self
    narrowed.chapters = chapters.filter(isIncluded)
    return narrowed
  }

  /// Reads and parses the book's chapters: `*.md` in a folder (hidden files
  /// left out); a DocC catalog's articles (a folder named `*.docc`); or one
  /// Markdown file. A chapter that cannot be read, or that is a link to a
  /// file outside the book, is loaded with only that problem (see
  /// `Chapter.wasRead`); bad Markdown is in each chapter's `problems`.
  ///
  /// - Parameters:
  ///   - folder: The book: a folder of chapters, a catalog or a `.md` file.
  ///   - selection: Chapters to load (file names, names without `.md`, or
  ///     paths); empty: all.
  /// - Throws: `.bookNotFound`, `.bookEmpty`, `.chapterNotFound`.
  public static func load(_ folder: String, selecting selection: [String] = []) throws(VerifyError) -> Book {
    try load(folder, selecting: selection, reusing: [:])
  }

  /// Loads the book again after a change (`workbook serve` after a save):
  /// a chapter whose file holds the bytes `previous` read is reused as it
  /// was loaded, not parsed again; the others are read and parsed.
  ///
  /// - Throws: As `load(_:selecting:)`.
  public static func load(_ folder: String, reusing previous: Book) throws(VerifyError) -> Book {
    let chapters = Dictionary(previous.chapters.filter(\.wasRead).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    return try load(folder, selecting: [], reusing: chapters)
  }

  static func load(_ folder: String, selecting selection: [String], reusing previous: [String: Chapter]) throws(VerifyError) -> Book {
    let path = Files.absolute(folder)
    if !Files.isDirectory(path) && isChapterFile((path as NSString).lastPathComponent) && Files.exists(path) {
      // One file: its folder is the book's (its theme, its temporary files),
      // but not its settings: a package's folder may hold another tool's
      // site.json.
      let folder = (path as NSString).deletingLastPathComponent
      let chapters = try select(from: [path], book: path, selection: selection).map {
        loadChapter(at: $0, reusing: previous[$0])
      }
      var book = Book(folder: folder, chapters: chapters)
      book.site.title = chapters.first?.title ?? book.site.title
      book.source = .file
      book.chapterFiles = [(path as NSString).lastPathComponent]
      return book
    }
    let names = try listing(book: path)  // `.bookNotFound` for a catalog too
    var book: Book
    var firstTitle: String? = nil
    if path.hasSuffix(".docc") {
      let articles = DocCCatalog.articles(in: path)
      let all = DocCCatalog.ordered(
        articles.paths.map { loadChapter(at: path + "/" + $0, within: path, reusing: previous[path + "/" + $0]) },
        catalog: path)
      let selected = Set(try select(from: all.map(\.path), book: path, selection: selection))
      var chapters = all.filter { selected.contains($0.path) }
      firstTitle = all.first?.title
      // The notes (tutorials, linked folders) go with the book's first chapter.
      if !chapters.isEmpty { chapters[0].problems += articles.notes }
      book = Book(folder: path, chapters: chapters)
      book.source = .docCCatalog
      book.chapterFiles = Set(articles.paths)
    } else {
      let all = names
        .filter(isChapterFile)
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        .map { path + "/" + $0 }
      let paths = try select(from: all, book: path, selection: selection)
      book = Book(folder: path, chapters: paths.map { loadChapter(at: $0, reusing: previous[$0]) })
      book.chapterFiles = Set(names.filter(isChapterFile))
    }
    switch SiteMetadata.load(book: path) {
    case .success(let site): book.site = site
    case .failure(let problem): book.siteProblem = problem
    }
    // A catalog is titled as its root article, unless its site.json says otherwise.
    if book.source == .docCCatalog, book.site.title == SiteMetadata().title, let title = firstTitle {
      book.site.title = title
    }
    return book
  }

  /// One chapter file, read and parsed; `previous` (the chapter as an
  /// earlier load read it) is returned as it is when the file's bytes are
  /// still the same.
  /// A chapter that is a link to a file outside `book` (by default the
  /// chapter's own folder) is not read.
  static func loadChapter(at path: String, within book: String? = nil, reusing previous: Chapter? = nil) -> Chapter {
    let display = Files.display(path)
    if let outside = Files.resolvedOutside(path, folder: book ?? (path as NSString).deletingLastPathComponent) {
      return ChapterLoader.unread(
        path: path, displayPath: display,
        message: "The chapter is a symbolic link to '\(outside)', outside the book; "
          + "the tool reads only files inside the book folder: copy the file in instead")
    }
    let fileName = (path as NSString).lastPathComponent
    let page = Chapter.page(ofFile: fileName)
    if let own = Chapter.sitesOwnPages[page] {
      return ChapterLoader.unread(
        path: path, displayPath: display,
        message: "A chapter cannot be named '\(fileName)': its page would be \(page), \(own), which the site "
          + "writes itself; rename it, for example to '00-\(fileName)'")
    }
    guard let bytes = Files.read(path) else {
      return ChapterLoader.unread(path: path, displayPath: display, message: "Cannot read the chapter")
    }
    if let previous, previous.bytes == bytes, previous.displayPath == display { return previous }
    return ChapterLoader.load(bytes: bytes, path: path, displayPath: display)
  }

  /// The names in the book folder (listed once per load).
  static func listing(book: String) throws(VerifyError) -> [String] {
    guard Files.isDirectory(book) else { throw .bookNotFound(path: Files.display(book)) }
    return (try? FileManager.default.contentsOfDirectory(atPath: book)) ?? []
  }

  /// Whether a name in the book folder is a chapter's: `*.md`, not hidden.
  static func isChapterFile(_ name: String) -> Bool { name.hasSuffix(".md") && !name.hasPrefix(".") }

  /// The chapter files `all` of `book` (in the book's order); only the
  /// selected ones when `selection` is not empty (in the order given, each
  /// once). A chapter is selected by its path, its file name or its file
  /// name without `.md`.
  static func select(from all: [String], book: String, selection: [String]) throws(VerifyError) -> [String] {
    guard !all.isEmpty else { throw .bookEmpty(path: Files.display(book)) }
    guard !selection.isEmpty else { return all }
    var selected: [String] = []
    for name in selection {
      let absolute = Files.absolute(name)
      let match = all.first { path in
        let file = (path as NSString).lastPathComponent
        return path == absolute || file == name || file == name + ".md"
      }
      guard let match else {
        let names = all.map { String(($0 as NSString).lastPathComponent.dropLast(3)) }
        let typed = name.hasSuffix(".md") ? String(name.dropLast(3)) : (name as NSString).lastPathComponent
        throw .chapterNotFound(name: name, book: Files.display(book),
                               closest: NameSuggestions.closest(to: typed, among: names))
      }
      if !selected.contains(match) { selected.append(match) }
    }
    return selected
  }
}
