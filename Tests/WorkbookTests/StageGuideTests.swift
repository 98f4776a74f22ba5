// Guides/Stage.md, the manual of the Stage harness, is a chapter: its
// examples are verified against the package's engine as the book is, and
// every public call of the stage is in it.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct StageGuideTests {
  static let guide = Fixtures.packageRoot + "/Guides/Stage.md"

  @Test func everyExampleRunsAndPrintsItsOutputBlock() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.guide, toPath: book + "/01-stage.md")
    let options = Fixtures.packageEngineOptions(book: book)
    let report = try Verifier().run(in: Workspace(options))
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.count >= 12)
    #expect(report.errors().isEmpty, "\(report.errors().map { "\($0.line ?? 0): \($0.message)\n\($0.details.joined(separator: "\n"))" })")
    // Each example prints something, checked against its block.
    let text = Fixtures.read(Self.guide)
    #expect(!text.contains("```output\n```"), "an output block is empty")
  }

  @Test func everyPublicCallOfTheStageIsDocumented() throws {
    let sources = ["Stage.swift", "Stage+Accessibility.swift", "Stage+Flicker.swift"].map {
      Fixtures.read(Fixtures.packageRoot + "/Sources/TransitionDiagrams/Stage/" + $0)
    }.joined()
    var names: Set<String> = []
    for line in sources.split(separator: "\n") {
      let words = line.trimmingCharacters(in: .whitespaces).split(whereSeparator: { " (:<".contains($0) })
      guard words.first == "public", words.count > 2 else { continue }
      if ["func", "var", "let", "case"].contains(words[1]) { names.insert(String(words[2])) }
      if words[1] == "init" { names.insert("Stage(") }
      if ["enum", "struct", "class"].contains(words[1]) || (words[1] == "final" && words.count > 3) {
        names.insert(String(words[words[1] == "final" ? 3 : 2]))
      }
    }
    #expect(names.isSuperset(of: ["Stage", "frame", "film", "drag", "trace", "timeline", "settle", "rotate",
                                  "accessibility", "Moments", "Figure"]), "\(names.sorted())")
    let guide = Fixtures.read(Self.guide)
    for name in names.sorted() where !["description"].contains(name) {
      #expect(guide.contains("`" + name) || guide.contains("." + name + "(") || guide.contains("." + name + " "),
              "Guides/Stage.md does not mention the stage's public \(name)")
    }
    // Linked from the README and the chapter-writing guide.
    #expect(Fixtures.read(Fixtures.packageRoot + "/README.md").contains("(Guides/Stage.md)"))
    #expect(Fixtures.read(Fixtures.packageRoot + "/Guides/WritingChapters.md").contains("(Stage.md)"))
  }
}
