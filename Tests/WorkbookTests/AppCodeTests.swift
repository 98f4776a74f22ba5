import Foundation
import Testing
@testable import WorkbookCore

/// Real-world-shaped transition files (Tests/Fixtures/appcode): presentation
/// controllers, animators, interaction controllers, navigation and tab-bar
/// delegates, associated objects, written the way apps write them, each file
/// starting with `import UIKit` and nothing else mapped; a driver per chapter
/// runs them. Verified against the package's engine exactly as the book is.
@Suite struct AppCodeTests {
  @Test func appFilesCompileAsWrittenAndBehaveAsRecorded() throws {
    let target = try Fixtures.temporaryDirectory()
    let source = (Fixtures.root as NSString).deletingLastPathComponent + "/appcode"
    try FileManager.default.copyItem(atPath: source, toPath: target + "/appcode")
    var options = Fixtures.options(book: target + "/appcode/Chapters")
    options.engineSources = Fixtures.packageRoot + "/Sources/TransitionEngine"
    let report = try Verifier(options: options).run()
    #expect(report.chapters.count == 13)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
  }
}
