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
