// LineDiff: a unified diff of two texts, line by line (LCS), that keeps a
// diagram's rows facing each other: a picture (a frame of box-drawing rows)
// is aligned with the other text's picture as a whole. Pictures of the same
// height face row by row, so a box that moved shows as the changed rows of
// the same frame; pictures of different heights (a box grew a row) are
// aligned as a line diff would, so their common rows stay unchanged.
import WorkbookSupport

public enum LineDiff {
  /// Returns the lines of a unified diff from `old` to `new`, with
  /// `context` lines around each change, or [] when they are equal.
  ///
  /// - Complexity: O(n·m) in the number of lines; beyond 4 million cells
  ///   the diff falls back to one hunk that replaces everything.
  public static func unified(
    old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3
  ) -> [String] {
    let a = splitLines(old)
    let b = splitLines(new)
    if a == b { return [] }
    var out = ["--- \(oldLabel)", "+++ \(newLabel)"]
    let script = a.count * b.count > 4_000_000 ? replaceAll(a, b) : editScript(a, b)
    // Group changes that are at most 2·context lines apart into hunks.
    let changes = script.indices.filter { script[$0].kind != " " }
    var hunks: [Range<Int>] = []
    for change in changes {
      let lower = max(0, change - context)
      let upper = min(script.count, change + context + 1)
      if let last = hunks.last, lower <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<upper
      } else {
        hunks.append(lower..<upper)
      }
    }
    for range in hunks {
      let hunk = script[range]
      let oldStart = hunk.first?.oldLine ?? 0
      let newStart = hunk.first?.newLine ?? 0
      let oldCount = hunk.filter { $0.kind != "+" }.count
      let newCount = hunk.filter { $0.kind != "-" }.count
      out.append("@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@")
      for edit in hunk { out.append("\(edit.kind)\(edit.text)") }
    }
    return out
  }

  struct Edit {
    var kind: Character
    var text: Substring
    var oldLine: Int
    var newLine: Int
  }

  package static func splitLines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func replaceAll(_ a: [Substring], _ b: [Substring]) -> [Edit] {
    a.enumerated().map { Edit(kind: "-", text: $1, oldLine: $0 + 1, newLine: 1) }
      + b.enumerated().map { Edit(kind: "+", text: $1, oldLine: a.count + 1, newLine: $0 + 1) }
  }

  /// The edit script from `a` to `b`: a longest common subsequence of
  /// units, where a unit is a line, or a whole picture (`pictures`).
  /// Lines face lines with the same text; a picture faces a picture.
  /// - Pictures with as many rows face row by row: the rows that differ are
  ///   removed and added in runs, in place, never matched with an equal row
  ///   elsewhere in the frame (a background row is like a hundred others).
  /// - Pictures of different heights cannot face row by row: their rows are
  ///   aligned by a longest common subsequence, as lines are.
  private static func editScript(_ a: [Substring], _ b: [Substring]) -> [Edit] {
    let unitsA = pictures(in: a), unitsB = pictures(in: b)
    func key(_ unit: Range<Int>, _ lines: [Substring], picture: Bool) -> Substring {
      picture ? "\u{0}picture" : lines[unit.lowerBound]
    }
    let keysA = unitsA.map { key($0.lines, a, picture: $0.isPicture) }
    let keysB = unitsB.map { key($0.lines, b, picture: $0.isPicture) }
    let n = keysA.count, m = keysB.count
    let table = commonLengths(keysA, keysB)
    var edits: [Edit] = []
    var line = 0, lineB = 0  // the next line of a and of b
    func same() { edits.append(Edit(kind: " ", text: a[line], oldLine: line + 1, newLine: lineB + 1)); line += 1; lineB += 1 }
    func remove() { edits.append(Edit(kind: "-", text: a[line], oldLine: line + 1, newLine: lineB + 1)); line += 1 }
    func add() { edits.append(Edit(kind: "+", text: b[lineB], oldLine: line + 1, newLine: lineB + 1)); lineB += 1 }
    var i = 0, j = 0
    while i < n || j < m {
      if i < n && j < m && keysA[i] == keysB[j] {
        if !unitsA[i].isPicture {
          same()
        } else if unitsA[i].lines.count != unitsB[j].lines.count {
          // Different heights: the rows as a line diff aligns them.
          let rowsA = Array(a[unitsA[i].lines]), rowsB = Array(b[unitsB[j].lines])
          let rowTable = commonLengths(rowsA, rowsB)
          var row = 0, rowB = 0
          while row < rowsA.count || rowB < rowsB.count {
            if row < rowsA.count && rowB < rowsB.count && rowsA[row] == rowsB[rowB] {
              same(); row += 1; rowB += 1
            } else if row < rowsA.count && (rowB == rowsB.count || rowTable[row + 1][rowB] >= rowTable[row][rowB + 1]) {
              remove(); row += 1
            } else {
              add(); rowB += 1
            }
          }
        } else {
          // Row by row: a run of differing rows is removed, then added.
          var row = 0
          let rows = unitsA[i].lines.count
          while row < rows {
            if a[line] == b[lineB] { same(); row += 1; continue }
            var end = row
            while end < rows && a[unitsA[i].lines.lowerBound + end] != b[unitsB[j].lines.lowerBound + end] { end += 1 }
            for _ in row..<end { remove() }
            for _ in row..<end { add() }
            row = end
          }
        }
        i += 1; j += 1
      } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
        for _ in unitsA[i].lines { remove() }
        i += 1
      } else {
        for _ in unitsB[j].lines { add() }
        j += 1
      }
    }
    return edits
  }

  /// The longest common subsequence table: `[i][j]` is the length of the
  /// longest common subsequence of `a[i...]` and `b[j...]`.
  private static func commonLengths(_ a: [Substring], _ b: [Substring]) -> [[Int]] {
    let n = a.count, m = b.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    if n > 0 && m > 0 {
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
    }
    return table
  }

  /// The text cut into units: each picture (a line starting with `┌`, rows
  /// starting with `│`, `├` or `┼`, and a line starting with `└`: a frame,
  /// or a filmstrip's row of frames) is one unit; every other line is one.
  static func pictures(in lines: [Substring]) -> [(lines: Range<Int>, isPicture: Bool)] {
    var units: [(lines: Range<Int>, isPicture: Bool)] = []
    var i = 0
    while i < lines.count {
      if lines[i].hasPrefix("\u{250C}") {
        var j = i + 1
        while j < lines.count, let first = lines[j].first, "\u{2502}\u{251C}\u{253C}".contains(first) { j += 1 }
        if j < lines.count && lines[j].hasPrefix("\u{2514}") {
          units.append((i..<(j + 1), true))
          i = j + 1
          continue
        }
      }
      units.append((i..<(i + 1), false))
      i += 1
    }
    return units
  }
}

// MARK: - Side by side

extension LineDiff {
  /// Aligns `old` and `new` line by line for a side-by-side view: equal
  /// lines face each other, a run of removed lines followed by a run of
  /// added lines pairs up as changed rows.
  ///
  /// ```swift
  /// LineDiff.rows(old: "a\nb\n", new: "a\nc\n")
  /// // [same a|a, changed b|c]
  /// ```
  public static func rows(old: String, new: String) -> [LineDiff.Row] {
    let a = splitLines(old)
    let b = splitLines(new)
    let script = a.count * b.count > 4_000_000 ? replaceAll(a, b) : editScript(a, b)
    var rows: [LineDiff.Row] = []
    var removed: [String] = []
    var added: [String] = []
    func flush() {
      let paired = min(removed.count, added.count)
      for i in 0..<paired { rows.append(LineDiff.Row(kind: .changed, old: removed[i], new: added[i])) }
      for line in removed.dropFirst(paired) { rows.append(LineDiff.Row(kind: .removed, old: line, new: nil)) }
      for line in added.dropFirst(paired) { rows.append(LineDiff.Row(kind: .added, old: nil, new: line)) }
      removed = []
      added = []
    }
    for edit in script {
      switch edit.kind {
      case "-": removed.append(String(edit.text))
      case "+": added.append(String(edit.text))
      default:
        flush()
        rows.append(LineDiff.Row(kind: .same, old: String(edit.text), new: String(edit.text)))
      }
    }
    flush()
    return rows
  }
}

extension LineDiff {
  /// One row of a side-by-side view of two texts.
  public struct Row: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// The same line on both sides.
      case same
      /// A line of `old` replaced by a line of `new`.
      case changed
      /// A line only `old` has (missing from `new`).
      case removed
      /// A line only `new` has.
      case added
    }
    public var kind: Kind
    public var old: String?
    public var new: String?
  }

  /// A line of the change from one text to another, for showing a
  /// solution as its change from the starter (the stepper, `check
  /// --solution`, the site).
  public enum Change: Hashable, Sendable {
    case same(String)
    case removed(String)
    case added(String)
    /// Unchanged lines left out between two changes.
    case gap
  }

  /// The change from `old` to `new`: the unified diff's hunks without their
  /// headers, `context` unchanged lines around each change, a gap between
  /// hunks; [] when they are equal.
  public static func changes(from old: String, to new: String, context: Int = 2) -> [Change] {
    let diff = unified(old: old, new: new, oldLabel: "old", newLabel: "new", context: context)
    var out: [Change] = []
    // The first two lines are the `---` and `+++` headers; a hunk starts
    // with `@@` (no line of a hunk does: each starts with " ", "-" or "+").
    for line in diff.dropFirst(2) {
      guard let kind = line.first else { continue }
      let text = String(line.dropFirst())
      switch kind {
      case "@": if !out.isEmpty { out.append(.gap) }
      case "-": out.append(.removed(text))
      case "+": out.append(.added(text))
      default: out.append(.same(text))
      }
    }
    return out
  }
}
