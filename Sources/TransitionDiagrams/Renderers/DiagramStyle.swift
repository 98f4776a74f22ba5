// DiagramStyle: how the ASCII diagrams are drawn — scale, widths, the
// alpha thresholds of the three looks, and the fill palette.

import TransitionEngine

/// How the frame diagrams are drawn: scale, widths, alpha looks and fills.
///
/// The default draws a 320×568 screen as 27 columns by 24 rows (12 points
/// per column, 24 per row: a terminal cell is about twice as tall as it is
/// wide), which keeps labels legible and fits four frames of a filmstrip,
/// with their gaps, in 120 columns.
///
/// ```swift
/// var style = DiagramStyle.default
/// style.pointsPerColumn = 8    // a larger picture
/// style.pointsPerRow = 16
/// FrameRenderer(style: style).render(capture)
/// ```
public struct DiagramStyle: Equatable, Sendable {
  /// Points of the screen per character column.
  public var pointsPerColumn: Double
  /// Points of the screen per character row.
  public var pointsPerRow: Double
  /// The widest line a filmstrip, timeline or table may draw, in columns.
  public var maxWidth: Int
  /// Blank columns between two frames of a filmstrip.
  public var frameGap: Int
  /// Below this alpha a view looks translucent (dashed edges, every other
  /// cell of its fill).
  public var translucentBelow: Double
  /// Below this alpha a view looks faint (dotted edges, a sparse fill).
  public var faintBelow: Double
  /// Whether a frame starts with a caption (time and transition progress).
  public var showsCaption: Bool
  /// Whether a frame ends with its key: the fills and the looks it uses.
  public var showsKey: Bool
  /// Which character fills which colour.
  public var palette: FillPalette
  /// How finely thin layers are drawn: in whole cells (the default), or in
  /// half rows (`▀ ▄ █`) so that a layer thinner than a row, a small view
  /// or a spring's small undershoot shows where it is.
  public var resolution: DiagramResolution

  /// Creates a style; every argument has the default's value.
  public init(
    pointsPerColumn: Double = 12, pointsPerRow: Double = 24, maxWidth: Int = 120, frameGap: Int = 3,
    translucentBelow: Double = 0.95, faintBelow: Double = 0.4, showsCaption: Bool = true,
    showsKey: Bool = true, palette: FillPalette = .standard, resolution: DiagramResolution = .cells
  ) {
    precondition(pointsPerColumn > 0 && pointsPerRow > 0, "Points per column and per row must be positive")
    precondition(faintBelow <= translucentBelow, "The faint threshold must not exceed the translucent one")
    self.pointsPerColumn = pointsPerColumn
    self.pointsPerRow = pointsPerRow
    self.maxWidth = maxWidth
    self.frameGap = frameGap
    self.translucentBelow = translucentBelow
    self.faintBelow = faintBelow
    self.showsCaption = showsCaption
    self.showsKey = showsKey
    self.palette = palette
    self.resolution = resolution
  }

  /// The default style with thin layers drawn in half rows (`▀ ▄ █`).
  public static let halfBlocks = DiagramStyle(resolution: .halfBlocks)

  /// 12 points per column, 24 per row, 120 columns wide.
  public static let `default` = DiagramStyle()

  /// The number of columns and rows a screen of `size` points takes.
  ///
  /// - Returns: at least one column and one row.
  public func gridSize(for size: CGSize) -> (columns: Int, rows: Int) {
    (max(1, CellMapping.lastCell(Double(size.width) / pointsPerColumn) + 1),
     max(1, CellMapping.lastCell(Double(size.height) / pointsPerRow) + 1))
  }

  /// The look of something drawn with opacity `alpha`.
  public func look(forAlpha alpha: Double) -> AlphaLook {
    if alpha >= translucentBelow { return .opaque }
    if alpha >= faintBelow { return .translucent }
    return .faint
  }
}

/// How finely a frame draws layers thinner than a row.
public enum DiagramResolution: Equatable, Sendable {
  /// Whole cells: a thin layer is a one-row box (`[label]`), a mark (`+`)
  /// or an edge-on line.
  case cells
  /// Half rows: a layer less than a row tall (a one-row box, a mark, an
  /// edge-on line) is drawn in half blocks (`▀` upper half, `▄` lower
  /// half, `█` both), without its label (the legend has it); taller layers
  /// are drawn as with `cells`.
  case halfBlocks
}

/// How strongly something shows, in three distinguishable looks.
public enum AlphaLook: Int, Comparable, Sendable, CaseIterable {
  /// Solid edges, every cell of the fill.
  case opaque
  /// Dashed edges (`╌ ╎`), every other cell of the fill; what lies below shows through.
  case translucent
  /// Dotted edges (`┈ ┊`), one cell in four of the fill.
  case faint

  /// Opaque < translucent < faint: the further along, the weaker it shows.
  public static func < (a: AlphaLook, b: AlphaLook) -> Bool { a.rawValue < b.rawValue }
}

// MARK: - Cells

/// Maps points to character cells. A cell covers a half-open span of
/// points ([c·p, (c+1)·p)); a shape's far edge at exactly a cell boundary
/// belongs to the cell before it, so a box from 0 to 120 points at 12
/// points per column takes columns 0…9.
enum CellMapping {
  static let tolerance = 1e-9

  /// The cell holding a near edge (left or top) at `v` cells.
  static func firstCell(_ value: Double) -> Int {
    let v = clamped(value)
    let r = v.rounded()
    return abs(v - r) < tolerance ? Int(r) : Int(v.rounded(.down))
  }

  /// The cell holding a far edge (right or bottom) at `v` cells.
  static func lastCell(_ value: Double) -> Int {
    let v = clamped(value)
    let r = v.rounded()
    return abs(v - r) < tolerance ? Int(r) - 1 : Int(v.rounded(.down))
  }

  /// Keeps far-away coordinates (and NaN) representable as `Int`.
  static func clamped(_ v: Double) -> Double {
    v.isNaN ? 0 : min(max(v, -1e9), 1e9)
  }
}
