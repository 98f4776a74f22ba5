// SwiftCommentsAndStrings: where a snippet's comments and string literals
// are, by swift-syntax's parser, so that the loader can tell Markdown an
// author forgot to fence off from Markdown that is part of the code (a
// DocC comment's `#### Discussion`, a string holding a fenced example),
// and which line comments a snippet has (its `// Prints` comments).
import SwiftParser
import SwiftSyntax

/// A snippet parsed once, answering whether a position is inside a
/// comment or a string literal.
struct SwiftCommentsAndStrings {
  /// The snippet's syntax tree (`ListingConventions` reads its tokens).
  let tree: SourceFileSyntax

  init(_ code: String) {
    tree = Parser.parse(source: code)
  }

  /// Whether the byte at `utf8Offset` is part of a comment (line, block,
  /// doc; nested block comments too) or of a string literal's text.
  func isInsideCommentOrString(utf8Offset: Int) -> Bool {
    let position = AbsolutePosition(utf8Offset: utf8Offset)
    guard let token = tree.token(at: position) else { return false }
    if position >= token.positionAfterSkippingLeadingTrivia {
      if position < token.endPositionBeforeTrailingTrivia {
        return token.parent?.is(StringSegmentSyntax.self) == true
          || token.parent?.is(StringLiteralExprSyntax.self) == true
      }
      return Self.isComment(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia, at: position)
    }
    return Self.isComment(token.leadingTrivia, from: token.position, at: position)
  }

  /// The line comments (`// …`; not doc comments, `/// …`), in order,
  /// each with the UTF-8 offset of its `//` and its text (from `//` to
  /// the end of its line).
  func lineComments() -> [(utf8Offset: Int, text: String)] {
    var comments: [(utf8Offset: Int, text: String)] = []
    func collect(_ trivia: Trivia, from start: AbsolutePosition) {
      var offset = start
      for piece in trivia {
        if case .lineComment(let text) = piece { comments.append((offset.utf8Offset, text)) }
        offset += piece.sourceLength
      }
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
      collect(token.leadingTrivia, from: token.position)
      collect(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
    }
    return comments
  }

  /// The line comments alone on their lines (nothing but spaces and tabs
  /// before the `//`), by the 0-based line of `code` (the code parsed)
  /// each is on. One pass over the code, however many lines it has.
  func lineCommentsAloneOnTheirLines(in code: String) -> [Int: (utf8Offset: Int, text: String)] {
    let bytes = Array(code.utf8)
    var alone: [Int: (utf8Offset: Int, text: String)] = [:]
    var line = 0, lineStart = 0, cursor = 0
    for comment in lineComments() {
      while cursor < comment.utf8Offset {
        if bytes[cursor] == 0x0A {
          line += 1
          lineStart = cursor + 1
        }
        cursor += 1
      }
      if bytes[lineStart..<comment.utf8Offset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { alone[line] = comment }
    }
    return alone
  }

  private static func isComment(_ trivia: Trivia, from start: AbsolutePosition, at position: AbsolutePosition) -> Bool {
    var offset = start
    for piece in trivia {
      let end = offset + piece.sourceLength
      if position >= offset && position < end {
        switch piece {
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
        default: return false
        }
      }
      offset = end
    }
    return false
  }
}
