// OutputRecorder: applies `--record` changes to a chapter's bytes, touching
// only the output blocks (and the text of `// Prints` comments, in place):
// line endings, the trailing newline and every other byte stay as they were.
import Foundation
import WorkbookMarkdown
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

enum OutputRecorder {
  /// Returns the chapter's bytes with `changes` applied.
  static func apply(_ changes: [OutputChange], to chapter: Chapter) -> [UInt8] {
    var lines = splitKeepingTerminators(chapter.bytes)
    let eol: [UInt8] = lines.first(where: { !$0.terminator.isEmpty })?.terminator ?? [10]
    let endsWithoutNewline = lines.last.map { $0.terminator.isEmpty && !$0.content.isEmpty } ?? false
    // From the bottom up, so that earlier line numbers stay valid.
    let ordered = changes.sorted { chapter.snippets[$0.snippet].fenceLine > chapter.snippets[$1.snippet].fenceLine }
    for change in ordered {
      let snippet = chapter.snippets[change.snippet]
      let indent = Array(leadingWhitespace(lines[snippet.fenceLine - 1].content))
      switch (snippet.output, change.content) {
      case (nil, let content?) where !snippet.printsComments.isEmpty:
        // The comments say the new output, line for line; each changed
        // line of code keeps what the Markdown line has before it (a list
        // item's indentation).
        guard let code = snippet.code(printing: LineDiff.splitLines(content)) else { continue }
        let old = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        let new = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, (was, now)) in zip(old, new).enumerated() where was != now {
          let index = snippet.fenceLine + offset  // 0-based: the code's lines follow the fence
          let line = lines[index].content
          guard line.count >= was.utf8.count, line.suffix(was.utf8.count).elementsEqual(was.utf8) else { continue }
          lines[index].content = Array(line.dropLast(was.utf8.count)) + Array(now.utf8)
        }
      case (let block?, let content?):
        guard let closing = block.closingFenceLine else { continue }
        let blockIndent = Array(leadingWhitespace(lines[block.fenceLine - 1].content))
        let body = contentLines(content, indent: blockIndent, eol: eol)
        let fenceLine = lines[block.fenceLine - 1].content
        let fenceChar = fenceLine.dropFirst(blockIndent.count).first ?? UInt8(ascii: "`")
        let have = fenceLine.dropFirst(blockIndent.count).prefix { $0 == fenceChar }.count
        let need = fenceLength(for: content, character: fenceChar)
        var replacement = body
        var range = block.fenceLine..<(closing - 1)  // 0-based: content lines
        if need > have {
          // The content would close the fence early: lengthen both fences.
          let fence = blockIndent + [UInt8](repeating: fenceChar, count: need)
          let info = fenceLine.dropFirst(blockIndent.count + have)
          replacement = [Line(content: fence + info, terminator: eol)] + body
            + [Line(content: fence, terminator: lines[closing - 1].terminator)]
          range = (block.fenceLine - 1)..<closing
        }
        lines.replaceSubrange(range, with: replacement)
      case (let block?, nil):
        let last = block.closingFenceLine ?? block.endLine
        lines.removeSubrange(snippet.closingFenceLine..<last)
      case (nil, let content?):
        let fence = indent + [UInt8](repeating: UInt8(ascii: "`"), count: fenceLength(for: content, character: UInt8(ascii: "`")))
        var block = [Line(content: [], terminator: eol),
                     Line(content: fence + Array("output".utf8), terminator: eol)]
        block += contentLines(content, indent: indent, eol: eol)
        block.append(Line(content: fence, terminator: eol))
        let at = snippet.closingFenceLine
        if at == lines.count && lines[at - 1].terminator.isEmpty {
          lines[at - 1].terminator = eol
          block[block.count - 1].terminator = []
        }
        lines.insert(contentsOf: block, at: at)
      case (nil, nil):
        continue
      }
    }
    // Keep "no newline at end of file" if the file had none.
    if endsWithoutNewline, let lastIndex = lines.indices.last, !lines[lastIndex].terminator.isEmpty {
      lines[lastIndex].terminator = []
    }
    var out: [UInt8] = []
    out.reserveCapacity(chapter.bytes.count + 256)
    for line in lines {
      out += line.content
      out += line.terminator
    }
    return out
  }

  /// Why `updated` (what `apply` made) must not be written, or nil when
  /// it reads back as meant: the same snippets, each changed output block
  /// (or snippet's `// Prints` comments) saying exactly its new content,
  /// every other output block as it was, and every byte outside output
  /// blocks and the rewritten snippets' code unchanged (their code is
  /// exactly the code with the comments rewritten).
  static func readBackProblem(_ updated: [UInt8], original chapter: Chapter,
                                     changes: [OutputChange]) -> String? {
    for change in changes {
      guard let content = change.content else { continue }
      let line = chapter.snippets[change.snippet].fenceLine
      if let bad = content.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0 == "\u{7F}" }) {
        let name = bad == "\r" ? "a carriage return (\\r)" : bad == "\0" ? "a NUL byte" : String(format: "the control character U+%04X", bad.value)
        return "the output of the snippet at line \(line) holds \(name), which an output block cannot hold as it is; "
          + "print it escaped (e.g. with String(reflecting:)) or leave the block to be written by hand"
      }
    }
    let reread = ChapterLoader.load(bytes: updated, path: chapter.path, displayPath: chapter.displayPath)
    if let problem = reread.inputErrors.first {
      return "the new text would not load (line \(problem.line.map(String.init) ?? "?"): \(problem.message))"
    }
    guard reread.snippets.count == chapter.snippets.count else {
      return "the new text would have \(reread.snippets.count) snippets instead of \(chapter.snippets.count)"
    }
    var wanted: [Int: String?] = [:]
    for change in changes { wanted[change.snippet] = .some(change.content) }
    // The code of each snippet whose `// Prints` comments are rewritten, as rewritten.
    var rewritten: [Int: String] = [:]
    for change in changes where chapter.snippets[change.snippet].output == nil {
      if let content = change.content, let code = chapter.snippets[change.snippet].code(printing: LineDiff.splitLines(content)) {
        rewritten[change.snippet] = code
      }
    }
    for (old, new) in zip(chapter.snippets, reread.snippets) {
      guard new.code == rewritten[old.index] ?? old.code, old.kind == new.kind, old.isHidden == new.isHidden else {
        return "the snippet at line \(old.fenceLine) would read back differently"
      }
      let expected: String? = wanted[old.index] ?? old.expectedOutput
      if new.expectedOutput != expected {
        if rewritten[old.index] != nil {
          return "the '// Prints' comments of the snippet at line \(old.fenceLine) would not read back as the recorded output"
        }
        return "the output block of the snippet at line \(old.fenceLine) would not read back as the recorded output"
          + (new.output.map { " (it is at line \($0.fenceLine), in a list or quote whose indentation it cannot keep)" } ?? "")
      }
    }
    let codeRewritten = Set(rewritten.keys)
    if outsideOutputBlocks(chapter.bytes, chapter, codeRewritten) != outsideOutputBlocks(updated, reread, codeRewritten) {
      return "text outside the output blocks would change"
    }
    return nil
  }

  /// The lines that are not output blocks (nor the blank lines between a
  /// snippet and its block), nor the code of the snippets in `rewritten`
  /// (those whose `// Prints` comments are recorded); snippets' closing
  /// fences without terminators.
  static func outsideOutputBlocks(_ bytes: [UInt8], _ chapter: Chapter, _ rewritten: Set<Int> = []) -> [Line] {
    var lines = splitKeepingTerminators(bytes)
    var drop = Set<Int>()
    var fences = Set<Int>()
    for snippet in chapter.snippets {
      fences.insert(snippet.closingFenceLine - 1)
      if rewritten.contains(snippet.index) {
        for i in snippet.fenceLine..<(snippet.closingFenceLine - 1) { drop.insert(i) }
      }
      guard let output = snippet.output else { continue }
      for i in snippet.closingFenceLine..<output.endLine { drop.insert(i) }
    }
    for i in fences where i < lines.count { lines[i].terminator = [] }
    return lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
  }

  struct Line: Equatable {
    var content: [UInt8]
    var terminator: [UInt8]
  }

  /// Splits bytes into lines; a final line without a terminator is kept
  /// (an empty one after a final newline is not a line).
  static func splitKeepingTerminators(_ bytes: [UInt8]) -> [Line] {
    MarkdownLines.split(bytes).map { Line(content: Array(bytes[$0.content]), terminator: $0.terminator) }
  }

  private static func leadingWhitespace(_ line: [UInt8]) -> ArraySlice<UInt8> {
    line.prefix { $0 == 32 || $0 == 9 }
  }

  private static func contentLines(_ content: String, indent: [UInt8], eol: [UInt8]) -> [Line] {
    LineDiff.splitLines(content).map { text in
      text.isEmpty ? Line(content: [], terminator: eol) : Line(content: indent + Array(text.utf8), terminator: eol)
    }
  }

  /// A fence longer than any run of the fence character that starts a line
  /// of content (at least 3).
  static func fenceLength(for content: String, character: UInt8) -> Int {
    var longest = 2
    for line in LineDiff.splitLines(content) {
      let trimmed = line.utf8.drop { $0 == 32 }
      let run = trimmed.prefix { $0 == character }.count
      longest = max(longest, run)
    }
    return longest + 1
  }
}
