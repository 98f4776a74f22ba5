// SourceMap: where a program's lines come from — the file its
// `#sourceLocation` directives name, and each snippet's lines in it. The
// compiler's diagnostics and the runtime's trap locations are mapped back
// through it, for a chapter's programs and for a learner's file alike.
import Foundation
import WorkbookModel
import WorkbookSupport

/// The lines of a program's snippets in their source file.
package struct SourceMap: Sendable, Hashable {
  /// One snippet's place in the file.
  struct Span: Sendable, Hashable {
    /// The line of the opening fence (offsets count from it: 1 is the
    /// first line of code).
    var fenceLine: Int
    /// The line of the closing fence.
    var closingFenceLine: Int
    /// The column where the fence starts (code columns are shifted by it).
    var fenceColumn: Int
  }

  /// The file name the `#sourceLocation` directives use.
  var fileName: String
  /// The snippets, by index.
  var spans: [Int: Span]

  /// A chapter's snippets in its Markdown file.
  init(chapter: Chapter) {
    fileName = chapter.fileName
    spans = Dictionary(uniqueKeysWithValues: chapter.snippets.map {
      ($0.index, Span(fenceLine: $0.fenceLine, closingFenceLine: $0.closingFenceLine, fenceColumn: $0.fenceColumn))
    })
  }

  /// A learner's file of `lineCount` lines, as snippet 0 whose "fence" is
  /// line 0 (so an offset is the file's own line).
  package init(learnerFile name: String, lineCount: Int) {
    fileName = name
    spans = [0: Span(fenceLine: 0, closingFenceLine: lineCount + 1, fenceColumn: 1)]
  }
}

extension ProgramBuilder {
  /// The program for a learner's file: the marker of snippet 0, then the
  /// file's code from line 1 of `file` (so errors and traps point at its
  /// lines).
  package func learnerProgram(code: String, file: String) -> ProgramSource {
    var translated = translator.translate(code)
    if !translated.isEmpty && !translated.hasSuffix("\n") { translated += "\n" }
    let main = Self.markerCall(0)
      + "#sourceLocation(file: \"\(file.swiftStringEscaped)\", line: 1)\n"
      + translated
    let name = (file as NSString).lastPathComponent
    return ProgramSource(main: main, prelude: Self.prelude, sourceFileName: name, snippetIndexes: [0],
                         markerOrder: [0])
  }
}

/// A line of source with a caret under a column, as findings and the
/// learner's check show it.
package enum SourceExcerpt {
  package static func lines(_ lines: [Substring], line: Int, column: Int) -> [String] {
    guard line >= 1 && line <= lines.count else { return [] }
    let number = String(line)
    let gutter = String(repeating: " ", count: number.count)
    var result = [" \(number) | \(lines[line - 1])"]
    if column >= 1 {
      let prefix = lines[line - 1].utf8.prefix(column - 1)
      let spaces = String(decoding: prefix.map { $0 == 9 ? 9 : 32 }, as: UTF8.self)
      result.append(" \(gutter) | \(spaces)^")
    }
    return result
  }

  /// The line with the caret, then the compiler's fix-it line under it
  /// (the text it suggests, at its column), when there is one.
  package static func lines(_ lines: [Substring], line: Int, column: Int, fixIt: String?) -> [String] {
    var result = self.lines(lines, line: line, column: column)
    if let fixIt, !result.isEmpty {
      result.append(" \(String(repeating: " ", count: String(line).count)) | \(fixIt)")
    }
    return result
  }

  /// A compiler note as details: `note: message` (and where it is, when
  /// that is not in `lines`), then its line with its fix-it under it, or
  /// with a caret when it has none.
  package static func note(_ message: String, in lines: [Substring], line: Int?, column: Int, fixIt: String?,
                   elsewhere: String?) -> [String] {
    guard let line, line >= 1 && line <= lines.count else {
      return ["note: " + message + (elsewhere.map { " (in \($0))" } ?? "")]
    }
    return ["note: " + message] + noteLines(lines, line: line, column: column, fixIt: fixIt)
  }

  /// A note's line with its fix-it under it, or with a caret when it has
  /// none (the caret of a fix-it's note is where the error is, not where
  /// the text goes).
  package static func noteLines(_ lines: [Substring], line: Int, column: Int, fixIt: String?) -> [String] {
    fixIt == nil ? self.lines(lines, line: line, column: column) : self.lines(lines, line: line, column: 0, fixIt: fixIt)
  }
}

extension Diagnostic.Note {
  /// Where the note is when it is in no snippet: `file:line`, or the file.
  package var elsewhere: String? {
    guard let file else { return nil }
    return lineOffset > 0 ? "\(file):\(lineOffset)" : file
  }
}
