// BookContents: the book's table of contents as `workbook exercises` and
// the site's index page show it — each chapter with one line of what it
// teaches and its number of exercises.
import WorkbookMarkdown
import WorkbookSupport

extension Book {
  /// One chapter in the book's contents.
  public struct ChapterEntry: Hashable, Sendable {
    /// The file name without `.md`, e.g. `02-fade`.
    public var name: String
    /// The first level-1 heading, if any.
    public var title: String?
    /// What the chapter teaches, in one line (see `ChapterSummary`).
    public var summary: String
    /// The chapter's exercises (starters that have a solution).
    public var exerciseCount: Int

    public init(name: String, title: String?, summary: String, exerciseCount: Int) {
      self.name = name
      self.title = title
      self.summary = summary
      self.exerciseCount = exerciseCount
    }

    /// A loaded chapter's entry.
    public init(_ chapter: Chapter, exerciseCount: Int) {
      self.init(name: chapter.name, title: chapter.title, summary: chapter.summary, exerciseCount: exerciseCount)
    }

    /// "1 exercise", "3 exercises", "no exercises".
    public var exerciseCountText: String {
      exerciseCount == 0 ? "no exercises" : exerciseCount == 1 ? "1 exercise" : "\(exerciseCount) exercises"
    }
  }
}

/// The one line that says what a chapter teaches: the first sentence of
/// the first paragraph after the chapter's title (its first `#` heading),
/// as plain text (emphasis, code spans and links keep only their text).
/// No front matter: write the chapter's opening sentence to say what it
/// teaches.
enum ChapterSummary {
  /// The chapter's line; "" when no paragraph follows the title. The
  /// loader stores it (`Chapter.summary`): nothing else calls this.
  public static func line(of chapter: Chapter) -> String {
    ChapterAnalysisCounter.current?.add(.summary)
    guard let document = chapter.document else { return "" }
    var afterTitle = false
    for block in document.blocks {
      switch block {
      case .heading(let heading):
        if heading.level == 1 { afterTitle = true }
      case .other("paragraph", let position, let endLine) where afterTitle || chapter.title == nil:
        _ = endLine
        return firstSentence(document.paragraphTexts[position.line] ?? "")
      default:
        continue
      }
    }
    return ""
  }

  /// The text up to the first word that ends a sentence (`.`, `!`, `?`,
  /// maybe followed by a closing quote or parenthesis), cut at 240
  /// characters with "…".
  public static func firstSentence(_ text: String) -> String {
    var sentence = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
      sentence += sentence.isEmpty ? String(word) : " " + word
      let closers: Set<Character> = [")", "\"", "”", "’", "*", "_"]
      let last = word.reversed().first { !closers.contains($0) }
      let abbreviation = ["e.g.", "i.e.", "cf."].contains(word.lowercased())
      if let last, last == "." || last == "!" || last == "?", !abbreviation { break }
      if sentence.count > 240 { sentence += "…"; break }
    }
    return sentence
  }
}
