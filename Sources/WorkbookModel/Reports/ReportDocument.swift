// ReportDocument: the JSON report of `workbook verify --format json` and
// `workbook report merge`, schema version 1 (Guides/Reports.md describes
// every field). One type writes it and reads it back, so the writer and the
// readers (report merge, CI) cannot drift apart.
import Foundation
import WorkbookSupport

/// The verify report as JSON: what was verified (the book, the engine, the
/// shard), the verdict on every chapter and snippet, and a summary.
public struct ReportDocument: Codable, Hashable, Sendable {
  /// The schema this workbook writes and the newest it reads.
  public static let currentSchemaVersion = 1
  /// Reports bigger than this are refused unread (a real one is a few MB).
  public static let maximumBytes = 128 << 20

  /// The schema of this document (see Guides/Reports.md for the rule).
  public var schemaVersion: Int
  /// Whether nothing failed.
  public var passed: Bool
  public var summary: ReportDocument.Summary
  public var book: ReportDocument.BookIdentity
  public var engine: ReportDocument.EngineIdentity
  /// The Swift language mode the snippets were compiled in (5 or 6, the
  /// book's `site.json`); nil in reports written before it was stated.
  public var swiftLanguageMode: Int?
  /// The device the snippets ran on (the book's `site.json`, `"device"`);
  /// nil: the engine's default, the iPhone SE (1st generation).
  public var device: String?
  /// Whether Reduce Motion was on (the book's `site.json`); nil in reports
  /// written before it was stated.
  public var reduceMotion: Bool?
  /// Which part of the book this report covers; nil: the whole plan (an
  /// unsharded run, or shards merged).
  public var shard: ReportDocument.Shard?
  /// The chapters verified, in the book's order.
  public var chapters: [ChapterReport]

  public init(
    book: BookIdentity, engine: EngineIdentity, shard: Shard?, chapters: [ChapterReport], seconds: Double,
    swiftLanguageMode: SwiftLanguageMode? = nil, device: String? = nil, reduceMotion: Bool? = nil
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.book = book
    self.engine = engine
    self.swiftLanguageMode = swiftLanguageMode?.rawValue
    self.device = device
    self.reduceMotion = reduceMotion
    self.shard = shard
    self.chapters = chapters
    let report = VerifyReport(chapters: chapters, duration: seconds, engineBuilt: false)
    self.passed = !report.failed
    self.summary = ReportDocument.Summary(report)
  }

  /// The chapters as a `VerifyReport`, for `ReportRenderer`'s text and
  /// GitHub forms.
  public var verifyReport: VerifyReport {
    VerifyReport(chapters: chapters, duration: summary.seconds, engineBuilt: false)
  }

  // MARK: - Writing

  /// The document as JSON: one line, keys sorted, a final newline. (Not
  /// indented: the films' frame data would make a book's report four times
  /// larger; `jq .` indents it for reading.)
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  // MARK: - Reading

  /// Reads a report file.
  ///
  /// - Parameter path: The file; errors name it as given.
  /// - Throws: `ReportError` when the file is missing, too big, not JSON,
  ///   not a report, of a newer schema, or not in the schema.
  public static func read(_ path: String) throws(ReportDocument.Problem) -> ReportDocument {
    var info = stat()
    guard stat(path, &info) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(file: path, reason: "it is not a regular file") }
    guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(file: path, bytes: Int(info.st_size)) }
    guard let bytes = Files.read(path) else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
    return try decode(bytes, file: path)
  }

  /// Decodes a report (see `read`); `file` names it in errors.
  public static func decode(_ bytes: [UInt8], file: String) throws(ReportDocument.Problem) -> ReportDocument {
    guard bytes.count <= maximumBytes else { throw .tooLarge(file: file, bytes: bytes.count) }
    if bytes.contains(0) || String(bytes: bytes, encoding: .utf8) == nil {
      throw .notJSON(file: file, reason: "it holds binary data, not UTF-8 text")
    }
    let data = Data(bytes)
    // The version first, so that a newer schema is named as such rather
    // than as a field this workbook does not know.
    struct Probe: Decodable {
      var schemaVersion: Int?
      var version: Int?
    }
    let probe: Probe
    do {
      probe = try JSONDecoder().decode(Probe.self, from: data)
    } catch let error as DecodingError {
      if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
        throw .notAReport(file: file, reason: "its top level is not a JSON object")
      }
      if case .typeMismatch = error { throw .notAReport(file: file, reason: "'schemaVersion' should be a whole number") }
      throw .notJSON(file: file, reason: bytes.isEmpty ? "it is empty" : "it is not valid JSON (truncated or damaged)")
    } catch {
      throw .notJSON(file: file, reason: "it is not valid JSON (truncated or damaged)")
    }
    guard let version = probe.schemaVersion else {
      if probe.version != nil { throw .olderSchema(file: file) }
      throw .notAReport(file: file, reason: "it has no 'schemaVersion'")
    }
    guard version <= currentSchemaVersion else {
      throw .newerSchema(file: file, found: version, supported: currentSchemaVersion)
    }
    guard version >= 1 else { throw .notAReport(file: file, reason: "its 'schemaVersion' is \(version)") }
    // JSONDecoder keeps one of two equal keys without a word: a report
    // that says `"passed": false, "passed": true` says nothing.
    if let duplicate = JSONDuplicateKey.problem(in: bytes) { throw .notAReport(file: file, reason: duplicate) }
    var document: ReportDocument
    do {
      document = try JSONDecoder().decode(ReportDocument.self, from: data)
    } catch {
      throw .notAReport(file: file, reason: DecodingProblem.sentence(error))
    }
    // The verdict is the chapters' error findings: a snippet counted as
    // failed in a chapter that has none contradicts it.
    for chapter in document.chapters {
      if let snippet = chapter.unexplainedSnippet {
        throw .notAReport(
          file: file,
          reason: "the chapter '\(chapter.path)' has a snippet that failed or was not run (line \(snippet.line), "
            + "'\(snippet.status.rawValue)') but no error finding")
      }
    }
    // `passed` and the summary are worked out from the chapters again,
    // never taken from the file.
    document.recount(seconds: document.summary.seconds)
    return document
  }

  /// Works `passed` and `summary` out from the chapters, the run taking
  /// `seconds`.
  mutating func recount(seconds: Double) {
    let report = VerifyReport(chapters: chapters, duration: seconds, engineBuilt: false)
    passed = !report.failed
    summary = ReportDocument.Summary(report)
  }
}

extension ErrorText {
  public static func message(for error: ReportDocument.Problem) -> String {
    switch error {
    case .unreadable(let file, let reason):
      return "Cannot read the report '\(file)': \(reason)"
    case .tooLarge(let file, let bytes):
      return "The report '\(file)' is \(bytes) bytes, more than the \(ReportDocument.maximumBytes) a report may have; "
        + "pass the JSON that 'workbook verify --format json' wrote"
    case .notJSON(let file, let reason):
      return "The report '\(file)' cannot be read: \(reason); pass the JSON that 'workbook verify --format json' wrote"
    case .notAReport(let file, let reason):
      return "'\(file)' is not a workbook report: \(reason); pass the JSON that 'workbook verify --format json' wrote"
    case .olderSchema(let file):
      return "The report '\(file)' was written by a workbook older than report schema 1; run 'workbook verify --format json' again"
    case .newerSchema(let file, let found, let supported):
      return "The report '\(file)' has schema version \(found), newer than the \(supported) this workbook reads; "
        + "update workbook (or read it with the workbook that wrote it)"
    case .differentBook(let file, let first):
      return "'\(file)' and '\(first)' verified different books (or different chapter selections); "
        + "merge only the shards of one run, made from the same commit"
    case .differentEngine(let file, let first, let engine, let firstEngine):
      return "'\(file)' and '\(first)' ran against different engines or compilers ('\(engine)' and '\(firstEngine)'); "
        + "merge only the shards of one run, on one Swift release"
    case .differentSetting(let file, let first, let difference, let value, let firstValue):
      return "'\(file)' and '\(first)' \(difference) (\(value) and \(firstValue)); merge only the shards of one run"
    case .differentShardCount(let file, let count, let first, let firstCount):
      func name(_ count: Int?) -> String { count.map { "\($0) shards" } ?? "no shards (a whole run)" }
      return "'\(file)' is one of \(name(count)) but '\(first)' one of \(name(firstCount)); "
        + "merge the reports of one 'verify --shard I/N' run, with the same N"
    case .sameShard(let file, let first, let index, let count):
      return "'\(file)' and '\(first)' are both shard \(index)/\(count); pass each shard's report once"
    case .sameChapter(let file, let first, let chapter):
      return file == first
        ? "'\(file)' reports the chapter '\(chapter)' twice"
        : "'\(file)' and '\(first)' both report the chapter '\(chapter)'; pass each shard's report once"
    case .inconsistentShard(let file, let reason):
      return "The report '\(file)' does not agree with itself: \(reason)"
    case .missingShards(let indices, let count, let chapters):
      let shards = indices.map { "\($0)/\(count)" }.joined(separator: ", ")
      let list = chapters.prefix(5).joined(separator: ", ") + (chapters.count > 5 ? ", …" : "")
      if indices.isEmpty {
        return "The shards' reports leave \(chapters.count) chapter\(chapters.count == 1 ? "" : "s") "
          + "in no report (\(list)); run every shard from the same commit"
      }
      return "No report for shard\(indices.count == 1 ? "" : "s") \(shards), so \(chapters.count) "
        + "chapter\(chapters.count == 1 ? " is" : "s are") in no report (\(list)); pass every shard's report"
    case .differentPlan(let file, let first):
      return "'\(file)' and '\(first)' split the book differently (their machines read different "
        + "\(ShardPlan.CostFile.name) files); run every shard from the same commit"
    case .noReports:
      return "No reports to merge; pass the JSON files that 'workbook verify --shard I/N --format json' wrote"
    case .notThisBook(let file, let book):
      return "The report '\(file)' verified another version of the book than '\(book)' holds now; "
        + "run 'workbook verify --format json' again"
    case .onlyAShard(let file, let index, let count):
      return "The report '\(file)' is shard \(index)/\(count), not the whole book; "
        + "merge the shards first with 'workbook report merge'"
    case .someChapters(let file, let verified, let total):
      return "The report '\(file)' verified \(verified) of the book's \(total) chapters, not the whole book; "
        + "run 'workbook verify --format json' without chapter names"
    case .badCostFile(let file, let reason):
      return "Cannot read the chapter costs '\(file)': \(reason); "
        + "run 'workbook verify --record-costs' to write it again, or delete it to balance by estimates"
    }
  }
}

extension ReportDocument {
  /// The report of a verified book; `plan` names the book and the shard
  /// (without one: the verified chapters are the whole plan).
  public init(_ verified: VerifiedBook, plan: ShardPlan? = nil) {
    self.init(book: plan?.book ?? ShardPlan.identity(of: verified.book), engine: verified.engine,
              shard: plan?.reportShard, chapters: verified.chapters.map(\.report), seconds: verified.duration,
              swiftLanguageMode: verified.book.site.swiftLanguageMode,
              device: verified.book.site.device, reduceMotion: verified.book.site.reduceMotion)
  }
}

extension ReportDocument {
  /// The verified book this report describes, for a reader that renders
  /// it (the site, `play`) without verifying again: each chapter of
  /// `book` beside its report, by file name.
  ///
  /// - Parameters:
  ///   - book: The book as loaded now (all of the report's chapters).
  ///   - file: The report's file, for errors.
  /// - Throws: `.onlyAShard` for one shard's report; `.someChapters` for
  ///   a run of chosen chapters; `.notThisBook` when `book`'s chapters are
  ///   not, byte for byte, the ones verified; `.inconsistentShard` when a
  ///   chapter of the book has no report in the file.
  public func verifiedBook(_ book: Book, file: String) throws(ReportDocument.Problem) -> VerifiedBook {
    if let shard { throw .onlyAShard(file: file, index: shard.index, count: shard.count) }
    let identity = ShardPlan.identity(of: book)
    guard identity == self.book else {
      if identity.chapters != self.book.chapters, Set(self.book.chapters).isStrictSubset(of: identity.chapters) {
        throw .someChapters(file: file, verified: self.book.chapters.count, of: identity.chapters.count)
      }
      throw .notThisBook(file: file, book: Files.display(book.folder))
    }
    let reports = Dictionary(chapters.map { (ReportDocument.Merger.chapterName($0), $0) }, uniquingKeysWith: { first, _ in first })
    var paired: [VerifiedBook.VerifiedChapter] = []
    for chapter in book.chapters {
      guard let report = reports[chapter.fileName] else {
        throw .inconsistentShard(file: file, reason: "its book lists '\(chapter.fileName)' but no chapter reports it")
      }
      paired.append(VerifiedBook.VerifiedChapter(chapter: chapter, report: report))
    }
    return VerifiedBook(book: book, chapters: paired, duration: summary.seconds, engineBuilt: false, engine: engine)
  }
}

extension ReportDocument {
  /// The counts of a report.
  public struct Summary: Codable, Hashable, Sendable {
    public var chapters: Int
    /// Snippets checked (not `ignore`).
    public var snippets: Int
    public var passed: Int
    /// Snippets that failed or were not run.
    public var failed: Int
    /// Of `failed`, the snippets not run because something before them failed.
    public var notRun: Int
    /// Seconds the verification took (merged: the slowest shard's).
    public var seconds: Double

    init(_ report: VerifyReport) {
      chapters = report.chapters.count
      snippets = report.snippetCount
      passed = report.passedCount
      failed = report.failedCount
      notRun = report.chapters.reduce(0) { $0 + $1.snippets.filter { $0.status == .notRun }.count }
      seconds = (report.duration * 1000).rounded() / 1000
    }
  }
}

extension ReportDocument {
  /// Which book was verified.
  public struct BookIdentity: Codable, Hashable, Sendable {
    /// A hash of the planned chapters' file names and contents: equal on
    /// every machine that checked out the same book.
    public var identity: String
    /// The planned chapters' file names (the whole book, or the chapters
    /// named on the command line), sorted; a shard verifies some of them.
    public var chapters: [String]

    public init(identity: String, chapters: [String]) {
      self.identity = identity
      self.chapters = chapters
    }
  }
}

extension ReportDocument {
  /// Which engine and compiler the snippets ran against.
  public struct EngineIdentity: Codable, Hashable, Sendable {
    /// A hash of the engine's and the diagrams harness's sources and the
    /// compiler's version: equal on every machine with the same checkout and
    /// the same Swift release (unlike the engine cache's key, which also
    /// holds the compiler binary's size and time).
    public var identity: String
    /// The compiler's version line.
    public var compiler: String

    public init(identity: String, compiler: String) {
      self.identity = identity
      self.compiler = compiler
    }
  }
}

extension ReportDocument {
  /// The part of the book one `--shard I/N` run verified.
  public struct Shard: Codable, Hashable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int
    /// The chapters assigned to this shard (file names, sorted).
    public var chapters: [String]
    /// A hash of the whole split (every chapter's shard): equal in every
    /// shard of one run; shards that disagree were split from different
    /// cost files.
    public var plan: String

    public init(index: Int, count: Int, chapters: [String], plan: String) {
      self.index = index
      self.count = count
      self.chapters = chapters
      self.plan = plan
    }
  }
}

extension ReportDocument {
  /// A report that cannot be read or merged.
  public enum Problem: Error, Hashable, Sendable {
    case unreadable(file: String, reason: String)
    case tooLarge(file: String, bytes: Int)
    case notJSON(file: String, reason: String)
    case notAReport(file: String, reason: String)
    /// A report written before the schema was versioned (`"version": 1`).
    case olderSchema(file: String)
    case newerSchema(file: String, found: Int, supported: Int)
    /// Reports of different books (or chapter selections).
    case differentBook(file: String, first: String)
    /// Reports made with different engines or compilers.
    case differentEngine(file: String, first: String, engine: String, firstEngine: String)
    /// Reports whose snippets were compiled or run with different settings
    /// (`site.json`'s: the language mode, the device, Reduce Motion):
    /// `difference` says how ("ran the snippets on different devices"),
    /// `value` and `firstValue` name each report's setting.
    case differentSetting(file: String, first: String, difference: String, value: String, firstValue: String)
    /// Reports of different shard counts, or a sharded one with an unsharded one.
    case differentShardCount(file: String, count: Int?, first: String, firstCount: Int?)
    /// The same shard twice.
    case sameShard(file: String, first: String, index: Int, count: Int)
    /// The same chapter in two reports (or twice in one).
    case sameChapter(file: String, first: String, chapter: String)
    /// A report's chapters are not the ones its shard names, or not in its book.
    case inconsistentShard(file: String, reason: String)
    /// Shards missing: their chapters are in no report.
    case missingShards(indices: [Int], count: Int, chapters: [String])
    /// Shards of one run split the book differently (different cost files).
    case differentPlan(file: String, first: String)
    case noReports
    /// The chapter cost file cannot be read.
    case badCostFile(file: String, reason: String)
    /// A report read against a book that is not the one it verified.
    case notThisBook(file: String, book: String)
    /// A shard's report read as the whole book's.
    case onlyAShard(file: String, index: Int, count: Int)
    /// A report of some chapters (named on the command line) read as the
    /// whole book's.
    case someChapters(file: String, verified: Int, of: Int)
  }
}
