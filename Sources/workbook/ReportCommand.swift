// `workbook report merge`: the JSON reports of `verify --shard I/N` runs
// joined into the report of the whole book, in any report format.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport

/// The report formats of `verify` and `report merge`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, junit, github

  /// The report in this format, ending in a newline.
  func render(_ document: ReportDocument) -> String {
    let report = document.verifyReport
    switch self {
    case .text:
      return report.chapters.map(ReportRenderer.text).joined() + ReportRenderer.summary(report) + "\n"
        + (ReportRenderer.recordHint(report).map { $0 + "\n" } ?? "")
    case .json:
      return document.json()
    case .junit:
      return ReportRenderer.JUnit.render(document)
    case .github:
      return ReportRenderer.github(report) + ReportRenderer.summary(report) + "\n"
    }
  }
}

extension Workbook {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Work with the JSON reports that 'verify --format json' writes.",
      subcommands: [Merge.self])
  }
}

extension Workbook.Report {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Merge the JSON reports of 'verify --shard I/N' runs into the report of the whole book.",
      discussion: """
        A CI run that splits the book across N machines runs \
        'workbook verify --shard I/N --format json > shard-I.json' on machine \
        I, then merges the N reports in one job. The merged report lists \
        every chapter once, in the book's order, as one unsharded run would.

        The reports must belong together, or nothing is merged (exit 2, the \
        file named): each must be a report of schema version 1 (see \
        Guides/Reports.md); all must come from the same book and chapter \
        selection, the same engine and Swift release, and the same N; every \
        shard 1…N must be there exactly once, and no chapter may be in two \
        reports. A single unsharded report merges to itself, which turns a \
        JSON report into any other format.

        Exit status: 0 when every chapter passed, 1 when one failed, 2 when \
        the reports cannot be read or do not belong together.

        Examples:
          workbook report merge shard-*.json
          workbook report merge shard-*.json --format github
          workbook report merge shard-*.json --format junit --output verify.xml
          workbook report merge whole.json --format junit
        """)

    @Argument(help: ArgumentHelp("The JSON reports, one per shard.", valueName: "report.json"))
    var reports: [String] = []

    @Option(help: ArgumentHelp(
      "Format of the merged report: text, json, junit (JUnit XML) or github (workflow annotations).",
      valueName: "format"))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write the merged report to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
      guard !reports.isEmpty else {
        throw ValidationError("Pass the JSON reports to merge, e.g. 'workbook report merge shard-*.json'")
      }
    }

    func run() throws {
      var documents: [(file: String, document: ReportDocument)] = []
      for file in reports { documents.append((file, try ReportDocument.read(file))) }
      let merged = try ReportDocument.Merger.merge(documents)
      let text = format.render(merged)
      if let output {
        do {
          try Files.writeAtomically(Array(text.utf8), to: output)
        } catch {
          throw CommandError.cannotWrite(path: output, reason: Files.reason(error))
        }
        let summary = ReportRenderer.summary(merged.verifyReport)
        printNote("Merged \(reports.count) report\(reports.count == 1 ? "" : "s") into \(output): \(summary)")
      } else {
        FileHandle.standardOutput.write(Data(text.utf8))
      }
      if !merged.passed { throw ReportedFailure() }
    }
  }
}
