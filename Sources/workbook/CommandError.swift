// The commands' own reasons to stop, beside the libraries' errors: worded
// here, in ErrorText, and given their exit status in Main.swift (`Ending`).
import WorkbookCore
import WorkbookModel
import WorkbookSupport

/// What a command throws when it stops for a reason of its own.
enum CommandError: Error {
  /// `check`: the learner has no file for the exercise yet.
  case noExerciseFile(path: String, chapter: String)
  /// `check --file`: the file cannot be read.
  case cannotRead(file: String)
  /// `run`: a file cannot be read, or is not UTF-8.
  case cannotReadSwiftFile(String)
  case notUTF8(file: String)
  /// `step`: the book has no exercises.
  case bookHasNoExercises(book: String)
  /// `report merge --output`: the file cannot be written.
  case cannotWrite(path: String, reason: String)
  /// `fidelity SYMBOL`: no such API in the engine.
  case unknownAPI(String, suggestions: [String])
  /// `build`: the book has failures, and the site refuses to publish them.
  case bookHasFailures([String])
  /// `build --check`: the site folder differs from what a build would write.
  case siteStale(folder: String, differences: [String])
  /// `init`: the new book does not verify with this engine (the report is shown).
  case newBookDoesNotVerify
  /// `init`: the book is written, but its outputs could not be recorded.
  case notRecorded(VerifyError)
}

/// The work ran and something failed, as the command has already shown
/// (verify's report, a check's result, the ledger's problems).
struct ReportedFailure: Error {}

extension ErrorText {
  static func message(for error: CommandError) -> String {
    switch error {
    case .noExerciseFile(let path, let chapter):
      return "No file '\(path)' yet; run 'workbook step \(chapter)' to write the starter, or pass --file PATH"
    case .cannotRead(let file):
      return "Cannot read '\(file)'"
    case .cannotReadSwiftFile(let file):
      return "Cannot read '\(ReportRenderer.visible(file))'; pass Swift files that exist"
    case .notUTF8(let file):
      return "'\(ReportRenderer.visible(file))' is not UTF-8 text"
    case .bookHasNoExercises(let book):
      return "The book in '\(book)' has no exercises yet; an exercise is a 'swift exercise=ID' block with a "
        + "'swift solution=ID' block (see \(Book.Scaffold.guide("WritingChapters.md")))"
    case .cannotWrite(let path, let reason):
      return "Cannot write '\(path)': \(reason)"
    case .unknownAPI(let symbol, let suggestions):
      return "no API '\(symbol)' in the engine\(NameSuggestions.sentence(suggestions))"
    case .bookHasFailures(let failures):
      return "The book has \(failures.count) failure(s); the site is not written:\n"
        + failures.map { "  " + ReportRenderer.visible($0) }.joined(separator: "\n") + "\n"
        + "Fix them (workbook verify shows the details) or pass --allow-failures to publish them marked"
    case .siteStale(let folder, let differences):
      return "'\(folder)' is stale; run 'workbook build' and commit it:\n"
        + differences.map { "  " + $0 }.joined(separator: "\n")
    case .newBookDoesNotVerify:
      return "The new book does not verify with this engine; see above"
    case .notRecorded(let error):
      return message(for: error) + "\nThe book is written; record its outputs later with 'workbook verify --record'"
    }
  }
}
