// PrintsComment: output written as comments in the code, the way The Swift
// Programming Language writes it,
//
//     print(greeting)
//     // Prints "Hello"
//
// A plain `swift` snippet without an output block whose code has such
// comments expects what they say, in order; `--record` rewrites them in
// place, line for line.
import WorkbookSupport

extension Chapter {
  /// A `// Prints …` comment in a snippet's code: output the code prints.
  /// Its three forms (The Swift Programming Language's):
  ///
  /// - `// Prints "Hello"`: one line, the text between the quotes as
  ///   `print` shows a String (nothing is unescaped: `// Prints "a "b""` is
  ///   `a "b"`). The quote that closes it is the first one followed by the
  ///   end, by `.` and the end, or by `, ` and a letter: the period, or the
  ///   explanation (`// Prints "hi", because …`), is prose.
  /// - `// Prints 42`: one line, as written (trailing spaces dropped).
  /// - `// Prints two lines:` (a number in words or digits) and that many
  ///   line comments on the lines under it: one line each, after `// `.
  public struct PrintsComment: Hashable, Sendable {
    /// The Markdown line of `// Prints`.
    public var line: Int
    /// The lines it says are printed, without their "\n".
    public var lines: [String]
    /// Where each of `lines` is written, in UTF-8 bytes of the snippet's
    /// code (what `--record` replaces).
    var ranges: [Range<Int>]
  }
}

extension Chapter.Snippet {
  /// What the chapter says the snippet prints: its output block's content,
  /// else what its `// Prints` comments say (each line ending in "\n");
  /// nil when it has neither.
  public var expectedOutput: String? {
    if let output { return output.content }
    if printsComments.isEmpty { return nil }
    return printsComments.flatMap(\.lines).map { $0 + "\n" }.joined()
  }

  /// The snippet's code with its `// Prints` comments saying `lines`
  /// instead, one line of output in each place one is written; nil when
  /// `lines` has more or fewer lines than the comments.
  package func code(printing lines: [Substring]) -> String? {
    let ranges = printsComments.flatMap(\.ranges)
    guard ranges.count == lines.count else { return nil }
    var bytes = Array(code.utf8)
    // From the last place back: the earlier ranges stay where they are.
    for (range, text) in zip(ranges, lines).reversed() {
      bytes.replaceSubrange(range, with: Array(text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Reads the `// Prints` comments of a chapter's snippets.
enum PrintsCommentParser {
  static let prefix = "// Prints "

  /// Sets the `// Prints` comments of each plain `swift` snippet (the
  /// others' are shown, never checked, like their output blocks). A
  /// snippet with an output block keeps it: its comments are not checked,
  /// and a warning says so.
  static func attach(to chapter: inout Chapter) {
    for index in chapter.snippets.indices where chapter.snippets[index].kind == .run {
      let snippet = chapter.snippets[index]
      let (comments, problems) = comments(in: snippet.code, firstLine: snippet.firstCodeLine, file: chapter.displayPath)
      chapter.problems += problems
      guard let first = comments.first else {
        if snippet.output == nil {
          chapter.snippets[index].outputComments = outputComments(in: snippet.code, firstLine: snippet.firstCodeLine)
        }
        continue
      }
      if let output = snippet.output {
        chapter.problems.append(Finding(
          .warning, .badInput, file: chapter.displayPath, line: first.line,
          message: "This snippet has an output block (line \(output.fenceLine)), which is checked; "
            + "its '// Prints' comments are not: keep one of the two"))
      } else {
        chapter.snippets[index].printsComments = comments
      }
    }
  }

  /// The `// Prints` comments in a snippet's code (`firstLine`: the
  /// Markdown line of its first line), and the problems of those written
  /// wrong. Only line comments count: `// Prints` in a string or a block
  /// comment is not one.
  static func comments(in code: String, firstLine: Int, file: String) -> ([Chapter.PrintsComment], [Finding]) {
    guard code.contains(prefix) else { return ([], []) }
    var lineStarts = [0]
    for (offset, byte) in code.utf8.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    /// The 0-based line of a byte offset (a binary search: a snippet may
    /// have many thousands of lines).
    func line(of offset: Int) -> Int {
      var low = 0, high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      return low
    }
    /// Whether only spaces and tabs come before `offset` on its line.
    func startsItsLine(_ offset: Int) -> Bool {
      let start = lineStarts[line(of: offset)]
      return code.utf8.dropFirst(start).prefix(offset - start).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
    let all = SwiftCommentsAndStrings(code).lineComments()
    var comments: [Chapter.PrintsComment] = []
    var problems: [Finding] = []
    var next = all.startIndex
    while next < all.endIndex {
      let (offset, text) = all[next]
      next += 1
      guard text.hasPrefix(prefix) else { continue }
      let codeLine = line(of: offset)
      let markdownLine = firstLine + codeLine
      let said = text.dropFirst(prefix.count)
      let start = offset + prefix.utf8.count
      if said.hasPrefix("\"") {
        guard let end = closingQuote(in: said) else {
          problems.append(Finding(
            .error, .badInput, file: file, line: markdownLine,
            message: "This '// Prints \"' comment has no closing quote; write '// Prints \"TEXT\"' or '// Prints TEXT'"))
          continue
        }
        let quoted = said[said.index(after: said.startIndex)..<end]
        let from = start + 1
        comments.append(.init(line: markdownLine, lines: [String(quoted)], ranges: [from..<(from + quoted.utf8.count)]))
      } else if let count = lineCount(said) {
        // The lines under it, each a comment alone on its line.
        let under = all[next...].prefix(count)
        guard under.count == count,
          under.enumerated().allSatisfy({ line(of: $1.utf8Offset) == codeLine + 1 + $0 && startsItsLine($1.utf8Offset) })
        else {
          problems.append(Finding(
            .error, .badInput, file: file, line: markdownLine,
            message: "'// Prints \(said)' needs \(count) comment line\(count == 1 ? "" : "s") right under it, one line of output each"))
          continue
        }
        next += count
        var lines: [String] = []
        var ranges: [Range<Int>] = []
        for (offset, text) in under {
          let body = text.hasPrefix("// ") ? text.dropFirst(3) : text.dropFirst(2)
          let from = offset + text.utf8.count - body.utf8.count
          lines.append(String(body))
          ranges.append(from..<(from + body.utf8.count))
        }
        comments.append(.init(line: markdownLine, lines: lines, ranges: ranges))
      } else {
        let written = said.prefix(said.count - said.reversed().prefix { $0 == " " || $0 == "\t" }.count)
        guard !written.isEmpty else { continue }
        comments.append(.init(line: markdownLine, lines: [String(written)], ranges: [start..<(start + written.utf8.count)]))
      }
    }
    return (comments, problems)
  }

  /// The blocks of bare output comments in a snippet's code (`firstLine`:
  /// the Markdown line of its first line): comment lines alone on their
  /// lines, one after another, right under a line of code that calls
  /// `print` or starts with the `}` that closes code calling it, none of
  /// them `// Prints` or `// Error`. Each line says one line of output,
  /// after `// `. (Blocks under other code are the code's prose: a wider
  /// rule reads prose as output; WritingChapters.md, "Listings".)
  static func outputComments(in code: String, firstLine: Int) -> [Chapter.PrintsComment] {
    guard code.contains("print(") else { return [] }
    // Strings and block comments are not comments here.
    let alone = SwiftCommentsAndStrings(code).lineCommentsAloneOnTheirLines(in: code)
    /// Whether a line calls `print` (`print(` not inside a longer name).
    func callsPrint(_ line: Substring) -> Bool {
      var rest = line[...]
      while let range = rest.range(of: "print(") {
        let before = rest[..<range.lowerBound].last
        if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true { return true }
        rest = rest[range.upperBound...]
      }
      return false
    }
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    var blocks: [Chapter.PrintsComment] = []
    var printed = false
    var line = 0
    while line < lines.count {
      defer { line += 1 }
      let text = lines[line].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      guard alone[line] == nil, !text.isEmpty else { continue }
      printed = printed || callsPrint(text)
      guard printed, callsPrint(text) || text.hasPrefix("}"), alone[line + 1] != nil else { continue }
      var block = Chapter.PrintsComment(line: firstLine + line + 1, lines: [], ranges: [])
      while let comment = alone[line + 1] {
        line += 1
        let body = comment.text.hasPrefix("// ") ? comment.text.dropFirst(3) : comment.text.dropFirst(2)
        let from = comment.utf8Offset + comment.text.utf8.count - body.utf8.count
        block.lines.append(String(body))
        block.ranges.append(from..<(from + body.utf8.count))
      }
      if !block.lines.contains(where: { $0.hasPrefix("Prints ") || $0.hasPrefix("Error") }) { blocks.append(block) }
    }
    return blocks
  }

  /// The closing quote of `// Prints "…"`'s text (which starts with the
  /// opening one): the first quote followed by the end, by `.` and the
  /// end, or by `, ` and a letter.
  static func closingQuote(in said: Substring) -> Substring.Index? {
    var index = said.index(after: said.startIndex)
    while let quote = said[index...].firstIndex(of: "\"") {
      let after = said[said.index(after: quote)...]
      if after.isEmpty || after == "." || (after.hasPrefix(", ") && after.dropFirst(2).first?.isLetter == true) {
        return quote
      }
      index = said.index(after: quote)
    }
    return nil
  }

  /// N for `two lines:` (one to twelve in words, or digits; `line:` for one).
  static func lineCount(_ said: Substring) -> Int? {
    let words = said.split(separator: " ")
    guard words.count == 2, words[1] == "lines:" || words[1] == "line:" else { return nil }
    let names = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    guard let count = names.firstIndex(of: words[0].lowercased()).map({ $0 + 1 }) ?? Int(words[0]), count > 0 else { return nil }
    return count
  }
}
