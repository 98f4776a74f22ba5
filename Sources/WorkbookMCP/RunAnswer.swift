// RunAnswer and RecordAnswer: a FileRun as run_swift's and
// record_transition's structured content. Its warnings are split as the
// harness words them: the flicker check's findings start with "flicker: "
// (Stage+Flicker.swift, and RecordingDriver's), the notes on APIs the
// engine does not model with "TransitionEngine does not model"
// (`PublishedDiagram.notModelled`); the rest is what UIKit would have logged.
import WorkbookCore
import WorkbookModel

/// run_swift's structured content.
struct RunAnswer: Encodable {
  /// finished, does-not-compile, crashed, timed-out, interrupted or exited.
  var outcome: String
  /// The status it exited with, for `exited`.
  var exitStatus: Int32?
  /// What the program printed (published diagrams taken out).
  var output: String
  /// The films, frames, timelines and traces it published, with their frame data.
  var diagrams: [DiagramRecord]
  /// What UIKit would have logged (a transition that never completes, …).
  var warnings: [String]
  /// The flicker check's findings (without the "flicker: " prefix).
  var flicker: [String]
  /// APIs the code used whose effect the engine does not model: the output
  /// shows the engine there, not a device.
  var notModelled: [String]
  /// Compiler errors and warnings at their files and lines.
  var diagnostics: [FileRun.Message]
  /// Compiler or linker output that is not about a line.
  var otherErrors: String
  /// The trap, at its place in the files when it is in one.
  var crash: FileRun.Message?
  var seconds: Double

  static let flickerPrefix = "flicker: "
  static let notModelledPrefix = "TransitionEngine does not model "

  init(_ run: FileRun) {
    switch run.outcome {
    case .finished: outcome = "finished"
    case .doesNotCompile: outcome = "does-not-compile"
    case .crashed: outcome = "crashed"
    case .timedOut: outcome = "timed-out"
    case .interrupted: outcome = "interrupted"
    case .exited(let status): (outcome, exitStatus) = ("exited", status)
    }
    output = run.output
    diagrams = run.diagrams
    warnings = run.warnings.filter { !$0.hasPrefix(Self.flickerPrefix) && !$0.hasPrefix(Self.notModelledPrefix) }
    flicker = run.warnings.filter { $0.hasPrefix(Self.flickerPrefix) }.map { String($0.dropFirst(Self.flickerPrefix.count)) }
    notModelled = run.warnings.filter { $0.hasPrefix(Self.notModelledPrefix) }
    diagnostics = run.messages
    otherErrors = run.otherErrors
    crash = run.crash
    seconds = run.duration
  }
}

/// record_transition's structured content: the run, its film and trace
/// picked out, and whether it is clean.
struct RecordAnswer: Encodable {
  /// The program ran, UIKit logged nothing and the flicker check found
  /// nothing (notes on APIs the engine does not model do not count).
  var clean: Bool
  /// The film at the chosen moments: its text and frame data.
  var film: DiagramRecord?
  /// The call trace, as text.
  var trace: String?
  var run: RunAnswer
  /// The driver the tool wrote after the app's files (RecordTransition.swift):
  /// the lines its diagnostics name.
  var driver: String

  init(_ fileRun: FileRun, driver: String) {
    run = RunAnswer(fileRun)
    film = fileRun.diagrams.last { $0.kind == .filmstrip }
    trace = fileRun.diagrams.last { $0.kind == .trace }?.text
    clean =
      run.outcome == "finished" && run.warnings.isEmpty && run.flicker.isEmpty
      && !run.diagnostics.contains { $0.severity == .error }
    self.driver = driver
  }

  /// The line that ends the text: clean, or what to read.
  var verdict: String {
    if clean { return "Clean: the transition ran to its end, nothing was logged and the flicker check found nothing." }
    guard run.outcome == "finished" else {
      return "Not recorded: the program \(run.outcome.replacingOccurrences(of: "-", with: " "))."
    }
    let count = run.warnings.count + run.flicker.count
    return "Not clean: \(count) finding\(count == 1 ? "" : "s") (the warnings above)."
  }
}
