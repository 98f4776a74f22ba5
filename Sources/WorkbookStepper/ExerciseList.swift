// ExerciseList: `workbook exercises` — every exercise with the learner's
// status, chapter by chapter, and a progress bar.
import Foundation
import WorkbookCore
import WorkbookModel

/// The book's exercises and the learner's status on each.
public struct ExerciseList: Sendable {
  public var book: ExerciseBook
  public var progress: ExerciseBook.ProgressFile
  public var style: TerminalStyle

  public init(book: ExerciseBook, progress: ExerciseBook.ProgressFile, style: TerminalStyle) {
    self.book = book
    self.progress = progress
    self.style = style
  }

  /// The whole book as text: every chapter with what it teaches and its
  /// exercise count, and each exercise with its status.
  ///
  /// ```
  /// 01-basics — Basics · 2 exercises
  ///   How a view fades.
  ///   [x] done         01-basics/fade-out   Fade out
  ///   [ ] not started  01-basics/count-up   Count up
  ///
  /// 02-notes — Notes · no exercises
  ///   What the engine leaves out.
  ///
  /// [######------] 1/2 done · next: workbook step 01-basics/count-up
  /// ```
  public func render(width: Int = 100) -> String {
    let visible = ReportRenderer.visible
    let idWidth = book.exercises.map { visible($0.qualifiedID).count }.max() ?? 0
    var out = ""
    var done = 0
    // Chapters from the contents; exercises of a chapter the contents do
    // not list (none, when the book was loaded) still show.
    var chapters = book.chapters
    for exercise in book.exercises where !chapters.contains(where: { $0.name == exercise.chapter }) {
      chapters.append(Book.ChapterEntry(name: exercise.chapter, title: exercise.chapterTitle, summary: "",
                                  exerciseCount: book.exercises(inChapter: exercise.chapter).count))
    }
    for (n, chapter) in chapters.enumerated() {
      if n > 0 { out += "\n" }
      // Names, titles and summaries come from the book: control characters
      // are shown escaped, never sent to the terminal.
      out += style.bold(visible(chapter.name + (chapter.title.map { " — " + $0 } ?? ""))) + style.dim(" · " + chapter.exerciseCountText) + "\n"
      if !chapter.summary.isEmpty {
        for line in TextWidth.wrap(visible(chapter.summary), width: max(30, width - 2)) { out += "  " + style.dim(line) + "\n" }
      }
      for exercise in book.exercises where exercise.chapter == chapter.name {
        let status = book.status(of: exercise, in: progress)
        let mark: String
        switch status {
        case .done: mark = style.green("[x] done       "); done += 1
        case .inProgress: mark = style.yellow("[~] in progress")
        case .notStarted: mark = "[ ] not started"
        }
        out += "  " + mark + "  " + visible(exercise.qualifiedID).padding(toLength: idWidth, withPad: " ", startingAt: 0)
          + "  " + visible(exercise.title) + "\n"
      }
    }
    guard !book.exercises.isEmpty else {
      return out + (out.isEmpty ? "" : "\n") + "The book in '\(visible(ExerciseBook.displayPath(book.book)))' has no exercises yet.\n"
    }
    out += "\n" + ProgressBar.render(done: done, total: book.exercises.count, width: 20, style: style)
    if let next = book.firstUnfinished(in: progress) {
      out += " · next: workbook step \(visible(next.qualifiedID))"
    }
    return out + "\n"
  }

  /// The list as JSON: `{"done": N, "total": N, "chapters": [{"chapter",
  /// "title", "summary", "exercises"}], "exercises": [{"chapter", "id",
  /// "title", "status", "file", "hints"}]}`.
  public func json() -> String {
    struct Chapter: Encodable {
      var chapter: String
      var title: String?
      var summary: String
      var exercises: Int
    }
    struct Item: Encodable {
      var chapter: String
      var id: String
      var title: String
      var status: String
      var file: String
      var hints: Int
    }
    struct List: Encodable {
      var done: Int
      var total: Int
      var chapters: [Chapter]
      var exercises: [Item]
    }
    let items = book.exercises.map { exercise in
      Item(chapter: exercise.chapter, id: exercise.id, title: exercise.title,
           status: book.status(of: exercise, in: progress).rawValue,
           file: ExerciseBook.displayPath(book.workspacePath(exercise)), hints: exercise.hints.count)
    }
    let chapters = book.chapters.map {
      Chapter(chapter: $0.name, title: $0.title, summary: $0.summary, exercises: $0.exerciseCount)
    }
    let list = List(done: items.filter { $0.status == ExerciseBook.Status.done.rawValue }.count, total: items.count,
                    chapters: chapters, exercises: items)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(list)) ?? Data(), as: UTF8.self) + "\n"
  }
}
