import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// The engine end to end: animator, interactor and delegate code in the
/// styles of the five classic transition tutorials (Tests/Fixtures/tutorials),
/// written for iOS — `import UIKit`, `@objc`, `#selector` — verified against
/// the package's engine exactly as the book's chapters are.
@Suite struct TutorialStyleTests {
  @Test func theFiveTutorialStylesRunUnchangedButForTheImport() throws {
    let target = try Fixtures.temporaryDirectory()
    let source = (Fixtures.root as NSString).deletingLastPathComponent + "/tutorials"
    try FileManager.default.copyItem(atPath: source, toPath: target + "/tutorials")
    let options = Fixtures.packageEngineOptions(book: target + "/tutorials/Chapters")
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.chapters.count == 5)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
  }
}
