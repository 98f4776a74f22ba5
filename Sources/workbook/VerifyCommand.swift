// `workbook verify`: parses the options, runs WorkbookCore's Verifier, shows
// progress and prints the report.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

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
          workbook verify --record             Write actual outputs into output blocks
          workbook verify --format github      Annotations for GitHub Actions
          workbook verify --format junit       JUnit XML for CI test views
          workbook verify --book Book --jobs 1 --timeout 30
          workbook verify --book Tally.docc    Check a DocC catalog's articles
          workbook verify --book README.md     Check a package's README

        On many CI machines: '--shard I/N' checks only the I-th of N parts \
        of the book; each machine writes its JSON report and 'workbook \
        report merge' joins them. Every machine makes the same split from \
        what the checkout holds: the chapter costs in verify-costs.json next \
        to the chapters (written by '--record-costs'; commit it), else an \
        estimate from each chapter's snippets. A stale cost file only makes \
        shards less even. Guides/CI.md has a complete GitHub Actions workflow.
          workbook verify --record-costs       Measure chapters into verify-costs.json
          workbook verify --shard 2/4 --format json > shard-2.json
          workbook report merge shard-*.json --format github

        The chapter format is described in Guides/WritingChapters.md.
        """)

    @Argument(help: ArgumentHelp(
      "Chapters to check: file names (02-fade.md), names without .md, or paths. Default: all.",
      valueName: "chapter"))
    var chapters: [String] = []

    @OptionGroup var common: VerifyRunOptions

    @Flag(help: "Write actual outputs into the output blocks (creates missing ones, updates changed ones).")
    var record = false

    @Option(help: ArgumentHelp(
      "Report format: text, json (the versioned report: Guides/Reports.md), junit (JUnit XML) or github (workflow annotations).",
      valueName: "format"))
    var format: ReportFormat = .text

    @Flag(help: "Compile and run everything, ignoring (and not filling) the result cache.")
    var noCache = false

    @Option(help: ArgumentHelp(
      "Check only part I of N (1-based), balanced by chapter cost, e.g. 2/4. Every machine makes the same split.",
      valueName: "I/N"))
    var shard: String?

    @Flag(help: "Compile every chapter (the cache is not read), then write their costs to verify-costs.json in the book folder.")
    var recordCosts = false

    func validate() throws {
      if let shard, ShardPlan.Spec(shard) == nil {
        throw ValidationError("'--shard' takes I/N with 1 ≤ I ≤ N ≤ \(ShardPlan.Spec.maximumCount), e.g. 2/4; got '\(shard)'")
      }
      if recordCosts && shard != nil {
        throw ValidationError("'--record-costs' measures the whole book on one machine; run it without '--shard'")
      }
    }

    func run() throws {
      var options = common.verifyOptions
      options.chapters = chapters
      options.record = record
      var configuration = common.configuration
      configuration.useCache = !noCache && !recordCosts

      let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1, plainLines: format == .text)
      Interruption.install(text: Interruption.stoppedEverything, tidy: progress.clear)
      let verified: VerifiedBook
      let plan: ShardPlan
      do {
        let workspace = Workspace(configuration)
        let book = try workspace.loadBook(selecting: chapters)
        plan = try ShardPlan.make(book: book, shard: shard.flatMap(ShardPlan.Spec.init))
        if let summary = plan.summary { printNote(summary) }
        verified = try Verifier(options: options).verify(plan.select(book), in: workspace) { progress.handle($0) }
        if recordCosts {
          let path = try ShardPlan.CostFile.record(verified)
          progress.clear()
          printNote("Recorded the cost of \(verified.chapters.count) chapters in \(path)")
        }
      } catch {
        progress.clear()
        throw error
      }
      progress.clear()
      let document = ReportDocument(verified, plan: plan)
      FileHandle.standardOutput.write(Data(format.render(document).utf8))
      if !document.passed { throw ReportedFailure() }
    }
  }
}
