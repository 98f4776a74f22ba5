// TerminalText: the one door for text from the book, the learner's program
// and the compiler into the stepper's and check's views. Every control
// character is shown escaped (`\e`, `\u{7}`: ReportRenderer.visible), so a
// title, a hint or an expected output cannot recolour, retitle or write the
// clipboard of the terminal that shows it (OSC 52, OSC 0); only the views'
// own styles (TerminalStyle) reach it as escape codes.
import WorkbookCore
import WorkbookModel

enum TerminalText {
  /// One line, every control character but the tab escaped.
  static func visible(_ text: String) -> String { ReportRenderer.visible(text) }

  /// Several lines, each escaped, the line breaks kept.
  static func visibleLines(_ text: String) -> String { ReportRenderer.visibleLines(text) }
}

extension ExerciseCheck {
  /// The check with every text in it escaped for the terminal: outputs,
  /// the trap's message, standard error, the compiler's messages and
  /// excerpts, the file's name.
  var visibleInTerminal: ExerciseCheck {
    let lines = TerminalText.visibleLines
    var check = self
    check.file = TerminalText.visible(file)
    check.output = lines(output)
    check.expected = lines(expected)
    check.starterOutput = starterOutput.map(lines)
    check.crashSymptom = crashSymptom.map(lines)
    check.otherErrors = lines(otherErrors)
    check.stderr = lines(stderr)
    if case .trap(var trap) = verdict {
      trap.message = lines(trap.message)
      check.verdict = .trap(trap)
    }
    check.diagnostics = diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      diagnostic.message = lines(diagnostic.message)
      diagnostic.excerpt = diagnostic.excerpt.map(TerminalText.visible)
      diagnostic.notes = diagnostic.notes.map { note in
        var note = note
        note.message = lines(note.message)
        note.fixIt = note.fixIt.map(TerminalText.visible)
        note.excerpt = note.excerpt.map(TerminalText.visible)
        return note
      }
      return diagnostic
    }
    return check
  }
}
