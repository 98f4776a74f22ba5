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
    var options = Fixtures.options(book: target + "/tutorials/Chapters")
    options.engineSources = Fixtures.packageRoot + "/Sources/TransitionEngine"
    // The real engine: the per-user build the tool uses (built once per
    // machine and engine version, shared with scripts/bootstrap.sh).
    options.engineCacheDirectory = EngineCache.userDirectory()
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.chapters.count == 5)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
  }
}
