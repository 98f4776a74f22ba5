// Fidelity: the ledger joined to the engine's API, and its published
// forms: Guides/Fidelity.md (`markdown`) and the terminal's list and
// single row (`text`, `lookup`). The site's page is WorkbookSite's.
import Foundation
import WorkbookSupport

/// The fidelity ledger of one engine: its rows and its public API.
public struct Fidelity: Sendable {
  public var api: EngineAPI
  public var ledger: Ledger

  public init(api: EngineAPI, ledger: Ledger) {
    self.api = api
    self.ledger = ledger
  }

  /// Reads the engine's sources and data files (`engine`: its folder, as
  /// `Workspace.engineSources()` finds it). Parsing the engine takes
  /// seconds in a debug build, so the result is kept for the process
  /// while no file's size or modification time changes (`workbook serve`
  /// builds the site on every save).
  public static func load(engine: String) throws -> Fidelity {
    let fingerprint = Self.fingerprint(engine)
    if let cached = Cache.shared.get(engine), cached.fingerprint == fingerprint { return cached.fidelity }
    let fidelity = Fidelity(api: try EngineAPI.scan(folder: engine), ledger: try Ledger.read(engine: engine))
    Cache.shared.set(engine, (fingerprint, fidelity))
    return fidelity
  }

  private final class Cache: @unchecked Sendable {
    static let shared = Cache()
    private let lock = NSLock()
    private var entries: [String: (fingerprint: [String], fidelity: Fidelity)] = [:]
    func get(_ key: String) -> (fingerprint: [String], fidelity: Fidelity)? { lock.withLock { entries[key] } }
    func set(_ key: String, _ value: (fingerprint: [String], fidelity: Fidelity)) { lock.withLock { entries[key] = value } }
  }

  /// Every source and data file's path, size and modification time.
  static func fingerprint(_ engine: String) -> [String] {
    (EngineAPI.swiftFiles(under: engine) + Ledger.dataFiles(under: engine)).map { file in
      let attributes = try? FileManager.default.attributesOfItem(atPath: engine + "/" + file)
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
      let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      return "\(file) \(size) \(time)"
    }
  }

  /// What `row`'s API does here: the row's sentence, else its doc comment's first.
  public func here(_ row: Ledger.Row) -> String {
    row.here.isEmpty ? (api.symbol(named: row.symbol)?.summary ?? "") : row.here
  }

  /// The folders, as their data files are sorted, each with its rows:
  /// type-level rows by name, each followed by its member rows.
  public var sections: [(folder: String, rows: [Ledger.Row])] {
    let byFolder = Dictionary(grouping: ledger.rows, by: \.folder)
    return byFolder.keys.sorted().map { folder in
      let rows = byFolder[folder]!
      let symbols = Set(rows.map(\.symbol))
      // A member follows its type when the type's row is in the same file.
      func owner(_ row: Ledger.Row) -> String? {
        Ledger.lastQualifierDot(row.symbol).map { String(row.symbol[..<$0]) }.flatMap { symbols.contains($0) ? $0 : nil }
      }
      let tops = rows.filter { owner($0) == nil }.sorted { $0.symbol < $1.symbol }
      var ordered: [Ledger.Row] = []
      func add(_ row: Ledger.Row) {
        ordered.append(row)
        for member in rows.filter({ owner($0) == row.symbol }).sorted(by: { $0.symbol < $1.symbol }) { add(member) }
      }
      tops.forEach(add)
      return (folder, ordered)
    }
  }

  /// A folder's heading: `UIKit/AutoLayout`, or `TransitionEngine` for the engine's own folder.
  public static func title(ofFolder folder: String) -> String {
    folder.isEmpty ? "TransitionEngine" : folder
  }

  /// How many rows have each status.
  public var counts: [(FidelityStatus, Int)] {
    FidelityStatus.allCases.map { status in (status, ledger.rows.filter { $0.status == status }.count) }
  }

  /// "312 rows: 120 documented by Apple, …".
  public var summary: String {
    "\(ledger.rows.count) rows: " + counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.phrase)" }.joined(separator: ", ")
  }

  // MARK: - One symbol

  /// What the ledger says of a name someone typed.
  public enum Lookup: Sendable {
    /// Its own row, and the member rows under it.
    case row(Ledger.Row, members: [Ledger.Row])
    /// An API without a row of its own, covered by its type's row.
    case covered(symbol: String, by: Ledger.Row)
    /// A method typed without its labels (`UIView.animate`): each
    /// overload with the row that covers it.
    case overloads([(symbol: String, row: Ledger.Row)])
    /// No such API; the nearest names.
    case unknown(suggestions: [String])
  }

  /// The row for `name`: a row's symbol (`UIView.alpha`), or a public API
  /// its type's row covers. Case is ignored when only one symbol matches.
  public func lookup(_ name: String) -> Lookup {
    let known = ledger.rows.map(\.symbol) + api.symbols.map(\.name)
    let exact = known.first { $0 == name } ?? {
      let folded = Set(known.filter { $0.lowercased() == name.lowercased() })
      return folded.count == 1 ? folded.first : nil
    }()
    if let exact {
      if let row = ledger.row(for: exact) { return .row(row, members: ledger.memberRows(of: exact)) }
      if let covering = ledger.coveringRow(for: exact) { return .covered(symbol: exact, by: covering) }
    }
    // A method typed without its labels: `UIView.animate` → its rows.
    var seen = Set<String>()
    let overloads = api.symbols.filter { $0.name.hasPrefix(name + "(") && seen.insert($0.name).inserted }
      .compactMap { symbol in ledger.coveringRow(for: symbol.name).map { (symbol.name, $0) } }
    if overloads.count == 1 { return lookup(overloads[0].0) }
    if let first = overloads.first?.1, overloads.allSatisfy({ $0.1 == first }) { return .covered(symbol: name, by: first) }
    if !overloads.isEmpty { return .overloads(overloads) }
    return .unknown(suggestions: NameSuggestions.closest(to: name, among: Array(Set(known)).sorted(), limit: 3))
  }

  // MARK: - Text for the terminal

  /// Every row, a line each, under its folder; `status` nil: all.
  public func listText(status: FidelityStatus? = nil, width: Int = 100) -> String {
    var out = "The fidelity ledger: \(summary).\n"
    for section in sections {
      let rows = section.rows.filter { status == nil || $0.status == status }
      guard !rows.isEmpty else { continue }
      out += "\n" + Self.title(ofFolder: section.folder) + "\n"
      let nameWidth = min(48, rows.map(\.symbol.count).max() ?? 0)
      for row in rows {
        let name = row.symbol.count > nameWidth ? row.symbol : row.symbol.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        let head = "  \(name)  \(row.status.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))  "
        out += head + Self.clipped(here(row), to: max(20, width - head.count)) + "\n"
      }
    }
    out += "\nOne row in full: workbook fidelity SYMBOL (for example: workbook fidelity UIView)\n"
    return out
  }

  /// One row in full, with the member rows under it.
  public func rowText(_ row: Ledger.Row, members: [Ledger.Row], engineFolder: String = "Sources/TransitionEngine") -> String {
    var out = "\(row.symbol): \(row.status.phrase)\n"
    out += "  Here:      \(here(row))\n"
    out += "  Evidence:  \(row.evidence)\n"
    out += "  Tests:     \(row.tests.isEmpty ? "none pins it" : row.tests.joined(separator: ", "))\n"
    out += "  Row:       \(engineFolder)/\(row.file):\(row.line)\n"
    if !members.isEmpty {
      out += "\nMembers with rows of their own (the rest are as above):\n"
      let width = members.map(\.symbol.count).max() ?? 0
      for member in members {
        out += "  \(member.symbol.padding(toLength: width, withPad: " ", startingAt: 0))  \(member.status.rawValue)\n"
      }
    }
    return out
  }

  /// A method's overloads, each with the status of the row that covers it.
  public func overloadsText(_ name: String, _ overloads: [(symbol: String, row: Ledger.Row)]) -> String {
    var out = "\(name) has \(overloads.count) overloads:\n"
    let width = overloads.map(\.symbol.count).max() ?? 0
    for (symbol, row) in overloads {
      let whose = row.symbol == symbol ? "its own row" : "\(row.symbol)'s row"
      out += "  \(symbol.padding(toLength: width, withPad: " ", startingAt: 0))  \(row.status.rawValue) (\(whose))\n"
    }
    return out + "\nOne in full: workbook fidelity '\(overloads[0].symbol)'\n"
  }

  static func clipped(_ text: String, to width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  // MARK: - Guides/Fidelity.md

  /// The command that writes Guides/Fidelity.md.
  public static let guideCommand = "swift run workbook fidelity --markdown > Guides/Fidelity.md"

  /// Guides/Fidelity.md: the whole ledger, generated from the data files.
  public var markdown: String {
    var out = """
      <!-- Generated from Sources/TransitionEngine/**/Fidelity.md and the engine's doc comments by \
      `\(Self.guideCommand)`. Do not edit: edit the rows. -->

      # The fidelity ledger

      Every public API of `TransitionEngine` has a row here: what it does in
      the engine, how sure the engine is that a device does the same, and
      the tests that pin it. A type's row covers its members, except those
      with a row of their own, listed under it.

      | Status | Meaning | Evidence |
      |---|---|---|
      | documented | As Apple documents it (reference, header, guide) | the documentation's address |
      | observed | As devices were seen to behave in a public report (Apple is silent) | the report's address |
      | engine-choice | Apple is silent and no report was found: the engine chose | the reason |
      | not-modelled | The API compiles and runs, but what it does on a device is not modelled | what happens instead |
      | engine-only | The engine's own API (the clock, the capture), no UIKit counterpart | what it is for |

      \(summary.prefix(1).uppercased() + summary.dropFirst()).

      The same ledger is a page of the site (`fidelity.html`, where every
      UIKit name in a snippet links to its row) and is in the terminal:
      `workbook fidelity` lists it, `workbook fidelity UIView` shows one row.

      "Verified" never stands for what the engine does not model: where a
      call would otherwise do nothing visible (haptics, a blur, VoiceOver's
      focus, a nib), the engine notes the first use of the API
      (`Simulation.notModelled(_:instead:)`, naming its row), `verify` and
      `workbook run` warn at the snippet that made it, and the site marks
      that snippet's output "Not modelled". A test keeps every such note
      on a row whose status is not-modelled.

      Where the engine chose, it says so when it does: at the choice points
      of the rows a film leans on (a cancel's appearance calls, the pan
      threshold, UIKit's own slide, …) the engine reports the row as it
      makes the choice (`Simulation.engineChose`), and a film's note on the
      site and in `workbook play` names the rows reported while it was made,
      not every row its code mentions. A test keeps every report on a row
      whose status is engine-choice.

      ## Maintaining the ledger

      The rows live beside the code, one data file per engine folder
      (`Sources/TransitionEngine/UIKit/Fidelity.md`), excluded from the
      target in `Package.swift`. Each is one strict Markdown table, one row
      per line (a one-line diff per API, a table on GitHub, no quoting but
      `\\|` for a bar inside a cell). A row of `UIKit/Fidelity.md`:

      ```
      \(Ledger.header)
      |---|---|---|---|---|
      | `UIViewPropertyAnimator.init()` | engine-choice | Duration 0, ease-in-out, inactive; started, it ends on the next run-loop turn. | `NSObject.init()` on iOS; Apple documents no values for it. | AppAPITests.plainPropertyAnimatorIsAnInactiveZeroLengthEaseInOutAnimator |
      ```

      - **Symbol**: as the engine's sources declare it: a type
        (`UIView.AnimationOptions`), a top-level function with its labels
        (`CATransform3DMakeRotation(_:_:_:_:)`), a constant, or a member
        (`UIView.animate(withDuration:animations:)`, `UIView.alpha`). Every
        public type, top-level function, constant and type alias, and every
        Foundation type the engine extends, needs a row; a member needs one
        only where it differs from its type's.
      - **Status**: `documented`, `observed`, `engine-choice`, `not-modelled`
        or `engine-only`.
      - **Here**: what it does in the engine, one sentence; empty: the first
        sentence of its doc comment.
      - **Evidence**: an address for `documented` and `observed`; the reason
        otherwise.
      - **Tests**: the tests that pin it, `Suite.testName`, comma-separated.

      `swift test --filter FidelityLedgerTests` fails for a public API with
      no row, a row whose API no longer exists or sits in another folder's
      file, a status without its evidence, a test that does not exist, an
      engine folder without its data file (or one `Package.swift` does not
      exclude: add it to `fidelityLedgerFiles`), and when this file is not
      what `\(Self.guideCommand)` writes. `workbook fidelity --check` lists
      the same, with the rows to paste for the APIs that have none.


      """
    for section in sections {
      out += "## \(Self.title(ofFolder: section.folder))\n\n"
      out += "| API | Status | Here | Evidence | Tests |\n|---|---|---|---|---|\n"
      for row in section.rows {
        let tests = row.tests.map { "`\($0)`" }.joined(separator: ", ")
        out += "| `\(row.symbol)` | \(row.status.rawValue) | \(Self.cell(here(row))) | \(Self.cell(row.evidence)) | \(tests) |\n"
      }
      out += "\n"
    }
    return out
  }

  /// Text inside a Markdown table cell: bars escaped, on one line.
  static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
  }
}
