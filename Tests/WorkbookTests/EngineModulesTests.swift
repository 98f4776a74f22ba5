import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// The modules snippets compile against — TransitionEngine, the diagrams
/// harness and the SDK modules beside it — built from the package's
/// sources and reached through `import UIKit`.
@Suite struct EngineModulesTests {
  @Test func aSnippetFilmsWithTheStageAndItsFiguresArePublished() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Stage

      ```swift
      import UIKit
      let home = UIViewController()
      home.view.backgroundColor = .white
      let stage = Stage(home)
      print(stage.frame().kind)
      ```

      ```output
      frame
      ```

      ```swift
      let card = UIView(frame: CGRect(x: 320, y: 100, width: 200, height: 200))
      card.accessibilityIdentifier = "card"
      card.backgroundColor = .systemBlue
      home.view.addSubview(card)
      UIView.animate(withDuration: 0.5) { card.frame.origin.x = 60 }
      let strip = stage.film(.times([0, 0.25, 0.5]))
      print(strip.kind)
      ```

      ```output
      filmstrip
      ```

      """.write(toFile: book + "/01-stage.md", atomically: true, encoding: .utf8)
    let options = Fixtures.packageEngineOptions(book: book)
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.diagrams.count) == [1, 1])
    let frame = try #require(snippets[0].diagrams.first)
    #expect(frame.kind == .frame)
    #expect(frame.frames?.frames.count == 1)
    #expect(frame.frames?.frames.first?.layers?.first?.label == "UIWindow")
    // The film the real harness wrote, read back typed: its frames with
    // their times, what was drawn for each, the key and the motion.
    let film = try #require(snippets[1].diagrams.first)
    #expect(film.kind == .filmstrip)
    #expect(film.film?.times == [0, 0.25, 0.5])
    #expect(film.film?.width == 320)
    let panels = try #require(film.panels)
    #expect(panels.frames.map(\.caption) == ["t=0s", "t=0.25s", "t=0.5s"])
    for panel in panels.frames {
      let lines = panel.text.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("┌") == true && lines.last?.hasPrefix("└") == true)
      #expect(lines.allSatisfy { film.text.contains($0) }, "each frame's rows are in the printed strip")
    }
    #expect(panels.frames[0].text != panels.frames[2].text, "the card moved")
    #expect(!panels.key.isEmpty && panels.key.allSatisfy { film.text.contains($0) })
    let motion = try #require(film.frames?.motion)
    #expect(motion.times.count == 31)
    #expect(motion.series?.contains { $0.label == "card" && $0.property == "x" } == true)
  }

  /// TransitionTesting's recording API (recorder, recording, film, flicker
  /// check) is built beside the engine, so a chapter teaches an app's tests
  /// with verified snippets; its assertions (Swift Testing, XCTest) are not.
  @Test func aChapterImportsTransitionTestingsRecordingAPI() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Testing

      ```swift
      import UIKit
      import TransitionTesting

      final class Home: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          title = "Home"
          view.backgroundColor = .white
        }
      }
      let recording = TransitionRecorder().record(Home.init) { scene in
        let details = UIViewController()
        details.title = "Details"
        details.view.backgroundColor = .systemBlue
        details.modalPresentationStyle = .fullScreen
        scene.root.present(details, animated: true)
      }
      print(recording.keyMoments.count, "key moments")
      print(recording.calls.contains { $0.hasSuffix("completeTransition(true)") })
      print(recording.flickerViolations(FlickerRules(incoming: "Details", outgoing: "Home")).count, "violations")
      print(FilmDiff.describe(golden: recording.film().text, actual: recording.film().text) ?? "same film")
      ```

      ```output
      5 key moments
      true
      0 violations
      same film
      ```

      ```swift compile-fail
      assertNoFlicker(recording)
      ```

      """.write(toFile: book + "/01-testing.md", atomically: true, encoding: .utf8)
    let options = Fixtures.packageEngineOptions(book: book)
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed, .passed],
            "the recording API runs; the assertions (they need Swift Testing or XCTest) are not there")
    let engine = try EngineBuilder.ensureBuilt(
      sources: options.engineSources!, toolchain: Toolchain.locate(cacheDirectory: EngineCache.userDirectory()),
      cacheDirectory: EngineCache.userDirectory())
    #expect(Files.exists(engine.directory + "/libTransitionTesting.so"))
    #expect(Files.exists(engine.directory + "/TransitionTesting.swiftmodule"))
    // An engine without TransitionTesting beside it (the fixtures' stand-in) builds without it.
    #expect(EngineBuilder.listTestingFiles(engine: Fixtures.engineSources).isEmpty)
    #expect(EngineBuilder.listTestingFiles(engine: options.engineSources!) == EngineBuilder.testingFiles)
  }

  @Test func aHarnessModuleTheCompilerCannotFindIsAToolchainFailure() {
    #expect(ProgramRun.toolchainFailure(in: ["main.swift:1:8: error: no such module 'TransitionDiagrams'"]) != nil)
    #expect(ProgramRun.toolchainFailure(in: ["<module-import>:1:8: error: no such module 'WorkbookPrelude'"]) != nil)
    #expect(ProgramRun.toolchainFailure(in: ["main.swift:1:8: error: no such module 'SwiftUI'"]) == nil,
            "a module the book names is the book's own error")
  }

  /// The helpers every program calls (the snippet marker, the diagrams'
  /// channel) are compiled once, as a module beside the engine, not in
  /// every program; a snippet that declares a function of the same name
  /// does not replace the marker.
  @Test func theSnippetHelpersAreBuiltOnceBesideTheEngine() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Helpers

      ```swift
      func __workbookSnippet(_ index: Int) { print("mine", index) }
      __workbookSnippet(7)
      ```

      ```output
      mine 7
      ```

      ```swift
      print("second")
      ```

      ```output
      second
      ```

      """.write(toFile: book + "/01-helpers.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed, .passed])
    let chapter = try #require(Book.load(book).chapters.first)
    let program = ProgramBuilder().chapterProgram(ProgramBuilder().translate(chapter))
    #expect(!program.prelude.contains("func __workbookSnippet"), "the helpers are not compiled with each program")
    #expect(program.main.contains("WorkbookPrelude.__workbookSnippet(0)"))
    let engines = try FileManager.default.contentsOfDirectory(atPath: Fixtures.engineCache + "/engine")
      .filter { !$0.hasPrefix(".") && Files.isDirectory(Fixtures.engineCache + "/engine/" + $0) }
    #expect(!engines.isEmpty)
    for engine in engines {
      let folder = Fixtures.engineCache + "/engine/" + engine
      #expect(FileManager.default.fileExists(atPath: folder + "/libWorkbookPrelude.so"))
      #expect(FileManager.default.fileExists(atPath: folder + "/WorkbookPrelude.swiftmodule"))
      for module in EngineBuilder.sdkModules {
        #expect(FileManager.default.fileExists(atPath: folder + "/\(module).swiftmodule"), "\(module)")
      }
    }
  }

  @Test func theEngineSourcesMayNameTheSourcesFolder() throws {
    let engine = try EngineBuilder.locateSources(explicit: Fixtures.packageRoot + "/Sources", searchFrom: [])
    #expect(engine == Fixtures.packageRoot + "/Sources/TransitionEngine")
    #expect(EngineBuilder.diagramsSources(besideEngine: engine) == Fixtures.packageRoot + "/Sources/TransitionDiagrams")
    // The SDK modules the package declares as targets are the ones built for snippets.
    for module in EngineBuilder.sdkModules {
      #expect(EngineBuilder.sdkModuleSources(module, besideEngine: engine) == Fixtures.packageRoot + "/Sources/" + module)
      #expect(Files.exists(Fixtures.packageRoot + "/Sources/\(module)/\(module).swift"))
    }
  }
}
