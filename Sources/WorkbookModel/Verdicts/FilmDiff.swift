// FilmDiff: two filmstrips compared frame by frame. A film's text is its
// frames side by side (each under its caption, wrapped into bands) and its
// key; a line diff of two films mixes every frame of a band into each
// line, so a change to one frame reads as a change to all of them. Here
// each text is cut back into its frames (the boxes' columns are found on
// their top edges), the frames are compared one by one, and only the ones
// that differ are shown, expected beside actual, with the changed rows
// marked.
import WorkbookSupport

extension LineDiff {
  /// Films compared frame by frame (see the file's comment): verify's
  /// details, the stepper and `check`.
  public enum FilmDiff {
    /// One frame of a film: its caption (`t=0.1s progress=0.25`, or empty)
    /// and its box, one string per row.
    public struct Frame: Hashable, Sendable {
      public var caption: String
      public var lines: [String]
    }

    /// A filmstrip's text cut into its frames.
    public struct Film: Hashable, Sendable {
      public var frames: [Frame]
      /// The lines after the frames (the key: `fills: …`, `looks: …`, a legend).
      public var key: [String]
    }

    /// The frames of `text`, or nil when it is not a filmstrip: every
    /// non-blank line before the key belongs to a band of boxes side by side
    /// (a caption line, a top edge `┌…┐ ┌…┐`, rows, a bottom edge), and there
    /// is at least one box.
    public static func film(_ text: String) -> Film? {
      let lines = LineDiff.splitLines(text).map { Array(String($0)) }
      var frames: [Frame] = []
      var i = 0
      while i < lines.count {
        // A band: an optional caption line, then a top edge.
        var top = i
        var caption: [Character]? = nil
        if boxColumns(lines[i]) == nil {
          if lines[i].allSatisfy({ $0 == " " }) && !frames.isEmpty { i += 1; continue }
          guard i + 1 < lines.count, boxColumns(lines[i + 1]) != nil else { break }
          caption = lines[i]
          top = i + 1
        }
        guard let columns = boxColumns(lines[top]) else { break }
        // Rows down to the first box's bottom edge.
        guard let bottom = (top + 1..<lines.count).first(where: { row in
          columns[0].lowerBound < lines[row].count && lines[row][columns[0].lowerBound] == "└"
        }) else { return nil }
        for (k, range) in columns.enumerated() {
          let captionEnd = k + 1 < columns.count ? columns[k + 1].lowerBound : Int.max
          let title = caption.map { slice($0, range.lowerBound..<captionEnd) } ?? ""
          let rows = lines[top...bottom].map { slice($0, range) }
          frames.append(Frame(caption: Substring(title).trimmingCharacters(), lines: rows))
        }
        i = bottom + 1
      }
      guard !frames.isEmpty else { return nil }
      var key = lines[i...].map { String($0) }
      while key.first?.allSatisfy({ $0 == " " }) == true { key.removeFirst() }
      return Film(frames: frames, key: key)
    }

    /// The columns of the boxes whose top edges make up `line` (`┌──┐   ┌──┐`),
    /// or nil when it is not such a line.
    static func boxColumns(_ line: [Character]) -> [ClosedRange<Int>]? {
      var columns: [ClosedRange<Int>] = []
      var i = 0
      while i < line.count {
        if line[i] == " " { i += 1; continue }
        guard line[i] == "┌" else { return nil }
        guard let end = line[(i + 1)...].firstIndex(where: { $0 != "─" && $0 != "┬" }), line[end] == "┐" else { return nil }
        columns.append(i...end)
        i = end + 1
      }
      return columns.isEmpty ? nil : columns
    }

    static func slice<R: RangeExpression>(_ line: [Character], _ range: R) -> String where R.Bound == Int {
      let wanted = range.relative(to: 0..<Int.max)
      let lower = min(wanted.lowerBound, line.count)
      let upper = min(wanted.upperBound, line.count)
      var text = String(line[lower..<upper])
      // Rows of a box keep its width (the text's trailing spaces were cut).
      if wanted.upperBound != Int.max, text.count < wanted.count { text += String(repeating: " ", count: wanted.count - text.count) }
      return text
    }

    /// One frame of the comparison.
    public struct FrameComparison: Hashable, Sendable {
      /// The frame's number, from 1.
      public var number: Int
      /// The expected frame (nil: only the actual film has it).
      public var old: Frame?
      /// The actual frame (nil: it is missing from the actual film).
      public var new: Frame?
      /// Their rows side by side (see `LineDiff.rows`).
      public var rows: [LineDiff.Row]
      /// Whether the frames differ (in their captions or their rows).
      public var differs: Bool { old != new }
    }

    /// Two films compared frame by frame.
    public struct Comparison: Hashable, Sendable {
      /// Every frame, in order (as many as the longer film has).
      public var frames: [FrameComparison]
      public var oldCount: Int
      public var newCount: Int
      /// The keys, side by side.
      public var keyRows: [LineDiff.Row]

      /// The frames that differ.
      public var changed: [FrameComparison] { frames.filter(\.differs) }

      /// `frames 2 and 4 of 5 differ`, `3 frames expected, 4 actual; frame 4 differs`.
      public var summary: String {
        let numbers = changed.map { String($0.number) }
        var list = numbers.count > 1
          ? numbers.dropLast().joined(separator: ", ") + " and " + numbers.last! : numbers.first ?? ""
        if numbers.isEmpty { list = "none" }
        let counts = oldCount == newCount ? "" : "\(oldCount) frame\(oldCount == 1 ? "" : "s") expected, \(newCount) actual; "
        if numbers.isEmpty {
          return counts + "every frame is the same" + (keyRows.contains { $0.kind != .same } ? "; the key differs" : "")
        }
        let of = oldCount == newCount ? " of \(oldCount)" : ""
        return counts + (numbers.count == 1 ? "frame \(list)\(of) differs" : "frames \(list)\(of) differ")
      }
    }

    /// `old` and `new` compared frame by frame, or nil unless both are
    /// filmstrips and one has two frames or more (a single frame reads well
    /// as a line diff).
    public static func compare(old: String, new: String) -> Comparison? {
      guard let a = film(old), let b = film(new), max(a.frames.count, b.frames.count) >= 2 else { return nil }
      var frames: [FrameComparison] = []
      for n in 0..<max(a.frames.count, b.frames.count) {
        let x = n < a.frames.count ? a.frames[n] : nil
        let y = n < b.frames.count ? b.frames[n] : nil
        let rows = LineDiff.rows(old: (x?.lines ?? []).map { $0 + "\n" }.joined(),
                                 new: (y?.lines ?? []).map { $0 + "\n" }.joined())
        frames.append(FrameComparison(number: n + 1, old: x, new: y, rows: rows))
      }
      let keyRows = LineDiff.rows(old: a.key.map { $0 + "\n" }.joined(), new: b.key.map { $0 + "\n" }.joined())
      return Comparison(frames: frames, oldCount: a.frames.count, newCount: b.frames.count, keyRows: keyRows)
    }

    /// The comparison of two films as plain lines (verify's details, the
    /// preview's overlay): a summary, then each frame that differs, expected
    /// beside actual, its changed rows marked `~` (`-` only expected, `+`
    /// only actual), then the key's changed lines. Nil when `compare` is nil.
    public static func lines(old: String, new: String, oldLabel: String, newLabel: String) -> [String]? {
      guard let comparison = compare(old: old, new: new) else { return nil }
      var out = ["--- \(oldLabel)", "+++ \(newLabel)", "film: " + comparison.summary]
      for frame in comparison.changed {
        out += describe(frame, of: comparison)
      }
      let keyChanges = comparison.keyRows.filter { $0.kind != .same }
      if !keyChanges.isEmpty {
        out.append("key:")
        for row in comparison.keyRows {
          switch row.kind {
          case .same: out.append("  " + (row.old ?? ""))
          case .changed: out += ["-" + (row.old ?? ""), "+" + (row.new ?? "")]
          case .removed: out.append("-" + (row.old ?? ""))
          case .added: out.append("+" + (row.new ?? ""))
          }
        }
      }
      return out
    }

    /// A frame that differs: its heading, then expected beside actual.
    static func describe(_ frame: FrameComparison, of comparison: Comparison) -> [String] {
      let count = max(comparison.oldCount, comparison.newCount)
      var heading = "frame \(frame.number) of \(count)"
      switch (frame.old, frame.new) {
      case (let old?, let new?):
        heading += old.caption == new.caption ? (old.caption.isEmpty ? "" : " · " + old.caption)
                                              : " · " + old.caption + " → " + new.caption
      case (let old?, nil): heading += (old.caption.isEmpty ? "" : " · " + old.caption) + " · missing from the actual film"
      case (nil, let new?): heading += (new.caption.isEmpty ? "" : " · " + new.caption) + " · only in the actual film"
      case (nil, nil): break
      }
      let width = frame.rows.reduce(8) { max($0, ($1.old ?? "").count) }
      func padded(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
      var out = [heading, "  " + padded("expected") + " │ actual"]
      for row in frame.rows {
        let mark: String
        switch row.kind {
        case .same: mark = " "
        case .changed: mark = "~"
        case .removed: mark = "-"
        case .added: mark = "+"
        }
        out.append(mark + " " + padded(row.old ?? "") + " │ " + (row.new ?? ""))
      }
      return out
    }
  }
}
