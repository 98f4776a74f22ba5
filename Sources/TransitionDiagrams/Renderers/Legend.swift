// LegendRenderer: the numbers behind a frame — one row per visible layer
// with its exact frame, alpha, fill and transform.

import TransitionEngine

/// Tabulates the visible layers of a capture with their exact values, so
/// that numbers back up the picture.
///
/// ```swift
/// print(LegendRenderer().render(capture))
/// // t=0.15s progress=0.5
/// // view        frame             on screen         alpha  shows  fill          transform
/// // UIWindow    0,0 320x568       0,0 320x568       1      1      -             identity
/// //   card      40,100 240x300    40,100 240x300    0.5    0.5    # systemBlue  scale 0.8
/// ```
///
/// Rows are in paint order (back to front), indented by nesting. *frame* is
/// in the superview's coordinates, *on screen* the bounding box of the
/// projected layer, *alpha* the layer's own and *shows* its product with
/// every ancestor's.
public struct LegendRenderer: Sendable {
  /// The palette (for the fill characters, as the frame shows them).
  public var style: DiagramStyle

  /// Creates a legend renderer; `style` gives the palette and the caption.
  public init(style: DiagramStyle = .default) {
    self.style = style
  }

  /// Renders the table for `capture`, under its caption.
  public func render(_ capture: ScreenCapture) -> String {
    render(capture, fills: style.palette.assignment(for: [capture]))
  }

  func render(_ capture: ScreenCapture, fills: FillAssignment) -> String {
    var table: [[String]] = [["view", "frame", "on screen", "alpha", "shows", "fill", "transform", "notes"]]
    for layer in capture.layers {
      var notes: [String] = []
      if layer.isDimmed { notes.append("dimmed") }
      if !layer.clips.isEmpty { notes.append("clipped") }
      if layer.cornerRadius > 0 { notes.append("radius \(diagramNumber(layer.cornerRadius))") }
      if let content = layer.content { notes.append("\"\(Text.ascii(content))\"") }
      if !layer.isView { notes.append("layer") }
      let fill = layer.fill.map { color -> String in
        let alpha = color.alpha < 1 ? " a=\(diagramNumber(color.alpha))" : ""
        return "\(fills.character(for: color)) \(Text.ascii(color.displayName))\(alpha)"
      } ?? "-"
      table.append([
        String(repeating: "  ", count: layer.depth) + Text.ascii(layer.label) + (layer.isDimmed ? "*" : ""),
        Self.rect(layer.frame),
        Self.rect(Self.bounds(of: layer.quad)),
        diagramNumber(layer.alpha),
        diagramNumber(layer.effectiveAlpha),
        fill,
        Text.ascii(layer.transformSummary),
        notes.joined(separator: ", "),
      ])
    }
    var lines: [String] = []
    if style.showsCaption { lines.append(Caption.text(for: capture, width: style.maxWidth)) }
    lines += Self.columns(table)
    return Text.joined(lines)
  }

  /// Aligns a table's columns, two spaces apart.
  static func columns(_ table: [[String]]) -> [String] {
    guard let count = table.first?.count else { return [] }
    var widths = Array(repeating: 0, count: count)
    for row in table { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.unicodeScalars.count) } }
    return table.map { row in
      row.enumerated().map { i, cell in i == count - 1 ? cell : Text.padded(cell, to: widths[i]) }
        .joined(separator: "  ")
    }
  }

  /// "x,y wxh", three decimals at most.
  static func rect(_ r: CGRect) -> String {
    "\(diagramNumber(Double(r.minX))),\(diagramNumber(Double(r.minY))) \(diagramNumber(Double(r.width)))x\(diagramNumber(Double(r.height)))"
  }

  static func bounds(of quad: [CGPoint]) -> CGRect {
    guard let first = quad.first else { return .zero }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in quad { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
