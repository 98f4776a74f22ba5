// SwiftHighlighter: Swift code to HTML spans by token class, from
// swift-syntax's classifier (SwiftIDEUtils), never regular expressions.
import SwiftIDEUtils
import SwiftParser
import SwiftSyntax
import WorkbookFidelity

/// Highlights Swift code.
///
/// ```swift
/// SwiftHighlighter.html(for: "let x = 1 // one\n")
/// // <span class="k">let</span> x = <span class="n">1</span> <span class="c">// one</span>\n
/// ```
public enum SwiftHighlighter {
  /// The CSS class of a classification; nil for plain text.
  public static func cssClass(_ kind: SyntaxClassification) -> String? {
    switch kind {
    case .keyword: return "k"
    case .type: return "t"
    case .identifier, .none: return nil
    case .dollarIdentifier: return "v"
    case .integerLiteral, .floatLiteral: return "n"
    case .stringLiteral, .regexLiteral: return "s"
    case .lineComment, .blockComment: return "c"
    case .docLineComment, .docBlockComment: return "c d"
    case .attribute: return "a"
    case .ifConfigDirective: return "p"
    case .operator: return "o"
    case .argumentLabel: return "l"
    case .editorPlaceholder: return "e"
    @unknown default: return nil
    }
  }

  /// The code as escaped HTML, each classified range in a `<span>`.
  public static func html(for code: String) -> HTML {
    html(for: code, links: nil)
  }

  /// The same, with every engine API that has a row in the fidelity
  /// ledger linked to it (`<a class="api" href="./fidelity.html#UIView">`).
  static func html(for code: String, links: APIUsage?) -> HTML {
    let tree = Parser.parse(source: code)
    let bytes = Array(code.utf8)
    var out = ""
    out.reserveCapacity(bytes.count * 2)
    var position = 0
    func text(_ from: Int, _ to: Int) -> String {
      String(decoding: bytes[from..<min(to, bytes.count)], as: UTF8.self)
    }
    let linked = links?.links(in: tree) ?? []
    var next = 0  // the first link not yet written
    /// A classified range's text, its linked names as links.
    func linkedText(_ start: Int, _ end: Int) -> String {
      var out = ""
      var at = start
      while next < linked.count && linked[next].offset < start { next += 1 }
      while next < linked.count, linked[next].offset + linked[next].length <= end {
        let link = linked[next]
        out += HTML.escape(text(at, link.offset))
        out += "<a class=\"api\" href=\"\(Navigation.href(APIUsage.page, fragment: link.target.anchor))\">"
          + HTML.escape(text(link.offset, link.offset + link.length)) + "</a>"
        at = link.offset + link.length
        next += 1
      }
      return out + HTML.escape(text(at, end))
    }
    for range in tree.classifications {
      let start = range.range.lowerBound.utf8Offset, end = range.range.upperBound.utf8Offset
      guard end > start, start >= position else { continue }
      if start > position { out += HTML.escape(text(position, start)) }
      if let css = cssClass(range.kind) {
        out += "<span class=\"\(css)\">" + linkedText(start, end) + "</span>"
      } else {
        out += linkedText(start, end)
      }
      position = end
    }
    if position < bytes.count { out += HTML.escape(text(position, bytes.count)) }
    return HTML(raw: out)
  }
}
