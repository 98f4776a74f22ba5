// CmarkParser: walks cmark-gfm's node tree and turns it into MarkdownBlocks.
import CCmarkGFM
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum CmarkParser {
  /// cmark-gfm's extension registry is global; registering is done once.
  private static let extensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
  }()

  static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

  /// A parser with the named GFM extensions attached.
  static func makeParser(options: Int32, extensions: [String]) -> OpaquePointer? {
    _ = extensionsRegistered
    guard let parser = cmark_parser_new(options) else { return nil }
    for name in extensions {
      if let ext = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, ext)
      }
    }
    return parser
  }

  static func feed(_ parser: OpaquePointer, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          cmark_parser_feed(parser, $0, buffer.count)
        }
      }
    }
  }

  /// The parser options and extensions of every parse: the GFM extensions
  /// plus the tag filter, which only acts when HTML is rendered. Every
  /// parse is checked against `MarkdownDocument.maximumNesting`, so no
  /// walker of a returned tree (or of a `MarkdownNode`) goes deeper.
  ///
  /// - Returns: The tree; nil when cmark could not parse (out of memory).
  /// - Throws: `MarkdownError.nestedTooDeeply` at the first node too deep.
  static func parse(_ bytes: [UInt8]) throws(MarkdownError) -> CmarkTree? {
    MarkdownParseCounter.current?.add()
    guard let parser = makeParser(options: CMARK_OPT_DEFAULT, extensions: extensionNames + ["tagfilter"]) else { return nil }
    feed(parser, bytes)
    guard let root = cmark_parser_finish(parser) else {
      cmark_parser_free(parser)
      return nil
    }
    let tree = CmarkTree(parser: parser, root: root)
    if let deep = firstNodeNested(deeperThan: MarkdownDocument.maximumNesting, in: root) {
      throw .nestedTooDeeply(position: deep)
    }
    return tree
  }

  /// `parse(_:)`, except that a document nested too deeply becomes one
  /// paragraph of its text as written (for renderers that take any text;
  /// a chapter's loader reports the nesting at its line).
  static func parseOrText(_ bytes: [UInt8]) -> CmarkTree? {
    do {
      return try parse(bytes)
    } catch {
      guard let parser = makeParser(options: CMARK_OPT_DEFAULT, extensions: []) else { return nil }
      guard let root = cmark_node_new(CMARK_NODE_DOCUMENT), let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH),
        let text = cmark_node_new(CMARK_NODE_TEXT)
      else {
        cmark_parser_free(parser)
        return nil
      }
      cmark_node_set_literal(text, String(decoding: bytes, as: UTF8.self))
      cmark_node_append_child(paragraph, text)
      cmark_node_append_child(root, paragraph)
      return CmarkTree(parser: parser, root: root)
    }
  }

  /// The position of the first node with more than `limit` ancestors
  /// below the document (blocks and inlines alike: a block quote, a list
  /// and its item, a paragraph, an emphasis, a link each count), found in
  /// one pass of cmark's iterator.
  static func firstNodeNested(deeperThan limit: Int, in root: OpaquePointer) -> SourcePosition? {
    guard let iterator = cmark_iter_new(root) else { return nil }
    defer { cmark_iter_free(iterator) }
    // A node with children is entered and exited; one without is entered
    // only (or also exited: then it has no children either way). The
    // document itself is no level.
    var ancestors = -1
    var line = 1
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard let node = cmark_iter_get_node(iterator), cmark_node_first_child(node) != nil || event == CMARK_EVENT_ENTER
      else { continue }
      if event == CMARK_EVENT_EXIT {
        ancestors -= 1
        continue
      }
      // Inlines may carry no line of their own: the last one seen stands.
      let start = Int(cmark_node_get_start_line(node))
      if start > 0 { line = start }
      if ancestors > limit {
        return SourcePosition(line: line, column: max(1, Int(cmark_node_get_start_column(node))))
      }
      if cmark_node_first_child(node) != nil { ancestors += 1 }
    }
    return nil
  }

  /// The document's leaf blocks and the plain text of its paragraphs (by
  /// their first line), read from `root` without changing it.
  static func blocks(of root: OpaquePointer) -> (blocks: [MarkdownBlock], paragraphTexts: [Int: String]) {
    var paragraphTexts: [Int: String] = [:]
    var result: [MarkdownBlock] = []
    guard let iterator = cmark_iter_new(root) else { return ([], [:]) }
    defer { cmark_iter_free(iterator) }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      let position = SourcePosition(
        line: Int(cmark_node_get_start_line(node)),
        column: Int(cmark_node_get_start_column(node)))
      switch type {
      case CMARK_NODE_HEADING:
        result.append(.heading(MarkdownHeading(
          level: Int(cmark_node_get_heading_level(node)),
          text: plainText(of: node),
          position: position)))
      case CMARK_NODE_CODE_BLOCK:
        result.append(.codeBlock(codeBlock(node, position: position)))
      case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM:
        break  // containers: their leaves are visited
      case _ where isBlock(node) && !isInsideLeaf(node):
        let kind = cmark_node_get_type_string(node).map { String(cString: $0) } ?? "block"
        if type == CMARK_NODE_PARAGRAPH { paragraphTexts[position.line] = paragraphText(of: node) }
        result.append(.other(kind: kind, position: position,
                             endLine: Int(cmark_node_get_end_line(node))))
      default:
        break
      }
    }
    return (result, paragraphTexts)
  }

  /// The label of a paragraph that a list follows (`Hints:`, `**Hints**`):
  /// its plain text, trimmed, without a final colon; nil when no list
  /// follows it or the text is empty. One rule for the document's
  /// `labelledLists` and the HTML renderer's `labelledList` hook.
  static func label(of paragraph: OpaquePointer) -> String? {
    guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH, let next = cmark_node_next(paragraph),
      cmark_node_get_type(next) == CMARK_NODE_LIST
    else { return nil }
    var text = plainText(of: paragraph).trimmingWhitespace()
    if text.hasSuffix(":") { text.removeLast() }
    return text.isEmpty || text.contains("\n") ? nil : text
  }

  /// Every labelled list under `root`, in document order, read from cmark's
  /// list nodes: each item's Markdown is cut from `lines` at the item's
  /// content column, and its blocks are converted from the same tree.
  static func labelledLists(of root: OpaquePointer, lines: [Substring]) -> [MarkdownLabelledList] {
    var result: [MarkdownLabelledList] = []
    guard let iterator = cmark_iter_new(root) else { return [] }
    defer { cmark_iter_free(iterator) }
    let reader = MarkdownNodeReader(lines: lines)
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
        let label = label(of: node), let list = cmark_node_next(node)
      else { continue }
      var items: [String] = []
      var blocks: [[MarkdownNode]] = []
      var endLine = Int(cmark_node_get_end_line(list))
      var item = cmark_node_first_child(list)
      while let i = item {
        items.append(itemMarkdown(i, lines: lines))
        blocks.append(reader.children(i))
        if let last = cmark_node_last_child(i) { endLine = Int(cmark_node_get_end_line(last)) }
        item = cmark_node_next(i)
      }
      result.append(MarkdownLabelledList(
        label: label,
        position: SourcePosition(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))),
        endLine: endLine, items: items, itemBlocks: blocks))
    }
    return result
  }

  /// The children of `root` as `MarkdownNode`s, each with its lines.
  static func topLevelNodes(of root: OpaquePointer, lines: [Substring]) -> [MarkdownTopLevelNode] {
    let reader = MarkdownNodeReader(lines: lines)
    var out: [MarkdownTopLevelNode] = []
    var child = cmark_node_first_child(root)
    while let c = child {
      let first = Int(cmark_node_get_start_line(c))
      let last = max(first, Int(cmark_node_get_end_line(c)))
      out.append(MarkdownTopLevelNode(node: reader.node(c), lines: first...last))
      child = cmark_node_next(c)
    }
    return out
  }

  /// A list item's Markdown: its lines from its first block to its last,
  /// the first without the marker (cut at the content's column), the
  /// others without up to that many columns of indentation.
  static func itemMarkdown(_ item: OpaquePointer, lines: [Substring]) -> String {
    guard let first = cmark_node_first_child(item), let last = cmark_node_last_child(item) else { return "" }
    let start = Int(cmark_node_get_start_line(first))
    let end = max(start, Int(cmark_node_get_end_line(last)))
    let indent = max(0, Int(cmark_node_get_start_column(first)) - 1)
    var out: [String] = []
    for n in start...end where n >= 1 && n <= lines.count {
      let line = lines[n - 1].utf8
      let cut = n == start ? indent : line.prefix(indent).prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
      var text = String(decoding: line.dropFirst(cut), as: UTF8.self)
      while let last = text.last, last == " " || last == "\t" { text.removeLast() }
      out.append(text)
    }
    while out.last == "" { out.removeLast() }
    return out.joined(separator: "\n")
  }

  /// A paragraph's words as plain text, separated by single spaces: text,
  /// code spans and (shown as text) inline HTML; emphasis and links keep
  /// only their text.
  static func paragraphText(of node: OpaquePointer) -> String {
    var text = ""
    func collect(_ node: OpaquePointer) {
      var child = cmark_node_first_child(node)
      while let c = child {
        switch cmark_node_get_type(c) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
          text += cmark_node_get_literal(c).map { String(cString: $0) } ?? ""
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
          text += " "
        default:
          collect(c)
        }
        child = cmark_node_next(c)
      }
    }
    collect(node)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
  }

  /// Table rows and cells are blocks inside a table: only the table counts.
  private static func isInsideLeaf(_ node: OpaquePointer) -> Bool {
    guard let parent = cmark_node_parent(node) else { return false }
    let t = cmark_node_get_type(parent)
    return !(t == CMARK_NODE_DOCUMENT || t == CMARK_NODE_BLOCK_QUOTE || t == CMARK_NODE_ITEM
      || t == CMARK_NODE_LIST || t == CMARK_NODE_FOOTNOTE_DEFINITION)
  }

  static func isBlock(_ node: OpaquePointer) -> Bool {
    cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
  }

  static func codeBlock(_ node: OpaquePointer, position: SourcePosition) -> MarkdownCodeBlock {
    var length: Int32 = 0
    var offset: Int32 = 0
    var character: CChar = 0
    let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
    let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
    let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    var inQuote = false
    var inItem = false
    var parent = cmark_node_parent(node)
    while let p = parent {
      let t = cmark_node_get_type(p)
      if t == CMARK_NODE_BLOCK_QUOTE { inQuote = true }
      if t == CMARK_NODE_ITEM { inItem = true }
      parent = cmark_node_parent(p)
    }
    return MarkdownCodeBlock(
      info: info.trimmingWhitespace(),
      content: literal,
      isFenced: fenced,
      fenceCharacter: fenced ? Character(UnicodeScalar(UInt8(bitPattern: character))) : nil,
      fenceLength: Int(length),
      position: position,
      endLine: Int(cmark_node_get_end_line(node)),
      closingFenceLine: nil,
      isInsideBlockQuote: inQuote,
      isInsideListItem: inItem)
  }

  static func plainText(of node: OpaquePointer) -> String {
    var text = ""
    var child = cmark_node_first_child(node)
    while let c = child {
      let t = cmark_node_get_type(c)
      if t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE {
        text += cmark_node_get_literal(c).map { String(cString: $0) } ?? ""
      } else if t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK {
        text += " "
      } else {
        text += plainText(of: c)
      }
      child = cmark_node_next(c)
    }
    return text
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
    return String(s)
  }
}

/// cmark's tree of one parsed document, kept so that the document can be
/// rendered to HTML without parsing it again. Rendering rewrites the tree,
/// so it is handed out once (`take()`); the parser stays alive with it
/// (its extension list is what the HTML renderer needs).
final class CmarkTree: @unchecked Sendable {
  let parser: OpaquePointer
  private var root: OpaquePointer?
  private var taken = false
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(parser: OpaquePointer, root: OpaquePointer) {
    self.parser = parser
    self.root = root
    pthread_mutex_init(lock, nil)
  }

  /// The root, for a caller that may rewrite it; nil once it was taken.
  /// The tree stays owned (and freed) by this object.
  func take() -> OpaquePointer? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    guard !taken else { return nil }
    taken = true
    return root
  }

  /// Reads the tree (before it is taken).
  func read<T>(_ body: (OpaquePointer) -> T) -> T? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    guard !taken, let root else { return nil }
    return body(root)
  }

  deinit {
    if let root { cmark_node_free(root) }
    cmark_parser_free(parser)
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }
}

/// Counts cmark parses made while it is current (a seam for tests: the
/// book is parsed once per chapter per command). Bound with
/// `MarkdownParseCounter.$current.withValue(counter) { … }` on the thread
/// that loads and renders.
package final class MarkdownParseCounter: @unchecked Sendable {
  @TaskLocal package static var current: MarkdownParseCounter?

  private var value = 0
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() { pthread_mutex_init(lock, nil) }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  func add() {
    pthread_mutex_lock(lock)
    value += 1
    pthread_mutex_unlock(lock)
  }

  /// The parses counted so far.
  package var count: Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return value
  }
}
