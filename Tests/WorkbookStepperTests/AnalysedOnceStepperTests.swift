// The stepper reads what the loaded book carries: which chapters it has,
// each exercise's instructions and hints as parsed Markdown, and nothing
// is parsed again while a session draws (ARCHITECTURE-REVIEW-3 §2.2).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
import WorkbookMarkdown
@testable import WorkbookStepper

@Suite struct AnalysedOnceStepperTests {
  // P11: `step CHAPTER` asks the loaded book, not the disk.
  @Test func hasChapterConsultsTheLoadedBook() throws {
    let root = try StepperFixtures.project()
    let book = try StepperFixtures.exerciseBook(root)
    #expect((try? book.chapter(named: "02-film")) == "02-film")  // a chapter without exercises
    #expect((try? book.chapter(named: "02-film.md")) == "02-film")
    #expect((try? book.chapter(named: "03-missing")) == nil)
    // The book as loaded decides, whatever the folder holds now.
    try FileManager.default.removeItem(atPath: root + "/Chapters/02-film.md")
    _ = FileManager.default.createFile(atPath: root + "/Chapters/03-missing.md", contents: Data("# New\n".utf8))
    #expect((try? book.chapter(named: "02-film")) == "02-film")
    #expect((try? book.chapter(named: "03-missing")) == nil)
  }

  /// Runs `body` with a fresh parse counter; returns its result and the parses.
  func counting<T>(_ body: () throws -> T) rethrows -> (T, Int) {
    let counter = MarkdownParseCounter()
    let result = try MarkdownParseCounter.$current.withValue(counter) { try body() }
    return (result, counter.count)
  }

  // P10: instructions and hints are the chapter's parsed blocks; the
  // title is a heading node: nothing is re-parsed to be drawn.
  @Test func instructionsAndHintsAreParsedBlocks() throws {
    let book = try StepperFixtures.exerciseBook(try StepperFixtures.project())
    let fade = book.exercises[0]
    #expect(fade.instructionBlocks.count == 1)
    #expect(fade.hintBlocks.count == fade.hints.count)
    // The blocks draw what the Markdown they were cut from draws.
    let renderer = MarkdownTerminalRenderer(style: .plain)
    #expect(renderer.render(fade.instructionBlocks, width: 50) == renderer.render(fade.instructions, width: 50))
    for (blocks, text) in zip(fade.hintBlocks, fade.hints) {
      #expect(renderer.render(blocks, width: 40) == renderer.render(text, width: 40))
    }
  }

  // One parse per chapter for `step` and `check`: loading the book parses
  // each chapter once; drawing a session (every redraw, every hint, the
  // title) and a check's view parse nothing.
  @Test func stepAndCheckParseEachChapterOnce() throws {
    let root = try StepperFixtures.project()
    let (book, loadParses) = try counting { try StepperFixtures.exerciseBook(root) }
    #expect(book.chapters.count == 2)
    #expect(loadParses == 2)
    let fade = book.exercises[0]
    var progress = ExerciseBook.ProgressFile()
    var entry = ExerciseBook.ProgressFile.Entry()
    entry.hintsShown = fade.hints.count
    progress.exercises[fade.qualifiedID] = entry
    let session = StepSession(
      book: book, start: 0, progress: progress, terminal: Terminal(), style: .plain, width: 60,
      check: { _, _, _, _ throws(VerifyError) in throw VerifyError.interrupted })
    let (title, drawParses) = counting { () -> [String] in
      for _ in 0..<3 { _ = session.screenLayout() }
      _ = session.openingBlock()
      _ = (0..<fade.hints.count).map { session.hintLines($0) }
      return session.titleLines(width: 60)
    }
    #expect(drawParses == 0)
    #expect(title.first == "Fade in steps (`01-basics/fade-steps`)")
    let check = ExerciseCheck(
      verdict: .passed, file: "f.swift", diagnostics: [], otherErrors: "", output: fade.expectedOutput,
      expected: fade.expectedOutput, stderr: "", duration: 0)
    let (_, checkParses) = counting { CheckView(style: .plain).render(check, width: 60) }
    #expect(checkParses == 0)
    // `check` itself: compiling, running and comparing a learner's file
    // parses no Markdown either.
    let checker = try ExerciseChecker(workspace: book.workspace)
    let (result, runParses) = try counting {
      try checker.check(fade, code: fade.solution, file: root + "/fade-steps.swift", displayPath: "fade-steps.swift")
    }
    #expect(result.passed)
    #expect(runParses == 0)
  }
}
