// ExerciseList: `workbook exercises` — every exercise with the learner's
// status, chapter by chapter, and a progress bar.
import Foundation
import WorkbookCore

/// The book's exercises and the learner's status on each.
public struct ExerciseList: Sendable {
  public var book: ExerciseBook
  public var progress: ProgressFile
  public var style: TerminalStyle

  public init(book: ExerciseBook, progress: ProgressFile, style: TerminalStyle) {
    self.book = book
    self.progress = progress
    self.style = style
  }

  /// The list as text.
  ///
  /// ```
  /// 01-basics — Basics
  ///   [x] done         01-basics/fade-out   Fade out
  ///   [ ] not started  01-basics/count-up   Count up
  ///
  /// [######------] 1/2 done · next: workbook step 01-basics/count-up
  /// ```
  public func render() -> String {
    guard !book.exercises.isEmpty else {
      return "The book in '\(ExerciseBook.displayPath(book.book))' has no exercises yet.\n"
    }
    let idWidth = book.exercises.map { $0.qualifiedID.count }.max() ?? 0
    var out = ""
    var chapter: String? = nil
    var done = 0
    for exercise in book.exercises {
      if exercise.chapter != chapter {
        if chapter != nil { out += "\n" }
        chapter = exercise.chapter
        out += style.bold(exercise.chapter + (exercise.chapterTitle.map { " — " + $0 } ?? "")) + "\n"
      }
      let status = book.status(of: exercise, in: progress)
      let mark: String
      switch status {
      case .done: mark = style.green("[x] done       "); done += 1
      case .inProgress: mark = style.yellow("[~] in progress")
      case .notStarted: mark = "[ ] not started"
      }
      out += "  " + mark + "  " + exercise.qualifiedID.padding(toLength: idWidth, withPad: " ", startingAt: 0)
        + "  " + exercise.title + "\n"
    }
    out += "\n" + ProgressBar.render(done: done, total: book.exercises.count, width: 20, style: style)
    if let next = book.firstUnfinished(in: progress) {
      out += " · next: workbook step \(next.qualifiedID)"
    }
    return out + "\n"
  }

  /// The list as JSON: `{"done": N, "total": N, "exercises": [{"chapter",
  /// "id", "title", "status", "file"}]}`.
  public func json() -> String {
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
      var exercises: [Item]
    }
    let items = book.exercises.map { exercise in
      Item(chapter: exercise.chapter, id: exercise.id, title: exercise.title,
           status: book.status(of: exercise, in: progress).rawValue,
           file: ExerciseBook.displayPath(book.workspacePath(exercise)), hints: exercise.hints.count)
    }
    let list = List(done: items.filter { $0.status == ExerciseStatus.done.rawValue }.count, total: items.count, exercises: items)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(list)) ?? Data(), as: UTF8.self) + "\n"
  }
}
