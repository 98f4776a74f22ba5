// Golden files as pointfreeco/swift-snapshot-testing lays them out:
// `__Snapshots__/<TestFile>/<testName>.<n>.txt` beside the test file, n
// counting the test's snapshots from 1 (or `<testName>.<name>.txt` for a
// named one), with its record modes. And the one place failures are
// reported: Swift Testing's `Issue.record` inside a Swift Testing test,
// `XCTFail` otherwise (as swift-snapshot-testing does).

import Foundation
import Testing
import XCTest

/// When golden files are written.
public enum RecordMode: String, Sendable, CaseIterable {
  /// A missing golden file is written and the assertion fails once
  /// ("recorded, re-run"); a different one fails with a diff. The default.
  case missing
  /// Every golden file is written (missing or different); assertions pass.
  case all
  /// Nothing is written: a missing golden file fails. The default when
  /// `CI=true`.
  case never

  /// The mode the environment asks for: `TRANSITION_TESTING_RECORD`, else
  /// `never` when `CI` is `true`, else `missing`; nil for an unknown value.
  public static func from(environment: [String: String]) -> RecordMode? {
    if let value = environment["TRANSITION_TESTING_RECORD"], !value.isEmpty {
      return RecordMode(rawValue: value)
    }
    return environment["CI"] == "true" ? .never : .missing
  }
}

/// Where a golden file lives and how it compares.
enum GoldenFile {
  /// How many snapshots each test took so far, by test file and test name.
  @MainActor private static var counters: [String: Int] = [:]

  /// The test's name as a file name: `testPresent()` → `testPresent`.
  static func testName(_ function: String) -> String {
    let base = function.prefix { $0 != "(" }
    return String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-" })
  }

  /// The path of the next golden file of `function` in `filePath`:
  /// `<folder>/__Snapshots__/<TestFile>/<testName>.<n or name>.<ext>`.
  @MainActor
  static func path(filePath: String, function: String, name: String?, pathExtension: String) -> String {
    let file = URL(fileURLWithPath: filePath)
    let test = testName(function)
    let identifier: String
    if let name {
      identifier = name
    } else {
      let key = filePath + "#" + test
      let n = (counters[key] ?? 0) + 1
      counters[key] = n
      identifier = String(n)
    }
    return file.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
      .appendingPathComponent("\(test).\(identifier).\(pathExtension)").path
  }

  /// Compares `text` with the golden file at `path`, recording it as
  /// `mode` says; `diff` describes a difference.
  ///
  /// - Returns: nil when it matches (or was re-recorded in `.all`), else
  ///   the failure message.
  static func verify(_ text: String, at path: String, mode: RecordMode?,
                     diff: (_ golden: String, _ actual: String) -> String) -> String? {
    guard let mode else {
      return "TRANSITION_TESTING_RECORD must be 'missing' (the default), 'all' or 'never'; got '"
        + (ProcessInfo.processInfo.environment["TRANSITION_TESTING_RECORD"] ?? "") + "'"
    }
    func write() -> String? {
      do {
        try FileManager.default.createDirectory(
          at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return nil
      } catch {
        return "Cannot write the golden file '\(path)': \(error)"
      }
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      switch mode {
      case .never:
        return "No golden file at '\(path)' (record mode never): run the test locally to record it"
      case .all:
        return write()
      case .missing:
        return write() ?? "No golden file at '\(path)': recorded it; re-run the test to compare against it"
      }
    }
    let golden = String(decoding: data, as: UTF8.self)
    if golden == text { return nil }
    if mode == .all { return write() }
    return "'\(path)' differs (TRANSITION_TESTING_RECORD=all re-records it):\n" + diff(golden, text)
  }
}

/// Where an assertion was written, for its failure.
struct CallSite {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Reports a failure: through Swift Testing when a Swift Testing test is
/// running, through XCTest otherwise (swift-snapshot-testing's rule).
func reportFailure(_ message: String, at site: CallSite) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message),
                 sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                                                line: Int(site.line), column: Int(site.column)))
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}
