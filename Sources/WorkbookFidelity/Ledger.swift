// Ledger: the fidelity ledger's rows, read from the data files that sit
// beside the engine's code, one per folder (`Sources/TransitionEngine/UIKit/
// Fidelity.md`). Each file is a strict Markdown table:
//
//   | Symbol | Status | Here | Evidence | Tests |
//   |---|---|---|---|---|
//   | `UIView` | documented | | https://developer.apple.com/documentation/uikit/uiview | ViewTests.frameIsTheLayers |
//
// One row per line, so a change to one API's row is a one-line diff; the
// table reads as a table on GitHub; text outside the table is free. A cell
// holds a `|` written `\|`.
import Foundation

/// How sure the engine is that an API behaves as on a device.
public enum FidelityStatus: String, Sendable, CaseIterable, Comparable {
  /// As Apple documents it (reference, header or guide): the evidence is its address.
  case documented
  /// As devices were seen to behave in a public report: the evidence is its address.
  case observed
  /// Apple is silent and no report was found: the engine chose; the
  /// evidence is the reason.
  case engineChoice = "engine-choice"
  /// The API exists so that code compiles; what it does on a device is not
  /// modelled (the evidence says what happens instead).
  case notModelled = "not-modelled"
  /// The engine's own API (the clock, the capture), with no UIKit
  /// counterpart to be faithful to.
  case engineOnly = "engine-only"

  /// A short phrase for readers.
  public var phrase: String {
    switch self {
    case .documented: return "documented by Apple"
    case .observed: return "observed on devices"
    case .engineChoice: return "the engine's choice"
    case .notModelled: return "not modelled"
    case .engineOnly: return "the engine's own API"
    }
  }

  /// Whether the evidence must be a web address (else a reason).
  public var needsAddress: Bool { self == .documented || self == .observed }

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// The fidelity ledger: every row of every folder's data file.
public struct Ledger: Sendable {
  /// One API's row.
  public struct Row: Sendable, Hashable {
    /// The API as `EngineAPI` names it (`UIView`, `UIView.alpha`).
    public var symbol: String
    public var status: FidelityStatus
    /// What it does here, one sentence; empty: its doc comment's first sentence.
    public var here: String
    /// An address (documented, observed) or a reason.
    public var evidence: String
    /// The tests that pin it: `Suite.testName`.
    public var tests: [String]
    /// The data file, relative to the engine's folder, and the row's line.
    public var file: String
    public var line: Int

    public init(symbol: String, status: FidelityStatus, here: String, evidence: String, tests: [String], file: String, line: Int) {
      self.symbol = symbol
      self.status = status
      self.here = here
      self.evidence = evidence
      self.tests = tests
      self.file = file
      self.line = line
    }

    /// The folder of its data file, relative to the engine's folder.
    public var folder: String { (file as NSString).deletingLastPathComponent }

    /// The row's anchor in the published ledger (`fidelity.html#UIView.alpha`):
    /// the symbol with its argument labels joined by `-`
    /// (`UIView.animate-withDuration-animations`, `CATransform3DMakeScale`),
    /// any other character but letters, digits, `.`, `_` and `-` made `-`.
    public var anchor: String { Ledger.anchor(symbol) }
  }

  /// A line of a data file that is not a row.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
  }

  /// The data file's name in every engine folder.
  public static let fileName = "Fidelity.md"
  /// The table's header, exactly.
  public static let header = "| Symbol | Status | Here | Evidence | Tests |"

  /// Every row, in folder order then as written.
  public var rows: [Row]
  /// Lines that could not be read as rows.
  public var problems: [Problem]

  public init(rows: [Row], problems: [Problem] = []) {
    self.rows = rows
    self.problems = problems
  }

  /// Reads every folder's `Fidelity.md` under the engine's folder.
  public static func read(engine folder: String) throws -> Ledger {
    var ledger = Ledger(rows: [])
    for file in dataFiles(under: folder) {
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      let part = parse(text, file: file)
      ledger.rows += part.rows
      ledger.problems += part.problems
    }
    return ledger
  }

  /// The data files under `folder`, relative to it, sorted.
  public static func dataFiles(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      if (path as NSString).lastPathComponent == fileName { files.append(path) }
    }
    return files.sorted()
  }

  /// The rows of one data file. Table lines before the header, or a
  /// second table, are problems: each file has one table.
  public static func parse(_ text: String, file: String) -> Ledger {
    var rows: [Row] = []
    var problems: [Problem] = []
    enum Place { case beforeHeader, separator, rows, afterTable }
    var place = Place.beforeHeader
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      let number = index + 1
      func problem(_ message: String) { problems.append(Problem(file: file, line: number, message: message)) }
      guard line.hasPrefix("|") else {
        if place == .rows { place = .afterTable }
        continue
      }
      switch place {
      case .beforeHeader:
        if line == header { place = .separator } else { problem("expected the table's header '\(header)'") }
      case .separator:
        if cells(line).allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } && !$0.isEmpty }) && cells(line).count == 5 {
          place = .rows
        } else {
          problem("expected the separator '|---|---|---|---|---|'")
        }
      case .rows:
        let cells = cells(line)
        guard cells.count == 5 else { problem("a row has 5 cells, this one \(cells.count)"); continue }
        let symbol = unquoted(cells[0])
        guard !symbol.isEmpty else { problem("the symbol is empty"); continue }
        guard let status = FidelityStatus(rawValue: cells[1]) else {
          problem("unknown status '\(cells[1])'; one of \(FidelityStatus.allCases.map(\.rawValue).joined(separator: ", "))")
          continue
        }
        let tests = cells[4].split(separator: ",").map { unquoted($0.trimmingCharacters(in: .whitespaces)) }
          .filter { !$0.isEmpty }
        rows.append(Row(symbol: symbol, status: status, here: cells[2], evidence: cells[3], tests: tests, file: file, line: number))
      case .afterTable:
        problem("a second table; each data file has one")
      }
    }
    if (place == .beforeHeader || place == .separator) && problems.isEmpty {
      problems.append(Problem(file: file, line: 1, message: "no table; expected the header '\(header)'"))
    }
    return Ledger(rows: rows, problems: problems)
  }

  /// A table line's cells, trimmed, `\|` read as `|`.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaped = false
    for c in line.dropFirst() {
      if escaped {
        current.append(c == "|" ? "|" : "\\" + String(c))
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "|" {
        cells.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(c)
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(current.trimmingCharacters(in: .whitespaces)) }
    return cells
  }

  /// `` `UIView` `` → `UIView`.
  static func unquoted(_ text: String) -> String {
    var text = text
    if text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2 { text = String(text.dropFirst().dropLast()) }
    return text
  }

  /// See `Row.anchor`.
  public static func anchor(_ symbol: String) -> String {
    // `f(withDuration:animations:)` → `f-withDuration-animations`;
    // unnamed arguments (`_:`) add nothing.
    var name = symbol
    if let open = symbol.firstIndex(of: "(") {
      let labels = symbol[symbol.index(after: open)...].split(separator: ":").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ")")) }
      name = String(symbol[..<open]) + labels.filter { !$0.isEmpty && $0 != "_" }.map { "-" + $0 }.joined()
    }
    var out = ""
    for c in name.unicodeScalars {
      if CharacterSet.alphanumerics.contains(c) && c.isASCII || c == "." || c == "_" || c == "-" {
        out.unicodeScalars.append(c)
      } else {
        out += "-"
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out
  }

  /// The row of `symbol` itself, if it has one.
  public func row(for symbol: String) -> Row? {
    rows.first { $0.symbol == symbol }
  }

  /// The row that covers `symbol`: its own, else its enclosing type's
  /// (`UIView.alpha` → `UIView`), nearest first.
  public func coveringRow(for symbol: String) -> Row? {
    var name = symbol
    while true {
      if let row = row(for: name) { return row }
      guard let dot = Self.lastQualifierDot(name) else { return nil }
      name = String(name[..<dot])
    }
  }

  /// The member rows under `symbol` (`UIView.alpha` under `UIView`), as written.
  public func memberRows(of symbol: String) -> [Row] {
    rows.filter { row in
      guard let dot = Self.lastQualifierDot(row.symbol) else { return false }
      return row.symbol[..<dot] == symbol
    }
  }

  /// The type `symbol` is a member of (`UIView.alpha` → `UIView`); nil at the top level.
  public static func owner(of symbol: String) -> String? {
    lastQualifierDot(symbol).map { String(symbol[..<$0]) }
  }

  /// The dot before a member's name, outside its parentheses
  /// (`UIView.animate(withDuration:)` → the first dot).
  static func lastQualifierDot(_ name: String) -> String.Index? {
    let head = name.firstIndex(of: "(").map { name[..<$0] } ?? Substring(name)
    return head.lastIndex(of: ".")
  }
}
