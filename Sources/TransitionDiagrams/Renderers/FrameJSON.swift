// FrameJSONEncoder: the same frames as JSON, for the site's animated player.
//
// Hand-written so that the text is the same on every run and machine:
// keys in a fixed order, numbers with at most three decimals, ASCII only.

import TransitionEngine

/// Encodes captures as JSON: per time, each layer's label, projected quad,
/// alpha, fill and paint order.
///
/// ```json
/// {
///   "screen": {"width": 320, "height": 568},
///   "frames": [
///     {"time": 0.1, "progress": 0.333, "layers": [
///       {"z": 0, "parent": null, "depth": 0, "label": "UIWindow", "view": true,
///        "quad": [[0, 0], [320, 0], [320, 568], [0, 568]], "alpha": 1, "shows": 1,
///        "fill": null, "dimmed": false, "clips": [], "transform": "identity"}
///     ]}
///   ]
/// }
/// ```
///
/// A film's JSON may end with a `"motion"` key: every frame at 60 fps
/// between its first and last key moment (`MotionJSONEncoder`). A
/// filmstrip's frames also carry what was drawn for them (`"caption"`, the
/// caption line, and `"text"`, the box, rows joined by newlines), and a
/// `"key"` (the key's lines) follows the frames.
///
/// (Each layer is on one line.) `z` is the paint order, back to front, and
/// the index `parent` refers to; quads are top-left, top-right,
/// bottom-right, bottom-left in screen points; `clips` are polygons the
/// layer shows inside; a fill is `{"name", "hex", "alpha"}`.
public struct FrameJSONEncoder: Sendable {
  /// Creates an encoder (it has no options: the format is fixed).
  public init() {}

  /// Encodes `captures` (the screen size is the first capture's).
  public func encode(_ captures: [ScreenCapture]) -> String { encode(captures, motion: []) }

  /// Encodes `captures`, the key moments, and `motion`, every frame between
  /// them at 60 fps, as the `"motion"` key after `"frames"`
  /// (`MotionJSONEncoder`); without it when `motion` has fewer than two frames.
  public func encode(_ captures: [ScreenCapture], motion: [ScreenCapture]) -> String {
    encode(captures, motion: motion, strip: nil)
  }

  /// Encodes `captures` and `motion` as above, each frame with its panel of
  /// `strip` (its caption and drawn text) and the strip's key, when `strip`
  /// has a panel per capture.
  public func encode(_ captures: [ScreenCapture], motion: [ScreenCapture], strip: FilmstripRenderer.Panels?) -> String {
    let strip = strip.flatMap { $0.panels.count == captures.count ? $0 : nil }
    var out = "{\n"
    let screen = captures.first?.screenSize ?? .zero
    out += "  \"screen\": {\"width\": \(Self.number(Double(screen.width))), "
      + "\"height\": \(Self.number(Double(screen.height)))},\n"
    out += "  \"frames\": ["
    for (n, capture) in captures.enumerated() {
      out += n == 0 ? "\n" : ",\n"
      out += "    {\"time\": \(Self.number(capture.time)), "
        + "\"progress\": \(capture.transitionProgress.map(Self.number) ?? "null"), "
      if let panel = strip?.panels[n] {
        out += "\"caption\": \(Self.stringLiteral(panel.caption)), "
          + "\"text\": \(Self.stringLiteral(panel.lines.joined(separator: "\n"))), "
      }
      out += "\"layers\": ["
      for (i, layer) in capture.layers.enumerated() {
        out += (i == 0 ? "\n" : ",\n") + "      " + Self.layer(layer, z: i)
      }
      out += capture.layers.isEmpty ? "]}" : "\n    ]}"
    }
    out += captures.isEmpty ? "]" : "\n  ]"
    if let strip { out += ",\n  \"key\": [" + strip.key.map(Self.stringLiteral).joined(separator: ", ") + "]" }
    if let motion = MotionJSONEncoder().encode(motion, keys: captures) { out += ",\n  \"motion\": " + motion }
    return out + "\n}\n"
  }

  /// Encodes one capture as a single-frame document.
  public func encode(_ capture: ScreenCapture) -> String { encode([capture]) }

  static func layer(_ layer: CapturedLayer, z: Int) -> String {
    var fields: [String] = []
    fields.append("\"z\": \(z)")
    fields.append("\"parent\": \(layer.parent.map(String.init) ?? "null")")
    fields.append("\"depth\": \(layer.depth)")
    fields.append("\"label\": \(stringLiteral(layer.label))")
    fields.append("\"view\": \(layer.isView)")
    fields.append("\"quad\": \(points(layer.quad))")
    fields.append("\"alpha\": \(number(layer.alpha))")
    fields.append("\"shows\": \(number(layer.effectiveAlpha))")
    fields.append("\"fill\": \(fill(layer.fill))")
    fields.append("\"dimmed\": \(layer.isDimmed)")
    fields.append("\"clips\": [" + layer.clips.map(points).joined(separator: ", ") + "]")
    fields.append("\"transform\": \(stringLiteral(layer.transformSummary))")
    if let content = layer.content { fields.append("\"content\": \(stringLiteral(content))") }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// A fill as `{"name", "hex", "alpha"}`, or null.
  static func fill(_ fill: CapturedColor?) -> String {
    guard let fill else { return "null" }
    let hex = CapturedColor(name: nil, red: fill.red, green: fill.green, blue: fill.blue, alpha: 1).displayName
    return "{\"name\": \(stringLiteral(fill.displayName)), \"hex\": \"\(hex)\", \"alpha\": \(number(fill.alpha))}"
  }

  static func points(_ points: [CGPoint]) -> String {
    "[" + points.map { "[\(number(Double($0.x))), \(number(Double($0.y)))]" }.joined(separator: ", ") + "]"
  }

  /// At most three decimals; null for NaN and infinities.
  static func number(_ v: Double) -> String {
    v.isFinite ? diagramNumber(v) : "null"
  }

  /// A JSON string literal, ASCII only: other characters as `\\uXXXX` escapes (UTF-16).
  public static func stringLiteral(_ s: String) -> String {
    var out = "\""
    for unit in s.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out + "\""
  }
}
