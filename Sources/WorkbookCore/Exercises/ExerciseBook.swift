// ExerciseBook: the book's exercises, the learner's workspace files and
// progress, and the compiler settings to check them with.
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// Where a learner works: the book, its exercises, the workspace folder
/// (`Exercises/<chapter>/<ID>.swift`) and the progress file
/// (`.workbook/progress.json`), both next to the book folder.
public struct ExerciseBook: Sendable {
  /// How far a learner got with an exercise.
  public enum Status: String, Sendable, Codable {
    case notStarted = "not started"
    case inProgress = "in progress"
    case done
  }

  /// Where the book, the learner's files and the progress file are, and
  /// how exercises are compiled and run.
  public var workspace: Workspace
  /// Every exercise of the book, chapter by chapter.
  public var exercises: [Exercise]
  /// Every chapter of the book, in order, with or without exercises.
  public var chapters: [Book.ChapterEntry] = []
  /// Problems found while reading chapters that have exercises.
  public var problems: [Finding]
  /// The names (`02-fade`) of every chapter the book was loaded with, read
  /// or not, in the book's order.
  var chapterNames: [String] = []

  /// The book folder (absolute).
  public var book: String { workspace.book }
  /// The folder that holds the book: `Exercises/` and `.workbook/` live here.
  public var root: String { workspace.root }

  /// Reads the book's chapters and their exercises.
  ///
  /// - Parameter workspace: Where the book is.
  /// - Throws: `.bookNotFound`, `.bookEmpty`.
  public static func load(_ workspace: Workspace) throws(VerifyError) -> ExerciseBook {
    from(try workspace.loadBook(), in: workspace)
  }

  /// Reads the book's chapters and their exercises (the workspace made
  /// from `configuration`).
  public static func load(_ configuration: Workspace.Configuration) throws(VerifyError) -> ExerciseBook {
    try load(Workspace(configuration))
  }

  /// The exercises of a loaded book.
  public static func from(_ loaded: Book, in workspace: Workspace) -> ExerciseBook {
    var exercises: [Exercise] = []
    var problems: [Finding] = []
    var chapters: [Book.ChapterEntry] = []
    for chapter in loaded.chapters where chapter.wasRead {
      let found = chapter.exercises
      if !found.isEmpty { problems += chapter.problems }
      exercises += found
      chapters.append(Book.ChapterEntry(chapter, exerciseCount: found.count))
    }
    return ExerciseBook(workspace: workspace, exercises: exercises, chapters: chapters, problems: problems,
                        chapterNames: loaded.chapters.map(\.name))
  }

  /// The exercises of the chapter named exactly `name` (`02-fade`,
  /// `02-fade.md` or a path); see `exercises(named:)` for a name a learner
  /// typed.
  public func exercises(inChapter name: String) -> [Exercise] {
    let chapter = Self.chapterName(name)
    return exercises.filter { $0.chapter == chapter }
  }

  /// `path` relative to the working directory when it is under it.
  public static func displayPath(_ path: String) -> String { Files.display(path) }

  static func chapterName(_ name: String) -> String {
    var last = (name as NSString).lastPathComponent
    if last.hasSuffix(".md") { last.removeLast(3) }
    return last
  }

  // MARK: - Workspace

  /// The learner's file for `exercise`: `<root>/Exercises/<chapter>/<ID>.swift`.
  public func workspacePath(_ exercise: Exercise) -> String {
    workspace.exerciseFile(exercise)
  }

  /// Writes the starter to the learner's file unless it exists (the
  /// learner's work is never overwritten).
  ///
  /// - Returns: Whether the file was created.
  @discardableResult
  public func prepareWorkspace(_ exercise: Exercise) throws -> Bool {
    let path = workspacePath(exercise)
    if Files.exists(path) { return false }
    try Files.createDirectory((path as NSString).deletingLastPathComponent)
    try Files.writeAtomically(Array(exercise.starter.utf8), to: path)
    return true
  }

  /// Puts the starter back in the learner's file, keeping the old text as
  /// `<ID>.swift.bak` (`.bak2`, `.bak3`, … when that exists).
  ///
  /// - Returns: The backup's path, or nil when there was nothing to keep.
  @discardableResult
  public func resetWorkspace(_ exercise: Exercise) throws -> String? {
    let path = workspacePath(exercise)
    var backup: String? = nil
    if let old = Files.read(path), old != Array(exercise.starter.utf8) {
      var candidate = path + ".bak"
      var n = 2
      while Files.exists(candidate) { candidate = path + ".bak\(n)"; n += 1 }
      try Files.writeAtomically(old, to: candidate)
      backup = candidate
    }
    try Files.createDirectory((path as NSString).deletingLastPathComponent)
    try Files.writeAtomically(Array(exercise.starter.utf8), to: path)
    return backup
  }

  // MARK: - Progress

  /// The progress file: `<root>/.workbook/progress.json`.
  public var progressPath: String { workspace.progressPath }

  /// A learner's status on `exercise`: done once it passed; in progress
  /// once its file exists or it was checked.
  public func status(of exercise: Exercise, in progress: ExerciseBook.ProgressFile) -> Status {
    if let entry = progress.exercises[exercise.qualifiedID] {
      if entry.done { return .done }
      if entry.attempts > 0 { return .inProgress }
    }
    return Files.exists(workspacePath(exercise)) ? .inProgress : .notStarted
  }

  /// Where `workbook step` starts, as an index into `exercises`: the
  /// exercise named, else the named chapter's first unfinished exercise
  /// (its first when all are done); see `exercises(named:)` for the names.
  /// Without a name, the learner carries on: the exercise they were on
  /// (`progress.current`) unless it is done, else the first unfinished one
  /// after it in the book (from the start again after the last), else the
  /// one after it; the book's first unfinished one when they were nowhere.
  ///
  /// - Returns: nil when the book has no exercises.
  /// - Throws: `LearnerNameError` when `name` names no exercise nor a
  ///   chapter with exercises, or several.
  public func startIndex(named name: String?, progress: ExerciseBook.ProgressFile) throws(LearnerNameError) -> Int? {
    func unfinished(_ candidates: [Exercise]) -> Exercise? {
      candidates.first { status(of: $0, in: progress) != .done } ?? candidates.first
    }
    let chosen: Exercise?
    if let name {
      chosen = unfinished(try exercises(named: name))
    } else if let current = progress.current.flatMap(exercise(qualifiedID:)),
      let at = exercises.firstIndex(of: current)
    {
      // From the current exercise on, round the book once.
      let onward = exercises[at...] + exercises[..<at]
      chosen = status(of: current, in: progress) != .done ? current : unfinished(Array(onward.dropFirst()) + [current])
    } else {
      chosen = unfinished(exercises)
    }
    return chosen.flatMap { exercises.firstIndex(of: $0) }
  }

  /// The first exercise of the book that is not done.
  public func firstUnfinished(in progress: ExerciseBook.ProgressFile) -> Exercise? {
    exercises.first { status(of: $0, in: progress) != .done }
  }
}

// MARK: - Progress file

extension ExerciseBook {
  /// `.workbook/progress.json`.
  public struct ProgressFile: Hashable, Sendable, Codable {
    /// One exercise's entry in the progress file.
    public struct Entry: Hashable, Sendable, Codable {
      /// Whether the learner's file passed at least once.
      public var done = false
      /// Checks run (saves seen).
      public var attempts = 0
      /// Hints shown so far.
      public var hintsShown = 0
      /// Whether the solution was shown.
      public var solutionShown = false

      public init() {}

      /// Every key may be missing.
      public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        done = try c.decodeIfPresent(Bool.self, forKey: .done) ?? false
        attempts = try c.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
        hintsShown = try c.decodeIfPresent(Int.self, forKey: .hintsShown) ?? 0
        solutionShown = try c.decodeIfPresent(Bool.self, forKey: .solutionShown) ?? false
      }
    }

    /// The progress file cannot be read or written.
    public enum Problem: Error, Hashable, Sendable {
      case unreadable(path: String, reason: String)
      case unwritable(path: String, reason: String)

      /// The message (see `ErrorText`).
      public var message: String { ErrorText.message(for: self) }
    }

    public var version = 1
    /// The exercise the learner was on (`chapter/id`).
    public var current: String?
    /// Entries by `chapter/id`.
    public var exercises: [String: Entry] = [:]

    public init() {}

    /// Records a check of the learner's file for `exercise` (the one rule
    /// `step` and `check` share): one more attempt when it counts as one,
    /// done once it passed.
    ///
    /// - Returns: Whether this check made the exercise done.
    @discardableResult
    public mutating func recordCheck(of exercise: Exercise, passed: Bool, countsAsAttempt: Bool = true) -> Bool {
      var entry = exercises[exercise.qualifiedID] ?? Entry()
      if countsAsAttempt { entry.attempts += 1 }
      let newlyDone = passed && !entry.done
      if passed { entry.done = true }
      exercises[exercise.qualifiedID] = entry
      return newlyDone
    }

    /// Every key may be missing (`{}` is empty progress).
    public init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
      current = try c.decodeIfPresent(String.self, forKey: .current)
      exercises = try c.decodeIfPresent([String: Entry].self, forKey: .exercises) ?? [:]
    }

    /// Reads the progress file; a missing file is empty progress.
    ///
    /// - Throws: `Problem.unreadable` when the file is not valid
    ///   progress JSON (it is left alone).
    public static func load(_ path: String) throws(Problem) -> ExerciseBook.ProgressFile {
      guard let bytes = Files.read(path) else { return ExerciseBook.ProgressFile() }
      do {
        return try JSONDecoder().decode(ExerciseBook.ProgressFile.self, from: Data(bytes))
      } catch {
        throw .unreadable(path: Files.display(path), reason: DecodingProblem.sentence(error))
      }
    }

    /// Writes the progress file atomically (keys sorted, so it diffs well).
    public func save(_ path: String) throws(Problem) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      do {
        let data = try encoder.encode(self)
        try Files.createDirectory((path as NSString).deletingLastPathComponent, mode: 0o700)
        try Files.writeAtomically([UInt8](data) + [10], to: path)
      } catch {
        throw .unwritable(path: Files.display(path), reason: Files.reason(error))
      }
    }
  }
}
