// LearnerNames: how a learner names a chapter or an exercise on the command
// line — the one resolver `step`, `check` and `play` use. A chapter is named
// in full (`03-pop-a-thumbnail-into-a-screen`, with `.md` or as a path), by
// its number (`3`, `03`) or by any prefix that names it alone (`03-pop`); an
// exercise is `CHAPTER/ID`, the chapter named as above and the ID in full or
// by a prefix that names one of the chapter's exercises alone (`3/orig`).
// A name that names nothing gets the nearest names ("did you mean"); one
// that names several gets them all.
import WorkbookModel
import WorkbookSupport

/// A name a learner typed that names no chapter or exercise of the book, or
/// more than one (worded by `ErrorText`).
public enum LearnerNameError: Error, Hashable, Sendable {
  /// What the command wanted the name to be.
  public enum Wanted: String, Hashable, Sendable {
    case chapter
    case exercise
    case chapterOrExercise = "chapter or exercise"
  }

  /// Nothing of that name; `suggestions` are the nearest names
  /// (`chapter` or `chapter/id`), nearest first.
  case notFound(name: String, wanted: Wanted, book: String, suggestions: [String])
  /// Several chapters, or several exercises of a chapter, start with it.
  case ambiguous(name: String, matches: [String])
  /// The chapter has no exercises (`step CHAPTER`).
  case chapterHasNoExercises(chapter: String)
}

extension ExerciseBook {
  /// The chapter `name` names (any chapter of the book, with or without
  /// exercises): its full name, `03-pop-a-thumbnail-into-a-screen`.
  ///
  /// - Throws: `LearnerNameError.notFound` (with the nearest chapters) or
  ///   `.ambiguous`.
  public func chapter(named name: String) throws(LearnerNameError) -> String {
    try chapter(named: name, wanted: .chapter)
  }

  /// The exercise `name` names (`CHAPTER/ID`, each part in full or by a
  /// unique prefix, the chapter also by its number).
  ///
  /// - Throws: `LearnerNameError.notFound` (with the nearest exercises, or
  ///   the chapter's exercises when it names a chapter) or `.ambiguous`.
  public func exercise(named name: String) throws(LearnerNameError) -> Exercise {
    try exercise(named: name, wanted: .exercise)
  }

  /// What `step NAME` starts at: the exercise `name` names, else the
  /// exercises of the chapter it names (in order; never empty).
  ///
  /// - Throws: `LearnerNameError` (`.chapterHasNoExercises` for a chapter
  ///   without exercises).
  public func exercises(named name: String) throws(LearnerNameError) -> [Exercise] {
    if Self.namesExercise(name) {
      do { return [try exercise(named: name, wanted: .chapterOrExercise)] } catch {
        // A path to a chapter file without `.md` (`Chapters/02-fade`).
        guard let chapter = try? chapter(named: name, wanted: .chapterOrExercise) else { throw error }
        return try exercises(ofChapter: chapter)
      }
    }
    return try exercises(ofChapter: try chapter(named: name, wanted: .chapterOrExercise))
  }

  /// The exercise whose `chapter/id` is exactly `qualifiedID` (as the
  /// progress file stores it).
  func exercise(qualifiedID: String) -> Exercise? {
    exercises.first { $0.qualifiedID == qualifiedID }
  }

  // MARK: - The rules

  /// Whether `name` is `CHAPTER/ID` rather than a chapter (`02-fade`,
  /// `02-fade.md`, `Chapters/02-fade.md`).
  static func namesExercise(_ name: String) -> Bool {
    name.contains("/") && !name.hasSuffix(".md")
  }

  private func exercises(ofChapter chapter: String) throws(LearnerNameError) -> [Exercise] {
    let found = exercises.filter { $0.chapter == chapter }
    guard !found.isEmpty else { throw .chapterHasNoExercises(chapter: chapter) }
    return found
  }

  private func chapter(named name: String, wanted: LearnerNameError.Wanted) throws(LearnerNameError) -> String {
    let typed = Self.chapterName(name)
    if chapterNames.contains(typed) { return typed }
    let matches = Self.matches(typed, among: chapterNames, number: Self.leadingNumber)
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 { throw .ambiguous(name: name, matches: matches) }
    let candidates = wanted == .chapter ? chapterNames : exercises.map(\.qualifiedID) + chapters.map(\.name)
    throw .notFound(name: name, wanted: wanted, book: Files.display(book),
                    suggestions: NameSuggestions.closest(to: typed, among: candidates))
  }

  private func exercise(named name: String, wanted: LearnerNameError.Wanted) throws(LearnerNameError) -> Exercise {
    guard Self.namesExercise(name), let slash = name.lastIndex(of: "/") else {
      // A chapter alone: its exercises are the suggestions.
      let chapter = try chapter(named: name, wanted: wanted)
      throw .notFound(name: name, wanted: wanted, book: Files.display(book),
                      suggestions: exercises.filter { $0.chapter == chapter }.map(\.qualifiedID))
    }
    let chapterPart = String(name[..<slash]), id = String(name[name.index(after: slash)...])
    let chapter: String
    do { chapter = try self.chapter(named: chapterPart, wanted: wanted) } catch {
      // The nearest chapters that have an exercise of that ID, else the
      // nearest exercises.
      guard case .notFound = error else { throw error }
      let near = NameSuggestions.closest(to: Self.chapterName(chapterPart), among: chapterNames)
        .map { $0 + "/" + id }.filter { exercise(qualifiedID: $0) != nil }
      let suggestions = near.isEmpty
        ? NameSuggestions.closest(to: Self.chapterName(chapterPart) + "/" + id, among: exercises.map(\.qualifiedID))
        : near
      throw .notFound(name: name, wanted: wanted, book: Files.display(book), suggestions: suggestions)
    }
    let inChapter = exercises.filter { $0.chapter == chapter }
    if let exact = inChapter.first(where: { $0.id == id }) { return exact }
    let matches = Self.matches(id, among: inChapter.map(\.id), number: { _ in nil })
    if matches.count == 1, let found = inChapter.first(where: { $0.id == matches[0] }) { return found }
    if matches.count > 1 { throw .ambiguous(name: name, matches: matches.map { chapter + "/" + $0 }) }
    // The chapter's nearest IDs, else the exercises of that ID in other
    // chapters, else all of the chapter's.
    let near = NameSuggestions.closest(to: id, among: inChapter.map(\.id)).map { chapter + "/" + $0 }
    let elsewhere = exercises.filter { $0.id == id }.map(\.qualifiedID)
    let suggestions = !near.isEmpty ? near : !elsewhere.isEmpty ? elsewhere : inChapter.map(\.qualifiedID)
    throw .notFound(name: name, wanted: wanted, book: Files.display(book), suggestions: suggestions)
  }

  /// The candidates `typed` names: by number (`3` and `03` name
  /// `03-slide`) when it is one, else those it is a prefix of.
  private static func matches(_ typed: String, among candidates: [String], number: (String) -> Int?) -> [String] {
    guard !typed.isEmpty else { return [] }
    if typed.allSatisfy(\.isASCIIDigit), let wanted = Int(typed) {
      let numbered = candidates.filter { number($0) == wanted }
      if !numbered.isEmpty { return numbered }
    }
    return candidates.filter { $0.hasPrefix(typed) }
  }

  /// The number a chapter's name starts with (`03-slide`: 3), if any.
  private static func leadingNumber(_ name: String) -> Int? {
    let digits = name.prefix { $0.isASCIIDigit }
    return digits.isEmpty ? nil : Int(digits)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
