// MarkdownTerminalRenderer: an exercise's instructions for the terminal —
// headings, paragraphs re-flowed to the width, lists, quotes, emphasis,
// inline code and highlighted Swift code blocks. The Markdown is parsed by
// cmark-gfm (WorkbookMarkdown's `MarkdownNode` tree); this file only lays
// the tree out. Every text of the tree reaches the terminal escaped
// (TerminalText).
import WorkbookMarkdown

/// Renders the Markdown of instructions and hints as terminal text.
///
/// ```swift
/// MarkdownTerminalRenderer(style: .plain).render("Use `alpha`, **not** hidden.", width: 20)
/// // ["Use `alpha`, not", "hidden."]
/// ```
public struct MarkdownTerminalRenderer: Sendable {
  public var style: TerminalStyle

  public init(style: TerminalStyle) { self.style = style }

  /// Renders `markdown` as lines of at most `width` columns (code blocks
  /// and tables are cut to the width, never re-flowed).
  public func render(_ markdown: String, width: Int) -> [String] {
    guard case .document(let blocks) = MarkdownNode.parse(markdown) else { return [] }
    return render(blocks, width: width)
  }

  /// Renders parsed blocks (an exercise's `instructionBlocks`, a hint's
  /// blocks) as lines of at most `width` columns, without parsing anything.
  public func render(_ blocks: [MarkdownNode], width: Int) -> [String] {
    var out = render(blocks, width: max(20, width), depth: 0)
    while out.last == "" { out.removeLast() }
    return out
  }

  // MARK: - Blocks

  /// Blocks one after the other, a blank line between them.
  private func render(_ blocks: [MarkdownNode], width: Int, depth: Int) -> [String] {
    var out: [String] = []
    for block in blocks {
      let lines = render(block: block, width: width, depth: depth)
      guard !lines.isEmpty else { continue }
      if let last = out.last, !last.isEmpty { out.append("") }
      out += lines
    }
    return out
  }

  private func render(block: MarkdownNode, width: Int, depth: Int) -> [String] {
    switch block {
    case .heading(let level, let inlines):
      return heading(inline(inlines), level: level, width: width)
    case .paragraph(let inlines):
      return TextWidth.wrap(inline(inlines), width: width)
    case .blockQuote(let blocks):
      let bar = style.dim("│ ")
      return render(blocks, width: width - 2, depth: depth).map { $0.isEmpty ? bar.trimmingTrailingSpaces() : bar + $0 }
    case .list(let ordered, let start, let delimiter, let tight, let items):
      return list(items, ordered: ordered, start: start, delimiter: delimiter, tight: tight, width: width, depth: depth)
    case .codeBlock(let info, let content):
      var lines = content.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.visible(String($0)) }
      if lines.last == "" { lines.removeLast() }
      return codeBlock(lines, info: info, width: width)
    case .thematicBreak:
      return [String(repeating: "-", count: min(width, 20))]
    case .htmlBlock(let html):
      return html.split(separator: "\n").map { TextWidth.truncated(TerminalText.visible(String($0)), to: width) }
    case .table(let lines):
      return lines.map { TextWidth.truncated(TerminalText.visible($0), to: width) }
    case .document(let blocks):
      return render(blocks, width: width, depth: depth)
    default:
      return TextWidth.wrap(inline([block]), width: width)
    }
  }

  private func list(_ items: [[MarkdownNode]], ordered: Bool, start: Int, delimiter: Character, tight: Bool,
                    width: Int, depth: Int) -> [String] {
    var out: [String] = []
    let nested = String(repeating: "  ", count: min(3, depth))
    for (n, item) in items.enumerated() {
      let bullet = ordered ? "\(start + n)\(delimiter) " : (style.color ? "• " : "- ")
      let first = nested + "  " + bullet
      let indent = nested + "  " + String(repeating: " ", count: bullet.count)
      if !tight && n > 0 { out.append("") }
      var lines: [String] = []
      for (k, block) in item.enumerated() {
        if !tight && k > 0 { lines.append("") }
        switch block {
        case .paragraph(let inlines):
          lines += TextWidth.wrap(inline(inlines), width: width, indent: indent, firstIndent: lines.isEmpty ? first : indent)
        case .list:
          lines += render(block: block, width: width, depth: depth + 1)
        default:
          let body = render(block: block, width: width - indent.count, depth: depth + 1)
          lines += body.enumerated().map { i, line in (lines.isEmpty && i == 0 ? first : indent) + line }
        }
      }
      if lines.isEmpty { lines = [first.trimmingTrailingSpaces()] }
      out += lines
    }
    return out
  }

  private func heading(_ rendered: String, level: Int, width: Int) -> [String] {
    if style.color {
      return TextWidth.wrap(level <= 2 ? style.sgr("1;4", rendered) : style.bold(rendered), width: width)
    }
    let lines = TextWidth.wrap(rendered, width: width)
    guard level <= 2 else { return lines }
    let underline = String(repeating: level == 1 ? "=" : "-", count: min(width, lines.map(TextWidth.of).max() ?? 0))
    return lines + [underline]
  }

  private func codeBlock(_ lines: [String], info: String, width: Int) -> [String] {
    let isSwift = info.hasPrefix("swift") || info.isEmpty
    let highlighter = SwiftHighlighter(style: style)
    return lines.flatMap { line -> [String] in
      let pieces = isSwift ? TextWidth.codeWrap(line, width: width - 4) : TextWidth.hardWrap(line, width: width - 4)
      return pieces.map { "    " + (isSwift ? highlighter.highlight($0) : $0) }
    }
  }

  // MARK: - Inlines

  /// Emphasis, strong, inline code and links. Plain style keeps code's
  /// backticks (they mark code without colour) and drops `*`/`_` markers.
  func inline(_ nodes: [MarkdownNode]) -> String {
    var out = ""
    for node in nodes {
      switch node {
      case .text(let text), .htmlInline(let text):
        out += TerminalText.visible(text)
      case .code(let code):
        let code = TerminalText.visible(code)
        out += style.color ? style.cyan(code) : "`" + code + "`"
      case .emphasis(let inner):
        out += style.italic(inline(inner))
      case .strong(let inner):
        out += style.bold(inline(inner))
      case .strikethrough(let inner):
        out += inline(inner)
      case .link(let url, let inner), .image(let url, let inner):
        out += inline(inner) + (url.hasPrefix("#") ? "" : " " + style.dim("(\(TerminalText.visible(url)))"))
      case .softBreak, .lineBreak:
        out += " "
      default:
        break
      }
    }
    return out
  }
}

extension String {
  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" })
  }

  func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let f = s.first, set.contains(f) { s = s.dropFirst() }
    while let l = s.last, set.contains(l) { s = s.dropLast() }
    return String(s)
  }
}

// MARK: - Swift highlighting

/// Colours Swift code a line at a time: keywords, types, strings, numbers
/// and comments. Plain style returns the line unchanged.
public struct SwiftHighlighter: Sendable {
  public var style: TerminalStyle

  public init(style: TerminalStyle) { self.style = style }

  static let keywords: Set<String> = [
    "let", "var", "func", "class", "struct", "enum", "protocol", "extension", "import", "return",
    "if", "else", "guard", "for", "in", "while", "repeat", "switch", "case", "default", "break",
    "continue", "true", "false", "nil", "self", "Self", "init", "deinit", "override", "public",
    "private", "fileprivate", "internal", "open", "static", "final", "weak", "unowned", "try",
    "catch", "throw", "throws", "rethrows", "async", "await", "some", "any", "inout", "as", "is",
    "where", "defer", "do", "super", "lazy", "mutating", "typealias", "associatedtype", "@objc",
    "dynamic", "required", "convenience", "fallthrough", "@escaping", "@MainActor",
  ]

  /// `line` with escape codes around its tokens.
  public func highlight(_ line: String) -> String {
    guard style.color else { return line }
    let chars = Array(line)
    var out = ""
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
        out += style.dim(String(chars[i...]))
        break
      }
      if c == "\"" {
        var j = i + 1
        while j < chars.count, chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
        let end = min(j + 1, chars.count)
        out += style.green(String(chars[i..<end]))
        i = end
        continue
      }
      if c.isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1] == "_") {
        var j = i
        while j < chars.count, chars[j].isNumber || chars[j] == "." || chars[j] == "_" { j += 1 }
        out += style.yellow(String(chars[i..<j]))
        i = j
        continue
      }
      if c.isLetter || c == "_" || c == "@" || c == "#" {
        var j = i + 1
        while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" { j += 1 }
        let word = String(chars[i..<j])
        if Self.keywords.contains(word) || word.hasPrefix("#") {
          out += style.magenta(word)
        } else if word.first?.isUppercase == true {
          out += style.cyan(word)
        } else {
          out += word
        }
        i = j
        continue
      }
      out.append(c)
      i += 1
    }
    return out
  }
}
