// Evaluator: compares what a chapter did (a ChapterRun) with what its
// Markdown says, and decides what `--record` would write.
import WorkbookMarkdown

/// A change `--record` makes to one snippet's output block.
struct OutputChange: Hashable, Sendable {
  public var snippet: Int
  /// The new content (lines ending in "\n"), or nil to remove the block.
  public var content: String?
}

struct Evaluation: Sendable {
  public var findings: [Finding]
  public var snippets: [SnippetReport]
  /// Changes `--record` makes; empty when the chapter must not be rewritten.
  public var changes: [OutputChange]
  /// Findings that `changes` fix (dropped when they are recorded).
  public var recordableFindings: Set<Int>
  /// Failed snippets whose every failure `changes` fixes: they pass once
  /// the changes are written.
  public var passOnceRecorded: Set<Int> = []
}

enum Evaluator {
  /// Evaluates a chapter without a run (bad input stops it before compiling).
  public static func evaluateProblems(_ chapter: Chapter) -> Evaluation {
    let snippets = chapter.snippets.map { snippet in
      SnippetReport(index: snippet.index, line: snippet.fenceLine, kind: snippet.kind.attribute,
                    hidden: snippet.isHidden, status: snippet.kind == .ignore ? .ignored : .notRun)
    }
    return Evaluation(findings: chapter.problems, snippets: snippets, changes: [], recordableFindings: [])
  }

  /// Compares `run` with the chapter's output blocks.
  public static func evaluate(_ chapter: Chapter, run: ChapterRun, outputCap: Int) -> Evaluation {
    var e = Context(chapter: chapter, outputCap: outputCap)
    if let program = run.program {
      e.evaluateProgram(program)
    }
    if let noRun = run.noRun {
      e.evaluateNoRun(noRun, chapterProgramFailed: run.program.map { !$0.compiled } ?? false)
    }
    for result in run.compileFail { e.evaluateCompileFail(result) }
    e.evaluateExercises(run.standalone)
    for snippet in chapter.snippets where snippet.kind == .ignore { e.status[snippet.index] = .ignored }
    var diagrams: [Int: [String]] = [:]
    for output in run.program?.outputs ?? [] { diagrams[output.snippet] = output.diagrams }
    for standalone in run.standalone {
      for output in standalone.run.outputs { diagrams[output.snippet, default: []] += output.diagrams }
    }
    let reports = chapter.snippets.map { snippet in
      SnippetReport(index: snippet.index, line: snippet.fenceLine, kind: snippet.kind.attribute,
                    hidden: snippet.isHidden, status: e.status[snippet.index] ?? .passed,
                    diagrams: diagrams[snippet.index] ?? [])
    }
    let changed = Set(e.changes.map(\.snippet))
    let fixable = Set(reports.filter { $0.status == .failed && changed.contains($0.index) }.map(\.index))
      .subtracting(e.failedForGood)
    return Evaluation(findings: e.findings, snippets: reports,
                      changes: e.recordable ? e.changes : [],
                      recordableFindings: e.recordable ? e.recordableFindings : [],
                      passOnceRecorded: e.recordable ? fixable : [])
  }

  private struct Context {
    let chapter: Chapter
    let outputCap: Int
    let lines: [Substring]
    var findings: [Finding] = []
    var status: [Int: SnippetStatus] = [:]
    var changes: [OutputChange] = []
    var recordableFindings: Set<Int> = []
    /// Snippets with a failure that recording does not fix.
    var failedForGood: Set<Int> = []
    /// False once the chapter does not compile, crashes or times out.
    var recordable = true

    init(chapter: Chapter, outputCap: Int) {
      self.chapter = chapter
      self.outputCap = outputCap
      self.lines = MarkdownLines.texts(chapter.bytes)
    }

    var file: String { chapter.displayPath }

    mutating func fail(_ snippet: Int, _ finding: Finding, recordable: Bool = false) {
      if recordable { recordableFindings.insert(findings.count) } else { failedForGood.insert(snippet) }
      findings.append(finding)
      status[snippet] = .failed
    }

    /// A code excerpt with a caret under the column.
    func excerpt(line: Int, column: Int) -> [String] {
      SourceExcerpt.lines(lines, line: line, column: column)
    }

    mutating func report(_ diagnostic: Diagnostic, as kind: FindingKind? = nil) {
      let severity: Severity = diagnostic.severity == .error ? .error : .warning
      let findingKind = kind ?? (diagnostic.severity == .error ? .compileError : .compileWarning)
      if let index = diagnostic.snippet {
        let line = chapter.snippets[index].fenceLine + diagnostic.lineOffset
        let finding = Finding(severity, findingKind, file: file, line: line, column: diagnostic.column,
                              message: diagnostic.message, details: excerpt(line: line, column: diagnostic.column))
        if severity == .error { fail(index, finding) } else { findings.append(finding) }
      } else {
        findings.append(Finding(severity, findingKind, file: file, line: nil,
                                message: "\(diagnostic.message) (in \(diagnostic.file ?? "generated code"):\(diagnostic.lineOffset))"))
      }
    }

    // MARK: The chapter program

    mutating func evaluateProgram(_ program: ProgramRun) {
      let snippets = chapter.snippets.filter { $0.kind.isInChapterProgram }
      for diagnostic in program.diagnostics { report(diagnostic) }
      guard program.compiled else {
        recordable = false
        if !program.otherErrors.isEmpty || !program.diagnostics.contains(where: { $0.severity == .error }) {
          findings.append(Finding(.error, .compileError, file: file, line: nil,
                                  message: "Chapter program does not build",
                                  details: tail(program.otherErrors)))
        }
        for snippet in snippets where status[snippet.index] == nil { status[snippet.index] = .notRun }
        return
      }
      guard program.ran else { return }
      reportChannelProblems(program)
      // The snippet that was running when the program stopped abnormally.
      var stopped: Int? = nil
      switch program.termination {
      case .timedOut?:
        recordable = false
        stopped = program.lastStartedSnippet
        let line = stopped.map { chapter.snippets[$0].firstCodeLine }
        let finding = Finding(.error, .timeout, file: file, line: line,
                              message: "Chapter ran past the timeout and was killed" + (stopped == nil ? " before its first snippet" : " while running this snippet"),
                              details: ["Raise the limit with --timeout SECONDS if the work is legitimate"])
        if let stopped { fail(stopped, finding) } else { findings.append(finding) }
      case .exited(let code)? where code != 0:
        fallthrough
      case .signaled?:
        recordable = false
        stopped = program.lastStartedSnippet
        reportCrash(program, stopped: stopped)
      default:
        break
      }
      var reachedStop = false
      for snippet in snippets {
        if reachedStop {
          if snippet.kind == .run { status[snippet.index] = .notRun }
          continue
        }
        if snippet.index == stopped {
          reachedStop = true
          // Output before the trap is still checked, and not recorded.
        }
        guard snippet.kind == .run else { continue }
        if snippet.index == stopped { continue }
        checkOutput(snippet, actual: program.output(of: snippet.index))
      }
    }

    /// The `no-run` type check: only what is in `no-run` snippets is
    /// reported (the chapter program reports the rest).
    mutating func evaluateNoRun(_ check: ProgramRun, chapterProgramFailed: Bool) {
      let noRun = Set(chapter.snippets.filter { $0.kind == .noRun }.map(\.index))
      let mine = check.diagnostics.filter { $0.snippet.map(noRun.contains) == true }
      for diagnostic in mine { report(diagnostic) }
      if !check.compiled && !chapterProgramFailed && !mine.contains(where: { $0.severity == .error }) {
        recordable = false
        findings.append(Finding(.error, .compileError, file: file, line: nil,
                                message: "The no-run snippets do not type-check",
                                details: tail(check.otherErrors.isEmpty
                                  ? check.diagnostics.map { "\($0.file ?? ""):\($0.lineOffset): \($0.message)" }.joined(separator: "\n")
                                  : check.otherErrors)))
      }
      if !check.compiled { recordable = false }
      for index in noRun where status[index] == nil && !check.compiled {
        status[index] = .failed
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
        if let snippet { fail(snippet.index, finding) } else { findings.append(finding) }
      }
    }

    mutating func reportCrash(_ program: ProgramRun, stopped: Int?) {
      guard let crash = program.crash else { return }
      var message = crash.message
      var line = stopped.map { chapter.snippets[$0].firstCodeLine }
      var column: Int? = nil
      var details: [String] = []
      if let index = crash.snippet, let offset = crash.lineOffset {
        let crashLine = chapter.snippets[index].fenceLine + offset
        if index == stopped || stopped == nil {
          line = crashLine
        } else {
          message += " (at \(file):\(crashLine))"
        }
        details += excerpt(line: crashLine, column: 0)
        column = nil
      } else if let external = crash.externalLocation {
        message += " (at \(external))"
      }
      if stopped == nil { message += " before the first snippet started" }
      let stderrLines = program.stderrTail.split(separator: "\n").prefix(8).map { "stderr: \($0)" }
      details += stderrLines
      let finding = Finding(.error, .crash, file: file, line: line, column: column, message: message, details: details)
      if let stopped { fail(stopped, finding) } else { findings.append(finding) }
    }

    mutating func checkOutput(_ snippet: Snippet, actual captured: SnippetOutput?) {
      let actual = captured?.text ?? ""
      if let captured, captured.droppedBytes > 0 {
        recordable = false
        fail(snippet.index, Finding(
          .error, .outputCut, file: file, line: snippet.fenceLine,
          message: "Snippet printed \(captured.text.utf8.count + captured.droppedBytes) bytes; its output was cut after \(outputCap) bytes"))
        return
      }
      compare(snippet, actual: actual)
    }

    /// Compares a snippet's output with its output block.
    mutating func compare(_ snippet: Snippet, actual: String, missingMessage: String? = nil) {
      let normalized = actual.isEmpty || actual.hasSuffix("\n") ? actual : actual + "\n"
      switch (snippet.output, normalized.isEmpty) {
      case (nil, true):
        break
      case (nil, false):
        let preview = LineDiff.splitLines(normalized).prefix(10).map { "| \($0)" }
        fail(snippet.index, Finding(
          .error, .missingOutput, file: file, line: snippet.fenceLine,
          message: missingMessage ?? "Snippet prints but has no output block; record it with 'workbook verify --record'",
          details: preview), recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: normalized))
      case (let block?, true):
        fail(snippet.index, Finding(
          .error, .unexpectedOutputBlock, file: file, line: block.fenceLine,
          message: "Output block's snippet prints nothing; remove the block or record with 'workbook verify --record'"),
          recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: nil))
      case (let block?, false):
        guard block.content != normalized else { return }
        let diff = LineDiff.unified(
          old: block.content, new: normalized,
          oldLabel: "expected (\(file):\(block.fenceLine))", newLabel: "actual")
        fail(snippet.index, Finding(
          .error, .outputMismatch, file: file, line: block.fenceLine,
          message: "Output does not match the output block",
          details: diff.isEmpty ? ["(they differ only in line endings or a final newline)"] : diff),
          recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: normalized))
      }
    }

    // MARK: compile-fail

    mutating func evaluateCompileFail(_ result: CompileFailRun) {
      let snippet = chapter.snippets[result.snippet]
      if result.compiled {
        fail(snippet.index, Finding(
          .error, .compileFailMismatch, file: file, line: snippet.fenceLine,
          message: "Snippet marked 'compile-fail' compiles; fix it or drop the attribute"))
        return
      }
      let mine = result.diagnostics.filter { $0.snippet == snippet.index && $0.severity == .error }
      if mine.isEmpty {
        let elsewhere = result.diagnostics.first { $0.severity == .error }
        fail(snippet.index, Finding(
          .error, .compileFailMismatch, file: file, line: snippet.fenceLine,
          message: "Snippet marked 'compile-fail' fails only because of errors outside it"
            + (elsewhere.map { ": \($0.message)" } ?? "")))
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
        fail(snippet.index, Finding(
          .error, .compileFailMismatch, file: file, line: block.fenceLine,
          message: "Compiler errors do not match the output block", details: details),
          recordable: true)
        changes.append(OutputChange(snippet: snippet.index, content: actual))
      }
    }

    // MARK: Exercises

    mutating func evaluateExercises(_ runs: [StandaloneRun]) {
      var solutionOutputs: [String: String] = [:]
      var starters: [(Snippet, String)] = []
      for standalone in runs {
        let snippet = chapter.snippets[standalone.snippet]
        let run = standalone.run
        reportChannelProblems(run)
        let before = findings.count
        for diagnostic in run.diagnostics { report(diagnostic) }
        guard run.compiled else {
          if findings.count == before {
            fail(snippet.index, Finding(.error, .compileError, file: file, line: snippet.fenceLine,
                                        message: "Exercise program does not build", details: tail(run.otherErrors)))
          }
          status[snippet.index] = .failed
          failedForGood.insert(snippet.index)
          continue
        }
        if run.termination == .timedOut {
          fail(snippet.index, Finding(.error, .timeout, file: file, line: snippet.firstCodeLine,
                                      message: "Exercise program ran past the timeout and was killed"))
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
            fail(snippet.index, Finding(
              .error, .exercise, file: file, line: snippet.fenceLine,
              message: "Exercise '\(id)' starter cannot show its symptom: \(reason); make it trap with a fixed message"))
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
          fail(starter.index, Finding(
            .error, .exercise, file: file, line: starter.fenceLine,
            message: "Exercise '\(id)' starter already prints the solution's output; leave the learner something to do"))
        }
      }
    }

    func tail(_ text: String) -> [String] {
      text.split(separator: "\n").suffix(20).map(String.init)
    }
  }
}

extension Substring {
  func trimmingCharacters() -> String {
    var s = self
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
