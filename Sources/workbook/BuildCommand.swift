// `workbook build`: verifies the book (with the cache), or reads a verify
// report, and writes the static site, or checks that the committed site is
// current.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport
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
          workbook build --from-report r.json  Render the site from a report

        --from-report takes a whole run's JSON report ('verify --format \
        json') or the shards' merged one ('report merge --format json', \
        see Guides/CI.md) and gives the same site as a build, compiling \
        nothing; it refuses a single shard's report, or one of other \
        chapters than the book holds. A report made with another engine \
        than the local one is rendered as it is, with a note on standard \
        error.

        A book may set its title in <book>/site.json and override the \
        theme's files (page.html, index.html, style.css, site.js) in \
        <book>/theme/.
        """)

    @OptionGroup var common: VerifyRunOptions

    @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
    var out: String = "Site"

    @Flag(help: "Write nothing; exit 1 when the site folder differs from what a build would write.")
    var check = false

    @Flag(help: "Publish failing snippets, marked as failed on their pages.")
    var allowFailures = false

    @Option(help: ArgumentHelp("Render the site from this JSON report instead of verifying.", valueName: "file"))
    var fromReport: String?

    @OptionGroup var themeOptions: ThemeOptions

    func run() throws {
      var options = SiteOptions()
      options.theme = themeOptions.theme
      let workspace = Workspace(common.configuration, site: out)

      if !check {
        // Refuse a dangerous or foreign folder before the work of a build.
        try Site.checkFolder(workspace.site, book: common.book)
        // What an earlier build that was killed mid-write left (never a
        // running build's: each temporary file names its process).
        Site.removeTemporaryFilesOfDeadRuns(in: workspace.site)
      }
      // On a terminal, verify's live line says what is being checked (a
      // trapping snippet is run again to find its line: seconds, not silence).
      let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1 && fromReport == nil, plainLines: false)
      // Ctrl-C stops the compilers and programs the verify started.
      Interruption.install(text: Interruption.stoppedEverything, tidy: progress.clear)
      let site: Site
      do {
        site = try buildSite(options, in: workspace) { progress.handle($0) }
        progress.clear()
      } catch {
        progress.clear()
        throw error
      }

      if !site.failures.isEmpty {
        let failures = site.failures.map(\.description)
        guard allowFailures else { throw CommandError.bookHasFailures(failures) }
        printNote("warning: Publishing \(site.failures.count) failure(s), marked on their pages:\n"
          + failures.map { "  " + ReportRenderer.visible($0) }.joined(separator: "\n"))
      }

      if check {
        let differences = site.differences(from: workspace.site)
        guard differences.isEmpty else { throw CommandError.siteStale(folder: workspace.site, differences: differences) }
        print("'\(workspace.site)' is current (\(site.files.count) files)")
        return
      }
      try site.write(to: workspace.site)
      func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
      print("Wrote '\(workspace.site)': \(count(site.files.count, "file")), \(count(site.report.chapters.count, "chapter")), "
        + "\(count(site.report.passedCount, "verified snippet"))")
    }

    /// The site: the book verified and rendered, or rendered from the report.
    func buildSite(_ options: SiteOptions, in workspace: Workspace,
                   progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }) throws(SiteError) -> Site {
      // The driver (verify, or read the report back), then the renderer.
      let verified = try Verifier(options: common.verifyOptions)
        .verifyWholeBook(in: workspace, fromReport: fromReport, progress: progress)
      if let fromReport, let note = Self.engineNote(report: fromReport, engine: verified.engine, workspace: workspace) {
        printNote(note)
      }
      // The fidelity ledger comes from the local engine's sources (found
      // as verify finds them), not from a report.
      var options = options
      options.engineSources = try? workspace.engineSources()
      return try SiteBuilder(options: options).render(verified)
    }

    /// One line when the report was made with another engine than the
    /// local one, else nil. Rendering from another engine's report is
    /// legitimate (CI's merge job may have no engine at all), so this never
    /// fails the build; with no local engine sources or no compiler, the
    /// local identity is unknown and nothing is said.
    static func engineNote(report file: String, engine: ReportDocument.EngineIdentity, workspace: Workspace) -> String? {
      guard let local = try? workspace.engineIdentity(), !local.identity.isEmpty, local != engine else { return nil }
      func name(_ engine: ReportDocument.EngineIdentity) -> String {
        engine.identity.isEmpty ? "an unknown engine" : "engine \(engine.identity.prefix(12)) (\(engine.compiler))"
      }
      return "note: The report '\(file)' was made with \(name(engine)), not the local \(name(local)); "
        + "the site shows the report's outputs"
    }
  }
}
