// MarkdownTerminalRenderer: an exercise's instructions for the terminal —
// headings, paragraphs re-flowed to the width, lists, quotes, emphasis,
// inline code and highlighted Swift code blocks.

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
    let width = max(20, width)
    var out: [String] = []
    var paragraph: [String] = []
    var fence: (marker: String, info: String)? = nil
    var code: [String] = []

    func flushParagraph() {
      guard !paragraph.isEmpty else { return }
      out += TextWidth.wrap(inline(paragraph.joined(separator: " ")), width: width)
      paragraph = []
    }

    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var i = 0
    while i < lines.count {
      let line = lines[i]
      i += 1
      let trimmed = line.trimmingLeadingSpaces()
      if let open = fence {
        if trimmed.hasPrefix(open.marker) && trimmed.drop(while: { $0 == open.marker.first }).allSatisfy({ $0 == " " }) {
          out += codeBlock(code, info: open.info, width: width)
          fence = nil
          code = []
        } else {
          code.append(line)
        }
        continue
      }
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        flushParagraph()
        let marker = String(trimmed.prefix { $0 == trimmed.first })
        fence = (marker, String(trimmed.dropFirst(marker.count)).trimmingLeadingSpaces())
        continue
      }
      if trimmed.isEmpty {
        flushParagraph()
        if out.last.map({ !$0.isEmpty }) ?? false { out.append("") }
        continue
      }
      if let level = headingLevel(trimmed) {
        flushParagraph()
        let text = String(trimmed.dropFirst(level)).trimmingLeadingSpaces()
        if out.last.map({ !$0.isEmpty }) ?? false { out.append("") }
        out += heading(text, level: level, width: width)
        continue
      }
      if trimmed.hasPrefix(">") {
        flushParagraph()
        let text = String(trimmed.dropFirst()).trimmingLeadingSpaces()
        out += TextWidth.wrap(inline(text), width: width, indent: style.dim("│ "), firstIndent: style.dim("│ "))
        continue
      }
      if let marker = listMarker(line) {
        flushParagraph()
        // The item with its indented continuation lines.
        var text = String(line.dropFirst(marker.length))
        while i < lines.count, !lines[i].trimmingLeadingSpaces().isEmpty, lines[i].hasPrefix(" "),
          listMarker(lines[i]) == nil
        {
          text += " " + lines[i].trimmingLeadingSpaces()
          i += 1
        }
        let bullet = marker.ordered ? marker.label + " " : (style.color ? "• " : "- ")
        let nested = String(repeating: "  ", count: min(3, marker.indent / 2))
        out += TextWidth.wrap(inline(text), width: width,
                              indent: nested + "  " + String(repeating: " ", count: bullet.count),
                              firstIndent: nested + "  " + bullet)
        continue
      }
      if trimmed.hasPrefix("|") {
        flushParagraph()
        out.append(TextWidth.truncated(line, to: width))
        continue
      }
      paragraph.append(trimmed)
    }
    flushParagraph()
    if fence != nil { out += codeBlock(code, info: fence!.info, width: width) }
    while out.last == "" { out.removeLast() }
    return out
  }

  // MARK: - Blocks

  private func heading(_ text: String, level: Int, width: Int) -> [String] {
    let rendered = inline(text)
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
      let pieces = TextWidth.hardWrap(line, width: width - 4)
      return pieces.map { "    " + (isSwift ? highlighter.highlight($0) : $0) }
    }
  }

  private func headingLevel(_ line: String) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard hashes >= 1, hashes <= 6 else { return nil }
    let rest = line.dropFirst(hashes)
    return rest.isEmpty || rest.first == " " ? hashes : nil
  }

  private struct ListMarker: Equatable {
    var indent: Int
    var length: Int
    var ordered: Bool
    var label: String
  }

  private func listMarker(_ line: String) -> ListMarker? {
    let indent = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(indent)
    if let first = rest.first, first == "-" || first == "*" || first == "+", rest.dropFirst().first == " " {
      let spaces = rest.dropFirst().prefix { $0 == " " }.count
      return ListMarker(indent: indent, length: indent + 1 + spaces, ordered: false, label: String(first))
    }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    let after = rest.dropFirst(digits.count)
    if !digits.isEmpty, let dot = after.first, dot == "." || dot == ")", after.dropFirst().first == " " {
      let spaces = after.dropFirst().prefix { $0 == " " }.count
      return ListMarker(indent: indent, length: indent + digits.count + 1 + spaces, ordered: true,
                        label: String(digits) + String(dot))
    }
    return nil
  }

  // MARK: - Inlines

  /// Emphasis, strong, inline code and links. Plain style keeps code's
  /// backticks (they mark code without colour) and drops `*`/`_` markers.
  func inline(_ text: String) -> String {
    let chars = Array(text)
    var out = ""
    var i = 0
    func find(_ marker: [Character], from start: Int) -> Int? {
      var j = start
      while j + marker.count <= chars.count {
        if Array(chars[j..<j + marker.count]) == marker { return j }
        j += 1
      }
      return nil
    }
    while i < chars.count {
      let c = chars[i]
      if c == "\\", i + 1 < chars.count, "\\`*_[]()#".contains(chars[i + 1]) {
        out.append(chars[i + 1]); i += 2; continue
      }
      if c == "`" {
        let ticks = chars[i...].prefix { $0 == "`" }.count
        if let close = find(Array(repeating: "`", count: ticks), from: i + ticks) {
          let code = String(chars[(i + ticks)..<close]).trimmingCharacters(in: " ")
          out += style.color ? style.cyan(code) : "`" + code + "`"
          i = close + ticks
          continue
        }
      }
      if (c == "*" || c == "_"), i + 1 < chars.count, chars[i + 1] == c,
        i + 2 < chars.count, chars[i + 2] != " ",
        let close = find([c, c], from: i + 2), close > i + 2
      {
        out += style.bold(inline(String(chars[(i + 2)..<close])))
        i = close + 2
        continue
      }
      if (c == "*" || c == "_"), i + 1 < chars.count, chars[i + 1] != " ", chars[i + 1] != c,
        (c == "*" || i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber)),
        let close = find([c], from: i + 1), close > i + 1, chars[close - 1] != " "
      {
        out += style.italic(inline(String(chars[(i + 1)..<close])))
        i = close + 1
        continue
      }
      if c == "[", let closeText = find(["]", "("], from: i + 1), let closeURL = find([")"], from: closeText + 2) {
        let label = inline(String(chars[(i + 1)..<closeText]))
        let url = String(chars[(closeText + 2)..<closeURL])
        out += label + (url.hasPrefix("#") ? "" : " " + style.dim("(\(url))"))
        i = closeURL + 1
        continue
      }
      out.append(c)
      i += 1
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
