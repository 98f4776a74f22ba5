// Diagram: what a snippet published beside its output (kind, the printed
// text, the frames as JSON), matched to the place in the output where the
// text was printed.
import Foundation

/// A published diagram, decoded from the verify report.
struct Diagram: Decodable, Hashable {
  var kind: String
  var text: String
  var framesJSON: String?

  /// Decodes the report's JSON objects; bad ones are skipped.
  static func decode(_ objects: [String]) -> [Diagram] {
    objects.compactMap { try? JSONDecoder().decode(Diagram.self, from: Data($0.utf8)) }
  }

  /// What the player needs from `framesJSON`: the screen and the frame
  /// count; nil when there is nothing to play.
  var frames: (width: Double, height: Double, count: Int)? {
    guard let json = framesJSON,
      let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let frames = object["frames"] as? [Any], !frames.isEmpty
    else { return nil }
    let screen = object["screen"] as? [String: Any]
    let width = (screen?["width"] as? NSNumber)?.doubleValue ?? 320
    let height = (screen?["height"] as? NSNumber)?.doubleValue ?? 568
    guard width > 0, height > 0 else { return nil }
    return (width, height, frames.count)
  }

  /// The frames JSON made safe inside `<script type="application/json">`:
  /// `<`, `>` and `&` only occur inside JSON strings, where `\u003c` means
  /// the same.
  var scriptSafeFramesJSON: String {
    var out = ""
    for c in (framesJSON ?? "").unicodeScalars {
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

  /// Finds each diagram's text in `output`, in order; a diagram whose text
  /// is not there is left out (its text is printed as plain output anyway).
  static func split(_ output: String, diagrams: [Diagram]) -> [OutputPiece] {
    var pieces: [OutputPiece] = []
    var rest = Substring(output)
    for (index, diagram) in diagrams.enumerated() {
      var text = Substring(diagram.text)
      while text.last == "\n" { text = text.dropLast() }
      guard !text.isEmpty, let range = rest.range(of: text) else { continue }
      if range.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<range.lowerBound]))) }
      pieces.append(.diagram(index, String(rest[range])))
      rest = rest[range.upperBound...]
      if rest.first == "\n" { rest = rest.dropFirst() }
    }
    if !rest.isEmpty { pieces.append(.text(String(rest))) }
    return pieces
  }
}

/// A filmstrip's text cut into its frames, so that the page can wrap them
/// to its width instead of scrolling sideways. The text is the engine's,
/// unchanged: each panel is the columns of one frame (caption and drawing),
/// cut at the top borders (`┌…┐`) of each row, and the key (`fills:`,
/// `looks:`) stays one block under them.
struct FilmstripPanels: Equatable {
  /// Each frame's lines, padded to the frame's width.
  var panels: [[String]]
  /// The key's lines.
  var key: [String]

  /// Cuts `text`; nil when it is not a filmstrip of two frames or more
  /// (a row without a top border, or text outside every frame).
  init?(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last == "" { lines.removeLast() }
    var keyStart = lines.count
    var k = lines.count - 1
    while k >= 0 {
      let line = lines[k]
      if line.hasPrefix("fills: ") || line.hasPrefix("looks: ") { keyStart = k }
      else if !(line.hasPrefix(" ") && k > 0) { break }
      k -= 1
    }
    var rows: [[[Character]]] = [[]]
    for line in lines[..<keyStart] {
      if line.allSatisfy({ $0 == " " }) {
        if !rows[rows.count - 1].isEmpty { rows.append([]) }
      } else {
        rows[rows.count - 1].append(Array(line))
      }
    }
    rows.removeAll { $0.isEmpty }
    var panels: [[String]] = []
    for row in rows {
      guard let borderIndex = row.firstIndex(where: { $0.contains("┌") }) else { return nil }
      let border = row[borderIndex]
      var starts: [Int] = []
      for (i, c) in border.enumerated() where c == "┌" && (i == 0 || border[i - 1] == " ") { starts.append(i) }
      var spans: [Range<Int>] = []
      for (n, start) in starts.enumerated() {
        let limit = n + 1 < starts.count ? starts[n + 1] : border.count
        guard let end = border[start..<limit].lastIndex(of: "┐") else { return nil }
        spans.append(start..<(end + 1))
      }
      // Nothing may stand outside the frames (else cutting would lose it).
      for line in row {
        for (i, c) in line.enumerated() where c != " " && !spans.contains(where: { $0.contains(i) }) {
          return nil
        }
      }
      for span in spans {
        panels.append(row.map { line in
          let cut = span.lowerBound < line.count ? String(line[span.lowerBound..<min(span.upperBound, line.count)]) : ""
          return cut + String(repeating: " ", count: span.count - cut.count)
        })
      }
    }
    guard panels.count >= 2 else { return nil }
    self.panels = panels
    self.key = Array(lines[keyStart...])
  }
}
