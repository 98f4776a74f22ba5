// Book: the book folder loaded once — every chapter read and parsed (one
// cmark parse each) with its snippets, output blocks and exercises, and the
// site metadata (`site.json`). Every
// command starts here: verify runs it, build renders what verify made of
// it, step/check/exercises read its exercises.
import Foundation
import WorkbookSupport

/// The book, loaded once.
public struct Book: Sendable {
  /// The book folder (absolute).
  public var folder: String
  /// The chapters, in the order of their file names (bytes compared); only
  /// the selected ones when `load` was given a selection.
  public var chapters: [Chapter]
  /// The book's `site.json` (the defaults when there is none, or when it
  /// cannot be read: then `siteProblem` says why).
  public var site: SiteMetadata
  /// Why `site.json` could not be read; nil when it was, or is missing.
  public var siteProblem: SiteMetadata.Problem?
  /// The names of every chapter file in the folder (selected or not):
  /// the files `--record` writes there, whose temporary files a killed run
  /// left verify removes (`Files.removeTemporaryFilesOfDeadRuns`).
  package var chapterFiles: Set<String> = []

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

  /// Reads and parses the book's chapters (`*.md` in `folder`, hidden files
  /// left out). A chapter that cannot be read, or that is a link to a file
  /// outside the book, is loaded with only that problem (see
  /// `Chapter.wasRead`); bad Markdown is in each chapter's `problems`.
  ///
  /// - Parameters:
  ///   - folder: The book folder.
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
    let folder = Files.absolute(folder)
    let names = try listing(book: folder)
    let paths = try chapterPaths(book: folder, names: names, selection: selection)
    let chapters = paths.map { loadChapter(at: $0, reusing: previous[$0]) }
    var book: Book
    switch SiteMetadata.load(book: folder) {
    case .success(let site): book = Book(folder: folder, chapters: chapters, site: site)
    case .failure(let problem): book = Book(folder: folder, chapters: chapters, siteProblem: problem)
    }
    book.chapterFiles = Set(names.filter(isChapterFile))
    return book
  }

  /// One chapter file, read and parsed; `previous` (the chapter as an
  /// earlier load read it) is returned as it is when the file's bytes are
  /// still the same.
  static func loadChapter(at path: String, reusing previous: Chapter? = nil) -> Chapter {
    let display = Files.display(path)
    if let outside = Files.resolvedOutside(path, folder: (path as NSString).deletingLastPathComponent) {
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

  /// The chapter files of `book`, sorted; only the selected ones when
  /// `selection` is not empty (in the order given, each once).
  /// The names in the book folder (listed once per load).
  static func listing(book: String) throws(VerifyError) -> [String] {
    guard Files.isDirectory(book) else { throw .bookNotFound(path: Files.display(book)) }
    return (try? FileManager.default.contentsOfDirectory(atPath: book)) ?? []
  }

  /// Whether a name in the book folder is a chapter's: `*.md`, not hidden.
  static func isChapterFile(_ name: String) -> Bool { name.hasSuffix(".md") && !name.hasPrefix(".") }

  static func chapterPaths(book: String, names: [String], selection: [String]) throws(VerifyError) -> [String] {
    let all = names
      .filter(isChapterFile)
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { book + "/" + $0 }
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
