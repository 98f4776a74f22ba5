// Snapshot: golden files for every test target, one rule. A suite compares
// a text with `__Snapshots__/<TestFile>/<name>` beside its test file.
//
// The record mode is the environment variable WORKBOOK_RECORD:
// - `missing` (the default): a missing golden file is written and the test
//   fails once ("recorded, re-run"); a different one fails with a diff;
// - `never` (the default when CI=true; `.ci/run` sets it): a missing golden
//   file fails, nothing is written;
// - `all`: every golden file is written (missing or different) and the
//   test passes; review the change with `git diff`.
// Any other value fails every snapshot test, saying which values there are.
import Foundation
import Testing

/// How snapshot tests treat golden files (see the file's comment).
public enum SnapshotRecordMode: String, Equatable, Sendable, CaseIterable {
  case missing, never, all

  /// The mode the environment asks for; nil for a value that is none.
  public static func from(environment: [String: String]) -> SnapshotRecordMode? {
    guard let value = environment["WORKBOOK_RECORD"], !value.isEmpty else {
      return environment["CI"] == "true" ? .never : .missing
    }
    return SnapshotRecordMode(rawValue: value)
  }

  /// The mode of this run.
  public static var current: SnapshotRecordMode? { from(environment: ProcessInfo.processInfo.environment) }
}

public enum Snapshot {
  /// The golden file `name` of the test file at `filePath`:
  /// `<folder>/__Snapshots__/<TestFile>/<name>`.
  public static func path(named name: String, filePath: String) -> String {
    let test = ((filePath as NSString).lastPathComponent as NSString).deletingPathExtension
    return (filePath as NSString).deletingLastPathComponent + "/__Snapshots__/" + test + "/" + name
  }

  /// Compares `text` with the golden file `name` beside `filePath`,
  /// recording it as `mode` says.
  ///
  /// - Returns: nil when it matches (or was re-recorded in `.all` mode),
  ///   else the failure message.
  public static func verify(_ text: String, named name: String, filePath: String,
                            mode: SnapshotRecordMode? = .current) -> String? {
    let golden = path(named: name, filePath: filePath)
    guard let mode else {
      return "WORKBOOK_RECORD must be 'missing' (the default), 'never' or 'all'; "
        + "got '\(ProcessInfo.processInfo.environment["WORKBOOK_RECORD"] ?? "")'"
    }
    func record() -> String? {
      do {
        try FileManager.default.createDirectory(
          atPath: (golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden))
        return nil
      } catch {
        return "Cannot record snapshot '\(golden)': \(error)"
      }
    }
    guard let data = FileManager.default.contents(atPath: golden) else {
      switch mode {
      case .never:
        return "No snapshot at '\(golden)'; run the test locally (WORKBOOK_RECORD=missing, the default) to record it"
      case .all:
        return record()
      case .missing:
        return record() ?? "No snapshot at '\(golden)': recorded, re-run the test to check against it"
      }
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected == text { return nil }
    if mode == .all { return record() }
    return "Snapshot '\(golden)' differs (- golden, + actual; WORKBOOK_RECORD=all re-records it):\n"
      + lineDiff(expected: expected, actual: text)
  }

  /// A unified-style line diff: changed lines with two lines of context,
  /// `...` between distant changes.
  public static func lineDiff(expected: String, actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence table.
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var script: [(Character, String)] = []
    var i = 0, j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        script.append((" ", a[i])); i += 1; j += 1
      } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
        script.append(("-", a[i])); i += 1
      } else {
        script.append(("+", b[j])); j += 1
      }
    }
    let changed = script.indices.filter { script[$0].0 != " " }
    var near = Set<Int>()
    for k in changed { for d in -2...2 where script.indices.contains(k + d) { near.insert(k + d) } }
    var out: [String] = []
    var last = -1
    for k in near.sorted() {
      if last >= 0 && k > last + 1 { out.append("...") }
      out.append("\(script[k].0)\(script[k].1)")
      last = k
    }
    return out.joined(separator: "\n")
  }
}

/// Fails the test when `text` differs from the golden file `name` (a file
/// name, e.g. `index.html` or `fade.txt`) beside the calling test file.
public func assertSnapshot(_ text: String, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
  if let failure = Snapshot.verify(text, named: name, filePath: filePath) {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}
