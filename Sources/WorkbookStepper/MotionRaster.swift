// MotionRaster: a film's motion (every frame at 60 fps, from the record)
// drawn in the terminal the way its key frames are drawn, so that
// `workbook play` plays what the site's player plays.
//
// Design: the record carries each motion frame's layers (quads in screen
// points, fills, alpha, clips, paint order) but not its drawing; the key
// frames carry their drawing (the panels) and the key (`fills: . white`).
// A motion frame is drawn on a grid of the panels' size: each cell takes
// the fill character of the topmost filled layer whose quad holds the
// cell's centre (inside every clip of that layer), the screen's edge goes
// round it. The key gives each fill its character. What the text renderer
// draws besides fills (each layer's edges, its label, the `*` of a dimmed
// layer, half blocks for thin layers) is left out: a motion frame is the
// fills in motion, and the key frames keep their full panels.
import WorkbookModel

/// A film's motion frames drawn as text, one frame on request.
struct MotionRaster: Hashable, Sendable {
  /// The motion as recorded.
  let motion: DiagramRecord.Motion
  /// The grid: the key frames' panels' size.
  let columns: Int
  let rows: Int
  /// Screen points per column and per row.
  let pointsPerColumn: Double
  let pointsPerRow: Double
  /// Each fill's character, by the fill's name, as the key gives them.
  let characters: [String: Character]

  /// The character of a fill the key does not name (the text renderer's
  /// `FillAssignment.character` draws a colour it was not given so).
  static let unknownFill: Character = "?"

  /// The alphas below which a fill looks translucent (every other cell
  /// drawn) and faint (one cell in four): `DiagramStyle.default`'s, which
  /// the films are drawn with (the record does not carry the style).
  static let translucentBelow = 0.95
  static let faintBelow = 0.4

  /// The motion of `frames` drawn on a grid of `columns` × `rows` (the
  /// panels'), the fills' characters read from `key`; nil when there is no
  /// motion, no grid or no screen.
  init?(_ frames: DiagramRecord.Frames, columns: Int, rows: Int, key: [String]) {
    guard let motion = frames.motion, columns > 0, rows > 0 else { return nil }
    let width = frames.screen?.width ?? 320, height = frames.screen?.height ?? 568
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
    self.motion = motion
    self.columns = columns
    self.rows = rows
    pointsPerColumn = Self.pointsPerCell(screen: width, cells: columns)
    pointsPerRow = Self.pointsPerCell(screen: height, cells: rows)
    characters = Self.fillCharacters(key: key)
  }

  /// The points of the screen per cell that make `cells` cells of a
  /// screen `screen` points long: the smallest whole number that does
  /// (the styles' scales are whole: 12 × 24 points a cell, 16 × 48), else
  /// `screen / cells`. A scale `s` makes `cells` cells when
  /// `cells - 1 < screen / s <= cells` (`DiagramStyle.gridSize`).
  static func pointsPerCell(screen: Double, cells: Int) -> Double {
    let low = screen / Double(cells)
    let whole = low.rounded(.up)
    return cells == 1 || whole < screen / Double(cells - 1) ? whole : low
  }

  /// Each fill's character from a key's `fills:` line (wrapped lines
  /// continue it, indented): `fills: . white, ~ systemYellow` gives
  /// `white: "."`, `systemYellow: "~"`. A character that is not a
  /// printable ASCII mark (a letter, a digit, a space, a control) is not
  /// taken: such a fill is drawn as `unknownFill`.
  static func fillCharacters(key: [String]) -> [String: Character] {
    var entries: [Substring] = []
    var inFills = false
    for line in key {
      if line.hasPrefix("fills: ") {
        inFills = true
        entries += line.dropFirst("fills: ".count).split(separator: ",")
      } else if inFills, line.hasPrefix(" ") {
        entries += line.split(separator: ",")
      } else {
        inFills = false
      }
    }
    var characters: [String: Character] = [:]
    for entry in entries {
      let words = entry.split(separator: " ", maxSplits: 1)
      guard words.count == 2, words[0].count == 1, let character = words[0].first, character.isASCII,
            let value = character.asciiValue, value > 0x20, value < 0x7F, !character.isLetter, !character.isNumber
      else { continue }
      characters[String(words[1])] = character
    }
    return characters
  }

  /// Motion frame `frame` as rows of exactly `columns` characters.
  func lines(at frame: Int) -> [String] {
    var cells = Array(repeating: Character(" "), count: columns * rows)
    for layer in motion.layers(at: frame) {
      guard let fill = layer.fill, let quad = Self.polygon(layer.quad) else { continue }
      let clips = (layer.clips ?? []).map(Self.polygon)
      guard !clips.contains(where: { $0 == nil }) else { continue }
      let alpha = (layer.shows ?? 1) * (fill.alpha ?? 1)
      let character = fill.name.flatMap { characters[$0] } ?? Self.unknownFill
      for r in 0..<rows {
        let y = (Double(r) + 0.5) * pointsPerRow
        for c in 0..<columns where Self.draws(alpha: alpha, column: c, row: r) {
          let x = (Double(c) + 0.5) * pointsPerColumn
          guard Self.contains(quad, x, y), clips.allSatisfy({ Self.contains($0!, x, y) }) else { continue }
          cells[r * columns + c] = character
        }
      }
    }
    drawScreenEdge(&cells)
    return (0..<rows).map { r in String(cells[(r * columns)..<((r + 1) * columns)]) }
  }

  /// Whether a fill of `alpha` draws in this cell: every cell when
  /// opaque, every other one when translucent, one in four when faint
  /// (the text renderer's pattern).
  static func draws(alpha: Double, column c: Int, row r: Int) -> Bool {
    if alpha >= translucentBelow { return true }
    if alpha >= faintBelow { return (c + r) % 2 == 0 }
    return (c + 2 * r) % 4 == 0
  }

  /// The screen's edge, drawn over everything as the panels draw it.
  private func drawScreenEdge(_ cells: inout [Character]) {
    guard columns >= 2, rows >= 2 else { return }
    let last = (c: columns - 1, r: rows - 1)
    for c in 1..<last.c {
      cells[c] = "─"
      cells[last.r * columns + c] = "─"
    }
    for r in 1..<last.r {
      cells[r * columns] = "│"
      cells[r * columns + last.c] = "│"
    }
    cells[0] = "┌"
    cells[last.c] = "┐"
    cells[last.r * columns] = "└"
    cells[last.r * columns + last.c] = "┘"
  }

  /// A quad or clip as points; nil when a point is missing or not finite
  /// (the text renderer draws no inside for it either).
  static func polygon(_ points: [DiagramRecord.Point]?) -> [(x: Double, y: Double)]? {
    guard let points, points.count >= 3 else { return nil }
    var polygon: [(x: Double, y: Double)] = []
    for point in points {
      guard point.count == 2, let x = point[0], let y = point[1], x.isFinite, y.isFinite else { return nil }
      polygon.append((x, y))
    }
    return polygon
  }

  /// Even-odd point in polygon, as the text renderer samples cell centres.
  static func contains(_ p: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
    var inside = false
    var j = p.count - 1
    for i in p.indices {
      let a = p[i], b = p[j]
      if (a.y > y) != (b.y > y), x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
      j = i
    }
    return inside
  }
}

/// A film's motion as the player plays it: each frame's time, progress and
/// drawing, and the motion frame of each key frame.
struct MotionFrames: Hashable, Sendable {
  let raster: MotionRaster
  /// The motion frame of each key frame, in order.
  let keys: [Int]

  /// The motion of `diagram`, drawn on the grid of its `panels` (each
  /// key frame's box as drawn, rows joined by newlines) with the fills of
  /// `key`; nil unless it has a motion of two frames or more and a motion
  /// frame for each key frame (in order, within the motion).
  init?(_ diagram: DiagramRecord, panels: [String], key: [String]) {
    guard let frames = diagram.frames, let motion = frames.motion, motion.times.count >= 2,
          let keys = motion.keys, keys.count == panels.count,
          keys.allSatisfy({ motion.times.indices.contains($0) }), zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    // The panels' rows are as wide as the grid (FrameSequence.lines trims them).
    let rows = panels.map { FrameSequence.lines($0).count }.max() ?? 0
    let columns = panels.flatMap { $0.split(separator: "\n") }.map(\.unicodeScalars.count).max() ?? 0
    guard let raster = MotionRaster(frames, columns: columns, rows: rows, key: key) else { return nil }
    self.raster = raster
    self.keys = keys
  }

  var count: Int { raster.motion.times.count }

  func time(_ frame: Int) -> Double { raster.motion.times[frame] }

  func progress(_ frame: Int) -> Double? {
    guard let progress = raster.motion.progress, progress.indices.contains(frame) else { return nil }
    return progress[frame]
  }

  func lines(_ frame: Int) -> [String] { raster.lines(at: frame) }

  /// The last key frame at or before motion frame `frame` (the first key
  /// frame before it).
  func keyFrame(atOrBefore frame: Int) -> Int {
    keys.lastIndex { $0 <= frame } ?? 0
  }
}
