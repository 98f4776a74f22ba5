// Runs through the literal table (LiteralTable, TabledRun): an edit that
// changes only literals runs the program built before with a new table and
// starts no compiler; a code edit or a literal whose kind changes compiles;
// the table's run is the compiled run, byte for byte.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct LiteralTableRunTests {
  /// A runner for the fixture book `passing` with a program store, logging
  /// its commands, and the book. With `seen` (the default), the chapter
  /// `01-basics.md` has been run once before (compiled as written), so the
  /// runner's next run of it builds its skeleton; the log starts after it.
  static func runner(seen: Bool = true) throws -> (ChapterRunner, CommandLog, Book) {
    let book = try Fixtures.book("passing")
    let workspace = Workspace(Fixtures.options(book: book))
    var runner = ChapterRunner(settings: try workspace.prepare())
    runner.programStore = ProgramStore(directory: try Fixtures.temporaryDirectory() + "/programs")
    let loaded = try workspace.loadBook()
    if seen { _ = try runner.run(try basics(loaded)) }
    let log = CommandLog()
    runner.commandLog = log
    return (runner, log, loaded)
  }

  /// Whether a run in `log` read a literal table.
  static func ranWithTable(_ log: CommandLog) -> Bool {
    log.all.contains { $0.contains { $0.hasPrefix(LiteralTable.variable + "=") } }
  }

  static func compilations(_ log: CommandLog) -> Int {
    TrapLineTests.compilations(log).filter { !$0.contains("-typecheck") }.count
  }

  /// The chapter `01-basics.md` with `old` replaced by `new` in its code.
  static func basics(_ book: Book, replacing old: String = "", with new: String = "") throws -> Chapter {
    let chapter = try #require(book.chapters.first { $0.fileName == "01-basics.md" })
    let text = String(decoding: chapter.bytes, as: UTF8.self)
    let edited = old.isEmpty ? text : text.replacingOccurrences(of: old, with: new)
    #expect(old.isEmpty || edited != text, "the fixture holds '\(old)'")
    return ChapterLoader.load(bytes: Array(edited.utf8), path: chapter.path, displayPath: chapter.displayPath)
  }

  /// The last snippet's output (`print(card.subviews.count, card.alpha)`).
  static func lastOutput(_ run: ChapterRun) -> String? {
    run.program?.outputs.last?.text
  }

  // Issue 41: the skeleton costs the type checker more than the program as
  // written, so a chapter seen for the first time (a cold verify, a CI
  // shard) is compiled as written; the skeleton follows from its next
  // program on, where a literal edit can follow.
  @Test func aChapterSeenForTheFirstTimeIsCompiledAsWritten() throws {
    let (runner, log, book) = try Self.runner(seen: false)
    let first = try runner.run(try Self.basics(book))
    #expect(Self.compilations(log) == 1)
    #expect(!Self.ranWithTable(log), "the program as written ran: \(log.all)")
    #expect(Self.lastOutput(first) == "1 0.5\n")
    // Seen: the next run builds the skeleton and runs it with its table.
    let second = try runner.run(try Self.basics(book))
    #expect(Self.compilations(log) == 2)
    #expect(Self.ranWithTable(log))
    #expect(second == first)
  }

  // Issue 41: step and serve build the skeleton in the background once the
  // first result is back, so the first literal edit starts no compiler.
  @Test func inTheBackgroundTheSkeletonFollowsTheFirstResult() throws {
    let (seenNowhere, log, book) = try Self.runner(seen: false)
    var runner = seenNowhere
    runner.skeletonsInBackground = true
    _ = try runner.run(try Self.basics(book))
    let store = try #require(runner.programStore)
    let deadline = Date().addingTimeInterval(300)
    func built() -> Bool {
      Files.files(under: store.directory, suffix: "").contains { !$0.contains(".partial-") && !$0.hasSuffix(".code") && $0.contains("/") }
    }
    while !built() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(Self.compilations(log) == 2, "the program as written, then its skeleton: \(log.all)")
    let before = log.all.count
    let edited = try runner.run(try Self.basics(book, replacing: "card.alpha = 0.5", with: "card.alpha = 0.25"))
    let commands = log.all.dropFirst(before)
    #expect(!commands.contains { ($0.first ?? "").hasSuffix("swift-frontend") || ($0.first ?? "").hasSuffix("swiftc") },
            "no compiler: \(commands)")
    #expect(Self.lastOutput(edited) == "1 0.25\n")
  }

  @Test func aLiteralOnlyEditRunsNoCompilerAndPrintsTheNewValue() throws {
    let (runner, log, book) = try Self.runner()
    let first = try runner.run(try Self.basics(book))
    #expect(Self.compilations(log) == 1, "the skeleton is compiled once")
    #expect(Self.lastOutput(first) == "1 0.5\n")

    let edited = try Self.basics(book, replacing: "card.alpha = 0.5", with: "card.alpha = 0.25")
    let before = log.all.count
    let second = try runner.run(edited)
    let commands = log.all.dropFirst(before)
    #expect(!commands.contains { ($0.first ?? "").hasSuffix("swift-frontend") || ($0.first ?? "").hasSuffix("swiftc") },
            "no compiler: \(commands)")
    #expect(commands.contains { $0.contains { $0.hasPrefix(LiteralTable.variable + "=") } }, "run with a table")
    #expect(Self.lastOutput(second) == "1 0.25\n")

    // The same as the compiled program's run, byte for byte.
    var compiling = runner
    compiling.programStore = nil
    #expect(try compiling.run(edited) == second)
  }

  @Test func aStoreOthersCanChangeIsNeverRun() throws {
    let (runner, log, book) = try Self.runner()
    // A program store that other users can write to (planted, or made by
    // someone else): its programs are never run; the chapter is compiled.
    let store = try #require(runner.programStore).directory
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    chmod(store, 0o777)
    let run = try runner.run(try Self.basics(book))
    #expect(Self.compilations(log) == 1)
    #expect(!Self.ranWithTable(log), "no table's run")
    #expect(Self.lastOutput(run) == "1 0.5\n")
  }

  @Test func aCodeEditCompiles() throws {
    let (runner, log, book) = try Self.runner()
    _ = try runner.run(try Self.basics(book))
    let edited = try Self.basics(book, replacing: "print(card.subviews.count, card.alpha)",
                                 with: "print(card.alpha, card.subviews.count)")
    let run = try runner.run(edited)
    #expect(Self.compilations(log) == 2)
    #expect(Self.lastOutput(run) == "0.5 1\n")
  }

  @Test func aLiteralWhoseKindChangesCompiles() throws {
    let (runner, log, book) = try Self.runner()
    _ = try runner.run(try Self.basics(book))
    // A float literal becomes an integer literal: another skeleton.
    let run = try runner.run(try Self.basics(book, replacing: "card.alpha = 0.5", with: "card.alpha = 1"))
    #expect(Self.compilations(log) == 2)
    #expect(Self.lastOutput(run) == "1 1.0\n")
  }

  @Test func aValueTheTypeCannotHoldIsCompiledAsWritten() throws {
    let (runner, log, book) = try Self.runner()
    _ = try runner.run(try Self.basics(book))
    // 1e400 is a float literal still, but no Double holds it (the compiler
    // says so): the compiled program's run is the result, with what the
    // compiler said, not the table's.
    let edited = try Self.basics(book, replacing: "card.alpha = 0.5", with: "card.alpha = 1e400")
    let run = try runner.run(edited)
    #expect(Self.compilations(log) == 2)
    #expect(run.program?.diagnostics.isEmpty == false, "\(String(describing: run.program))")
    var compiling = runner
    compiling.programStore = nil
    #expect(try compiling.run(edited) == run)
  }

  @Test func theTableIsInTheResultCacheKey() {
    let settings = ResultCacheKeyTests.settings()
    func keys(_ code: String) -> (String, String) {
      let markdown = "# A\n\n```swift\n\(code)\n```\n"
      let chapter = ChapterLoader.load(bytes: Array(markdown.utf8), path: "/b/01-a.md", displayPath: "01-a.md")
      let translated = ProgramBuilder().translate(chapter)
      return (ResultCache.key(for: translated, settings: settings),
              ResultCache.programKey(task: "program", snippets: chapter.snippets, chapter: translated,
                                     settings: settings))
    }
    let (chapter, program) = keys("print(0.4)")
    let (editedChapter, editedProgram) = keys("print(0.8)")
    #expect(chapter != editedChapter)
    #expect(program != editedProgram)
  }
}

extension ChapterRunner {
  /// Runs `chapter` as verify does: translated once, then run.
  func run(_ chapter: Chapter) throws(VerifyError) -> ChapterRun {
    try run(builder.translate(chapter))
  }
}
