// The book's own chapters (Chapters/) run through their literal tables
// exactly as compiled: every chapter program is compiled as written and
// run, then built from its skeleton and run with its table, and the two
// runs (diagnostics, each snippet's output and diagrams, termination) are
// equal. One program per chapter, so the test takes two compilations per
// chapter; it builds the book's engine first when no test or verify has.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct WholeBookLiteralTableTests {
  @Test func everyChapterProgramRunsThroughItsTableAsCompiled() throws {
    var configuration = Workspace.Configuration()
    configuration.book = Fixtures.packageRoot + "/Chapters"
    let workspace = Workspace(configuration)
    let book = try workspace.loadBook()
    var settings = try workspace.prepare(languageMode: book.site.swiftLanguageMode, site: book.site)
    // A loaded machine (the tests run beside other work) must not turn a
    // slow run into a timeout, which is never a table's run.
    settings.timeout = 300
    let store = ProgramStore(directory: try Fixtures.temporaryDirectory() + "/programs")
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let chapters = book.chapters.filter { $0.snippets.contains { $0.kind == .run } }
    #expect(chapters.count >= 10, "the book's chapters: \(book.chapters.map(\.fileName))")

    let runSettings = settings
    typealias Outcome = (compiled: ProgramRun, tabled: ProgramRun, tableUsed: Bool, compilations: Int)
    let tasks: [@Sendable () -> Result<Outcome, VerifyError>] = chapters.map { chapter in
      {
        Result { () throws(VerifyError) -> Outcome in
          let compiling = ChapterRunner(settings: runSettings)
          var tabling = ChapterRunner(settings: runSettings)
          tabling.programStore = store
          let log = CommandLog()
          tabling.commandLog = log
          let program = tabling.builder.chapterProgram(tabling.builder.translate(chapter))
          let map = SourceMap(chapter: chapter)
          let folder = work + "/" + chapter.fileName
          let compiled = try compiling.compileAndRun(program, in: folder + "/compiled", map: map, run: true,
                                                     defaultSnippet: nil)
          let tabled = try tabling.compileAndRunTabled(program, place: chapter.fileName, in: folder + "/tabled",
                                                       map: map, defaultSnippet: nil, needsSkeleton: true)
          let used = log.all.contains { $0.contains { $0.hasPrefix(LiteralTable.variable + "=") } }
          return (compiled, tabled, used, TrapLineTests.compilations(log).count)
        }
      }
    }
    for (chapter, outcome) in zip(chapters, CompileSlots.shared.runAll(tasks)) {
      let result = try outcome.get()
      #expect(result.compiled.succeeded, "\(chapter.fileName) compiles and runs")
      #expect(result.tabled == result.compiled, "\(chapter.fileName): the table's run is the compiled run")
      #expect(result.tableUsed && result.compilations == 1,
              "\(chapter.fileName) runs through its table (\(result.compilations) compilations)")
    }
  }
}
