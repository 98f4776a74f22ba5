// verify_book and check_exercise: the book's own checks. verify_book is
// `workbook verify --format json` without `--record` (the server never
// writes into the book); check_exercise is `workbook check` on code given
// in the call, with the learner's progress and files left as they are.
import Foundation
import MCP
import WorkbookCore
import WorkbookModel

extension ToolHandler {
  func verifyBook(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let chapters = try arguments.strings("chapters") ?? []
    return await work.perform { [configuration] in
      Self.answering {
        let workspace = Workspace(configuration)
        var options = Verifier.Options()
        options.chapters = chapters
        options.record = false
        let verified = try Verifier(options: options).verify(try workspace.loadBook(selecting: chapters), in: workspace)
        let document = ReportDocument(verified)
        let report = document.verifyReport
        return Self.answer(report.chapters.map(ReportRenderer.text).joined() + ReportRenderer.summary(report) + "\n", document)
      }
    }
  }

  func checkExercise(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let name = try arguments.requiredString("exercise")
    let code = try arguments.requiredString("code")
    guard code.utf8.count <= ToolArguments.sourceLimit else {
      throw MCPError.invalidParams(
        "check_exercise: 'code' is \(code.utf8.count) bytes; at most \(ToolArguments.sourceLimit) are taken")
    }
    return await work.perform { [configuration] in
      Self.answering {
        let book = try ExerciseBook.load(Workspace(configuration))
        let exercise = try book.exercise(named: name)
        let checker = try ExerciseChecker(workspace: book.workspace, willBuild: Self.announceEngineBuild)
        let check = try checker.check(
          exercise, code: code, file: book.workspacePath(exercise), displayPath: exercise.id + ".swift")
        let answer = CheckAnswer(check, exercise: exercise)
        return Self.answer(answer.text, answer)
      }
    }
  }
}

/// check_exercise's structured content.
struct CheckAnswer: Encodable {
  /// CHAPTER/ID.
  var exercise: String
  /// passed, wrong-output, compile-error, crashed or timed-out.
  var outcome: String
  var passed: Bool
  var output: String
  var expected: String
  /// The expected output against this one, line by line (wrong-output).
  var diff: [String]
  /// Compiler errors and warnings at the attempt's lines.
  var diagnostics: [ExerciseCheck.FileDiagnostic]
  var otherErrors: String
  /// The trap's message and line (crashed).
  var crash: String?
  var crashLine: Int?
  /// The attempt still does exactly what the starter did: nothing fixed yet.
  var showsStarterSymptom: Bool
  var seconds: Double

  init(_ check: ExerciseCheck, exercise: Exercise) {
    self.exercise = exercise.qualifiedID
    outcome = check.outcome.rawValue
    passed = check.passed
    output = check.output
    expected = check.expected
    if case .mismatch(let mismatch) = check.verdict { diff = mismatch.diff } else { diff = [] }
    diagnostics = check.diagnostics
    otherErrors = check.otherErrors
    crash = check.crashMessage
    crashLine = check.crashLine
    showsStarterSymptom = check.showsStarterSymptom
    seconds = check.duration
  }

  /// The result in a few lines: the outcome, then what shows it.
  var text: String {
    var out = "\(exercise): \(outcome)\n"
    for diagnostic in diagnostics {
      out += "\(diagnostic.line.map { "line \($0)" } ?? "elsewhere"): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
      out += diagnostic.excerpt.map { $0 + "\n" }.joined()
    }
    if let crash { out += "crashed\(crashLine.map { " at line \($0)" } ?? ""): \(crash)\n" }
    if !diff.isEmpty { out += "Expected output against this one:\n" + diff.map { $0 + "\n" }.joined() }
    if showsStarterSymptom { out += "It still does what the starter did: nothing is fixed yet.\n" }
    return out
  }
}
