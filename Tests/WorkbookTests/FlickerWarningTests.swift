import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// The flicker check on a book's films (Guides/Stage.md, "Flicker warnings"):
/// a fixture book (`Tests/Fixtures/verify/flicker`) films an animator that
/// moves the presenting view 300 points in one frame, the same film with
/// the jump and its flash declared, and a clean slide. Verify reports two
/// warnings (the jump and the flash), at the
/// line of the first `film` call, each naming the time, the view and the
/// invariant; the snippets still pass.
@Suite struct FlickerWarningTests {
  @Test func aJumpingViewIsAWarningAtTheFilmsLineAndADeclaredJumpOrACleanSlideIsNot() throws {
    let book = try Fixtures.book("flicker")
    let options = Fixtures.packageEngineOptions(book: book)
    let report = try Verifier().run(in: Workspace(options))
    let chapter = try #require(report.chapter("01-flicker.md"))
    #expect(chapter.snippets.map(\.status) == [.passed, .passed, .passed])
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    let warnings = chapter.findings.filter { $0.kind == .runtimeWarning }
    #expect(warnings.map(\.snippet) == [0, 0], "the declared film and the slide raise none: \(warnings.map(\.message))")
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.line == 61 }, "the line of `_ = jumpyStage.film()`")
    // Home moves from x = 0 to 300 between t=0.133s and t=0.15s (the first
    // animation's completion): 300 points in one frame; the card is half
    // transparent then, so the window's background shows through the half
    // of the screen Home left.
    #expect(warnings.map(\.message) == [
      "flicker: t=0.15s  Home  [no jump] moved 300 pt in 0.017s (at most 100 a frame) "
        + "(intended? film(..., allowing: .jump(of: \"Home\")))",
      "flicker: t=0.15s  screen at (8, 8)  [screen covered] the window's background shows through 48% of the "
        + "screen, 0% one frame before (intended? film(..., allowing: .uncovered))",
    ])
    // A warning is not a diagram: the snippet publishes its film only.
    #expect(chapter.snippets[0].diagrams.map(\.kind) == [.filmstrip])
  }
}
