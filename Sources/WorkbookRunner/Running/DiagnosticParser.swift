// DiagnosticParser: reads the compiler's diagnostics and the runtime's trap
// messages, and maps their `file:line` back to snippets.
import WorkbookModel
import WorkbookSupport

enum DiagnosticParser {
  /// Parses `file:line:col: error|warning|note: message` lines (remarks are
  /// dropped; code excerpts are made from the Markdown instead). A note
  /// belongs to the error or warning before it; the compiler's fix-it line
  /// (the third line after a header, under the source line and the caret
  /// line) is kept with its note or diagnostic.
  static func parse(_ text: String, map: SourceMap, snippets: [Int]) -> [Diagnostic] {
    var result: [Diagnostic] = []
    /// The diagnostic that notes go to: the last error or warning (nil
    /// after a remark).
    var owner: Int?
    /// Where a fix-it line goes: the last header's diagnostic and note
    /// (nil: the diagnostic itself), and the snippet's indent.
    var target: (diagnostic: Int, note: Int?, indent: Int)?
    var following = 0
    var caretLine = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let header = Self.header(line) else {
        // Under a header: the source line, the caret line, the fix-it line.
        following += 1
        if following == 2 { caretLine = line.contains("^") && line.allSatisfy { " ^~".contains($0) } }
        if following == 3, caretLine, let target, line.contains(where: { $0 != " " }) {
          let fixIt = String(repeating: " ", count: target.indent) + line
          if let note = target.note { result[target.diagnostic].notes[note].fixIt = fixIt }
          else { result[target.diagnostic].fixIt = fixIt }
        }
        continue
      }
      following = 0
      caretLine = false
      target = nil
      let place = header.position.map { located(file: $0.file, line: $0.line, column: $0.column, map: map, snippets: snippets) }
        ?? (snippet: nil, lineOffset: 0, column: 0, file: header.location, indent: 0)
      switch header.severity {
      case "error", "warning":
        result.append(Diagnostic(severity: header.severity == "error" ? .error : .warning, snippet: place.snippet,
                                 lineOffset: place.lineOffset, column: place.column, message: header.message,
                                 file: place.file))
        owner = result.count - 1
        if header.position != nil { target = (result.count - 1, nil, place.indent) }
      case "note":
        guard let owner else { continue }
        result[owner].notes.append(Diagnostic.Note(snippet: place.snippet, lineOffset: place.lineOffset,
                                                   column: place.column, message: header.message, file: place.file))
        if header.position != nil { target = (owner, result[owner].notes.count - 1, place.indent) }
      default:
        owner = nil
      }
    }
    return result
  }

  /// A `location: severity: message` line: its severity (error, warning,
  /// note or remark), message, location text and, when the location is
  /// `file:line:column`, its parts.
  private static func header(_ line: Substring) -> (severity: String, message: String, location: String,
                                                    position: (file: String, line: Int, column: Int)?)? {
    let found = ["error", "warning", "note", "remark"].compactMap { severity in
      line.range(of: ": \(severity): ").map { (severity, $0) }
    }
    // The first tag in the line: a message may quote another.
    if let (severity, range) = found.min(by: { $0.1.lowerBound < $1.1.lowerBound }) {
      let location = line[..<range.lowerBound]
      let message = String(line[range.upperBound...])
      let parts = location.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
        return (severity, message, String(location), nil)
      }
      let file = parts[0..<(parts.count - 2)].joined(separator: ":")
      return (severity, message, String(location), (file, lineNumber, column))
    }
    return nil
  }

  /// A compiler position as a snippet and line from its fence (or the
  /// file's own line and its name when it is in no snippet), and how many
  /// columns the snippet is indented by in the Markdown.
  private static func located(file: String, line: Int, column: Int, map: SourceMap, snippets: [Int])
    -> (snippet: Int?, lineOffset: Int, column: Int, file: String?, indent: Int) {
    if let (snippet, offset) = locate(file: file, line: line, map: map, snippets: snippets) {
      let indent = offset > 0 ? (map.spans[snippet]?.fenceColumn ?? 1) - 1 : 0
      return (snippet, offset, column + indent, nil, indent)
    }
    return (nil, line, column, file, 0)
  }

  /// The snippet (and line offset from its fence) of a `file:line` in the
  /// program's source file.
  static func locate(file: String, line: Int, map: SourceMap, snippets: [Int]) -> (Int, Int)? {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    guard name == map.fileName else { return nil }
    for index in snippets {
      guard let snippet = map.spans[index] else { continue }
      if line >= snippet.fenceLine && line <= snippet.closingFenceLine {
        return (index, line - snippet.fenceLine)
      }
    }
    return nil
  }

  /// The runtime's trap messages (an exclusivity conflict's is its last
  /// line: the lines before it hold addresses, which change from run to run).
  private static let trapKinds = ["Fatal error", "Precondition failed", "Assertion failed", "Fatal access conflict"]

  /// Reads the runtime's message for a trap (`[file:line: ]Fatal error: …`).
  static func crash(in stderr: String, termination: Termination, map: SourceMap, snippets: [Int]) -> Crash {
    for line in stderr.split(separator: "\n") {
      for kind in trapKinds {
        guard let range = line.range(of: kind) else { continue }
        let message = String(line[range.lowerBound...])
        var crash = Crash(message: message)
        let location = line[..<range.lowerBound]
        if location.hasSuffix(": ") {
          let spot = location.dropLast(2)
          let parts = spot.split(separator: ":")
          if parts.count >= 2, let number = Int(parts[parts.count - 1]) {
            let file = parts[0..<(parts.count - 1)].joined(separator: ":")
            if let (snippet, offset) = locate(file: file, line: number, map: map, snippets: snippets) {
              crash.snippet = snippet
              crash.lineOffset = offset
            } else {
              crash.externalLocation = String(spot)
            }
          }
        }
        return crash
      }
    }
    switch termination {
    case .signaled(let signal):
      return Crash(message: "Killed by \(signalName(signal))")
    case .exited(let status):
      return Crash(message: "Exited with status \(status)")
    default:
      return Crash(message: "Stopped")
    }
  }
}

extension Crash {
  init(message: String) {
    self.init(message: message, snippet: nil, lineOffset: nil, externalLocation: nil)
  }
}
