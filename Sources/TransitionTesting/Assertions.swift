// The assertions: a film or a trace against its golden file, calls in
// order, a value at a time, and the flicker check. Each reports through
// Swift Testing or XCTest, whichever runs the test; each has a `verify…`
// twin that returns the failure message instead (nil when it passes).

import TransitionDiagrams
import UIKit

/// The film of `recording` at `moments` against its golden file
/// `__Snapshots__/<TestFile>/<testName>.<n>.txt` (or `<testName>.<named>.txt`).
///
/// - Returns: nil when it matches, else the failure with a frame-by-frame diff.
@MainActor
public func verifyFilm(
  _ recording: TransitionRecording, _ moments: FilmMoments = .keyMoments, style: DiagramStyle = .default,
  named name: String? = nil, record: RecordMode? = .current,
  filePath: String = #filePath, function: String = #function
) -> String? {
  let path = GoldenFile.path(filePath: filePath, function: function, name: name, pathExtension: "txt")
  return GoldenFile.verify(recording.film(moments, style: style).text, at: path, mode: record) {
    FilmDiff.describe(golden: $0, actual: $1) ?? ""
  }
}

/// Fails when the film of `recording` at `moments` differs from its golden
/// file (see `verifyFilm`); records it as `record` says (by default
/// `RecordMode.current`: the enclosing `withTransitionTesting(record:)`,
/// else `TRANSITION_TESTING_RECORD` or `SNAPSHOT_TESTING_RECORD`, `never`
/// under `CI=true`).
@MainActor
public func assertFilm(
  _ recording: TransitionRecording, _ moments: FilmMoments = .keyMoments, style: DiagramStyle = .default,
  named name: String? = nil, record: RecordMode? = .current,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) {
  if let failure = verifyFilm(recording, moments, style: style, named: name, record: record,
                              filePath: "\(filePath)", function: function) {
    reportFailure(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// Fails when the call trace of `recording` (`traceText`: times, who,
/// what) differs from its golden file, with a line diff.
@MainActor
public func assertTrace(
  _ recording: TransitionRecording, named name: String? = nil,
  record: RecordMode? = .current,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
  line: UInt = #line, column: UInt = #column
) {
  let path = GoldenFile.path(filePath: "\(filePath)", function: function, name: name, pathExtension: "txt")
  if let failure = GoldenFile.verify(recording.traceText, at: path, mode: record, diff: LineDiff.describe) {
    reportFailure(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// Fails unless `expected` occur among the recording's `calls` in this
/// order (other calls may come between). Each expected entry matches a
/// call that contains it: `"animateTransition"`, `"completeTransition(true)"`,
/// `"DetailsAnimator: transitionDuration(using:) => 0.35"`.
public func assertCalls(
  _ recording: TransitionRecording, inOrder expected: [String],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let calls = recording.calls
  var next = calls.startIndex
  for entry in expected {
    guard let found = calls[next...].firstIndex(where: { $0.contains(entry) }) else {
      let message = "No call matching \"\(entry)\" after the calls matched before it. The calls:\n"
        + calls.enumerated().map { "\($0.offset < next ? "✓" : " ") \($0.element)" }.joined(separator: "\n")
      reportFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    next = calls.index(after: found)
  }
}

/// Fails unless `property` of the view labelled `label` at `time` is
/// `expected` within `accuracy` (the presentation value, as the screen
/// showed it).
public func assertValue(
  _ recording: TransitionRecording, _ property: CapturedProperty, of label: String, at time: TimeInterval,
  equals expected: Double, accuracy: Double = 0.01,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let value = recording.value(property, of: label, at: time) else {
    let shown = recording.frame(at: time).capture.layers.map(\.label).joined(separator: ", ")
    reportFailure("No view labelled \"\(label)\" on screen at t=\(time)s (on screen: \(shown))", at: site)
    return
  }
  if abs(value - expected) > accuracy {
    reportFailure("\(label) \(property.name) at t=\(time)s is \(value), expected \(expected) ± \(accuracy)", at: site)
  }
}

/// Fails with every violation of `rules` over the recording's frames
/// (see `FlickerRules`), each naming its time, view and invariant.
public func assertNoFlicker(
  _ recording: TransitionRecording, _ rules: FlickerRules = FlickerRules(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let violations = recording.flickerViolations(rules)
  guard !violations.isEmpty else { return }
  let shown = violations.prefix(12).map { "  \($0)" }
  let more = violations.count > 12 ? ["  … and \(violations.count - 12) more"] : []
  reportFailure("\(violations.count) flicker violation\(violations.count == 1 ? "" : "s"):\n"
    + (shown + more).joined(separator: "\n"),
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A line diff for texts that are not films (traces): changed lines with
/// two lines of context, `-` golden, `+` actual.
enum LineDiff {
  static func describe(golden: String, actual: String) -> String {
    let a = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var script: [(mark: Character, line: String)] = []
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
    var near = Set<Int>()
    for k in script.indices where script[k].mark != " " {
      for d in -2...2 where script.indices.contains(k + d) { near.insert(k + d) }
    }
    var out: [String] = []
    var last = -1
    for k in near.sorted() {
      if last >= 0 && k > last + 1 { out.append("...") }
      out.append("\(script[k].mark)\(script[k].line)")
      last = k
    }
    return out.joined(separator: "\n")
  }
}
