import Foundation
import Testing
@testable import WorkbookCore

/// The two modules snippets compile against — TransitionEngine and the
/// diagrams harness beside it — built from the package's sources and
/// reached through `import UIKit`.
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

      """.write(toFile: book + "/01-stage.md", atomically: true, encoding: .utf8)
    var options = Fixtures.options(book: book)
    options.engineSources = Fixtures.packageRoot + "/Sources/TransitionEngine"
    // The real engine: the per-user build the tool uses (as TutorialStyleTests).
    options.engineCacheDirectory = EngineCache.userDirectory()
    let report = try Verifier(options: options).run()
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.diagrams.count) == [1])
    #expect(snippets.first?.diagrams.first?.contains("\"kind\":\"frame\"") == true)
    #expect(snippets.first?.diagrams.first?.contains("\"framesJSON\"") == true)
  }

  @Test func aHarnessModuleTheCompilerCannotFindIsAToolchainFailure() {
    #expect(ProgramRun.toolchainFailure(in: ["main.swift:1:8: error: no such module 'TransitionDiagrams'"]) != nil)
    #expect(ProgramRun.toolchainFailure(in: ["main.swift:1:8: error: no such module 'SwiftUI'"]) == nil,
            "a module the book names is the book's own error")
  }

  @Test func theEngineSourcesMayNameTheSourcesFolder() throws {
    let engine = try EngineBuilder.locateSources(explicit: Fixtures.packageRoot + "/Sources", searchFrom: [])
    #expect(engine == Fixtures.packageRoot + "/Sources/TransitionEngine")
    #expect(EngineBuilder.diagramsSources(besideEngine: engine) == Fixtures.packageRoot + "/Sources/TransitionDiagrams")
  }
}
