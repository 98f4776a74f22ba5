// `workbook exercises`: every exercise of the book with the learner's status.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookStepper

extension Workbook {
  struct Exercises: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every exercise of the book with your progress.",
      discussion: """
        An exercise is not started, in progress (its file exists in \
        Exercises/ or it was checked) or done (your file passed once). \
        Progress is kept in .workbook/progress.json next to the book folder.

        Examples:
          workbook exercises                  Every exercise, with a progress bar
          workbook exercises --format json    The same, for editors and scripts
        """)

    @OptionGroup var bookOptions: BookOptions

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    func run() throws {
      try CommandFailure.report {
        let book = try bookOptions.loadBook()
        let progress = try bookOptions.loadProgress(book)
        let terminal = Terminal()
        let text: String
        switch format {
        case .text:
          text = ExerciseList(book: book, progress: progress, style: detectedStyle(terminal)).render()
        case .json:
          text = ExerciseList(book: book, progress: progress, style: .plain).json()
        }
        terminal.write(text)
      }
    }
  }
}
