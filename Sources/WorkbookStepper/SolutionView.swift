// SolutionView: an exercise's solution as its change from the starter (the
// lines it removes and adds, with a little context), or as the whole
// program — for `workbook step` (the s key) and `workbook check --solution`.
import WorkbookCore
import WorkbookModel

/// Renders an exercise's solution for the terminal.
///
/// A solution is a whole program that differs from the starter in a line
/// or three, so the change is what is shown first: removed lines marked
/// `-` (red), added lines `+` (green), two lines of context around each
/// change, `⋯` between changes. `full` shows the whole program instead.
public struct SolutionView: Sendable {
  public var style: TerminalStyle
  /// Lines of context around each change.
  public var context: Int

  public init(style: TerminalStyle, context: Int = 2) {
    self.style = style
    self.context = context
  }

  /// The solution as lines of at most `width` columns (long code lines are
  /// cut into pieces between tokens, never re-flowed), under a title line; `otherView`
  /// says how to get the other view (e.g. "s: the whole program").
  public func render(_ exercise: Exercise, full: Bool, width: Int, otherView: String? = nil) -> [String] {
    let changes = Self.changes(exercise, context: context)
    if full || changes.isEmpty {
      let title = style.bold("Solution: the whole program") + (otherView.map { style.dim(" · " + $0) } ?? "")
      return TextWidth.wrap(title, width: width) + code(exercise.solution, width: width)
    }
    let title = style.bold("Solution: its change")
      + " (" + style.red("- starter") + ", " + style.green("+ solution") + ")" + (otherView.map { style.dim(" · " + $0) } ?? "")
    var out = TextWidth.wrap(title, width: width)
    for line in changes {
      switch line {
      case .gap:
        out.append(style.dim("  ⋯"))
      case .same(let text):
        out += pieces(text, width: width).map { margin("    ", SwiftHighlighter(style: style).highlight($0)) }
      case .removed(let text):
        out += pieces(text, width: width).map { style.red(margin("  - ", $0)) }
      case .added(let text):
        out += pieces(text, width: width).map { style.green(margin("  + ", $0)) }
      }
    }
    return out
  }

  /// The change from the starter to the solution (see `LineDiff.changes`).
  public static func changes(_ exercise: Exercise, context: Int = 2) -> [LineDiff.Change] {
    LineDiff.changes(from: exercise.starter, to: exercise.solution, context: context)
  }

  /// The whole program, indented and highlighted.
  func code(_ program: String, width: Int) -> [String] {
    let highlighter = SwiftHighlighter(style: style)
    var lines = program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines.flatMap { pieces($0, width: width).map { margin("    ", highlighter.highlight($0)) } }
  }

  /// `text` after `margin`; a blank line has no trailing spaces.
  private func margin(_ margin: String, _ text: String) -> String {
    text.isEmpty ? margin.trimmingTrailingSpaces() : margin + text
  }

  /// A code line (escaped for the terminal) cut into pieces that fit
  /// after a four-column margin, between tokens (`TextWidth.codeWrap`).
  private func pieces(_ line: String, width: Int) -> [String] {
    TextWidth.codeWrap(TerminalText.visible(line), width: max(10, width - 4))
  }
}
