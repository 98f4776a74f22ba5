// ListingConventions: how The Swift Programming Language marks a listing
// that must not compile, and a listing that is not a whole program:
//
//     ("blue", false) < ("purple", true)  // Error: Can't use < to compare Boolean values.
//
//     func someFunction() {
//         ...
//     }
//
// A plain `swift` snippet without an output block whose code has
// `// Error` comments is checked as `compile-fail`, at the lines they mark;
// a fragment (an elision, a placeholder, a bare signature) is not compiled
// and is reported as not runnable, with the reason.
import SwiftParser
import SwiftSyntax

/// Reads the `// Error` comments and the fragments of a chapter's snippets.
enum ListingConventions {
  /// Applies both conventions to each plain `swift` snippet that is shown
  /// and has no output block: a snippet with `// Error` comments becomes
  /// `compile-fail` with the lines they mark (`errorLines`), a fragment
  /// becomes `ignore` with its reason (`notRunnableReason`). Snippets with
  /// an attribute or an output block keep the rules they chose.
  static func attach(to chapter: inout Chapter) {
    for index in chapter.snippets.indices {
      let snippet = chapter.snippets[index]
      guard snippet.kind == .run, !snippet.isHidden, snippet.output == nil else { continue }
      let parsed = SwiftCommentsAndStrings(snippet.code)
      let marked = errorLines(in: snippet.code, comments: parsed.lineComments())
      if !marked.isEmpty {
        chapter.snippets[index].kind = .compileFail
        chapter.snippets[index].errorLines = marked.map { snippet.firstCodeLine + $0 }
      } else if let reason = fragmentReason(parsed, firstLine: snippet.firstCodeLine) {
        chapter.snippets[index].kind = .ignore
        chapter.snippets[index].notRunnableReason = reason
      }
    }
  }

  /// The bad input of a snippet inside a block quote (`>`), in a chapter
  /// that is not one of listings.
  static let quotedSnippetProblem = "Snippets inside block quotes are not supported; move the snippet out of the '>' block"

  /// In a chapter of listings (`Chapter.isListings`), a plain snippet
  /// inside a block quote (The Swift Programming Language quotes one in a
  /// note) is not bad input: it is shown, not runnable, with the reason,
  /// and the chapter runs. Elsewhere it stays bad input.
  static func showQuotedSnippets(in chapter: inout Chapter) {
    guard chapter.isListings else { return }
    for index in chapter.snippets.indices {
      let snippet = chapter.snippets[index]
      guard snippet.kind == .run || snippet.kind == .compileFail || snippet.kind == .ignore, !snippet.isHidden,
        let problem = chapter.problems.firstIndex(where: {
          $0.kind == .badInput && $0.line == snippet.fenceLine && $0.message == quotedSnippetProblem
        })
      else { continue }
      // Its only problem: anything else wrong with it stays bad input.
      guard !chapter.problems.contains(where: {
        $0.severity == .error && $0.line == snippet.fenceLine && $0.message != quotedSnippetProblem
      }) else { continue }
      chapter.problems.remove(at: problem)
      chapter.snippets[index].kind = .ignore
      chapter.snippets[index].errorLines = []
      chapter.snippets[index].printsComments = []
      chapter.snippets[index].outputComments = []
      chapter.snippets[index].notRunnableReason = "line \(snippet.fenceLine) is inside a block quote ('>'): quoted, shown only"
    }
  }

  /// Whether a line comment is an `// Error` comment: `// Error` alone or
  /// followed by `:` (and what the error is).
  static func isErrorComment(_ text: String) -> Bool {
    text == "// Error" || text.hasPrefix("// Error:") || text.hasPrefix("// Error ")
  }

  /// The lines (0-based, in the code) that `// Error` comments mark: a
  /// comment after code marks its own line; a comment alone on its line
  /// marks the next line that holds code (blank lines and comment lines
  /// skipped), or the last one before it when none follows (the comment
  /// closes the listing). In order, each once.
  static func errorLines(in code: String, comments: [(utf8Offset: Int, text: String)]) -> [Int] {
    let errorComments = comments.filter { isErrorComment($0.text) }
    guard !errorComments.isEmpty else { return [] }
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    var lineStarts: [Int] = []
    var offset = 0
    for line in lines {
      lineStarts.append(offset)
      offset += line.utf8.count + 1
    }
    func isCode(_ line: Substring) -> Bool {
      let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
    var marked: [Int] = []
    for comment in errorComments {
      let line = (lineStarts.lastIndex { $0 <= comment.utf8Offset }) ?? 0
      let before = lines[line].utf8.prefix(comment.utf8Offset - lineStarts[line])
      let target = before.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        ? lines.indices.dropFirst(line + 1).first { isCode(lines[$0]) }
          ?? lines.indices.prefix(line).last { isCode(lines[$0]) }
        : line
      if let target, !marked.contains(target) { marked.append(target) }
    }
    return marked.sorted()
  }

  /// Why a snippet is a fragment, or nil when it is not one. A fragment:
  ///
  /// - holds an editor placeholder (`<#name#>`), as a grammar-like excerpt does;
  /// - holds `...` as code with nothing before or after it on its line
  ///   but a bracket or a comma (`{ ... }`, a line that is `...`): code left out;
  /// - does not parse, and a comment there starts with `...` (`let result = // ... networking code`);
  /// - declares a function, initializer or subscript without a body,
  ///   outside a protocol (a bare signature).
  ///
  /// The reason names the Markdown line (`firstLine`: the code's first).
  static func fragmentReason(_ parsed: SwiftCommentsAndStrings, firstLine: Int) -> String? {
    let tree = parsed.tree
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    func line(_ node: some SyntaxProtocol) -> Int {
      firstLine - 1 + node.startLocation(converter: converter).line
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
      if token.text.hasPrefix("<#") {
        return "line \(line(token)) is a placeholder (\(token.text))"
      }
      if token.text == "...", isElision(token) {
        return "line \(line(token)) leaves code out ('...')"
      }
    }
    if tree.hasError, let elision = parsed.lineComments().first(where: { comment in
      comment.text.dropFirst(2).trimmingPrefix(while: { $0 == " " }).hasPrefix("...")
    }) {
      let location = converter.location(for: AbsolutePosition(utf8Offset: elision.utf8Offset))
      return "line \(firstLine - 1 + location.line) leaves code out ('\(elision.text)') and the listing does not parse"
    }
    if let bare = BodylessDeclarations.find(in: tree).first {
      return "line \(line(bare.node)) declares \(bare.kind) without a body"
    }
    return nil
  }

  /// Whether a `...` token stands for code left out: nothing but an
  /// opening bracket, a comma or the line's start before it, and nothing but
  /// a closing bracket, a comma or the line's end after it (`1...5`,
  /// `...5`, `names[2...]` and `Int...` are code).
  private static func isElision(_ token: TokenSyntax) -> Bool {
    let opens: Set<String> = ["{", "(", "[", ","]
    let closes: Set<String> = ["}", ")", "]", ","]
    let startsLine = token.leadingTrivia.contains(where: \.isNewline)
      || token.previousToken(viewMode: .sourceAccurate).map { opens.contains($0.text) || $0.trailingTrivia.contains(where: \.isNewline) } ?? true
    guard startsLine else { return false }
    guard let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind != .endOfFile else { return true }
    return closes.contains(next.text) || token.trailingTrivia.contains(where: \.isNewline)
      || next.leadingTrivia.contains(where: \.isNewline)
  }
}

/// The functions, initializers and subscripts declared without a body
/// outside a protocol (where a requirement has none).
private final class BodylessDeclarations: SyntaxVisitor {
  private var found: [(kind: String, node: Syntax)] = []

  /// Each, in order, with what it is ("a function").
  static func find(in tree: SourceFileSyntax) -> [(kind: String, node: Syntax)] {
    let visitor = BodylessDeclarations(viewMode: .sourceAccurate)
    visitor.walk(tree)
    return visitor.found
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.body == nil { found.append(("a function", Syntax(node))) }
    return .visitChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.body == nil { found.append(("an initializer", Syntax(node))) }
    return .visitChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.accessorBlock == nil { found.append(("a subscript", Syntax(node))) }
    return .visitChildren
  }
}
