// FilmstripPlayer: `workbook play` — a published filmstrip played frame by
// frame in the terminal at its recorded times.
//
// Design: the player shows the engine's own drawings, one frame at a time
// with the key under it, at the frames' recorded times. WorkbookCore's
// `DiagramRecord` gives the frames as the engine drew them (each one's
// caption and box) and their times; the player does no parsing. A diagram
// whose frames were not drawn one by one is one frame: its whole text.
// A film recorded with its motion (every frame at 60 fps, as the site's
// player plays it) plays every motion frame at its time, each drawn from
// the record's layers on the panels' grid (`MotionRaster`); paused or
// stepped, the player shows the key frames' panels as the engine drew them.
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
  /// The running transition's progress at that time, when one runs.
  public var progress: Double?
}

/// A diagram as frames, and the key shown under every frame.
public struct FrameSequence: Hashable, Sendable {
  public var frames: [PlayerFrame]
  public var key: [String]
  /// The film's motion, every frame at 60 fps drawn as the panels are;
  /// nil when the record has none (or no panels): the key frames play.
  var motion: MotionFrames?

  /// The diagram's frames as the engine drew them (each frame's caption
  /// and box, from the record) at their times; a diagram whose frames do
  /// not carry their drawing (a frame, a timeline, a trace) is one frame:
  /// its whole text.
  public init(_ diagram: DiagramRecord) {
    let times = diagram.film?.times ?? []
    if let drawn = diagram.panels {
      let recorded = diagram.frames?.frames ?? []
      frames = drawn.frames.enumerated().map { i, frame in
        let caption = frame.caption.trimmingCharacters(in: .whitespaces)
        return PlayerFrame(caption: caption.isEmpty ? [] : [caption], lines: Self.lines(frame.text),
                           time: i < times.count ? times[i] : nil,
                           progress: i < recorded.count ? recorded[i].progress : nil)
      }
      key = drawn.key
      motion = MotionFrames(diagram, panels: drawn.frames.map(\.text), key: drawn.key)
    } else {
      frames = [PlayerFrame(caption: [], lines: Self.lines(diagram.text), time: times.first)]
      key = []
      motion = nil
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
/// quits. Without a terminal, prints every frame once. A film with motion
/// plays its motion frames; paused, and stepping, it shows its key frames.
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

  /// What the screen shows: a key frame's panel as the engine drew it, or
  /// a frame of the film's motion (`FrameSequence.motion`).
  enum Shown: Equatable {
    case key(Int)
    case motion(Int)
  }

  /// The position field of a film with motion, as wide as its widest
  /// (`frame 37 of 61 · t=0.6s progress=0.6`, `key frame 2 of 5 · …`), so
  /// that the fields after it do not move; nil without motion.
  private lazy var motionPositionWidth: Int? = sequence.motion.map { motion in
    let keys = sequence.frames.indices.map { position(.key($0)).count }
    return (keys + (0..<motion.count).map { position(.motion($0)).count }).max() ?? 0
  }

  /// Which frame `shown` is, its time and progress; a film without motion
  /// says `frame 2 of 12 · t=0.25s`, its times padded to the widest.
  func position(_ shown: Shown) -> String {
    func counted(_ name: String, _ n: Int, of count: Int) -> String {
      let number = String(n + 1), total = String(count)
      return "\(name) " + String(repeating: " ", count: total.count - number.count) + number + " of " + total
    }
    func moment(_ time: Double?, _ progress: Double?) -> String {
      guard let time else { return "" }
      return " · t=\(Self.number(time))s" + (progress.map { " progress=\(Self.number($0))" } ?? "")
    }
    let frames = sequence.frames
    switch shown {
    case .motion(let m):
      guard let motion = sequence.motion else { return "" }
      return counted("frame", m, of: motion.count) + moment(motion.time(m), motion.progress(m))
    case .key(let i) where sequence.motion != nil:
      return counted("key frame", i, of: frames.count) + moment(frames[i].time, frames[i].progress)
    case .key(let i):
      var position = counted("frame", i, of: frames.count)
      let times = frames.map { $0.time.map { "t=\(Self.number($0))s" } ?? "" }
      let timeWidth = times.map(\.count).max() ?? 0
      if timeWidth > 0 { position += " · " + times[i] + String(repeating: " ", count: timeWidth - times[i].count) }
      return position
    }
  }

  /// The caption and the drawing of what `shown` is.
  func picture(_ shown: Shown) -> (caption: String, lines: [String]) {
    switch shown {
    case .key(let i):
      return (sequence.frames[i].caption.joined(separator: " "), sequence.frames[i].lines)
    case .motion(let m):
      guard let motion = sequence.motion else { return ("", []) }
      // The caption as the panels' (`t=0.25s progress=0.25`).
      let caption = "t=\(Self.number(motion.time(m)))s" + (motion.progress(m).map { " progress=\(Self.number($0))" } ?? "")
      return (caption, FrameSequence.lines(motion.lines(m).joined(separator: "\n")))
    }
  }

  /// The screen while showing `shown` in `state`, laid out for `width` ×
  /// `height`: every row but the drawing's has a fixed place and fixed-width
  /// fields, so that nothing moves from one frame to the next. A drawing
  /// taller than its room is shown from its row `scroll` on, with a last row
  /// that says which rows show and that ↑/↓ scroll (as the stepper scrolls
  /// what does not fit); a row wider than the screen ends in "…".
  func screen(_ shown: Shown, state: State, width: Int, height: Int, scroll: Int = 0) -> [String] {
    let frames = sequence.frames
    // The position: `frame  2 of 12 · t=0.25s ` padded to the widest.
    var positionField = position(shown)
    if let motionPositionWidth { positionField += String(repeating: " ", count: max(0, motionPositionWidth - positionField.count)) }
    let stateWidth = State.allCases.map(\.rawValue.count).max() ?? 0
    let stateText = state.rawValue + String(repeating: " ", count: stateWidth - state.rawValue.count)
    let action = state == .playing ? "pause" : "play "
    let controls = "\(positionField) · \(stateText) · space \(action) · ←/→ step · q quit"
    // The caption and the drawing, padded to the tallest frame's.
    let shownPicture = self.picture(shown)
    var picture: [String] = []
    if frames.contains(where: { !$0.caption.isEmpty }) { picture.append(style.dim(shownPicture.caption)) }
    picture += shownPicture.lines
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
    let motion = sequence.motion
    // The frames played in turn: the motion's, else the key frames; and
    // the one played at each key frame.
    let count = motion?.count ?? sequence.frames.count
    let keys = motion?.keys ?? Array(sequence.frames.indices)
    var played = 0  // the frame playing
    var key = 0  // the key frame shown while paused
    var scroll = 0
    var paused = false
    var nextAt = monotonicNow() + delay(after: 0)
    func draw() {
      let state: State
      if count == 1 { state = .oneFrame }
      else if paused { state = .paused }
      else if played == count - 1 && !loops { state = .end }
      else { state = .playing }
      // Paused, stepped or at the end: a key frame's full panel.
      let shown: Shown
      if paused { shown = .key(key) }
      else if motion != nil && state != .end { shown = .motion(played) }
      else { shown = .key(keys.lastIndex { $0 <= played } ?? 0) }
      let width = terminal.width, height = max(1, terminal.height ?? 24)
      scroll = min(scroll, maxScroll(height: height))
      terminal.write(painter.paint(screen(shown, state: state, width: width, height: height, scroll: scroll),
                                   width: width, height: height))
    }
    draw()
    while true {
      let wait = paused ? 0.25 : max(0.002, nextAt - monotonicNow())
      if let pressed = terminal.readKey(timeout: min(wait, 0.25), wakeOn: resize.map { [$0] } ?? []) {
        switch pressed {
        case .character("q"), .character("\u{03}"), .escape, .endOfInput: return 0
        case .character(" "):
          if played == count - 1 && !paused && !loops { played = 0 } else { paused.toggle() }
          if paused { key = keys.lastIndex { $0 <= played } ?? 0 }
          else { nextAt = monotonicNow() + delay(after: played) }
        case .right:
          // From a frame playing, the next key frame after it.
          key = paused ? min(keys.count - 1, key + 1) : keys.firstIndex { $0 > played } ?? keys.count - 1
          paused = true
          played = keys[key]
        case .left:
          key = paused ? max(0, key - 1) : keys.lastIndex { $0 < played } ?? 0
          paused = true
          played = keys[key]
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
      let now = monotonicNow()
      guard !paused, count > 1, now >= nextAt else { continue }
      if played == count - 1 {
        guard loops else { continue }
        played = 0
      } else {
        played += 1
      }
      // Each frame at its time from the last (drawing takes some of it);
      // far behind (the machine was busy), from now on.
      nextAt += delay(after: played)
      if nextAt < now - 0.25 { nextAt = now + delay(after: played) }
      draw()
    }
  }

  /// Seconds to show frame `i` of those played (the motion's, else the key
  /// frames): the time to the next frame, scaled.
  func delay(after i: Int) -> Double {
    if let motion = sequence.motion {
      guard i + 1 < motion.count else { return 0.5 / speed }
      return max(0, motion.time(i + 1) - motion.time(i)) / speed
    }
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
