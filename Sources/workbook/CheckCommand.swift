// `workbook check CHAPTER/ID`: one check of a learner's file, for editors
// and scripts.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookStepper

extension Workbook {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check your file for an exercise once: compile, run, compare.",
      discussion: """
        Compiles your file against TransitionEngine, runs it and compares \
        what it prints with the exercise's expected output, as 'workbook \
        step' does on every save. Compiler errors and traps name your file's \
        lines. Checking your file in Exercises/ updates your progress; a \
        file given with --file does not.

        With --solution, the exercise's solution follows the result, as its \
        change from the starter (removed lines marked -, added lines +); \
        --whole-solution shows the whole program. Either is noted in your \
        progress, as the s key of 'workbook step' is.

        The exercise is CHAPTER/ID; the chapter may be named by its number \
        or the start of its name, the ID by its start (2/fade for \
        02-fade/fade-out).

        Exit status: 0 when the output matches, 1 when it does not (or the \
        file does not compile, crashes or times out), 2 for usage or setup \
        errors.

        Examples:
          workbook check 02-fade/fade-out                   Check Exercises/02-fade/fade-out.swift
          workbook check 02-fade/fade-out --file try.swift  Check another file
          workbook check 02-fade/fade-out --solution        Then show the solution's change
        """)

    @Argument(help: ArgumentHelp("The exercise, as CHAPTER/ID (see 'workbook exercises').", valueName: "chapter/id"))
    var exercise: String

    @Option(help: ArgumentHelp("The file to check. Default: Exercises/CHAPTER/ID.swift next to the book.", valueName: "path"))
    var file: String?

    @Flag(help: "After the result, show the solution: its change from the starter.")
    var solution = false

    @Flag(help: "After the result, show the whole solution program.")
    var wholeSolution = false

    @OptionGroup var bookOptions: BookOptions

    func run() throws {
      let book = try bookOptions.loadBook()
      let found = try book.exercise(named: exercise)
      let workspace = book.workspacePath(found)
      let path = file.map { ($0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0) } ?? workspace
      guard let data = FileManager.default.contents(atPath: path) else {
        guard let file else { throw CommandError.noExerciseFile(path: ExerciseBook.displayPath(path), chapter: found.chapter) }
        throw CommandError.cannotRead(file: file)
      }
      var progress = try bookOptions.loadProgress(book)
      let checker = try bookOptions.checker(book.workspace)
      let terminal = Terminal()
      TerminalRestore.installHandlers(message: "Interrupted")
      let result = try checker.check(
        found, code: String(decoding: data, as: UTF8.self), file: path,
        displayPath: ExerciseBook.displayPath(path))
      let style = detectedStyle(terminal)
      let width = terminal.outputIsTerminal ? terminal.width : 100
      var lines = CheckView(style: style).render(result, width: width)
      if solution || wholeSolution {
        lines += [""] + SolutionView(style: style).render(found, full: wholeSolution, width: width)
      }
      terminal.write(lines.joined(separator: "\n") + "\n")
      if path == workspace {
        progress.recordCheck(of: found, passed: result.passed)
        if solution || wholeSolution { progress.exercises[found.qualifiedID, default: .init()].solutionShown = true }
        do { try progress.save(book.progressPath) } catch {
          printNote("warning: " + ErrorText.message(for: error))
        }
      }
      if !result.passed { throw ReportedFailure() }
    }
  }
}
