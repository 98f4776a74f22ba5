// Text helpers shared by the diagram renderers: captions, keys, labels
// fitted to a width, and the final joining of lines.

import TransitionEngine

enum Text {
  /// Joins lines with newlines (and a final one), trailing spaces removed.
  static func joined(_ lines: [String]) -> String {
    lines.map(trimmingTrailingSpaces).joined(separator: "\n") + "\n"
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    var scalars = Substring(line).unicodeScalars
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }

  /// `text` with anything but printable ASCII replaced by `?`, so that every
  /// character takes exactly one column.
  static func ascii(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars { out.append(s.value >= 0x20 && s.value < 0x7F ? s : "?") }
    return String(out)
  }

  /// The label and its mark fitted into `width` columns: cut with `~` when
  /// too long, the mark kept. Nil when there is no room at all.
  static func fitted(_ label: String, mark: String, width: Int) -> String? {
    guard width > 0 else { return nil }
    let text = ascii(label)  // one byte per character from here on
    let count = text.utf8.count + mark.utf8.count
    if count <= width { return mark.isEmpty ? text : text + mark }
    if width == 1 { return String(text.prefix(1)) }
    let keep = width - 1 - mark.utf8.count
    guard keep >= 1 else { return String(text.prefix(width)) }
    return String(text.prefix(keep)) + "~" + mark
  }

  /// `text` padded with spaces to `width` columns (never cut).
  static func padded(_ text: String, to width: Int) -> String {
    let count = text.unicodeScalars.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
  }

  /// `text` right-aligned in `width` columns.
  static func rightAligned(_ text: String, to width: Int) -> String {
    let count = text.unicodeScalars.count
    return count >= width ? text : String(repeating: " ", count: width - count) + text
  }

  /// "prefix a, b, c" wrapped to `width`, continuation lines indented.
  static func wrappedList(_ prefix: String, _ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = prefix
    let indent = String(repeating: " ", count: prefix.count)
    for (i, item) in items.enumerated() {
      let piece = item + (i < items.count - 1 ? "," : "")
      let candidate = line == prefix || line == indent ? line + piece : line + " " + piece
      if candidate.unicodeScalars.count > width && line != prefix && line != indent {
        lines.append(line)
        line = indent + piece
      } else {
        line = candidate
      }
    }
    lines.append(line)
    return lines
  }
}

/// The caption over a frame: its time and the transition's progress.
enum Caption {
  /// "t=0.25s progress=0.5", shortened to fit `width` columns.
  static func text(for capture: ScreenCapture, width: Int) -> String {
    let time = diagramNumber(capture.time)
    var forms: [String]
    if let progress = capture.transitionProgress {
      let p = diagramNumber(progress)
      forms = ["t=\(time)s progress=\(p)", "t=\(time)s p=\(p)", "\(time)s p=\(p)", "\(time)s \(p)"]
    } else {
      forms = ["t=\(time)s", "\(time)s"]
    }
    return forms.first { $0.count <= width } ?? String(forms[forms.count - 1].prefix(width))
  }
}

/// The key under a picture: which character fills which colour, and what
/// the looks and marks mean.
enum Key {
  static func lines(fills: FillAssignment, looks: LooksUsed, style: DiagramStyle, width: Int) -> [String] {
    var lines: [String] = []
    if !fills.entries.isEmpty {
      lines += Text.wrappedList("fills: ", fills.entries.map { "\($0.character) \($0.colorName)" }, width: width)
    }
    var items: [String] = []
    if looks.translucent {
      items.append("\u{254C} translucent (alpha < \(diagramNumber(style.translucentBelow)), half filled)")
    }
    if looks.faint {
      items.append("\u{2508} faint (alpha < \(diagramNumber(style.faintBelow)), quarter filled)")
    }
    if looks.dimmed { items.append("* dimmed") }
    if looks.halfBlocks { items.append("\u{2580}\u{2584}\u{2588} thin layers, to half a row") }
    if !items.isEmpty { lines += Text.wrappedList("looks: ", items, width: width) }
    return lines
  }
}

/// `format(_:)` made safe for any double: at most three decimals, "-0" as
/// "0", huge values without decimals, "nan"/"inf" spelled out.
func diagramNumber(_ v: Double) -> String {
  guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
  let scaled = (v * 1000).rounded()
  guard abs(scaled) < 1e15 else { return String(format: "%.0f", v) }
  // What `format(_:)` prints, without going through String(format:).
  let thousandths = Int(scaled)
  if thousandths == 0 { return "0" }
  let magnitude = thousandths.magnitude
  var text = String(magnitude / 1000)
  var fraction = magnitude % 1000
  if fraction != 0 {
    var digits = 3
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let f = String(fraction)
    text += "." + String(repeating: "0", count: digits - f.utf8.count) + f
  }
  return thousandths < 0 ? "-" + text : text
}
