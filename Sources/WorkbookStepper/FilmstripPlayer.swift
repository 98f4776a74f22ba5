// FilmstripPlayer: `workbook play` — a published filmstrip played frame by
// frame in the terminal at its recorded times.
//
// Design: the player shows the engine's own drawings, one frame at a time
// with the key under it, at the frames' recorded times. WorkbookCore's
// `DiagramRecord` gives the frames as the engine drew them (each one's
// caption and box) and their times; the player does no parsing. A diagram
// whose frames were not drawn one by one is one frame: its whole text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookCore

/// One frame to show.
public struct PlayerFrame: Hashable, Sendable {
  /// The frame's caption lines (e.g. `t=0.1s progress=0.2`), trimmed.
  public var caption: [String]
  /// The drawing, one string per row, trailing spaces removed.
  public var lines: [String]
  /// The recorded time, when known.
  public var time: Double?
}

/// A diagram as frames, and the key shown under every frame.
public struct FrameSequence: Hashable, Sendable {
  public var frames: [PlayerFrame]
  public var key: [String]

  /// The diagram's frames as the engine drew them (each frame's caption
  /// and box, from the record) at their times; a diagram whose frames do
  /// not carry their drawing (a frame, a timeline, a trace) is one frame:
  /// its whole text.
  public init(_ diagram: DiagramRecord) {
    let times = diagram.film?.times ?? []
    if let drawn = diagram.panels {
      frames = drawn.frames.enumerated().map { i, frame in
        let caption = frame.caption.trimmingCharacters(in: .whitespaces)
        return PlayerFrame(caption: caption.isEmpty ? [] : [caption], lines: Self.lines(frame.text),
                           time: i < times.count ? times[i] : nil)
      }
      key = drawn.key
    } else {
      frames = [PlayerFrame(caption: [], lines: Self.lines(diagram.text), time: times.first)]
      key = []
    }
  }

  /// `text`'s lines, trailing spaces and trailing empty lines removed.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Plays a `FrameSequence` on the terminal: space pauses and resumes, ← and
/// → step (and pause), q quits. Without a terminal, prints every frame once.
public final class FilmstripPlayer {
  private let sequence: FrameSequence
  private let terminal: Terminal
  private let style: TerminalStyle
  private let title: String
  /// A line under the title on every frame (the engine choices the film
  /// rests on); nil: none.
  private let note: String?
  /// Playback speed: 1 is the recorded times, 0.5 half as fast.
  private let speed: Double
  private let loops: Bool

  public init(sequence: FrameSequence, title: String, note: String? = nil, terminal: Terminal, style: TerminalStyle,
              speed: Double = 1, loops: Bool = false) {
    self.sequence = sequence
    self.title = title
    self.note = note
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
    if let note { out.append(note) }
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
