// What compiling and running a program produced, in positions relative to
// each snippet's fence, so that a cached result stays right when prose
// above a snippet moves it.
import WorkbookModel
import WorkbookSupport

/// A compiler diagnostic.
package struct Diagnostic: Hashable, Sendable, Codable {
  package var severity: Finding.Severity
  /// The snippet it is in; nil when it is not in a snippet.
  package var snippet: Int?
  /// Lines after the snippet's opening fence (1 = first line of code); the
  /// file's own line when `snippet` is nil.
  package var lineOffset: Int
  package var column: Int
  package var message: String
  /// The file as the compiler named it, when not in a snippet.
  package var file: String?
  /// The compiler's notes on it ("chain the optional using '?'…"), in order.
  package var notes: [Note] = []
  /// The compiler's fix-it line under it, when it has one (see `Note.fixIt`).
  package var fixIt: String? = nil

  /// A compiler note that follows an error or warning, located as
  /// diagnostics are.
  package struct Note: Hashable, Sendable, Codable {
    package var snippet: Int?
    package var lineOffset: Int
    package var column: Int
    package var message: String
    package var file: String?
    /// The compiler's fix-it line: the text to insert (or to put in place
    /// of what the caret line marks with `~`) at its column of the source
    /// line, e.g. `          ?` under `print(card.alpha)`; aligned with
    /// the line as an excerpt shows it (an indented snippet's Markdown
    /// line). Nil when the note has none, or it only removes text.
    package var fixIt: String?
  }

  /// The message as an author writes it in a `compile-fail` output block.
  package var expectationLine: String { "\(severity.rawValue): \(message)" }
}

/// The standard output of one snippet.
package struct SnippetOutput: Hashable, Sendable, Codable {
  package var snippet: Int
  package var text: String
  /// Bytes beyond the cap that were dropped.
  package var droppedBytes: Int
  /// The diagrams the snippet published, in order. Not part of the checked
  /// output: the site animates them and `workbook play` plays them.
  package var diagrams: [DiagramRecord] = []

  package init(snippet: Int, text: String, droppedBytes: Int, diagrams: [DiagramRecord] = []) {
    self.snippet = snippet
    self.text = text
    self.droppedBytes = droppedBytes
    self.diagrams = diagrams
  }

  private enum CodingKeys: String, CodingKey {
    case snippet, text, droppedBytes, diagrams
  }

  /// Snippet outputs are encoded for the result cache only: each diagram's
  /// frames as JSON text, decoded when first read (`StoredFrames`).
  package init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    snippet = try c.decode(Int.self, forKey: .snippet)
    text = try c.decode(String.self, forKey: .text)
    droppedBytes = try c.decode(Int.self, forKey: .droppedBytes)
    diagrams = (try c.decodeIfPresent([CachedDiagram].self, forKey: .diagrams) ?? []).map(\.record)
  }

  package func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(snippet, forKey: .snippet)
    try c.encode(text, forKey: .text)
    try c.encode(droppedBytes, forKey: .droppedBytes)
    if !diagrams.isEmpty { try c.encode(diagrams.map(CachedDiagram.init), forKey: .diagrams) }
  }
}

/// A diagram record as the result cache keeps it: its frames as JSON text.
package struct CachedDiagram: Codable {
  package var v: Int
  package var kind: String
  package var text: String
  package var frames: String?
  package var line: Int?
  package var offset: Int?
  package var choices: [String]?

  package init(_ record: DiagramRecord) {
    v = record.version
    kind = record.kind.rawValue
    text = record.text
    frames = record.storedFrames.encoded.map { String(decoding: $0, as: UTF8.self) }
    line = record.line
    offset = record.offset
    choices = record.choices.isEmpty ? nil : record.choices
  }

  package var record: DiagramRecord {
    DiagramRecord(version: v, kind: DiagramRecord.Kind(rawValue: kind), text: text,
                  storedFrames: frames.map { StoredFrames(json: Array($0.utf8)) } ?? StoredFrames(nil), line: line,
                  offset: offset, choices: choices ?? [])
  }
}

/// A runtime trap or fatal signal.
package struct Crash: Hashable, Sendable, Codable {
  /// The message, e.g. "Fatal error: Unexpectedly found nil while
  /// unwrapping an Optional value".
  package var message: String
  /// Where it happened, when that is in a snippet: where the runtime says,
  /// else the innermost snippet frame of a traced run's backtrace
  /// (`TrapBacktrace`).
  package var snippet: Int?
  package var lineOffset: Int?
  /// When `snippet` is not the snippet that was running (a function an
  /// earlier snippet declared): the running snippet's line that led there,
  /// from the backtrace.
  package var callerLineOffset: Int? = nil
  /// The running snippet's lines the traced run's backtrace passes
  /// through, innermost first (empty when the run was not traced): a
  /// listing's `// Error` comment confirmed at run time is on one of them.
  package var runningLineOffsets: [Int] = []
  /// Where the runtime says it happened, when that is elsewhere
  /// (e.g. `TransitionEngine/UIView.swift:120`).
  package var externalLocation: String?
}

/// The result of compiling and maybe running one program.
package struct ProgramRun: Hashable, Sendable, Codable {
  package var diagnostics: [Diagnostic] = []
  /// Whether it compiled and linked.
  package var compiled = false
  /// Whether it was run.
  package var ran = false
  package var outputs: [SnippetOutput] = []
  package var termination: Termination? = nil
  /// The last snippet that started (the one running at a trap or timeout).
  package var lastStartedSnippet: Int? = nil
  package var crash: Crash? = nil
  /// The end of standard error (for crashes and non-zero exits).
  package var stderrTail: String = ""
  /// Link errors and other messages that are not diagnostics.
  package var otherErrors: String = ""
  /// Markers that named no snippet or came out of order, diagram data over
  /// its cap.
  package var channelProblems: [ChannelProblem] = []
  /// A chapter of listings' program that did not compile as written: the
  /// snippets set apart until the rest compiled (`ChapterRunner.isolate`);
  /// their errors are in `diagnostics`. Nil for every other program.
  package var isolation: Isolation? = nil
  /// A chapter of listings' runs that stopped in a snippet (a trap, or the
  /// timeout), one per snippet set apart for it (their
  /// `lastStartedSnippet`), in order; this run is the program without
  /// them. Empty for every other program.
  package var stoppedRuns: [ProgramRun] = []

  /// The output of a snippet ("" if it printed nothing).
  package func output(of snippet: Int) -> SnippetOutput? {
    outputs.first { $0.snippet == snippet }
  }

  /// Whether the run is a deterministic function of the sources (a timeout
  /// or an interrupt is not, and is never cached).
  package var isCacheable: Bool {
    termination != .timedOut && termination != .interrupted && stoppedRuns.allSatisfy(\.isCacheable)
  }

  /// Whether it ran and stopped before its end: it trapped, was killed by a
  /// signal, exited non-zero or ran past the timeout (not an interrupt).
  package var stopped: Bool {
    switch termination {
    case .signaled?, .timedOut?: return true
    case .exited(let status)?: return status != 0
    case .interrupted?, nil: return false
    }
  }

  /// Whether it compiled, ran and exited with status 0.
  package var succeeded: Bool { compiled && (termination == .exited(0) || !ran) }
}

/// The result of type-checking one `compile-fail` snippet.
package struct CompileFailRun: Hashable, Sendable, Codable {
  package var snippet: Int
  package var diagnostics: [Diagnostic]
  package var compiled: Bool
  /// The trap while the snippet ran, for a listing with `// Error`
  /// comments that compiled and was run (`ChapterRunner.run`); else nil.
  package var trap: Crash? = nil
}

/// A standalone program's result (an exercise's starter or solution).
package struct StandaloneRun: Hashable, Sendable, Codable {
  package var snippet: Int
  package var run: ProgramRun
}

/// Everything verify learns by compiling and running one chapter; this is
/// what the result cache stores.
package struct ChapterRun: Hashable, Sendable, Codable {
  /// The chapter program (nil when the chapter has no `run` snippet).
  package var program: ProgramRun?
  /// The type check of the `no-run` snippets (nil when there is none).
  package var noRun: ProgramRun?
  package var compileFail: [CompileFailRun] = []
  package var standalone: [StandaloneRun] = []

  package var isCacheable: Bool {
    (program?.isCacheable ?? true) && standalone.allSatisfy { $0.run.isCacheable }
      && toolchainFailure == nil  // a broken compiler setup is not the chapter's result
  }
}
