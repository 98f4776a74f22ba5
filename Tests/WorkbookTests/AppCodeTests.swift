import Foundation
import Testing
@testable import WorkbookCore

/// Real-world-shaped transition files (Tests/Fixtures/appcode): presentation
/// controllers, animators, interaction controllers, navigation and tab-bar
/// delegates, associated objects, written the way apps write them, each file
/// starting with `import UIKit` and nothing else mapped; a driver per chapter
/// runs them. Verified against the package's engine exactly as the book is,
/// in Swift 5 and in Swift 6 language mode (the book's `site.json`), with
/// the same recorded output.
@Suite struct AppCodeTests {
  @Test(arguments: SwiftLanguageMode.allCases)
  func appFilesCompileAsWrittenAndBehaveAsRecorded(_ mode: SwiftLanguageMode) throws {
    let target = try Fixtures.temporaryDirectory()
    let source = (Fixtures.root as NSString).deletingLastPathComponent + "/appcode"
    try FileManager.default.copyItem(atPath: source, toPath: target + "/appcode")
    try #"{"swiftLanguageMode": \#(mode.rawValue)}"#
      .write(toFile: target + "/appcode/Chapters/site.json", atomically: true, encoding: .utf8)
    var options = Fixtures.options(book: target + "/appcode/Chapters")
    options.engineSources = Fixtures.packageRoot + "/Sources/TransitionEngine"
    let report = try Verifier(options: options).run()
    #expect(report.chapters.count == 12)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
  }
}
