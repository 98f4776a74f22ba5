// FilmstripPlayer: `workbook play` — a published filmstrip played frame by
// frame in the terminal at its recorded times.
//
// Design: the player shows the engine's own drawings. A filmstrip's text
// holds N frames side by side (wrapped into rows) under captions, then a
// key; its framesJSON holds each frame's time. The player cuts the text
// into N panels at the columns of each row's top borders (`┌…┐`) and shows
// one panel at a time, with the key under it. When the text cannot be cut
// into as many panels as there are times, the whole text is one frame.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A diagram a snippet published (`{"kind", "text", "framesJSON"}`).
public struct PlayableDiagram: Hashable, Sendable, Decodable {
  public var kind: String
  public var text: String
  public var framesJSON: String?

  public init(kind: String, text: String, framesJSON: String?) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
  }

  /// Decodes one of a snippet report's `diagrams`.
  public static func decode(_ json: String) -> PlayableDiagram? {
    try? JSONDecoder().decode(PlayableDiagram.self, from: Data(json.utf8))
  }

  /// The frames' times in seconds, from `framesJSON`.
  public var times: [Double] {
    guard let framesJSON,
      let object = try? JSONSerialization.jsonObject(with: Data(framesJSON.utf8)) as? [String: Any],
      let frames = object["frames"] as? [[String: Any]]
    else { return [] }
    return frames.map { ($0["time"] as? NSNumber)?.doubleValue ?? 0 }
  }
}

/// One frame to show.
public struct PlayerFrame: Hashable, Sendable {
  /// The frame's caption lines (e.g. `t=0.1s progress=0.2`), trimmed.
  public var caption: [String]
  /// The drawing, one string per row, trailing spaces removed.
  public var lines: [String]
  /// The recorded time, when known.
  public var time: Double?
}

/// A diagram cut into frames, and the key shown under every frame.
public struct FrameSequence: Hashable, Sendable {
  public var frames: [PlayerFrame]
  public var key: [String]

  /// Cuts `diagram` into frames (see the file's header for how).
  public init(_ diagram: PlayableDiagram) {
    let times = diagram.times
    var lines = diagram.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
    let key = Array(lines[keyStart...])
    let body = Array(lines[..<keyStart])
    if let frames = Self.cut(body), frames.count == times.count || (times.isEmpty && frames.count > 0) {
      self.frames = frames.enumerated().map { i, frame in
        var frame = frame
        frame.time = i < times.count ? times[i] : nil
        return frame
      }
      self.key = key
    } else {
      self.frames = [PlayerFrame(caption: [], lines: lines, time: times.first)]
      self.key = []
    }
  }

  /// The panels of every row, in reading order; nil when a row has no
  /// top border to cut at.
  static func cut(_ body: [String]) -> [PlayerFrame]? {
    var rows: [[String]] = [[]]
    for line in body {
      if line.allSatisfy({ $0 == " " }) {
        if !rows[rows.count - 1].isEmpty { rows.append([]) }
      } else {
        rows[rows.count - 1].append(line)
      }
    }
    rows.removeAll { $0.isEmpty }
    guard !rows.isEmpty else { return nil }
    var frames: [PlayerFrame] = []
    for row in rows {
      guard let borderIndex = row.firstIndex(where: { $0.contains("┌") }) else { return nil }
      let border = Array(row[borderIndex])
      // Panels start at a "┌" at the line's start or after a space, and end
      // at the last "┐" before the next panel.
      var starts: [Int] = []
      for (i, c) in border.enumerated() where c == "┌" && (i == 0 || border[i - 1] == " ") { starts.append(i) }
      guard !starts.isEmpty else { return nil }
      var spans: [Range<Int>] = []
      for (n, start) in starts.enumerated() {
        let limit = n + 1 < starts.count ? starts[n + 1] : border.count
        guard let end = border[start..<limit].lastIndex(of: "┐") else { return nil }
        spans.append(start..<(end + 1))
      }
      let grid = row.map { Array($0) }
      for span in spans {
        func slice(_ chars: [Character]) -> String {
          guard span.lowerBound < chars.count else { return "" }
          return String(chars[span.lowerBound..<min(span.upperBound, chars.count)]).trimmingTrailingSpaces()
        }
        let caption = grid[..<borderIndex].map { slice($0).trimmingLeadingSpaces() }.filter { !$0.isEmpty }
        let drawing = grid[borderIndex...].map(slice)
        frames.append(PlayerFrame(caption: caption, lines: drawing, time: nil))
      }
    }
    return frames
  }
}

/// Plays a `FrameSequence` on the terminal: space pauses and resumes, ← and
/// → step (and pause), q quits. Without a terminal, prints every frame once.
public final class FilmstripPlayer {
  private let sequence: FrameSequence
  private let terminal: Terminal
  private let style: TerminalStyle
  private let title: String
  /// Playback speed: 1 is the recorded times, 0.5 half as fast.
  private let speed: Double
  private let loops: Bool

  public init(sequence: FrameSequence, title: String, terminal: Terminal, style: TerminalStyle,
              speed: Double = 1, loops: Bool = false) {
    self.sequence = sequence
    self.title = title
    self.terminal = terminal
    self.style = style
    self.speed = speed
    self.loops = loops
  }

  /// The view of frame `i`.
  public func render(_ i: Int, status: String?) -> [String] {
    let frame = sequence.frames[i]
    var header = "\(title) · frame \(i + 1) of \(sequence.frames.count)"
    if let time = frame.time { header += " · t=\(Self.number(time))s" }
    var out = [style.bold(header)]
    let caption = frame.caption.joined(separator: " ")
    if !caption.isEmpty { out.append(style.dim(caption)) }
    out += frame.lines
    out += sequence.key.map { style.dim($0) }
    if let status { out.append(""); out.append(status) }
    return out
  }

  /// Prints every frame, one after the other (no terminal, or `--no-animate`).
  public func printAll() {
    for i in sequence.frames.indices {
      terminal.write(render(i, status: nil).joined(separator: "\n") + "\n\n")
    }
  }

  /// Plays until the learner quits; returns the exit status.
  public func play() -> Int32 {
    guard terminal.isInteractive else {
      printAll()
      return 0
    }
    terminal.enterRawMode(hideCursor: true)
    defer { terminal.leaveRawMode() }
    var i = 0
    var paused = false
    var nextAt = monotonicNow() + delay(after: 0)
    let count = sequence.frames.count
    func draw() {
      let state: String
      if count == 1 { state = "one frame" }
      else if paused { state = "paused" }
      else if i == count - 1 && !loops { state = "end" }
      else { state = "playing" }
      let keys = "space \(paused || (i == count - 1 && !loops) ? "play" : "pause") · ←/→ step · q quit"
      terminal.write("\u{1B}[H\u{1B}[2J" + render(i, status: style.dim("\(state) · \(keys)")).joined(separator: "\n") + "\n")
    }
    draw()
    while true {
      let wait = paused ? 0.25 : max(0.01, nextAt - monotonicNow())
      if let key = terminal.readKey(timeout: min(wait, 0.25)) {
        switch key {
        case .character("q"), .character("\u{03}"), .escape, .endOfInput: return 0
        case .character(" "):
          if i == count - 1 && !paused && !loops { i = 0 } else { paused.toggle() }
          if !paused { nextAt = monotonicNow() + delay(after: i) }
        case .right:
          paused = true
          i = min(count - 1, i + 1)
        case .left:
          paused = true
          i = max(0, i - 1)
        default: continue
        }
        draw()
        continue
      }
      guard !paused, count > 1, monotonicNow() >= nextAt else { continue }
      if i == count - 1 {
        guard loops else { continue }
        i = 0
      } else {
        i += 1
      }
      nextAt = monotonicNow() + delay(after: i)
      draw()
    }
  }

  /// Seconds to show frame `i`: the time to the next frame, scaled.
  func delay(after i: Int) -> Double {
    let frames = sequence.frames
    guard i + 1 < frames.count, let t0 = frames[i].time, let t1 = frames[i + 1].time, t1 > t0 else {
      return 0.5 / speed
    }
    return max(0.03, (t1 - t0) / speed)
  }

  private func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func number(_ v: Double) -> String {
    let thousandths = Int((v * 1000).rounded())
    var text = String(thousandths / 1000)
    var fraction = abs(thousandths % 1000)
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
      let f = String(fraction)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return text
  }
}
