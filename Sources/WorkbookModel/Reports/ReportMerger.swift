// ReportMerger: `workbook report merge` — the shards' JSON reports made into
// the report of the whole run. Refuses anything that would make the merged
// report lie: reports of different books, engines or shard counts, a shard
// or a chapter twice, a missing shard, a report whose chapters are not its
// shard's.
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
        guard report.book.identity == first.book.identity, report.book.chapters == first.book.chapters else {
          throw .differentBook(file: file, first: firstFile)
        }
        guard report.engine.identity == first.engine.identity else {
          throw .differentEngine(file: file, first: firstFile,
                                 engine: report.engine.compiler + " " + report.engine.identity.prefix(12),
                                 firstEngine: first.engine.compiler + " " + first.engine.identity.prefix(12))
        }
        guard report.swiftLanguageMode == first.swiftLanguageMode else {
          throw .differentLanguageMode(file: file, first: firstFile, mode: report.swiftLanguageMode,
                                       firstMode: first.swiftLanguageMode)
        }
        guard report.shard?.count == first.shard?.count else {
          throw .differentShardCount(file: file, count: report.shard?.count, first: firstFile, firstCount: first.shard?.count)
        }
        guard report.shard?.plan == first.shard?.plan else { throw .differentPlan(file: file, first: firstFile) }
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
      let merged = first.book.chapters.compactMap { chapters[$0] }
      let seconds = reports.map(\.document.summary.seconds).max() ?? 0
      var document = ReportDocument(book: first.book, engine: first.engine, shard: nil, chapters: merged, seconds: seconds)
      document.swiftLanguageMode = first.swiftLanguageMode
      document.device = first.device
      document.reduceMotion = first.reduceMotion
      return document
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
