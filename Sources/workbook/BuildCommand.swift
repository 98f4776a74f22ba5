// `workbook build`: verifies the book (with the cache) and writes the static
// site, or checks that the committed site is current.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookSite

extension Workbook {
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Verify the book, then write it as a static HTML site.",
      discussion: """
        Every chapter is verified first (unchanged chapters come from the \
        cache). The site refuses to publish failing or unverified output: \
        the build lists what failed and exits 1, unless --allow-failures, \
        which marks those snippets on their pages. Rebuilding an unchanged \
        book gives byte-identical files.

        Exit status: 0 when the site was written (or is current with \
        --check), 1 when something failed or the site is stale, 2 for usage \
        or setup errors.

        Examples:
          workbook build                       Verify Chapters/ and write Site/
          workbook build --check               Exit 1 when Site/ is not what a build would write
          workbook build --out /tmp/site --allow-failures

        A book may set its title in <book>/site.json and override the \
        theme's files (page.html, index.html, style.css, site.js) in \
        <book>/theme/.
        """)

    @Option(help: ArgumentHelp("The book folder.", valueName: "dir"))
    var book: String = "Chapters"

    @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
    var out: String = "Site"

    @Flag(help: "Write nothing; exit 1 when the site folder differs from what a build would write.")
    var check = false

    @Flag(help: "Publish failing snippets, marked as failed on their pages.")
    var allowFailures = false

    @Option(help: ArgumentHelp("A theme folder whose files replace the built-in theme's. Default: <book>/theme.", valueName: "dir"))
    var theme: String?

    @Option(help: ArgumentHelp("Chapters checked at once. Default: the number of cores.", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Seconds a chapter's program may run before it is killed.", valueName: "s"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("The engine's source folder, with the diagrams harness in the TransitionDiagrams folder beside it, or a Sources folder holding both ($WORKBOOK_ENGINE_SOURCES). Default: Sources/TransitionEngine of the package around the book, else the engine that ships with workbook.", valueName: "dir"))
    var engineSources: String?

    @Option(help: ArgumentHelp("The cache folder, engine build included ($WORKBOOK_CACHE_DIR). Default: results in .build/workbook of the package or .workbook next to the book, the engine in the per-user cache.", valueName: "dir"))
    var cacheDir: String?

    func validate() throws {
      guard jobs >= 1 else { throw ValidationError("'--jobs' must be at least 1, got '\(jobs)'") }
      guard timeout > 0 else { throw ValidationError("'--timeout' must be more than 0 seconds, got '\(timeout)'") }
    }

    func run() throws {
      var options = SiteOptions()
      options.verify.book = book
      options.verify.jobs = jobs
      options.verify.timeout = timeout
      options.verify.engineSources = engineSources
      options.verify.cacheDirectory = cacheDir ?? ProcessInfo.processInfo.environment["WORKBOOK_CACHE_DIR"]
      options.theme = theme

      if !check {
        // Refuse a dangerous or foreign folder before the work of a build.
        do { try Site.checkFolder(out, book: book) } catch {
          printError("error: " + Self.message(for: error))
          throw ExitCode(2)
        }
      }
      let site: Site
      do {
        site = try SiteBuilder(options: options).build()
      } catch {
        if error == .verify(.interrupted) { throw ExitCode(130) }
        printError("error: " + Self.message(for: error))
        throw ExitCode(2)
      }

      if !site.failures.isEmpty {
        let list = site.failures.map { "  " + ReportRenderer.visible($0.description) }.joined(separator: "\n")
        if !allowFailures {
          printError("error: The book has \(site.failures.count) failure(s); the site is not written:\n\(list)\n"
            + "Fix them (workbook verify shows the details) or pass --allow-failures to publish them marked")
          throw ExitCode(1)
        }
        printError("warning: Publishing \(site.failures.count) failure(s), marked on their pages:\n\(list)")
      }

      if check {
        let differences = site.differences(from: out)
        guard differences.isEmpty else {
          printError("error: '\(out)' is stale; run 'workbook build' and commit it:\n"
            + differences.map { "  " + $0 }.joined(separator: "\n"))
          throw ExitCode(1)
        }
        print("'\(out)' is current (\(site.files.count) files)")
        return
      }
      do { try site.write(to: out) } catch {
        printError("error: " + Self.message(for: error))
        throw ExitCode(2)
      }
      print("Wrote '\(out)': \(site.files.count) files, \(site.report.chapters.count) chapters, \(site.report.passedCount) verified snippets")
    }

    static func message(for error: SiteError) -> String {
      switch error {
      case .verify(let error): return ErrorText.message(for: error)
      case .badConfig(let path, let reason): return "Cannot read '\(path)': \(reason); it must be a JSON object such as {\"title\": \"My Book\"}"
      case .themeFileMissing(let name): return "The theme has no '\(name)'; reinstall the workbook or add it to the theme folder"
      case .cannotWrite(let path, let reason): return "Cannot write '\(path)': \(reason)"
      case .unsafeFolder(let path, let reason):
        return "Refusing to write the site into '\(path)': \(reason). A build replaces the files of its site folder, "
          + "so it writes only into a new or empty folder or a site it wrote before; pass such a folder to --out"
      }
    }

    private func printError(_ text: String) {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
  }
}
