// HTMLAudit: what in a page could run script, found the way a browser's
// tokenizer reads tags (HTML's tag and attribute states, simplified): event
// handler attributes, script-scheme URLs in link attributes, and script
// elements. Used by the hostile-book tests and the renderer's property test.
import WorkbookMarkdown

enum HTMLAudit {
  struct Tag: Hashable {
    var name: String
    var attributes: [(name: String, value: String)]
    /// A `<script>`'s or `<style>`'s text.
    var rawText = ""

    static func == (a: Tag, b: Tag) -> Bool {
      a.name == b.name && a.attributes.map(\.name) == b.attributes.map(\.name)
        && a.attributes.map(\.value) == b.attributes.map(\.value)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }

  /// Every start tag of `html`, with its attributes as a browser would
  /// split them. Text inside `<script>` and `<style>` is skipped (raw text).
  static func tags(_ html: String) -> [Tag] {
    let s = Array(html.unicodeScalars)
    var tags: [Tag] = []
    var i = 0
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }
    func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
    while i < s.count {
      guard s[i] == "<", i + 1 < s.count, isLetter(s[i + 1]) else { i += 1; continue }
      i += 1
      var name = ""
      while i < s.count, !isSpace(s[i]), s[i] != "/", s[i] != ">" { name.unicodeScalars.append(s[i]); i += 1 }
      name = name.lowercased()
      var attributes: [(String, String)] = []
      // Attributes until ">".
      while i < s.count, s[i] != ">" {
        if isSpace(s[i]) || s[i] == "/" { i += 1; continue }
        var attribute = ""
        // An attribute name may start with "=" (a parse error browsers keep).
        if s[i] == "=" { attribute.unicodeScalars.append("="); i += 1 }
        while i < s.count, !isSpace(s[i]), s[i] != "/", s[i] != ">", s[i] != "=" {
          attribute.unicodeScalars.append(s[i]); i += 1
        }
        while i < s.count, isSpace(s[i]) { i += 1 }
        var value = ""
        if i < s.count, s[i] == "=" {
          i += 1
          while i < s.count, isSpace(s[i]) { i += 1 }
          if i < s.count, s[i] == "\"" || s[i] == "'" {
            let quote = s[i]
            i += 1
            while i < s.count, s[i] != quote { value.unicodeScalars.append(s[i]); i += 1 }
            i += 1
          } else {
            while i < s.count, !isSpace(s[i]), s[i] != ">" { value.unicodeScalars.append(s[i]); i += 1 }
          }
        }
        attributes.append((attribute.lowercased(), decodeEntities(value)))
      }
      i += 1
      var tag = Tag(name: name, attributes: attributes)
      // Raw text elements: their text runs to their end tag.
      if name == "script" || name == "style" {
        let close = Array("</\(name)".unicodeScalars)
        let start = i
        while i < s.count {
          if s[i] == "<", i + close.count <= s.count,
            String(String.UnicodeScalarView(s[i..<(i + close.count)])).lowercased() == "</\(name)"
          { break }
          i += 1
        }
        tag.rawText = String(String.UnicodeScalarView(s[start..<i]))
      }
      tags.append(tag)
    }
    return tags
  }

  /// Attribute values with the entities a browser decodes (enough of them
  /// to see a `javascript:` URL written as `&#106;avascript&colon;`).
  static func decodeEntities(_ value: String) -> String {
    guard value.contains("&") else { return value }
    var out = ""
    var rest = Substring(value)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      rest = rest[rest.index(after: amp)...]
      let end = rest.firstIndex { $0 == ";" || $0 == "&" || $0 == " " } ?? rest.endIndex
      let entity = rest[..<end]
      var decoded: String? = nil
      if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
        decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
      } else if entity.hasPrefix("#") {
        decoded = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
      } else {
        decoded = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "Tab": "\t",
                   "NewLine": "\n", "sol": "/", "lpar": "(", "rpar": ")"][String(entity)]
      }
      if let decoded {
        out += decoded
        rest = end < rest.endIndex && rest[end] == ";" ? rest[rest.index(after: end)...] : rest[end...]
      } else {
        out += "&"
      }
    }
    return out + rest
  }

  /// The theme's own inline scripts.
  static let themeScripts: Set<String> = ["document.documentElement.classList.add(\"js\")"]

  /// What could run script in `html`: one line per problem, empty when
  /// none. `scripts` are the script elements the theme itself puts on a
  /// page (by their `src`, or `type` for data blocks), which are allowed.
  static func problems(_ html: String) -> [String] {
    var out: [String] = []
    let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset"]
    for tag in tags(html) {
      for (name, value) in tag.attributes {
        if name.hasPrefix("on") { out.append("<\(tag.name)> has an event handler attribute '\(name)'") }
        if urlAttributes.contains(name), MarkdownHTML.isScriptURL(value) {
          out.append("<\(tag.name)> has a script URL in '\(name)': \(value)")
        }
        if name == "style", value.lowercased().contains("expression(") || value.lowercased().contains("url(") {
          out.append("<\(tag.name)> has a style that loads or runs: \(value)")
        }
        if name == "srcdoc" { out.append("<\(tag.name)> has srcdoc") }
      }
      switch tag.name {
      case "script":
        let type = tag.attributes.first { $0.name == "type" }?.value
        let src = tag.attributes.first { $0.name == "src" }?.value
        let allowed = type == "application/json" || src == "site.js" || src == "search-index.js"
          || (tag.attributes.isEmpty && themeScripts.contains(tag.rawText))
        if !allowed { out.append("a <script> element the theme did not put there: \(tag.attributes.map { "\($0.name)=\($0.value)" })") }
      case "iframe", "object", "embed", "base", "form", "frame", "frameset":
        out.append("a <\(tag.name)> element: \(tag.attributes.map(\.name))")
      case "meta" where tag.attributes.contains { $0.name == "http-equiv" }:
        out.append("a <meta http-equiv> element")
      default:
        break
      }
    }
    return out
  }
}
