// CompilerNotes: what the tool adds to the compiler's errors, the same in
// verify, `workbook run` and the exercise checker:
// - a UIKit name the engine does not model is named as such (UIKitNames);
// - a misspelt engine name gets a "did you mean" from the engine's public
//   API (the compiler offers none for a member of another module's type:
//   "value of type 'UIView' has no member 'bringSubViewToFront'");
// - the errors that follow from a missing name on its own line
//   ("cannot find 'UICollectionView' in scope", then "cannot infer
//   contextual base in reference to member 'zero'" for its argument) are
//   counted under the first instead of shown one by one.
import Foundation
import WorkbookFidelity
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

enum CompilerNotes {
  /// `diagnostics` as they are shown: an error that only follows from a
  /// missing name before it on its line (by column) is left out and
  /// counted in that error's `followers`; the rest in the compiler's order.
  static func shown(_ diagnostics: [Diagnostic]) -> [(diagnostic: Diagnostic, followers: Int)] {
    func place(_ d: Diagnostic) -> Place { Place(file: d.file, snippet: d.snippet, line: d.lineOffset) }
    var missing: [Place: [Int]] = [:]
    for (index, d) in diagnostics.enumerated() where d.severity == .error && UIKitNames.missingName(in: d.message) != nil {
      missing[place(d), default: []].append(index)
    }
    // A follower belongs to the nearest missing name before it on its line
    // (the compiler may report a call's arguments after a later name).
    let leaders = diagnostics.map { d -> Int? in
      guard d.severity == .error, isFollower(d.message) else { return nil }
      return (missing[place(d)] ?? []).filter { diagnostics[$0].column < d.column }
        .max { diagnostics[$0].column < diagnostics[$1].column }
    }
    return diagnostics.indices.filter { leaders[$0] == nil }.map { index in
      (diagnostics[index], leaders.filter { $0 == index }.count)
    }
  }

  /// The notes the tool adds under `diagnostic` (without "note: "): what
  /// the engine lacks, the engine's names nearest a misspelt one, and how
  /// many errors on its line follow from it. `engine`: the engine's source
  /// folder the program was compiled against (nil: no "did you mean").
  static func added(to diagnostic: Diagnostic, followers: Int = 0, engine: String?) -> [String] {
    guard diagnostic.severity == .error else { return [] }
    var notes: [String] = []
    if let missing = UIKitNames.note(for: diagnostic.message) {
      notes.append(missing)
    } else if let engine, !compilerSuggests(diagnostic), let suggestion = suggestion(for: diagnostic.message, engine: engine) {
      notes.append(suggestion)
    }
    if followers > 0 {
      notes.append("and \(followers) more error\(followers == 1 ? "" : "s") on this line that follow\(followers == 1 ? "s" : "") from it")
    }
    return notes
  }

  /// Where a diagnostic is: its file (or snippet) and line.
  private struct Place: Hashable {
    var file: String?
    var snippet: Int?
    var line: Int
  }

  /// An error that only says an argument has no type to be read against,
  /// as the compiler reports for the arguments of a call to a missing name
  /// (`.zero`, `.alert`, `[.curveEaseIn]`, `nil`).
  static func isFollower(_ message: String) -> Bool {
    message.contains("contextual base") || message.contains("contextual type")
  }

  /// Whether the compiler already offers a name (a fix-it, or a "did you
  /// mean" in its message or notes).
  static func compilerSuggests(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.fixIt != nil || diagnostic.message.contains("did you mean")
      || diagnostic.notes.contains { $0.message.contains("did you mean") || $0.fixIt != nil }
  }

  /// "did you mean 'bringSubviewToFront'?" for an error about a name the
  /// engine's API nearly has: a member ("value of type 'UIView' has no
  /// member 'y'", "type 'UIView' has no member 'y'": the type's own
  /// members first, else any engine type's, as the type may inherit them)
  /// or a top-level name ("cannot find 'y' in scope").
  static func suggestion(for message: String, engine: String) -> String? {
    guard let (owner, name) = unknownName(in: message), let api = try? Fidelity.load(engine: engine).api else { return nil }
    var groups: [[String]] = []
    if let owner {
      let members = api.symbols.filter { $0.kind == .member }
      groups.append(members.filter { Ledger.owner(of: $0.name) == owner }.map(\.name))
      groups.append(members.map(\.name))
    } else {
      groups.append(api.symbols.filter { $0.kind != .member }.map(\.name))
    }
    for group in groups {
      let names = Array(Set(group.map(baseName))).filter { $0 != name }.sorted()
      // A name within a typo beats one that only contains the name or is
      // contained in it ('UIView' in 'UIViewPropertyAnimater').
      let closest = NameSuggestions.closest(to: name, among: names, limit: 3)
      let typos = closest.filter { NameSuggestions.isNear(name, $0) }
      if !closest.isEmpty { return NameSuggestions.question(typos.isEmpty ? closest : typos) }
    }
    return nil
  }

  /// The type (nil for a name in scope) and the name an error says does not exist.
  static func unknownName(in message: String) -> (owner: String?, name: String)? {
    if let name = UIKitNames.missingName(in: message) { return (nil, name) }
    for prefix in ["value of type '", "type '"] where message.hasPrefix(prefix) {
      let rest = message.dropFirst(prefix.count)
      guard let typeEnd = rest.range(of: "' has no member '") else { return nil }
      let name = rest[typeEnd.upperBound...].prefix { $0 != "'" }
      var owner = String(rest[..<typeEnd.lowerBound])
      if owner.hasPrefix("any ") { owner.removeFirst(4) }
      while owner.hasSuffix("?") || owner.hasSuffix("!") { owner.removeLast() }
      return name.isEmpty ? nil : (owner, String(name))
    }
    return nil
  }

  /// `bringSubviewToFront` of `UIView.bringSubviewToFront(_:)`.
  static func baseName(_ symbol: String) -> String {
    let owner = Ledger.owner(of: symbol).map { $0.count + 1 } ?? 0
    return String(symbol.dropFirst(owner).prefix { $0 != "(" })
  }
}
