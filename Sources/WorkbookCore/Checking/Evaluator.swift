// Evaluator: compares what a chapter did (a ChapterRun) with what its
// Markdown says, and decides what `--record` would write.
import WorkbookMarkdown
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// A change `--record` makes to one snippet's output block.
struct OutputChange: Hashable, Sendable {
  var snippet: Int
  /// The new content (lines ending in "\n"), or nil to remove the block.
  var content: String?
}

struct Evaluation: Sendable {
  var findings: [Finding]
  var snippets: [SnippetReport]
  /// Changes `--record` makes; empty when the chapter must not be rewritten.
  var changes: [OutputChange]
  /// The evaluation once `changes` are written into the chapter, as the
  /// Evaluator decides it: the findings they fix are gone, and the snippets
  /// whose mismatch is `isFixedByRecording` passed. Equal to `findings`
  /// and `snippets` when there is nothing to record.
  var afterRecording: (findings: [Finding], snippets: [SnippetReport])
}

enum Evaluator {
  /// Evaluates a chapter without a run (bad input stops it before compiling).
  static func evaluateProblems(_ chapter: Chapter) -> Evaluation {
    let reason = "the chapter has bad input" + (chapter.inputErrors.first.map { ": " + $0.message } ?? "")
    let snippets = chapter.snippets.map { snippet in
      SnippetReport(index: snippet.index, line: snippet.fenceLine, kind: snippet.kind.attribute,
                    hidden: snippet.isHidden,
                    verdict: snippet.kind == .ignore ? ignored(snippet) : .notRun(.init(reason: reason, stoppedBy: nil)))
    }
    // A problem inside a snippet (or its output block) is about that snippet.
    let findings = chapter.problems.map { problem in
      var problem = problem
      problem.snippet = problem.line.flatMap { line in
        chapter.snippets.first { line >= $0.fenceLine && line <= ($0.output?.endLine ?? $0.closingFenceLine) }?.index
      }
      return problem
    }
    return Evaluation(findings: findings, snippets: snippets, changes: [], afterRecording: (findings, snippets))
  }

  /// Compares `run` with the chapter's output blocks.
  ///
  /// `engine`: the engine's source folder the chapter was compiled against,
  /// whose public names a misspelt one is compared with (nil: none).
  static func evaluate(_ chapter: Chapter, run: ChapterRun, outputCap: Int, engine: String? = nil) -> Evaluation {
    var e = Context(chapter: chapter, outputCap: outputCap, engine: engine)
    if let program = run.program {
      e.evaluateProgram(program)
    }
    if let noRun = run.noRun {
      e.evaluateNoRun(noRun, chapterProgramFailed: run.program.map { !$0.compiled } ?? false)
    }
    for result in run.compileFail { e.evaluateCompileFail(result) }
    e.evaluateExercises(run.standalone)
    for snippet in chapter.snippets where snippet.kind == .ignore { e.verdicts[snippet.index] = ignored(snippet) }
    var diagrams: [Int: [DiagramRecord]] = [:]
    var outputs: [Int: String] = [:]
    // A snippet set apart for a trap or the timeout printed in its own run.
    let stopped = (run.program?.stoppedRuns ?? []).compactMap { stop in stop.lastStartedSnippet.flatMap(stop.output(of:)) }
    for output in (run.program?.outputs ?? []) + stopped + run.standalone.flatMap(\.run.outputs) {
      // A warning record (the flicker check on a film) is a finding, not a diagram.
      // An exercise's starter is broken on purpose: its warnings are not reported.
      let starter: Bool
      if case .exerciseStarter = chapter.snippets[output.snippet].kind { starter = true } else { starter = false }
      for record in output.diagrams where record.isFinding && !starter {
        e.warn(record, snippet: output.snippet)
      }
      diagrams[output.snippet, default: []] += output.diagrams.filter { !$0.isFinding }
      if !output.text.isEmpty { outputs[output.snippet, default: ""] += output.text }
    }
    // A mismatch is fixed by recording when the chapter may be recorded,
    // `--record` rewrites the snippet's block, and nothing else failed it.
    let changed = Set(e.changes.map(\.snippet))
    let reports = chapter.snippets.map { snippet in
      var verdict = e.verdicts[snippet.index] ?? .passed
      if case .mismatch(var mismatch) = verdict {
        mismatch.fixedByRecording = e.recordable && changed.contains(snippet.index)
          && !e.failedForGood.contains(snippet.index)
        verdict = .mismatch(mismatch)
      }
      var report = SnippetReport(index: snippet.index, line: snippet.fenceLine, kind: snippet.kind.attribute,
                                 hidden: snippet.isHidden, verdict: verdict, output: outputs[snippet.index],
                                 diagrams: diagrams[snippet.index] ?? [])
      report.runTimeError = e.runTimeErrors[snippet.index]
      return report
    }
    // Once recorded, the findings the changes fix are gone and the
    // snippets they fix pass.
    let fixed = e.recordable ? e.recordableFindings : []
    let recordedFindings = e.findings.enumerated().filter { !fixed.contains($0.offset) }.map(\.element)
    let recordedSnippets = reports.map { report in
      var report = report
      if report.verdict.isFixedByRecording { report.verdict = .passed }
      return report
    }
    return Evaluation(findings: e.findings, snippets: reports,
                      changes: e.recordable ? e.changes : [],
                      afterRecording: e.recordable ? (recordedFindings, recordedSnippets) : (e.findings, reports))
  }

  /// An `ignore` snippet's verdict: not runnable, with the reason, for a
  /// fragment (`Chapter.Snippet.notRunnableReason`); else ignored.
  static func ignored(_ snippet: Chapter.Snippet) -> SnippetReport.Verdict {
    snippet.notRunnableReason.map { .notRunnable(.init(reason: $0)) } ?? .ignored
  }

  private struct Context {
    let chapter: Chapter
    let outputCap: Int
    /// The engine's source folder (for "did you mean"); nil: none.
    let engine: String?
    let lines: [Substring]
    var findings: [Finding] = []
    /// The verdicts decided so far; a snippet without one passed.
    var verdicts: [Int: SnippetReport.Verdict] = [:]
    var changes: [OutputChange] = []
    var recordableFindings: Set<Int> = []
    /// Snippets with a failure that recording does not fix.
    var failedForGood: Set<Int> = []
    /// False once the chapter does not compile, crashes or times out.
    var recordable = true
    /// The listings whose `// Error` comment a trap confirmed, with the trap.
    var runTimeErrors: [Int: SnippetReport.Verdict.Trap] = [:]

    init(chapter: Chapter, outputCap: Int, engine: String?) {
      self.chapter = chapter
      self.outputCap = outputCap
      self.engine = engine
      // The parse's lines (a chapter that was not parsed has bad input
      // and is never evaluated against a run; split its bytes the same way).
      self.lines = chapter.document?.lines ?? MarkdownLines.texts(chapter.bytes)
    }

    var file: String { chapter.displayPath }

    /// Fails `snippet` with `verdict`, reported as `finding`. The first
    /// failure is the snippet's verdict (a later compile error joins the
    /// first's diagnostics); every failure is a finding.
    mutating func fail(_ snippet: Int, _ verdict: SnippetReport.Verdict, _ finding: Finding, recordable: Bool = false) {
      if recordable { recordableFindings.insert(findings.count) } else { failedForGood.insert(snippet) }
      var finding = finding
      finding.snippet = snippet
      findings.append(finding)
      switch (verdicts[snippet], verdict) {
      case (.compileError(var first)?, .compileError(let more)):
        first.diagnostics += more.diagnostics
        verdicts[snippet] = .compileError(first)
      case (let existing?, _) where existing.status.isFailure:
        break
      default:
        verdicts[snippet] = verdict
      }
    }

    /// Marks the snippets in `snippets` that have no verdict as not run.
    mutating func notRun(_ snippets: [Chapter.Snippet], reason: String, stoppedBy: Int?) {
      for snippet in snippets where verdicts[snippet.index] == nil {
        verdicts[snippet.index] = .notRun(.init(reason: reason, stoppedBy: stoppedBy))
      }
    }

    /// "snippet 3 (line 14)": how a not-run reason names a snippet.
    func name(_ index: Int) -> String {
      "snippet \(index + 1) (line \(chapter.snippets[index].fenceLine))"
    }

    /// A code excerpt with a caret under the column.
    func excerpt(line: Int, column: Int) -> [String] {
      SourceExcerpt.lines(lines, line: line, column: column)
    }

    /// Reports each of `diagnostics` as a finding, those that follow from
    /// a missing name counted under it (`CompilerNotes.shown`).
    mutating func report(_ diagnostics: [Diagnostic]) {
      for (diagnostic, followers) in CompilerNotes.shown(diagnostics) { report(diagnostic, followers: followers) }
    }

    mutating func report(_ diagnostic: Diagnostic, as kind: Finding.Kind? = nil, followers: Int = 0) {
      let severity: Finding.Severity = diagnostic.severity == .error ? .error : .warning
      let findingKind = kind ?? (diagnostic.severity == .error ? .compileError : .compileWarning)
      if let index = diagnostic.snippet {
        let line = chapter.snippets[index].fenceLine + diagnostic.lineOffset
        // The tool's notes (a UIKit name the engine does not model, a
        // "did you mean", the errors that follow) under the excerpt and the
        // compiler's notes: the message stays the compiler's.
        let added = CompilerNotes.added(to: diagnostic, followers: followers, engine: engine).map { "note: " + $0 }
        let details = SourceExcerpt.lines(lines, line: line, column: diagnostic.column, fixIt: diagnostic.fixIt)
          + notes(of: diagnostic) + added
        let finding = Finding(severity, findingKind, file: file, line: line, column: diagnostic.column,
                              message: diagnostic.message, details: details)
        if severity == .error {
          let error = SnippetReport.Verdict.Diagnostic(line: line, column: diagnostic.column, message: diagnostic.message)
          fail(index, .compileError(.init(message: diagnostic.message, line: line, diagnostics: [error])), finding)
        } else {
          findings.append(finding)
        }
      } else {
        findings.append(Finding(severity, findingKind, file: file, line: nil,
                                message: "\(diagnostic.message) (in \(diagnostic.file ?? "generated code"):\(diagnostic.lineOffset))",
                                details: notes(of: diagnostic)))
      }
    }

    /// A warning the harness published while `snippet` ran, at the line it
    /// names (else the snippet's first line of code), with an excerpt.
    mutating func warn(_ record: DiagramRecord, snippet: Int) {
      let line = record.line ?? chapter.snippets[snippet].firstCodeLine
      let lines = record.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let kind: Finding.Kind = record.kind == .notModelled ? .notModelled : .runtimeWarning
      findings.append(Finding(.warning, kind, file: file, line: line,
                              message: lines.first ?? "", details: Array(lines.dropFirst()), snippet: snippet))
    }

    /// The compiler's notes on `diagnostic` ("chain the optional using
    /// '?'…") as details, each at its Markdown line with its fix-it.
    func notes(of diagnostic: Diagnostic) -> [String] {
      diagnostic.notes.flatMap { note in
        SourceExcerpt.note(note.message, in: lines, line: note.snippet.map { chapter.snippets[$0].fenceLine + note.lineOffset },
                           column: note.column, fixIt: note.fixIt, elsewhere: note.elsewhere)
      }
    }

    // MARK: The chapter program

    mutating func evaluateProgram(_ program: ProgramRun) {
      let snippets = chapter.snippets.filter { $0.kind.isInChapterProgram }
      report(program.diagnostics)
      guard program.compiled else {
        recordable = false
        if !program.otherErrors.isEmpty || !program.diagnostics.contains(where: { $0.severity == .error }) {
          findings.append(Finding(.error, .compileError, file: file, line: nil,
                                  message: "Chapter program does not build",
                                  details: tail(program.otherErrors)))
        }
        let broken = snippets.first { verdicts[$0.index]?.status == .compileError }?.index
        notRun(snippets, reason: "the chapter program does not build"
               + (broken.map { ": " + name($0) + " has a compile error" } ?? ""), stoppedBy: broken)
        return
      }
      guard program.ran else { return }
      // A chapter of listings' snippets set apart for a trap or the
      // timeout, each stopped in a run of its own (`ChapterRunner.isolate`).
      for run in program.stoppedRuns { reportStop(run) }
      reportChannelProblems(program)
      // The snippet that was running when the program stopped abnormally.
      let (stopped, stopReason) = reportStop(program)
      var reachedStop = false
      for snippet in snippets {
        if reachedStop {
          if snippet.kind == .run { notRun([snippet], reason: stopReason, stoppedBy: stopped) }
          continue
        }
        if snippet.index == stopped {
          reachedStop = true
          // Output before the trap is still checked, and not recorded.
        }
        guard snippet.kind == .run else { continue }
        if snippet.index == stopped { continue }
        // Set apart from a chapter of listings' program: its errors (or
        // its trap) are its verdict; one that uses what a trapped snippet
        // declares did not run.
        if let stop = program.isolation?.needing[snippet.index] {
          let how = program.stoppedRuns.first { $0.lastStartedSnippet == stop }?.termination == .timedOut
            ? " ran past the timeout" : " trapped"
          notRun([snippet], reason: name(stop) + how + ", and this snippet uses what it declares", stoppedBy: stop)
        }
        if program.isolation?.excluded.contains(snippet.index) == true { continue }
        checkOutput(snippet, actual: program.output(of: snippet.index))
      }
    }

    /// Reports how `program` stopped before its end (the timeout, a trap,
    /// a non-zero exit), at the snippet that was running: that snippet,
    /// and why the snippets after it did not run. Nil and "" when it ended.
    @discardableResult
    mutating func reportStop(_ program: ProgramRun) -> (stopped: Int?, reason: String) {
      let stopped = program.lastStartedSnippet
      switch program.termination {
      case .timedOut?:
        recordable = false
        let line = stopped.map { chapter.snippets[$0].firstCodeLine }
        let finding = Finding(.error, .timeout, file: file, line: line,
                              message: "Chapter ran past the timeout and was killed" + (stopped == nil ? " before its first snippet" : " while running this snippet"),
                              details: ["Raise the limit with --timeout SECONDS if the work is legitimate"])
        guard let stopped else {
          findings.append(finding)
          return (nil, "")
        }
        fail(stopped, .timeout(.init(message: finding.message, line: line)), finding)
        return (stopped, name(stopped) + " ran past the timeout")
      case .exited(let code)? where code != 0:
        fallthrough
      case .signaled?:
        recordable = false
        reportCrash(program, stopped: stopped)
        return (stopped, stopped.map { name($0) + " trapped" } ?? "")
      default:
        return (nil, "")
      }
    }

    /// The `no-run` type check: only what is in `no-run` snippets is
    /// reported (the chapter program reports the rest).
    mutating func evaluateNoRun(_ check: ProgramRun, chapterProgramFailed: Bool) {
      let noRun = Set(chapter.snippets.filter { $0.kind == .noRun }.map(\.index))
      let mine = check.diagnostics.filter { $0.snippet.map(noRun.contains) == true }
      report(mine)
      if !check.compiled && !chapterProgramFailed && !mine.contains(where: { $0.severity == .error }) {
        recordable = false
        findings.append(Finding(.error, .compileError, file: file, line: nil,
                                message: "The no-run snippets do not type-check",
                                details: tail(check.otherErrors.isEmpty
                                  ? check.diagnostics.map { "\($0.file ?? ""):\($0.lineOffset): \($0.message)" }.joined(separator: "\n")
                                  : check.otherErrors)))
      }
      if !check.compiled { recordable = false }
      for index in noRun.sorted() where verdicts[index] == nil && !check.compiled {
        verdicts[index] = .compileError(.init(message: "The no-run snippets do not type-check", line: nil))
        failedForGood.insert(index)
      }
    }

    /// Markers that named no snippet or came out of order (a snippet
    /// called the tool's helpers), diagram data over its cap.
    mutating func reportChannelProblems(_ program: ProgramRun) {
      for problem in program.channelProblems {
        recordable = false
        let snippet = problem.snippet.map { chapter.snippets[$0] }
        let finding = Finding(.error, .outputChannel, file: file, line: snippet?.fenceLine, message: problem.message)
        if let snippet {
          fail(snippet.index, .mismatch(.init(message: problem.message, line: snippet.fenceLine,
                                              expected: snippet.output?.content, actual: nil)), finding)
        } else {
          findings.append(finding)
        }
      }
    }

    mutating func reportCrash(_ program: ProgramRun, stopped: Int?) {
      guard let crash = program.crash else { return }
      var message = crash.message
      var line = stopped.map { chapter.snippets[$0].firstCodeLine }
      var column: Int? = nil
      var details: [String] = []
      // Where the runtime says it trapped, when that is outside the book
      // (an engine precondition); the snippet line it came from, when known
      // (the runtime's location, or the backtrace's: `TrapBacktrace`).
      if let external = crash.externalLocation {
        message += " (at \(external))"
      }
      if let index = crash.snippet, let offset = crash.lineOffset {
        let crashLine = chapter.snippets[index].fenceLine + offset
        if index == stopped || stopped == nil {
          line = crashLine
        } else {
          message += " (at \(file):\(crashLine))"
          // The running snippet's line that called it, when the backtrace says.
          if let stopped, let caller = crash.callerLineOffset {
            line = chapter.snippets[stopped].fenceLine + caller
          }
        }
        details += excerpt(line: crashLine, column: 0)
        column = nil
      }
      if stopped == nil { message += " before the first snippet started" }
      let stderrLines = program.stderrTail.split(separator: "\n").prefix(8).map { "stderr: \($0)" }
      details += stderrLines
      let finding = Finding(.error, .crash, file: file, line: line, column: column, message: message, details: details)
      if let stopped { fail(stopped, .trap(.init(message: message, line: line)), finding) } else { findings.append(finding) }
    }

    mutating func checkOutput(_ snippet: Chapter.Snippet, actual captured: SnippetOutput?) {
      let actual = captured?.text ?? ""
      if let captured, captured.droppedBytes > 0 {
        recordable = false
        let message = "Snippet printed \(captured.text.utf8.count + captured.droppedBytes) bytes; its output was cut after \(outputCap) bytes"
        fail(snippet.index,
             .mismatch(.init(message: message, line: snippet.fenceLine, expected: snippet.output?.content,
                             actual: captured.text)),
             Finding(.error, .outputCut, file: file, line: snippet.fenceLine, message: message))
        return
      }
      compare(snippet, actual: actual)
    }

    /// Compares a snippet's output with its output block (or its
    /// `// Prints` comments).
    mutating func compare(_ snippet: Chapter.Snippet, actual: String, missingMessage: String? = nil) {
      let normalized = Evaluator.normalizedOutput(actual)
      if snippet.output == nil, !snippet.printsComments.isEmpty {
        comparePrints(snippet, actual: normalized)
        return
      }
      switch (snippet.output, normalized.isEmpty) {
      case (nil, true):
        break
      case (nil, false):
        // The Swift Programming Language's loops: the lines printed, as
        // bare comments under the print (trailing spaces aside: a comment
        // does not show them).
        if chapter.isListings, !snippet.outputComments.isEmpty {
          func trimmed<Line: StringProtocol>(_ lines: [Line]) -> [String] {
            lines.map { String($0.prefix($0.count - $0.reversed().prefix { $0 == " " || $0 == "\t" }.count)) }
          }
          if trimmed(snippet.outputComments.flatMap(\.lines)) == trimmed(LineDiff.splitLines(normalized)) { return }
        }
        let preview = LineDiff.splitLines(normalized).prefix(10).map { "| \($0)" }
        let message = missingMessage ?? "Snippet prints but has no output block; record it with 'workbook verify --record'"
        fail(snippet.index,
             .mismatch(.init(message: message, line: snippet.fenceLine, expected: nil, actual: normalized)),
             Finding(.error, .missingOutput, file: file, line: snippet.fenceLine, message: message, details: preview),
             recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: normalized))
      case (let block?, true):
        let message = "Output block's snippet prints nothing; remove the block or record with 'workbook verify --record'"
        fail(snippet.index,
             .mismatch(.init(message: message, line: block.fenceLine, expected: block.content, actual: "")),
             Finding(.error, .unexpectedOutputBlock, file: file, line: block.fenceLine, message: message),
             recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: nil))
      case (let block?, false):
        guard !Evaluator.outputMatches(expected: block.content, actual: normalized) else { return }
        let diff = LineDiff.unified(
          old: block.content, new: normalized,
          oldLabel: "expected (\(file):\(block.fenceLine))", newLabel: "actual")
        let message = "Output does not match the output block"
        // A film is shown frame by frame: only the frames that changed,
        // expected beside actual.
        let film = LineDiff.FilmDiff.lines(old: block.content, new: normalized,
                                  oldLabel: "expected (\(file):\(block.fenceLine))", newLabel: "actual")
        fail(snippet.index,
             .mismatch(.init(message: message, line: block.fenceLine, expected: block.content, actual: normalized,
                             diff: diff)),
             Finding(.error, .outputMismatch, file: file, line: block.fenceLine, message: message,
                     details: diff.isEmpty ? ["(they differ only in line endings or a final newline)"] : film ?? diff),
             recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: normalized))
      }
    }

    /// Compares a snippet's output with what its `// Prints` comments
    /// say, reported at the comment that says the first line that differs
    /// (the last comment, when the snippet prints more). `--record`
    /// rewrites the comments in place when the output has as many lines
    /// as they say; otherwise the chapter is not recorded.
    mutating func comparePrints(_ snippet: Chapter.Snippet, actual normalized: String) {
      guard let expected = snippet.expectedOutput, let last = snippet.printsComments.last,
        !Evaluator.outputMatches(expected: expected, actual: normalized)
      else { return }
      let said = snippet.printsComments.flatMap(\.lines)
      let printed = LineDiff.splitLines(normalized)
      let differing = zip(said, printed).prefix { $0 == $1 }.count
      var comment = last
      var through = 0
      for each in snippet.printsComments {
        through += each.lines.count
        if differing < through { comment = each; break }
      }
      let lineForLine = said.count == printed.count
      var message = "Output does not match the '// Prints' comments"
      if !lineForLine {
        message += ": the snippet prints \(lineCount(printed.count)), they say \(lineCount(said.count)); "
          + "'workbook verify --record' rewrites them only line for line and writes nothing in this chapter: "
          + "correct them by hand, or give the snippet an output block"
        recordable = false
      }
      let diff = LineDiff.unified(old: expected, new: normalized,
                                  oldLabel: "expected (// Prints, \(file):\(comment.line))", newLabel: "actual")
      fail(snippet.index,
           .mismatch(.init(message: message, line: comment.line, expected: expected, actual: normalized, diff: diff)),
           Finding(.error, .outputMismatch, file: file, line: comment.line, message: message,
                   details: diff.isEmpty ? ["(they differ only in line endings or a final newline)"] : diff),
           recordable: lineForLine)
      if lineForLine { changes.append(OutputChange(snippet: snippet.index, content: normalized)) }
    }

    /// "nothing", "1 line", "3 lines".
    func lineCount(_ count: Int) -> String { count == 0 ? "nothing" : count == 1 ? "1 line" : "\(count) lines" }

    // MARK: compile-fail

    mutating func evaluateCompileFail(_ result: CompileFailRun) {
      let snippet = chapter.snippets[result.snippet]
      if result.compiled, !snippet.errorLines.isEmpty {
        checkErrorComments(snippet, errors: [], trap: result.trap)
        return
      }
      if result.compiled {
        let message = "Snippet marked 'compile-fail' compiles; fix it or drop the attribute"
        fail(snippet.index,
             .mismatch(.init(message: message, line: snippet.fenceLine, expected: snippet.output?.content, actual: "")),
             Finding(.error, .compileFailMismatch, file: file, line: snippet.fenceLine, message: message))
        return
      }
      let mine = result.diagnostics.filter { $0.snippet == snippet.index && $0.severity == .error }
      if mine.isEmpty {
        let elsewhere = result.diagnostics.first { $0.severity == .error }
        let message = "Snippet marked 'compile-fail' fails only because of errors outside it"
          + (elsewhere.map { ": \($0.message)" } ?? "")
        fail(snippet.index,
             .mismatch(.init(message: message, line: snippet.fenceLine, expected: snippet.output?.content, actual: "")),
             Finding(.error, .compileFailMismatch, file: file, line: snippet.fenceLine, message: message))
        return
      }
      if !snippet.errorLines.isEmpty {
        checkErrorComments(snippet, errors: mine)
        return
      }
      var actualLines: [String] = []
      for diagnostic in mine where !actualLines.contains(diagnostic.expectationLine) {
        actualLines.append(diagnostic.expectationLine)
      }
      let actual = actualLines.map { $0 + "\n" }.joined()
      guard let block = snippet.output else {
        // Any error will do; `--record` writes the messages down.
        changes.append(OutputChange(snippet: snippet.index, content: actual))
        return
      }
      // "error: " is optional in the block (the format asks for the message).
      let expected = LineDiff.splitLines(block.content).map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        .map { $0.hasPrefix("error: ") ? $0 : "error: " + $0 }
      if expected != actualLines {
        let diff = LineDiff.unified(
          old: expected.map { $0 + "\n" }.joined(), new: actual,
          oldLabel: "expected errors (\(file):\(block.fenceLine))", newLabel: "actual errors")
        var details = diff
        for diagnostic in mine {
          details += excerpt(line: snippet.fenceLine + diagnostic.lineOffset, column: diagnostic.column)
        }
        let message = "Compiler errors do not match the output block"
        fail(snippet.index,
             .mismatch(.init(message: message, line: block.fenceLine, expected: block.content, actual: actual,
                             diff: diff)),
             Finding(.error, .compileFailMismatch, file: file, line: block.fenceLine, message: message,
                     details: details),
             recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: actual))
      }
    }

    /// A snippet with `// Error` comments: the expected error is confirmed
    /// when the compiler reports an error on each line they mark, or (a
    /// listing that compiles, and is run) when it traps at a line they
    /// mark: an error found at run time, kept in the report
    /// (`runTimeErrors`). A marked line without an error, or an error on a
    /// line none marks, fails it. Nothing to record: the comments are the
    /// author's.
    mutating func checkErrorComments(_ snippet: Chapter.Snippet, errors: [Diagnostic], trap: Crash? = nil) {
      var failing = Set(errors.map { snippet.fenceLine + $0.lineOffset })
      var runTime: SnippetReport.Verdict.Trap? = nil
      // A trap the runtime and the backtrace place nowhere (an exclusivity
      // conflict aborts before a backtrace can unwind) happened while this
      // listing ran: it confirms the listing's one marked line.
      let placed = trap.map { trapLines($0, in: snippet) } ?? []
      let located = placed.isEmpty && snippet.errorLines.count == 1 ? snippet.errorLines.first
        : placed.first(where: snippet.errorLines.contains)
      if let trap, let line = located {
        failing.insert(line)
        runTime = .init(message: trap.message + (placed.isEmpty ? " (the runtime gives no line)" : ""), line: line)
      }
      let compiled = snippet.errorLines.filter { !failing.contains($0) }
      let unexpected = errors.filter { !snippet.errorLines.contains(snippet.fenceLine + $0.lineOffset) }
      guard !compiled.isEmpty || !unexpected.isEmpty else {
        runTimeErrors[snippet.index] = runTime
        return
      }
      let message: String
      let line: Int
      if let first = compiled.first {
        line = first
        message = "The '// Error' comment expects an error on line \(first), and it compiles"
          + (compiled.count > 1 ? " (as do lines " + compiled.dropFirst().map(String.init).joined(separator: ", ") + ")" : "")
          + (trap.map { trap in
            "; it traps" + (trapLines(trap, in: snippet).first.map { " at line \($0)" } ?? "") + ": " + trap.message
          } ?? "")
      } else {
        line = snippet.fenceLine + unexpected[0].lineOffset
        message = "An error no '// Error' comment expects, on line \(line): \(unexpected[0].message)"
      }
      fail(snippet.index,
           .mismatch(.init(message: message, line: line, expected: nil, actual: nil)),
           Finding(.error, .compileFailMismatch, file: file, line: line, message: message,
                   details: excerpt(line: line, column: 1)))
    }

    /// The Markdown lines of `snippet` a trap while it ran came from:
    /// where the runtime or the backtrace places it, the line that called
    /// there, and every line of it the backtrace passes through.
    func trapLines(_ trap: Crash, in snippet: Chapter.Snippet) -> [Int] {
      let here = trap.snippet == snippet.index ? trap.lineOffset : nil
      return ([here, trap.callerLineOffset].compactMap { $0 } + trap.runningLineOffsets).map { snippet.fenceLine + $0 }
    }

    // MARK: Exercises

    mutating func evaluateExercises(_ runs: [StandaloneRun]) {
      var solutionOutputs: [String: String] = [:]
      var starters: [(Chapter.Snippet, String)] = []
      for standalone in runs {
        let snippet = chapter.snippets[standalone.snippet]
        let run = standalone.run
        reportChannelProblems(run)
        let before = findings.count
        report(run.diagnostics)
        guard run.compiled else {
          let message = "Exercise program does not build"
          let verdict = SnippetReport.Verdict.compileError(.init(message: message, line: snippet.fenceLine))
          if findings.count == before {
            fail(snippet.index, verdict, Finding(.error, .compileError, file: file, line: snippet.fenceLine,
                                                 message: message, details: tail(run.otherErrors)))
          }
          if verdicts[snippet.index]?.status.isFailure != true { verdicts[snippet.index] = verdict }
          failedForGood.insert(snippet.index)
          continue
        }
        if run.termination == .timedOut {
          let message = "Exercise program ran past the timeout and was killed"
          fail(snippet.index, .timeout(.init(message: message, line: snippet.firstCodeLine)),
               Finding(.error, .timeout, file: file, line: snippet.firstCodeLine, message: message))
          recordable = false
          continue
        }
        let output = run.output(of: snippet.index)?.text ?? ""
        switch snippet.kind {
        case .exerciseSolution(let id):
          if run.crash != nil {
            recordable = false
            reportCrash(run, stopped: snippet.index)
            continue
          }
          checkOutput(snippet, actual: run.output(of: snippet.index))
          solutionOutputs[id] = snippet.output?.content ?? StarterSymptom.text(output: output, crash: nil)
        case .exerciseStarter(let id):
          // A starter may trap (that is often the point); it must compile.
          // Its symptom (output, then the trap's message) is checked against
          // the output block after it, like any snippet's output.
          if let captured = run.output(of: snippet.index), captured.droppedBytes > 0 {
            checkOutput(snippet, actual: captured)
            continue
          }
          if let crash = run.crash, let reason = StarterSymptom.nondeterminism(in: crash) {
            let message = "Exercise '\(id)' starter cannot show its symptom: \(reason); make it trap with a fixed message"
            fail(snippet.index, .trap(.init(message: message, line: snippet.fenceLine)),
                 Finding(.error, .exercise, file: file, line: snippet.fenceLine, message: message))
            continue
          }
          let symptom = StarterSymptom.text(output: output, crash: run.crash)
          compare(snippet, actual: symptom,
                  missingMessage: "Exercise '\(id)' starter prints but has no output block for its symptom (what learners see before fixing it); record it with 'workbook verify --record'")
          starters.append((snippet, symptom))
        default:
          break
        }
      }
      for (starter, symptom) in starters {
        guard case .exerciseStarter(let id) = starter.kind, let expected = solutionOutputs[id] else { continue }
        if symptom == expected {
          let message = "Exercise '\(id)' starter already prints the solution's output; leave the learner something to do"
          fail(starter.index,
               .mismatch(.init(message: message, line: starter.fenceLine, expected: starter.output?.content,
                               actual: symptom)),
               Finding(.error, .exercise, file: file, line: starter.fenceLine, message: message))
        }
      }
    }

    func tail(_ text: String) -> [String] {
      text.split(separator: "\n").suffix(20).map(String.init)
    }
  }
}

extension Evaluator {
  /// What a program printed, as an output block holds it: a final newline
  /// is added when it lacks one ("" stays "").
  static func normalizedOutput(_ actual: String) -> String {
    actual.isEmpty || actual.hasSuffix("\n") ? actual : actual + "\n"
  }

  /// The one rule for "does the output match", for a snippet's output
  /// block and an exercise's expected output alike: `expected` equals what
  /// was printed, normalized (`normalizedOutput`).
  static func outputMatches(expected: String, actual: String) -> Bool {
    expected == normalizedOutput(actual)
  }

  /// The verdict on a learner's file checked against an exercise (`step`,
  /// `check`): the same verdicts as a snippet's, at the file's lines. A
  /// mismatch has no line: the output is compared as a whole, and the line
  /// that printed the first differing output line is not known (a `print`
  /// in a loop or a helper prints many lines), so it is the file's.
  static func learnerVerdict(_ run: ProgramRun, output: String, expected: String, file: String) -> SnippetReport.Verdict {
    if !run.compiled {
      let errors = run.diagnostics.filter { $0.severity == .error }.map { d in
        SnippetReport.Verdict.Diagnostic(line: d.snippet == 0 ? d.lineOffset : nil, column: d.column, message: d.message)
      }
      return .compileError(.init(message: errors.first?.message ?? "The program does not build",
                                 line: errors.first?.line, diagnostics: errors))
    }
    if run.termination == .timedOut {
      return .timeout(.init(message: "The program ran past the time limit and was stopped", line: nil))
    }
    if let crash = run.crash {
      var message = crash.message
      if let external = crash.externalLocation { message += " (at \(external))" }
      return .trap(.init(message: message, line: crash.snippet == 0 ? crash.lineOffset : nil))
    }
    if let problem = run.channelProblems.first {
      return .trap(.init(message: problem.message, line: nil))
    }
    guard outputMatches(expected: expected, actual: output) else {
      let diff = LineDiff.unified(old: expected, new: output, oldLabel: "expected", newLabel: file)
      return .mismatch(.init(message: "Output does not match the exercise's expected output", line: nil,
                             expected: expected, actual: output, diff: diff))
    }
    return .passed
  }
}
