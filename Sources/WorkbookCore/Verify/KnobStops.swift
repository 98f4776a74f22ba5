// KnobStops: a verified chapter's knobs run at their stops. Each stop is
// the knob's snippet run as `workbook serve` runs an edited snippet
// (`SnippetTrial`), with the knob's literal at the stop's value and every
// other literal as written: only the literal changes, so the chapter
// program verify just built runs with a new literal table (no compiler),
// and each stop's run is kept in the program cache like any program's.
// (The whole program runs: cutting it after the snippet, as serve's live
// slider does for speed, would cost a compile per knob snippet, and a
// fresh build pays more for compiles than for the later snippets' runs.)
import WorkbookModel
import WorkbookRunner

enum KnobStops {
  /// The knobs of the chapter's snippets that passed, each with its
  /// snippet's output at every stop, and a finding for each stop at which
  /// the snippet did not run cleanly (it trapped, timed out, or did not
  /// compile: the site would show a broken film). With `runningStops`
  /// false, the knobs without their stops (nothing runs).
  static func run(_ chapter: Chapter, verdicts: [SnippetReport], runner: ChapterRunner, runningStops: Bool = true)
    throws(VerifyError) -> (knobs: [KnobReport], findings: [Finding])
  {
    var knobs: [KnobReport] = []
    var findings: [Finding] = []
    for snippet in chapter.snippets where !snippet.knobs.isEmpty {
      // A snippet that failed shows its failure, not a slider.
      guard verdicts.first(where: { $0.index == snippet.index })?.status == .passed else { continue }
      for knob in snippet.knobs {
        var stops: [KnobReport.Stop] = []
        for value in runningStops ? knob.stops : [] {
          var edited = chapter
          edited.snippets[snippet.index].code = knob.code(snippet.code, with: value)
          guard let trial = try stopTrial(edited, snippet: snippet.index, runner: runner) else { continue }
          switch trial.report.verdict {
          case .passed, .mismatch:
            stops.append(KnobReport.Stop(value: value, output: trial.report.output ?? "", diagrams: trial.report.diagrams))
          case .compileError, .trap, .timeout, .notRun, .ignored, .notRunnable:
            let why = trial.report.verdict.explanation?.message ?? trial.report.status.rawValue
            // The report's closed list of kinds stays as it is (schema 1).
            let kind: Finding.Kind
            switch trial.report.verdict {
            case .compileError: kind = .compileError
            case .timeout: kind = .timeout
            default: kind = .crash
            }
            findings.append(Finding(
              .error, kind, file: chapter.displayPath, line: knob.line,
              message: "Knob '\(knob.name)' at \(value): the snippet does not run cleanly (\(why)); "
                + "narrow the knob's range to values the program handles", snippet: snippet.index))
          }
        }
        // A slider that moves nothing would look live on the page.
        let verified = verdicts.first(where: { $0.index == snippet.index })
        if stops.count > 1, let verified,
          stops.allSatisfy({ $0.output == (verified.output ?? "") && $0.diagrams == verified.diagrams })
        {
          findings.append(Finding(
            .warning, .badInput, file: chapter.displayPath, line: knob.line,
            message: "Knob '\(knob.name)' changes nothing its snippet shows: from \(knob.stops.first ?? "") to "
              + "\(knob.stops.last ?? "") it prints what \(knob.value) prints; put the knob on a value this "
              + "snippet's output or film depends on", snippet: snippet.index))
        }
        knobs.append(KnobReport(
          name: knob.name, snippet: snippet.index, line: knob.line, low: knob.low, high: knob.high, value: knob.value,
          wholeNumbers: knob.isWholeNumber, start: knob.utf16Range.lowerBound, length: knob.utf16Range.count,
          stops: stops))
      }
    }
    return (knobs, findings)
  }

  /// The snippet run with a stop's value. An edited copy of the chapter
  /// is translated for it: a program of its own, not a second analysis of
  /// the chapter (`ChapterAnalysisCounter` counts the chapter's).
  private static func stopTrial(_ edited: Chapter, snippet: Int, runner: ChapterRunner) throws(VerifyError) -> SnippetTrial? {
    let outcome = ChapterAnalysisCounter.$current.withValue(nil) {
      Result { () throws(VerifyError) in try SnippetTrial.run(edited, snippet: snippet, runner: runner) }
    }
    return try outcome.get()
  }
}
