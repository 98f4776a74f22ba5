// When golden files are written, with swift-snapshot-testing's modes and
// its environment variable, and a record mode set over a block of code or a
// Swift Testing suite (their `withSnapshotTesting(record:)` and
// `.snapshots(record:)`).

import Foundation
import Testing

/// When golden files are written.
public enum RecordMode: String, Sendable, CaseIterable {
  /// A missing golden file is written and the assertion fails once
  /// ("recorded, re-run"); a different one fails with a diff. The default.
  case missing
  /// Every golden file is written (missing or different); assertions pass.
  case all
  /// A missing or different golden file is written, and the assertion
  /// fails with the diff ("re-recorded, re-run"): only what fails is
  /// re-recorded.
  case failed
  /// Nothing is written: a missing golden file fails. The default when
  /// `CI=true`.
  case never

  /// The mode set by the innermost `withTransitionTesting(record:)` or
  /// `.transitionTesting(record:)` trait around the running code, else the
  /// environment's (`from(environment:)`); nil for an unknown value.
  public static var current: RecordMode? {
    scoped ?? from(environment: ProcessInfo.processInfo.environment)
  }

  /// The mode a scope sets, if any.
  @TaskLocal static var scoped: RecordMode?

  /// The variables read, first to last: this library's own, then
  /// swift-snapshot-testing's, so one setting records both kinds.
  static let environmentVariables = ["TRANSITION_TESTING_RECORD", "SNAPSHOT_TESTING_RECORD"]

  /// The mode the environment asks for: `TRANSITION_TESTING_RECORD`, else
  /// `SNAPSHOT_TESTING_RECORD`, else `never` when `CI` is `true`, else
  /// `missing`; nil for an unknown value.
  public static func from(environment: [String: String]) -> RecordMode? {
    if let (_, value) = setting(in: environment) { return RecordMode(rawValue: value) }
    return environment["CI"] == "true" ? .never : .missing
  }

  /// The first record variable set in `environment`, with its value.
  static func setting(in environment: [String: String]) -> (name: String, value: String)? {
    for name in environmentVariables {
      if let value = environment[name], !value.isEmpty { return (name, value) }
    }
    return nil
  }

  /// Why the environment's record mode was not understood.
  static func unknownModeMessage(environment: [String: String]) -> String {
    let (name, value) = setting(in: environment) ?? (environmentVariables[0], "")
    return "\(name) must be " + allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      + "; got '\(value)'"
  }
}

/// Runs `operation` with golden files recorded as `record` says, for every
/// assertion inside it that is not given a `record:` of its own. In an
/// `XCTestCase`, wrap `invokeTest()` to set it for the whole class.
public func withTransitionTesting<R>(record: RecordMode, operation: () throws -> R) rethrows -> R {
  try RecordMode.$scoped.withValue(record, operation: operation)
}

/// Runs the asynchronous `operation` with golden files recorded as `record`
/// says (see the synchronous form).
public func withTransitionTesting<R>(
  record: RecordMode, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
  try await RecordMode.$scoped.withValue(record, operation: operation, isolation: isolation)
}

/// A Swift Testing trait that records golden files as `record` says in the
/// test or suite it is given to: `@Suite(.transitionTesting(record: .all))`.
public struct TransitionTestingTrait: TestTrait, SuiteTrait, TestScoping {
  /// The record mode inside the test or suite.
  public var record: RecordMode

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await RecordMode.$scoped.withValue(record) { try await function() }
  }
}

extension Trait where Self == TransitionTestingTrait {
  /// Golden files in this test or suite are recorded as `record` says.
  public static func transitionTesting(record: RecordMode) -> Self {
    TransitionTestingTrait(record: record)
  }
}
