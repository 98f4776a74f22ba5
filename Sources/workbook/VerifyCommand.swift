// `workbook verify`: parses the options, runs WorkbookCore's Verifier, shows
// progress and prints the report.
import ArgumentParser
import Foundation
import WorkbookCore

extension Workbook {
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compile and run every snippet of the book and check its recorded output.",
      discussion: """
        Each chapter's snippets (```swift blocks) are compiled together as one \
        program against TransitionEngine, run, and each snippet's standard \
        output is compared with the ```output block that follows it. \
        Compile errors, traps and mismatches are reported at the Markdown \
        file and line. Results are cached: an unchanged chapter is not \
        compiled again.

        Exit status: 0 when everything passes, 1 when something fails, 2 for \
        usage or setup errors.

        Examples:
          workbook verify                      Check every chapter in Chapters/
          workbook verify 02-fade              Check one chapter
          workbook verify --record             Write actual outputs into the output blocks
          workbook verify --format github      Annotations for GitHub Actions
          workbook verify --book Book --jobs 1 --timeout 30

        The chapter format is described in Guides/WritingChapters.md.
        """)

    @Argument(help: ArgumentHelp(
      "Chapters to check: file names (02-fade.md), names without .md, or paths. Default: all.",
      valueName: "chapter"))
    var chapters: [String] = []

    @OptionGroup var common: VerifyRunOptions

    @Flag(help: "Write actual outputs into the output blocks (creates missing ones, updates changed ones).")
    var record = false

    @Option(help: ArgumentHelp("Report format: text, json or github.", valueName: "format"))
    var format: OutputFormat = .text

    @Flag(help: "Compile and run everything, ignoring (and not filling) the result cache.")
    var noCache = false

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
      case text, json, github
    }

    func run() throws {
      var options = common.verifyOptions
      options.chapters = chapters
      options.record = record
      options.useCache = !noCache

      let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1, plainLines: format == .text)
      Interruption.install(text: Interruption.stoppedEverything, tidy: progress.clear)
      let report: VerifyReport
      do {
        let workspace = Workspace(options: options)
        let book = try workspace.loadBook(selecting: chapters)
        report = try Verifier(options: options).verify(book, in: workspace) { progress.handle($0) }.report
      } catch {
        progress.clear()
        // Ctrl-C: the signal handler reports it and exits with 130.
        if error == .interrupted { throw ExitCode(130) }
        FileHandle.standardError.write(Data(("error: " + ErrorText.message(for: error) + "\n").utf8))
        throw ExitCode(2)
      }
      progress.clear()
      switch format {
      case .text:
        var out = ""
        for chapter in report.chapters { out += ReportRenderer.text(chapter) }
        out += ReportRenderer.summary(report) + "\n"
        FileHandle.standardOutput.write(Data(out.utf8))
      case .json:
        FileHandle.standardOutput.write(Data(ReportRenderer.json(report).utf8))
      case .github:
        FileHandle.standardOutput.write(Data((ReportRenderer.github(report) + ReportRenderer.summary(report) + "\n").utf8))
      }
      if report.failed { throw ExitCode(1) }
    }
  }
}
