// ChapterRenderer: one chapter's Markdown to the body of its page. cmark-gfm
// renders the prose (through WorkbookMarkdown); snippets, output blocks,
// exercises and hints are replaced by the site's own markup, built from the
// chapter model and the verify report.
import WorkbookModel
import WorkbookFidelity
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
  /// The HTML of the prose between the title and the first `##` heading.
  var lead: HTML
}

struct ChapterRenderer {
  let chapter: Chapter
  let report: ChapterReport
  /// Chapter file names (`02-fade.md`) to page names (`02-fade.html`).
  let pages: [String: String]
  let config: Book.SiteMetadata
  /// The engine's APIs with ledger rows, linked from the code; nil: no ledger.
  var links: APIUsage? = nil
  /// Each snippet's engine-choice APIs, found once.
  private let choicesMemo = ChoicesMemo()

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
        if case .exerciseStarter(let id) = snippet.kind, !snippet.isHidden {
          let parts = exercise(
            snippet, id: id, report: reports[snippet.index], solutions: solutions, reports: reports,
            gathered: gathered, ids: ids)
          state.exerciseParts[block.position.line] = parts
          return (parts.head + parts.tail).markup
        }
        return render(snippet: snippet, report: reports[snippet.index], solutions: solutions, reports: reports,
                      gathered: gathered, ids: ids).markup
      }
      if let snippet = snippetsByOutput[block.position.line], let output = snippet.output {
        switch snippet.kind {
        case .exerciseSolution, .exerciseStarter: return ""  // shown in the exercise
        default: return renderOutput(output.content, snippet: snippet, report: reports[snippet.index]).markup
        }
      }
      let language = Chapter.infoWords(block.info).first
      return CodeMarkup.block(HTML("\(block.content)"), language: language).markup
    }
    var hooks = MarkdownHTMLHooks()
    hooks.codeBlock = { block in codeBlockMarkup(block) }
    hooks.heading = { heading in
      let id = ids.claim(IDRegistry.slug(heading.text))
      state.headings.append(PageHeading(level: heading.level, text: heading.text, id: id))
      let anchor: HTML = heading.level == 1
        ? "" : "<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section: \(heading.text)\">#</a>"
      return ("<h\(heading.level) id=\"\(HTML.escape(id))\">", "\(anchor)</h\(heading.level)>")
    }
    hooks.labelledList = { label, position in
      guard Exercise.isHintsLabel(label) else { return nil }
      return LabelledListMarkup(
        open: "<div class=\"hints\"><p class=\"hints-label\">\(HTML.escape(label))</p>",
        itemOpen: { n, count in "<details class=\"hint\"><summary>Hint \(n + 1) of \(count)</summary><div class=\"hint-body\">" },
        itemClose: "</div></details>",
        close: "</div>")
    }
    hooks.url = { url in rewrite(url) }
    let silent = chapter.document.map { DocCCatalog.silentDirectiveLines($0.lines) } ?? []
    hooks.hidesParagraph = { lines in silent.contains { $0.contains(lines.lowerBound) && $0.contains(lines.upperBound) } }
    // `<doc:Closures>` reads "Closures", `<doc:Closures#Escaping-Closures>` "Escaping Closures".
    hooks.autolinkText = { url in
      DocCCatalog.docLink(url).map { link in link.fragment?.replacingOccurrences(of: "-", with: " ") ?? link.article }
    }

    // The chapter's one parse is rendered; a chapter that is not UTF-8 has
    // none, and cmark shows its bytes as they are.
    let rendered = chapter.document.map { MarkdownHTML.render($0, allowRawHTML: config.rawHTML, hooks: hooks) }
      ?? MarkdownHTML.render(bytes: chapter.bytes, allowRawHTML: config.rawHTML, hooks: hooks)
    let page = PageComposer.compose(rendered.blocks, hintsOwners: hintsOwners, exercises: state.exerciseParts)
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
    return RenderedChapter(
      body: HTML(raw: page.body), headings: state.headings, sections: sections, lead: HTML(raw: page.lead))
  }

  // MARK: - Snippets

  private func render(
    snippet: Chapter.Snippet, report: SnippetReport?, solutions: [String: Chapter.Snippet], reports: [Int: SnippetReport],
    gathered: Set<String>, ids: IDRegistry
  ) -> HTML {
    if snippet.isHidden { return "" }
    let status = report?.status ?? .notRun
    let code = SwiftHighlighter.html(for: snippet.code, links: links)
    let problems = findings(for: snippet)
    switch snippet.kind {
    case .exerciseStarter(let id):
      let parts = exercise(snippet, id: id, report: report, solutions: solutions, reports: reports, gathered: gathered, ids: ids)
      return parts.head + parts.tail
    case .exerciseSolution(let id):
      return solutionDetails(snippet, id: id, report: report)
    default:
      // A snippet whose `// Prints` comments were checked shows its output
      // as the book wrote it, in the code: the code's badge says so.
      let badge = snippet.output == nil || !problems.isEmpty
        ? statusBadge(status, kind: snippet.kind, output: !snippet.printsComments.isEmpty) : nil
      return CodeMarkup.block(code, language: "swift", status: badge, problems: snippet.output == nil ? problems : [])
    }
  }

  /// An exercise, gathered at its starter: starter, its symptom, the
  /// expected output, then the solution. Its hints go between `head` and
  /// `tail` (`PageComposer` puts them there).
  private func exercise(
    _ snippet: Chapter.Snippet, id: String, report: SnippetReport?, solutions: [String: Chapter.Snippet],
    reports: [Int: SnippetReport], gathered: Set<String>, ids: IDRegistry
  ) -> ExerciseMarkup {
      let status = report?.status ?? .notRun
      let code = SwiftHighlighter.html(for: snippet.code, links: links)
      let problems = findings(for: snippet)
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
          solutionMarkup = solutionDetails(solution, id: id, report: reports[solution.index], starter: snippet.code)
        }
      }
      let command = config.exerciseCommand.replacingOccurrences(of: "{id}", with: id)
        .replacingOccurrences(of: "{chapter}", with: String(chapter.fileName.dropLast(3)))
      // The symptom and the expected output side by side where the page is
      // wide enough for both (the stylesheet decides), one above the other
      // otherwise.
      let outputs: [HTML] = [symptom, expected].filter { !$0.markup.isEmpty }.map { "<div class=\"exercise-output\">\($0)</div>" }
      let compared: HTML = outputs.isEmpty ? "" : "<div class=\"exercise-outputs\">\(outputs)</div>"
      let head: HTML = """
        <section class="exercise" id="\(anchor)" aria-label="Exercise \(id)">\
        <p class="exercise-head"><span class="exercise-tag">Exercise</span> <code>\(id)</code></p>\
        <p class="exercise-label">Starter code</p>\
        \(CodeMarkup.block(code, language: "swift", status: starterBadge(status), problems: problems))\
        \(compared)
        """
      let tail: HTML = """
        \(solutionMarkup)\
        <p class="exercise-label">Open it in your terminal</p>\
        \(CodeMarkup.block(HTML("\(command)"), language: "sh"))\
        </section>
        """
      return ExerciseMarkup(id: id, head: head, tail: tail)
  }

  /// A solution behind a disclosure: with its starter, first what it
  /// changes (removed and added lines with two lines of context), the whole
  /// program one disclosure further; without, the whole program.
  private func solutionDetails(_ snippet: Chapter.Snippet, id: String, report: SnippetReport?, starter: String? = nil) -> HTML {
    let status = report?.status ?? .notRun
    let code = SwiftHighlighter.html(for: snippet.code, links: links)
    let whole = CodeMarkup.block(code, language: "swift", status: statusBadge(status, kind: snippet.kind), problems: findings(for: snippet))
    let changes = starter.map { LineDiff.changes(from: $0, to: snippet.code) } ?? []
    guard !changes.isEmpty else {
      return """
        <details class="solution"><summary>Solution to <code>\(id)</code></summary>\
        \(whole)\
        </details>
        """
    }
    return """
      <details class="solution"><summary>Solution to <code>\(id)</code></summary>\
      <p class="exercise-label">What it changes in the starter</p>\
      \(CodeMarkup.changes(changes))\
      <details class="whole-solution"><summary>The whole program</summary>\(whole)</details>\
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
    let codeChoices = engineChoices(upTo: snippet)
    let choices = { [links] (film: DiagramRecord) in
      links?.filmChoices(code: codeChoices, madeWhileFilming: film.choices) ?? codeChoices
    }
    var body = Self.outputBody(content, diagrams: report?.diagrams ?? [], engineChoices: choices)
    // A knob's slider moves between the runs at its stops (only on a
    // snippet that passed: a failure is shown as it is).
    let knobs = starter || status != .passed ? [] : (self.report.knobs ?? []).filter { $0.snippet == snippet.index }
    if !knobs.isEmpty {
      body = KnobMarkup.panel(knobs, snippet: snippet.index, verified: body) { stop in
        Self.outputBody(stop.output, diagrams: stop.diagrams, engineChoices: choices)
      }
    }
    // A starter's findings are listed under its code.
    let problems = starter ? [] : findings(for: snippet)
    let css = starter && status == .passed ? "status-starter" : Self.statusClass(status, kind: snippet.kind)
    let badge: HTML = starter && status == .passed
      ? "<span class=\"badge status-starter\">The starter&#8217;s output: the symptom</span>"
      : statusBadge(status, kind: snippet.kind, output: true) ?? ""
    // A knob's slider in `workbook serve` runs the snippet by its index.
    let index: HTML = knobs.isEmpty ? "" : " data-snippet=\"\(snippet.index)\""
    return """
      <div class="output \(css)"\(index)>\
      <p class="output-head">\(badge)</p>\
      \(notModelledNote(for: snippet))\(body)\(CodeMarkup.problems(problems))</div>
      """
  }

  /// Over an output: the APIs its snippet used whose effect the engine
  /// does not model, as verify warned of them; "verified" says nothing
  /// of what they do on a device.
  private func notModelledNote(for snippet: Chapter.Snippet) -> HTML {
    let notes = report.findings.filter { $0.kind == .notModelled && $0.snippet == snippet.index }
    guard !notes.isEmpty else { return "" }
    let items: [HTML] = notes.map { "<li>\($0.message)</li>" }
    return """
      <div class="fidelity-note not-modelled"><p><span class="fidelity-mark">Not modelled</span> \
      This output was verified against the engine, which does not model what these calls do on a device \
      (<a href="\(Navigation.href(APIUsage.page))">the fidelity ledger</a>):</p><ul>\(items)</ul></div>
      """
  }

  /// An output's text and the diagrams printed in it; `engineChoices`
  /// gives each film's note.
  static func outputBody(_ content: String, diagrams: [DiagramRecord],
                         engineChoices: (DiagramRecord) -> [APIUsage.Target]) -> HTML {
    var body: [HTML] = []
    for piece in OutputPiece.split(content, diagrams: diagrams) {
      switch piece {
      case .text(let text):
        body.append("<pre class=\"out\" tabindex=\"0\">\(text)</pre>")
      case .diagram(let index, let text):
        body.append(DiagramMarkup.figure(diagrams[index], text: text, engineChoices: engineChoices(diagrams[index])))
      }
    }
    return HTML(raw: body.map(\.markup).joined())
  }

  /// The ledger rows with the engine's choice that the chapter's code up to
  /// `snippet` uses (a film is made by the code before it too); a film's
  /// note keeps those the engine does not report as it makes them.
  private func engineChoices(upTo snippet: Chapter.Snippet) -> [APIUsage.Target] {
    guard let links else { return [] }
    var seen = Set<String>()
    return chapter.snippets.filter { $0.index <= snippet.index }
      .flatMap { earlier in choicesMemo.choices(earlier.index) { links.engineChoices(in: earlier.code) } }
      .filter { seen.insert($0.symbol).inserted }.sorted { $0.symbol < $1.symbol }
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
    case (.ignored, _), (.notRunnable, _): return "status-unchecked"
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
    case (.notRunnable, _): label = "Not runnable: a fragment"
    }
    let css = Self.statusClass(status, kind: kind)
    return "<span class=\"badge \(css)\">\(label)</span>"
  }

  // MARK: - Links

  /// `02-fade.md#x` becomes `02-fade.html#x` when it is a chapter; a DocC
  /// link to an article (`doc:Closures#Escaping-Closures`) becomes its
  /// page's (`Closures.html#escaping-closures`), and one to anything else
  /// (a symbol, a page not in the book) is dropped: its text stays.
  private func rewrite(_ url: String) -> String {
    if let link = DocCCatalog.docLink(url) {
      guard let page = pages[link.article + ".md"] else { return "" }
      return Navigation.href(page, fragment: link.fragment.map(IDRegistry.slug))
    }
    guard !url.contains(":"), !url.hasPrefix("/") else { return url }
    let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    var file = String(parts[0])
    if file.hasPrefix("./") { file.removeFirst(2) }
    guard let page = pages[file] else { return url }
    return Navigation.href(page, fragment: parts.count > 1 ? String(parts[1]) : nil)
  }

}

/// Each snippet's engine-choice APIs, by snippet index, found once per rendering.
private final class ChoicesMemo {
  private var bySnippet: [Int: [APIUsage.Target]] = [:]
  func choices(_ index: Int, _ find: () -> [APIUsage.Target]) -> [APIUsage.Target] {
    if let known = bySnippet[index] { return known }
    let found = find()
    bySnippet[index] = found
    return found
  }
}

/// Mutable state the hooks share while a chapter renders.
final class RenderState {
  var headings: [PageHeading] = []
  /// Gathered exercises, by their starter's fence line.
  var exerciseParts: [Int: ExerciseMarkup] = [:]
}

/// An exercise's markup in two parts; its hints go between them.
struct ExerciseMarkup {
  var id: String
  var head: HTML
  var tail: HTML
}

/// A page's body and lead, composed from the rendered document's top-level
/// blocks. Nothing is cut out of rendered HTML: every decision is made on
/// the blocks' kinds (which the Markdown's structure gave), so no text in a
/// chapter can move or cut markup.
enum PageComposer {
  struct Page {
    var body: String
    /// The prose between the title and the next heading, without its code
    /// blocks (for the index page).
    var lead: String
  }

  /// - Parameters:
  ///   - hintsOwners: The exercise whose hints a labelled list at a line is.
  ///   - exercises: Gathered exercises by their starter's fence line; each
  ///     exercise's hints are moved from where they stand to just before its
  ///     solution.
  static func compose(_ blocks: [MarkdownBlockHTML], hintsOwners: [Int: String], exercises: [Int: ExerciseMarkup]) -> Page {
    // The hints that move: a top-level hints list of an exercise whose
    // starter is a top-level block too (else they stay where they are).
    let placed = Set(blocks.compactMap { block -> String? in
      if case .codeBlock(let line) = block.kind { return exercises[line]?.id }
      return nil
    })
    var hints: [String: String] = [:]
    for block in blocks {
      if case .labelledList(let line) = block.kind, let id = hintsOwners[line], placed.contains(id), hints[id] == nil {
        hints[id] = String(block.html.dropLast())  // without its final line break
      }
    }
    var body = ""
    var lead = ""
    var place = LeadPlace.beforeTitle
    for block in blocks {
      switch block.kind {
      case .heading(let level, _):
        if place == .beforeTitle && level == 1 { place = .inLead } else if place == .inLead { place = .after }
        body += block.html
        continue
      case .labelledList(let line):
        if let id = hintsOwners[line], hints[id] != nil { body += "\n"; continue }  // moved
      case .codeBlock(let line):
        if let exercise = exercises[line], let moved = hints[exercise.id] {
          body += exercise.head.markup + moved + exercise.tail.markup + "\n"
        } else {
          body += block.html
        }
        continue  // never in the lead
      case .other:
        break
      }
      body += block.html
      if place == .inLead { lead += block.html }
    }
    return Page(body: body, lead: lead)
  }

  enum LeadPlace { case beforeTitle, inLead, after }
}

/// Unique `id`s on one page, never one the page's own markup uses: a
/// heading's anchor must not take the element the theme's script or the
/// preview's scripts look up by id.
final class IDRegistry {
  /// The ids the built-in theme's templates give their elements (page.html:
  /// the search field and its results, the contents, the main column;
  /// index.html: its two headings). A heading named like one of them gets
  /// a suffix (`search-1`).
  static let reserved: Set<String> = ["search", "search-results", "toc", "content", "chapters", "run-it-yourself"]
  /// Prefixes of ids the site and the preview make: `workbook-` (every id
  /// `workbook serve` injects, `workbook-run`, `workbook-preview-status`…)
  /// and `knob-` (a knob's slider and its stops, KnobMarkup). A heading's
  /// anchor with one of them starts with `section-` instead.
  static let reservedPrefixes = ["workbook-", "knob-"]

  private var used = IDRegistry.reserved
  /// The next suffix to try for each base (a page of many equal headings
  /// is named in one pass).
  private var nextSuffix: [String: Int] = [:]

  func claim(_ base: String) -> String {
    var base = base.isEmpty ? "section" : base
    if Self.reservedPrefixes.contains(where: { base.hasPrefix($0) }) { base = "section-" + base }
    var id = base
    var n = nextSuffix[base] ?? 1
    while used.contains(id) {
      id = "\(base)-\(n)"
      n += 1
    }
    nextSuffix[base] = n
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

  /// A change between two programs, a line a row: removed lines marked
  /// `-`, added `+`, unchanged context, `⋯` between changes.
  static func changes(_ lines: [LineDiff.Change]) -> HTML {
    let rows: [HTML] = lines.map { line in
      switch line {
      case .same(let text): return "<span class=\"ctx\">  \(SwiftHighlighter.html(for: text))</span>\n"
      case .removed(let text): return "<del class=\"del\">- \(text)</del>\n"
      case .added(let text): return "<ins class=\"add\">+ \(text)</ins>\n"
      case .gap: return "<span class=\"gap\">  ⋯</span>\n"
      }
    }
    return """
      <div class="code diff"><p class="code-head"><span class="lang">Change</span>\
      <span class="diff-key"><del class="del">- starter</del> <ins class="add">+ solution</ins></span></p>\
      <pre tabindex="0"><code class="language-swift">\(rows)</code></pre></div>
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
  static func figure(_ diagram: DiagramRecord, text: String, engineChoices: [APIUsage.Target] = []) -> HTML {
    let kind = IDRegistry.slug(diagram.kind.rawValue)
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
      \(fidelityNote(engineChoices))\
      \(textMarkup)\
      <script type="application/json" class="frames">\(HTML(raw: diagram.scriptSafeFramesJSON))</script>\
      </figure>
      """
  }

  /// Under a film: the engine's choices it shows (Apple is silent), each
  /// linked to its ledger row (`APIUsage.filmChoices`).
  static func fidelityNote(_ choices: [APIUsage.Target]) -> HTML {
    guard !choices.isEmpty else { return "" }
    let names: [HTML] = choices.map {
      "<a href=\"\(Navigation.href(APIUsage.page, fragment: $0.anchor))\"><code>\($0.symbol)</code></a>"
    }
    return """
      <p class="fidelity-note"><span class="fidelity-mark">Engine&#8217;s choice</span> \
      What this film shows rests on what the engine chose where Apple is silent: \
      \(HTML(raw: names.map(\.markup).joined(separator: ", "))).</p>
      """
  }

  /// The diagram's text: a filmstrip as one `<pre>` per frame, which wrap
  /// to the page's width, and its key under them; anything else as it is.
  static func text(_ text: String, diagram: DiagramRecord) -> HTML {
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
