// `workbook exercises`: every exercise of the book with the learner's status.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookStepper

extension Workbook {
  struct Exercises: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the whole book: every chapter, what it teaches, its exercises and your progress.",
      discussion: """
        Every chapter is listed with its first sentence (what it teaches) \
        and its number of exercises, then its exercises. An exercise is not started, in progress (its file exists in \
        Exercises/ or it was checked) or done (your file passed once). \
        Progress is kept in .workbook/progress.json next to the book folder.

        Examples:
          workbook exercises                  The book's chapters and exercises, with a progress bar
          workbook exercises --format json    The same, for editors and scripts
        """)

    @OptionGroup var bookOptions: BookOptions

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    func run() throws {
      let book = try bookOptions.loadBook()
      let progress = try bookOptions.loadProgress(book)
      let terminal = Terminal()
      let text: String
      switch format {
      case .text:
        text = ExerciseList(book: book, progress: progress, style: detectedStyle(terminal))
          .render(width: terminal.outputIsTerminal ? terminal.width : 100)
      case .json:
        text = ExerciseList(book: book, progress: progress, style: .plain).json()
      }
      terminal.write(text)
    }
  }
}
