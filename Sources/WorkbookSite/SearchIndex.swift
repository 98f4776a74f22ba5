// SearchIndex: every section of the book as plain text, written at build time
// as a script (a JSON array assigned to a global), so that search works from
// file:// where pages cannot fetch JSON.

enum SearchIndex {
  /// `window.WORKBOOK_SEARCH = [{"u": url, "c": chapter, "h": heading, "x": text}, …];`
  static func script(_ chapters: [(page: String, title: String, sections: [(heading: PageHeading?, text: String)])]) -> String {
    var entries: [String] = []
    for chapter in chapters {
      for section in chapter.sections where !section.text.isEmpty || section.heading != nil {
        let url = Navigation.href(chapter.page, fragment: section.heading.flatMap { $0.level == 1 ? nil : $0.id })
        let heading = section.heading.map(\.text) ?? chapter.title
        entries.append("{\"u\":\(literal(url)),\"c\":\(literal(chapter.title)),\"h\":\(literal(heading)),\"x\":\(literal(section.text))}")
      }
    }
    return "window.WORKBOOK_SEARCH = [\n" + entries.joined(separator: ",\n") + "\n];\n"
  }

  /// A JSON string literal, ASCII only, safe in a script.
  static func literal(_ s: String) -> String {
    var out = "\""
    for unit in s.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x3C: out += "\\u003c"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out + "\""
  }
}
