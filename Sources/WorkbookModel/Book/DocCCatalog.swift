// DocCCatalog: a Swift-DocC documentation catalog (`*.docc`) read as a
// book. Its articles (`*.md`, in any folder of the catalog) are the
// chapters, where they are; they come in the order of the catalog's
// Topics: the root article (the one whose `@Metadata` holds
// `@TechnologyRoot`, else the one named like the catalog, else the only
// one), then each article its `## Topics` section links to
// (`<doc:Name>`), each followed by the ones its own Topics link to; then
// the articles no Topics link to, by path. DocC's directives and links are
// prose to the workbook: left as they are.
import Foundation
import WorkbookMarkdown
import WorkbookSupport

package enum DocCCatalog {
  /// The catalog's Markdown files, as paths relative to it (sorted by
  /// bytes), and a warning for each file or folder that is not read: a
  /// tutorial (`*.tutorial`) and a folder that is a symbolic link. Hidden
  /// files and folders are left out, as in a book folder.
  static func articles(in catalog: String) -> (paths: [String], notes: [Finding]) {
    var paths: [String] = []
    var notes: [Finding] = []
    func walk(_ relative: String) {
      let folder = relative.isEmpty ? catalog : catalog + "/" + relative
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      for name in names {
        let path = relative.isEmpty ? name : relative + "/" + name
        let display = Files.display(catalog + "/" + path)
        if name.hasSuffix(".tutorial") {
          notes.append(Finding(
            .warning, .badInput, file: display, line: nil,
            message: "Tutorial not checked: the workbook reads a catalog's articles (*.md), not its tutorials"))
        } else if isLinkToFolder(catalog + "/" + path) {
          notes.append(Finding(
            .warning, .badInput, file: display, line: nil,
            message: "Folder not read: it is a symbolic link, and the tool reads only the catalog's own folders; "
              + "move its articles into the catalog"))
        } else if Files.isDirectory(catalog + "/" + path) {
          walk(path)
        } else if Book.isChapterFile(name) {
          paths.append(path)
        }
      }
    }
    walk("")
    return (paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, notes)
  }

  /// `chapters` (the catalog's articles, sorted by path) in the catalog's
  /// order: the root article, its Topics depth first, then the rest by
  /// path. An article whose file name another article already has is
  /// refused: DocC links articles by file name, and pages are named by it.
  static func ordered(_ chapters: [Chapter], catalog: String) -> [Chapter] {
    var byName: [String: Int] = [:]
    var chapters = chapters
    for (index, chapter) in chapters.enumerated() {
      if let first = byName[chapter.fileName] {
        chapters[index] = ChapterLoader.unread(
          path: chapter.path, displayPath: chapter.displayPath,
          message: "Another article of the catalog is named '\(chapter.fileName)' (\(chapters[first].displayPath)); "
            + "DocC links articles by file name and the site names pages by it: rename one")
      } else {
        byName[chapter.fileName] = index
      }
    }
    guard let root = rootIndex(of: chapters, catalog: catalog) else { return chapters }
    // Depth first, without recursion (a catalog may chain any number of articles).
    var order: [Int] = []
    var placed = Set<Int>()
    var pending = [root]
    while let index = pending.popLast() {
      guard placed.insert(index).inserted else { continue }
      order.append(index)
      pending += topicNames(of: chapters[index]).compactMap { byName[$0 + ".md"] }.reversed()
    }
    order += chapters.indices.filter { !placed.contains($0) }
    return order.map { chapters[$0] }
  }

  /// The root article: the one with `@TechnologyRoot` in its `@Metadata`,
  /// else the one named like the catalog (`Some.docc/Some.md`), else the
  /// only article; nil when there is none of these.
  static func rootIndex(of chapters: [Chapter], catalog: String) -> Int? {
    if let marked = chapters.firstIndex(where: isMarkedRoot) { return marked }
    let base = ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension
    if let named = chapters.firstIndex(where: { $0.fileName == base + ".md" }) { return named }
    return chapters.count == 1 ? 0 : nil
  }

  /// Whether a paragraph of the chapter is a `@Metadata` directive holding
  /// `@TechnologyRoot`.
  static func isMarkedRoot(_ chapter: Chapter) -> Bool {
    guard let document = chapter.document else { return false }
    return document.paragraphTexts.values.contains { $0.hasPrefix("@Metadata") && $0.contains("@TechnologyRoot") }
  }

  /// The articles the chapter's `## Topics` section links to, in order: the
  /// last path component of each `doc:` link (`<doc:Closures>`,
  /// `[text](doc:Catalog/Closures#Anchor)`), without its fragment.
  static func topicNames(of chapter: Chapter) -> [String] {
    guard let document = chapter.document else { return [] }
    let sections = document.blocks.compactMap { block -> MarkdownHeading? in
      if case .heading(let heading) = block, heading.level <= 2 { return heading }
      return nil
    }
    guard let topics = sections.firstIndex(where: { $0.level == 2 && $0.text == "Topics" })
    else { return [] }
    let start = sections[topics].position.line
    let end = topics + 1 < sections.count ? sections[topics + 1].position.line : Int.max
    return document.topLevelNodes
      .filter { $0.lines.lowerBound > start && $0.lines.lowerBound < end }
      .flatMap { docLinks(in: $0.node) }
      .compactMap { docLink($0)?.article }
  }

  /// The article a `doc:` URL names (its path's last component) and the
  /// section, if any (what follows `#`); nil for any other URL. The site
  /// links it to that article's page.
  package static func docLink(_ url: String) -> (article: String, fragment: String?)? {
    guard url.hasPrefix("doc:") else { return nil }
    let parts = url.dropFirst(4).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    guard let name = parts.first?.split(separator: "/").last, !name.isEmpty else { return nil }
    return (String(name), parts.count > 1 ? String(parts[1]) : nil)
  }

  /// The directives that say nothing to a reader, `@Metadata`, `@Options`
  /// and `@Comment`, as the ranges of lines (from 1) each spans, from its
  /// `@Name … {` line to its closing `}` (nested directives counted). The
  /// site leaves out the paragraphs inside them; any other directive is
  /// shown as the text it is.
  package static func silentDirectiveLines(_ lines: [Substring]) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    var start: Int? = nil
    var depth = 0
    for (index, line) in lines.enumerated() {
      let text = line.trimmingCharacters()
      let opens = text.hasPrefix("@") && text.hasSuffix("{")
      if let first = start {
        if opens { depth += 1 } else if text == "}" { depth -= 1 }
        if depth == 0 {
          ranges.append(first...index + 1)
          start = nil
        }
      } else if opens, ["@Metadata", "@Options", "@Comment"].contains(where: { name in
        text.hasPrefix(name) && text.dropFirst(name.count).first.map { $0 == " " || $0 == "(" || $0 == "{" } == true
      }) {
        start = index + 1
        depth = 1
      }
    }
    return ranges
  }

  /// The URL of every link in `node`, in order.
  private static func docLinks(in node: MarkdownNode) -> [String] {
    switch node {
    case .link(let url, let children): return [url] + children.flatMap(docLinks)
    case .document(let children), .heading(_, let children), .paragraph(let children), .blockQuote(let children),
      .emphasis(let children), .strong(let children), .strikethrough(let children), .image(_, let children):
      return children.flatMap(docLinks)
    case .list(_, _, _, _, let items): return items.flatMap { $0.flatMap(docLinks) }
    default: return []
    }
  }

  /// Whether `path` is a symbolic link to a folder.
  private static func isLinkToFolder(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK && Files.isDirectory(path)
  }
}
