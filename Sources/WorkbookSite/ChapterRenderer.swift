// ChapterRenderer: one chapter's Markdown to the body of its page. cmark-gfm
// renders the prose (through WorkbookMarkdown); snippets, output blocks,
// exercises and hints are replaced by the site's own markup, built from the
// chapter model and the verify report.
import WorkbookCore
import WorkbookMarkdown

/// A heading on a page, with its anchor.
struct PageHeading: Hashable {
  var level: Int
  var text: String
  var id: String
}

/// A chapter rendered to HTML, with what the index, the table of contents
/// and the search index need.
struct RenderedChapter {
  var body: HTML
  var headings: [PageHeading]
  var sections: [(heading: PageHeading?, text: String)]
  /// The first sentence of the chapter's first paragraph.
  var summary: String
  /// The HTML of the prose between the title and the first `##` heading.
  var lead: HTML
}

struct ChapterRenderer {
  let chapter: Chapter
  let report: ChapterReport
  /// Chapter file names (`02-fade.md`) to page names (`02-fade.html`).
  let pages: [String: String]
  let config: Book.SiteMetadata

  func render() -> RenderedChapter {
    let ids = IDRegistry()
    let state = RenderState()
    let snippetsByFence = Dictionary(chapter.snippets.map { ($0.fenceLine, $0) }, uniquingKeysWith: { a, _ in a })
    let snippetsByOutput = Dictionary(
      chapter.snippets.compactMap { s in s.output.map { ($0.fenceLine, s) } }, uniquingKeysWith: { a, _ in a })
    let reports = Dictionary(report.snippets.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
    let solutions = Dictionary(
      chapter.snippets.compactMap { s -> (String, Chapter.Snippet)? in
        if case .exerciseSolution(let id) = s.kind { return (id, s) } else { return nil }
      }, uniquingKeysWith: { a, _ in a })
    // Exercises whose starter comes before the solution are shown as one
    // unit at the starter: starter, its symptom, the expected output, the
    // hints, then the solution.
    let exercises = chapter.exercises.filter { $0.starterLine < $0.solutionLine }
    let gathered = Set(exercises.map(\.id))
    let hintsOwners = Dictionary(
      exercises.compactMap { e in e.hintsLine.map { ($0, e.id) } }, uniquingKeysWith: { a, _ in a })

    func codeBlockMarkup(_ block: MarkdownCodeBlock) -> String {
      if let snippet = snippetsByFence[block.position.line] {
        if case .exerciseSolution(let id) = snippet.kind, gathered.contains(id) { return "" }  // in the exercise
        return render(snippet: snippet, report: reports[snippet.index], solutions: solutions, reports: reports,
                      gathered: gathered, ids: ids).markup
      }
      if let snippet = snippetsByOutput[block.position.line], let output = snippet.output {
        switch snippet.kind {
        case .exerciseSolution, .exerciseStarter: return ""  // shown in the exercise
        default: return renderOutput(output.content, snippet: snippet, report: reports[snippet.index]).markup
        }
      }
      let language = ChapterLoaderWords.first(block.info)
      return CodeMarkup.block(HTML("\(block.content)"), language: language).markup
    }
    var hooks = MarkdownHTMLHooks()
    hooks.codeBlock = { block in LeadMarkers.code(codeBlockMarkup(block)) }
    hooks.heading = { heading in
      let id = ids.claim(IDRegistry.slug(heading.text))
      state.headings.append(PageHeading(level: heading.level, text: heading.text, id: id))
      let anchor: HTML = heading.level == 1
        ? "" : "<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section: \(heading.text)\">#</a>"
      // The lead: from the end of the first level-1 heading to the next heading.
      var open = "<h\(heading.level) id=\"\(HTML.escape(id))\">"
      var close = "\(anchor)</h\(heading.level)>"
      switch state.lead {
      case .beforeTitle where heading.level == 1:
        close += LeadMarkers.begin
        state.lead = .inLead
      case .inLead:
        open = LeadMarkers.end + open
        state.lead = .after
      default:
        break
      }
      return (open, close)
    }
    hooks.labelledList = { label, position in
      guard label.lowercased() == "hints" else { return nil }
      // An exercise's hints are cut out here and put before its solution.
      let owner = hintsOwners[position.line]
      return LabelledListMarkup(
        open: (owner.map { ExerciseHintsMove.begin($0) } ?? "")
          + "<div class=\"hints\"><p class=\"hints-label\">\(HTML.escape(label))</p>",
        itemOpen: { n, count in "<details class=\"hint\"><summary>Hint \(n + 1) of \(count)</summary><div class=\"hint-body\">" },
        itemClose: "</div></details>",
        close: "</div>" + (owner.map { ExerciseHintsMove.end($0) } ?? ""))
    }
    hooks.url = { url in rewrite(url) }

    // The chapter's one parse is rendered; a chapter that is not UTF-8 has
    // none, and cmark shows its bytes as they are.
    let rendered = chapter.document.map { MarkdownHTML.render($0, allowRawHTML: config.rawHTML, hooks: hooks) }
      ?? MarkdownHTML.render(bytes: chapter.bytes, allowRawHTML: config.rawHTML, hooks: hooks)
    let lead = LeadMarkers.lead(in: rendered.html)
    let body = LeadMarkers.remove(from: rendered.html)
    // Sections pair with headings in order (both follow the document).
    var sections: [(PageHeading?, String)] = []
    var headingIndex = 0
    for section in rendered.sections {
      if section.heading != nil {
        sections.append((headingIndex < state.headings.count ? state.headings[headingIndex] : nil, section.text))
        headingIndex += 1
      } else {
        sections.append((nil, section.text))
      }
    }
    let firstText = rendered.sections.first { !$0.text.isEmpty }?.text ?? ""
    let html = ExerciseHintsMove.apply(to: body, ids: exercises.map(\.id))
    return RenderedChapter(
      body: HTML(raw: html), headings: state.headings, sections: sections,
      summary: Self.firstSentence(firstText), lead: HTML(raw: lead))
  }

  // MARK: - Snippets

  private func render(
    snippet: Chapter.Snippet, report: SnippetReport?, solutions: [String: Chapter.Snippet], reports: [Int: SnippetReport],
    gathered: Set<String>, ids: IDRegistry
  ) -> HTML {
    if snippet.isHidden { return "" }
    let status = report?.status ?? .notRun
    let code = SwiftHighlighter.html(for: snippet.code)
    let problems = findings(for: snippet)
    switch snippet.kind {
    case .exerciseStarter(let id):
      let anchor = ids.claim("exercise-" + IDRegistry.slug(id))
      // The starter is not correct code: it is badged as a starter, and
      // what it prints is shown as its symptom, never as "Verified".
      var symptom: HTML = ""
      if let output = snippet.output {
        symptom = "<p class=\"exercise-label\">What the starter prints</p>"
          + renderOutput(output.content, snippet: snippet, report: report, starter: true)
      } else if status == .passed {
        symptom = "<p class=\"exercise-label\">What the starter prints</p><p class=\"exercise-note\">Nothing.</p>"
      }
      var expected: HTML = ""
      var solutionMarkup: HTML = ""
      if let solution = solutions[id] {
        if let output = solution.output {
          expected = "<p class=\"exercise-label\">Expected output</p>"
            + renderOutput(output.content, snippet: solution, report: reports[solution.index])
        }
        if gathered.contains(id) {
          solutionMarkup = HTML(raw: ExerciseHintsMove.slot(id))
            + solutionDetails(solution, id: id, report: reports[solution.index])
        }
      }
      let command = config.exerciseCommand.replacingOccurrences(of: "{id}", with: id)
        .replacingOccurrences(of: "{chapter}", with: String(chapter.fileName.dropLast(3)))
      return """
        <section class="exercise" id="\(anchor)" aria-label="Exercise \(id)">\
        <p class="exercise-head"><span class="exercise-tag">Exercise</span> <code>\(id)</code></p>\
        <p class="exercise-label">Starter code</p>\
        \(CodeMarkup.block(code, language: "swift", status: starterBadge(status), problems: problems))\
        \(symptom)\
        \(expected)\
        \(solutionMarkup)\
        <p class="exercise-label">Open it in your terminal</p>\
        \(CodeMarkup.block(HTML("\(command)"), language: "sh"))\
        </section>
        """
    case .exerciseSolution(let id):
      return solutionDetails(snippet, id: id, report: report)
    default:
      let badge = snippet.output == nil || !problems.isEmpty ? statusBadge(status, kind: snippet.kind) : nil
      return CodeMarkup.block(code, language: "swift", status: badge, problems: snippet.output == nil ? problems : [])
    }
  }

  private func solutionDetails(_ snippet: Chapter.Snippet, id: String, report: SnippetReport?) -> HTML {
    let status = report?.status ?? .notRun
    let code = SwiftHighlighter.html(for: snippet.code)
    return """
      <details class="solution"><summary>Solution to <code>\(id)</code></summary>\
      \(CodeMarkup.block(code, language: "swift", status: statusBadge(status, kind: snippet.kind), problems: findings(for: snippet)))\
      </details>
      """
  }

  /// A starter's badge: "Starter" while it is what verify expects (it
  /// compiles, and prints its recorded symptom), else the failure.
  private func starterBadge(_ status: SnippetReport.Status) -> HTML? {
    guard status == .passed else { return statusBadge(status, kind: .exerciseStarter(id: "")) }
    return "<span class=\"badge status-starter\">Starter: has the bug</span>"
  }

  private func renderOutput(_ content: String, snippet: Chapter.Snippet, report: SnippetReport?, starter: Bool = false) -> HTML {
    let status = report?.status ?? .notRun
    let diagrams = report?.diagrams ?? []
    var body: [HTML] = []
    for piece in OutputPiece.split(content, diagrams: diagrams) {
      switch piece {
      case .text(let text):
        body.append("<pre class=\"out\" tabindex=\"0\">\(text)</pre>")
      case .diagram(let index, let text):
        body.append(DiagramMarkup.figure(diagrams[index], text: text))
      }
    }
    // A starter's findings are listed under its code.
    let problems = starter ? [] : findings(for: snippet)
    let css = starter && status == .passed ? "status-starter" : Self.statusClass(status, kind: snippet.kind)
    let badge: HTML = starter && status == .passed
      ? "<span class=\"badge status-starter\">The starter&#8217;s output: the symptom</span>"
      : statusBadge(status, kind: snippet.kind, output: true) ?? ""
    return """
      <div class="output \(css)">\
      <p class="output-head">\(badge)</p>\
      \(body)\(CodeMarkup.problems(problems))</div>
      """
  }

  /// The error findings about a snippet (the Evaluator attached them with its verdict).
  private func findings(for snippet: Chapter.Snippet) -> [Finding] {
    report.findings.filter { $0.severity == .error && $0.snippet == snippet.index }
  }

  static func statusClass(_ status: SnippetReport.Status, kind: Chapter.Snippet.Kind) -> String {
    switch (status, kind) {
    case (.passed, .noRun): return "status-unchecked"
    case (.passed, _): return "status-passed"
    case (.mismatch, _), (.compileError, _), (.trap, _), (.timeout, _): return "status-failed"
    case (.notRun, _): return "status-not-run"
    case (.ignored, _): return "status-unchecked"
    }
  }

  private func statusBadge(_ status: SnippetReport.Status, kind: Chapter.Snippet.Kind, output: Bool = false) -> HTML? {
    let label: String
    switch (status, kind) {
    case (.passed, .noRun), (.ignored, _): label = output ? "Output not checked" : "Not run"
    case (.passed, .compileFail): label = output ? "Verified compiler errors" : "Fails to compile, as expected"
    case (.passed, _): label = output ? "Verified output" : "Verified"
    case (.mismatch, _), (.compileError, _), (.trap, _), (.timeout, _): label = "Failed verification"
    case (.notRun, _): label = "Not verified: did not run"
    }
    let css = Self.statusClass(status, kind: kind)
    return "<span class=\"badge \(css)\">\(label)</span>"
  }

  // MARK: - Links, summary, lead

  /// `02-fade.md#x` becomes `02-fade.html#x` when it is a chapter.
  private func rewrite(_ url: String) -> String {
    guard !url.contains(":"), !url.hasPrefix("/") else { return url }
    let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    var file = String(parts[0])
    if file.hasPrefix("./") { file.removeFirst(2) }
    guard let page = pages[file] else { return url }
    return Navigation.href(page, fragment: parts.count > 1 ? String(parts[1]) : nil)
  }

  static func firstSentence(_ text: String) -> String {
    var sentence = ""
    for word in text.split(separator: " ") {
      sentence += sentence.isEmpty ? String(word) : " " + word
      if word.hasSuffix(".") || word.hasSuffix("!") || word.hasSuffix("?") { break }
      if sentence.count > 240 { sentence += "…"; break }
    }
    return sentence
  }

}

/// Mutable state the hooks share while a chapter renders.
final class RenderState {
  var headings: [PageHeading] = []
  /// Where the rendering is with respect to the lead.
  var lead: LeadPlace = .beforeTitle

  enum LeadPlace { case beforeTitle, inLead, after }
}

/// The lead (the prose between the title and the next heading, without its
/// code blocks, for the index page) is cut out of the chapter's own
/// rendering: markers (holding U+001E, which chapters do not use) mark
/// where it starts and ends and where each code block's markup is.
enum LeadMarkers {
  static let begin = "\u{1E}lead-begin\u{1E}"
  static let end = "\u{1E}lead-end\u{1E}"
  static let codeBegin = "\u{1E}code-begin\u{1E}"
  static let codeEnd = "\u{1E}code-end\u{1E}"

  /// A code block's markup, marked (nothing stays nothing).
  static func code(_ markup: String) -> String {
    markup.isEmpty ? markup : codeBegin + markup + codeEnd
  }

  /// The lead's HTML: what stands between the markers, code blocks (and
  /// the line break cmark puts after each) left out.
  static func lead(in html: String) -> String {
    guard let start = html.range(of: begin) else { return "" }
    let stop = html.range(of: end, range: start.upperBound..<html.endIndex)?.lowerBound ?? html.endIndex
    var lead = Substring(html[start.upperBound..<stop])
    if lead.first == "\n" { lead = lead.dropFirst() }
    var out = ""
    while let code = lead.range(of: codeBegin) {
      out += lead[..<code.lowerBound]
      guard let close = lead.range(of: codeEnd, range: code.upperBound..<lead.endIndex) else {
        lead = lead[lead.endIndex...]
        break
      }
      lead = lead[close.upperBound...]
      if lead.first == "\n" { lead = lead.dropFirst() }
    }
    out += lead
    return out
  }

  /// The page's HTML without the markers.
  static func remove(from html: String) -> String {
    var bytes = Array(html.utf8)
    for marker in [begin, end, codeBegin, codeEnd] { bytes = PageBytes.removingAll(Array(marker.utf8), from: bytes) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Unique `id`s on one page.
final class IDRegistry {
  private var used: Set<String> = []

  func claim(_ base: String) -> String {
    let base = base.isEmpty ? "section" : base
    var id = base
    var n = 1
    while used.contains(id) {
      id = "\(base)-\(n)"
      n += 1
    }
    used.insert(id)
    return id
  }

  /// GitHub-style: lowercase letters, digits, `-` and `_`; spaces become `-`.
  static func slug(_ text: String) -> String {
    var out = ""
    for c in text.lowercased() {
      if c.isLetter || c.isNumber || c == "-" || c == "_" {
        out.append(c)
      } else if c == " " {
        out.append("-")
      }
    }
    return out
  }
}

enum ChapterLoaderWords {
  /// The first word of an info string.
  static func first(_ info: String) -> String? {
    info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first.map(String.init)
  }
}

/// Code blocks: a head with the language, a status and a copy button.
enum CodeMarkup {
  static func block(_ code: HTML, language: String?, status: HTML? = nil, problems: [Finding] = []) -> HTML {
    let lang = language ?? "text"
    let label = lang == "swift" ? "Swift" : lang == "sh" ? "Terminal" : lang
    return """
      <div class="code"><p class="code-head"><span class="lang">\(label)</span>\(status ?? "")\
      <button type="button" class="copy" hidden aria-label="Copy code">Copy</button></p>\
      <pre tabindex="0"><code class="language-\(lang)">\(code)</code></pre>\(Self.problems(problems))</div>
      """
  }

  static func problems(_ findings: [Finding]) -> HTML {
    guard !findings.isEmpty else { return "" }
    let items: [HTML] = findings.map { f in
      let place = f.line.map { "line \($0): " } ?? ""
      let details = f.details.isEmpty ? "" : "\n" + f.details.joined(separator: "\n")
      return "<li><pre>\(place + f.message + details)</pre></li>"
    }
    return "<ul class=\"problems\" aria-label=\"Verification failures\">\(items)</ul>"
  }
}

/// A diagram: its text, always; with JavaScript, a player over its frames.
enum DiagramMarkup {
  static func figure(_ diagram: Diagram, text: String) -> HTML {
    let kind = IDRegistry.slug(diagram.kind)
    let textMarkup = Self.text(text, diagram: diagram)
    guard let frames = diagram.playable else {
      return "<figure class=\"diagram diagram-\(kind)\">\(textMarkup)</figure>"
    }
    let width = diagramNumber(frames.width), height = diagramNumber(frames.height)
    let controls: HTML = frames.count > 1 ? """
      <div class="controls">\
      <button type="button" data-step="-1" aria-label="Previous frame">&#9664;&#9664;</button>\
      <button type="button" data-play aria-label="Play">&#9654;</button>\
      <button type="button" data-step="1" aria-label="Next frame">&#9654;&#9654;</button>\
      <input type="range" min="0" max="\(frames.count - 1)" value="0" step="1" aria-label="Frame">\
      <output aria-live="polite">1 / \(frames.count)</output>\
      </div>
      """ : ""
    return """
      <figure class="diagram diagram-\(kind)">\
      <div class="player" role="group" aria-label="Diagram player">\
      <svg class="stage" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img" aria-label="The screen, frame by frame"></svg>\
      \(controls)</div>\
      \(textMarkup)\
      <script type="application/json" class="frames">\(HTML(raw: diagram.scriptSafeFramesJSON))</script>\
      </figure>
      """
  }

  /// The diagram's text: a filmstrip as one `<pre>` per frame, which wrap
  /// to the page's width, and its key under them; anything else as it is.
  static func text(_ text: String, diagram: Diagram) -> HTML {
    guard let filmstrip = FilmstripPanels(diagram) else {
      return "<pre class=\"out\" tabindex=\"0\">\(text)</pre>"
    }
    let panels: [HTML] = filmstrip.panels.map { "<pre class=\"out panel\">\($0.joined(separator: "\n"))</pre>" }
    let key: HTML = filmstrip.key.isEmpty ? "" : "<pre class=\"out key\">\(filmstrip.key.joined(separator: "\n"))</pre>"
    return "<div class=\"panels\" tabindex=\"0\" role=\"group\" aria-label=\"Frames\">\(panels)</div>\(key)"
  }

  static func diagramNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

/// Moves an exercise's hints, wherever they stand in its section, to just
/// before its solution: cmark renders them in place between two markers,
/// and the exercise leaves a slot where they go. Markers hold U+001E, a control
/// character chapters do not use.
enum ExerciseHintsMove {
  static func begin(_ id: String) -> String { "\u{1E}hints-begin:\(id)\u{1E}" }
  static func end(_ id: String) -> String { "\u{1E}hints-end:\(id)\u{1E}" }
  static func slot(_ id: String) -> String { "\u{1E}hints-slot:\(id)\u{1E}" }

  /// Moves each exercise's hints into its slot; every marker is removed.
  /// (On the page's bytes: see `PageBytes`.)
  static func apply(to html: String, ids: [String]) -> String {
    var bytes = Array(html.utf8)
    for id in ids {
      let b = Array(begin(id).utf8), e = Array(end(id).utf8), s = Array(slot(id).utf8)
      guard let start = PageBytes.find(b, in: bytes, from: 0), let stop = PageBytes.find(e, in: bytes, from: start + b.count)
      else { continue }
      let hints = Array(bytes[(start + b.count)..<stop])
      bytes.removeSubrange(start..<(stop + e.count))
      if let slot = PageBytes.find(s, in: bytes, from: 0) {
        bytes.replaceSubrange(slot..<(slot + s.count), with: hints)
      } else {
        bytes.insert(contentsOf: hints, at: start)
      }
    }
    // Slots without hints, and markers of hints that were not moved.
    for id in ids {
      for marker in [begin(id), end(id), slot(id)] {
        bytes = PageBytes.removingAll(Array(marker.utf8), from: bytes)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Searching a page's UTF-8 bytes for the renderer's ASCII markers: a page
/// carries its films' frame data and runs to hundreds of kilobytes, and
/// Foundation's `range(of:)` and `replacingOccurrences` convert the whole
/// string to UTF-16 on every call.
enum PageBytes {
  /// Where `needle` first occurs in `bytes` at or after `from`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = from
    while i <= bytes.count - needle.count {
      if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  /// `bytes` without any occurrence of `needle`.
  static func removingAll(_ needle: [UInt8], from bytes: [UInt8]) -> [UInt8] {
    guard var next = find(needle, in: bytes, from: 0) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var copied = 0
    while true {
      out.append(contentsOf: bytes[copied..<next])
      copied = next + needle.count
      guard let found = find(needle, in: bytes, from: copied) else { break }
      next = found
    }
    out.append(contentsOf: bytes[copied...])
    return out
  }
}
