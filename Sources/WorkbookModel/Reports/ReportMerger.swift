// ReportMerger: `workbook report merge` — the shards' JSON reports made into
// the report of the whole run. Refuses anything that would make the merged
// report lie: reports of different books, engines, settings (language
// mode, device, Reduce Motion) or shard counts, a shard or a chapter twice,
// a missing shard, a report whose chapters are not its shard's.
import Foundation
import WorkbookSupport

extension ReportDocument {
  public enum Merger {
    /// Merges reports, each named by the file it came from (errors name it).
    ///
    /// One unsharded report is returned as it is (a way to turn a JSON
    /// report into JUnit or annotations). Shards must all be present, once.
    ///
    /// - Returns: The report of the whole run: no `shard`, the chapters in
    ///   the book's order, the slowest shard's seconds.
    public static func merge(_ reports: [(file: String, document: ReportDocument)]) throws(ReportDocument.Problem) -> ReportDocument {
      guard let (firstFile, first) = reports.first else { throw .noReports }
      for (file, report) in reports {
        try checkConsistent(report, file: file)
      }
      for (file, report) in reports.dropFirst() {
        for agreement in agreements where !agreement.agree(report, first) {
          throw agreement.problem(file, report, firstFile, first)
        }
      }
      // A whole run merged with nothing else is itself.
      guard let count = first.shard?.count else {
        if reports.count > 1 {
          throw .differentShardCount(file: reports[1].file, count: nil, first: firstFile, firstCount: nil)
        }
        return first
      }
      var shardFiles: [Int: String] = [:]
      var chapterFiles: [String: String] = [:]
      var chapters: [String: ChapterReport] = [:]
      for (file, report) in reports {
        let index = report.shard?.index ?? 0
        if let earlier = shardFiles[index] { throw .sameShard(file: file, first: earlier, index: index, count: count) }
        shardFiles[index] = file
        for chapter in report.chapters {
          let name = chapterName(chapter)
          if let earlier = chapterFiles[name] { throw .sameChapter(file: file, first: earlier, chapter: name) }
          chapterFiles[name] = file
          chapters[name] = chapter
        }
      }
      let missing = (1...count).filter { shardFiles[$0] == nil }
      let uncovered = first.book.chapters.filter { chapters[$0] == nil }
      if !missing.isEmpty || !uncovered.isEmpty {
        throw .missingShards(indices: missing, count: count, chapters: uncovered)
      }
      // What every shard states alike is the first's; the chapters are all of theirs.
      var document = first
      document.schemaVersion = ReportDocument.currentSchemaVersion
      document.shard = nil
      document.chapters = first.book.chapters.compactMap { chapters[$0] }
      document.recount(seconds: reports.map(\.document.summary.seconds).max() ?? 0)
      return document
    }

    /// One thing every report of a run states alike, and the problem
    /// when a report (`file`) and the first (`first`) do not.
    struct Agreement: Sendable {
      /// The report's fields it compares (their JSON keys; "shard.count"
      /// for a key inside one).
      var fields: [String]
      var agree: @Sendable (ReportDocument, ReportDocument) -> Bool
      var problem: @Sendable (_ file: String, _ report: ReportDocument, _ first: String, _ firstReport: ReportDocument)
        -> ReportDocument.Problem
    }

    /// Everything the reports of one run must state alike: the book, the
    /// engine, how the snippets were compiled and run, the split. A field
    /// added to the report is compared here or is in `fieldsOfEachShard`
    /// (ReportMergeTests checks that every field is in one of the two).
    static let agreements: [Agreement] = [
      Agreement(fields: ["book"], agree: { $0.book == $1.book }) { file, _, first, _ in
        .differentBook(file: file, first: first)
      },
      Agreement(fields: ["engine"], agree: { $0.engine.identity == $1.engine.identity }) { file, report, first, firstReport in
        .differentEngine(file: file, first: first,
                         engine: report.engine.compiler + " " + report.engine.identity.prefix(12),
                         firstEngine: firstReport.engine.compiler + " " + firstReport.engine.identity.prefix(12))
      },
      setting("swiftLanguageMode", { $0.swiftLanguageMode }, "compiled the snippets in different Swift language modes") {
        $0.map { "Swift \($0)" } ?? "an unstated mode"
      },
      setting("device", { $0.device }, "ran the snippets on different devices") {
        $0.map { "'\($0)'" } ?? "the engine's default, the iPhone SE (1st generation)"
      },
      setting("reduceMotion", { $0.reduceMotion }, "ran the snippets with Reduce Motion set differently") {
        $0.map { $0 ? "on" : "off" } ?? "unstated"
      },
      Agreement(fields: ["shard.count"], agree: { $0.shard?.count == $1.shard?.count }) { file, report, first, firstReport in
        .differentShardCount(file: file, count: report.shard?.count, first: first, firstCount: firstReport.shard?.count)
      },
      Agreement(fields: ["shard.plan"], agree: { $0.shard?.plan == $1.shard?.plan }) { file, _, first, _ in
        .differentPlan(file: file, first: first)
      },
    ]

    /// The report's fields each shard has its own: which part it is
    /// (`shard`, but for its count and plan), its chapters, and what is
    /// worked out from them (`passed`, `summary`); `schemaVersion` is
    /// checked as each report is read.
    static let fieldsOfEachShard: Set<String> = ["schemaVersion", "passed", "summary", "shard", "chapters"]

    /// A setting of the run (`site.json`'s, stated in the report at `key`):
    /// reports that state it differently were run differently.
    private static func setting<Value: Equatable>(
      _ key: String, _ value: @escaping @Sendable (ReportDocument) -> Value?, _ difference: String,
      _ name: @escaping @Sendable (Value?) -> String
    ) -> Agreement {
      Agreement(fields: [key], agree: { value($0) == value($1) }) { file, report, first, firstReport in
        .differentSetting(file: file, first: first, difference: difference,
                          value: name(value(report)), firstValue: name(value(firstReport)))
      }
    }

    /// A report's own promises: its chapters are in its book, each once, and
    /// are exactly its shard's.
    static func checkConsistent(_ report: ReportDocument, file: String) throws(ReportDocument.Problem) {
      let planned = Set(report.book.chapters)
      var seen = Set<String>()
      for chapter in report.chapters {
        let name = chapterName(chapter)
        guard seen.insert(name).inserted else { throw .sameChapter(file: file, first: file, chapter: name) }
        guard planned.contains(name) else {
          throw .inconsistentShard(file: file, reason: "it reports the chapter '\(name)', which is not in its 'book.chapters'")
        }
      }
      guard let shard = report.shard else {
        guard seen == planned else {
          throw .inconsistentShard(file: file, reason: "it is a whole run, yet its chapters are not the ones 'book.chapters' names")
        }
        return
      }
      do {
        guard ShardPlan.Spec(index: shard.index, count: shard.count) != nil else {
          throw .inconsistentShard(file: file, reason: "its shard \(shard.index)/\(shard.count) is not I/N with 1 ≤ I ≤ N")
        }
        guard Set(shard.chapters) == seen else {
          throw .inconsistentShard(file: file, reason: "its chapters are not the ones 'shard.chapters' names")
        }
      }
    }

    /// The chapter's file name, the key reports share.
    public static func chapterName(_ chapter: ChapterReport) -> String {
      (chapter.path as NSString).lastPathComponent
    }
  }
}
