// DiagramChoice: which published diagram `workbook play` plays — a
// snippet's (by its number in the chapter, from 1) or the chapter's first,
// a filmstrip before any other kind.
import WorkbookSupport

extension DiagramRecord {
  /// The diagram to play, and the snippet that published it.
  public struct Choice: Hashable, Sendable {
    /// The snippet that published it.
    public var snippet: SnippetReport
    public var diagram: DiagramRecord
    /// The other snippets that published diagrams, in order (when none was named).
    public var others: [SnippetReport]

    /// Chooses from `report`.
    ///
    /// - Parameter number: The snippet's number in the chapter, from 1; nil:
    ///   the first snippet that published a diagram.
    /// - Throws: `DiagramChoiceError` when there is no such snippet or it
    ///   published nothing.
    public static func choose(in report: ChapterReport, snippet number: Int?) throws(DiagramRecord.ChoiceError) -> DiagramRecord.Choice {
      let withDiagrams = report.snippets.filter { !$0.diagrams.isEmpty }
      let chosen: SnippetReport
      if let number {
        guard number >= 1, number <= report.snippets.count else {
          throw .noSuchSnippet(chapter: report.path, number: number, count: report.snippets.count)
        }
        chosen = report.snippets[number - 1]
        guard !chosen.diagrams.isEmpty else {
          throw .publishedNothing(chapter: report.path, number: number, line: chosen.line,
                                  others: withDiagrams.map { $0.index + 1 }, chapterFailed: report.failed)
        }
      } else {
        guard let first = withDiagrams.first else {
          throw .publishedNothing(chapter: report.path, number: nil, line: nil, others: [], chapterFailed: report.failed)
        }
        chosen = first
      }
      let diagram = chosen.diagrams.first { $0.kind == .filmstrip } ?? chosen.diagrams[0]
      return DiagramRecord.Choice(snippet: chosen, diagram: diagram,
                           others: number == nil ? Array(withDiagrams.dropFirst()) : [])
    }
  }
}

extension DiagramRecord {
  /// Why there is no diagram to play.
  public enum ChoiceError: Error, Hashable, Sendable {
    /// The chapter has fewer snippets than `number`.
    case noSuchSnippet(chapter: String, number: Int, count: Int)
    /// Snippet `number` (nil: every snippet) published no diagram; `others`
    /// are the numbers of the snippets that did.
    case publishedNothing(chapter: String, number: Int?, line: Int?, others: [Int], chapterFailed: Bool)
  }
}
