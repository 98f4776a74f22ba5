// MarkdownNode: cmark-gfm's tree of blocks and inlines as plain Swift
// values, for renderers other than HTML (the terminal). No cmark type
// appears in this file's public API.
import CCmarkGFM

/// A node of a Markdown document: a block or an inline.
public indirect enum MarkdownNode: Hashable, Sendable {
  // MARK: Blocks
  case document([MarkdownNode])
  case heading(level: Int, [MarkdownNode])
  case paragraph([MarkdownNode])
  case blockQuote([MarkdownNode])
  /// A list; each item is its blocks. `tight`: no blank lines between items.
  case list(ordered: Bool, start: Int, delimiter: Character, tight: Bool, items: [[MarkdownNode]])
  /// A fenced or indented code block (`content` lines end in "\n").
  case codeBlock(info: String, content: String)
  case thematicBreak
  case htmlBlock(String)
  /// A GFM table, as its lines are written.
  case table(lines: [String])
  // MARK: Inlines
  case text(String)
  case code(String)
  case emphasis([MarkdownNode])
  case strong([MarkdownNode])
  case strikethrough([MarkdownNode])
  case link(url: String, [MarkdownNode])
  case image(url: String, [MarkdownNode])
  case softBreak
  case lineBreak
  case htmlInline(String)

  /// Parses Markdown (GitHub Flavored) into its tree; text nested deeper
  /// than `MarkdownDocument.maximumNesting` is one paragraph of its text.
  public static func parse(_ text: String) -> MarkdownNode {
    let bytes = Array(text.utf8)
    guard let tree = CmarkParser.parseOrText(bytes) else { return .document([]) }
    let lines = MarkdownLines.texts(bytes)
    return tree.read { MarkdownNodeReader(lines: lines).node($0) } ?? .document([])
  }
}

/// Turns cmark nodes into `MarkdownNode`s.
struct MarkdownNodeReader {
  let lines: [Substring]

  func children(_ node: OpaquePointer) -> [MarkdownNode] {
    var out: [MarkdownNode] = []
    var child = cmark_node_first_child(node)
    while let c = child {
      if let converted = convert(c) { out.append(converted) }
      child = cmark_node_next(c)
    }
    return out
  }

  func node(_ node: OpaquePointer) -> MarkdownNode {
    convert(node) ?? .document([])
  }

  private func literal(_ node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  private func convert(_ node: OpaquePointer) -> MarkdownNode? {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_DOCUMENT: return .document(children(node))
    case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)), children(node))
    case CMARK_NODE_PARAGRAPH: return .paragraph(children(node))
    case CMARK_NODE_BLOCK_QUOTE: return .blockQuote(children(node))
    case CMARK_NODE_LIST:
      var items: [[MarkdownNode]] = []
      var item = cmark_node_first_child(node)
      while let i = item {
        items.append(children(i))
        item = cmark_node_next(i)
      }
      return .list(
        ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
        start: Int(cmark_node_get_list_start(node)),
        delimiter: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : ".",
        tight: cmark_node_get_list_tight(node) != 0, items: items)
    case CMARK_NODE_CODE_BLOCK:
      let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
      return .codeBlock(info: info.trimmingWhitespace(), content: literal(node))
    case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
    case CMARK_NODE_HTML_BLOCK: return .htmlBlock(literal(node))
    case CMARK_NODE_TEXT: return .text(literal(node))
    case CMARK_NODE_CODE: return .code(literal(node))
    case CMARK_NODE_EMPH: return .emphasis(children(node))
    case CMARK_NODE_STRONG: return .strong(children(node))
    case CMARK_NODE_LINK: return .link(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "", children(node))
    case CMARK_NODE_IMAGE: return .image(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "", children(node))
    case CMARK_NODE_SOFTBREAK: return .softBreak
    case CMARK_NODE_LINEBREAK: return .lineBreak
    case CMARK_NODE_HTML_INLINE: return .htmlInline(literal(node))
    default:
      let kind = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
      if kind == "table" {
        let first = Int(cmark_node_get_start_line(node)), last = Int(cmark_node_get_end_line(node))
        let rows = (max(1, first)...max(first, last)).map { $0 <= lines.count ? String(lines[$0 - 1]) : "" }
        return .table(lines: rows)
      }
      if kind == "strikethrough" { return .strikethrough(children(node)) }
      // Other extension nodes: their content (blocks) or their text.
      return CmarkParser.isBlock(node) ? .paragraph(children(node)) : .text(CmarkParser.plainText(of: node))
    }
  }
}
