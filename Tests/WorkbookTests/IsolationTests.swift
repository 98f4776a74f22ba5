// Isolation as the iOS SDK declares it (Guides/TransitionEngine.md,
// "Isolation"): app-shaped files compiled against the package's engine with
// `workbook run`'s library call, in Swift 5 and in Swift 6 language mode
// (Tests/Fixtures/isolation).
//
// The SDK's rules these files exercise: UIKit's classes and transitioning
// protocols are `@MainActor` and, being Objective-C, `@preconcurrency`
// (swiftlang/swift, lib/AST/Decl.cpp, `Decl::preconcurrency()`: "Imported C
// declarations always predate concurrency"); Dispatch's `async` takes an
// `@escaping @Sendable` block (swift-corelibs-libdispatch, Queue.swift); a
// main-actor method's completion handlers are not made `@Sendable`
// (swiftlang/swift#82085, SE-0463's exception).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct IsolationTests {
  static let folder = (Fixtures.root as NSString).deletingLastPathComponent + "/isolation"

  /// A checker on the package's own engine, compiling in `mode`.
  static func checker(_ mode: SwiftLanguageMode) throws -> ExerciseChecker {
    let book = try Fixtures.temporaryDirectory()
    let options = Fixtures.packageEngineOptions(book: book)
    return try ExerciseChecker(workspace: Workspace(options), languageMode: mode)
  }

  static func files(in subfolder: String) throws -> [(path: String, code: String)] {
    let dir = folder + "/" + subfolder
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".swift") }.sorted()
    return try names.map { (dir + "/" + $0, try String(contentsOfFile: dir + "/" + $0, encoding: .utf8)) }
  }

  /// The app's files compile and behave alike in both modes, the driver last.
  @Test(arguments: SwiftLanguageMode.allCases)
  func appFilesWrittenForSwift6CompileAndRunInBothModes(_ mode: SwiftLanguageMode) throws {
    var files = try Self.files(in: "accepted")
    let driver = try #require(files.firstIndex { $0.path.hasSuffix("/Driver.swift") })
    files.append(files.remove(at: driver))
    let result = try Self.checker(mode).run(files: files)
    #expect(result.outcome == .finished, "\(result.messages.map(\.message)) \(result.otherErrors) \(result.stderr)")
    #expect(result.messages.filter { $0.severity == .warning }.map(\.message) == [])
    // The drawer takes the right two thirds of the 320-point screen. The
    // main-actor task and the main queue's block run in the run loop's next
    // turn, in the order they were enqueued (MainActor's executor "is
    // equivalent to the main dispatch queue"), the `asyncAfter` block 0.1 s
    // later, the animator's completion at the end of its 0.2 s (the guide,
    // "The run loop", "Swift concurrency").
    #expect(result.output == """
      presented at x = 106.66666666666667
      events: task, main queue, after 0.1 s, faded in
      dismissed: true

      """)
  }

  /// Each mistake compiles in Swift 5 mode and fails in Swift 6 mode with
  /// the isolation error its first line names, at its line in the file.
  @Test(arguments: try files(in: "rejected").map(\.path))
  func whatTheSDKRejectsInSwift6FailsHereAndCompilesInSwift5(_ path: String) throws {
    let code = try String(contentsOfFile: path, encoding: .utf8)
    let expected = try #require(code.split(separator: "\n").first.map { String($0.dropFirst("// error: ".count)) })
    let swift5 = try Self.checker(.v5).run(files: [(path, code)])
    #expect(swift5.outcome == .finished, "\(swift5.messages.map(\.message))")
    let swift6 = try Self.checker(.v6).run(files: [(path, code)])
    #expect(swift6.outcome == .doesNotCompile)
    let errors = swift6.messages.filter { $0.severity == .error }
    // The message without the compiler's diagnostic group (" [#SendableClosureCaptures]").
    #expect(errors.map { String($0.message.split(separator: " [#").first ?? "") } == [expected])
    #expect(errors.first?.file == path)
  }

  /// An initializer a UIKit class inherits from `NSObject` (`UIView()`,
  /// `UIViewController()`, a subclass's `Card()`) carries the class's
  /// isolation, as the SDK's imported classes do: made in a nonisolated
  /// function it gets exactly what a call to a `@preconcurrency @MainActor`
  /// function gets. With Swift 6.3 that is a warning in Swift 6 mode and
  /// nothing in Swift 5 mode: a `@preconcurrency` declaration downgrades
  /// isolation errors in Swift 6 too (SE-0337 as amended,
  /// swiftlang/swift-evolution#3264), and every Objective-C declaration is
  /// `@preconcurrency`.
  @Test(arguments: SwiftLanguageMode.allCases)
  func inheritedInitializersCarryTheClassIsolation(_ mode: SwiftLanguageMode) throws {
    let code = """
      import UIKit

      final class Card: UIView {}
      @preconcurrency @MainActor func reference() {}

      func makeViews() {
        reference()
        _ = UIView()
        _ = UIView(frame: .zero)
        _ = UILabel()
        _ = Card()
        _ = UIViewController()
        _ = UINavigationController()
        _ = UITabBarItem()
      }
      print("made")
      """
    let result = try Self.checker(mode).run(files: [("/app/Views.swift", code)])
    #expect(result.outcome == .finished, "\(result.messages.map(\.message)) \(result.otherErrors)")
    let isolation = result.messages.filter { $0.message.contains("in a synchronous nonisolated context") }
    let reference = isolation.filter { $0.line == 7 }
    let made = isolation.filter { $0.line != 7 }
    #expect(made.map(\.line) == (mode == .v6 ? Array(8...14) : []))
    #expect(Set(made.map(\.severity)).isSubset(of: Set(reference.map(\.severity))))
    #expect(reference.count == (mode == .v6 ? 1 : 0))
    #expect(made.allSatisfy { $0.message.hasPrefix("call to main actor-isolated initializer 'init") })
  }
}

/// Snippet code runs on the main actor in both language modes, as an app's
/// code does in UIKit's callbacks: the chapter program's top level and a
/// `no-run` snippet's body may call the chapter's own `@MainActor` functions.
@Suite struct MainActorSnippetTests {
  @Test(arguments: SwiftLanguageMode.allCases)
  func snippetsCallTheirOwnMainActorFunctions(_ mode: SwiftLanguageMode) throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try #"{"swiftLanguageMode": \#(mode.rawValue)}"#
      .write(toFile: book + "/site.json", atomically: true, encoding: .utf8)
    try """
      ```swift
      @MainActor func badge() -> String { "on the main actor" }
      print(badge())
      ```

      ```output
      on the main actor
      ```

      ```swift
      // Runs on the main thread: the run-time check passes.
      func checkedBadge() -> String { MainActor.assumeIsolated { badge() + ", checked at run time" } }
      print(checkedBadge())
      ```

      ```output
      on the main actor, checked at run time
      ```

      ```swift no-run
      _ = badge()
      ```
      """.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.findings == [], "\(report.findings.map(\.message))")
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed, .passed, .passed])
  }
}
