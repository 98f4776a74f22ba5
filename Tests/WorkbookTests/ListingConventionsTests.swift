// The Swift Programming Language's listing conventions: `// Error`
// comments (expected errors), fragments, and a chapter of listings whose
// listings build on each other, redeclare names, or fail on their own
// (the fixture books `listing-errors`, `listing-fragments`,
// `listing-continuity`, `listing-redeclaration`), or trap
// (`listing-traps`, `listing-timeout`), and output written as bare comments
// (`listing-output-comments`).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ListingConventionsTests {
  func load(_ text: String) -> Chapter { Fixtures.chapter(text) }

  @Test func errorCommentsMarkTheirLineOrTheNextLineOfCode() {
    let chapter = load("""
      ```swift
      let a = 1
      a = 2  // Error: Cannot assign.
      // Error: Not a number.

      // (why)
      let b: Int = "x"
      print("// Error") // a string is not a comment
      ```

      ```swift hidden
      x = 1 // Error
      ```
      """)
    #expect(chapter.snippets[0].kind == .compileFail)
    #expect(chapter.snippets[0].errorLines == [3, 7])
    #expect(chapter.snippets[1].kind == .run, "hidden setup keeps its rules")
  }

  @Test func anErrorCommentAfterTheLastLineOfCodeMarksThatLine() {
    let chapter = load("""
      ```swift
      var stepSize = 1
      increment(&stepSize)

      // Error: Conflicting accesses to stepSize.
      ```
      """)
    #expect(chapter.snippets[0].kind == .compileFail)
    #expect(chapter.snippets[0].errorLines == [3])
  }

  @Test func fragmentsAreFoundByTheirRule() {
    func reason(_ code: String) -> String? {
      load("```swift\n" + code + "\n```\n").snippets[0].notRunnableReason
    }
    #expect(reason("func f() {\n    ...\n}") == "line 3 leaves code out ('...')")
    #expect(reason("struct S { var x: Int }\nlet s = S(x: <#value#>)") == "line 3 is a placeholder (<#value#>)")
    #expect(reason("func f(a: Int) -> Int") == "line 2 declares a function without a body")
    #expect(reason("let r = // ... code ...").map { $0.contains("does not parse") } == true)
    // Ranges, variadics, a protocol's requirements and a comment that elides in code that parses are code.
    #expect(reason("for i in 1...3 { print(i) }\nlet a = [1, 2][...1]\nlet b = [1, 2][1...]") == nil)
    #expect(reason("func sum(_ xs: Int...) -> Int { 0 }\nprotocol P { func f() }") == nil)
    #expect(reason("func f() {\n    // ...\n}") == nil)
  }

  @Test func expectedErrorsAreConfirmedAndAMarkedLineThatCompilesFails() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-errors"))
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.kind) == ["run", "compile-fail", "compile-fail", "compile-fail", "run"])
    #expect(snippets.map(\.status) == [.passed, .passed, .passed, .mismatch, .passed], "the last listing still runs")
    #expect(snippets[3].verdict.explanation?.message == "The '// Error' comment expects an error on line 23, and it compiles")
    #expect(snippets[3].verdict.explanation?.line == 23)
  }

  @Test func fragmentsAreNotRunnableWithTheReasonAndNotFailures() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-fragments"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.notRunnable, .notRunnable, .notRunnable, .notRunnable, .passed])
    guard case .notRunnable(let why) = chapter.snippets[0].verdict else {
      Issue.record("not a fragment")
      return
    }
    #expect(why.reason == "line 7 leaves code out ('...')")
    #expect(!chapter.failed)
    #expect(chapter.checkedSnippetCount == 1)
  }

  @Test func aListingThatDoesNotCompileIsSetApartAndTheOthersRun() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-continuity"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .passed, .compileError, .passed])
    #expect(chapter.snippets[3].output == "1080\n", "a later listing sees the earlier ones' declarations")
    #expect(report.errors().map(\.line) == [20])
  }

  @Test func aListingThatRedeclaresANameHasItsOwnScope() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-redeclaration"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .passed, .passed])
    #expect(chapter.snippets.map(\.output) == ["first\n", "second\n", "first\n"])
  }

  @Test func aListingThatTrapsIsSetApartAndTheListingsAfterItRun() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-traps"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .trap, .passed, .notRun, .passed, .passed, .passed])
    #expect(chapter.snippets[1].verdict.explanation?.line == 14, "the trap, at its line")
    #expect(chapter.snippets[1].verdict.explanation?.message.contains("Index out of range") == true)
    #expect(chapter.snippets.map(\.output) == ["3\n", nil, "5\n", nil, nil, nil, "2\n"])
    guard case .notRun(let why) = chapter.snippets[3].verdict else {
      Issue.record("the listing that uses the trapped one's constant ran")
      return
    }
    #expect(why.reason == "snippet 2 (line 13) trapped, and this snippet uses what it declares")
    #expect(why.stoppedBy == 1)
    #expect(report.errors().map(\.line) == [14])
  }

  @Test func aListingThatRunsPastTheTimeoutIsSetApartToo() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-timeout"), configure: { $0.timeout = 1.5 })
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .timeout, .passed, .notRun])
    guard case .notRun(let why) = chapter.snippets[3].verdict else {
      Issue.record("the listing that uses the stopped one's variable ran")
      return
    }
    #expect(why.reason == "snippet 2 (line 8) ran past the timeout, and this snippet uses what it declares")
  }

  @Test func anErrorCommentOnALineThatTrapsIsAnErrorFoundAtRunTime() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-traps"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets[4].kind == "compile-fail")
    #expect(chapter.snippets[4].status == .passed)
    #expect(chapter.snippets[4].runTimeError?.line == 32, "the line the comment after it marks")
    #expect(chapter.snippets[5].status == .passed, "an error the compiler reports, at the last line")
    #expect(chapter.snippets[5].runTimeError == nil)
  }

  @Test func bareOutputCommentsAreTheBlocksUnderAPrintOrTheBraceAfterIt() {
    let chapter = load("""
      ```swift
      let x = 1
      // x is 1
      for i in 1...2 {
          // prose inside the loop
          print(i)
      }
      // 1
      // 2
      print("done") // a comment after code is not one
      // done

      // said after a blank line: prose
      ```
      """)
    #expect(chapter.snippets[0].outputComments.map(\.lines) == [["1", "2"], ["done"]])
    #expect(chapter.snippets[0].outputComments.map(\.line) == [8, 11])
  }

  @Test func aListingPassesWhenItPrintsWhatItsBareCommentsSay() throws {
    let report = try Fixtures.verify(try Fixtures.book("listing-output-comments"))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .passed, .mismatch, .passed])
    #expect(chapter.snippets[2].verdict.explanation?.message.hasPrefix("Snippet prints but has no output block") == true,
            "prose under a loop is not its output: it fails as before")
  }

  @Test func aQuotedListingIsShownNotRunInAChapterOfListingsAndBadInputElsewhere() {
    let chapter = load("""
      ```swift
      print(1)
      // Prints "1"
      ```

      > Note: an optional as Any.
      >
      > ```swift
      > let optionalNumber: Int? = 3
      > print(optionalNumber as Any)
      > ```
      """)
    #expect(chapter.inputErrors.isEmpty, "the chapter runs")
    #expect(chapter.snippets[1].kind == .ignore)
    #expect(chapter.snippets[1].notRunnableReason == "line 8 is inside a block quote ('>'): quoted, shown only")
    let other = load("> ```swift\n> let x = 1\n> ```\n")
    #expect(other.inputErrors.map(\.message) == [ListingConventions.quotedSnippetProblem])
  }

  @Test func onlyAChapterWithoutOutputBlocksIsOneOfListings() throws {
    let chapter = load("""
      ```swift
      print(1)
      ```

      ```output
      1
      ```
      """)
    #expect(!chapter.isListings)
    #expect(!load("```swift\nlet a = 1\n```\n").isListings, "nothing of theirs: a compile error stops it as before")
    #expect(load("```swift\nprint(1)\n// Prints \"1\"\n```\n").isListings)
  }
}
