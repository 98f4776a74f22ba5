// TerminalStyle: ANSI colours and emphasis, or plain text (no terminal,
// or NO_COLOR set), plus width-aware helpers that ignore escape codes.

/// How text is decorated: ANSI escape codes, or none at all.
public struct TerminalStyle: Sendable, Hashable {
  /// Whether escape codes are written.
  public var color: Bool

  public init(color: Bool) { self.color = color }

  /// Plain text: no escape codes.
  public static let plain = TerminalStyle(color: false)
  /// ANSI colours and emphasis.
  public static let ansi = TerminalStyle(color: true)

  /// Colour unless `NO_COLOR` is set (to anything but "") or the output is
  /// not a terminal (https://no-color.org).
  public static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return TerminalStyle(color: isTerminal && !noColor && environment["TERM"] != "dumb")
  }

  func sgr(_ code: String, _ text: String) -> String {
    color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ s: String) -> String { sgr("1", s) }
  public func dim(_ s: String) -> String { sgr("2", s) }
  public func italic(_ s: String) -> String { sgr("3", s) }
  public func red(_ s: String) -> String { sgr("31", s) }
  public func green(_ s: String) -> String { sgr("32", s) }
  public func yellow(_ s: String) -> String { sgr("33", s) }
  public func blue(_ s: String) -> String { sgr("34", s) }
  public func magenta(_ s: String) -> String { sgr("35", s) }
  public func cyan(_ s: String) -> String { sgr("36", s) }
  public func boldGreen(_ s: String) -> String { sgr("1;32", s) }
  public func boldRed(_ s: String) -> String { sgr("1;31", s) }
  public func inverse(_ s: String) -> String { sgr("7", s) }
}

// MARK: - Width

enum TextWidth {
  /// The columns `s` takes on a terminal: escape sequences count 0,
  /// everything else 1 per character (the book is ASCII, box drawing and
  /// block characters, all one column wide).
  static func of(_ s: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in s.unicodeScalars {
      if inEscape {
        if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" { inEscape = true; continue }
      if scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0xFE0F { continue }
      width += 1
    }
    return width
  }

  /// `s` cut to `width` columns, ending in "…" when cut (escape codes kept,
  /// and reset after a cut).
  static func truncated(_ s: String, to width: Int) -> String {
    guard of(s) > width else { return s }
    guard width > 0 else { return "" }
    var out = ""
    var used = 0
    var inEscape = false
    var sawEscape = false
    for scalar in s.unicodeScalars {
      if inEscape {
        out.unicodeScalars.append(scalar)
        if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" { inEscape = true; sawEscape = true; out.unicodeScalars.append(scalar); continue }
      if used == width - 1 { break }
      out.unicodeScalars.append(scalar)
      used += 1
    }
    return out + (sawEscape ? "\u{1B}[0m" : "") + "…"
  }

  /// `s` padded with spaces to `width` columns.
  static func padded(_ s: String, to width: Int) -> String {
    let w = of(s)
    return w >= width ? s : s + String(repeating: " ", count: width - w)
  }

  /// Splits `s` (no newlines) into lines of at most `width` columns at
  /// spaces; a word longer than the width is cut.
  static func wrap(_ s: String, width: Int, indent: String = "", firstIndent: String? = nil) -> [String] {
    let first = firstIndent ?? indent
    let words = s.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard !words.isEmpty else { return [first.trimmingTrailingSpaces()] }
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for var word in words {
      let room = width - of(line) - (lineHasWord ? 1 : 0)
      if of(word) <= room {
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
        continue
      }
      if lineHasWord {
        lines.append(line)
        line = indent
        lineHasWord = false
      }
      // Hard-cut words wider than a whole line.
      let full = max(1, width - of(indent))
      while of(word) > full {
        let head = String(word.prefix(full))
        lines.append(indent + head)
        word = String(word.dropFirst(full))
      }
      line += word
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// Cuts a line (which may be wider than the terminal, like a frame) into
  /// pieces of `width` columns, for text that must not be re-flowed.
  static func hardWrap(_ s: String, width: Int) -> [String] {
    guard width > 0, of(s) > width, !s.contains("\u{1B}") else { return [s] }
    var pieces: [String] = []
    var rest = Substring(s)
    while rest.count > width {
      pieces.append(String(rest.prefix(width)))
      rest = rest.dropFirst(width)
    }
    pieces.append(String(rest))
    return pieces
  }

  /// Cuts a line of code wider than `width` where a reader would break it:
  /// after the last space or comma that fits, else between a name and the
  /// punctuation after it (`present(` / `ing:`), never inside a name or a
  /// number unless the name alone is wider than a line. Each piece after
  /// the first starts at the line's indentation plus two spaces (when that
  /// leaves half the width), as an editor's soft wrap does.
  static func codeWrap(_ s: String, width: Int) -> [String] {
    guard width > 0, of(s) > width, !s.contains("\u{1B}") else { return [s] }
    let indentation = String(s.prefix { $0 == " " }) + "  "
    let continuation = indentation.count <= width / 2 ? indentation : ""
    func isNamePart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    var pieces: [String] = []
    var rest = Array(s)
    var lead = ""
    while lead.count + rest.count > width {
      let room = width - lead.count
      // The last break that fits: after a space or a comma, else where a
      // name ends or starts; the whole room when there is none.
      // (Not in the indentation.)
      let places = min(room, rest.prefix { $0 == " " }.count + 1)..<room
      var cut = room
      if let space = places.last(where: { rest[$0 - 1] == " " || rest[$0 - 1] == "," }) {
        cut = space
      } else if let edge = places.last(where: { isNamePart(rest[$0 - 1]) != isNamePart(rest[$0]) }) {
        cut = edge
      }
      pieces.append(lead + String(rest[..<cut]).trimmingTrailingSpaces())
      rest = Array(rest[cut...].drop { $0 == " " })
      lead = continuation
    }
    pieces.append(lead + String(rest))
    return pieces
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
