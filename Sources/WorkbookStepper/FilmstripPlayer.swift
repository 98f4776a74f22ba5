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
import WorkbookModel

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
/// → step (and pause), ↑ and ↓ scroll a drawing taller than the screen, q
/// quits. Without a terminal, prints every frame once.
///
/// On a terminal the player draws on the alternate screen (nothing reaches
/// the scrollback; the learner's screen comes back on every way out), in a
/// layout that does not move while it plays: the drawing has the height of
/// the tallest frame, the frame number, time and state are fixed-width
/// fields, and the keys and the list of the chapter's other diagrams stay
/// on their rows. A resize draws the whole screen again for the new size.
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
  /// Lines shown under the controls for as long as the player runs (the
  /// chapter's other snippets with diagrams, say).
  private let notes: [String]

  public init(sequence: FrameSequence, title: String, note: String? = nil, terminal: Terminal, style: TerminalStyle,
              speed: Double = 1, loops: Bool = false, notes: [String] = []) {
    self.sequence = sequence
    self.title = title
    self.note = note
    self.terminal = terminal
    self.style = style
    self.speed = speed
    self.loops = loops
    self.notes = notes
  }

  /// The view of frame `i`, as printed one frame after another.
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

  /// What the player is doing, for its status field.
  enum State: String, CaseIterable {
    case playing, paused, end
    case oneFrame = "one frame"
  }

  /// The screen while playing frame `i` in `state`, laid out for `width` ×
  /// `height`: every row but the drawing's has a fixed place and fixed-width
  /// fields, so that nothing moves from one frame to the next. A drawing
  /// taller than its room is shown from its row `scroll` on, with a last row
  /// that says which rows show and that ↑/↓ scroll (as the stepper scrolls
  /// what does not fit); a row wider than the screen ends in "…".
  func screen(_ i: Int, state: State, width: Int, height: Int, scroll: Int = 0) -> [String] {
    let frames = sequence.frames
    let frame = frames[i]
    // The position: `frame  2 of 12 · t=0.25s ` padded to the widest.
    let countWidth = String(frames.count).count
    let number = String(repeating: " ", count: countWidth - String(i + 1).count) + String(i + 1)
    var position = "frame \(number) of \(frames.count)"
    let times = frames.map { $0.time.map { "t=\(Self.number($0))s" } ?? "" }
    let timeWidth = times.map(\.count).max() ?? 0
    if timeWidth > 0 { position += " · " + times[i] + String(repeating: " ", count: timeWidth - times[i].count) }
    let stateWidth = State.allCases.map(\.rawValue.count).max() ?? 0
    let stateText = state.rawValue + String(repeating: " ", count: stateWidth - state.rawValue.count)
    let action = state == .playing ? "pause" : "play "
    let controls = "\(position) · \(stateText) · space \(action) · ←/→ step · q quit"
    // The caption and the drawing, padded to the tallest frame's.
    var picture: [String] = []
    if frames.contains(where: { !$0.caption.isEmpty }) { picture.append(style.dim(frame.caption.joined(separator: " "))) }
    picture += frame.lines
    picture += Array(repeating: "", count: pictureRows - picture.count)
    var key = sequence.key.map { style.dim($0) }
    let top = [style.bold(title), controls, ""]
    let bottom = notes.isEmpty ? [] : [""] + notes.map { style.dim($0) }
    // Too short: the key goes first, then the drawing's rows that do not
    // fit are scrolled, never the controls or the notes.
    if top.count + picture.count + key.count + bottom.count > height { key = [] }
    let room = max(0, height - top.count - bottom.count)
    if picture.count > room && room >= 2 {
      let page = room - 1
      let first = min(max(0, scroll), picture.count - page)
      let mark = "── rows \(first + 1)–\(first + page) of \(picture.count) · ↑/↓ scroll "
      picture = Array(picture[first..<(first + page)])
        + [style.dim(mark + String(repeating: "─", count: max(0, width - TextWidth.of(mark))))]
    }
    let rows = top + Array(picture.prefix(room)) + key + bottom
    return Array(rows.prefix(height)).map { TextWidth.truncated($0, to: width) }
  }

  /// The rows of the caption and the drawing: the tallest frame's.
  var pictureRows: Int {
    let frames = sequence.frames
    return (frames.contains { !$0.caption.isEmpty } ? 1 : 0) + (frames.map(\.lines.count).max() ?? 0)
  }

  /// The largest useful `scroll` of the drawing for a screen `height` rows
  /// tall (0 when the drawing fits).
  func maxScroll(height: Int) -> Int {
    let room = height - 3 - (notes.isEmpty ? 0 : notes.count + 1)
    return pictureRows > room && room >= 2 ? pictureRows - (room - 1) : 0
  }

  /// Plays until the learner quits; returns the exit status.
  public func play() -> Int32 {
    guard terminal.isInteractive else {
      printAll()
      return 0
    }
    terminal.enterRawMode(hideCursor: true, alternateScreen: true)
    defer { terminal.leaveRawMode() }
    let painter = ScreenPainter()
    let resize = Terminal.resizeDescriptor
    var i = 0
    var scroll = 0
    var paused = false
    var nextAt = monotonicNow() + delay(after: 0)
    let count = sequence.frames.count
    func draw() {
      let state: State
      if count == 1 { state = .oneFrame }
      else if paused { state = .paused }
      else if i == count - 1 && !loops { state = .end }
      else { state = .playing }
      let width = terminal.width, height = max(1, terminal.height ?? 24)
      scroll = min(scroll, maxScroll(height: height))
      terminal.write(painter.paint(screen(i, state: state, width: width, height: height, scroll: scroll),
                                   width: width, height: height))
    }
    draw()
    while true {
      let wait = paused ? 0.25 : max(0.01, nextAt - monotonicNow())
      if let key = terminal.readKey(timeout: min(wait, 0.25), wakeOn: resize.map { [$0] } ?? []) {
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
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll += 1
        default: continue
        }
        draw()
        continue
      }
      // A resize (or back from Ctrl-Z): the whole screen again.
      if Terminal.drainResize() {
        painter.invalidate()
        draw()
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
