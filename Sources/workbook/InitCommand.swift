// `workbook init [DIR]`: scaffolds a new book (WorkbookCore's BookScaffold),
// then records its outputs with the engine this tool ships, so that the new
// book verifies and builds at once.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

extension Workbook {
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create a new book that verifies and builds at once.",
      discussion: """
        Writes DIR/Chapters/ with a first chapter (prose, a snippet and its \
        output, a film of a small transition, an exercise with a hint and a \
        solution), DIR/Chapters/site.json, DIR/.gitignore (Exercises/, \
        .workbook/) and DIR/README.md, then records the chapter's outputs \
        with the engine. Existing files are never replaced: a README.md or \
        .gitignore already in DIR (a repository you add a book to) is kept \
        as it is; if the chapter or site.json exists, DIR already has a \
        book and nothing is written.

        Then, in DIR:
          workbook verify      Check every snippet
          workbook build       Write the site into Site/
        """)

    @Argument(help: ArgumentHelp("The folder for the new book (created if missing).", valueName: "dir"))
    var directory: String = "."

    @Flag(help: "Only write the files; do not record the outputs (they stay empty until 'workbook verify --record').")
    var noRecord = false

    @OptionGroup var engine: EngineOptions

    func run() throws {
      let outcome = try Book.Scaffold.create(in: directory)
      for path in outcome.written { print("created \(ExerciseBook.displayPath(path))") }
      for file in outcome.kept { print("kept    \(file) (yours, unchanged)") }
      if outcome.kept.contains(".gitignore") {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let ignored = (try? String(contentsOfFile: root + "/.gitignore", encoding: .utf8)) ?? ""
        let missing = Book.Scaffold.ignoredFolders.filter { folder in
          !ignored.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == folder }
        }
        if !missing.isEmpty {
          print("        add to .gitignore: " + missing.joined(separator: " ") + " (learners' files and the verify cache)")
        }
      }
      let root = URL(fileURLWithPath: directory).standardizedFileURL.path
      if !noRecord {
        var configuration = Workspace.Configuration()
        configuration.book = root + "/Chapters"
        engine.apply(to: &configuration)
        var options = Verifier.Options()
        options.record = true
        let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1, plainLines: false)
        Interruption.install(text: Interruption.stoppedEverything, tidy: progress.clear)
        let report: VerifyReport
        do {
          report = try Verifier(options: options).run(in: Workspace(configuration)) { progress.handle($0) }
          progress.clear()
        } catch {
          progress.clear()
          if error == .interrupted { throw error }
          throw CommandError.notRecorded(error)
        }
        if report.failed {
          // The chapters' findings, then the error.
          FileHandle.standardError.write(Data(report.chapters.map(ReportRenderer.text).joined().utf8))
          throw CommandError.newBookDoesNotVerify
        }
        print("checked with this engine: \(ReportRenderer.summary(report))")
      }
      let place = ExerciseBook.displayPath(root)
      print("""

        Your book is in '\(place)'. Next:
          cd \(place.contains(" ") ? "'\(place)'" : place)
          workbook verify     # check every snippet
          workbook build      # write the site into Site/
        """)
      if let guides = Book.Scaffold.guidesFolder {
        print("""
          How to write chapters: \(guides)/WritingChapters.md
          The Stage harness (films, traces, timelines, touches): \(guides)/Stage.md
          """)
      }
    }
  }
}
