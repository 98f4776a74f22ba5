// `workbook fidelity [SYMBOL]`: the fidelity ledger in the terminal.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookFidelity
import WorkbookStepper

extension Workbook {
  struct Fidelity: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show how sure the engine is that each UIKit API behaves as on a device.",
      discussion: """
        Every public API of the engine has a row in the fidelity ledger: what it does here, \
        its status and the evidence, and the tests that pin it. The statuses:
          documented      as Apple documents it (the evidence is the documentation's address)
          observed        as devices were seen to behave in a public report (its address)
          engine-choice   Apple is silent and no report was found: the engine chose (the reason)
          not-modelled    it compiles and runs, but what it does on a device is not modelled
          engine-only     the engine's own API, with no UIKit counterpart

        A type's row covers its members, except those with a row of their own. \
        The rows live in a Fidelity.md beside the engine's sources in each folder; \
        Guides/Fidelity.md and the site's fidelity.html are generated from them.

        Examples:
          workbook fidelity                            Every row, one line each
          workbook fidelity --status engine-choice     Only what the engine chose
          workbook fidelity UIViewPropertyAnimator     One row in full, with its member rows
          workbook fidelity UIView.animate             A method's overloads, each with its status
          workbook fidelity 'UIView.animate(withDuration:animations:)'   One overload
          workbook fidelity UIDatePicker               A UIKit type the engine does not model: said so
          workbook fidelity --check                    What the ledger is missing (maintainers)
          workbook fidelity --markdown > Guides/Fidelity.md
        """)

    @Argument(help: ArgumentHelp("An API: a type (UIView), a member (UIView.alpha) or a function.", valueName: "symbol"))
    var symbol: String?

    @Option(help: ArgumentHelp(
      "Only rows with this status: \(FidelityStatus.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "status"))
    var status: FidelityStatus?

    @Flag(help: "Print Guides/Fidelity.md (the whole ledger as Markdown).")
    var markdown = false

    @Flag(help: "List what is wrong with the ledger (APIs without rows, stale rows, missing evidence); exit 1 if anything is.")
    var check = false

    @Option(help: ArgumentHelp(
      "The engine's source folder ($WORKBOOK_ENGINE_SOURCES). Default: Sources/TransitionEngine of the package around the working folder, else the engine that ships with workbook.",
      valueName: "dir"))
    var engineSources: String?

    func run() throws {
      var configuration = Workspace.Configuration()
      configuration.engineSources = engineSources
      let engine = try Workspace(configuration).engineSources()
      let fidelity = try WorkbookFidelity.Fidelity.load(engine: engine)
      let terminal = Terminal()
      if markdown {
        terminal.write(fidelity.markdown)
        return
      }
      if check {
        try runCheck(fidelity, engine: engine)
        return
      }
      guard let symbol else {
        terminal.write(fidelity.listText(status: status, width: terminal.outputIsTerminal ? terminal.width : 120))
        return
      }
      switch fidelity.lookup(symbol) {
      case .row(let row, let members):
        terminal.write(fidelity.rowText(row, members: members, engineFolder: ExerciseBook.displayPath(engine)))
      case .covered(let name, let row):
        terminal.write("\(name) has no row of its own; its type's row covers it.\n\n"
          + fidelity.rowText(row, members: [], engineFolder: ExerciseBook.displayPath(engine)))
      case .overloads(let overloads):
        terminal.write(fidelity.overloadsText(symbol, overloads))
      case .unknown(let suggestions):
        // A UIKit type the engine lacks (or a member of one) is an answer
        // about UIKit, said as verify says it; anything else is a typo.
        let type = String(symbol.prefix { $0 != "." && $0 != "(" })
        guard UIKitNames.all.contains(type), case .unknown = fidelity.lookup(type) else {
          throw CommandError.unknownAPI(symbol, suggestions: suggestions)
        }
        terminal.write(UIKitNames.notModelled(type) + ".\n")
      }
    }

    /// `--check`: every failure, and for each API without a row the row to paste.
    func runCheck(_ fidelity: WorkbookFidelity.Fidelity, engine: String) throws {
      let tests = (engine as NSString).deletingLastPathComponent + "/../Tests"
      let names = FileManager.default.fileExists(atPath: tests) ? try LedgerCheck.testNames(under: tests) : nil
      let failures = LedgerCheck.failures(fidelity.ledger, api: fidelity.api, tests: names)
      let terminal = Terminal()
      guard !failures.isEmpty else {
        terminal.write("The ledger covers every public API: \(fidelity.summary).\n")
        return
      }
      var text = failures.map { "- \($0.message)\n" }.joined()
      let missing = Dictionary(grouping: failures.filter { $0.kind == .missingRow }) { failure in
        fidelity.api.symbol(named: failure.symbol).map { LedgerCheck.dataFile(in: $0.folder) } ?? ""
      }
      for file in missing.keys.sorted() {
        text += "\nRows to add to \(file) (fill in the status, evidence and tests):\n"
        for failure in missing[file]! { text += "| `\(failure.symbol)` | engine-choice | | TODO | |\n" }
      }
      terminal.write(text)
      throw ReportedFailure()
    }
  }
}

extension FidelityStatus: ExpressibleByArgument {}
