// Exercise: one exercise of a chapter as a learner meets it: its section's
// prose, the starter, the solution, the expected output and the hints.
import WorkbookMarkdown
import WorkbookSupport

/// An exercise: a section of a chapter with a `swift exercise=ID` starter,
/// a `swift solution=ID` solution, the solution's output block and hints.
public struct Exercise: Hashable, Sendable {
  /// The ID from `exercise=ID`.
  public var id: String
  /// The chapter's file name without `.md`, e.g. `02-fade`.
  public var chapter: String
  /// The chapter's title, if any.
  public var chapterTitle: String?
  /// The section's heading text (the exercise's title); the ID when the
  /// exercise sits under no heading.
  public var title: String
  /// The section's Markdown up to the solution, without the starter and
  /// the hints: what the learner reads before solving it.
  public var instructions: String
  /// The instructions' blocks, from the chapter's parse (the section's
  /// top-level blocks up to the solution, without the starter, its output
  /// and the hints): what the stepper draws, never parsed again.
  public var instructionBlocks: [MarkdownNode] = []
  /// The starter code (lines end in "\n").
  public var starter: String
  /// The reference solution.
  public var solution: String
  /// The solution's output block (lines end in "\n"); "" when it has none.
  public var expectedOutput: String
  /// The starter's output block: its symptom, what it prints (and the trap
  /// message, when it traps) before the learner fixes it; nil when the
  /// starter has no output block.
  public var starterOutput: String?
  /// The hints, in order, as Markdown.
  public var hints: [String]
  /// Each hint's blocks, from the chapter's parse.
  public var hintBlocks: [[MarkdownNode]] = []
  /// The Markdown line of the starter's opening fence.
  public var starterLine: Int
  /// The Markdown line of the solution's opening fence.
  public var solutionLine: Int
  /// The Markdown line of the paragraph that introduces the hints, if any.
  public var hintsLine: Int? = nil

  /// `chapter/id`, the name `workbook check` takes.
  public var qualifiedID: String { chapter + "/" + id }

  /// Whether a labelled list's label (its paragraph's text without emphasis
  /// and a final colon: `Hints`, `**Hints:**`, `hints`) introduces an
  /// exercise's hints. The site marks up the same lists as hints.
  public static func isHintsLabel(_ label: String) -> Bool {
    label.lowercased() == "hints"
  }
}

// MARK: - Reading exercises from a chapter

enum ExerciseLoader {
  /// The exercises of `chapter`, in the order of their starters.
  ///
  /// A section is the part of the chapter from the heading above the
  /// starter to the next heading of the same or a higher level. Hints are
  /// the items of the list that follows a paragraph reading `Hints` or
  /// `Hints:` (emphasis allowed) inside that section, as cmark parsed it
  /// (`MarkdownDocument.labelledLists`).
  ///
  /// - Returns: The exercises; an exercise without a solution is left out
  ///   (the chapter's problems say so).
  public static func exercises(in chapter: Chapter) -> [Exercise] {
    ChapterAnalysisCounter.current?.add(.exercises)
    guard let document = chapter.document else { return [] }
    let chapterName = chapter.fileName.hasSuffix(".md") ? String(chapter.fileName.dropLast(3)) : chapter.fileName
    var solutions: [String: Chapter.Snippet] = [:]
    for snippet in chapter.snippets {
      if case .exerciseSolution(let id) = snippet.kind { solutions[id] = snippet }
    }
    let headings: [MarkdownHeading] = document.blocks.compactMap {
      if case .heading(let h) = $0 { return h } else { return nil }
    }
    var result: [Exercise] = []
    for starter in chapter.snippets {
      guard case .exerciseStarter(let id) = starter.kind, let solution = solutions[id] else { continue }
      // The section: the last heading above the starter, to the next heading
      // of the same or a higher level.
      let heading = headings.last { $0.position.line < starter.fenceLine }
      let start = heading.map { $0.position.line + 1 } ?? 1
      let end: Int = {
        let after = headings.first {
          $0.position.line > starter.fenceLine && (heading == nil || $0.level <= heading!.level)
        }
        return (after?.position.line ?? document.lines.count + 1) - 1
      }()
      var skipped: [ClosedRange<Int>] = []
      for snippet in [starter, solution] {
        skipped.append(snippet.fenceLine...snippet.closingFenceLine)
        if let output = snippet.output {
          skipped.append(output.fenceLine...output.endLine)
        }
      }
      let hints = Self.hints(in: document, from: start, to: end)
      if let range = hints.range { skipped.append(range) }
      // What follows the solution (a discussion of it) is not for before.
      let last = solution.fenceLine > starter.fenceLine && solution.fenceLine <= end ? solution.fenceLine - 1 : end
      var lines: [Substring] = []
      var line = start
      while line <= last {
        if let range = skipped.first(where: { $0.contains(line) }) {
          line = range.upperBound + 1
          continue
        }
        lines.append(document.line(line))
        line += 1
      }
      let blocks = document.topLevelNodes.filter { block in
        block.lines.lowerBound >= start && block.lines.upperBound <= last
          && !skipped.contains { $0.overlaps(block.lines) }
      }
      result.append(Exercise(
        id: id, chapter: chapterName, chapterTitle: chapter.title,
        title: heading?.text ?? id,
        instructions: Self.trimBlankLines(lines).map { $0 + "\n" }.joined(),
        instructionBlocks: blocks.map(\.node),
        starter: starter.code, solution: solution.code,
        expectedOutput: solution.output?.content ?? "", starterOutput: starter.output?.content,
        hints: hints.list?.items ?? [], hintBlocks: hints.list?.itemBlocks ?? [], starterLine: starter.fenceLine, solutionLine: solution.fenceLine,
        hintsLine: hints.range?.lowerBound))
    }
    return result
  }

  /// The hints of a section: the items of the first labelled list between
  /// lines `start` and `end` whose label is `Hints` (cmark's list, found by
  /// the rule the site's hints use), and the lines from its label to its end.
  static func hints(in document: MarkdownDocument, from start: Int, to end: Int)
    -> (list: MarkdownLabelledList?, range: ClosedRange<Int>?)
  {
    guard let list = document.labelledLists.first(where: {
      $0.position.line >= start && $0.endLine <= end && Exercise.isHintsLabel($0.label) && !$0.items.isEmpty
    }) else { return (nil, nil) }
    return (list, list.position.line...list.endLine)
  }

  static func trimBlankLines(_ lines: [Substring]) -> [Substring] {
    var lines = lines[...]
    while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines = lines.dropFirst() }
    while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines = lines.dropLast() }
    // Runs of blank lines (left by removed blocks) become one.
    var result: [Substring] = []
    for line in lines {
      let blank = line.allSatisfy { $0 == " " || $0 == "\t" }
      if blank, let previous = result.last, previous.isEmpty { continue }
      result.append(blank ? "" : line)
    }
    return result
  }
}
