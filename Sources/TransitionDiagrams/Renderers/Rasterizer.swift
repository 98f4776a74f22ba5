// The character raster behind frame diagrams: a grid of cells, and the
// shapes (boxes, projected quads, edge-on lines) that layers paint into it.
//
// Shapes are sampled at cell centres (point in polygon, even-odd) and their
// edges rasterised with Bresenham's algorithm between the cells of their
// corners. Axis-aligned rectangles are boxes drawn with box-drawing
// characters; every other quad is drawn with ASCII (`- | / \ +`).

import TransitionEngine

// MARK: - Grid

/// What a cell holds, so that later (front) layers know what they cover.
enum CellKind: UInt8 {
  case empty, fill, edge, text
}

/// A grid of fixed-width characters, row by row.
struct CharacterGrid {
  /// One cell: its character, what it holds, and what it tells the key.
  struct Cell {
    var scalar: Unicode.Scalar
    var kind: CellKind
    var mark: CellMark
  }

  let columns: Int
  let rows: Int
  var cells: [Cell]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Cell(scalar: " ", kind: .empty, mark: .none), count: columns * rows)
  }

  @inline(__always) func contains(_ c: Int, _ r: Int) -> Bool {
    c >= 0 && r >= 0 && c < columns && r < rows
  }

  @inline(__always) func kind(_ c: Int, _ r: Int) -> CellKind { cells[r * columns + c].kind }

  @inline(__always) func scalar(_ c: Int, _ r: Int) -> Unicode.Scalar { cells[r * columns + c].scalar }

  @inline(__always) mutating func set(_ c: Int, _ r: Int, _ scalar: Unicode.Scalar, _ kind: CellKind,
                                      _ mark: CellMark = .none) {
    cells[r * columns + c] = Cell(scalar: scalar, kind: kind, mark: mark)
  }

  /// The looks and marks that can still be seen (for the key).
  var looksShown: LooksUsed {
    var looks = LooksUsed()
    for cell in cells {
      switch cell.mark {
      case .none: break
      case .translucent: looks.translucent = true
      case .faint: looks.faint = true
      case .dimmed: looks.dimmed = true
      case .halfBlock: looks.halfBlocks = true
      }
    }
    return looks
  }

  /// The rows as strings of exactly `columns` characters.
  func lines() -> [String] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(columns * 3)
    return (0..<rows).map { r in
      bytes.removeAll(keepingCapacity: true)
      for cell in cells[(r * columns)..<((r + 1) * columns)] {
        let v = cell.scalar.value
        if v < 0x80 {
          bytes.append(UInt8(v))
        } else if v < 0x800 {
          bytes.append(UInt8(0xC0 | (v >> 6)))
          bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else {
          bytes.append(UInt8(0xE0 | (v >> 12)))
          bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
          bytes.append(UInt8(0x80 | (v & 0x3F)))
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}

/// What a cell shows that the key explains.
enum CellMark: UInt8 {
  case none, translucent, faint, dimmed, halfBlock

  init(_ look: AlphaLook) {
    switch look {
    case .opaque: self = .none
    case .translucent: self = .translucent
    case .faint: self = .faint
    }
  }
}

// MARK: - Box-drawing arms

/// The arms of a light box-drawing character: which neighbours it joins.
struct Arms: OptionSet {
  let rawValue: UInt8
  static let up = Arms(rawValue: 1)
  static let down = Arms(rawValue: 2)
  static let left = Arms(rawValue: 4)
  static let right = Arms(rawValue: 8)

  /// The arms of a solid light box-drawing character, nil for anything else.
  init?(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x2500: self = [.left, .right]
    case 0x2502: self = [.up, .down]
    case 0x250C: self = [.down, .right]
    case 0x2510: self = [.down, .left]
    case 0x2514: self = [.up, .right]
    case 0x2518: self = [.up, .left]
    case 0x251C: self = [.up, .down, .right]
    case 0x2524: self = [.up, .down, .left]
    case 0x252C: self = [.down, .left, .right]
    case 0x2534: self = [.up, .left, .right]
    case 0x253C: self = [.up, .down, .left, .right]
    default: return nil
    }
  }

  init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The character with these arms (a lone arm draws a full line).
  var scalar: Unicode.Scalar {
    switch rawValue {
    case 1, 2, 3: return "\u{2502}"
    case 4, 8, 12: return "\u{2500}"
    case 10: return "\u{250C}"
    case 6: return "\u{2510}"
    case 9: return "\u{2514}"
    case 5: return "\u{2518}"
    case 11: return "\u{251C}"
    case 7: return "\u{2524}"
    case 14: return "\u{252C}"
    case 13: return "\u{2534}"
    case 15: return "\u{253C}"
    default: return " "
    }
  }
}

enum Glyph {
  static let horizontal: Unicode.Scalar = "\u{2500}"       // ─
  static let vertical: Unicode.Scalar = "\u{2502}"         // │
  static let topLeft: Unicode.Scalar = "\u{250C}"          // ┌
  static let topRight: Unicode.Scalar = "\u{2510}"         // ┐
  static let bottomLeft: Unicode.Scalar = "\u{2514}"       // └
  static let bottomRight: Unicode.Scalar = "\u{2518}"      // ┘
  static let dashedHorizontal: Unicode.Scalar = "\u{254C}" // ╌
  static let dashedVertical: Unicode.Scalar = "\u{254E}"   // ╎
  static let dottedHorizontal: Unicode.Scalar = "\u{2508}" // ┈
  static let dottedVertical: Unicode.Scalar = "\u{250A}"   // ┊

  static func horizontal(_ look: AlphaLook) -> Unicode.Scalar {
    switch look {
    case .opaque: return horizontal
    case .translucent: return dashedHorizontal
    case .faint: return dottedHorizontal
    }
  }

  static func vertical(_ look: AlphaLook) -> Unicode.Scalar {
    switch look {
    case .opaque: return vertical
    case .translucent: return dashedVertical
    case .faint: return dottedVertical
    }
  }
}

// MARK: - Shapes

/// A quad rasterised into the cells of a region of the grid.
struct RasterShape {
  enum Form: Equatable {
    /// An axis-aligned rectangle over cells c0…c1 × r0…r1 (may reach off the grid).
    case box(c0: Int, r0: Int, c1: Int, r1: Int)
    /// Any other quad (rotated, projected).
    case polygon
    /// A quad too thin to have an inside: a layer seen edge-on.
    case line
  }

  /// Cell classes in `cells`.
  static let outside: UInt8 = 0, inside: UInt8 = 1, edge: UInt8 = 2

  var form: Form
  /// The region, clamped to the grid (empty when minC > maxC or minR > maxR).
  var minC = 0, minR = 0, maxC = -1, maxR = -1
  /// Per region cell: outside, inside or edge (empty for a box, whose
  /// cells follow from its corners).
  var cells: [UInt8] = []
  /// A box's cells, when `form` is a box.
  private var isBox = false
  private var c0 = 0, r0 = 0, c1 = 0, r1 = 0
  /// The edge character of each edge cell (polygons and lines).
  var edgeScalars: [Unicode.Scalar] = []
  /// The position of each edge cell along its edge (for dashes); -1 for a corner.
  var edgeOrdinals: [Int32] = []
  /// The centroid of the quad, in cells.
  var centroid: (x: Double, y: Double) = (0, 0)

  var isEmpty: Bool { minC > maxC || minR > maxR }
  var regionWidth: Int { maxC - minC + 1 }

  @inline(__always) func index(_ c: Int, _ r: Int) -> Int { (r - minR) * regionWidth + (c - minC) }

  /// The class of a cell: outside, inside or edge.
  @inline(__always) func cell(_ c: Int, _ r: Int) -> UInt8 {
    guard c >= minC, c <= maxC, r >= minR, r <= maxR else { return Self.outside }
    guard isBox else { return cells[index(c, r)] }
    if r0 == r1 { return (c == c0 || c == c1) && c0 != c1 ? Self.edge : Self.inside }
    return c == c0 || c == c1 || r == r0 || r == r1 ? Self.edge : Self.inside
  }

  /// Rasterises `quad` (screen points) for a grid of `columns` × `rows`;
  /// with `forceOutline`, an axis-aligned rectangle gets ASCII edges too.
  init(quad: [CGPoint], pointsPerColumn ppc: Double, pointsPerRow ppr: Double, columns: Int, rows: Int,
       forceOutline: Bool = false) {
    form = .polygon
    if !forceOutline, quad.count == 4, let box = Self.axisAlignedBox(quad) {
      // The common case, without the general machinery: an upright rectangle.
      let (minX, minY, maxX, maxY) = box
      let w = maxX - minX, h = maxY - minY
      if w * h / (w * w + h * h).squareRoot() >= 1 {
        centroid = ((minX + maxX) / 2 / ppc, (minY + maxY) / 2 / ppr)
        let c0 = CellMapping.firstCell(minX / ppc), c1 = max(c0, CellMapping.lastCell(maxX / ppc))
        let r0 = CellMapping.firstCell(minY / ppr), r1 = max(r0, CellMapping.lastCell(maxY / ppr))
        minC = max(c0, 0); maxC = min(c1, columns - 1)
        minR = max(r0, 0); maxR = min(r1, rows - 1)
        form = .box(c0: c0, r0: r0, c1: c1, r1: r1)
        isBox = true
        (self.c0, self.r0, self.c1, self.r1) = (c0, r0, c1, r1)
        return
      }
    }
    let points = quad.map { (x: Double($0.x), y: Double($0.y)) }
    guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
      form = .line
      return
    }
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    var sumX = 0.0, sumY = 0.0
    for p in points {
      minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
      sumX += p.x; sumY += p.y
    }
    let cx = sumX / Double(points.count), cy = sumY / Double(points.count)
    centroid = (cx / ppc, cy / ppr)

    // How thick is it? An edge-on layer (or one squashed to nothing) is a line.
    var longest = 0.0, ends = (0, 0)
    for i in points.indices {
      for j in points.indices where j > i {
        let d = ((points[i].x - points[j].x) * (points[i].x - points[j].x)
          + (points[i].y - points[j].y) * (points[i].y - points[j].y)).squareRoot()
        if d > longest { longest = d; ends = (i, j) }
      }
    }
    guard longest > 0 else { form = .line; return }  // a point: nothing to draw
    let thickness = abs(Self.signedArea(points)) / longest
    let c0 = CellMapping.firstCell(minX / ppc), c1 = max(c0, CellMapping.lastCell(maxX / ppc))
    let r0 = CellMapping.firstCell(minY / ppr), r1 = max(r0, CellMapping.lastCell(maxY / ppr))
    minC = max(c0, 0); maxC = min(c1, columns - 1)
    minR = max(r0, 0); maxR = min(r1, rows - 1)
    guard !isEmpty else { return }
    cells = Array(repeating: Self.outside, count: regionWidth * (maxR - minR + 1))

    func vertexCell(_ p: (x: Double, y: Double)) -> (Int, Int) {
      (p.x >= cx ? CellMapping.lastCell(p.x / ppc) : CellMapping.firstCell(p.x / ppc),
       p.y >= cy ? CellMapping.lastCell(p.y / ppr) : CellMapping.firstCell(p.y / ppr))
    }

    if thickness < 1 {
      form = .line
      edgeScalars = Array(repeating: " ", count: cells.count)
      edgeOrdinals = Array(repeating: 0, count: cells.count)
      let a = points[ends.0], b = points[ends.1]
      let scalar = Self.slopeScalar(dx: (b.x - a.x) / ppc, dy: (b.y - a.y) / ppr)
      let from = vertexCell(a), to = vertexCell(b)
      drawSegment(from, to, scalar)
      markCorner(from)
      markCorner(to)
      return
    }

    // A general quad: inside by cell centres, then its edges.
    edgeScalars = Array(repeating: " ", count: cells.count)
    edgeOrdinals = Array(repeating: 0, count: cells.count)
    for r in minR...maxR {
      let y = (Double(r) + 0.5) * ppr
      for c in minC...maxC {
        let x = (Double(c) + 0.5) * ppc
        if Self.contains(points, x, y) { cells[index(c, r)] = Self.inside }
      }
    }
    let height = maxR - minR + 1
    var spans = EdgeSpans(edges: points.count, rows: height)
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      drawSegment(vertexCell(a), vertexCell(b), Self.slopeScalar(dx: (b.x - a.x) / ppc, dy: (b.y - a.y) / ppr),
                  edge: i, spans: &spans)
    }
    for p in points { markCorner(vertexCell(p)) }
    // Keep the inside within the edges as drawn: a cell centre just inside the
    // true edge may lie beyond its staircase. In each row, the leftmost and
    // rightmost edges the row's centre line crosses bound the inside.
    for r in minR...maxR {
      let y = (Double(r) + 0.5) * ppr
      var left: (x: Double, edge: Int)?, right: (x: Double, edge: Int)?
      for i in points.indices {
        let a = points[i], b = points[(i + 1) % points.count]
        guard (a.y > y) != (b.y > y) else { continue }
        let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
        if left == nil || x < left!.x { left = (x, i) }
        if right == nil || x > right!.x { right = (x, i) }
      }
      let first = left.flatMap { spans.first(edge: $0.edge, row: r - minR) } ?? Int.min
      let last = right.flatMap { spans.last(edge: $0.edge, row: r - minR) } ?? Int.max
      for c in minC...maxC where (c < first || c > last) && cells[index(c, r)] == Self.inside {
        cells[index(c, r)] = Self.outside
      }
    }
  }

  /// The first and last column each edge drew in each row of the region.
  struct EdgeSpans {
    let rows: Int
    var firsts: [Int], lasts: [Int]

    init(edges: Int, rows: Int) {
      self.rows = rows
      firsts = Array(repeating: Int.max, count: edges * rows)
      lasts = Array(repeating: Int.min, count: edges * rows)
    }

    mutating func note(edge: Int, row: Int, column: Int) {
      let i = edge * rows + row
      firsts[i] = min(firsts[i], column)
      lasts[i] = max(lasts[i], column)
    }

    func first(edge: Int, row: Int) -> Int? { firsts[edge * rows + row] == Int.max ? nil : firsts[edge * rows + row] }
    func last(edge: Int, row: Int) -> Int? { lasts[edge * rows + row] == Int.min ? nil : lasts[edge * rows + row] }
  }

  private mutating func markCorner(_ cell: (Int, Int)) {
    let (c, r) = cell
    guard c >= minC, c <= maxC, r >= minR, r <= maxR else { return }
    let i = index(c, r)
    cells[i] = Self.edge
    edgeScalars[i] = "+"
    edgeOrdinals[i] = -1
  }

  /// Bresenham between two cells; cells outside the region are skipped.
  private mutating func drawSegment(_ start: (Int, Int), _ end: (Int, Int), _ scalar: Unicode.Scalar) {
    var unused = EdgeSpans(edges: 0, rows: 0)
    drawSegment(start, end, scalar, edge: -1, spans: &unused)
  }

  private mutating func drawSegment(_ start: (Int, Int), _ end: (Int, Int), _ scalar: Unicode.Scalar,
                                    edge: Int, spans: inout EdgeSpans) {
    var from = start, to = end
    var ordinal: Int32 = 0
    let span = max(abs(end.0 - start.0), abs(end.1 - start.1))
    if span > 4 * (regionWidth + maxR - minR + 1) + 16 {
      // Far-off ends (a nearly singular projection): draw only the part near the region.
      guard let near = Self.clip(start, end, to: (minC - 2, minR - 2, maxC + 2, maxR + 2)) else { return }
      ordinal = Int32(truncatingIfNeeded: max(abs(near.0.0 - start.0), abs(near.0.1 - start.1)))
      (from, to) = near
    }
    var (c, r) = from
    let dc = abs(to.0 - c), dr = -abs(to.1 - r)
    let sc = c < to.0 ? 1 : -1, sr = r < to.1 ? 1 : -1
    var err = dc + dr
    var steps = 0
    while true {
      if c >= minC, c <= maxC, r >= minR, r <= maxR {
        let i = index(c, r)
        if cells[i] != Self.edge || edgeOrdinals[i] >= 0 {
          cells[i] = Self.edge
          edgeScalars[i] = scalar
          edgeOrdinals[i] = ordinal
        }
        if edge >= 0 { spans.note(edge: edge, row: r - minR, column: c) }
      }
      if c == to.0 && r == to.1 { break }
      steps += 1
      if steps > 100_000 { break }
      let e2 = 2 * err
      if e2 >= dr { err += dr; c += sc }
      if e2 <= dc { err += dc; r += sr }
      ordinal += 1
    }
  }

  /// The part of the segment from `p` to `q` inside `box` (Liang–Barsky),
  /// its ends rounded to cells; nil when it misses the box.
  static func clip(_ p: (Int, Int), _ q: (Int, Int), to box: (Int, Int, Int, Int)) -> ((Int, Int), (Int, Int))? {
    let dx = Double(q.0 - p.0), dy = Double(q.1 - p.1)
    var t0 = 0.0, t1 = 1.0
    let bounds = [(-dx, Double(p.0 - box.0)), (dx, Double(box.2 - p.0)),
                  (-dy, Double(p.1 - box.1)), (dy, Double(box.3 - p.1))]
    for (direction, distance) in bounds {
      if direction == 0 {
        if distance < 0 { return nil }
      } else if direction < 0 {
        t0 = max(t0, distance / direction)
      } else {
        t1 = min(t1, distance / direction)
      }
    }
    guard t0 <= t1 else { return nil }
    return ((p.0 + Int((t0 * dx).rounded()), p.1 + Int((t0 * dy).rounded())),
            (p.0 + Int((t1 * dx).rounded()), p.1 + Int((t1 * dy).rounded())))
  }

  /// The ASCII character for an edge going (dx, dy) cells (y grows downwards).
  static func slopeScalar(dx: Double, dy: Double) -> Unicode.Scalar {
    let ax = abs(dx), ay = abs(dy)
    if ay <= 0.4142 * ax { return "-" }        // within 22.5 degrees of horizontal
    if ay >= 2.4142 * ax { return "|" }        // within 22.5 degrees of vertical
    return (dx > 0) == (dy > 0) ? "\\" : "/"
  }

  /// The bounds of a finite quad whose edges are horizontal and vertical
  /// (upright, or turned by a multiple of 90 degrees); nil for any other.
  static func axisAlignedBox(_ q: [CGPoint]) -> (Double, Double, Double, Double)? {
    let x0 = Double(q[0].x), y0 = Double(q[0].y), x1 = Double(q[1].x), y1 = Double(q[1].y)
    let x2 = Double(q[2].x), y2 = Double(q[2].y), x3 = Double(q[3].x), y3 = Double(q[3].y)
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, x3.isFinite, y3.isFinite
    else { return nil }
    let e = 1e-6
    let upright = abs(y0 - y1) < e && abs(y2 - y3) < e && abs(x1 - x2) < e && abs(x3 - x0) < e
    let turned = abs(x0 - x1) < e && abs(x2 - x3) < e && abs(y1 - y2) < e && abs(y3 - y0) < e
    guard upright || turned else { return nil }
    return (min(min(x0, x1), min(x2, x3)), min(min(y0, y1), min(y2, y3)),
            max(max(x0, x1), max(x2, x3)), max(max(y0, y1), max(y2, y3)))
  }

  static func signedArea(_ p: [(x: Double, y: Double)]) -> Double {
    var sum = 0.0
    for i in p.indices {
      let a = p[i], b = p[(i + 1) % p.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
  }

  /// Even-odd point in polygon (any winding; masks may be non-convex).
  static func contains(_ p: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
    var inside = false
    var j = p.count - 1
    for i in p.indices {
      let a = p[i], b = p[j]
      if (a.y > y) != (b.y > y) {
        let xCross = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
        if x < xCross { inside.toggle() }
      }
      j = i
    }
    return inside
  }
}
