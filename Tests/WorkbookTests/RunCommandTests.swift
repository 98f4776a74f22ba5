// `workbook run FILE.swift …`: an app's files compiled against the engine as
// they are, run, with errors and traps at the files' own lines.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct RunCommandTests {
  static let animator = """
    import UIKit

    final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
      func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

      func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let to = context.view(forKey: .to) else { return }
        context.containerView.addSubview(to)
        to.alpha = 0
        UIView.animate(withDuration: 0.3, animations: { to.alpha = 1 }) { _ in
          context.completeTransition(!context.transitionWasCancelled)
        }
      }
    }

    final class FadeTransitions: NSObject, UIViewControllerTransitioningDelegate {
      func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                               source: UIViewController) -> UIViewControllerAnimatedTransitioning? { FadeAnimator() }
    }

    """

  static let driver = """
    import UIKit

    let home = UIViewController()
    let detail = UIViewController()
    let transitions = FadeTransitions()
    detail.modalPresentationStyle = .fullScreen
    detail.transitioningDelegate = transitions
    let stage = Stage(home)
    home.present(detail, animated: true)
    stage.simulation.advance(by: 0.15)
    print("alpha half way:", detail.view.layer.presentation()!.opacity)
    stage.settle()
    print("alpha at the end:", detail.view.alpha)

    """

  /// A checker on the package's own engine (as AppCodeTests uses it).
  static func checker() throws -> ExerciseChecker {
    let folder = try Fixtures.temporaryDirectory()
    let options = Fixtures.packageEngineOptions(book: folder)
    return try ExerciseChecker(workspace: Workspace(options))
  }

  @Test func appFilesRunAsWrittenAndTheDriverRunsLast() throws {
    let result = try Self.checker().run(files: [("/app/FadeAnimator.swift", Self.animator), ("/app/Driver.swift", Self.driver)])
    #expect(result.outcome == .finished, "\(result.messages)")
    #expect(result.output == "alpha half way: 0.5\nalpha at the end: 1.0\n")
  }

  /// `canImport(UIKit)` is true (the engine is built as a module named
  /// UIKit), so a file wrapped in it compiles to its contents, and the
  /// `#else` branch, which would not type-check, is left out.
  @Test func aFileWrappedInCanImportUIKitCompilesToItsContents() throws {
    let shared = """
      #if canImport(UIKit)
      import Foundation
      import UIKit
      typealias PlatformView = UIView
      let platform = "UIKit"
      #else
      let platform = NoSuchPlatform()
      #endif

      """
    let driver = """
      let view = PlatformView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var ran = false
      DispatchQueue.main.async { ran = true }
      Simulation.main.advance(by: 0)
      print(platform, view.bounds.width, ran)

      """
    let result = try Self.checker().run(files: [("/app/Platform.swift", shared), ("/app/Driver.swift", driver)])
    #expect(result.outcome == .finished, "\(result.messages)")
    #expect(result.output == "UIKit 10.0 true\n")
  }

  // Issue 40: the note points to what exists wherever the tool runs; the
  // errors that follow from the missing name on its line are counted; a
  // misspelt engine member gets the engine's name.
  @Test func errorsAreAtEachFilesOwnLinesAndMissingUIKitNamesAreNamed() throws {
    let broken = """
      import UIKit

      let picker = UIDocumentPickerViewController(forOpeningContentTypes: [.pdf], asCopy: nil)
      let v = UIView()
      v.alpah = 1

      """
    let result = try Self.checker().run(files: [("/app/FadeAnimator.swift", Self.animator + "let x: Int = \"no\"\n"),
                                                 ("/app/Broken.swift", broken)])
    #expect(result.outcome == .doesNotCompile)
    let errors = result.messages.filter { $0.severity == .error }
    #expect(errors.map { "\($0.file ?? "?"):\($0.line ?? 0)" }
      == ["/app/FadeAnimator.swift:20", "/app/Broken.swift:3", "/app/Broken.swift:5"], "\(errors)")
    #expect(Array(errors[1].excerpt.suffix(2)) == [
      "note: TransitionEngine does not model 'UIDocumentPickerViewController', a UIKit name; 'workbook fidelity' lists "
        + "what it models, and \(Fixtures.packageRoot)/Guides/TransitionEngine.md describes it",
      "note: and 2 more errors on this line that follow from it",
    ])
    #expect(errors[2].message == "value of type 'UIView' has no member 'alpah'")
    #expect(errors[2].excerpt.last == "note: did you mean 'alpha'?")
  }

  @Test func aTrapIsAtItsFilesLine() throws {
    let trap = "import UIKit\nlet views: [UIView] = []\nprint(\"before\")\nprint(views[3])\n"
    let result = try Self.checker().run(files: [("/app/Trap.swift", trap)])
    #expect(result.outcome == .crashed)
    #expect(result.output == "before\n")
    #expect(result.crash?.file == "/app/Trap.swift" && result.crash?.line == 4, "\(String(describing: result.crash))")
    #expect(result.crash?.message.contains("Index out of range") == true)
  }

  // An app's run loop keeps turning after its code: a presentation the
  // driver starts runs to its end and its completion prints without the
  // driver touching the clock; what UIKit would log (an animator that never
  // completes) is shown as a warning.
  @Test func theRunLoopTurnsAfterTheDriverAndUIKitsWarningsAreShown() throws {
    let present = """
      import UIKit

      let root = UIViewController()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      window.rootViewController = root
      window.makeKeyAndVisible()
      let card = UIViewController()
      card.modalPresentationStyle = .fullScreen
      card.transitioningDelegate = transitions
      root.present(card, animated: true) { print("presented") }
      print("asked")

      """
    let finishing = try Self.checker().run(files: [("/app/FadeAnimator.swift", Self.animator),
                                                  ("/app/Driver.swift", "let transitions = FadeTransitions()\n" + present)])
    #expect(finishing.outcome == .finished, "\(finishing.messages) \(finishing.otherErrors)")
    #expect(finishing.output == "asked\npresented\n")
    #expect(finishing.warnings == [])

    let stuck = Self.animator.replacingOccurrences(of: "context.completeTransition(!context.transitionWasCancelled)",
                                                   with: "_ = context")
    let stalled = try Self.checker().run(files: [("/app/FadeAnimator.swift", stuck),
                                                ("/app/Driver.swift", "let transitions = FadeTransitions()\n" + present)])
    #expect(stalled.output == "asked\n")
    #expect(stalled.warnings.contains { $0.contains("never called completeTransition(_:)") }, "\(stalled.warnings)")
  }

  // Round 4's M9 and L9: Ctrl-C shows what the program printed until then,
  // says it stopped it, exits 130 and leaves no temporary folder.
  @Test func ctrlCShowsTheOutputSoFarAndLeavesNoFolder() throws {
    let folder = try Fixtures.temporaryDirectory()
    let temporary = folder + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let marker = folder + "/printed"
    try """
      import Foundation
      print("BEFORE-INT-4242")
      fflush(nil)
      _ = FileManager.default.createFile(atPath: "\(marker)", contents: nil)
      sleep(120)

      """.write(toFile: folder + "/Slow.swift", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPackage.binary)
    process.arguments = ["run", "Slow.swift", "--timeout", "300"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
    FileManager.default.createFile(atPath: folder + "/out", contents: nil)
    FileManager.default.createFile(atPath: folder + "/err", contents: nil)
    process.standardOutput = FileHandle(forWritingAtPath: folder + "/out")
    process.standardError = FileHandle(forWritingAtPath: folder + "/err")
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Until the program has printed (the engine may be built first).
    for _ in 0..<6000 where !FileManager.default.fileExists(atPath: marker) && process.isRunning { usleep(100_000) }
    #expect(FileManager.default.fileExists(atPath: marker), "\(Fixtures.read(folder + "/err"))")
    kill(process.processIdentifier, SIGINT)
    if exited.wait(timeout: .now() + 60) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("workbook run did not end on SIGINT")
      return
    }
    #expect(process.terminationReason == .exit && process.terminationStatus == 130)
    let out = Fixtures.read(folder + "/out")
    #expect(out == "BEFORE-INT-4242\nInterrupted: the program was stopped (Ctrl-C)\n", "\(out)")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
    #expect(left.filter { $0.hasPrefix("workbook-run") } == [], "left behind: \(left)")
  }

  @Test func theCommandPrintsExitsAndRefusesWhatItCannotRead() throws {
    let folder = try Fixtures.temporaryDirectory()
    try Self.animator.write(toFile: folder + "/FadeAnimator.swift", atomically: true, encoding: .utf8)
    try Self.driver.write(toFile: folder + "/Driver.swift", atomically: true, encoding: .utf8)
    try "import UIKit\nlet v = UIView()\nv.alpah = 1\n".write(toFile: folder + "/Typo.swift", atomically: true, encoding: .utf8)
    func workbook(_ arguments: [String]) throws -> (Int32, String, String) {
      // No flags: the engine the tool ships with, in the per-user cache.
      let result = try ChildProcess.run(TestPackage.binary, arguments, directory: folder, timeout: 600)
      guard case .exited(let status) = result.termination else { return (-1, "", "\(result.termination)") }
      return (status, String(decoding: result.stdout, as: UTF8.self), String(decoding: result.stderr, as: UTF8.self))
    }
    let ok = try workbook(["run", "FadeAnimator.swift", "Driver.swift"])
    #expect(ok.0 == 0, "\(ok.2)")
    #expect(ok.1 == "alpha half way: 0.5\nalpha at the end: 1.0\n")
    let typo = try workbook(["run", "Typo.swift"])
    #expect(typo.0 == 1)
    #expect(typo.1 == "Typo.swift:3:3: error: value of type 'UIView' has no member 'alpah'\n 3 | v.alpah = 1\n   |   ^\n"
      + "note: did you mean 'alpha'?\nDoes not compile: 1 error\n")
    // The run loop turns after the driver: the presentation runs, and
    // UIKit's complaint about an animator that never completes is shown.
    try Self.animator.replacingOccurrences(of: "context.completeTransition(!context.transitionWasCancelled)", with: "_ = context")
      .write(toFile: folder + "/Stuck.swift", atomically: true, encoding: .utf8)
    try """
      import UIKit
      let root = UIViewController()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      window.rootViewController = root
      window.makeKeyAndVisible()
      let card = UIViewController()
      let transitions = FadeTransitions()
      card.transitioningDelegate = transitions
      root.present(card, animated: true) { print("presented") }

      """.write(toFile: folder + "/Present.swift", atomically: true, encoding: .utf8)
    let stuck = try workbook(["run", "Stuck.swift", "Present.swift"])
    #expect(stuck.0 == 0, "\(stuck.2)")
    #expect(stuck.1.hasPrefix("warning: The present transition never called completeTransition(_:)"), "\(stuck.1)")
    let missing = try workbook(["run", "Nope.swift"])
    #expect(missing.0 == 2)
    #expect(missing.2 == "error: Cannot read 'Nope.swift'; pass Swift files that exist\n")

    // Swift 6 mode by default, as an app target in Swift 6; 5 on request.
    try """
      import UIKit
      nonisolated func relayout(_ view: UIView) async { view.layoutIfNeeded() }
      print("compiled")

      """.write(toFile: folder + "/Relayout.swift", atomically: true, encoding: .utf8)
    let swift6 = try workbook(["run", "Relayout.swift"])
    #expect(swift6.0 == 1)
    #expect(swift6.1.hasPrefix("Relayout.swift:2:56: error: main actor-isolated instance method 'layoutIfNeeded()' "
                               + "cannot be called from outside of the actor"), "\(swift6.1)")
    let swift5 = try workbook(["run", "--swift-version", "5", "Relayout.swift"])
    #expect(swift5.0 == 0, "\(swift5.1)")
    #expect(swift5.1.hasPrefix("compiled\n"))
    let four = try workbook(["run", "--swift-version", "4", "Relayout.swift"])
    #expect(four.0 == 2)
    #expect(four.2.contains("'--swift-version' must be 5 or 6, got '4'"))
  }
}
