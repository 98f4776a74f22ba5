// What compiling and running a program produced, in positions relative to
// each snippet's fence, so that a cached result stays right when prose
// above a snippet moves it.

/// A compiler diagnostic.
public struct Diagnostic: Hashable, Sendable, Codable {
  public enum Severity: String, Hashable, Sendable, Codable { case error, warning }
  public var severity: Severity
  /// The snippet it is in; nil when it is not in a snippet.
  public var snippet: Int?
  /// Lines after the snippet's opening fence (1 = first line of code); the
  /// file's own line when `snippet` is nil.
  public var lineOffset: Int
  public var column: Int
  public var message: String
  /// The file as the compiler named it, when not in a snippet.
  public var file: String?

  /// The message as an author writes it in a `compile-fail` output block.
  public var expectationLine: String { "\(severity.rawValue): \(message)" }
}

/// The standard output of one snippet.
public struct SnippetOutput: Hashable, Sendable, Codable {
  public var snippet: Int
  public var text: String
  /// Bytes beyond the cap that were dropped.
  public var droppedBytes: Int
  /// The diagrams the snippet published, in order. Not part of the checked
  /// output: the site animates them and `workbook play` plays them.
  public var diagrams: [DiagramRecord] = []

  public init(snippet: Int, text: String, droppedBytes: Int, diagrams: [DiagramRecord] = []) {
    self.snippet = snippet
    self.text = text
    self.droppedBytes = droppedBytes
    self.diagrams = diagrams
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    snippet = try c.decode(Int.self, forKey: .snippet)
    text = try c.decode(String.self, forKey: .text)
    droppedBytes = try c.decode(Int.self, forKey: .droppedBytes)
    diagrams = try c.decodeIfPresent([DiagramRecord].self, forKey: .diagrams) ?? []
  }
}

/// A runtime trap or fatal signal.
public struct Crash: Hashable, Sendable, Codable {
  /// The message, e.g. "Fatal error: Unexpectedly found nil while
  /// unwrapping an Optional value".
  public var message: String
  /// Where the runtime says it happened, when that is in a snippet.
  public var snippet: Int?
  public var lineOffset: Int?
  /// Where the runtime says it happened, when that is elsewhere
  /// (e.g. `TransitionEngine/UIView.swift:120`).
  public var externalLocation: String?
}

/// The result of compiling and maybe running one program.
public struct ProgramRun: Hashable, Sendable, Codable {
  public var diagnostics: [Diagnostic] = []
  /// Whether it compiled and linked.
  public var compiled = false
  /// Whether it was run.
  public var ran = false
  public var outputs: [SnippetOutput] = []
  public var termination: Termination? = nil
  /// The last snippet that started (the one running at a trap or timeout).
  public var lastStartedSnippet: Int? = nil
  public var crash: Crash? = nil
  /// The end of standard error (for crashes and non-zero exits).
  public var stderrTail: String = ""
  /// Link errors and other messages that are not diagnostics.
  public var otherErrors: String = ""
  /// Markers that named no snippet or came out of order, diagram data over
  /// its cap.
  public var channelProblems: [ChannelProblem] = []

  /// The output of a snippet ("" if it printed nothing).
  public func output(of snippet: Int) -> SnippetOutput? {
    outputs.first { $0.snippet == snippet }
  }

  /// Whether the run is a deterministic function of the sources (a timeout
  /// or an interrupt is not, and is never cached).
  public var isCacheable: Bool {
    termination != .timedOut && termination != .interrupted
  }

  /// Whether it compiled, ran and exited with status 0.
  public var succeeded: Bool { compiled && (termination == .exited(0) || !ran) }
}

/// The result of type-checking one `compile-fail` snippet.
public struct CompileFailRun: Hashable, Sendable, Codable {
  public var snippet: Int
  public var diagnostics: [Diagnostic]
  public var compiled: Bool
}

/// A standalone program's result (an exercise's starter or solution).
public struct StandaloneRun: Hashable, Sendable, Codable {
  public var snippet: Int
  public var run: ProgramRun
}

/// Everything verify learns by compiling and running one chapter; this is
/// what the result cache stores.
public struct ChapterRun: Hashable, Sendable, Codable {
  /// The chapter program (nil when the chapter has no `run` snippet).
  public var program: ProgramRun?
  /// The type check of the `no-run` snippets (nil when there is none).
  public var noRun: ProgramRun?
  public var compileFail: [CompileFailRun] = []
  public var standalone: [StandaloneRun] = []

  public var isCacheable: Bool {
    (program?.isCacheable ?? true) && standalone.allSatisfy { $0.run.isCacheable }
      && toolchainFailure == nil  // a broken compiler setup is not the chapter's result
  }
}
