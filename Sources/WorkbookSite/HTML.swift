// HTML: escaping and the theme's templates. Text is escaped by default;
// markup that is already HTML is passed as `HTML` values, never as String.
import Foundation

/// A piece of markup that is already safe to put in a page.
public struct HTML: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  public var markup: String

  /// Markup made by this module (never text from a chapter or a program).
  public init(raw markup: String) { self.markup = markup }
  public init(stringLiteral value: String) { self.markup = value }

  /// Interpolated strings are escaped; interpolated `HTML` is not.
  public init(stringInterpolation: Interpolation) { self.markup = stringInterpolation.markup }

  public struct Interpolation: StringInterpolationProtocol {
    var markup = ""
    public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }
    public mutating func appendLiteral(_ literal: String) { markup += literal }
    public mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }
    public mutating func appendInterpolation(_ value: Int) { markup += String(value) }
    public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
    public mutating func appendInterpolation(_ html: [HTML]) { for h in html { markup += h.markup } }
  }

  public var description: String { markup }

  public static func + (a: HTML, b: HTML) -> HTML { HTML(raw: a.markup + b.markup) }

  /// Escapes text for element content and quoted attribute values. C0
  /// control characters other than tab, line feed and carriage return, and
  /// DEL, are dropped: they have no place in a page.
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "\t", "\n", "\r": out.unicodeScalars.append(c)
      case _ where c.value < 0x20 || c.value == 0x7F: continue
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}

extension Array where Element == HTML {
  func joined(separator: String = "") -> HTML { HTML(raw: map(\.markup).joined(separator: separator)) }
}

/// A theme template: `{{name}}` inserts escaped text, `{{{name}}}` inserts
/// markup. Nothing else: loops and conditions are the renderer's business.
struct Template {
  enum Part: Equatable { case literal(String), text(String), markup(String) }
  let name: String
  let parts: [Part]

  init(name: String, source: String) {
    self.name = name
    var parts: [Part] = []
    var rest = Substring(source)
    while let open = rest.range(of: "{{") {
      parts.append(.literal(String(rest[..<open.lowerBound])))
      let triple = rest[open.upperBound...].hasPrefix("{")
      let start = triple ? rest.index(after: open.upperBound) : open.upperBound
      let closer = triple ? "}}}" : "}}"
      guard let close = rest[start...].range(of: closer) else {
        rest = rest[open.lowerBound...]
        break
      }
      let key = rest[start..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      parts.append(triple ? .markup(key) : .text(key))
      rest = rest[close.upperBound...]
    }
    parts.append(.literal(String(rest)))
    self.parts = parts
  }

  /// The keys the template uses.
  var keys: [String] {
    parts.compactMap { part in
      switch part {
      case .literal: return nil
      case .text(let k), .markup(let k): return k
      }
    }
  }

  func render(text: [String: String] = [:], markup: [String: HTML] = [:]) -> String {
    var out = ""
    for part in parts {
      switch part {
      case .literal(let s): out += s
      case .text(let key): out += HTML.escape(text[key] ?? markup[key].map(\.markup) ?? "")
      case .markup(let key): out += markup[key]?.markup ?? text[key].map(HTML.escape) ?? ""
      }
    }
    return out
  }
}
