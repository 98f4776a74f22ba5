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

  /// Renders `captures` left to right, then top to bottom.
  ///
  /// - Returns: the strip and its key; an empty string for no captures.
  public func render(_ captures: [ScreenCapture]) -> String {
    guard !captures.isEmpty else { return "" }
    let fills = style.palette.assignment(for: captures)
    let frameRenderer = FrameRenderer(style: style)
    var looks = LooksUsed()
    var shown: [FillPalette.Entry] = []
    var panels: [(caption: String, drawing: FrameDrawing)] = []
    for capture in captures {
      let drawing = frameRenderer.draw(capture, fills: fills)
      looks.formUnion(drawing.looks)
      for entry in drawing.fillsShown.entries where !shown.contains(entry) { shown.append(entry) }
      panels.append((Caption.text(for: capture, width: drawing.columns), drawing))
    }

    // Pack panels into rows no wider than maxWidth (a panel alone may be wider).
    var rows: [[Int]] = [[]]
    var used = 0
    for (i, panel) in panels.enumerated() {
      let width = panel.drawing.columns
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
        lines.append(row.map { Text.padded(panels[$0].caption, to: panels[$0].drawing.columns) }.joined(separator: gap))
      }
      let height = row.map { panels[$0].drawing.lines.count }.max() ?? 0
      for r in 0..<height {
        lines.append(row.map { i -> String in
          let drawing = panels[i].drawing
          return r < drawing.lines.count ? drawing.lines[r] : String(repeating: " ", count: drawing.columns)
        }.joined(separator: gap))
      }
    }
    if style.showsKey {
      // Frame by frame, in reading order.
      let key = FillAssignment(entries: shown)
      lines += Key.lines(fills: key, looks: looks, style: style, width: style.maxWidth)
    }
    return Text.joined(lines)
  }
}
