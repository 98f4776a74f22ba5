// FrameRenderer: one instant of the screen as an ASCII picture.
//
// A pure function of a `ScreenCapture`: layers are painted back to front
// into a character grid (painter's algorithm), each clipped to its
// ancestors' clips and to the screen; the screen's edge is drawn last.

import TransitionEngine

/// Draws the screen at one instant as fixed-width text.
///
/// Each visible layer is a box with its label on the first inner row;
/// nested views sit inside their parents, later (front) layers cover
/// earlier ones, fills come from a small palette (see ``FillPalette``) and
/// alpha shows as one of three looks (see ``AlphaLook``). Rotated and
/// projected layers are drawn as the quads they are, with ASCII edges;
/// a layer seen edge-on is a line.
///
/// ```swift
/// let text = FrameRenderer().render(sim.capture())
/// // t=0.15s progress=0.5
/// // ┌─────────────────────────┐
/// // │Home*....................│
/// // ...
/// // fills: . white, # systemBlue
/// ```
public struct FrameRenderer: Sendable {
  /// Scale, looks and palette.
  public var style: DiagramStyle

  /// Creates a frame renderer with `style` (scale, looks, palette).
  public init(style: DiagramStyle = .default) {
    self.style = style
  }

  /// Renders `capture`: a caption, the picture, then its key (fills and looks).
  ///
  /// - Returns: lines ending in a newline, without trailing spaces; the same
  ///   text for the same capture on every machine.
  public func render(_ capture: ScreenCapture) -> String {
    let fills = style.palette.assignment(for: [capture])
    let drawing = draw(capture, fills: fills)
    var lines: [String] = []
    if style.showsCaption { lines.append(Caption.text(for: capture, width: max(drawing.columns, 24))) }
    lines += drawing.lines
    if style.showsKey {
      lines += Key.lines(fills: drawing.fillsShown, looks: drawing.looks, style: style, width: style.maxWidth)
    }
    return Text.joined(lines)
  }

  /// The picture alone, as rows of exactly `columns` characters.
  func draw(_ capture: ScreenCapture, fills: FillAssignment) -> FrameDrawing {
    var painter = Painter(style: style, screen: capture.screenSize, fills: fills)
    let layers = capture.layers
    for i in layers.indices {
      if let p = layers[i].parent, p >= 0, p < layers.count {
        painter.paint(layers[i], parent: layers[p])
      } else {
        painter.paint(layers[i], parent: nil)
      }
    }
    painter.drawScreenEdge()
    // The key lists the fills that can still be seen, in reading order.
    var shown = FillAssignment(entries: [])
    var seen: [Unicode.Scalar] = []
    for cell in painter.grid.cells where cell.kind == .fill {
      let scalar = cell.scalar
      guard !seen.contains(scalar) else { continue }
      seen.append(scalar)
      shown.entries += fills.entries.filter { $0.character.unicodeScalars.first == scalar }
    }
    return FrameDrawing(lines: painter.grid.lines(), columns: painter.grid.columns, looks: painter.grid.looksShown,
                        fillsShown: shown)
  }
}

/// A drawn frame, before captions and keys.
struct FrameDrawing {
  var lines: [String]
  var columns: Int
  var looks: LooksUsed
  /// The entries of the assignment whose fills can be seen.
  var fillsShown: FillAssignment
}

/// Which looks and marks a drawing uses (for its key).
struct LooksUsed: Equatable {
  var translucent = false
  var faint = false
  var dimmed = false
  var halfBlocks = false

  mutating func formUnion(_ other: LooksUsed) {
    translucent = translucent || other.translucent
    faint = faint || other.faint
    dimmed = dimmed || other.dimmed
    halfBlocks = halfBlocks || other.halfBlocks
  }
}

// MARK: - Painting

/// Paints layers into a grid, back to front.
struct Painter {
  let style: DiagramStyle
  let fills: FillAssignment
  var grid: CharacterGrid
  private var clipCache: [(polygons: [[CGPoint]], mask: ClipMask)] = []

  /// The cells a clipped layer may draw in.
  struct ClipMask {
    var cells: [Bool]
    var showsAnything: Bool
  }

  init(style: DiagramStyle, screen: CGSize, fills: FillAssignment) {
    self.style = style
    self.fills = fills
    let size = style.gridSize(for: screen)
    grid = CharacterGrid(columns: size.columns, rows: size.rows)
  }

  mutating func paint(_ layer: CapturedLayer, parent: CapturedLayer? = nil) {
    let clip = clipMask(for: layer.clips)
    if let clip, !clip.showsAnything { return }
    let mask = clip?.cells
    let shape = RasterShape(quad: layer.quad, pointsPerColumn: style.pointsPerColumn,
                            pointsPerRow: style.pointsPerRow, columns: grid.columns, rows: grid.rows)
    guard !shape.isEmpty else { return }
    let columns = grid.columns
    @inline(__always) func visible(_ c: Int, _ r: Int) -> Bool { mask?[r * columns + c] ?? true }

    if style.resolution == .halfBlocks && Self.isThin(shape, quad: layer.quad, pointsPerRow: style.pointsPerRow) {
      paintHalfBlocks(layer.quad, region: shape, visible: visible)
      return
    }

    let edgeLook = style.look(forAlpha: layer.effectiveAlpha)
    var fillLook: AlphaLook?
    var fillScalar: Unicode.Scalar = " "
    if let fill = layer.fill {
      fillLook = style.look(forAlpha: layer.effectiveAlpha * fill.alpha)
      fillScalar = fills.character(for: fill).unicodeScalars.first!
    }

    // 1. The fill, on the cells inside.
    if let fillLook {
      let fillMark = CellMark(fillLook)
      for r in shape.minR...shape.maxR {
        for c in shape.minC...shape.maxC where shape.cell(c, r) == RasterShape.inside && visible(c, r) {
          switch fillLook {
          case .opaque:
            grid.set(c, r, fillScalar, .fill)
          case .translucent:
            if (c + r) % 2 == 0, grid.kind(c, r).isBackground {
              grid.set(c, r, fillScalar, .fill, fillMark)
            }
          case .faint:
            if (c + 2 * r) % 4 == 0, grid.kind(c, r).isBackground {
              grid.set(c, r, fillScalar, .fill, fillMark)
            }
          }
        }
      }
    }

    // 2. The edges.
    let edgeMark = CellMark(edgeLook)
    switch shape.form {
    case let .box(c0, r0, c1, r1):
      func drawEdge(_ c: Int, _ r: Int) {
        guard visible(c, r) else { return }
        var scalar = Self.boxScalar(c, r, c0, r0, c1, r1, edgeLook)
        if edgeLook == .opaque, let own = Arms(scalar) {
          // Join the edges that reach this cell from its neighbours (├ ┬ ┼ …). An
          // opaque box's inside is already filled, so a back edge ends at its edge (┴).
          scalar = own.union(joins(c, r)).scalar
        }
        grid.set(c, r, scalar, .edge, r0 == r1 ? .none : edgeMark)
      }
      if r0 == r1 || c0 == c1 {
        // A row ([label]), a column, or one cell (a mark when it has no fill).
        for r in shape.minR...shape.maxR {
          for c in shape.minC...shape.maxC {
            if shape.cell(c, r) == RasterShape.edge {
              drawEdge(c, r)
            } else if c0 == c1 && r0 == r1 && fillLook == nil && visible(c, r) {
              grid.set(c, r, "+", .edge)
            }
          }
        }
      } else {
        // Only the perimeter, as far as it is on the grid.
        for c in shape.minC...shape.maxC {
          if r0 >= shape.minR { drawEdge(c, r0) }
          if r1 <= shape.maxR { drawEdge(c, r1) }
        }
        let top = max(r0 + 1, shape.minR), bottom = min(r1 - 1, shape.maxR)
        if top <= bottom {
          for r in top...bottom {
            if c0 >= shape.minC { drawEdge(c0, r) }
            if c1 <= shape.maxC { drawEdge(c1, r) }
          }
        }
      }
    case .polygon, .line:
      for r in shape.minR...shape.maxR {
        for c in shape.minC...shape.maxC where visible(c, r) {
          let i = shape.index(c, r)
          guard shape.cells[i] == RasterShape.edge else { continue }
          let ordinal = shape.edgeOrdinals[i]
          if ordinal >= 0 {
            if edgeLook == .translucent && ordinal % 2 != 0 { continue }
            if edgeLook == .faint && ordinal % 3 != 0 { continue }
          }
          grid.set(c, r, shape.edgeScalars[i], .edge, ordinal >= 0 ? edgeMark : .none)
        }
      }
    }

    // 3. The outline of the layer's own mask: the shape it shows as.
    let inherited = parent?.clips ?? []
    let ownMasks = layer.clips.count > inherited.count
      ? layer.clips.filter { clip in !inherited.contains(clip) && clip != parent?.quad } : []
    if !ownMasks.isEmpty {
      let outer = clipMask(for: layer.clips.filter { clip in !ownMasks.contains(clip) })?.cells
      for polygon in ownMasks { drawOutline(of: polygon, look: edgeLook, mask: outer) }
    }

    // 4. The label.
    writeLabel(of: layer, shape: shape, visible: visible, fill: fillLook == nil ? nil : fillScalar)
  }

  /// A shape less than a row tall: a one-row box, a one-cell mark, a
  /// layer seen edge-on, or any layer less than `pointsPerRow` tall that
  /// straddles two rows (a card seen nearly edge-on, a view squashed by
  /// its scale).
  static func isThin(_ shape: RasterShape, quad: [CGPoint], pointsPerRow: Double) -> Bool {
    let ys = quad.map { Double($0.y) }
    let lessThanARow = (ys.max() ?? 0) - (ys.min() ?? 0) < pointsPerRow
    switch shape.form {
    case .line: return true
    case let .box(_, r0, _, r1): return r0 == r1 || lessThanARow
    case .polygon: return lessThanARow
    }
  }

  /// Draws a thin layer in half-row blocks (`▀ ▄ █`): a half cell is inked
  /// when the quad's inside holds its centre or the quad's outline passes
  /// through it. Blocks of several thin layers in one cell add up.
  private mutating func paintHalfBlocks(_ quad: [CGPoint], region: RasterShape, visible: (Int, Int) -> Bool) {
    let ppc = style.pointsPerColumn, ppr = style.pointsPerRow
    var inked: [Int: UInt8] = [:]  // cell index -> 1 upper half, 2 lower half
    let points = quad.map { (x: Double($0.x), y: Double($0.y)) }
    func ink(_ x: Double, _ y: Double) {
      let c = Int(CellMapping.clamped(x / ppc).rounded(.down))
      let half = Int(CellMapping.clamped(2 * y / ppr).rounded(.down))
      let r = half >> 1
      guard grid.contains(c, r) else { return }
      inked[r * grid.columns + c, default: 0] |= half & 1 == 0 ? 1 : 2
    }
    let cx = points.map(\.x).reduce(0, +) / Double(max(points.count, 1))
    let cy = points.map(\.y).reduce(0, +) / Double(max(points.count, 1))
    // The outline, sampled every point, nudged towards the centre so that a
    // far edge on a boundary belongs to the half before it.
    func nudge(_ v: Double, to centre: Double) -> Double { v + (centre > v ? 1e-6 : centre < v ? -1e-6 : 0) }
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      let steps = max(1, min(4096, Int(CellMapping.clamped(length).rounded(.up))))
      for s in 0...steps {
        let t = Double(s) / Double(steps)
        ink(nudge(a.x + (b.x - a.x) * t, to: cx), nudge(a.y + (b.y - a.y) * t, to: cy))
      }
    }
    // The inside: half cells whose centre it holds.
    if region.minR <= region.maxR && region.minC <= region.maxC {
      for r in region.minR...region.maxR {
        for c in region.minC...region.maxC {
          for half in 0..<2 {
            let x = (Double(c) + 0.5) * ppc, y = (Double(r) + 0.25 + 0.5 * Double(half)) * ppr
            if RasterShape.contains(points, x, y) { inked[r * grid.columns + c, default: 0] |= half == 0 ? 1 : 2 }
          }
        }
      }
    }
    for (index, bits) in inked.sorted(by: { $0.key < $1.key }) {
      let c = index % grid.columns, r = index / grid.columns
      guard visible(c, r) else { continue }
      var all = bits
      switch grid.scalar(c, r) {
      case "\u{2580}": all |= 1
      case "\u{2584}": all |= 2
      case "\u{2588}": all = 3
      default: break
      }
      let scalar: Unicode.Scalar = all == 3 ? "\u{2588}" : all == 1 ? "\u{2580}" : "\u{2584}"
      grid.set(c, r, scalar, .edge, .halfBlock)
    }
  }

  /// Draws a polygon's edges only (a mask's shape), in ASCII.
  private mutating func drawOutline(of polygon: [CGPoint], look: AlphaLook, mask: [Bool]?) {
    let shape = RasterShape(quad: polygon, pointsPerColumn: style.pointsPerColumn, pointsPerRow: style.pointsPerRow,
                            columns: grid.columns, rows: grid.rows, forceOutline: true)
    guard !shape.isEmpty else { return }
    for r in shape.minR...shape.maxR {
      for c in shape.minC...shape.maxC where mask?[r * grid.columns + c] ?? true {
        let i = shape.index(c, r)
        guard shape.cells[i] == RasterShape.edge else { continue }
        let ordinal = shape.edgeOrdinals[i]
        if ordinal >= 0 {
          if look == .translucent && ordinal % 2 != 0 { continue }
          if look == .faint && ordinal % 3 != 0 { continue }
        }
        grid.set(c, r, shape.edgeScalars[i], .edge, ordinal >= 0 ? CellMark(look) : .none)
      }
    }
  }

  /// The box-drawing character of a box's edge cell.
  static func boxScalar(_ c: Int, _ r: Int, _ c0: Int, _ r0: Int, _ c1: Int, _ r1: Int,
                        _ look: AlphaLook) -> Unicode.Scalar {
    if r0 == r1 { return c == c0 ? "[" : "]" }
    if c0 == c1 { return Glyph.vertical(look) }
    switch (c == c0, c == c1, r == r0, r == r1) {
    case (true, _, true, _): return Glyph.topLeft
    case (_, true, true, _): return Glyph.topRight
    case (true, _, _, true): return Glyph.bottomLeft
    case (_, true, _, true): return Glyph.bottomRight
    case (_, _, true, _), (_, _, _, true): return Glyph.horizontal(look)
    default: return Glyph.vertical(look)
    }
  }

  // MARK: Labels

  private mutating func writeLabel(of layer: CapturedLayer, shape: RasterShape, visible: (Int, Int) -> Bool,
                                   fill: Unicode.Scalar?) {
    let mark = layer.isDimmed ? "*" : ""
    let label = Self.displayedLabel(of: layer)
    // Keep labels off the screen's edge, which is drawn last.
    let lowC = grid.columns > 2 ? 1 : 0, highC = grid.columns > 2 ? grid.columns - 2 : grid.columns - 1
    let lowR = grid.rows > 2 ? 1 : 0, highR = grid.rows > 2 ? grid.rows - 2 : grid.rows - 1
    var place: (row: Int, from: Int, to: Int, centred: Bool)?

    switch shape.form {
    case let .box(c0, r0, c1, r1):
      let from = max(c0 + 1, lowC), to = min(c1 - 1, highC)
      if r0 == r1 {
        place = (r0, from, to, false)
      } else if r1 - r0 >= 2, case let row = min(max(r0 + 1, lowR), highR), row > r0 && row < r1 {
        place = (row, from, to, false)
      } else {
        // No inner row on the screen: the label goes into an edge, ├─after a dash.
        let row = r0 >= lowR ? r0 : r1
        if row >= lowR && row <= highR { place = (row, max(c0 + 2, lowC), to, false) }
      }
    case .polygon:
      place = Self.centralRun(in: shape, visible: visible, lowC: lowC, highC: highC, lowR: lowR, highR: highR)
    case .line:
      // A horizontal line carries its label: +-label----+
      if shape.minR == shape.maxR, shape.minR >= lowR, shape.minR <= highR {
        var first = Int.max, last = Int.min
        for c in shape.minC...shape.maxC where shape.cell(c, shape.minR) == RasterShape.edge {
          first = min(first, c); last = max(last, c)
        }
        if first != Int.max, last - first >= 5 {
          place = (shape.minR, max(first + 2, lowC), min(last - 2, highC), false)
        }
      }
    }
    if let found = place, !(shape.minR...shape.maxR).contains(found.row) || !(found.from...max(found.from, found.to))
      .contains(where: { visible($0, found.row) }) {
      place = nil
    }
    if place == nil, shape.form != .line {
      // Clipped away where it would go (a mask, a clipping parent): the middle of what shows.
      place = Self.centralRun(in: shape, visible: visible, lowC: lowC, highC: highC, lowR: lowR, highR: highR)
    }
    guard let place, place.row >= 0, place.row < grid.rows,
          let text = Text.fitted(label, mark: mark, width: place.to - place.from + 1) else { return }
    var column = place.from
    if place.centred { column += (place.to - place.from + 1 - text.unicodeScalars.count) / 2 }
    let count = text.unicodeScalars.count
    for (i, scalar) in text.unicodeScalars.enumerated() {
      let c = column + i
      guard c >= 0, c < grid.columns, visible(c, place.row) else { continue }
      grid.set(c, place.row, scalar, .text, !mark.isEmpty && i == count - 1 ? .dimmed : .none)
    }
    // The rest of a label below this one would read as part of this label
    // ("shade" + "wView"): cover it with this layer's fill.
    if case .box = shape.form {
      var c = column + count
      while c <= place.to, c < grid.columns, grid.kind(c, place.row) == .text {
        if visible(c, place.row) { grid.set(c, place.row, fill ?? " ", fill == nil ? .empty : .fill) }
        c += 1
      }
    }
  }

  /// The layer's label; a label's text (an image's name) in quotes after it,
  /// or alone when the label is only a UIKit class name.
  static func displayedLabel(of layer: CapturedLayer) -> String {
    guard let content = layer.content, !content.isEmpty else { return layer.label }
    let quoted = "\"" + content + "\""
    return layer.label.hasPrefix("UI") ? quoted : layer.label + " " + quoted
  }

  /// The run of inside cells nearest the quad's centre, searching outwards
  /// from its row.
  private static func centralRun(
    in shape: RasterShape, visible: (Int, Int) -> Bool, lowC: Int, highC: Int, lowR: Int, highR: Int
  ) -> (row: Int, from: Int, to: Int, centred: Bool)? {
    let centreRow = Int((shape.centroid.y).rounded(.down))
    let centreColumn = Int((shape.centroid.x).rounded(.down))
    let height = shape.maxR - shape.minR + 1
    for step in 0..<(2 * height + 1) {
      let offset = step % 2 == 0 ? step / 2 : -(step + 1) / 2
      let r = centreRow + offset
      guard r >= max(shape.minR, lowR), r <= min(shape.maxR, highR) else { continue }
      var best: (from: Int, to: Int)?
      var c = max(shape.minC, lowC)
      let end = min(shape.maxC, highC)
      while c <= end {
        guard shape.cell(c, r) == RasterShape.inside, visible(c, r) else { c += 1; continue }
        var d = c
        while d + 1 <= end, shape.cell(d + 1, r) == RasterShape.inside, visible(d + 1, r) { d += 1 }
        let run = (from: c, to: d)
        if let b = best {
          let holdsCentre = run.from <= centreColumn && centreColumn <= run.to
          let bestHoldsCentre = b.from <= centreColumn && centreColumn <= b.to
          if (holdsCentre && !bestHoldsCentre) || (holdsCentre == bestHoldsCentre && run.to - run.from > b.to - b.from) {
            best = run
          }
        } else {
          best = run
        }
        c = d + 1
      }
      if let best { return (r, best.from, best.to, true) }
    }
    return nil
  }

  // MARK: Clipping

  /// The cells a layer may draw in: inside every clip (their edges excluded,
  /// so a clipping view's edge stays visible), or nil when nothing clips.
  private mutating func clipMask(for polygons: [[CGPoint]]) -> ClipMask? {
    guard !polygons.isEmpty else { return nil }
    if let cached = clipCache.first(where: { $0.polygons == polygons }) { return cached.mask }
    var cells: [Bool]
    if polygons.count > 1, let prefix = clipCache.first(where: { $0.polygons == Array(polygons.dropLast()) }) {
      cells = prefix.mask.cells
      intersect(&cells, with: polygons[polygons.count - 1])
    } else {
      cells = Array(repeating: true, count: grid.columns * grid.rows)
      for polygon in polygons { intersect(&cells, with: polygon) }
    }
    let mask = ClipMask(cells: cells, showsAnything: cells.contains(true))
    clipCache.append((polygons, mask))
    return mask
  }

  private func intersect(_ mask: inout [Bool], with polygon: [CGPoint]) {
    let shape = RasterShape(quad: polygon, pointsPerColumn: style.pointsPerColumn, pointsPerRow: style.pointsPerRow,
                            columns: grid.columns, rows: grid.rows)
    var result = Array(repeating: false, count: mask.count)
    if !shape.isEmpty {
      for r in shape.minR...shape.maxR {
        for c in shape.minC...shape.maxC where mask[r * grid.columns + c] {
          result[r * grid.columns + c] = shape.cell(c, r) == RasterShape.inside
        }
      }
    }
    mask = result
  }

  /// The directions in which a neighbouring cell's box-drawing edge reaches this cell.
  private func joins(_ c: Int, _ r: Int) -> Arms {
    var arms: Arms = []
    func reaches(_ dc: Int, _ dr: Int, _ back: Arms) -> Bool {
      let nc = c + dc, nr = r + dr
      guard grid.contains(nc, nr), grid.kind(nc, nr) == .edge, let neighbour = Arms(grid.scalar(nc, nr)) else {
        return false
      }
      return neighbour.contains(back)
    }
    if reaches(0, -1, .down) { arms.insert(.up) }
    if reaches(0, 1, .up) { arms.insert(.down) }
    if reaches(-1, 0, .right) { arms.insert(.left) }
    if reaches(1, 0, .left) { arms.insert(.right) }
    return arms
  }

  // MARK: The screen's edge

  /// Draws the screen's edge over everything, joining the edges that meet it.
  mutating func drawScreenEdge() {
    let columns = grid.columns, rows = grid.rows
    guard columns >= 2, rows >= 2 else { return }
    for r in 0..<rows {
      for c in 0..<columns where r == 0 || r == rows - 1 || c == 0 || c == columns - 1 {
        var arms: Arms = []
        var outward: Arms = []
        if r == 0 { outward.insert(.up) }
        if r == rows - 1 { outward.insert(.down) }
        if c == 0 { outward.insert(.left) }
        if c == columns - 1 { outward.insert(.right) }
        if r == 0 || r == rows - 1 {
          if c > 0 { arms.insert(.left) }
          if c < columns - 1 { arms.insert(.right) }
        }
        if c == 0 || c == columns - 1 {
          if r > 0 { arms.insert(.up) }
          if r < rows - 1 { arms.insert(.down) }
        }
        arms.formUnion(joins(c, r).subtracting(outward))
        grid.set(c, r, arms.scalar, .edge)
      }
    }
  }
}

extension CellKind {
  /// Whether a translucent fill may draw over it (it shows through the gaps).
  var isBackground: Bool { self == .empty || self == .fill }
}
