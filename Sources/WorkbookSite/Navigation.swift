// Navigation: the sidebar's table of contents and the previous/next links.

struct TOCEntry {
  var page: String
  var title: String
  /// The chapter's `##` headings.
  var headings: [PageHeading]
}

enum Navigation {
  /// A link to a page of the site: always relative (`./`) and
  /// percent-encoded, so that no file name can become a scheme
  /// (`javascript:…`), an absolute path or a query.
  static func href(_ page: String, fragment: String? = nil) -> String {
    "./" + percentEncoded(page) + (fragment.map { "#" + percentEncoded($0, keepingPercent: true) } ?? "")
  }

  /// Every byte except unreserved characters (RFC 3986) as `%XX`.
  static func percentEncoded(_ text: String, keepingPercent: Bool = false) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "%") where keepingPercent:
        out += "%"
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  /// Every chapter; the current one also lists its sections.
  static func toc(_ entries: [TOCEntry], current: String?, bookTitle: String) -> HTML {
    let home: HTML = current == nil
      ? "<li><a href=\"./index.html\" aria-current=\"page\">\(bookTitle)</a></li>"
      : "<li><a href=\"./index.html\">\(bookTitle)</a></li>"
    let items: [HTML] = entries.map { entry in
      guard entry.page == current else { return "<li><a href=\"\(href(entry.page))\">\(entry.title)</a></li>" }
      let sections: [HTML] = entry.headings.map { "<li><a href=\"#\($0.id)\">\($0.text)</a></li>" }
      let nested: HTML = sections.isEmpty ? "" : "<ol>\(sections)</ol>"
      return "<li><a href=\"\(href(entry.page))\" aria-current=\"page\">\(entry.title)</a>\(nested)</li>"
    }
    return "<ol>\(home)\(items)</ol>"
  }

  static func pager(prev: TOCEntry?, next: TOCEntry?) -> HTML {
    let p: HTML = prev.map { "<a class=\"prev\" rel=\"prev\" href=\"\(href($0.page))\"><span>Previous</span> \($0.title)</a>" } ?? "<span></span>"
    let n: HTML = next.map { "<a class=\"next\" rel=\"next\" href=\"\(href($0.page))\"><span>Next</span> \($0.title)</a>" } ?? "<span></span>"
    return p + n
  }
}
