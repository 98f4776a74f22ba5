import Foundation
import Testing
@testable import WorkbookFidelity

/// The engine's real ledger: every public API has a row, every row is
/// sound, and Guides/Fidelity.md is what the rows make.
@Suite("Fidelity ledger of the engine")
struct FidelityLedgerTests {
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()
  static let engine = packageRoot + "/Sources/TransitionEngine"

  static let fidelity: Fidelity = try! Fidelity.load(engine: engine)
  static let tests: Set<String> = try! LedgerCheck.testNames(under: packageRoot + "/Tests")
  static let failures = LedgerCheck.failures(fidelity.ledger, api: fidelity.api, tests: tests)

  func report(_ kinds: LedgerCheck.Failure.Kind...) -> String {
    Self.failures.filter { kinds.contains($0.kind) }.map(\.message).joined(separator: "\n")
  }

  @Test func everyDataFileReads() {
    #expect(report(.unreadable).isEmpty, "\n\(report(.unreadable))")
    // One data file per engine folder, each excluded from the target.
    let folders = Set(Self.fidelity.api.symbols.map(\.folder))
    let files = Set(Ledger.dataFiles(under: Self.engine))
    for folder in folders {
      #expect(files.contains(LedgerCheck.dataFile(in: folder)), "no \(LedgerCheck.dataFile(in: folder))")
    }
    let manifest = (try? String(contentsOfFile: Self.packageRoot + "/Package.swift", encoding: .utf8)) ?? ""
    for file in files { #expect(manifest.contains("\"\(file)\""), "Package.swift does not exclude \(file)") }
  }

  @Test func everyPublicAPIHasARow() {
    #expect(Self.fidelity.api.requiredNames.count > 200)
    #expect(report(.missingRow).isEmpty, "Public APIs without a row (`swift run workbook fidelity --check` prints the rows to add):\n\(report(.missingRow))")
  }

  /// What the engine notes at run time as not modelled (verify's warning,
  /// the site's mark) is what the ledger says is not modelled: every
  /// `notModelled("X", …)` in the engine names a row of status
  /// `not-modelled`.
  @Test func everyAPITheEngineNotesAsNotModelledHasANotModelledRow() throws {
    var named: [String] = []
    for file in EngineAPI.swiftFiles(under: Self.engine) {
      let source = try String(contentsOfFile: Self.engine + "/" + file, encoding: .utf8)
      // `notModelled("X", …)`, the symbol on the call's line or the next.
      var rest = source[...]
      while let call = rest.range(of: "notModelled(") {
        let tail = rest[call.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard tail.first == "\"", let end = tail.dropFirst().firstIndex(of: "\"") else {
          rest = rest[call.upperBound...]
          continue
        }
        named.append(String(tail[tail.index(after: tail.startIndex)..<end]))
        rest = tail[end...]
      }
    }
    #expect(named.count >= 25)
    for symbol in named {
      #expect(Self.fidelity.ledger.row(for: symbol)?.status == .notModelled, "notModelled(\"\(symbol)\") has no not-modelled row of its own")
    }
  }

  /// What a film's note names as the engine's choice, the engine reports
  /// as it makes it (`engineChose("X")`): each X is a row of status
  /// `engine-choice`, and the rows the book's films lean on most report.
  @Test func everyChoiceTheEngineReportsHasAnEngineChoiceRow() {
    let reported = Self.fidelity.api.reportedChoices
    #expect(reported.isSuperset(of: [
      "UIViewControllerContextTransitioning.completeTransition(_:)", "UIViewController.transitioningDelegate",
      "UIPanGestureRecognizer", "UINavigationController.pushViewController(_:animated:)",
    ]))
    for symbol in reported {
      #expect(Self.fidelity.ledger.row(for: symbol)?.status == .engineChoice,
              "engineChose(\"\(symbol)\") has no engine-choice row of its own")
    }
  }

  /// A film's note: the code's engine choices that the engine does not
  /// report, and the reported ones only when made while filming.
  @Test func aFilmNamesReportedChoicesOnlyWhenMade() {
    let usage = APIUsage(Self.fidelity)
    let code = usage.engineChoices(in: """
      let context: UIViewControllerContextTransitioning? = nil
      context?.completeTransition(true)
      let snapshot = UIView().snapshotView(afterScreenUpdates: true)
      let layer = CALayer()
      layer.isDoubleSided = false
      """)
    #expect(code.map(\.symbol).contains("UIViewControllerContextTransitioning.completeTransition(_:)"))
    #expect(usage.filmChoices(code: code, madeWhileFilming: []).isEmpty)
    #expect(usage.filmChoices(code: code, madeWhileFilming: ["UIView.snapshotView(afterScreenUpdates:)"]).map(\.symbol)
      == ["UIView.snapshotView(afterScreenUpdates:)"])
  }

  @Test func everyRowNamesAnAPIOfItsFolderOnce() {
    #expect(report(.staleRow, .misplacedRow, .duplicateRow).isEmpty, "\n\(report(.staleRow, .misplacedRow, .duplicateRow))")
  }

  @Test func everyRowSaysWhatItDoesAndWhy() {
    #expect(report(.noEvidence, .noDescription).isEmpty, "\n\(report(.noEvidence, .noDescription))")
  }

  @Test func everyPinnedTestExists() {
    #expect(Self.tests.contains("FidelityLedgerTests.everyPinnedTestExists"))
    #expect(report(.unknownTest).isEmpty, "\n\(report(.unknownTest))")
  }

  @Test func anchorsAreUnique() {
    let anchors = Dictionary(grouping: Self.fidelity.ledger.rows, by: \.anchor).filter { $0.value.count > 1 }
    #expect(anchors.isEmpty, "rows sharing an anchor: \(anchors.keys.sorted())")
  }

  @Test func guideIsCurrent() throws {
    let path = Self.packageRoot + "/Guides/Fidelity.md"
    let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    #expect(written == Self.fidelity.markdown, "Guides/Fidelity.md is stale: run `\(Fidelity.guideCommand)`")
  }
}
