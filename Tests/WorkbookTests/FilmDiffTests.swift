// Issue 27: a changed film came back as an 80-line unified diff in which
// every frame of a band looked changed. Films are compared frame by frame.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct FilmDiffTests {
  /// Three frames in one band, then a second band of one frame, and a key
  /// (the shape FilmstripRenderer draws; trailing spaces cut, as in a book).
  static let expected = """
    t=0s progress=0   t=0.2s progress=0.5   t=0.4s
    ┌────────┐        ┌────────┐            ┌────────┐
    │Home....│        │Home....│            │Details#│
    │........│        │####....│            │########│
    └────────┘        └────────┘            └────────┘

    t=0.6s
    ┌────────┐
    │Details#│
    │########│
    └────────┘
    fills: . white, # systemBlue

    """

  static let actual = expected
    .replacingOccurrences(of: "│####....│            │########│", with: "│##......│            │########│")
    .replacingOccurrences(of: "fills: . white, # systemBlue", with: "fills: . white, # systemRed")

  @Test func aFilmIsCutIntoItsFrames() throws {
    let film = try #require(LineDiff.FilmDiff.film(Self.expected))
    #expect(film.frames.map(\.caption) == ["t=0s progress=0", "t=0.2s progress=0.5", "t=0.4s", "t=0.6s"])
    #expect(film.frames[1].lines == ["┌────────┐", "│Home....│", "│####....│", "└────────┘"])
    #expect(film.frames[3].lines == ["┌────────┐", "│Details#│", "│########│", "└────────┘"])
    #expect(film.key == ["fills: . white, # systemBlue"])
    // Not films: prose, a trace, a table.
    #expect(LineDiff.FilmDiff.film("step 0: alpha 1.0\nstep 1: alpha 0.75\n") == nil)
    #expect(LineDiff.FilmDiff.film("0.000 present(_:animated:)\n") == nil)
    // One frame is a film of one, but reads well as a line diff.
    let one = "t=0s\n┌──┐\n│a.│\n└──┘\n"
    #expect(LineDiff.FilmDiff.film(one)?.frames.count == 1)
    #expect(LineDiff.FilmDiff.compare(old: one, new: one.replacingOccurrences(of: "a.", with: ".a")) == nil)
  }

  @Test func onlyTheFramesThatChangedAreShownExpectedBesideActual() throws {
    let lines = try #require(LineDiff.FilmDiff.lines(old: Self.expected, new: Self.actual,
                                            oldLabel: "expected (01.md:9)", newLabel: "actual"))
    #expect(lines == [
      "--- expected (01.md:9)",
      "+++ actual",
      "film: frame 2 of 4 differs",
      "frame 2 of 4 · t=0.2s progress=0.5",
      "  expected   │ actual",
      "  ┌────────┐ │ ┌────────┐",
      "  │Home....│ │ │Home....│",
      "~ │####....│ │ │##......│",
      "  └────────┘ │ └────────┘",
      "key:",
      "-fills: . white, # systemBlue",
      "+fills: . white, # systemRed",
    ])
  }

  @Test func framesAddedOrMissingAreNamed() throws {
    // The second band's frame gone: three frames where four were expected.
    let shorter = Self.expected.components(separatedBy: "\n\nt=0.6s")[0] + "\nfills: . white, # systemBlue\n"
    let comparison = try #require(LineDiff.FilmDiff.compare(old: Self.expected, new: shorter))
    #expect(comparison.summary == "4 frames expected, 3 actual; frame 4 differs")
    let lines = try #require(LineDiff.FilmDiff.lines(old: Self.expected, new: shorter, oldLabel: "e", newLabel: "a"))
    #expect(lines.contains("frame 4 of 4 · t=0.6s · missing from the actual film"))
    #expect(lines.contains("- │Details#│ │ "))
  }

  // Through verify: the finding's details are the frames, not the diff.
  @Test func verifyShowsAChangedFilmFrameByFrame() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    let printed = Self.actual.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { "print(\"\($0)\")" }.joined(separator: "\n")
    try ("```swift\n" + printed + "\n```\n\n```output\n" + Self.expected + "```\n")
      .write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    let finding = try #require(report.errors(kind: .outputMismatch).first)
    #expect(finding.line == 16)
    #expect(finding.details.first?.hasPrefix("--- expected (") == true, "\(finding.details)")
    #expect(finding.details.dropFirst(2).first == "film: frame 2 of 4 differs", "\(finding.details)")
    #expect(finding.details.contains("~ │####....│ │ │##......│"))
    #expect(!finding.details.contains { $0.contains("Details#") }, "unchanged frames are not shown")
    #expect(ReportRenderer.recordHint(report)?.contains("workbook verify --record 01") == true)
  }
}
