// The fidelity ledger on the site: engine APIs in snippets link to their
// rows on fidelity.html, the page has a row (and an anchor) for each, and
// a film whose code uses an API the engine chose for says so.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookFidelity
@testable import WorkbookSite

@Suite struct FidelitySiteTests {
  static let engineSource = """
    /// A view.
    open class UIView {
      public init(frame: CGRect) {}
      open var alpha: CGFloat = 1
      public class func animate(withDuration duration: Double, animations: () -> Void) {}
      public class func animate(withDuration duration: Double, delay: Double, animations: () -> Void) {}
      /// Options.
      public struct AnimationOptions: OptionSet { public let rawValue: Int }
      public var fractionComplete: CGFloat = 0
    }
    /// A layer.
    open class CALayer { public var frame: CGRect = .zero }
    /// A scale.
    public func CATransform3DMakeScale(_ x: Double, _ y: Double, _ z: Double) -> Int { 0 }
    """
  static let table = """
    | Symbol | Status | Here | Evidence | Tests |
    |---|---|---|---|---|
    | `UIView` | documented | | https://developer.apple.com/documentation/uikit/uiview | |
    | `UIView.AnimationOptions` | documented | | https://developer.apple.com/documentation/uikit/uiview/animationoptions | |
    | `UIView.animate(withDuration:delay:animations:)` | engine-choice | Waits. | A reason. | |
    | `UIView.fractionComplete` | observed | Counts. | https://example.com/report | |
    | `CALayer` | documented | | https://example.com/calayer | |
    | `CATransform3DMakeScale(_:_:_:)` | documented | | https://developer.apple.com/documentation/quartzcore/catransform3dmakescale(_:_:_:) | |
    """
  static let fidelity = Fidelity(
    api: EngineAPI(resolving: EngineAPI.symbols(in: engineSource, file: "UIKit/UIView.swift")),
    ledger: Ledger.parse(table, file: "UIKit/Fidelity.md"))

  @Test func engineNamesInCodeLinkToTheirRows() {
    let links = APIUsage(Self.fidelity)
    let code = """
      let v = UIView(frame: .zero)
      UIView.animate(withDuration: 1, delay: 0) { v.alpha = 0.5 }
      UIView.animate(withDuration: 1) { }
      let o: UIView.AnimationOptions = []
      let t = CATransform3DMakeScale(1, 2, 1)
      class Card: UIView {}
      v.fractionComplete = 0.5
      v.frame = .zero
      """
    let html = SwiftHighlighter.html(for: code, links: links).markup
    func link(_ anchor: String, _ text: String) -> String { "<a class=\"api\" href=\"./fidelity.html#\(anchor)\">\(text)</a>" }
    #expect(html.contains("<span class=\"k\">let</span> v = \(link("UIView", "UIView"))(<span class=\"l\">frame</span>:"))
    // A method with its own row links there (the call's labels pick the
    // overload); one without links to its type's row.
    #expect(html.contains("\(link("UIView", "UIView")).\(link("UIView.animate-withDuration-delay-animations", "animate"))(<span class=\"l\">withDuration</span>: <span class=\"n\">1</span>, <span class=\"l\">delay</span>"))
    #expect(html.contains("\(link("UIView", "UIView")).\(link("UIView", "animate"))(<span class=\"l\">withDuration</span>: <span class=\"n\">1</span>) { }"))
    #expect(html.contains("<span class=\"t\">\(link("UIView", "UIView"))</span>.<span class=\"t\">\(link("UIView.AnimationOptions", "AnimationOptions"))</span>"))
    #expect(html.contains(link("CATransform3DMakeScale", "CATransform3DMakeScale") + "("))
    #expect(html.contains("<span class=\"k\">class</span> Card: <span class=\"t\">\(link("UIView", "UIView"))</span>"))
    // A member of a value: its type is not known; `alpha` has no row of its
    // own, so it is not linked.
    #expect(html.contains("v.alpha"))
    // One that only UIView declares and that has its own row is.
    #expect(html.contains("v.\(link("UIView.fractionComplete", "fractionComplete")) = "))
    // `frame` is CALayer's only here, but has no row of its own.
    #expect(html.contains("v.frame = "))
    // Without a ledger, the same code as before.
    #expect(SwiftHighlighter.html(for: code, links: nil) == SwiftHighlighter.html(for: code))
    #expect(links.engineChoices(in: code).map(\.symbol) == ["UIView.animate(withDuration:delay:animations:)"])
  }

  @Test func theLedgerPageHasARowForEveryAPIAndTheSnippetsLinkToThem() throws {
    // The stand-in engine, copied with a ledger beside its sources: every
    // public API gets an engine-choice row.
    let root = try TestPackage.temporaryDirectory() + "/fidelity-site"
    let fm = FileManager.default
    try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
    try fm.copyItem(atPath: TestPackage.standInEngine, toPath: root + "/engine")
    // The folders built beside it: the diagrams harness and the SDK's module names.
    for sibling in [EngineBuilder.diagramsFolderName] + EngineBuilder.sdkModules {
      try fm.copyItem(atPath: TestPackage.standInEngine + "/../" + sibling, toPath: root + "/" + sibling)
    }
    let api = try EngineAPI.scan(folder: root + "/engine")
    let rows = api.requiredNames.map { "| `\($0)` | engine-choice | Stands in. | The tests' stand-in engine. | |" }
    try ([Ledger.header, "|---|---|---|---|---|"] + rows).joined(separator: "\n")
      .write(toFile: root + "/engine/Fidelity.md", atomically: true, encoding: .utf8)

    let book = try SiteFixtures.book("book")
    var options = SiteFixtures.options(root: book)
    options.engineSources = root + "/engine"
    let site = try SiteFixtures.build(book, options: options)
    #expect(site.files.map(\.path).contains("fidelity.html"))
    let ledger = site.text("fidelity.html")
    for name in api.requiredNames { #expect(ledger.contains("<tr id=\"\(Ledger.anchor(name))\"")) }
    // Every link to the ledger, on every page, names a row that is there.
    var linked = 0
    for file in site.files where file.path.hasSuffix(".html") {
      let page = site.text(file.path)
      for part in page.components(separatedBy: "href=\"./fidelity.html#").dropFirst() {
        let anchor = String(part.prefix { $0 != "\"" })
        #expect(ledger.contains("id=\"\(anchor)\""), "\(file.path) links to a missing row '\(anchor)'")
        linked += 1
      }
      #expect(page.contains("<a href=\"./fidelity.html\">The fidelity ledger</a>") || file.path == "fidelity.html")
    }
    #expect(linked > 0)
    // The film's code uses APIs whose rows are engine choices: its legend says so.
    #expect(site.text("01-basics.html").contains("<p class=\"fidelity-note\"><span class=\"fidelity-mark\">Engine&#8217;s choice</span>"))
  }
}

/// `workbook fidelity` in the terminal, on the package's own engine.
@Suite struct FidelityCommandTests {
  static let engine = TestPackage.root + "/Sources/TransitionEngine"

  func run(_ arguments: [String]) throws -> TestPackage.Outcome {
    let result = try ChildProcess.run(
      TestPackage.binary, ["fidelity"] + arguments + ["--engine-sources", Self.engine],
      directory: NSTemporaryDirectory(), timeout: 120)
    guard case .exited(let status) = result.termination else { return TestPackage.Outcome(status: -1, stdout: "", stderr: "") }
    return TestPackage.Outcome(status: status, stdout: String(decoding: result.stdout, as: UTF8.self),
                                stderr: String(decoding: result.stderr, as: UTF8.self))
  }

  @Test func oneRowInFullAMisspellingAndTheHelp() throws {
    let frame = try run(["UIView.frame"])
    #expect(frame.status == 0)
    #expect(frame.stdout.hasPrefix("UIView.frame: the engine's choice\n  Here:      "))
    #expect(frame.stdout.contains("  Tests:     ViewTests.frameWithTransform\n"))
    #expect(frame.stdout.contains("/UIKit/Fidelity.md:"))

    let covered = try run(["UIView.alpha"])
    #expect(covered.stdout.hasPrefix("UIView.alpha has no row of its own; its type's row covers it.\n\nUIView: documented by Apple\n"))

    let typo = try run(["UIVeiw"])
    #expect(typo.status == 2)
    #expect(typo.stderr == "error: no API 'UIVeiw' in the engine; did you mean 'UIView'?\n")

    let list = try run(["--status", "not-modelled"])
    #expect(list.stdout.contains("  UIVisualEffectView ") && !list.stdout.contains("  UIView "))

    let help = try run(["--help"])
    for status in ["documented", "observed", "engine-choice", "not-modelled", "engine-only"] {
      #expect(help.stdout.contains(status))
    }
    #expect(help.stdout.contains("workbook fidelity UIViewPropertyAnimator"))
  }

  // Issue 40: a UIKit type the engine lacks (or a member of it) is named as
  // verify names it, not as a typo; a misspelling still gets suggestions.
  @Test func aUIKitNameTheEngineDoesNotModelIsSaidAsVerifySaysIt() throws {
    let said = "TransitionEngine does not model 'UIDatePicker', a UIKit name; 'workbook fidelity' lists what it "
      + "models, and \(TestPackage.root)/Guides/TransitionEngine.md describes it.\n"
    for symbol in ["UIDatePicker", "UIDatePicker.date"] {
      let outcome = try run([symbol])
      #expect(outcome.status == 0)
      #expect(outcome.stdout == said, "\(symbol): \(outcome.stderr)")
    }
    let member = try run(["UIView.bringSubViewToFront"])
    #expect(member.status == 2)
    #expect(member.stderr.hasPrefix("error: no API 'UIView.bringSubViewToFront' in the engine; did you mean 'UIView.bringSubviewToFront(_:)'"))
  }
}

@Suite struct FidelityPageTests {
  @Test func cellsShowCodeAndLinksAndNamesBreakAtTheirParts() {
    #expect(FidelityPage.inline("Printed by `workbook --version` <b>; see https://example.com/a.").markup
      == "Printed by <code>workbook --version</code> &lt;b&gt;; see <a href=\"https://example.com/a\" rel=\"nofollow\">https://example.com/a</a>.")
    #expect(FidelityPage.inline("one ` tick").markup == "one ` tick")
    #expect(FidelityPage.breakable("UIView.animate(withDuration:)").markup == "UIView.<wbr>animate(<wbr>withDuration:<wbr>)")
  }
}
