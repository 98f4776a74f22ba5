// CheckView: a check's result as terminal lines — a pass, compiler errors
// at the learner's lines, a trap, a timeout, or the expected and actual
// output side by side with the differing lines marked.
import WorkbookCore
import WorkbookModel

/// Renders an `ExerciseCheck` for the terminal.
public struct CheckView: Sendable {
  public var style: TerminalStyle
  /// Whether to say how long the check took (off for deterministic output).
  public var showsDuration: Bool

  public init(style: TerminalStyle, showsDuration: Bool = false) {
    self.style = style
    self.showsDuration = showsDuration
  }

  /// The result as lines of at most `width` columns.
  public func render(_ check: ExerciseCheck, width: Int) -> [String] {
    let check = check.visibleInTerminal
    let took = showsDuration ? style.dim(" (\(Self.seconds(check.duration)))") : ""
    var out: [String] = []
    switch check.outcome {  // the verdict, in the learner's words
    case .passed:
      out.append(style.boldGreen("✓ PASS") + " — the output matches" + took)
    case .compileError:
      let count = check.errors.count
      out.append(style.boldRed("✗ DOES NOT COMPILE") + (count > 0 ? " — \(count) error\(count == 1 ? "" : "s")" : "") + took)
      // Every error (the stepper scrolls what does not fit).
      for d in check.diagnostics.filter({ $0.severity == .error }) {
        out += diagnostic(d, file: check.file, width: width)
      }
      if check.errors.isEmpty {
        let lines = check.otherErrors.split(separator: "\n")
        out += lines.prefix(12).map { TextWidth.truncated(String($0), to: width) }
        if lines.count > 12 { out.append(style.dim("… \(lines.count - 12) more lines of compiler output")) }
      }
    case .crashed:
      out.append(style.boldRed("✗ CRASHED") + took)
      let location = check.crashLine.map { "\(check.file):\($0): " } ?? ""
      out += TextWidth.wrap(location + (check.crashMessage ?? "The program stopped"), width: width)
      out += check.stderr.split(separator: "\n").prefix(6).map { style.dim(TextWidth.truncated("stderr: " + $0, to: width)) }
      if !check.output.isEmpty {
        out.append("")
        out += outputComparison(check, width: width)
      }
    case .timedOut:
      out.append(style.boldRed("✗ TIMED OUT") + took)
      out += TextWidth.wrap("The program ran past the time limit and was stopped; look for a loop that never ends.", width: width)
    case .wrongOutput:
      if let film = LineDiff.FilmDiff.compare(old: check.expected, new: check.output) {
        out.append(style.boldRed("✗ WRONG OUTPUT") + " — film: " + film.summary + took)
        out += filmComparison(film, width: width)
        break
      }
      let layout = Self.fitsSideBySide(check, width: width) ? "expected on the left, yours on the right"
                                                            : "expected first, then yours"
      out.append(style.boldRed("✗ WRONG OUTPUT") + " — " + layout + took)
      out += outputComparison(check, width: width)
    }
    if check.showsStarterSymptom {
      out += TextWidth.wrap(style.yellow("This is still what the starter does (its symptom): nothing is fixed yet."), width: width)
    }
    if check.outcome != .compileError {
      for d in check.warnings.prefix(3) { out += diagnostic(d, file: check.file, width: width) }
    }
    return out
  }

  /// An error or warning at its line, with its excerpt, then the
  /// compiler's notes on it, each with its line and fix-it (in green: the
  /// text the compiler suggests, at its column).
  func diagnostic(_ d: ExerciseCheck.FileDiagnostic, file: String, width: Int) -> [String] {
    let place = d.line.map { "\(file):\($0):\(d.column): " } ?? ""
    let label = d.severity == .error ? style.red("error:") : style.yellow("warning:")
    var out = TextWidth.wrap(place + label + " " + d.message, width: width)
      + d.excerpt.map { style.dim(TextWidth.truncated($0, to: width)) }
    for note in d.notes {
      out += TextWidth.wrap(style.cyan("note:") + " " + note.message, width: width, indent: "    ", firstIndent: "  ")
      for (i, line) in note.excerpt.enumerated() {
        let text = TextWidth.truncated("  " + line, to: width)
        out.append(note.fixIt != nil && i == note.excerpt.count - 1 ? style.green(text) : style.dim(text))
      }
    }
    return out
  }

  // MARK: - Summary

  /// The check in at most `maxLines` lines, for a small terminal: the
  /// verdict, then what to look at first — the differing lines of a wrong
  /// output (expected beside yours when they fit), the first errors with
  /// their notes, where it crashed. What does not fit is counted in a last
  /// line.
  public func summary(_ check: ExerciseCheck, width: Int, maxLines: Int) -> [String] {
    let check = check.visibleInTerminal
    var out: [String]
    if check.outcome == .wrongOutput, let film = LineDiff.FilmDiff.compare(old: check.expected, new: check.output) {
      let took = showsDuration ? style.dim(" (\(Self.seconds(check.duration)))") : ""
      out = [style.boldRed("✗ WRONG OUTPUT") + " — film: " + film.summary + took]
      // The first changed frame's changed rows.
      if let frame = film.changed.first {
        out += filmFrame(frame, of: film, width: width, changedRowsOnly: true)
      }
    } else if check.outcome == .wrongOutput {
      let rows = LineDiff.rows(old: check.expected, new: check.output)
      let differing = rows.filter { $0.kind != .same }
      let took = showsDuration ? style.dim(" (\(Self.seconds(check.duration)))") : ""
      out = [style.boldRed("✗ WRONG OUTPUT") + " — \(differing.count) of \(rows.count) line\(rows.count == 1 ? "" : "s") differ" + took]
      if Self.fitsSideBySide(rows, width: width) {
        let column = (width - 5) / 2
        out.append("  " + style.bold(TextWidth.padded("expected", to: column)) + " │ " + style.bold("actual"))
        for row in differing {
          let old = TextWidth.padded(TextWidth.truncated(row.old ?? "", to: column), to: column)
          out.append(style.yellow(Self.marker(row.kind)) + " " + style.green(old) + " │ "
                     + style.red(TextWidth.truncated(row.new ?? "", to: column)))
        }
      } else {
        for row in differing {
          if let old = row.old { out.append(style.yellow(Self.marker(row.kind)) + " expected " + style.green(TextWidth.truncated(old, to: width - 11))) }
          if let new = row.new { out.append(style.yellow(Self.marker(row.kind)) + " actual   " + style.red(TextWidth.truncated(new, to: width - 11))) }
        }
      }
      if check.showsStarterSymptom {
        out += TextWidth.wrap(style.yellow("This is still what the starter does (its symptom): nothing is fixed yet."), width: width)
      }
    } else {
      out = render(check, width: width)
    }
    let limit = max(1, maxLines)
    guard out.count > limit else { return out }
    guard limit > 1 else { return [out[0]] }
    let hidden = out.count - (limit - 1)
    return Array(out.prefix(limit - 1)) + [style.dim("… \(hidden) more line\(hidden == 1 ? "" : "s") (G: the whole check)")]
  }

  // MARK: - Output

  /// Expected and actual output, side by side when both fit, else one
  /// above the other; differing lines are marked in both.
  public func outputComparison(_ check: ExerciseCheck, width: Int) -> [String] {
    let check = check.visibleInTerminal
    let rows = LineDiff.rows(old: check.expected, new: check.output)
    if Self.fitsSideBySide(rows, width: width) {
      return sideBySide(rows, column: (width - 5) / 2)
    }
    return stacked(rows, width: width)
  }

  /// Two films frame by frame: each frame that differs under its heading,
  /// expected beside actual when both fit (else one above the other), its
  /// changed rows marked; then the frames that are the same, and the key's
  /// changes.
  func filmComparison(_ film: LineDiff.FilmDiff.Comparison, width: Int) -> [String] {
    var out: [String] = []
    for frame in film.changed.prefix(20) {
      out += filmFrame(frame, of: film, width: width)
    }
    let same = film.frames.filter { !$0.differs }.map { String($0.number) }
    if !same.isEmpty {
      out.append(style.dim(TextWidth.truncated("The same: frame\(same.count == 1 ? "" : "s") " + same.joined(separator: ", "), to: width)))
    }
    let key = film.keyRows.filter { $0.kind != .same }
    if !key.isEmpty {
      out.append(style.bold("key:"))
      for row in key {
        if let old = row.old { out.append(style.yellow("-") + " " + style.green(TextWidth.truncated(old, to: width - 2))) }
        if let new = row.new { out.append(style.yellow("+") + " " + style.red(TextWidth.truncated(new, to: width - 2))) }
      }
    }
    out.append(style.dim("  ~ differs   - missing from yours   + extra in yours"))
    return out
  }

  /// One frame that differs: its heading, then its rows (only the changed
  /// ones when `changedRowsOnly`), marked.
  func filmFrame(_ frame: LineDiff.FilmDiff.FrameComparison, of film: LineDiff.FilmDiff.Comparison, width: Int,
                 changedRowsOnly: Bool = false) -> [String] {
    let count = max(film.oldCount, film.newCount)
    var heading = "frame \(frame.number) of \(count)"
    let captions = [frame.old?.caption, frame.new?.caption].compactMap { $0 }.filter { !$0.isEmpty }
    if let first = captions.first { heading += " · " + (captions.count == 2 && captions[1] != first ? first + " → " + captions[1] : first) }
    if frame.new == nil { heading += " · missing from yours" }
    if frame.old == nil { heading += " · extra in yours" }
    var out = [style.bold(TextWidth.truncated(heading, to: width))]
    let widest = frame.rows.reduce(8) { max($0, TextWidth.of($1.old ?? ""), TextWidth.of($1.new ?? "")) }
    if 2 * widest + 5 <= width {
      out.append("  " + style.bold(TextWidth.padded("expected", to: widest)) + " │ " + style.bold("actual"))
      for row in frame.rows where !(changedRowsOnly && row.kind == .same) {
        let old = TextWidth.padded(row.old ?? "", to: widest)
        if row.kind == .same {
          out.append("  " + old + " │ " + (row.new ?? ""))
        } else {
          out.append(style.yellow(Self.marker(row.kind)) + " " + style.green(old) + " │ " + style.red(row.new ?? ""))
        }
      }
    } else {
      out += stacked(frame.rows.filter { !(changedRowsOnly && $0.kind == .same) }, width: width).dropLast()
    }
    return out
  }

  /// Whether `outputComparison` puts the two outputs side by side in `width` columns.
  static func fitsSideBySide(_ check: ExerciseCheck, width: Int) -> Bool {
    fitsSideBySide(LineDiff.rows(old: check.expected, new: check.output), width: width)
  }

  static func fitsSideBySide(_ rows: [LineDiff.Row], width: Int) -> Bool {
    let widest = rows.reduce(0) { max($0, TextWidth.of($1.old ?? ""), TextWidth.of($1.new ?? "")) }
    let column = (width - 5) / 2
    return widest <= column && column >= 12
  }

  static func marker(_ kind: LineDiff.Row.Kind) -> String {
    switch kind {
    case .same: return " "
    case .changed: return "~"
    case .removed: return "-"
    case .added: return "+"
    }
  }

  func sideBySide(_ rows: [LineDiff.Row], column: Int) -> [String] {
    var out = ["  " + style.bold(TextWidth.padded("expected", to: column)) + " │ " + style.bold("actual")]
    out.append("  " + String(repeating: "─", count: column) + "─┼─" + String(repeating: "─", count: column))
    for row in rows.prefix(200) {
      let old = TextWidth.padded(TextWidth.truncated(row.old ?? "", to: column), to: column)
      let new = TextWidth.truncated(row.new ?? "", to: column)
      let mark = Self.marker(row.kind)
      if row.kind == .same {
        out.append("  " + old + " │ " + new)
      } else {
        out.append(style.yellow(mark) + " " + style.green(old) + " │ " + style.red(new))
      }
    }
    if rows.count > 200 { out.append(style.dim("  … \(rows.count - 200) more lines")) }
    if rows.isEmpty { out.append("  " + TextWidth.padded("(nothing)", to: column) + " │ (nothing)") }
    out.append(style.dim("  ~ differs   - missing from yours   + extra in yours"))
    return out
  }

  func stacked(_ rows: [LineDiff.Row], width: Int) -> [String] {
    var out = [style.bold("expected:")]
    for row in rows.prefix(200) where row.old != nil {
      let text = TextWidth.truncated(row.old!, to: width - 2)
      out.append(row.kind == .same ? "  " + text : style.yellow(Self.marker(row.kind)) + " " + style.green(text))
    }
    out.append(style.bold("actual:"))
    var printed = false
    for row in rows.prefix(200) where row.new != nil {
      printed = true
      let text = TextWidth.truncated(row.new!, to: width - 2)
      out.append(row.kind == .same ? "  " + text : style.yellow(Self.marker(row.kind)) + " " + style.red(text))
    }
    if !printed { out.append("  (nothing)") }
    out.append(style.dim("~ differs   - missing from yours   + extra in yours"))
    return out
  }

  static func seconds(_ s: Double) -> String {
    let tenths = Int((s * 100).rounded())
    return "\(tenths / 100).\(tenths % 100 < 10 ? "0" : "")\(tenths % 100) s"
  }
}
