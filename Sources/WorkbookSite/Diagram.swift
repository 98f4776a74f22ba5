// Diagram: what a snippet published beside its output (kind, the printed
// text, the frames as JSON), placed where the program published it (the
// record's `offset` in the output), when its text was printed there.
import Foundation
import WorkbookModel

extension DiagramRecord {
  /// What the player needs: the screen and the frame count; nil when there
  /// is nothing to play — no film, or frames without layers to draw (a
  /// record of drawn panels alone is shown as its panels).
  var playable: (width: Double, height: Double, count: Int)? {
    guard let frames, frames.motion != nil || frames.frames.allSatisfy({ $0.layers != nil }) else { return nil }
    return film.map { ($0.width, $0.height, $0.times.count) }
  }

  /// The frames as the player reads them (JSON, keys sorted; without the
  /// drawn text, which the page shows beside the player), made safe inside
  /// `<script type="application/json">`: `<`, `>` and `&` only occur inside
  /// JSON strings, where `\u003c` means the same.
  var scriptSafeFramesJSON: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var played = frames
    played?.key = nil
    for i in played?.frames.indices ?? 0..<0 {
      played?.frames[i].caption = nil
      played?.frames[i].text = nil
    }
    // A film with its motion plays from the motion alone (site.js's
    // `filmOf`): the key moments' own layers would only weigh the page.
    if let motion = played?.motion, motion.times.count >= 2 { played?.frames = [] }
    let json = played.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
    var out = ""
    for c in json.unicodeScalars {
      switch c {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}

/// A snippet's output cut into plain runs and the diagrams printed in it.
enum OutputPiece: Equatable {
  case text(String)
  case diagram(Int, String)

  /// Places each diagram where the program published it (its `offset`),
  /// in order; a diagram whose text is not printed there is left out (the
  /// snippet printed something else, and that text is shown as plain output).
  static func split(_ output: String, diagrams: [DiagramRecord]) -> [OutputPiece] {
    var pieces: [OutputPiece] = []
    var rest = Substring(output)
    for (index, diagram) in diagrams.enumerated() {
      guard let range = diagram.printed(in: output), range.lowerBound >= rest.startIndex else { continue }
      if range.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<range.lowerBound]))) }
      pieces.append(.diagram(index, String(output[range])))
      rest = output[range.upperBound...]
      if rest.first == "\n" { rest = rest.dropFirst() }
    }
    if !rest.isEmpty { pieces.append(.text(String(rest))) }
    return pieces
  }
}

/// A filmstrip as panels the page can wrap to its width instead of
/// scrolling sideways: each panel is one frame's rows as the engine drew
/// them (caption, then box, from the record's frames); the key stays one
/// block under them.
struct FilmstripPanels: Equatable {
  /// Each frame's lines, padded to the frame's width.
  var panels: [[String]]
  /// The key's lines.
  var key: [String]

  /// Nil when `diagram` is not a filmstrip of two frames or more, each with its drawing.
  init?(_ diagram: DiagramRecord) {
    guard diagram.kind == .filmstrip, let drawn = diagram.panels, drawn.frames.count >= 2 else { return nil }
    panels = drawn.frames.map { frame in
      let rows = [frame.caption] + frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let width = rows.map(\.unicodeScalars.count).max() ?? 0
      return rows.map { $0 + String(repeating: " ", count: width - $0.unicodeScalars.count) }
    }
    key = drawn.key
  }
}
