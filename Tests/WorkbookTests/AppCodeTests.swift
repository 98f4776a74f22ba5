import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// Real-world-shaped transition files (Tests/Fixtures/appcode): presentation
/// controllers, animators, interaction controllers, navigation and tab-bar
/// delegates, associated objects, written the way apps write them, each file
/// starting with `import UIKit` (some with Foundation, one wrapped in `#if
/// canImport(UIKit)`), compiled with their imports as written; a driver per
/// chapter runs them. Verified against the package's engine exactly as the
/// book is, in Swift 5 and in Swift 6 language mode (the book's
/// `site.json`), with the same recorded output.
@Suite struct AppCodeTests {
  @Test(arguments: SwiftLanguageMode.allCases)
  func appFilesCompileAsWrittenAndBehaveAsRecorded(_ mode: SwiftLanguageMode) throws {
    let target = try Fixtures.temporaryDirectory()
    let source = (Fixtures.root as NSString).deletingLastPathComponent + "/appcode"
    try FileManager.default.copyItem(atPath: source, toPath: target + "/appcode")
    try #"{"swiftLanguageMode": \#(mode.rawValue)}"#
      .write(toFile: target + "/appcode/Chapters/site.json", atomically: true, encoding: .utf8)
    let options = Fixtures.packageEngineOptions(book: target + "/appcode/Chapters")
    let report = try Verifier().run(in: Workspace(options))
    let files = try FileManager.default.contentsOfDirectory(atPath: source + "/Chapters").filter { $0.hasSuffix(".md") }
    #expect(report.chapters.count == files.count)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
  }

  /// No mapping but the Objective-C spellings: every line the compiler gets
  /// is the line as written, or that line with `@objc`/`#selector` rewritten.
  @Test func appFilesReachTheCompilerAsWrittenButForObjectiveCSpellings() throws {
    let folder = (Fixtures.root as NSString).deletingLastPathComponent + "/appcode/Chapters"
    var imports = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".md") {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      let chapter = ChapterLoader.load(bytes: bytes, path: folder + "/" + name, displayPath: name)
      for snippet in chapter.snippets {
        let written = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        let compiled = SnippetTranslator.standard.translate(snippet.code).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(written.count == compiled.count)
        for (line, translated) in zip(written, compiled) where line != translated {
          #expect(line.contains("@objc") || line.contains("#selector") || line.contains("@IB"),
                  "\(name): \(line) became \(translated)")
        }
        imports += written.filter { $0.hasPrefix("import ") }.count
      }
    }
    #expect(imports > 20, "the collection's files import UIKit (and Foundation) as apps do")
  }
}
