// MarkdownHTML: Markdown to HTML with cmark-gfm's own renderer and the GFM
// extensions, where the caller may replace code blocks, wrap headings, turn a
// labelled list ("Hints" and a list) into markup of its own and rewrite
// link destinations. Raw HTML in the Markdown is shown as text unless the
// caller allows it. No cmark type appears in this file's public API.
import CCmarkGFM
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Markup for a list introduced by a one-line label paragraph ("Hints").
public struct LabelledListMarkup: Sendable {
  /// Replaces the label paragraph and opens the list.
  public var open: String
  /// Opens item `n` (from 0); the item's own HTML follows.
  public var itemOpen: @Sendable (_ n: Int, _ count: Int) -> String
  public var itemClose: String
  public var close: String

  public init(open: String, itemOpen: @escaping @Sendable (Int, Int) -> String, itemClose: String, close: String) {
    self.open = open
    self.itemOpen = itemOpen
    self.itemClose = itemClose
    self.close = close
  }
}

/// What the caller changes in cmark-gfm's HTML.
public struct MarkdownHTMLHooks {
  /// The HTML that replaces a fenced or indented code block; nil keeps
  /// cmark's `<pre><code>`.
  public var codeBlock: (MarkdownCodeBlock) -> String? = { _ in nil }
  /// The opening and closing tags around a heading's inline HTML; nil keeps
  /// cmark's `<hN>`.
  public var heading: (MarkdownHeading) -> (open: String, close: String)? = { _ in nil }
  /// Markup for a list that follows a paragraph reading `label` (its text
  /// without emphasis and a final colon); nil leaves both alone.
  public var labelledList: (_ label: String, _ position: SourcePosition) -> LabelledListMarkup? = { _, _ in nil }
  /// Rewrites link and image destinations.
  public var url: (String) -> String = { $0 }
  /// Whether the paragraph on these lines is left out of the page (and of
  /// the search text): a DocC directive that says nothing to the reader.
  public var hidesParagraph: (ClosedRange<Int>) -> Bool = { _ in false }
  /// The text of an autolink (`<doc:Closures>`, whose text is its URL),
  /// given its URL as written; nil keeps the URL as the text.
  public var autolinkText: (String) -> String? = { _ in nil }

  public init() {}
}

/// A part of a document that starts at a heading (or at the top), as plain
/// text: for a search index.
public struct MarkdownSection: Hashable, Sendable {
  /// The heading that starts the section; nil for text before the first.
  public var heading: MarkdownHeading?
  /// The section's text: prose, and code blocks unless a hook replaced
  /// them by nothing, words separated by single spaces.
  public var text: String
}

/// One top-level block of a rendered document, with what it was: callers
/// compose a page from blocks (moving or leaving some out) instead of
/// cutting the page's HTML at markers, which text could forge.
public struct MarkdownBlockHTML: Sendable {
  /// What a top-level block was in the Markdown.
  public enum Kind: Hashable, Sendable {
    case heading(level: Int, line: Int)
    /// A fenced or indented code block (replaced or not by the hook).
    case codeBlock(line: Int)
    /// A labelled list the hook turned into markup; `line` is the label's.
    case labelledList(line: Int)
    /// Any other block: paragraph, list, quote, table, rule, HTML.
    case other
  }

  public var kind: Kind
  /// The block's HTML, ending in a newline (empty for a block a hook
  /// replaced by nothing).
  public var html: String
}

/// A document rendered to HTML.
public struct MarkdownHTML: Sendable {
  /// The document's top-level blocks, in order.
  public var blocks: [MarkdownBlockHTML]
  public var sections: [MarkdownSection]

  /// The whole document's HTML: its blocks, one after another.
  public var html: String { blocks.map(\.html).joined() }

  /// Renders Markdown (GitHub Flavored: tables, strikethrough, autolinks,
  /// task lists, the tag filter) to HTML.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 Markdown.
  ///   - allowRawHTML: Pass raw HTML through (with GFM's tag filter); when
  ///     false it is shown as text.
  ///   - hooks: Replacements for code blocks, headings, labelled lists, URLs.
  /// - Returns: The HTML; Markdown nested deeper than
  ///   `MarkdownDocument.maximumNesting` is shown as one paragraph of its text.
  public static func render(bytes: [UInt8], allowRawHTML: Bool = false, hooks: MarkdownHTMLHooks = .init()) -> MarkdownHTML {
    guard let tree = CmarkParser.parseOrText(bytes), let root = tree.take() else { return MarkdownHTML(blocks: [], sections: []) }
    return CmarkHTMLRenderer.render(root, of: tree, allowRawHTML: allowRawHTML, hooks: hooks)
  }

  /// Renders a parsed document (see `render(bytes:allowRawHTML:hooks:)`)
  /// from the tree its parse kept, without parsing it again. Rendering
  /// rewrites the tree, so only the first rendering of a document uses it;
  /// a second one parses the document's bytes again.
  public static func render(_ document: MarkdownDocument, allowRawHTML: Bool = false, hooks: MarkdownHTMLHooks = .init()) -> MarkdownHTML {
    guard let tree = document.tree, let root = tree.take() else {
      return render(bytes: document.bytes, allowRawHTML: allowRawHTML, hooks: hooks)
    }
    return CmarkHTMLRenderer.render(root, of: tree, allowRawHTML: allowRawHTML, hooks: hooks)
  }

  /// Whether a link's URL runs code when followed (`javascript:`,
  /// `vbscript:`, `data:` other than images; case, spaces and control
  /// characters inside the scheme ignored, as browsers do).
  public static func isScriptURL(_ url: String) -> Bool {
    let visible = url.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }
    guard let colon = visible.firstIndex(of: ":") else { return false }
    let scheme = String(String.UnicodeScalarView(visible[..<colon])).lowercased()
    if scheme == "javascript" || scheme == "vbscript" { return true }
    if scheme == "data" {
      let type = String(String.UnicodeScalarView(visible[visible.index(after: colon)...])).lowercased()
      return !["image/png", "image/gif", "image/jpeg", "image/webp"].contains { type.hasPrefix($0) }
    }
    return false
  }

}

enum CmarkHTMLRenderer {
  /// Rewrites and renders `root`, taken from `tree` (which still frees it).
  static func render(_ root: OpaquePointer, of tree: CmarkTree, allowRawHTML: Bool, hooks: MarkdownHTMLHooks) -> MarkdownHTML {
    let options = CMARK_OPT_DEFAULT | (allowRawHTML ? CMARK_OPT_UNSAFE : 0)
    var rewriter = Rewriter(hooks: hooks, allowRawHTML: allowRawHTML)
    rewriter.visit(root)
    rewriter.finishSection()

    // Each top-level block is rendered on its own and keeps its kind.
    let extensions = cmark_parser_get_syntax_extensions(tree.parser)
    var blocks: [MarkdownBlockHTML] = []
    var child = cmark_node_first_child(root)
    while let node = child {
      child = cmark_node_next(node)
      guard let rendered = cmark_render_html(node, options, extensions) else { continue }
      defer { free(rendered) }
      var html = String(cString: rendered)
      if !html.isEmpty, !html.hasSuffix("\n") { html += "\n" }
      blocks.append(MarkdownBlockHTML(kind: rewriter.kinds[node] ?? .other, html: html))
    }
    return MarkdownHTML(blocks: blocks, sections: rewriter.sections)
  }

  /// Text without C0 control characters (tab, line feed and carriage
  /// return stay) and DEL: they have no place in a page.
  static func withoutControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: text.unicodeScalars.lazy.filter { !isControl($0) })
    return String(out)
  }

  static func isControl(_ c: Unicode.Scalar) -> Bool {
    (c.value < 0x20 && c != "\t" && c != "\n" && c != "\r") || c.value == 0x7F
  }

  /// Rewrites the tree in place (children are collected before changes).
  struct Rewriter {
    let hooks: MarkdownHTMLHooks
    let allowRawHTML: Bool
    var sections: [MarkdownSection] = []
    var currentHeading: MarkdownHeading? = nil
    /// Whether the nodes being visited are a heading's inlines (its text
    /// is the section's heading, not the section's text).
    var inHeading = false
    var buffer = ""
    /// What each node that ends up at the top level was (nodes the hooks
    /// replaced are recorded under their replacement).
    var kinds: [OpaquePointer: MarkdownBlockHTML.Kind] = [:]

    init(hooks: MarkdownHTMLHooks, allowRawHTML: Bool) {
      self.hooks = hooks
      self.allowRawHTML = allowRawHTML
    }

    mutating func finishSection() {
      let text = buffer.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        .joined(separator: " ")
      if currentHeading != nil || !text.isEmpty {
        sections.append(MarkdownSection(heading: currentHeading, text: text))
      }
      buffer = ""
    }

    mutating func addText(_ text: String) {
      buffer += text
    }

    mutating func visit(_ node: OpaquePointer) {
      var children: [OpaquePointer] = []
      var child = cmark_node_first_child(node)
      while let c = child {
        children.append(c)
        child = cmark_node_next(c)
      }
      var i = 0
      while i < children.count {
        let c = children[i]
        if i + 1 < children.count, handleLabelledList(label: c, list: children[i + 1]) {
          i += 2
          continue
        }
        handle(c)
        i += 1
      }
    }

    private func position(_ node: OpaquePointer) -> SourcePosition {
      SourcePosition(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
    }

    mutating func handle(_ node: OpaquePointer) {
      switch cmark_node_get_type(node) {
      case CMARK_NODE_CODE_BLOCK:
        let block = CmarkParser.codeBlock(node, position: position(node))
        let html = hooks.codeBlock(block)
        // A block replaced by nothing is not shown, so not searched either.
        if html != "" { addText(" " + block.content + " ") }
        let kind = MarkdownBlockHTML.Kind.codeBlock(line: block.position.line)
        if let html, let custom = replace(node, open: html, close: "") {
          kinds[custom] = kind
        } else {
          kinds[node] = kind
        }
      case CMARK_NODE_HEADING:
        finishSection()
        let heading = MarkdownHeading(
          level: Int(cmark_node_get_heading_level(node)), text: CmarkParser.plainText(of: node),
          position: position(node))
        currentHeading = heading
        inHeading = true
        visit(node)
        inHeading = false
        let kind = MarkdownBlockHTML.Kind.heading(level: heading.level, line: heading.position.line)
        kinds[node] = kind
        if let tags = hooks.heading(heading), let custom = replace(node, open: tags.open, close: tags.close) {
          kinds[custom] = kind
          kinds[node] = nil
          // The heading's inlines move into the custom block.
          while let c = cmark_node_first_child(node) {
            cmark_node_unlink(c)
            cmark_node_append_child(custom, c)
          }
          cmark_node_free(node)
          return
        }
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        // Control characters are dropped from prose (the chapter's loader
        // reports them at their lines).
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        let text = CmarkHTMLRenderer.withoutControls(literal)
        if text != literal { cmark_node_set_literal(node, text) }
        if !inHeading { addText(text) }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        addText(" ")
      case CMARK_NODE_HTML_INLINE where !allowRawHTML:
        // Shown as text: cmark escapes text nodes.
        let literal = CmarkHTMLRenderer.withoutControls(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        if let text = cmark_node_new(CMARK_NODE_TEXT) {
          cmark_node_set_literal(text, literal)
          cmark_node_replace(node, text)
          cmark_node_free(node)
          if !inHeading { addText(literal) }
        }
      case CMARK_NODE_HTML_BLOCK where !allowRawHTML:
        let literal = CmarkHTMLRenderer.withoutControls(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        // A block that is one HTML comment is not shown, as GitHub and
        // DocC do not show it (The Swift Programming Language keeps its
        // test copies of listings in them).
        let trimmed = literal.trimmingWhitespace()
        if trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->") && !trimmed.dropFirst(4).dropLast(3).contains("-->") {
          cmark_node_unlink(node)
          cmark_node_free(node)
        } else if let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH), let text = cmark_node_new(CMARK_NODE_TEXT) {
          cmark_node_set_literal(text, String(literal.trimmingWhitespace()))
          cmark_node_append_child(paragraph, text)
          cmark_node_replace(node, paragraph)
          cmark_node_free(node)
          addText(literal)
        }
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        // cmark drops these schemes only in safe mode; with raw HTML
        // allowed (`rawHTML: true`) a Markdown link must still not run a script.
        let rewritten = MarkdownHTML.isScriptURL(url) ? "" : hooks.url(url)
        if rewritten != url { cmark_node_set_url(node, rewritten) }
        if let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
          cmark_node_get_type(child) == CMARK_NODE_TEXT,
          cmark_node_get_literal(child).map({ String(cString: $0) }) == url, let text = hooks.autolinkText(url)
        {
          cmark_node_set_literal(child, text)
        }
        visit(node)
      case CMARK_NODE_PARAGRAPH
      where hooks.hidesParagraph(Int(cmark_node_get_start_line(node))...Int(cmark_node_get_end_line(node))):
        cmark_node_unlink(node)
        cmark_node_free(node)
      case _ where CmarkParser.isBlock(node):
        // Blocks (paragraphs, items, table cells) separate words.
        addText(" ")
        visit(node)
        addText(" ")
      default:
        visit(node)
      }
    }

    /// A paragraph whose text is a label ("Hints", "**Hints:**") followed by
    /// a list: the caller's markup replaces both.
    mutating func handleLabelledList(label: OpaquePointer, list: OpaquePointer) -> Bool {
      // The document's `labelledLists` are found by the same rule.
      guard cmark_node_next(label) == list, let text = CmarkParser.label(of: label),
        let markup = hooks.labelledList(text, position(label))
      else { return false }
      var items: [OpaquePointer] = []
      var item = cmark_node_first_child(list)
      while let i = item {
        items.append(i)
        item = cmark_node_next(i)
      }
      guard let container = replace(label, open: markup.open, close: markup.close) else { return false }
      kinds[container] = .labelledList(line: position(label).line)
      cmark_node_unlink(list)
      for (n, item) in items.enumerated() {
        visit(item)
        guard let wrapper = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
        cmark_node_set_on_enter(wrapper, markup.itemOpen(n, items.count))
        cmark_node_set_on_exit(wrapper, markup.itemClose)
        while let c = cmark_node_first_child(item) {
          cmark_node_unlink(c)
          cmark_node_append_child(wrapper, c)
        }
        cmark_node_append_child(container, wrapper)
      }
      cmark_node_free(list)
      cmark_node_free(label)
      return true
    }

    /// Puts a custom block (raw `open` and `close`) where `node` was; the
    /// caller frees `node` unless it is a leaf replaced outright.
    @discardableResult
    private func replace(_ node: OpaquePointer, open: String, close: String) -> OpaquePointer? {
      guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return nil }
      cmark_node_set_on_enter(custom, open)
      cmark_node_set_on_exit(custom, close)
      cmark_node_insert_before(node, custom)
      cmark_node_unlink(node)
      if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK { cmark_node_free(node) }
      return custom
    }
  }
}
