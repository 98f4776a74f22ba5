// run_swift and record_transition on the package's own engine: what
// `workbook run` prints, as structured content; a transition filmed by
// TransitionTesting's recorder, its bug found and its fix clean.
import Foundation
import MCP
import Testing
import TestSupport
@testable import WorkbookMCP

@Suite(.serialized) struct RunToolTests {
  /// A slide-up animator; `completes: false` leaves out completeTransition
  /// (the bug the e2e test and Guides/Agents.md show).
  static func animator(completes: Bool) -> String {
    """
    import UIKit

    final class SlideUpAnimator: NSObject, UIViewControllerAnimatedTransitioning {
      func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

      func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let card = context.view(forKey: .to) else { return }
        context.containerView.addSubview(card)
        card.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
        card.transform = CGAffineTransform(translationX: 0, y: card.bounds.height)
        UIView.animate(withDuration: 0.3, animations: { card.transform = .identity }) { _ in
          \(completes ? "context.completeTransition(!context.transitionWasCancelled)" : "// completeTransition is never called")
        }
      }
    }

    final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
      func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                               source: UIViewController) -> UIViewControllerAnimatedTransitioning? { SlideUpAnimator() }
    }

    final class HomeViewController: UIViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        view.backgroundColor = .white
      }
    }

    final class CardViewController: UIViewController {
      let transitions = CardTransitions()
      override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Card"
        modalPresentationStyle = .fullScreen
        transitioningDelegate = transitions
      }
      required init?(coder: NSCoder) { fatalError() }
      override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBlue
      }
    }

    """
  }

  static func record(_ connection: Connection, completes: Bool) async throws -> CallTool.Result {
    try await connection.call(
      "record_transition",
      [
        "files": [["path": "CardTransition.swift", "content": .string(animator(completes: completes))]],
        "root": "HomeViewController()",
        "scenario": ["kind": "present", "controller": "CardViewController()"],
        "incoming": "Card", "outgoing": "Home",
      ])
  }

  @Test func runSwiftGivesTheOutputTheFilmsAndTheDiagnosticsAsWorkbookRunDoes() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let driver = """
      import UIKit
      let home = UIViewController()
      let stage = Stage(home)
      print("device:", stage.simulation.device.name)
      let card = CardViewController()
      home.present(card, animated: true)
      print(stage.film())
      """
    let result = try await connection.call(
      "run_swift",
      [
        "files": [
          ["path": "CardTransition.swift", "content": .string(Self.animator(completes: true))],
          ["path": "Driver.swift", "content": .string(driver)],
        ],
        "device": "iPhone 15",
      ])
    let answer = try #require(result.structuredContent?.objectValue)
    #expect(result.isError != true)
    #expect(answer["outcome"] == "finished", "\(Connection.text(result))")
    #expect(answer["output"]?.stringValue?.hasPrefix("device: iPhone 15\n") == true)
    let film = try #require(answer["diagrams"]?.arrayValue?.first { $0.objectValue?["kind"] == "filmstrip" }?.objectValue)
    #expect(film["frames"]?.objectValue?["frames"]?.arrayValue?.isEmpty == false)
    #expect(answer["warnings"] == [] && answer["flicker"] == [])
    #expect(Connection.text(result).hasPrefix("device: iPhone 15\n"))

    // A compiler error: at the file's own line (its path as given), with
    // the line and a caret.
    let broken = try await connection.call(
      "run_swift",
      [
        "files": [["path": "/app/Broken.swift", "content": "import UIKit\nlet view = UIView()\nview.alpha = \"half\"\n"]]
      ])
    let diagnostics = try #require(broken.structuredContent?.objectValue?["diagnostics"]?.arrayValue)
    #expect(broken.structuredContent?.objectValue?["outcome"] == "does-not-compile")
    let error = try #require(diagnostics.first { $0.objectValue?["severity"] == "error" }?.objectValue)
    #expect(error["file"] == "/app/Broken.swift" && error["line"] == 3, "\(error)")
    #expect(Connection.text(broken).contains("/app/Broken.swift:3:"), "\(Connection.text(broken))")
  }

  @Test func recordTransitionFindsTheMissingCompleteTransitionAndTheFixIsClean() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let buggy = try await Self.record(connection, completes: false)
    let bug = try #require(buggy.structuredContent?.objectValue)
    #expect(bug["clean"] == false, "\(Connection.text(buggy))")
    let findings =
      (bug["run"]?.objectValue?["warnings"]?.arrayValue ?? []) + (bug["run"]?.objectValue?["flicker"]?.arrayValue ?? [])
    #expect(findings.contains { $0.stringValue?.contains("completeTransition") == true }, "\(Connection.text(buggy))")

    let fixed = try await Self.record(connection, completes: true)
    let answer = try #require(fixed.structuredContent?.objectValue)
    #expect(answer["clean"] == true, "\(Connection.text(fixed))")
    let film = try #require(answer["film"]?.objectValue)
    #expect(film["text"]?.stringValue?.hasPrefix("film: 5 frames of iPhone SE") == true, "\(film["text"] ?? nil)")
    #expect(film["frames"]?.objectValue?["frames"]?.arrayValue?.count == 5)
    #expect(answer["trace"]?.stringValue?.contains("completeTransition(true)") == true)
    #expect(
      Connection.text(fixed).hasSuffix(
        "Clean: the transition ran to its end, nothing was logged and the flicker check found nothing.\n"))
  }

  @Test func everyScenarioKindCompilesAndRuns() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let app = Self.animator(completes: true)
    let scenarios: [(root: String, scenario: Value)] = [
      ("UIViewController()", ["kind": "dismiss", "controller": "CardViewController()"]),
      ("UINavigationController(rootViewController: UIViewController())", ["kind": "push", "controller": "UIViewController()"]),
      ("UINavigationController(rootViewController: UIViewController())", ["kind": "pop", "controller": "UIViewController()"]),
      ("UIViewController()", ["kind": "drag", "from": [160, 300], "to": [160, 500], "duration": 0.2, "ending": "cancel"]),
      ("UIViewController()", ["kind": "code", "code": "scene.root.present(CardViewController(), animated: true)"]),
    ]
    for (root, scenario) in scenarios {
      let result = try await connection.call(
        "record_transition",
        [
          "files": [["path": "CardTransition.swift", "content": .string(app)]], "root": .string(root), "scenario": scenario,
        ])
      #expect(
        result.structuredContent?.objectValue?["run"]?.objectValue?["outcome"] == "finished",
        "\(scenario): \(Connection.text(result))")
    }
  }
}
