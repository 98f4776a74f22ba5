// The Evaluator decides alone: what `--record` leaves of a chapter's
// findings and verdicts (P7), and whether output matches, for a snippet
// and a learner's file alike (P17; ARCHITECTURE-REVIEW-3 §2.2).
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
import WorkbookMarkdown

@Suite struct EvaluatorTests {
  static let markdown = """
    # T

    ```swift
    print(1)
    ```

    ```output
    2
    ```

    ```swift
    print(3)
    ```
    """

  static func chapter() -> Chapter {
    ChapterLoader.load(bytes: Array(markdown.utf8), path: "/book/01-t.md", displayPath: "01-t.md")
  }

  static func run(termination: Termination = .exited(0)) -> ChapterRun {
    var program = ProgramRun()
    program.compiled = true
    program.ran = true
    program.outputs = [SnippetOutput(snippet: 0, text: "1\n", droppedBytes: 0),
                       SnippetOutput(snippet: 1, text: "3", droppedBytes: 0)]
    program.termination = termination
    program.lastStartedSnippet = 1
    return ChapterRun(program: program)
  }

  @Test func theEvaluatorReturnsTheEvaluationAfterRecording() {
    let evaluation = Evaluator.evaluate(Self.chapter(), run: Self.run(), outputCap: 1000)
    #expect(evaluation.snippets.map(\.status) == [.mismatch, .mismatch])
    #expect(evaluation.findings.map(\.kind) == [.outputMismatch, .missingOutput])
    #expect(evaluation.changes == [OutputChange(snippet: 0, content: "1\n"), OutputChange(snippet: 1, content: "3\n")])
    // Once written, both blocks say what the snippets print.
    #expect(evaluation.afterRecording.findings.isEmpty)
    #expect(evaluation.afterRecording.snippets.map(\.verdict) == [.passed, .passed])
    #expect(evaluation.afterRecording.snippets.map(\.output) == evaluation.snippets.map(\.output))
  }

  @Test func aChapterThatMustNotBeRecordedStaysAsItIs() {
    // It exited with a failure: nothing is recorded, nothing is fixed.
    let evaluation = Evaluator.evaluate(Self.chapter(), run: Self.run(termination: .exited(1)), outputCap: 1000)
    #expect(evaluation.changes.isEmpty)
    #expect(evaluation.afterRecording.findings == evaluation.findings)
    #expect(evaluation.afterRecording.snippets == evaluation.snippets)
  }

  @Test func oneRuleDecidesWhetherOutputMatches() {
    // A final newline is added to what was printed; nothing else changes.
    #expect(Evaluator.normalizedOutput("a") == "a\n")
    #expect(Evaluator.normalizedOutput("") == "")
    #expect(Evaluator.outputMatches(expected: "a\n", actual: "a"))
    #expect(!Evaluator.outputMatches(expected: "a\n", actual: "a\n\n"))
    #expect(Evaluator.outputMatches(expected: "", actual: ""))
    // The snippet's block and the learner's expected output: the same answer.
    let chapter = Self.chapter()
    let evaluation = Evaluator.evaluate(chapter, run: Self.run(), outputCap: 1000)
    var learner = ProgramRun()
    learner.compiled = true
    learner.ran = true
    learner.termination = .exited(0)
    let expected = chapter.snippets[0].output!.content
    #expect(Evaluator.learnerVerdict(learner, output: "1\n", expected: expected, file: "f.swift").status == evaluation.snippets[0].status)
    #expect(Evaluator.learnerVerdict(learner, output: "2", expected: expected, file: "f.swift") == .passed)
  }

  // P14: excerpts are cut from the parse's lines (the one split of the
  // file), at the lines cmark counted ("\r\n", "\n" and a lone "\r").
  @Test func excerptsUseTheDocumentsLines() throws {
    let markdown = "# T\r\n\r```swift\nlet a = b\n```\n"
    let chapter = ChapterLoader.load(bytes: Array(markdown.utf8), path: "/book/01-t.md", displayPath: "01-t.md")
    #expect(chapter.document?.lines == MarkdownLines.texts(chapter.bytes))
    var program = ProgramRun()
    program.diagnostics = [Diagnostic(severity: .error, snippet: 0, lineOffset: 1, column: 9,
                                      message: "cannot find 'b' in scope", file: "01-t.md")]
    let evaluation = Evaluator.evaluate(chapter, run: ChapterRun(program: program), outputCap: 1000)
    let finding = try #require(evaluation.findings.first)
    #expect(finding.line == 4)
    #expect(finding.details.first?.contains("let a = b") == true)
  }
}
