// StepScreen: the stepper's view laid out for the terminal's size, and the
// painter that draws it on the alternate screen, row by row.
//
// Design: everything the stepper shows is one document (instructions, the
// expected output, hints, the solution, the check, the keys' help) between
// a header (where the exercise is, its title) and a footer (a message or a
// question, the keys). When it all fits, it is shown as it is. When it does
// not, the view turns compact, as rustlings' watch mode: the header, as much
// of the document as fits, scrolled with ↑/↓, space/b and g/G, then the
// check's verdict and its first differing lines, then the footer; nothing is
// ever drawn below the last row, so nothing scrolls into the scrollback.

/// What the stepper shows, before it is laid out.
struct StepScreen {
  /// Where the exercise is: chapter, position, the book's progress.
  var location: String
  /// The exercise's title (its heading, one or two lines).
  var title: [String]
  /// The exercise's text, hints, solution, check and help, top to bottom.
  var document: [String]
  /// The check in a few lines (the compact view's status).
  var summary: (_ maxLines: Int) -> [String]
  /// A message or a question, then the keys.
  var footer: [String]
  /// The document lines that hold the check (nil: no check yet): the
  /// compact view shows the check once, in the document's window when it
  /// fits there whole, else under it.
  var checkLines: Range<Int>? = nil
  /// The style of the compact view's scroll line.
  var style: TerminalStyle

  /// The rows to draw, and where the document is scrolled to.
  struct Frame {
    var rows: [String]
    /// Whether the document did not fit and is shown a part at a time.
    var compact: Bool
    /// The first document line shown.
    var scroll: Int
    /// The largest useful `scroll`.
    var maxScroll: Int
    /// Document lines shown at once (a page).
    var page: Int
  }

  /// The whole view, when it fits in `height` rows.
  var fullRows: [String] {
    [location, ""] + title + [""] + document + [""] + footer
  }

  /// Lays the view out in `width` × `height`; `scroll` is the first line
  /// of the document wanted on screen (clamped).
  func frame(width: Int, height: Int, scroll: Int) -> Frame {
    let fit = { (rows: [String]) in rows.map { TextWidth.truncated($0, to: width) } }
    let full = fullRows
    if full.count <= height {
      return Frame(rows: fit(full), compact: false, scroll: 0, maxScroll: 0, page: document.count)
    }
    // Compact: the header, the document's window and its scroll line, the
    // check's summary, the footer. The footer and the title are kept; the
    // summary gets up to a third of the rows; the document the rest.
    let header = [location] + title.prefix(2)
    let footer = self.footer.suffix(max(1, height - header.count - 1))
    let room = height - header.count - footer.count - 1
    var status = summary(max(1, min(room - 3, height / 3)))
    if room - status.count < 1 { status = Array(status.prefix(max(0, room - 1))) }
    var page = max(0, room - status.count)
    let maxScroll = max(0, document.count - page)
    let top = min(max(0, scroll), maxScroll)
    // The check is said once. Whole in the document's window (scrolled to
    // a hint, the solution, the end): there, and the summary's rows go to
    // the document. Else under the document, which stops where it starts.
    var shown = page
    if let check = checkLines, check.lowerBound >= top {
      if check.upperBound <= top + room {
        status = []
        page = max(0, room)
        shown = page
      } else {
        shown = min(page, check.lowerBound - top)
      }
    }
    var body = Array(document.dropFirst(top).prefix(shown))
    body += Array(repeating: "", count: page - body.count)
    let rows = header + body + [scrollLine(width: width, top: top, page: page)] + status + footer
    return Frame(rows: fit(Array(rows.prefix(height))), compact: true, scroll: top, maxScroll: maxScroll, page: page)
  }

  /// `── lines 1–12 of 30 · ↑/↓ scroll · space/b page · g/G top/end ───`,
  /// or a plain rule when the document fits in its window.
  func scrollLine(width: Int, top: Int, page: Int) -> String {
    guard document.count > page, page > 0 else { return style.dim(String(repeating: "─", count: width)) }
    let last = min(document.count, top + page)
    let text = "── lines \(top + 1)–\(last) of \(document.count) · ↑/↓ scroll · space/b page · g/G top/end "
    let line = TextWidth.of(text) >= width ? text : text + String(repeating: "─", count: width - TextWidth.of(text))
    return style.dim(TextWidth.truncated(line, to: width))
  }
}

/// Draws frames on the alternate screen: each row at its place (never a
/// newline, so the screen never scrolls), only the rows that changed since
/// the last frame; after a resize, the whole screen.
final class ScreenPainter {
  private var shown: [String] = []
  private var size = (width: 0, height: 0)
  /// Bytes of the last paint (for tests and measurements).
  private(set) var lastBytes = 0

  /// The bytes that turn the screen into `rows` (at most `height` rows of
  /// at most `width` columns).
  func paint(_ rows: [String], width: Int, height: Int) -> String {
    var out = ""
    var previous = shown
    if size != (width, height) {
      // A new size: the terminal may have reflowed or cut the old frame.
      out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      previous = []
      size = (width, height)
    }
    for row in 0..<height {
      let new = row < rows.count ? rows[row] : ""
      // (Rows past the last frame's are blank.)
      let old = row < previous.count ? previous[row] : ""
      guard new != old else { continue }
      // To the row's start, clear it, draw it (colours reset first).
      out += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" + new
    }
    shown = Array(rows.prefix(height))
    lastBytes = out.utf8.count
    return out
  }

  /// Forgets what is on screen: the next paint draws every row.
  func invalidate() {
    size = (0, 0)
  }
}
