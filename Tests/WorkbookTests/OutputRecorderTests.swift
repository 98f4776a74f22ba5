import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct OutputRecorderTests {
  func chapter(_ bytes: [UInt8]) -> Chapter {
    ChapterLoader.load(bytes: bytes, path: "/book/01.md", displayPath: "01.md")
  }

  func apply(_ text: String, _ changes: [OutputChange]) -> String {
    String(decoding: OutputRecorder.apply(changes, to: chapter(Array(text.utf8))), as: UTF8.self)
  }

  @Test func createsAMissingBlockAfterTheSnippet() {
    let text = "# T\n\n```swift\nprint(1)\n```\n\nAfter.\n"
    #expect(apply(text, [OutputChange(snippet: 0, content: "1\n")])
      == "# T\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\nAfter.\n")
  }

  @Test func updatesAChangedBlockAndNothingElse() {
    let text = "```swift\nprint(2)\n```\n\n~~~output\nold\n~~~\nTail"
    #expect(apply(text, [OutputChange(snippet: 0, content: "2\nmore\n")])
      == "```swift\nprint(2)\n```\n\n~~~output\n2\nmore\n~~~\nTail")
  }

  @Test func removesTheBlockOfASnippetThatPrintsNothing() {
    let text = "```swift\nlet a = 1\n```\n\n```output\nstale\n```\n\nNext.\n"
    #expect(apply(text, [OutputChange(snippet: 0, content: nil)]) == "```swift\nlet a = 1\n```\n\nNext.\n")
  }

  @Test func keepsCRLFAndAMissingFinalNewline() {
    let text = "# T\r\n\r\n```swift\r\nprint(1)\r\n```"
    #expect(apply(text, [OutputChange(snippet: 0, content: "1\n")])
      == "# T\r\n\r\n```swift\r\nprint(1)\r\n```\r\n\r\n```output\r\n1\r\n```")
  }

  @Test func lengthensTheFenceWhenTheOutputHoldsOne() {
    let text = "```swift\nprint(\"```\")\n```\n\n```output\nx\n```\n"
    #expect(apply(text, [OutputChange(snippet: 0, content: "```\n")])
      == "```swift\nprint(\"```\")\n```\n\n````output\n```\n````\n")
  }

  @Test func indentsBlocksInsideListItems() {
    let text = "- Step:\n\n  ```swift\n  print(1)\n  ```\n"
    #expect(apply(text, [OutputChange(snippet: 0, content: "1\n")])
      == "- Step:\n\n  ```swift\n  print(1)\n  ```\n\n  ```output\n  1\n  ```\n")
  }
}
