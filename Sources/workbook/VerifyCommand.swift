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

    @Option(help: ArgumentHelp("The book folder.", valueName: "dir"))
    var book: String = "Chapters"

    @Flag(help: "Write actual outputs into the output blocks (creates missing ones, updates changed ones).")
    var record = false

    @Option(help: ArgumentHelp("Chapters checked at once. Default: the number of cores.", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Report format: text, json or github.", valueName: "format"))
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Seconds a chapter's program may run before it is killed.", valueName: "s"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp(
      "The engine's source folder, with the diagrams harness in the TransitionDiagrams folder beside it, or a Sources folder holding both ($WORKBOOK_ENGINE_SOURCES). Default: Sources/TransitionEngine of the package around the book, else the engine that ships with workbook.",
      valueName: "dir"))
    var engineSources: String?

    @Option(help: ArgumentHelp(
      "The cache folder, engine build included ($WORKBOOK_CACHE_DIR). Default: results in .build/workbook of the package or .workbook next to the book, the engine in the per-user cache.", valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Compile and run everything, ignoring (and not filling) the result cache.")
    var noCache = false

    @Option(help: .hidden)
    var pipeline: String = ProcessInfo.processInfo.environment["WORKBOOK_PIPELINE"] ?? "direct"

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
      case text, json, github
    }

    func validate() throws {
      guard jobs >= 1 else { throw ValidationError("'--jobs' must be at least 1, got '\(jobs)'") }
      guard timeout > 0 else { throw ValidationError("'--timeout' must be more than 0 seconds, got '\(timeout)'") }
      guard CompilerPipeline(rawValue: pipeline) != nil else {
        throw ValidationError("Unknown pipeline '\(pipeline)'; expected 'direct' or 'driver'")
      }
    }

    func run() throws {
      var options = VerifyOptions()
      options.book = book
      options.chapters = chapters
      options.record = record
      options.jobs = jobs
      options.timeout = timeout
      options.engineSources = engineSources
      options.cacheDirectory = cacheDir ?? ProcessInfo.processInfo.environment["WORKBOOK_CACHE_DIR"]
      options.useCache = !noCache
      options.pipeline = CompilerPipeline(rawValue: pipeline) ?? .direct

      let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1, plainLines: format == .text)
      Interrupts.install(progress: progress)
      let report: VerifyReport
      do {
        report = try Verifier(options: options).run { progress.handle($0) }
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
