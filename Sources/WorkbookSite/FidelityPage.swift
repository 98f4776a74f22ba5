// FidelityPage: the fidelity ledger as a page of the site (fidelity.html):
// one table per engine folder, one row per API, each row's id the anchor
// the snippets' links point to.
import Foundation
import WorkbookModel
import WorkbookFidelity

enum FidelityPage {
  static let title = "The fidelity ledger"
  static let page = APIUsage.page

  /// The page's content (the theme's page template frames it).
  static func content(_ fidelity: Fidelity) -> HTML {
    let statuses: [HTML] = FidelityStatus.allCases.map { status in
      "<li><span class=\"fidelity-status status-\(status.rawValue)\">\(status.rawValue)</span>: \(explanation(status))</li>"
    }
    var sections: [HTML] = []
    for section in fidelity.sections {
      let title = Fidelity.title(ofFolder: section.folder)
      let rows: [HTML] = section.rows.map { row in
        let tests: [HTML] = row.tests.map { "<code>\(breakable($0))</code>" }
        let member = Ledger.owner(of: row.symbol).map { fidelity.ledger.row(for: $0) != nil } ?? false
        return """
          <tr id="\(row.anchor)"\(HTML(raw: member ? " class=\"member\"" : ""))>\
          <td><a class="api-name" href="#\(row.anchor)"><code>\(breakable(row.symbol))</code></a></td>\
          <td><span class="fidelity-status status-\(row.status.rawValue)">\(row.status.rawValue)</span></td>\
          <td>\(inline(fidelity.here(row)))</td>\
          <td>\(inline(row.evidence))</td>\
          <td>\(HTML(raw: tests.map(\.markup).joined(separator: ", ")))</td>\
          </tr>
          """
      }
      sections.append("""
        <h2 id="folder-\(Ledger.anchor(title).replacingOccurrences(of: ".", with: "-"))">\(title)</h2>\
        <table class="ledger"><thead><tr><th>API</th><th>Status</th><th>Here</th><th>Evidence</th><th>Tests</th></tr></thead>\
        <tbody>\(rows)</tbody></table>
        """)
    }
    return """
      <h1>\(title)</h1>\
      <p>Every public API of the engine has a row: what it does here, how sure the engine is that a \
      device does the same, and the tests that pin it. A type&#8217;s row covers its members, except \
      those with a row of their own, listed under it. Names in the book&#8217;s code link here.</p>\
      <ul class="fidelity-statuses">\(statuses)</ul>\
      <p>\(fidelity.summary.prefix(1).uppercased() + fidelity.summary.dropFirst()).</p>\
      \(sections)
      """
  }

  static func explanation(_ status: FidelityStatus) -> String {
    switch status {
    case .documented: return "as Apple documents it; the evidence is the documentation."
    case .observed: return "as devices were seen to behave in a public report; the evidence is the report."
    case .engineChoice: return "Apple is silent and no report was found: the engine chose; the evidence is the reason."
    case .notModelled: return "it compiles and runs, but what it does on a device is not modelled."
    case .engineOnly: return "the engine's own API, with no UIKit counterpart."
    }
  }

  /// A name that may break after `.`, `(` and `:` (`UIView.animate(withDuration:…)`).
  static func breakable(_ name: String) -> HTML {
    var out = ""
    for c in name {
      out += HTML.escape(String(c))
      if c == "." || c == "(" || c == ":" { out += "<wbr>" }
    }
    return HTML(raw: out)
  }

  /// A cell's text: `code` spans as code, addresses as links.
  static func inline(_ text: String) -> HTML {
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    // An odd number of backticks leaves the text as it is.
    guard parts.count % 2 == 1 else { return linked(text) }
    var out = ""
    for (index, part) in parts.enumerated() {
      out += index % 2 == 1 ? "<code>" + HTML.escape(String(part)) + "</code>" : linked(String(part)).markup
    }
    return HTML(raw: out)
  }

  /// Text with its `https://` addresses as links.
  static func linked(_ text: String) -> HTML {
    var out = ""
    var rest = Substring(text)
    while let start = rest.range(of: "https://") {
      out += HTML.escape(String(rest[..<start.lowerBound]))
      var end = rest[start.lowerBound...].firstIndex { $0 == " " || $0 == ")" || $0 == "," || $0 == ";" } ?? rest.endIndex
      while end > start.upperBound, ".:".contains(rest[rest.index(before: end)]) { end = rest.index(before: end) }
      let url = String(rest[start.lowerBound..<end])
      out += "<a href=\"\(HTML.escape(url))\" rel=\"nofollow\">\(HTML.escape(url))</a>"
      rest = rest[end...]
    }
    return HTML(raw: out + HTML.escape(String(rest)))
  }
}
