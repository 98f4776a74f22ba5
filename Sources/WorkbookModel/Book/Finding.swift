// Finding: one thing that verify reports, at a file and line.
import WorkbookSupport

/// A failure or warning at a place in a chapter.
public struct Finding: Hashable, Sendable, Codable {
  public var severity: Finding.Severity
  public var kind: Kind
  /// The path shown to the user.
  public var file: String
  public var line: Int?
  public var column: Int?
  /// A one-line message in sentence case, without a final period.
  public var message: String
  /// Extra lines: a code excerpt, a unified diff, the program's stderr.
  public var details: [String]
  /// The snippet it is about (its index in the chapter), when it is about
  /// one: the Evaluator attaches it with the snippet's verdict.
  public var snippet: Int?

  public init(
    _ severity: Finding.Severity, _ kind: Kind, file: String, line: Int?, column: Int? = nil,
    message: String, details: [String] = [], snippet: Int? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.details = details
    self.snippet = snippet
  }
}

extension Finding {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Codable {
    case error
    case warning
  }

  /// What went wrong (or what is worth a note).
  public enum Kind: String, Sendable, Codable {
    /// Bad input in the chapter: unknown attribute, stray output block, …
    case badInput = "bad-input"
    /// The chapter program (or an exercise) does not compile.
    case compileError = "compile-error"
    /// A compiler warning, mapped to the Markdown.
    case compileWarning = "compile-warning"
    /// A warning the harness raised while the snippet ran (the flicker
    /// check on a film), at the line of the call.
    case runtimeWarning = "runtime-warning"
    /// The snippet used an API whose effect the engine does not model: its
    /// output shows the engine, not a device (a warning at the snippet).
    case notModelled = "not-modelled"
    /// A snippet trapped or was killed by a signal.
    case crash
    /// The chapter program ran past `--timeout`.
    case timeout
    /// A snippet's output differs from its output block.
    case outputMismatch = "output-mismatch"
    /// A snippet prints but has no output block.
    case missingOutput = "missing-output"
    /// An output block's snippet prints nothing.
    case unexpectedOutputBlock = "unexpected-output-block"
    /// A snippet printed more than the cap.
    case outputCut = "output-cut"
    /// A `compile-fail` snippet compiled, or failed with other errors.
    case compileFailMismatch = "compile-fail-mismatch"
    /// An exercise's starter already produces the solution's output, or an
    /// exercise has no solution.
    case exercise
    /// `--record` could not write the chapter.
    case record
    /// The program's marker stream was wrong (a marker naming no snippet or
    /// out of order) or diagram data went over its cap.
    case outputChannel = "output-channel"
  }
}
