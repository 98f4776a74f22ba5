// NameSuggestions: "did you mean" for names a user typed (chapters,
// exercises), by edit distance, as git and swift-argument-parser do.

public enum NameSuggestions {
  /// Up to `limit` of `candidates` closest to `name` (case ignored): those
  /// within an edit distance of a quarter of the longer name (at least 2), or
  /// that contain `name` or are contained in it; nearest first, then in
  /// the candidates' order.
  public static func closest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let typed = Array(name.lowercased())
    var scored: [(distance: Int, order: Int, name: String)] = []
    for (order, candidate) in candidates.enumerated() {
      let other = Array(candidate.lowercased())
      let distance = editDistance(typed, other)
      let near = isNear(distance, typed, other)
      let related = !typed.isEmpty && (candidate.lowercased().contains(name.lowercased())
        || (other.count >= 3 && name.lowercased().contains(candidate.lowercased())))
      if near || related { scored.append((distance, order, candidate)) }
    }
    return scored.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.prefix(limit).map(\.name)
  }

  /// Whether `name` is within a typo of `candidate` (case ignored): the
  /// first rule of `closest`, without its "contains".
  package static func isNear(_ name: String, _ candidate: String) -> Bool {
    let typed = Array(name.lowercased()), other = Array(candidate.lowercased())
    return isNear(editDistance(typed, other), typed, other)
  }

  private static func isNear(_ distance: Int, _ typed: [Character], _ other: [Character]) -> Bool {
    distance <= max(2, max(typed.count, other.count) / 4)
  }

  /// ", or did you mean '01-intro' or '02-fade'?" — empty when none.
  public static func sentence(_ names: [String]) -> String {
    names.isEmpty ? "" : "; " + question(names)
  }

  /// "did you mean '01-intro' or '02-fade'?" (`names` not empty).
  public static func question(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    return "did you mean \(list)?"
  }

  /// Levenshtein distance (insertions, deletions, substitutions).
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
