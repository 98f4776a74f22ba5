// CmarkParser: walks cmark-gfm's node tree and turns it into MarkdownBlocks.
import CCmarkGFM

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

  static func blocks(of bytes: [UInt8]) -> [MarkdownBlock] {
    guard let parser = makeParser(options: CMARK_OPT_DEFAULT, extensions: extensionNames) else { return [] }
    defer { cmark_parser_free(parser) }
    feed(parser, bytes)
    guard let root = cmark_parser_finish(parser) else { return [] }
    defer { cmark_node_free(root) }

    var result: [MarkdownBlock] = []
    guard let iterator = cmark_iter_new(root) else { return [] }
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
        result.append(.other(kind: kind, position: position,
                             endLine: Int(cmark_node_get_end_line(node))))
      default:
        break
      }
    }
    return result
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
