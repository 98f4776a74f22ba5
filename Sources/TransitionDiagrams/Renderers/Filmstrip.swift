// FilmstripRenderer: several frames side by side, captioned, wrapping to
// the style's maximum width.

import TransitionEngine

/// Draws several captures side by side, each under its caption (time in
/// seconds and transition progress), wrapping to ``DiagramStyle/maxWidth``.
///
/// Fills are assigned over all the frames, so a colour keeps its character
/// from frame to frame; one key under the strip explains them.
///
/// ```swift
/// let captures = [0, 0.1, 0.2, 0.3].map { t in sim.advance(to: t); return sim.capture() }
/// print(FilmstripRenderer().render(captures))
/// // t=0s progress=0           t=0.1s progress=0.333     …
/// // ┌─────────────────────────┐   ┌─────────────────────────┐   …
/// ```
public struct FilmstripRenderer: Sendable {
  /// Scale, width, gap, looks and palette.
  public var style: DiagramStyle

  /// Creates a filmstrip renderer with `style` (scale, width, gap, palette).
  public init(style: DiagramStyle = .default) {
    self.style = style
  }

  /// One frame of a strip as drawn: its caption and its box.
  public struct Panel: Equatable, Sendable {
    /// The caption (`t=0.1s progress=0.333`), as wide as the box at most.
    public var caption: String
    /// The box, one string per row, each `columns` wide.
    public var lines: [String]
    public var columns: Int
  }

  /// The frames of a strip, each drawn alone, and the key under them.
  public struct Panels: Equatable, Sendable {
    public var panels: [Panel]
    /// The key's lines (`fills: …`, `looks: …`, `motion: …` when the motion is
    /// the engine's model); empty without a key.
    public var key: [String]
  }

  /// Draws each capture as its panel (fills assigned over all the frames)
  /// and the key: what `render` lays out side by side.
  public func panels(_ captures: [ScreenCapture]) -> Panels {
    guard !captures.isEmpty else { return Panels(panels: [], key: []) }
    let fills = style.palette.assignment(for: captures)
    let frameRenderer = FrameRenderer(style: style)
    var looks = LooksUsed()
    var shown: [FillPalette.Entry] = []
    var panels: [Panel] = []
    for capture in captures {
      let drawing = frameRenderer.draw(capture, fills: fills)
      looks.formUnion(drawing.looks)
      for entry in drawing.fillsShown.entries where !shown.contains(entry) { shown.append(entry) }
      panels.append(Panel(caption: Caption.text(for: capture, width: drawing.columns), lines: drawing.lines,
                          columns: drawing.columns))
    }
    // Frame by frame, in reading order.
    var key = style.showsKey
      ? Key.lines(fills: FillAssignment(entries: shown), looks: looks, style: style, width: style.maxWidth) : []
    // A film whose motion rests on the engine's choice says so (the zoom).
    if style.showsKey, let note = captures.lazy.compactMap(\.engineChoice).first {
      var line = "motion:"
      for word in note.split(separator: " ") {
        if line.unicodeScalars.count + 1 + word.unicodeScalars.count > style.maxWidth, line.count > 8 {
          key.append(line)
          line = "       " + word
        } else {
          line += " " + word
        }
      }
      key.append(line)
    }
    return Panels(panels: panels, key: key)
  }

  /// Renders `captures` left to right, then top to bottom.
  ///
  /// - Returns: the strip and its key; an empty string for no captures.
  public func render(_ captures: [ScreenCapture]) -> String {
    render(panels(captures))
  }

  /// Lays `strip` out: its panels side by side, wrapped, then its key.
  public func render(_ strip: Panels) -> String {
    let panels = strip.panels
    guard !panels.isEmpty else { return "" }
    // Pack panels into rows no wider than maxWidth (a panel alone may be wider).
    var rows: [[Int]] = [[]]
    var used = 0
    for (i, panel) in panels.enumerated() {
      let width = panel.columns
      if !rows[rows.count - 1].isEmpty && used + style.frameGap + width > style.maxWidth {
        rows.append([])
        used = 0
      }
      used += (rows[rows.count - 1].isEmpty ? 0 : style.frameGap) + width
      rows[rows.count - 1].append(i)
    }

    let gap = String(repeating: " ", count: style.frameGap)
    var lines: [String] = []
    for (n, row) in rows.enumerated() {
      if n > 0 { lines.append("") }
      if style.showsCaption {
        lines.append(row.map { Text.padded(panels[$0].caption, to: panels[$0].columns) }.joined(separator: gap))
      }
      let height = row.map { panels[$0].lines.count }.max() ?? 0
      for r in 0..<height {
        lines.append(row.map { i -> String in
          let panel = panels[i]
          return r < panel.lines.count ? panel.lines[r] : String(repeating: " ", count: panel.columns)
        }.joined(separator: gap))
      }
    }
    lines += strip.key
    return Text.joined(lines)
  }
}
