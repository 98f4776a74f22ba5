// LedgerCheck: the ledger against the engine's sources and tests. Every
// public API has a row; every row names an API that exists, sits in the
// data file of the folder that declares it, carries the evidence its
// status needs, says what the API does here, and names tests that exist.
import Foundation
import SwiftParser
import SwiftSyntax
import WorkbookSupport

public enum LedgerCheck {
  /// One thing wrong, with the data file to fix when there is one.
  public struct Failure: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
      case missingRow, staleRow, misplacedRow, duplicateRow, noEvidence, noDescription, unknownTest, unreadable
    }
    public var kind: Kind
    public var symbol: String
    public var message: String
    public var description: String { message }
  }

  /// Everything wrong with `ledger` for `api`; `tests` (names such as
  /// `SpringTests.settlesAtOne`) nil: test names are not checked.
  public static func failures(_ ledger: Ledger, api: EngineAPI, tests: Set<String>? = nil) -> [Failure] {
    var failures: [Failure] = ledger.problems.map { Failure(kind: .unreadable, symbol: "", message: $0.description) }
    let bySymbol = Dictionary(grouping: api.symbols, by: \.name)
    var seen: [String: Ledger.Row] = [:]
    for row in ledger.rows {
      let at = "\(row.file):\(row.line)"
      if let first = seen[row.symbol] {
        failures.append(Failure(kind: .duplicateRow, symbol: row.symbol,
          message: "\(at): '\(row.symbol)' has a row already (\(first.file):\(first.line))"))
        continue
      }
      seen[row.symbol] = row
      guard let declared = bySymbol[row.symbol] else {
        let near = NameSuggestions.closest(to: row.symbol, among: api.symbols.map(\.name), limit: 1).first
        failures.append(Failure(kind: .staleRow, symbol: row.symbol,
          message: "\(at): '\(row.symbol)' is not a public API of the engine\(near.map { " (did you mean '\($0)'?)" } ?? ""); remove the row or fix its name"))
        continue
      }
      let folders = Set(declared.map(\.folder))
      if !folders.contains(row.folder) {
        let expected = folders.sorted().map { dataFile(in: $0) }.joined(separator: " or ")
        failures.append(Failure(kind: .misplacedRow, symbol: row.symbol,
          message: "\(at): '\(row.symbol)' is declared in \(declared[0].file); its row belongs in \(expected)"))
      }
      if row.evidence.isEmpty || (row.status.needsAddress && !row.evidence.contains("https://")) {
        let needed = row.status.needsAddress ? "the \(row.status == .documented ? "documentation" : "public report")'s address (https://…)" : "a reason"
        failures.append(Failure(kind: .noEvidence, symbol: row.symbol,
          message: "\(at): '\(row.symbol)' is \(row.status.rawValue), so its evidence needs \(needed)"))
      }
      if row.here.isEmpty && declared.allSatisfy({ $0.summary.isEmpty }) {
        failures.append(Failure(kind: .noDescription, symbol: row.symbol,
          message: "\(at): '\(row.symbol)' says nothing of what it does here and has no doc comment to say it"))
      }
      if let tests {
        for test in row.tests where !tests.contains(test) {
          failures.append(Failure(kind: .unknownTest, symbol: row.symbol,
            message: "\(at): '\(row.symbol)' names the test '\(test)', which does not exist"))
        }
      }
    }
    for name in api.requiredNames where seen[name] == nil {
      let symbol = bySymbol[name]![0]
      failures.append(Failure(kind: .missingRow, symbol: name,
        message: "\(symbol.file):\(symbol.line): '\(name)' (\(symbol.kind.rawValue)) has no row in \(dataFile(in: symbol.folder))"))
    }
    return failures
  }

  /// `UIKit/Fidelity.md`, or `Fidelity.md` for the engine's own folder.
  public static func dataFile(in folder: String) -> String {
    folder.isEmpty ? Ledger.fileName : folder + "/" + Ledger.fileName
  }

  /// The tests under `folder` (a package's `Tests`): Swift Testing's
  /// `@Test` functions and XCTest's `test…` methods, named
  /// `EnclosingType.function`.
  public static func testNames(under folder: String) throws -> Set<String> {
    var names = Set<String>()
    for file in EngineAPI.swiftFiles(under: folder) {
      let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      let finder = TestFinder()
      finder.walk(Parser.parse(source: source))
      names.formUnion(finder.names)
    }
    return names
  }
}

private final class TestFinder: SyntaxVisitor {
  var names = Set<String>()
  var types: [String] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.extendedType.trimmedDescription)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let isTest = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }
      || node.name.text.hasPrefix("test")
    if isTest, let type = types.last { names.insert(type + "." + node.name.text) }
    return .skipChildren
  }
}
