// MarkdownDocument: the blocks of a Markdown file that the workbook cares
// about (headings and code blocks), with their source positions, as parsed by
// cmark-gfm. No cmark type appears in this module's public API.

/// A 1-based line and column in a Markdown file (columns count bytes).
public struct SourcePosition: Hashable, Sendable, Codable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// A heading (`#`, `##`, … or a setext heading).
public struct MarkdownHeading: Hashable, Sendable {
  /// 1 for `#`, 2 for `##`, …
  public var level: Int
  /// The heading's plain text (inline code keeps its text, markup is dropped).
  public var text: String
  public var position: SourcePosition
}

/// A code block, fenced (```` ``` ```` or `~~~`) or indented.
public struct MarkdownCodeBlock: Hashable, Sendable {
  /// The info string after the opening fence, trimmed; empty when indented.
  public var info: String
  /// The block's content, each line ending in a newline.
  public var content: String
  /// Whether the block is fenced.
  public var isFenced: Bool
  /// The fence character (`` ` `` or `~`); nil when indented.
  public var fenceCharacter: Character?
  /// The length of the opening fence.
  public var fenceLength: Int
  /// Position of the opening fence (fenced) or of the first line (indented).
  public var position: SourcePosition
  /// The last line of the block: the closing fence when there is one.
  public var endLine: Int
  /// The line of the closing fence, nil when the block runs to the end of
  /// its container.
  public var closingFenceLine: Int?
  /// The first line of content (the line after the opening fence).
  public var firstContentLine: Int { isFenced ? position.line + 1 : position.line }
  /// Whether the block sits inside a block quote (its lines carry `>`).
  public var isInsideBlockQuote: Bool
  /// Whether the block sits inside a list item.
  public var isInsideListItem: Bool
}

/// A list introduced by a label paragraph (`Hints:`, then a list),
/// as cmark parsed it. The label rule is `MarkdownHTMLHooks.labelledList`'s
/// too, so a book's readers and its site find the same lists.
public struct MarkdownLabelledList: Hashable, Sendable {
  /// The label: the paragraph's plain text (emphasis dropped), trimmed,
  /// without a final colon (`**Hints:**` gives `Hints`).
  public var label: String
  /// Where the label paragraph starts.
  public var position: SourcePosition
  /// The last line of the list's content.
  public var endLine: Int
  /// Each item's Markdown as written, without its marker and without the
  /// indentation of its continuation lines.
  public var items: [String]
  /// Each item's blocks, parsed (the same parse).
  public var itemBlocks: [[MarkdownNode]]
}

/// A top-level block of a document as a `MarkdownNode`, with the lines it
/// spans: renderers other than HTML (the terminal) draw parts of a parsed
/// document from these, without parsing its text again.
public struct MarkdownTopLevelNode: Hashable, Sendable {
  public var node: MarkdownNode
  /// The first and last line of the block.
  public var lines: ClosedRange<Int>
}

/// A block of interest, in document order.
public enum MarkdownBlock: Hashable, Sendable {
  case heading(MarkdownHeading)
  case codeBlock(MarkdownCodeBlock)
  /// Any other block (paragraph, list, table, HTML, thematic break) that
  /// starts at this position. Kept so that "only blank lines between two
  /// blocks" can be decided from the document model.
  case other(kind: String, position: SourcePosition, endLine: Int)

  public var position: SourcePosition {
    switch self {
    case .heading(let heading): return heading.position
    case .codeBlock(let block): return block.position
    case .other(_, let position, _): return position
    }
  }
}

/// A parsed Markdown file: one cmark-gfm parse gives its blocks, its
/// paragraphs' plain text and the tree `MarkdownHTML` renders.
public struct MarkdownDocument: Sendable {
  /// Leaf blocks (headings, code blocks, paragraphs, …) in document order,
  /// including those nested in lists and block quotes.
  public var blocks: [MarkdownBlock]
  /// The file's lines without their line terminators.
  public var lines: [Substring]
  /// The plain text of each paragraph (words separated by single spaces;
  /// emphasis, code spans and links keep only their text), by the line
  /// where the paragraph starts.
  public var paragraphTexts: [Int: String] = [:]
  /// Every labelled list (a label paragraph, then a list), in order,
  /// including those nested in lists and block quotes.
  public var labelledLists: [MarkdownLabelledList] = []
  /// The document's top-level blocks as `MarkdownNode`s (the same parse).
  public var topLevelNodes: [MarkdownTopLevelNode] = []
  /// The file's bytes.
  var bytes: [UInt8] = []
  /// cmark's tree, kept for one HTML rendering (see `MarkdownHTML.render(_:)`).
  var tree: CmarkTree? = nil

  /// How deeply a document's nodes may nest: each block quote, list,
  /// list item, emphasis, link… is a level. Far deeper than prose needs
  /// (a browser stops nesting a page's elements at 512), and shallow
  /// enough that no reader of the tree runs out of stack; a deeper
  /// document is refused where it first goes too deep.
  public static let maximumNesting = 256

  init(blocks: [MarkdownBlock], lines: [Substring]) {
    self.blocks = blocks
    self.lines = lines
  }

  /// Parses Markdown text with cmark-gfm (GitHub Flavored Markdown: tables,
  /// strikethrough, autolinks, task lists).
  ///
  /// - Parameter bytes: The file's bytes; they must be UTF-8.
  /// - Throws: `MarkdownError.invalidUTF8` with the position of the first
  ///   byte that is not UTF-8; `MarkdownError.nestedTooDeeply` where the
  ///   nesting first passes `maximumNesting`.
  public static func parse(bytes: [UInt8]) throws(MarkdownError) -> MarkdownDocument {
    if let bad = firstInvalidUTF8(bytes) {
      throw .invalidUTF8(position: position(ofByte: bad, in: bytes))
    }
    let tree = try CmarkParser.parse(bytes)
    // Split on bytes as cmark does ("\r\n", "\n" or a lone "\r").
    let lines = MarkdownLines.texts(bytes)
    let read = tree?.read { root in
      (CmarkParser.blocks(of: root), CmarkParser.labelledLists(of: root, lines: lines),
       CmarkParser.topLevelNodes(of: root, lines: lines))
    }
    var document = MarkdownDocument(blocks: read?.0.blocks ?? [], lines: lines)
    document.paragraphTexts = read?.0.paragraphTexts ?? [:]
    document.labelledLists = read?.1 ?? []
    document.topLevelNodes = read?.2 ?? []
    document.bytes = bytes
    document.tree = tree
    document.resolveClosingFences()
    return document
  }

  /// Parses a string (always valid UTF-8); a string nested too deeply
  /// gives an empty document.
  public static func parse(_ text: String) -> MarkdownDocument {
    (try? parse(bytes: Array(text.utf8))) ?? MarkdownDocument(blocks: [], lines: [])
  }

  /// The text of line `n` (1-based) without its terminator, or "" past the end.
  public func line(_ n: Int) -> Substring {
    n >= 1 && n <= lines.count ? lines[n - 1] : ""
  }

  /// Whether every line strictly between `a` and `b` is blank.
  public func onlyBlankLines(between a: Int, and b: Int) -> Bool {
    guard b > a + 1 else { return true }
    return (a + 1 ..< b).allSatisfy { line($0).allSatisfy { $0 == " " || $0 == "\t" } }
  }
}

/// Bad Markdown input.
public enum MarkdownError: Error, Hashable, Sendable {
  /// The file is not UTF-8; `position` is where the first bad byte is.
  case invalidUTF8(position: SourcePosition)
  /// Block quotes, lists, emphasis or links nest deeper than
  /// `MarkdownDocument.maximumNesting` at `position`.
  case nestedTooDeeply(position: SourcePosition)
}

// MARK: - Internal

extension MarkdownDocument {
  /// cmark gives the last line of a fenced block; it is the closing fence
  /// only when that line is a fence of the same character, at least as long.
  mutating func resolveClosingFences() {
    for index in blocks.indices {
      guard case .codeBlock(var block) = blocks[index], block.isFenced,
        let fence = block.fenceCharacter, block.endLine > block.position.line
      else { continue }
      var text = line(block.endLine)[...]
      // Drop container prefixes (block quote markers) and indentation.
      while let first = text.first, first == " " || first == ">" || first == "\t" {
        text = text.dropFirst()
      }
      let run = text.prefix { $0 == fence }
      let rest = text.dropFirst(run.count)
      if run.count >= block.fenceLength && rest.allSatisfy({ $0 == " " || $0 == "\t" }) {
        block.closingFenceLine = block.endLine
      }
      blocks[index] = .codeBlock(block)
    }
  }

  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b < 0x80 { i += 1; continue }
      let length: Int
      var minimum: UInt32
      var scalar: UInt32
      switch b {
      case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minimum = 0x80
      case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minimum = 0x800
      case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minimum = 0x10000
      default: return i
      }
      guard i + length <= n else { return i }
      for k in 1..<length {
        let c = bytes[i + k]
        guard c & 0xC0 == 0x80 else { return i }
        scalar = scalar << 6 | UInt32(c & 0x3F)
      }
      if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
        return i
      }
      i += length
      _ = minimum
    }
    return nil
  }

  static func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
    var line = 1
    var lineStart = 0
    for i in 0..<offset where bytes[i] == 10 || (bytes[i] == 13 && (i + 1 >= bytes.count || bytes[i + 1] != 10)) {
      line += 1
      lineStart = i + 1
    }
    return SourcePosition(line: line, column: offset - lineStart + 1)
  }
}
