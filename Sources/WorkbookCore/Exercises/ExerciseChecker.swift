// ExerciseChecker: compiles and runs a learner's file for an exercise, the
// way verify runs a starter or solution, with the file's own path in
// `#sourceLocation` so that errors and traps point at its lines.
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// The result of checking a learner's file.
public struct ExerciseCheck: Hashable, Sendable {
  public enum Outcome: String, Hashable, Sendable, Codable {
    /// It compiled, ran and printed exactly the expected output.
    case passed
    /// It ran but printed something else.
    case wrongOutput = "wrong-output"
    /// It does not compile (or link).
    case compileError = "compile-error"
    /// It trapped, was killed by a signal or exited non-zero.
    case crashed
    /// It ran past the timeout and was killed.
    case timedOut = "timed-out"
  }

  /// The verdict, decided by the Evaluator as for a snippet of the book
  /// (lines are the learner's file's).
  public var verdict: SnippetReport.Verdict
  /// The verdict in the learner's words.
  public var outcome: Outcome {
    switch verdict.status {
    case .passed, .ignored, .notRunnable: return .passed
    case .mismatch: return .wrongOutput
    case .compileError, .notRun: return .compileError
    case .trap: return .crashed
    case .timeout: return .timedOut
    }
  }
  /// The file as shown to the learner.
  public var file: String
  public var diagnostics: [ExerciseCheck.FileDiagnostic]
  /// Link errors and other compiler output that is not a diagnostic.
  public var otherErrors: String
  /// What the program printed.
  public var output: String
  /// What it should print.
  public var expected: String
  /// The starter's recorded symptom (see `Exercise.starterOutput`), nil
  /// when the book records none.
  public var starterOutput: String? = nil
  /// The trap's message, with where it happened when that is elsewhere.
  public var crashMessage: String? {
    if case .trap(let trap) = verdict { return trap.message }
    return nil
  }
  /// The line of the file where it trapped, when that is known.
  public var crashLine: Int? {
    if case .trap(let trap) = verdict { return trap.line }
    return nil
  }
  /// The end of the program's standard error.
  public var stderr: String
  /// Seconds spent compiling and running.
  public var duration: Double

  public var passed: Bool { verdict == .passed }

  public init(verdict: SnippetReport.Verdict, file: String, diagnostics: [ExerciseCheck.FileDiagnostic], otherErrors: String,
              output: String, expected: String, starterOutput: String? = nil, stderr: String, duration: Double) {
    self.verdict = verdict
    self.file = file
    self.diagnostics = diagnostics
    self.otherErrors = otherErrors
    self.output = output
    self.expected = expected
    self.starterOutput = starterOutput
    self.stderr = stderr
    self.duration = duration
  }
  /// What the learner's run shows, as a starter's symptom is recorded: the
  /// output, then the trap's message when it trapped.
  public var symptom: String {
    output + (outcome == .crashed ? (crashSymptom ?? "") : "")
  }
  /// The trap's message as a symptom records it (without the location).
  public var crashSymptomLine: String? { crashSymptom.map { String($0.dropLast()) } }
  /// The trap's message without where it happened, ending in "\n".
  public var crashSymptom: String? = nil
  /// Whether the learner's file still does exactly what the starter did
  /// (nothing fixed yet).
  public var showsStarterSymptom: Bool {
    guard !passed, let starterOutput, outcome == .wrongOutput || outcome == .crashed else { return false }
    return symptom == starterOutput
  }
  public var errors: [ExerciseCheck.FileDiagnostic] { diagnostics.filter { $0.severity == .error } }
  public var warnings: [ExerciseCheck.FileDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Checks learners' files against exercises.
public struct ExerciseChecker: Sendable {
  var runner: ChapterRunner

  init(settings: RunSettings) {
    self.runner = ChapterRunner(settings: settings)
  }

  /// Compiles and runs `code` (the content of `file`) and compares what it
  /// prints with the exercise's expected output.
  ///
  /// - Parameters:
  ///   - exercise: The exercise.
  ///   - code: The learner's code.
  ///   - file: The file's absolute path (used in `#sourceLocation`).
  ///   - displayPath: The path shown in messages.
  /// - Throws: `VerifyError.interrupted` on Ctrl-C,
  ///   `.temporaryFolderUnwritable` when no temporary folder can be made.
  public func check(_ exercise: Exercise, code: String, file: String, displayPath: String) throws(VerifyError) -> ExerciseCheck {
    let start = monotonicSeconds()
    let program = runner.builder.learnerProgram(code: code, file: file)
    let lineCount = code.split(separator: "\n", omittingEmptySubsequences: false).count
    let map = SourceMap(learnerFile: (file as NSString).lastPathComponent, lineCount: lineCount)
    let work: String
    do {
      work = try Files.makeTemporaryDirectory(prefix: "workbook-check")
    } catch {
      throw .temporaryFolderUnwritable(path: Files.temporaryBase, reason: Files.reason(error))
    }
    defer { Files.removeTemporaryDirectory(work) }
    let run = try runner.compileAndRunTabled(program, place: file, in: work + "/program", map: map, defaultSnippet: 0)
    return Self.evaluate(run, exercise: exercise, code: code, displayPath: displayPath,
                         duration: monotonicSeconds() - start, engine: runner.settings.engineSources)
  }

  /// `engine`: the engine's source folder the file was compiled against
  /// (for "did you mean"; nil: none).
  static func evaluate(_ run: ProgramRun, exercise: Exercise, code: String, displayPath: String,
                       duration: Double, engine: String? = nil) -> ExerciseCheck {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    let diagnostics = CompilerNotes.shown(run.diagnostics).map { d, followers -> ExerciseCheck.FileDiagnostic in
      let line = d.snippet == 0 ? d.lineOffset : nil
      let notes = d.notes.map { note -> ExerciseCheck.FileDiagnostic.Note in
        let noteLine = note.snippet == 0 ? note.lineOffset : nil
        return ExerciseCheck.FileDiagnostic.Note(
          line: noteLine, column: note.column,
          message: noteLine == nil ? note.message + (note.elsewhere.map { " (in \($0))" } ?? "") : note.message,
          fixIt: noteLine == nil ? nil : note.fixIt,
          excerpt: noteLine.map { SourceExcerpt.noteLines(lines, line: $0, column: note.column, fixIt: note.fixIt) } ?? [])
      }
      return ExerciseCheck.FileDiagnostic(severity: d.severity, line: line, column: d.column,
                            message: (d.snippet == 0 ? d.message : "\(d.message) (in \(d.file ?? "generated code"):\(d.lineOffset))")
                              + CompilerNotes.added(to: d, followers: followers, engine: engine).map { "; " + $0 }.joined(),
                            excerpt: line.map { SourceExcerpt.lines(lines, line: $0, column: d.column, fixIt: d.fixIt) } ?? [],
                            notes: notes)
    }
    let output = Evaluator.normalizedOutput(run.output(of: 0)?.text ?? "")
    var check = ExerciseCheck(
      verdict: Evaluator.learnerVerdict(run, output: output, expected: exercise.expectedOutput, file: displayPath),
      file: displayPath, diagnostics: diagnostics, otherErrors: run.otherErrors,
      output: output, expected: exercise.expectedOutput, starterOutput: exercise.starterOutput,
      stderr: run.stderrTail, duration: duration)
    if case .trap = check.verdict, let crash = run.crash { check.crashSymptom = crash.message + "\n" }
    return check
  }
}

extension ExerciseCheck {
  /// A compiler message at a line of the learner's file.
  public struct FileDiagnostic: Hashable, Sendable, Codable {
    public var severity: Finding.Severity
    /// The line in the file (nil: not in the file).
    public var line: Int?
    public var column: Int
    public var message: String
    /// The offending line with a caret under the column (and the
    /// compiler's fix-it line under that, when it has one).
    public var excerpt: [String]
    /// The compiler's notes on it, in order ("chain the optional using
    /// '?'…", "force-unwrap using '!'…").
    public var notes: [Note] = []

    /// A compiler note on an error or warning.
    public struct Note: Hashable, Sendable, Codable {
      /// The line in the file (nil: not in the file; the message says where).
      public var line: Int?
      public var column: Int
      public var message: String
      /// The compiler's fix-it line: the text it suggests, at its column
      /// of the line (the last line of `excerpt`).
      public var fixIt: String?
      /// The note's line, then its fix-it line or a caret under the column.
      public var excerpt: [String]
    }
  }
}
