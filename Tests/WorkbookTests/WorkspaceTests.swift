// Workspace: the paths every command shares, worked out once; Book carries
// the site metadata (site.json) it was loaded with.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct WorkspaceTests {
  @Test func aBookInsideAPackageCachesResultsInItsBuildFolder() throws {
    let folder = try Fixtures.temporaryDirectory()
    _ = try Fixtures.copyEngine(into: folder + "/Sources")
    try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
    try "// swift-tools-version: 6.0\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
    var options = Workspace.Configuration()
    options.book = folder + "/Chapters"
    let workspace = Workspace(options, site: "/tmp/out")
    #expect(workspace.book == folder + "/Chapters")
    #expect(workspace.root == folder)
    #expect(workspace.cache == folder + "/.build/workbook")
    #expect(workspace.engineCache == EngineCache.userDirectory())
    #expect(workspace.exercises == folder + "/Exercises")
    #expect(workspace.progressPath == folder + "/.workbook/progress.json")
    #expect(workspace.site == "/tmp/out")
    #expect(try workspace.engineSources() == folder + "/Sources/TransitionEngine")
  }

  @Test func aBookAloneCachesNextToItselfAndAnExplicitCacheHoldsEverything() throws {
    let folder = try Fixtures.temporaryDirectory()
    var options = Workspace.Configuration()
    options.book = folder + "/Book"
    #expect(Workspace(options).cache == folder + "/.workbook")
    options.cacheDirectory = folder + "/cache"
    let explicit = Workspace(options)
    #expect(explicit.cache == folder + "/cache")
    #expect(explicit.engineCache == folder + "/cache")
    options.engineCacheDirectory = folder + "/engines"
    #expect(Workspace(options).engineCache == folder + "/engines")
    // A book given apart from the options (a Book loaded elsewhere).
    #expect(Workspace(options, book: folder + "/Other").book == folder + "/Other")
  }

  @Test func theLearnersFilesLiveNextToTheBook() throws {
    let book = try Fixtures.book("exercises")
    let exercises = try ExerciseBook.load(Workspace(Fixtures.options(book: book)))
    let first = try #require(exercises.exercises.first)
    let root = (book as NSString).deletingLastPathComponent
    #expect(exercises.workspacePath(first) == root + "/Exercises/\(first.chapter)/\(first.id).swift")
    #expect(exercises.progressPath == root + "/.workbook/progress.json")
  }

  @Test func theBookCarriesItsSiteMetadata() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "# One\n".write(toFile: folder + "/01-one.md", atomically: true, encoding: .utf8)
    // No site.json: the defaults.
    var book = try Book.load(folder)
    #expect(book.site == Book.SiteMetadata())
    #expect(book.siteProblem == nil)
    try #"{"title": "My <Book>", "exerciseCommand": "wb step {chapter}/{id}"}"#
      .write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    book = try Book.load(folder)
    #expect(book.site.title == "My <Book>")
    #expect(book.site.exerciseCommand == "wb step {chapter}/{id}")
    #expect(book.site.rawHTML == false)
    // A bad file is a problem the site builder reports; loading goes on.
    try #"{"title": 3}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    book = try Book.load(folder)
    #expect(book.site == Book.SiteMetadata())
    #expect(book.siteProblem?.path == folder + "/site.json")
    #expect(book.chapters.count == 1)
  }

  /// `"swiftLanguageMode"`: 5 or 6, 5 when missing; any other value is a
  /// problem naming the file, and verify stops on it (it would compile the
  /// book in a mode it may not be written for).
  @Test func theBookChoosesItsSwiftLanguageMode() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "# One\n".write(toFile: folder + "/01-one.md", atomically: true, encoding: .utf8)
    #expect(try Book.load(folder).site.swiftLanguageMode == .v5)
    try #"{"swiftLanguageMode": 6}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    #expect(try Book.load(folder).site.swiftLanguageMode == .v6)
    try #"{"swiftLanguageMode": 5}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    #expect(try Book.load(folder).site.swiftLanguageMode == .v5)

    try #"{"title": "T", "swiftLanguageMode": 7}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    let book = try Book.load(folder)
    #expect(book.siteProblem == Book.SiteMetadata.Problem(
      path: folder + "/site.json", reason: "'swiftLanguageMode' is 7; it must be 5 or 6"))
    #expect(throws: VerifyError.siteSettingsUnreadable(path: folder + "/site.json",
                                                      reason: "'swiftLanguageMode' is 7; it must be 5 or 6")) {
      try Verifier().verify(book, in: Workspace(Fixtures.options(book: folder), book: book.folder))
    }
    let message = ErrorText.message(for: VerifyError.siteSettingsUnreadable(path: folder + "/site.json", reason: "r"))
    #expect(message.hasPrefix("Cannot read '\(folder)/site.json': r; "))

    try #"{"swiftLanguageMode": "6"}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    #expect(try Book.load(folder).siteProblem?.reason == "'swiftLanguageMode' should be a number")
  }
}

/// Where `workbook step` starts, decided by the library (the command only
/// words the "not found").
@Suite struct StepStartTests {
  @Test func theNamedExerciseThenTheChaptersFirstUnfinishedThenWhereTheLearnerWas() throws {
    // Two chapters: two exercises in the first, one in the second.
    let folder = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func exercise(_ id: String) -> String {
      "Print \(id).\n\n```swift exercise=\(id)\nprint(0)\n```\n\n```output\n0\n```\n\n"
        + "```swift solution=\(id)\nprint(\"\(id)\")\n```\n\n```output\n\(id)\n```\n\n"
    }
    try ("# One\n\n" + exercise("a") + exercise("b")).write(toFile: folder + "/01-one.md", atomically: true, encoding: .utf8)
    try ("# Two\n\n" + exercise("c")).write(toFile: folder + "/02-two.md", atomically: true, encoding: .utf8)
    let book = try ExerciseBook.load(Workspace(Fixtures.options(book: folder)))
    let exercises = book.exercises
    try #require(exercises.map(\.qualifiedID) == ["01-one/a", "01-one/b", "02-two/c"])
    var progress = ExerciseBook.ProgressFile()
    // Nothing done, nowhere yet: the book's first exercise.
    #expect(try book.startIndex(named: nil, progress: progress) == 0)
    // An exercise by name.
    #expect(try book.startIndex(named: exercises[1].qualifiedID, progress: progress) == 1)
    // A chapter: its first unfinished exercise.
    progress.recordCheck(of: exercises[0], passed: true)
    let chapter = "01-one"
    #expect(try book.startIndex(named: chapter, progress: progress) == 1)
    #expect(try book.startIndex(named: chapter + ".md", progress: progress) == 1)
    #expect(try book.startIndex(named: "02-two", progress: progress) == 2)
    // A chapter whose exercises are all done: its first.
    progress.recordCheck(of: exercises[1], passed: true)
    #expect(try book.startIndex(named: chapter, progress: progress) == 0)
    // Where the learner was, unless it is done.
    progress.current = exercises[2].qualifiedID
    #expect(try book.startIndex(named: nil, progress: progress) == 2)
    progress.current = exercises[0].qualifiedID
    #expect(try book.startIndex(named: nil, progress: progress) == 2)
    // Unknown names.
    #expect(throws: LearnerNameError.self) { try book.startIndex(named: "99-nothing", progress: progress) }
    #expect(throws: LearnerNameError.self) { try book.startIndex(named: chapter + "/no-such-id", progress: progress) }
  }

  /// Three chapters: 01-one (a, b), 02-two (c), 03-three (d); each
  /// exercise prints its ID.
  static func threeChapters() throws -> ExerciseBook {
    let folder = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func exercise(_ id: String) -> String {
      "Print \(id).\n\n```swift exercise=\(id)\nprint(0)\n```\n\n```output\n0\n```\n\n"
        + "```swift solution=\(id)\nprint(\"\(id)\")\n```\n\n```output\n\(id)\n```\n\n"
    }
    try ("# One\n\n" + exercise("apple") + exercise("apricot")).write(toFile: folder + "/01-one.md", atomically: true, encoding: .utf8)
    try ("# Two\n\n" + exercise("cherry")).write(toFile: folder + "/02-two.md", atomically: true, encoding: .utf8)
    try ("# Three\n\n" + exercise("date")).write(toFile: folder + "/03-three.md", atomically: true, encoding: .utf8)
    try "# Ten\n\nNo exercises.\n".write(toFile: folder + "/10-ten.md", atomically: true, encoding: .utf8)
    return try ExerciseBook.load(Workspace(Fixtures.options(book: folder)))
  }

  // Issue 40: after finishing the exercise they were on, 'workbook step'
  // opened the book's first unfinished exercise (chapter 1), not the next.
  @Test func withoutANameTheLearnerCarriesOnAfterTheLastExercise() throws {
    let book = try Self.threeChapters()
    let exercises = book.exercises
    var progress = ExerciseBook.ProgressFile()
    // 01-one/apple skipped; 01-one/apricot done and the last worked on.
    progress.recordCheck(of: exercises[1], passed: true)
    progress.current = exercises[1].qualifiedID
    #expect(try book.startIndex(named: nil, progress: progress) == 2)
    // The next not done, past done ones.
    progress.recordCheck(of: exercises[2], passed: true)
    #expect(try book.startIndex(named: nil, progress: progress) == 3)
    // After the last: round to the start.
    progress.recordCheck(of: exercises[3], passed: true)
    progress.current = exercises[3].qualifiedID
    #expect(try book.startIndex(named: nil, progress: progress) == 0)
    // Everything done: the one after.
    progress.recordCheck(of: exercises[0], passed: true)
    #expect(try book.startIndex(named: nil, progress: progress) == 0)
    progress.current = exercises[1].qualifiedID
    #expect(try book.startIndex(named: nil, progress: progress) == 2)
    // Not done: the same one.
    progress.exercises[exercises[1].qualifiedID]?.done = false
    #expect(try book.startIndex(named: nil, progress: progress) == 1)
  }

  // Issue 40: 'play 03' and 'step 3/origin' were refused; '03-pop/origin'
  // got no suggestion. One resolver: full names, numbers, unique prefixes.
  @Test func chaptersAndExercisesByNumberAndUniquePrefix() throws {
    let book = try Self.threeChapters()
    for name in ["02-two", "02-two.md", "Chapters/02-two.md", "2", "02", "02-t", "02-"] {
      #expect(try book.chapter(named: name) == "02-two", "\(name)")
    }
    #expect(try book.chapter(named: "1") == "01-one", "a number is the chapter's, not a prefix of 10-ten")
    #expect(try book.chapter(named: "10") == "10-ten")
    #expect(try book.exercise(named: "3/date").qualifiedID == "03-three/date")
    #expect(try book.exercise(named: "01-o/apr").qualifiedID == "01-one/apricot")
    #expect(try book.exercise(named: "1/apple").qualifiedID == "01-one/apple")
    #expect(try book.exercises(named: "1").map(\.id) == ["apple", "apricot"])
    #expect(try book.startIndex(named: "2/ch", progress: .init()) == 2)
    #expect(try book.startIndex(named: "3", progress: .init()) == 3)

    func message(_ body: () throws -> Any) -> String {
      do { _ = try body() } catch {
        return ErrorText.message(for: error).replacingOccurrences(of: Files.display(book.book), with: "Chapters")
      }
      return "no error"
    }
    // Several: all named.
    #expect(message { try book.chapter(named: "0") } == "'0' names more than one: '01-one', '02-two', '03-three'; type more of the name")
    #expect(message { try book.chapter(named: "0-") } == "No chapter '0-' in 'Chapters'; did you mean '10-ten'?")
    #expect(message { try book.chapter(named: "zz") } == "No chapter 'zz' in 'Chapters'; run 'workbook exercises' to list them")
    #expect(message { try book.exercise(named: "1/ap") }
            == "'1/ap' names more than one: '01-one/apple', '01-one/apricot'; type more of the name")
    // Nothing: the nearest, in the chapter named or with the ID typed.
    #expect(message { try book.exercise(named: "01-one/aple") } == "No exercise '01-one/aple' in 'Chapters'; did you mean '01-one/apple'?")
    #expect(message { try book.exercise(named: "01-one/cherry") } == "No exercise '01-one/cherry' in 'Chapters'; did you mean '02-two/cherry'?")
    #expect(message { try book.exercise(named: "02-tw0/cherry") } == "No exercise '02-tw0/cherry' in 'Chapters'; did you mean '02-two/cherry'?")
    #expect(message { try book.exercise(named: "2/fig") } == "No exercise '2/fig' in 'Chapters'; did you mean '02-two/cherry'?")
    #expect(message { try book.exercise(named: "2") } == "No exercise '2' in 'Chapters'; did you mean '02-two/cherry'?")
    #expect(message { try book.exercises(named: "10") } == "Chapter '10-ten' has no exercises; run 'workbook exercises' to list them")
  }
}
