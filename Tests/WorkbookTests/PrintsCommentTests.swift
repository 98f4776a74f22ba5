// `// Prints` comments: output written as comments under the code (The
// Swift Programming Language's convention), checked like an output block
// and recorded in place (the fixture book `prints`).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct PrintsCommentTests {
  func load(_ text: String) -> Chapter { Fixtures.chapter(text) }

  @Test func eachFormSaysItsLines() throws {
    let text = Fixtures.read(Fixtures.root + "/prints/Chapters/01-passing.md")
    let chapter = load(text)
    let comments = chapter.snippets.map { $0.printsComments.map(\.lines) }
    #expect(comments == [
      [["Hello, Mars"], ["4"]],
      [["Say \"hi\"."], ["moons: 2"]],
      [["42"], ["first", "second"]],  // not the string that looks like a comment
      [],  // the output block wins
    ])
    #expect(chapter.snippets.map { $0.printsComments.map(\.line) } == [[8, 10], [17, 19], [26, 28], []])
    #expect(chapter.snippets[2].expectedOutput == "42\nfirst\nsecond\n")
    #expect(chapter.problems.map(\.severity) == [.warning])
    #expect(chapter.problems.first?.line == 38)
    #expect(chapter.problems.first?.message.contains("output block (line 41)") == true)
  }

  @Test func aCommentWrittenWrongIsAnErrorAtItsLine() {
    let chapter = load("""
      ```swift
      print("a")
      // Prints "a
      print("b\\nc")
      // Prints three lines:
      // b
      // c
      print("d") // not a line of output: code comes first on its line
      ```
      """)
    #expect(chapter.inputErrors.map(\.line) == [3, 5])
    #expect(chapter.inputErrors.first?.message.contains("no closing quote") == true)
    #expect(chapter.inputErrors.last?.message.contains("needs 3 comment lines") == true)
  }

  @Test func commentsAreCheckedOnlyInPlainSnippets() {
    let chapter = load("""
      ```swift no-run
      print(1)
      // Prints "2"
      ```
      """)
    #expect(chapter.snippets[0].printsComments.isEmpty)
    #expect(chapter.snippets[0].expectedOutput == nil)
  }

  @Test func aBookInTheirFormPasses() throws {
    let report = try Fixtures.verify(try Fixtures.book("prints")) { $0.chapters = ["01-passing"] }
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed, .passed, .passed, .passed])
    #expect(report.errors() == [])
  }

  @Test func aWrongCommentFailsAtItsLineAndRecordRewritesItInPlace() throws {
    let book = try Fixtures.book("prints")
    let report = try Fixtures.verify(book) { $0.chapters = ["02-failing"] }
    let errors = report.errors(kind: .outputMismatch)
    #expect(errors.map(\.line) == [7, 14], "the comment that says the first wrong line")
    #expect(errors.first?.message == "Output does not match the '// Prints' comments")
    #expect(errors.first?.details.prefix(2) == ["--- expected (// Prints, \(errors[0].file):7)", "+++ actual"])
    guard case .mismatch(let mismatch)? = report.chapters.first?.snippets.first?.verdict else {
      Issue.record("not a mismatch")
      return
    }
    #expect(mismatch.line == 7)
    #expect(mismatch.expected == "one\n3\n")
    #expect(mismatch.fixedByRecording)

    let recorded = try Fixtures.verify(book) { $0.chapters = ["02-failing"]; $0.record = true }
    #expect(!recorded.failed)
    // Same forms, same places: only the text each comment says changed.
    #expect(Fixtures.read(book + "/02-failing.md") == """
      # A wrong comment

      ```swift
      print("one")
      // Prints "one"
      print(1 + 1)
      // Prints "2", as it should not.
      ```

      - In a list:

        ```swift
        for word in ["up", "down"] { print(word) }
        // Prints two lines:
        // up
        // down
        ```

      """)
    let again = try Fixtures.verify(book) { $0.chapters = ["02-failing"] }
    #expect(again.chapters.first?.snippets.map(\.status) == [.passed, .passed])
  }

  @Test func commentsThatCannotBeMatchedLineForLineStopRecord() throws {
    let book = try Fixtures.book("prints")
    let before = Fixtures.read(book + "/03-counts.md")
    let report = try Fixtures.verify(book) { $0.chapters = ["03-counts"]; $0.record = true }
    let error = try #require(report.errors(kind: .outputMismatch).first)
    #expect(error.line == 6)
    #expect(error.message.contains("the snippet prints 2 lines, they say 1 line"))
    #expect(error.message.contains("writes nothing in this chapter"))
    // Nothing is written, not even the other snippet's missing block.
    #expect(Fixtures.read(book + "/03-counts.md") == before)
    #expect(report.chapters.first?.recordedBlocks == 0)
  }

  @Test func recordKeepsLineEndingsAndIndentation() {
    let text = "- Item:\r\n\r\n  ```swift\r\n  print(1)  // Prints 0\r\n  ```\r\n"
    let chapter = load(text)
    let updated = OutputRecorder.apply([OutputChange(snippet: 0, content: "1\n")], to: chapter)
    #expect(String(decoding: updated, as: UTF8.self) == "- Item:\r\n\r\n  ```swift\r\n  print(1)  // Prints 1\r\n  ```\r\n")
    #expect(OutputRecorder.readBackProblem(updated, original: chapter, changes: [OutputChange(snippet: 0, content: "1\n")]) == nil)
  }

  @Test func recordRefusesTextThatWouldReadBackDifferently() {
    // An unquoted comment drops trailing spaces: the text would not read back.
    let chapter = load("```swift\nprint(\"a \")\n// Prints a\n```\n")
    let change = OutputChange(snippet: 0, content: "a \n")
    let updated = OutputRecorder.apply([change], to: chapter)
    #expect(OutputRecorder.readBackProblem(updated, original: chapter, changes: [change])?
      .contains("'// Prints' comments of the snippet at line 1 would not read back") == true)
  }
}
