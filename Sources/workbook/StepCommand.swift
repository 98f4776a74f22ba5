// `workbook step`: walk through exercises in the terminal, checked on
// every save.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookStepper

extension Workbook {
  struct Step: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Work through exercises in the terminal, checked on every save.",
      discussion: """
        Shows an exercise's instructions and expected output, writes its \
        starter to Exercises/CHAPTER/ID.swift (never over your own work) and \
        watches that file: every save is compiled, run and compared, with \
        the expected and actual output side by side when they differ.

        The view fits the terminal and is redrawn when it is resized: when \
        the exercise does not fit, its title, the check's verdict with the \
        first differing lines and the keys stay on screen while the rest \
        scrolls. It is drawn on the alternate screen, so your scrollback is \
        left as it was.

        Keys: h next hint, s solution (after one attempt; asks first until you pass): its \
        change from the starter, s again the whole program; r reset to the \
        starter (asks first; keeps a backup), n/p next or previous \
        exercise, ↑/↓ (j/k) space/b g/G scroll, q quit, ? the keys. \
        Progress is saved in .workbook/progress.json, and 'workbook step' \
        carries on: the exercise you were on, or after it the next one not \
        done.

        Without a terminal (a pipe, CI), output is plain and sequential, and \
        keys are read as lines from standard input. NO_COLOR turns colours off.

        A chapter is named in full, by its number or by the start of its \
        name (02-fade, 2, 02-f); an exercise as CHAPTER/ID, its ID also by \
        its start (2/fade-out, 02-fade/fade).

        Examples:
          workbook step                      Carry on where you were, else the next exercise not done
          workbook step 02-fade              The chapter's first unfinished exercise
          workbook step 2                    The same, by the chapter's number
          workbook step 02-fade/fade-out     That exercise
        """)

    @Argument(help: ArgumentHelp("A chapter (02-fade, 2) or an exercise (02-fade/fade-out, 2/fade). Default: where you were, else the next exercise not done.", valueName: "chapter"))
    var chapter: String?

    @OptionGroup var bookOptions: BookOptions

    @Option(help: ArgumentHelp("Columns to draw in. Default: the terminal's width.", valueName: "n"))
    var width: Int?

    @Option(help: .hidden)
    var pollInterval: Double = 0.1

    func validate() throws {
      if let width, width < 30 { throw ValidationError("'--width' must be at least 30, got '\(width)'") }
    }

    func run() throws {
      let book = try bookOptions.loadBook()
      guard !book.exercises.isEmpty else { throw CommandError.bookHasNoExercises(book: bookOptions.book) }
      let progress = try bookOptions.loadProgress(book)
      guard let start = try book.startIndex(named: chapter, progress: progress) else {
        throw CommandError.bookHasNoExercises(book: bookOptions.book)
      }
      // Edits follow: a file first compiled as written gets its skeleton after its result.
      var workspace = book.workspace
      workspace.configuration.skeletonsInBackground = true
      let checker = try bookOptions.checker(workspace)
      let terminal = Terminal()
      TerminalRestore.installHandlers(message: "Stopped; progress is saved. Run 'workbook step' to carry on.")
      let session = StepSession(
        book: book, start: start, progress: progress, terminal: terminal, style: detectedStyle(terminal),
        width: width, pollInterval: pollInterval,
        check: { exercise, code, file, shown throws(VerifyError) in
          try checker.check(exercise, code: code, file: file, displayPath: shown)
        })
      let status: Int32
      do { status = try session.run() } catch {
        terminal.leaveRawMode()
        throw error
      }
      if status != 0 { throw ExitCode(status) }
    }
  }
}
