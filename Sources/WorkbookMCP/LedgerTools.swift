// fidelity_lookup and engine_model: the fidelity ledger as
// `workbook fidelity` reads it (WorkbookFidelity, from the engine's sources
// and its Fidelity.md files), one row or a filtered list.
import Foundation
import MCP
import WorkbookCore
import WorkbookFidelity
import WorkbookSupport

extension ToolHandler {
  func fidelityLookup(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let symbol = try arguments.requiredString("symbol")
    return await work.perform { [configuration] in
      Self.answering {
        let engine = try Workspace(configuration).engineSources()
        let fidelity = try Fidelity.load(engine: engine)
        let folder = ExerciseBook.displayPath(engine)
        var answer = LookupAnswer(symbol: symbol, match: "row")
        let text: String
        switch fidelity.lookup(symbol) {
        case .row(let row, let members):
          answer.row = LedgerRow(row, fidelity)
          answer.members = members.map { LedgerRow($0, fidelity) }
          text = fidelity.rowText(row, members: members, engineFolder: folder)
        case .covered(let name, let row):
          answer.match = "covered"
          answer.row = LedgerRow(row, fidelity)
          text =
            "\(name) has no row of its own; its type's row covers it.\n\n"
            + fidelity.rowText(row, members: [], engineFolder: folder)
        case .overloads(let overloads):
          answer.match = "overloads"
          answer.overloads = overloads.map { Overload(symbol: $0.symbol, row: LedgerRow($0.row, fidelity)) }
          text = fidelity.overloadsText(symbol, overloads)
        case .unknown(let suggestions):
          // A UIKit type the engine lacks is an answer about UIKit, as
          // `workbook fidelity` gives it; anything else is a typo.
          let type = String(symbol.prefix { $0 != "." && $0 != "(" })
          if UIKitNames.all.contains(type), case .unknown = fidelity.lookup(type) {
            answer.match = "not-modelled"
            text = UIKitNames.notModelled(type) + ".\n"
          } else {
            answer.match = "unknown"
            answer.suggestions = suggestions
            text = "No API '\(symbol)' in the engine\(NameSuggestions.sentence(suggestions))\n"
          }
        }
        return Self.answer(text, answer)
      }
    }
  }

  func engineModel(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let name = try arguments.string("status")
    let status = name.flatMap(FidelityStatus.init(rawValue:))
    guard name == nil || status != nil else {
      throw MCPError.invalidParams(
        "engine_model: 'status' must be one of "
          + FidelityStatus.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
    }
    let prefix = try arguments.string("prefix") ?? ""
    let members = try arguments.bool("members") ?? false
    return await work.perform { [configuration] in
      Self.answering {
        let fidelity = try Fidelity.load(engine: try Workspace(configuration).engineSources())
        let rows = fidelity.ledger.rows.filter { row in
          (status == nil || row.status == status) && row.symbol.hasPrefix(prefix)
            && (members || Ledger.owner(of: row.symbol) == nil)
        }
        // The list as `workbook fidelity` prints it, of the chosen rows.
        let chosen = Fidelity(api: fidelity.api, ledger: Ledger(rows: rows))
        let answer = ModelAnswer(
          summary: chosen.summary, rows: chosen.sections.flatMap { $0.rows.map { LedgerRow($0, fidelity) } })
        return Self.answer(chosen.listText(width: 160), answer)
      }
    }
  }
}

/// One row of the ledger, as the tools give it.
struct LedgerRow: Encodable {
  var symbol: String
  /// documented, observed, engine-choice, not-modelled or engine-only.
  var status: String
  /// What the engine does.
  var here: String
  /// The documentation's or report's address, or the engine's reason.
  var evidence: String
  var tests: [String]
  /// The engine folder: UIKit, UIKit/AutoLayout, … ("" for the engine's own).
  var folder: String

  init(_ row: Ledger.Row, _ fidelity: Fidelity) {
    symbol = row.symbol
    status = row.status.rawValue
    here = fidelity.here(row)
    evidence = row.evidence
    tests = row.tests
    folder = row.folder
  }
}

/// A method's overload and the row that covers it.
struct Overload: Encodable {
  var symbol: String
  var row: LedgerRow
}

/// fidelity_lookup's structured content.
struct LookupAnswer: Encodable {
  var symbol: String
  /// row (its own), covered (by its type's row), overloads, not-modelled
  /// (a UIKit name the engine lacks) or unknown (see `suggestions`).
  var match: String
  var row: LedgerRow? = nil
  var members: [LedgerRow] = []
  var overloads: [Overload] = []
  var suggestions: [String] = []
}

/// engine_model's structured content.
struct ModelAnswer: Encodable {
  var summary: String
  var rows: [LedgerRow]
}
