// Messages an author meets first (issue 27): an unclosed fence named at its
// opening line, how to accept a changed output, and "did you mean" for
// chapter and exercise names. Issue 40: "did you mean" for a misspelt
// engine name, and the errors that follow from a missing UIKit name
// counted under it rather than shown one by one.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct AuthorMessagesTests {
  static func load(_ text: String) -> Chapter {
    ChapterLoader.load(bytes: Array(text.utf8), path: "/b/01-a.md", displayPath: "Chapters/01-a.md")
  }

  @Test func aSnippetThatSwallowsAHeadingIsReportedAsUnclosedAtItsOpeningLine() {
    let chapter = Self.load("""
      # Title

      ```swift
      let x = 1

      ## The next section

      More prose.

      ```swift
      print(x)
      ```

      """)
    let errors = chapter.inputErrors
    #expect(errors.count == 1)
    #expect(errors.first?.line == 3)
    #expect(errors.first?.message == "Snippet is not closed before line 6 ('## The next section'); add a closing fence above that line")
  }

  @Test func aSnippetThatSwallowsAnotherFenceIsReported() {
    let chapter = Self.load("# T\n\n```swift\nprint(1)\n\n```output\n1\n```\n")
    #expect(chapter.inputErrors.map(\.message) == [
      "Snippet is not closed before line 6 ('```output'); add a closing fence above that line",
    ])
  }

  @Test func swiftThatLooksLikeMarkdownIsNotAnUnclosedFence() {
    let chapter = Self.load("""
      # T

      ```swift
      #if canImport(UIKit)
      let markdown = \"\"\"
      #hashtag
      ```
      \"\"\"
      #endif
      ```

      """)
    #expect(!chapter.inputErrors.contains { $0.message.contains("not closed") })
    #expect(ChapterLoader.swallowedLine(in: "let a = 1\n    ## indented code\n") == nil)
    #expect(ChapterLoader.swallowedLine(in: "let a = 1\n### Three\n")?.0 == 1)
  }

  /// CommonMark: a fence closes only with a fence of the same character at
  /// least as long as the one that opened it; what sits inside is the
  /// snippet's, even when it looks like Markdown. A library file with
  /// DocC comments (a `#### Title` inside `/** */`, a fenced example in a
  /// doc comment) is code, and so is a fenced example inside a longer
  /// fence.
  @Test func markdownInsideCommentsAndLongerFencesIsCode() {
    let chapter = Self.load("""
      # T

      ````swift
      /**
       A card that flies to its detail.

       #### Discussion

       ```swift
       let card = Card()
       ```
       */
      struct Card {
        /// ## Parameters
        var title = "One"
        /* nested /* comment */
        ## still a comment */
      }
      print(Card().title)
      ````

      ```output
      One
      ```

      """)
    #expect(chapter.inputErrors.map(\.message) == [])
    #expect(chapter.snippets.count == 1)
    #expect(chapter.snippets.first?.code.contains("#### Discussion") == true)
    #expect(chapter.snippets.first?.output?.content == "One\n")
    // A heading outside comments and strings is still prose swallowed by
    // an open fence; so is a fence as long as the opener's, but not a
    // shorter one (the author chose the longer fence to hold it).
    #expect(ChapterLoader.swallowedLine(in: "/* a */\n## Next\n")?.0 == 1)
    #expect(ChapterLoader.swallowedLine(in: "let s = \"/*\"\n## Next\n")?.0 == 1)
    #expect(ChapterLoader.swallowedLine(in: "/// x\n```swift\n", fenceLength: 3)?.0 == 1)
    #expect(ChapterLoader.swallowedLine(in: "/// x\n```swift\n", fenceLength: 4) == nil)
  }

  @Test func aMismatchSaysHowToAcceptTheNewOutput() {
    let mismatch = SnippetReport(
      index: 0, line: 3, kind: "run", hidden: false,
      verdict: .mismatch(.init(message: "Output does not match the output block", line: 7, expected: "a\n",
                               actual: "b\n", fixedByRecording: true)))
    let chapter = ChapterReport(
      path: "Chapters/02-fade.md", title: nil, snippets: [mismatch],
      findings: [Finding(.error, .outputMismatch, file: "Chapters/02-fade.md", line: 7, message: "Output does not match the output block")],
      cached: false, recordedBlocks: 0, duration: 0)
    let report = VerifyReport(chapters: [chapter], duration: 0, engineBuilt: false)
    #expect(ReportRenderer.recordHint(report)
      == "1 recorded output differs from what its snippet prints; if the new output is right, write it in with: workbook verify --record 02-fade")
    var passing = chapter
    passing.snippets[0].verdict = .passed
    passing.findings = []
    #expect(ReportRenderer.recordHint(VerifyReport(chapters: [passing], duration: 0, engineBuilt: false)) == nil)
  }

  @Test func wrongNamesListTheClosestOnes() throws {
    let names = ["00-introduction", "01-the-transition-dance", "02-pop-a-thumbnail", "05-springs"]
    #expect(NameSuggestions.closest(to: "05-spring", among: names) == ["05-springs"])
    #expect(NameSuggestions.closest(to: "transition-dance", among: names) == ["01-the-transition-dance"])
    #expect(NameSuggestions.closest(to: "zzz", among: names) == [])
    #expect(NameSuggestions.sentence(["a", "b", "c"]) == "; did you mean 'a', 'b' or 'c'?")
    let folder = try Fixtures.temporaryDirectory()
    for name in names { try "# \(name)\n".write(toFile: folder + "/\(name).md", atomically: true, encoding: .utf8) }
    do {
      _ = try Book.load(folder, selecting: ["05-sprigns.md"])
      Issue.record("loaded a chapter that does not exist")
    } catch {
      #expect(ErrorText.message(for: error).hasSuffix("; did you mean '05-springs'?"))
    }
    // With or without `.md`, and as a path.
    #expect(try Book.load(folder, selecting: ["05-springs"]).chapters.count == 1)
    #expect(try Book.load(folder, selecting: ["05-springs.md"]).chapters.count == 1)
  }

  // Issue 40: the snippet an author wrote, and what the compiler says of it
  // (these lines, as `swiftc` printed them for this code).
  static let misspelt = Self.load("""
    # T

    ```swift
    let card = UIView()
    card.bringSubViewToFront(card)
    let alert = UIAlertController(title: "Hi", message: nil, preferredStyle: .alert)
    let grid = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    ```

    """)
  static let compilerSaid = """
    /tmp/x/01-a.md:5:6: error: value of type 'UIView' has no member 'bringSubViewToFront'
    /tmp/x/01-a.md:6:13: error: cannot find 'UIAlertController' in scope
    /tmp/x/01-a.md:6:53: error: 'nil' requires a contextual type
    /tmp/x/01-a.md:6:75: error: cannot infer contextual base in reference to member 'alert'
    /tmp/x/01-a.md:7:12: error: cannot find 'UICollectionView' in scope
    /tmp/x/01-a.md:7:65: error: cannot find 'UICollectionViewFlowLayout' in scope
    /tmp/x/01-a.md:7:37: error: cannot infer contextual base in reference to member 'zero'
    """
  static let engine = Fixtures.packageRoot + "/Sources/TransitionEngine"

  @Test func verifySuggestsTheEnginesNameAndCountsTheErrorsThatFollowFromAMissingOne() throws {
    let diagnostics = DiagnosticParser.parse(Self.compilerSaid, map: SourceMap(chapter: Self.misspelt), snippets: [0])
    var program = ProgramRun()
    program.diagnostics = diagnostics
    let findings = Evaluator.evaluate(Self.misspelt, run: ChapterRun(program: program), outputCap: 1000,
                                      engine: Self.engine).findings
    #expect(findings.map { "\($0.line ?? 0): \($0.message)" } == [
      "5: value of type 'UIView' has no member 'bringSubViewToFront'",
      "6: cannot find 'UIAlertController' in scope",
      "7: cannot find 'UICollectionView' in scope",
      "7: cannot find 'UICollectionViewFlowLayout' in scope",
    ])
    #expect(findings[0].details.last == "note: did you mean 'bringSubviewToFront'?")
    #expect(Array(findings[1].details.suffix(2)) == [
      "note: TransitionEngine does not model 'UIAlertController', a UIKit name; 'workbook fidelity' lists what it "
        + "models, and \(Fixtures.packageRoot)/Guides/TransitionEngine.md describes it",
      "note: and 2 more errors on this line that follow from it",
    ])
    // '.zero' is reported after the later name, and follows from the first.
    #expect(findings[2].details.last == "note: and 1 more error on this line that follows from it")
    #expect(findings[3].details.last?.hasPrefix("note: TransitionEngine does not model 'UICollectionViewFlowLayout'") == true)
  }

  @Test func didYouMeanComesFromTheEnginesNamesOnlyWhenTheCompilerOffersNone() {
    func notes(_ message: String, fixIt: String? = nil) -> [String] {
      CompilerNotes.added(to: Diagnostic(severity: .error, snippet: 0, lineOffset: 1, column: 1, message: message,
                                         file: nil, fixIt: fixIt), engine: Self.engine)
    }
    // A member of the type, of a type that inherits it, a type's own, a name in scope.
    #expect(notes("value of type 'UIView?' has no member 'bringSubViewToFront'") == ["did you mean 'bringSubviewToFront'?"])
    #expect(notes("value of type 'UILabel' has no member 'bringSubViewToFront'") == ["did you mean 'bringSubviewToFront'?"])
    #expect(notes("type 'UIView' has no member 'animateWithDuration'") == ["did you mean 'animate'?"])
    #expect(notes("cannot find 'UIViewPropertyAnimater' in scope") == ["did you mean 'UIViewPropertyAnimator'?"])
    // The compiler's own suggestion stands alone; a name far from every engine name gets none.
    #expect(notes("cannot find 'UIViewPropertyAnimater' in scope", fixIt: "UIViewPropertyAnimator").isEmpty)
    #expect(notes("value of type 'UIView' has no member 'zzzzzzzzzzzz'").isEmpty)
    // An error that follows from nothing missing is shown as it is.
    let alone = DiagnosticParser.parse("/tmp/x/01-a.md:6:75: error: cannot infer contextual base in reference to member 'alert'\n",
                                       map: SourceMap(chapter: Self.misspelt), snippets: [0])
    #expect(CompilerNotes.shown(alone).map(\.followers) == [0])
  }
}
