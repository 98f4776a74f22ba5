// ChapterReport: the verdict on one chapter, and on each of its snippets.
//
// A snippet's verdict is decided once, by the Evaluator, and carries what
// explains it (the diff, the diagnostics, the trap, the failure that
// stopped it). `--record`, `VerifiedChapter.failures`, the site and serve
// read it; none of them matches findings to snippets by line again.
import WorkbookSupport

extension SnippetReport.Verdict {
  /// What a snippet printed (or, for `compile-fail`, the errors it gave)
  /// against what its output block says.
  public struct Mismatch: Hashable, Sendable, Codable {
    /// One line: what is wrong.
    public var message: String
    /// The Markdown line: the output block's fence, or the snippet's when
    /// it has none. Nil for a learner's file checked against an exercise
    /// (`workbook check`, `step`): what it printed is compared as a whole,
    /// and which of its lines printed the first differing line is not
    /// known, so the mismatch is the file's, at no line. A verified book's
    /// mismatch always has a line (the JSON report always carries it).
    public var line: Int?
    /// The output block's content; nil when the snippet has no block.
    public var expected: String?
    /// What the snippet printed; nil when the mismatch is not about text
    /// (a broken output channel).
    public var actual: String?
    /// A unified diff of expected and actual (empty when there is none to show).
    public var diff: [String]
    /// Whether `--record` fixes it: writing `actual` into the block makes the snippet pass.
    public var fixedByRecording: Bool

    public init(message: String, line: Int?, expected: String?, actual: String?, diff: [String] = [],
                fixedByRecording: Bool = false) {
      self.message = message
      self.line = line
      self.expected = expected
      self.actual = actual
      self.diff = diff
      self.fixedByRecording = fixedByRecording
    }
  }

  /// A compiler error, at its Markdown line.
  public struct Diagnostic: Hashable, Sendable, Codable {
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(line: Int?, column: Int?, message: String) {
      self.line = line
      self.column = column
      self.message = message
    }
  }

  /// Why a snippet does not compile: its errors, each at its Markdown line.
  public struct CompileFailure: Hashable, Sendable, Codable {
    /// One line: the first error, or what failed when no error is in the snippet.
    public var message: String
    public var line: Int?
    public var diagnostics: [Diagnostic]

    public init(message: String, line: Int?, diagnostics: [Diagnostic] = []) {
      self.message = message
      self.line = line
      self.diagnostics = diagnostics
    }
  }

  /// A trap, a fatal signal or a non-zero exit while the snippet ran.
  public struct Trap: Hashable, Sendable, Codable {
    public var message: String
    /// Where it happened, when that is known (else the snippet's first line).
    public var line: Int?

    public init(message: String, line: Int?) {
      self.message = message
      self.line = line
    }
  }

  /// The program ran past the timeout while the snippet ran and was killed.
  public struct Timeout: Hashable, Sendable, Codable {
    public var message: String
    public var line: Int?

    public init(message: String, line: Int?) {
      self.message = message
      self.line = line
    }
  }

  /// Why a snippet was not run.
  public struct NotRun: Hashable, Sendable, Codable {
    /// One line: what stopped it.
    public var reason: String
    /// The snippet whose failure stopped it (its index in the chapter), when
    /// one did (nil: bad input, or a failure outside every snippet).
    public var stoppedBy: Int?

    public init(reason: String, stoppedBy: Int?) {
      self.reason = reason
      self.stoppedBy = stoppedBy
    }
  }
}

extension SnippetReport.Verdict {
  /// Why a snippet is not runnable as written (a fragment: code left out, a
  /// placeholder, a bare signature); it is shown, never compiled, and is
  /// not a failure.
  public struct NotRunnable: Hashable, Sendable, Codable {
    /// One line: why.
    public var reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }
}

/// One snippet in a chapter's report.
public struct SnippetReport: Hashable, Sendable {
  public var index: Int
  /// The snippet's opening fence line.
  public var line: Int
  public var kind: String
  public var hidden: Bool
  /// The verdict, decided by the Evaluator.
  public var verdict: SnippetReport.Verdict
  /// What the snippet printed (nil when it did not run or printed nothing).
  public var output: String?
  /// The diagrams the snippet published, for the site's player and `workbook play`.
  public var diagrams: [DiagramRecord] = []
  /// A listing whose `// Error` comment marks an error found at run time
  /// (an exclusivity conflict, an index out of range: the compiler accepts
  /// them): the trap that confirmed it, at its line. Nil for every other
  /// snippet (the compiler's errors confirm the rest).
  public var runTimeError: SnippetReport.Verdict.Trap? = nil

  public init(index: Int, line: Int, kind: String, hidden: Bool, verdict: SnippetReport.Verdict,
              output: String? = nil, diagrams: [DiagramRecord] = []) {
    self.index = index
    self.line = line
    self.kind = kind
    self.hidden = hidden
    self.verdict = verdict
    self.output = output
    self.diagrams = diagrams
  }

  /// The verdict in one word.
  public var status: SnippetReport.Status { verdict.status }
}

extension SnippetReport: Codable {
  // JSON: `status` is the verdict's word; what explains it is under the key
  // of the same name (`mismatch`, `compileError`, `trap`, `timeout`, `notRun`,
  // `notRunnable`).
  private enum CodingKeys: String, CodingKey {
    case index, line, kind, hidden, status, output, diagrams, runTimeError
    case mismatch, compileError, trap, timeout, notRun, notRunnable
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    index = try c.decode(Int.self, forKey: .index)
    line = try c.decode(Int.self, forKey: .line)
    kind = try c.decode(String.self, forKey: .kind)
    hidden = try c.decode(Bool.self, forKey: .hidden)
    output = try c.decodeIfPresent(String.self, forKey: .output)
    diagrams = try c.decodeIfPresent([DiagramRecord].self, forKey: .diagrams) ?? []
    runTimeError = try c.decodeIfPresent(SnippetReport.Verdict.Trap.self, forKey: .runTimeError)
    switch try c.decode(SnippetReport.Status.self, forKey: .status) {
    case .passed: verdict = .passed
    case .ignored: verdict = .ignored
    case .mismatch: verdict = .mismatch(try c.decode(SnippetReport.Verdict.Mismatch.self, forKey: .mismatch))
    case .compileError: verdict = .compileError(try c.decode(SnippetReport.Verdict.CompileFailure.self, forKey: .compileError))
    case .trap: verdict = .trap(try c.decode(SnippetReport.Verdict.Trap.self, forKey: .trap))
    case .timeout: verdict = .timeout(try c.decode(SnippetReport.Verdict.Timeout.self, forKey: .timeout))
    case .notRun: verdict = .notRun(try c.decode(SnippetReport.Verdict.NotRun.self, forKey: .notRun))
    case .notRunnable:
      verdict = .notRunnable(try c.decode(SnippetReport.Verdict.NotRunnable.self, forKey: .notRunnable))
    }
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(index, forKey: .index)
    try c.encode(line, forKey: .line)
    try c.encode(kind, forKey: .kind)
    try c.encode(hidden, forKey: .hidden)
    try c.encode(status, forKey: .status)
    try c.encodeIfPresent(output, forKey: .output)
    try c.encode(diagrams, forKey: .diagrams)
    try c.encodeIfPresent(runTimeError, forKey: .runTimeError)
    switch verdict {
    case .passed, .ignored: break
    case .notRunnable(let n): try c.encode(n, forKey: .notRunnable)
    case .mismatch(let m): try c.encode(m, forKey: .mismatch)
    case .compileError(let e): try c.encode(e, forKey: .compileError)
    case .trap(let t): try c.encode(t, forKey: .trap)
    case .timeout(let t): try c.encode(t, forKey: .timeout)
    case .notRun(let n): try c.encode(n, forKey: .notRun)
    }
  }
}

/// The verdict on one chapter.
public struct ChapterReport: Hashable, Sendable, Codable {
  /// The chapter's path as shown to the user.
  public var path: String
  public var title: String?
  public var snippets: [SnippetReport]
  public var findings: [Finding]
  /// Whether the result came from the cache (no compiler was started).
  public var cached: Bool
  /// Output blocks written by `--record` (created, updated or removed).
  public var recordedBlocks: Int
  /// Seconds spent on the chapter.
  public var duration: Double
  /// Each knob of the chapter's passed snippets with its stops' outputs;
  /// nil when it has none (and in reports written before knobs).
  public var knobs: [KnobReport]?

  package init(path: String, title: String?, snippets: [SnippetReport], findings: [Finding], cached: Bool,
               recordedBlocks: Int, duration: Double, knobs: [KnobReport]? = nil) {
    self.knobs = knobs
    self.path = path
    self.title = title
    self.snippets = snippets
    self.findings = findings
    self.cached = cached
    self.recordedBlocks = recordedBlocks
    self.duration = duration
  }

  public var failed: Bool { findings.contains { $0.severity == .error } }
  /// Snippets checked: all but ignored and not-runnable ones.
  public var checkedSnippetCount: Int { snippets.filter { $0.status != .ignored && $0.status != .notRunnable }.count }
  public var passedSnippetCount: Int { snippets.filter { $0.status == .passed }.count }
  /// Snippets that failed or were not run.
  public var failedSnippetCount: Int { snippets.filter(\.status.countsAsFailed).count }

  /// The first snippet that failed or was not run, when the chapter has no
  /// error finding; else nil. Verify gives every such chapter an error
  /// finding (the chapter's verdict is its findings'), so a report that
  /// holds one contradicts itself.
  public var unexplainedSnippet: SnippetReport? {
    failed ? nil : snippets.first(where: \.status.countsAsFailed)
  }
}

extension SnippetReport {
  /// A snippet's verdict in one word: the JSON report's `status`.
  public enum Status: String, Sendable, Codable, CaseIterable {
    case passed
    /// Its output (or its compiler errors, for `compile-fail`) is not what
    /// the Markdown says.
    case mismatch
    /// It does not compile.
    case compileError = "compile-error"
    /// It trapped, was killed by a signal or exited non-zero.
    case trap
    /// It ran past the timeout and was killed.
    case timeout
    /// Not checked because something before it failed.
    case notRun = "not-run"
    /// `ignore`: never checked.
    case ignored
    /// Not runnable as written (a fragment), with the reason: never
    /// compiled, not a failure.
    case notRunnable = "not-runnable"

    /// Whether the snippet itself failed (not-run and ignored are not failures).
    public var isFailure: Bool {
      switch self {
      case .mismatch, .compileError, .trap, .timeout: return true
      case .passed, .notRun, .ignored, .notRunnable: return false
      }
    }

    /// Whether the snippet counts as failed (the summary's `failed`, a
    /// failure on the site): it failed, or was not run.
    public var countsAsFailed: Bool { isFailure || self == .notRun }
  }
}

extension SnippetReport {
  /// The verdict on one snippet, with what explains it.
  public enum Verdict: Hashable, Sendable {
    case passed
    case mismatch(Mismatch)
    case compileError(CompileFailure)
    case trap(Trap)
    case timeout(Timeout)
    case notRun(NotRun)
    case ignored
    case notRunnable(NotRunnable)

    public var status: SnippetReport.Status {
      switch self {
      case .passed: return .passed
      case .mismatch: return .mismatch
      case .compileError: return .compileError
      case .trap: return .trap
      case .timeout: return .timeout
      case .notRun: return .notRun
      case .ignored: return .ignored
      case .notRunnable: return .notRunnable
      }
    }

    /// What went wrong, in one line, and the Markdown line it is at; nil for
    /// passed, ignored and not-runnable snippets.
    public var explanation: (message: String, line: Int?)? {
      switch self {
      case .passed, .ignored, .notRunnable: return nil
      case .mismatch(let m): return (m.message, m.line)
      case .compileError(let c): return (c.message, c.line)
      case .trap(let t): return (t.message, t.line)
      case .timeout(let t): return (t.message, t.line)
      case .notRun(let n): return ("Not run: " + n.reason, nil)
      }
    }

    /// A mismatch that `--record` fixes (it writes the actual output down).
    public var isFixedByRecording: Bool {
      if case .mismatch(let m) = self { return m.fixedByRecording }
      return false
    }
  }
}
