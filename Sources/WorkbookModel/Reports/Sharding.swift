// Sharding: `verify --shard I/N` splits a book's chapters across N CI
// machines. Machines share no cache, so the split uses only what every
// checkout has: the committed cost file (`verify-costs.json` next to the
// chapters, written by `verify --record-costs`) and, for a chapter it does
// not list, an estimate from the chapter's text. The split is greedy
// longest-first (LPT) with every tie broken by file name, so it is the same
// on every machine, whatever order the folder lists its files in.
import Foundation
import WorkbookSupport

/// Which chapters one shard verifies, and the book identity every shard
/// of the run shares.
public struct ShardPlan: Sendable {
  /// nil: no sharding (every chapter).
  public var spec: ShardPlan.Spec?
  /// The planned chapters and the book's identity.
  public var book: ReportDocument.BookIdentity
  /// Each planned chapter's shard (1-based; all 1 without sharding).
  public var assignment: [String: Int]
  /// The cost each chapter was balanced by, in milliseconds.
  public var costs: [String: Int]
  /// Chapters with no recorded cost, balanced by their estimate.
  public var estimated: [String]

  /// Plans `book`'s chapters (all that were loaded) into `spec`'s shards.
  ///
  /// - Throws: `.badCostFile` when the book's cost file is damaged.
  public static func make(book: Book, shard spec: ShardPlan.Spec?) throws(ReportDocument.Problem) -> ShardPlan {
    let recorded = try ShardPlan.CostFile.load(book: book.folder) ?? [:]
    let costs = ShardPlan.Estimate.costs(of: book.chapters, recorded: recorded)
    let assignment = ShardPlan.Planner.assign(costs, shards: spec?.count ?? 1)
    return ShardPlan(
      spec: spec, book: identity(of: book), assignment: assignment,
      costs: Dictionary(costs.map { ($0.name, $0.milliseconds) }, uniquingKeysWith: { first, _ in first }),
      estimated: book.chapters.map(\.fileName).filter { recorded[$0] == nil }.sorted(by: Self.byBytes))
  }

  /// The chapters of shard `index`, sorted.
  public func chapters(inShard index: Int) -> [String] {
    assignment.filter { $0.value == index }.map(\.key).sorted(by: Self.byBytes)
  }

  /// The shard's report entry; nil without sharding.
  public var reportShard: ReportDocument.Shard? {
    spec.map { ReportDocument.Shard(index: $0.index, count: $0.count, chapters: chapters(inShard: $0.index), plan: planIdentity) }
  }

  /// A hash of every chapter's shard and the shard count.
  public var planIdentity: String {
    var hasher = ContentHasher()
    hasher.add("format", "plan-v1")
    hasher.add("count", String(spec?.count ?? 1))
    for name in assignment.keys.sorted(by: Self.byBytes) {
      hasher.add("chapter", name)
      hasher.add("shard", String(assignment[name] ?? 0))
    }
    return hasher.finalize()
  }

  /// One line on what this shard checks, e.g. "Shard 2/4: 3 of 13
  /// chapters (01-a.md, 05-b.md, 09-c.md), 41.2 s of 160.0 s by the cost file".
  public var summary: String? {
    guard let spec else { return nil }
    let mine = chapters(inShard: spec.index)
    let seconds = { (ms: Int) in String(format: "%.1f s", Double(ms) / 1000) }
    let load = mine.reduce(0) { $0 + (costs[$1] ?? 0) }
    let total = costs.values.reduce(0, +)
    let source = estimated.isEmpty ? "by the cost file"
      : estimated.count == assignment.count ? "by estimates (no \(ShardPlan.CostFile.name))"
      : "by the cost file, \(estimated.count) estimated"
    return "Shard \(spec): \(mine.count) of \(assignment.count) chapters"
      + (mine.isEmpty ? "" : " (" + mine.map(ReportRenderer.visible).joined(separator: ", ") + ")")
      + ", \(seconds(load)) of \(seconds(total)) \(source)"
  }

  /// `book` with only this shard's chapters (in the book's order), its
  /// settings kept (`Book.keeping`).
  public func select(_ book: Book) -> Book {
    guard let spec else { return book }
    return book.keeping { assignment[$0.fileName] == spec.index }
  }

  /// The book's identity: a hash of every loaded chapter's file name and
  /// bytes, in file-name order.
  public static func identity(of book: Book) -> ReportDocument.BookIdentity {
    let chapters = book.chapters.sorted { byBytes($0.fileName, $1.fileName) }
    var hasher = ContentHasher()
    hasher.add("format", "book-v1")
    for chapter in chapters {
      hasher.add("name", chapter.fileName)
      hasher.add("content", chapter.bytes)
    }
    return ReportDocument.BookIdentity(identity: hasher.finalize(), chapters: chapters.map(\.fileName))
  }

  static func byBytes(_ a: String, _ b: String) -> Bool {
    Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
  }
}

extension ShardPlan {
  /// `--shard I/N`: the I-th of N parts of the book (1-based).
  public struct Spec: Hashable, Sendable, CustomStringConvertible {
    /// The most shards `--shard` accepts.
    public static let maximumCount = 1000

    public var index: Int
    public var count: Int

    /// `index` in 1...`count`, `count` in 1...`maximumCount`.
    public init?(index: Int, count: Int) {
      guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
      self.index = index
      self.count = count
    }

    /// Parses "I/N" ("2/4"); nil when it is not that form or I is not in 1...N.
    public init?(_ text: String) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
        let index = Int(parts[0]), let count = Int(parts[1])
      else { return nil }
      self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
  }
}

extension ShardPlan {
  /// The cost of verifying one chapter without the result cache.
  public struct Cost: Hashable, Sendable {
    /// The chapter's file name (`02-fade.md`).
    public var name: String
    public var milliseconds: Int

    public init(name: String, milliseconds: Int) {
      self.name = name
      self.milliseconds = milliseconds
    }
  }
}

extension ShardPlan {
  /// Longest processing time first: each chapter, most costly first, goes to
  /// the shard with the least cost so far. The longest shard is at most
  /// 4/3 − 1/(3N) of the best split's (Graham, 1969).
  public enum Planner {
    /// The shard (1-based) of every chapter.
    ///
    /// Depends only on the set of (name, cost) pairs, never on their order:
    /// chapters are taken by cost, then by file name (bytes compared); a tie
    /// between shards goes to the one with fewer chapters, then the lowest
    /// index (so chapters that cost nothing still spread out).
    public static func assign(_ costs: [ShardPlan.Cost], shards: Int) -> [String: Int] {
      precondition(shards >= 1)
      let ordered = costs.sorted { a, b in
        a.milliseconds != b.milliseconds
          ? a.milliseconds > b.milliseconds
          : Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8))
      }
      var loads = Array(repeating: 0, count: shards)
      var counts = Array(repeating: 0, count: shards)
      var assignment: [String: Int] = [:]
      for chapter in ordered {
        var lightest = 0
        for shard in loads.indices
        where (loads[shard], counts[shard]) < (loads[lightest], counts[lightest]) { lightest = shard }
        loads[lightest] += max(0, chapter.milliseconds)
        counts[lightest] += 1
        assignment[chapter.name] = lightest + 1
      }
      return assignment
    }
  }
}

extension ShardPlan {
  /// The committed cost file: seconds per chapter, measured by
  /// `verify --record-costs` (every chapter compiled, the cache not read),
  /// rounded to a tenth of a second so that re-recording on a similar
  /// machine rarely changes it.
  public enum CostFile {
    /// Its name, in the book folder.
    public static let name = "verify-costs.json"

    struct Contents: Codable {
      var about: String? = "Seconds each chapter takes to verify without the result cache, measured by "
        + "'workbook verify --record-costs'. 'workbook verify --shard I/N' balances the shards with them; commit this file."
      var chapters: [String: Double]
      var schemaVersion = 1
    }

    /// The recorded costs in milliseconds by chapter file name, or nil when
    /// the book has no cost file.
    ///
    /// - Throws: `.badCostFile` when it exists but cannot be read: every
    ///   machine reads the same committed file, so it is an error rather than
    ///   a silent fall-back.
    public static func load(book: String) throws(ReportDocument.Problem) -> [String: Int]? {
      let path = book + "/" + name
      guard Files.exists(path) else { return nil }
      let shown = Files.display(path)
      guard let bytes = Files.read(path) else { throw .badCostFile(file: shown, reason: "it cannot be read") }
      guard bytes.count <= 1 << 20 else { throw .badCostFile(file: shown, reason: "it is more than 1 MiB") }
      let contents: Contents
      do {
        contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
      } catch {
        throw .badCostFile(file: shown, reason: DecodingProblem.sentence(error))
      }
      if let duplicate = JSONDuplicateKey.problem(in: bytes) { throw .badCostFile(file: shown, reason: duplicate) }
      guard contents.schemaVersion == 1 else {
        throw .badCostFile(file: shown, reason: "its schemaVersion is \(contents.schemaVersion), this workbook reads 1")
      }
      var costs: [String: Int] = [:]
      for (chapter, seconds) in contents.chapters {
        guard seconds.isFinite, seconds >= 0, seconds < 1e6 else {
          throw .badCostFile(file: shown, reason: "'chapters.\(chapter)' should be a number of seconds, from 0 up")
        }
        costs[chapter] = Int((seconds * 1000).rounded())
      }
      return costs
    }

    /// The cost file's text with `measured` (seconds by chapter name) over
    /// `previous` (milliseconds), keeping only chapters in `keep`.
    static func text(measured: [String: Double], previous: [String: Int], keep: Set<String>) -> String {
      var seconds: [String: Double] = [:]
      for (chapter, ms) in previous where keep.contains(chapter) { seconds[chapter] = Double(ms) / 1000 }
      for (chapter, value) in measured { seconds[chapter] = max(0.1, (value * 10).rounded() / 10) }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(Contents(chapters: seconds))) ?? Data()
      return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes the measured chapters' costs (their durations in `verified`)
    /// into the book's cost file, keeping the other chapters' entries and
    /// dropping entries of chapters no longer in the book.
    ///
    /// - Returns: The file's path, as shown to the user.
    @discardableResult
    public static func record(_ verified: VerifiedBook) throws -> String {
      let previous = (try? load(book: verified.book.folder)) ?? nil
      // Every chapter file's name, wherever it is in the book (a catalog's articles are in folders).
      let names = Set(verified.book.chapterFiles.map { ($0 as NSString).lastPathComponent })
      var measured: [String: Double] = [:]
      for chapter in verified.chapters where !chapter.report.cached {
        measured[chapter.chapter.fileName] = chapter.report.duration
      }
      let path = verified.book.folder + "/" + name
      try Files.writeAtomically(Array(text(measured: measured, previous: previous ?? [:], keep: names).utf8), to: path)
      return Files.display(path)
    }
  }
}

extension ShardPlan {
  /// A chapter's cost when the cost file does not list it: an estimate from
  /// its text alone (programs compiled, snippets, bytes of code), scaled to
  /// the recorded costs when there are some, so the two kinds mix.
  public enum Estimate {
    /// Milliseconds, unscaled: 1 s for the chapter program, 0.6 s for each
    /// program of its own (a compile-fail snippet, an exercise starter or
    /// solution: they compile side by side with the chapter's), 0.1 s per
    /// checked snippet, 1 ms per 100 bytes of code. Fitted to the book's
    /// measured costs (November 2026: correlation 0.8 over 13 chapters).
    public static func milliseconds(_ chapter: Chapter) -> Int {
      let chapterProgram = chapter.snippets.contains { $0.kind.isInChapterProgram } ? 1 : 0
      var ownPrograms = 0
      var checked = 0
      var codeBytes = 0
      for snippet in chapter.snippets where snippet.kind != .ignore {
        checked += 1
        codeBytes += snippet.code.utf8.count
        switch snippet.kind {
        case .compileFail, .exerciseStarter, .exerciseSolution: ownPrograms += 1
        case .run, .noRun, .ignore: break
        }
      }
      return 1000 * chapterProgram + 600 * ownPrograms + 100 * checked + codeBytes / 100
    }

    /// Every chapter's cost: recorded where the file lists it, else the
    /// estimate times (recorded ÷ estimated) over the chapters that have both.
    public static func costs(of chapters: [Chapter], recorded: [String: Int]) -> [ShardPlan.Cost] {
      var recordedSum = 0
      var estimateSum = 0
      for chapter in chapters {
        guard let cost = recorded[chapter.fileName] else { continue }
        recordedSum += cost
        estimateSum += milliseconds(chapter)
      }
      return chapters.map { chapter in
        if let cost = recorded[chapter.fileName] { return ShardPlan.Cost(name: chapter.fileName, milliseconds: cost) }
        let estimate = milliseconds(chapter)
        let scaled = recordedSum > 0 && estimateSum > 0 ? Int(Int64(estimate) * Int64(recordedSum) / Int64(estimateSum)) : estimate
        return ShardPlan.Cost(name: chapter.fileName, milliseconds: scaled)
      }
    }
  }
}
