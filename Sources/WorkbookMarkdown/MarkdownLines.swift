// MarkdownLines: a file's lines as cmark-gfm counts them. "\r\n", "\n" and
// a lone "\r" each end a line, so every line number the tool shows or uses
// agrees with the parser's.

/// One line of a file: the range of its content and of its terminator.
public struct MarkdownLine: Hashable, Sendable {
  /// Byte offsets of the content (without the terminator).
  public var content: Range<Int>
  /// The terminator's bytes: "\r\n", "\n", "\r" or "" (the last line).
  public var terminator: [UInt8]
}

public enum MarkdownLines {
  /// Splits `bytes` into lines; a final line without a terminator is kept,
  /// an empty one after a final terminator is not.
  public static func split(_ bytes: [UInt8]) -> [MarkdownLine] {
    var lines: [MarkdownLine] = []
    var start = 0
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == 10 {
        lines.append(MarkdownLine(content: start..<i, terminator: [10]))
        i += 1
        start = i
      } else if b == 13 {
        if i + 1 < n && bytes[i + 1] == 10 {
          lines.append(MarkdownLine(content: start..<i, terminator: [13, 10]))
          i += 2
        } else {
          lines.append(MarkdownLine(content: start..<i, terminator: [13]))
          i += 1
        }
        start = i
      } else {
        i += 1
      }
    }
    if start < n { lines.append(MarkdownLine(content: start..<n, terminator: [])) }
    return lines
  }

  /// The lines' texts without terminators; like `split`, but a final
  /// terminator is followed by one more, empty, line (as an editor counts).
  public static func texts(_ bytes: [UInt8]) -> [Substring] {
    var result = split(bytes).map { Substring(decoding: bytes[$0.content], as: UTF8.self) }
    if bytes.isEmpty || bytes.last == 10 || bytes.last == 13 { result.append("") }
    return result
  }

  /// Turns every line ending ("\r\n" or a lone "\r") into "\n".
  public static func normalized(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(13) else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 13 {
        out.append(10)
        if i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
      } else {
        out.append(bytes[i])
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
