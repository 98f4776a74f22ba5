// Navigation: the sidebar's table of contents and the previous/next links.

struct TOCEntry {
  var page: String
  var title: String
  /// The chapter's `##` headings.
  var headings: [PageHeading]
}

enum Navigation {
  /// Every chapter; the current one also lists its sections.
  static func toc(_ entries: [TOCEntry], current: String?, bookTitle: String) -> HTML {
    let home: HTML = current == nil
      ? "<li><a href=\"index.html\" aria-current=\"page\">\(bookTitle)</a></li>"
      : "<li><a href=\"index.html\">\(bookTitle)</a></li>"
    let items: [HTML] = entries.map { entry in
      guard entry.page == current else { return "<li><a href=\"\(entry.page)\">\(entry.title)</a></li>" }
      let sections: [HTML] = entry.headings.map { "<li><a href=\"#\($0.id)\">\($0.text)</a></li>" }
      let nested: HTML = sections.isEmpty ? "" : "<ol>\(sections)</ol>"
      return "<li><a href=\"\(entry.page)\" aria-current=\"page\">\(entry.title)</a>\(nested)</li>"
    }
    return "<ol>\(home)\(items)</ol>"
  }

  static func pager(prev: TOCEntry?, next: TOCEntry?) -> HTML {
    let p: HTML = prev.map { "<a class=\"prev\" rel=\"prev\" href=\"\($0.page)\"><span>Previous</span> \($0.title)</a>" } ?? "<span></span>"
    let n: HTML = next.map { "<a class=\"next\" rel=\"next\" href=\"\($0.page)\"><span>Next</span> \($0.title)</a>" } ?? "<span></span>"
    return p + n
  }
}
