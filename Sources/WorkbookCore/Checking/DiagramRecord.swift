// DiagramRecord: a diagram a snippet published, decoded once, here, from
// the wire format the snippet program prints — a JSON object
// `{"kind", "text", "framesJSON"}` whose `framesJSON` is itself JSON
// (`{"screen": {"width", "height"}, "frames": [{"time", …}, …]}`) — into
// typed values: the kind, the drawn text, the screen and each frame's time,
// and the drawn filmstrip cut into its frames. The site and `workbook play`
// read these values; neither decodes JSON nor cuts drawn text itself.
import Foundation

/// A published diagram.
public struct DiagramRecord: Hashable, Sendable {
  /// What drew it: `filmstrip`, `timeline`, `frame`, …
  public var kind: String
  /// The diagram as the snippet printed it.
  public var text: String
  /// The frame data as the engine wrote it (the site's player reads it in
  /// the browser); nil when the diagram has none.
  public var framesJSON: String?
  /// The screen the frames are drawn on and their times; nil when there is
  /// no frame data, or none to play.
  public var film: Film?

  public init(kind: String, text: String, framesJSON: String?) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
    self.film = framesJSON.flatMap(Film.init(json:))
  }

  /// Decodes one of a snippet report's `diagrams`; nil when it is not a
  /// diagram record.
  public static func decode(_ wire: String) -> DiagramRecord? {
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(wire.utf8)) else { return nil }
    return DiagramRecord(kind: wire.kind, text: wire.text, framesJSON: wire.framesJSON)
  }

  /// Decodes a report's `diagrams`, skipping any that cannot be read.
  public static func decode(_ wires: [String]) -> [DiagramRecord] {
    wires.compactMap { decode($0) }
  }

  /// The drawn text cut into frames (see `FilmstripDrawing`); nil when it
  /// cannot be cut (it is not boxes side by side).
  public var drawing: FilmstripDrawing? { FilmstripDrawing(text) }

  /// The screen and the frames' times.
  public struct Film: Hashable, Sendable {
    /// The screen's size in points.
    public var width: Double
    public var height: Double
    /// Each frame's time in seconds, in order.
    public var times: [Double]

    /// Reads `framesJSON`; nil when it holds no frames or a screen without area.
    init?(json: String) {
      guard let wire = try? JSONDecoder().decode(FramesWire.self, from: Data(json.utf8)), !wire.frames.isEmpty
      else { return nil }
      width = wire.screen?.width ?? 320
      height = wire.screen?.height ?? 568
      guard width > 0, height > 0 else { return nil }
      times = wire.frames.map { $0.time ?? 0 }
    }
  }

  private struct Wire: Decodable {
    var kind: String
    var text: String
    var framesJSON: String?
  }

  private struct FramesWire: Decodable {
    struct Screen: Decodable { var width: Double?; var height: Double? }
    struct Frame: Decodable { var time: Double? }
    var screen: Screen?
    var frames: [Frame]
  }
}

/// A filmstrip's text cut into its frames: the engine draws N frames side
/// by side under their captions, wrapped into rows, then a key (`fills:`,
/// `looks:`). Each panel is the columns of one frame, cut at the top
/// borders (`┌…┐`) of its row.
public struct FilmstripDrawing: Hashable, Sendable {
  /// One frame of the strip.
  public struct Panel: Hashable, Sendable {
    /// The panel's rows as drawn (caption, then the box), each padded to
    /// the panel's width.
    public var rows: [String]
    /// The caption lines above the box (e.g. `t=0.1s`), trimmed.
    public var caption: [String]
    /// The box, one string per row, trailing spaces removed.
    public var lines: [String]
  }

  public var panels: [Panel]
  /// The key's lines.
  public var key: [String]

  /// Cuts `text`; nil when a row has no top border or text stands outside
  /// every frame (cutting would lose it).
  public init?(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last == "" { lines.removeLast() }
    // The key: the trailing lines that start with "fills: " or "looks: "
    // (and their indented continuations).
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
    guard !rows.isEmpty else { return nil }
    var panels: [Panel] = []
    for row in rows {
      guard let borderIndex = row.firstIndex(where: { $0.contains("┌") }) else { return nil }
      let border = row[borderIndex]
      var starts: [Int] = []
      for (i, c) in border.enumerated() where c == "┌" && (i == 0 || border[i - 1] == " ") { starts.append(i) }
      guard !starts.isEmpty else { return nil }
      var spans: [Range<Int>] = []
      for (n, start) in starts.enumerated() {
        let limit = n + 1 < starts.count ? starts[n + 1] : border.count
        guard let end = border[start..<limit].lastIndex(of: "┐") else { return nil }
        spans.append(start..<(end + 1))
      }
      for line in row {
        for (i, c) in line.enumerated() where c != " " && !spans.contains(where: { $0.contains(i) }) {
          return nil
        }
      }
      for span in spans {
        let cut = row.map { line -> String in
          span.lowerBound < line.count ? String(line[span.lowerBound..<min(span.upperBound, line.count)]) : ""
        }
        let padded = cut.map { $0 + String(repeating: " ", count: span.count - $0.count) }
        let trimmed = cut.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        panels.append(Panel(
          rows: padded,
          caption: trimmed[..<borderIndex].map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty },
          lines: Array(trimmed[borderIndex...])))
      }
    }
    self.panels = panels
    self.key = Array(lines[keyStart...])
  }
}
