// Film: chosen frames of a recording as golden text — a header, each frame
// under its caption, the key — and the frame-by-frame diff of two films.

import TransitionDiagrams
import UIKit

/// Frames of a recording drawn as text, one under another: what a film
/// golden file holds.
public struct Film: Sendable, CustomStringConvertible {
  /// The frames drawn.
  public let captures: [ScreenCapture]
  /// The golden text: a header line, each frame (caption, box) after a
  /// blank line, then the key (`fills: …`).
  public let text: String

  /// Draws `captures` on `device`'s screen with `style`.
  public init(captures: [ScreenCapture], device: Device, style: DiagramStyle = .default) {
    self.captures = captures
    let strip = FilmstripRenderer(style: style).panels(captures)
    var lines = [
      "film: \(captures.count) frames of \(device.name), \(Self.number(device.screenSize.width))x"
        + "\(Self.number(device.screenSize.height)) pt",
    ]
    for panel in strip.panels {
      lines.append("")
      lines.append(panel.caption)
      lines += panel.lines
    }
    if !strip.key.isEmpty {
      lines.append("")
      lines += strip.key
    }
    text = lines.joined(separator: "\n") + "\n"
  }

  public var description: String { String(text.dropLast()) }

  private static func number(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : "\(value)"
  }
}

/// The difference between two film texts, frame by frame: which frames
/// changed, each shown golden beside actual with the changed rows marked.
public enum FilmDiff {
  /// One frame of a film text: its caption and its rows.
  struct Frame: Equatable {
    var caption: String
    var rows: [String]
  }

  /// A film text cut into its header, frames and key (blocks separated
  /// by blank lines; a frame's block starts with its caption and has a box).
  static func cut(_ text: String) -> (header: [String], frames: [Frame], key: [String]) {
    let blocks = text.split(separator: "\n", omittingEmptySubsequences: false)
      .split(separator: "", omittingEmptySubsequences: true).map { $0.map(String.init) }
    var header: [String] = []
    var frames: [Frame] = []
    var key: [String] = []
    for (index, block) in blocks.enumerated() {
      if block.count > 1, block[1].hasPrefix("┌") {
        frames.append(Frame(caption: block[0], rows: Array(block.dropFirst())))
      } else if index == 0 {
        header = block
      } else {
        key += block
      }
    }
    return (header, frames, key)
  }

  /// A readable difference of two film texts, or nil when they are equal:
  /// the frames that differ (at most `limit`, but never "1 more" unshown),
  /// each golden beside actual,
  /// `≠` on the changed rows; frames only one film has; the key's change.
  public static func describe(golden: String, actual: String, limit: Int = 3) -> String? {
    guard golden != actual else { return nil }
    let a = cut(golden), b = cut(actual)
    var out: [String] = []
    if a.header != b.header {
      out.append("header: golden \"\(a.header.joined(separator: " "))\", actual \"\(b.header.joined(separator: " "))\"")
    }
    if a.frames.count != b.frames.count {
      out.append("golden has \(a.frames.count) frames, actual \(b.frames.count)")
    }
    let changed = (0..<min(a.frames.count, b.frames.count)).filter { a.frames[$0] != b.frames[$0] }
    if !changed.isEmpty {
      out.append("\(changed.count) of \(max(a.frames.count, b.frames.count)) frames differ: "
        + changed.map { "\($0 + 1)" }.joined(separator: ", "))
    }
    // "… and 1 more frame differs" takes as many lines as the frame itself.
    let shown = changed.count == limit + 1 ? changed.count : limit
    for index in changed.prefix(shown) {
      out.append("")
      out += sideBySide(a.frames[index], b.frames[index], number: index + 1)
    }
    if changed.count > shown { out += ["", "… and \(changed.count - shown) more frames differ"] }
    for index in min(a.frames.count, b.frames.count)..<max(a.frames.count, b.frames.count) {
      let onlyGolden = index < a.frames.count
      let frame = onlyGolden ? a.frames[index] : b.frames[index]
      out.append("")
      out.append("frame \(index + 1) only in the \(onlyGolden ? "golden" : "actual") film: \(frame.caption)")
    }
    if a.key != b.key {
      out.append("")
      out.append("key, golden: " + a.key.joined(separator: " / "))
      out.append("key, actual: " + b.key.joined(separator: " / "))
    }
    return out.joined(separator: "\n")
  }

  /// One frame golden (left) beside actual (right), `≠` between changed rows.
  static func sideBySide(_ golden: Frame, _ actual: Frame, number: Int) -> [String] {
    if golden.rows == actual.rows {
      return ["frame \(number): the same picture, captioned \"\(golden.caption)\" in the golden film, "
        + "\"\(actual.caption)\" now"]
    }
    let width = max(golden.rows.map(\.count).max() ?? 0, "golden: \(golden.caption)".count)
    func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
    var lines = ["frame \(number)", pad("golden: \(golden.caption)") + "   actual: \(actual.caption)"]
    for row in 0..<max(golden.rows.count, actual.rows.count) {
      let left = row < golden.rows.count ? golden.rows[row] : ""
      let right = row < actual.rows.count ? actual.rows[row] : ""
      lines.append(pad(left) + (left == right ? "   " : " ≠ ") + right)
    }
    return lines
  }
}
