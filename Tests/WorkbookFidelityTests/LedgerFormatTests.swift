import Foundation
import Testing
@testable import WorkbookFidelity

/// The parts of the ledger on small inputs: what counts as public API, how
/// a data file reads, what the check reports, how a typed name is found.
@Suite("Fidelity ledger format")
struct LedgerFormatTests {
  static let source = """
    /// A view. It draws.
    open class UIView {
      /// Its opacity.
      open var alpha: CGFloat = 1
      public init(frame: CGRect) {}
      public class func animate(withDuration duration: Double, animations: () -> Void) {}
      public class func animate(withDuration duration: Double, delay: Double, animations: () -> Void) {}
      func hidden() {}
      private var secret = 0
      public struct AnimationOptions: OptionSet { public let rawValue: Int }
      public enum Curve { case easeIn, easeOut }
    }
    public protocol UIViewControllerAnimatedTransitioning {
      func animateTransition(using context: Int)
    }
    struct Internal { public var x = 0 }
    extension CGRect {
      public func applying(_ t: Int) -> CGRect { self }
    }
    extension UIView {
      public var center: CGPoint { .zero }
    }
    public func CATransform3DMakeScale(_ x: Double, _ y: Double, _ z: Double) -> Int { 0 }
    public let kCAFillModeBoth = "both"
    @available(*, unavailable, renamed: "UIView.AnimationOptions")
    public typealias UIViewAnimationOptions = UIView.AnimationOptions
    """

  static let api = EngineAPI(resolving: EngineAPI.symbols(in: source, file: "UIKit/UIView.swift"))

  @Test func publicAPIIsReadFromTheSource() {
    #expect(Self.api.requiredNames == [
      "CATransform3DMakeScale(_:_:_:)", "CGRect", "UIView", "UIView.AnimationOptions", "UIView.Curve",
      "UIViewControllerAnimatedTransitioning", "kCAFillModeBoth",
    ])
    let members = Set(Self.api.symbols.filter { $0.kind == .member }.map(\.name))
    #expect(members.isSuperset(of: [
      "UIView.alpha", "UIView.init(frame:)", "UIView.animate(withDuration:animations:)",
      "UIView.animate(withDuration:delay:animations:)", "UIView.center", "UIView.Curve.easeIn",
      "UIViewControllerAnimatedTransitioning.animateTransition(using:)", "CGRect.applying(_:)",
    ]))
    #expect(!members.contains("UIView.hidden()") && !members.contains("UIView.secret"))
    #expect(!Self.api.symbols.contains { $0.name.hasPrefix("Internal") })
    #expect(Self.api.symbol(named: "UIView")?.summary == "A view.")
    #expect(Self.api.symbol(named: "UIView")?.line == 2)
  }

  static let table = """
    # Rows

    | Symbol | Status | Here | Evidence | Tests |
    |---|---|---|---|---|
    | `UIView` | documented | | https://developer.apple.com/documentation/uikit/uiview | ViewTests.a, `ViewTests.b` |
    | `UIView.alpha` | engine-choice | Stored as a Float; a \\| bar. | UIKit does not say. | |
    """

  @Test func aDataFileIsOneStrictTable() {
    let ledger = Ledger.parse(Self.table, file: "UIKit/Fidelity.md")
    #expect(ledger.problems.isEmpty)
    #expect(ledger.rows.map(\.symbol) == ["UIView", "UIView.alpha"])
    #expect(ledger.rows[0].tests == ["ViewTests.a", "ViewTests.b"])
    #expect(ledger.rows[0].line == 5)
    #expect(ledger.rows[1].here == "Stored as a Float; a | bar.")
    #expect(ledger.rows[1].status == .engineChoice)

    let bad = Ledger.parse("""
      | Symbol | Status | Here | Evidence |
      | `UIView` | sure | | x | |
      """, file: "F.md")
    #expect(bad.problems.map(\.line) == [1, 2])
    let badRow = Ledger.parse(Self.table + "\n| `X` | guessed | | y | |\n| `Y` | documented | only four |\n", file: "F.md")
    #expect(badRow.problems.map(\.message) == [
      "unknown status 'guessed'; one of documented, observed, engine-choice, not-modelled, engine-only",
      "a row has 5 cells, this one 3",
    ])
  }

  @Test func theCheckNamesWhatIsWrongAndWhere() {
    var ledger = Ledger.parse(Self.table, file: "UIKit/Fidelity.md")
    ledger.rows.append(Ledger.Row(symbol: "UIView.alhpa", status: .engineChoice, here: "x", evidence: "y", tests: [], file: "UIKit/Fidelity.md", line: 9))
    ledger.rows.append(Ledger.Row(symbol: "CGRect", status: .documented, here: "", evidence: "Apple says so", tests: ["Nope.none"], file: "Fidelity.md", line: 3))
    let failures = LedgerCheck.failures(ledger, api: Self.api, tests: ["ViewTests.a", "ViewTests.b"])
    let messages = failures.map(\.message)
    #expect(messages.contains("UIKit/Fidelity.md:9: 'UIView.alhpa' is not a public API of the engine (did you mean 'UIView.alpha'?); remove the row or fix its name"))
    #expect(messages.contains("Fidelity.md:3: 'CGRect' is declared in UIKit/UIView.swift; its row belongs in UIKit/Fidelity.md"))
    #expect(messages.contains("Fidelity.md:3: 'CGRect' is documented, so its evidence needs the documentation's address (https://…)"))
    #expect(failures.contains { $0.kind == .noDescription && $0.symbol == "CGRect" })
    #expect(messages.contains("Fidelity.md:3: 'CGRect' names the test 'Nope.none', which does not exist"))
    #expect(messages.contains("UIKit/UIView.swift:2: 'UIView' (type) has no row in UIKit/Fidelity.md") == false)
    #expect(messages.contains("UIKit/UIView.swift:10: 'UIView.AnimationOptions' (type) has no row in UIKit/Fidelity.md"))
    #expect(failures.filter { $0.kind == .missingRow }.map(\.symbol) == [
      "CATransform3DMakeScale(_:_:_:)", "UIView.AnimationOptions", "UIView.Curve", "UIViewControllerAnimatedTransitioning",
      "kCAFillModeBoth",
    ])
  }

  @Test func aTypedNameFindsItsRow() {
    let fidelity = Fidelity(api: Self.api, ledger: Ledger.parse(Self.table, file: "UIKit/Fidelity.md"))
    guard case .row(let row, let members) = fidelity.lookup("UIView") else { Issue.record("no row"); return }
    #expect(row.symbol == "UIView" && members.map(\.symbol) == ["UIView.alpha"])
    // A row's empty Here is its doc comment's first sentence.
    #expect(fidelity.here(row) == "A view.")
    guard case .row(let alpha, _) = fidelity.lookup("uiview.ALPHA") else { Issue.record("no alpha"); return }
    #expect(alpha.symbol == "UIView.alpha")
    guard case .covered(let name, let covering) = fidelity.lookup("UIView.init(frame:)") else { Issue.record("not covered"); return }
    #expect(name == "UIView.init(frame:)" && covering.symbol == "UIView")
    guard case .unknown(let suggestions) = fidelity.lookup("UIVeiw") else { Issue.record("found"); return }
    #expect(suggestions.first == "UIView")
    // A method by its base name: its overloads' row when one covers all.
    guard case .covered(_, let animate) = fidelity.lookup("UIView.animate") else { Issue.record("not covered"); return }
    #expect(animate.symbol == "UIView")
    var ledger = fidelity.ledger
    ledger.rows.append(Ledger.Row(symbol: "UIView.animate(withDuration:animations:)", status: .engineChoice, here: "x", evidence: "y", tests: [], file: "UIKit/Fidelity.md", line: 9))
    guard case .overloads(let overloads) = Fidelity(api: Self.api, ledger: ledger).lookup("UIView.animate") else { Issue.record("no overloads"); return }
    #expect(overloads.map { "\($0.symbol) \($0.row.status.rawValue)" } == [
      "UIView.animate(withDuration:animations:) engine-choice", "UIView.animate(withDuration:delay:animations:) documented",
    ])
    #expect(Ledger.anchor("UIView.animate(withDuration:animations:)") == "UIView.animate-withDuration-animations")
    #expect(Ledger.anchor("CATransform3DMakeScale(_:_:_:)") == "CATransform3DMakeScale")
    #expect(Ledger.anchor("UIView.init(frame:)") == "UIView.init-frame")
  }
}
