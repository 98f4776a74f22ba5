import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ChapterLoaderTests {
  func load(_ text: String) -> Chapter { Fixtures.chapter(text) }

  @Test func attributesSelectTheKind() {
    let chapter = load("""
      # Kinds

      ```swift
      a
      ```

      ```swift no-run
      b
      ```

      ```swift compile-fail
      c
      ```

      ```swift ignore
      d
      ```

      ```swift hidden
      e
      ```

      ```swift exercise=one
      f
      ```

      ```swift solution=one
      g
      ```

      ```python
      not a snippet
      ```
      """)
    #expect(chapter.problems == [])
    #expect(chapter.title == "Kinds")
    #expect(chapter.snippets.map(\.kind) == [
      .run, .noRun, .compileFail, .ignore, .run, .exerciseStarter(id: "one"), .exerciseSolution(id: "one"),
    ])
    #expect(chapter.snippets.map(\.isHidden) == [false, false, false, false, true, false, false])
    #expect(chapter.snippets.map(\.fenceLine) == [3, 7, 11, 15, 19, 23, 27])
  }

  @Test func anUnknownAttributeIsAnErrorAtTheFence() {
    let chapter = load("Text\n\n```swift no-runn\nx\n```\n")
    #expect(chapter.problems.count == 1)
    #expect(chapter.problems.first?.line == 3)
    #expect(chapter.problems.first?.message.contains("'no-runn'") == true)
  }

  @Test func conflictingAndDuplicateAttributesAreErrors() {
    let chapter = load("```swift no-run compile-fail\nx\n```\n\n```swift hidden hidden\ny\n```\n")
    #expect(chapter.problems.map(\.line) == [1, 5])
    #expect(chapter.problems[0].message == "Attributes 'no-run' and 'compile-fail' cannot be combined")
    #expect(chapter.problems[1].message == "Duplicate attribute 'hidden'")
  }

  @Test func anOutputBlockBelongsToTheSnippetRightBeforeIt() {
    let chapter = load("```swift\nprint(1)\n```\n\n\n```output\n1\n```\n")
    #expect(chapter.problems == [])
    #expect(chapter.snippets[0].output?.content == "1\n")
    #expect(chapter.snippets[0].output?.fenceLine == 6)
  }

  @Test func anOutputBlockAfterProseIsAnError() {
    let chapter = load("```swift\nprint(1)\n```\n\nProse.\n\n```output\n1\n```\n")
    #expect(chapter.snippets[0].output == nil)
    #expect(chapter.problems.map(\.line) == [7])
    #expect(chapter.problems.first?.kind == .badInput)
  }

  @Test func anExerciseNeedsASolution() {
    let chapter = load("```swift exercise=lonely\nx\n```\n")
    #expect(chapter.problems.map(\.message) == ["Exercise 'lonely' has no solution; add a 'swift solution=lonely' block"])
  }

  @Test func anExerciseNeedsAnID() {
    let chapter = load("```swift exercise\nx\n```\n")
    #expect(chapter.problems.first?.message.hasPrefix("Attribute 'exercise' needs an ID") == true)
  }

  @Test func aChaptersLineIsTheFirstSentenceAfterItsTitle() {
    let chapter = load("""
      Text before the title does not count.

      # Presentation controllers

      ```swift
      let code = "is not a paragraph"
      ```

      A *half-height* card with `UIPresentationController`, e.g. for a
      [player](02-player.md): the dimming view. More follows.
      """)
    #expect(ChapterSummary.line(of: chapter) == "A half-height card with UIPresentationController, e.g. for a player: the dimming view.")
    #expect(Book.ChapterEntry(chapter, exerciseCount: 1).exerciseCountText == "1 exercise")
    #expect(ChapterSummary.line(of: load("# Only a title\n\n## And a section\n")) == "")
    #expect(ChapterSummary.line(of: load("No title. Just prose.\n")) == "No title.")
    #expect(ChapterSummary.firstSentence("It ends (here.) And not here.") == "It ends (here.)")
  }

  @Test func infoWordsAreOneRuleForTheLoaderAndTheSite() {
    // Spaces, tabs and commas separate words; the first is the language.
    #expect(Chapter.infoWords("swift,no-run\thidden") == ["swift", "no-run", "hidden"])
    #expect(Chapter.infoWords("  sh ") == ["sh"])
    #expect(Chapter.infoWords("") == [])
    let chapter = load("# T\n\n```swift,no-run\nlet a = 1\n```\n")
    #expect(chapter.snippets.map(\.kind) == [.noRun])
  }

  @Test func exercisesAreReadOnceWhenTheChapterIsLoaded() {
    let counter = ChapterAnalysisCounter()
    let chapter = ChapterAnalysisCounter.$current.withValue(counter) { () -> Chapter in
      let chapter = load("""
        # T

        ## Fade

        Make it fade.

        ```swift exercise=fade
        print(1)
        ```

        ```swift solution=fade
        print(2)
        ```

        ```output
        2
        ```
        """)
      // Every consumer reads the stored list: nothing is derived again.
      for _ in 0..<3 { #expect(chapter.exercises.map(\.id) == ["fade"]) }
      _ = Book(folder: "/book", chapters: [chapter]).exercises
      return chapter
    }
    #expect(counter.count(.exercises) == 1)
    #expect(chapter.exercises.first?.expectedOutput == "2\n")
  }
}
