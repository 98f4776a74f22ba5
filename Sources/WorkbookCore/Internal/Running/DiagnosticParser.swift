// DiagnosticParser: reads the compiler's diagnostics and the runtime's trap
// messages, and maps their `file:line` back to snippets.

enum DiagnosticParser {
  /// Parses `file:line:col: error|warning: message` lines (notes and
  /// remarks are dropped; code excerpts are made from the Markdown instead).
  static func parse(_ text: String, map: SourceMap, snippets: [Int]) -> [Diagnostic] {
    var result: [Diagnostic] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      for severity in [Diagnostic.Severity.error, .warning] {
        let tag = ": \(severity.rawValue): "
        guard let range = line.range(of: tag) else { continue }
        let location = line[..<range.lowerBound]
        let message = String(line[range.upperBound...])
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]),
          let column = Int(parts[parts.count - 1])
        else {
          result.append(Diagnostic(severity: severity, snippet: nil, lineOffset: 0, column: 0,
                                   message: message, file: String(location)))
          break
        }
        let file = parts[0..<(parts.count - 2)].joined(separator: ":")
        result.append(located(file: file, line: lineNumber, column: column, severity: severity,
                          message: message, map: map, snippets: snippets))
        break
      }
    }
    return result
  }

  private static func located(file: String, line: Int, column: Int, severity: Diagnostic.Severity,
                          message: String, map: SourceMap, snippets: [Int]) -> Diagnostic {
    if let (snippet, offset) = locate(file: file, line: line, map: map, snippets: snippets) {
      let indent = (map.spans[snippet]?.fenceColumn ?? 1) - 1
      return Diagnostic(severity: severity, snippet: snippet, lineOffset: offset,
                        column: column + (offset > 0 ? indent : 0), message: message, file: nil)
    }
    return Diagnostic(severity: severity, snippet: nil, lineOffset: line, column: column,
                      message: message, file: file)
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

  private static let trapKinds = ["Fatal error", "Precondition failed", "Assertion failed"]

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
