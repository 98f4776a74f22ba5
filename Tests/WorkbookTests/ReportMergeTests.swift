// The versioned JSON report, `workbook report merge`, and the JUnit and
// GitHub forms: shards of a fixture book merged into what one run reports,
// golden files of the merged outputs, merges that must be refused, and
// hostile report files.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SnapshotSupport
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// Runs the built `workbook` in `directory` against the stand-in engine.
private func workbook(_ arguments: [String], in directory: String, engine: Bool = true) throws -> TestPackage.Outcome {
  let args = arguments + (engine ? ["--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache] : [])
  return try TestPackage.runWorkbook(args, in: directory)
}

@Suite("Sharded verify and report merge", .serialized)
struct ShardedVerifyTests {
  /// The fixture book `shards` (4 chapters: passing, a mismatch with
  /// markup and control characters, a compile error, ignored snippets),
  /// verified whole and as 2 shards, reports written to files.
  struct Runs {
    var root: String
    var whole: ReportDocument
    var wholeText: String
    var shardFiles: [String]
  }

  static let runs: Result<Runs, any Error> = Result {
    let book = try Fixtures.book("shards")
    let root = (book as NSString).deletingLastPathComponent
    let whole = try workbook(["verify", "--format", "json"], in: root)
    try #require(whole.status == 1, "\(whole.stderr)")
    let wholeText = try workbook(["verify"], in: root).stdout
    var files: [String] = []
    for index in 1...2 {
      let shard = try workbook(["verify", "--shard", "\(index)/2", "--format", "json"], in: root)
      try #require(shard.status <= 1, "\(shard.stderr)")
      try #require(shard.stderr.hasPrefix("Shard \(index)/2: 2 of 4 chapters ("), "\(shard.stderr)")
      let file = root + "/shard-\(index).json"
      try shard.stdout.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    return Runs(root: root, whole: try ReportDocument.decode(Array(whole.stdout.utf8), file: "whole"),
                wholeText: wholeText, shardFiles: files)
  }

  /// What a chapter's verdict is, without when and how fast.
  static func verdict(_ chapter: ChapterReport) -> ChapterReport {
    var chapter = chapter
    chapter.duration = 0
    chapter.cached = false
    return chapter
  }

  @Test func twoShardsTogetherReportExactlyTheChaptersOfOneRun() throws {
    let runs = try Self.runs.get()
    let shards = try runs.shardFiles.map { try ReportDocument.read($0) }
    // Disjoint, together the whole book, each shard's chapters its own.
    let names = shards.map { $0.chapters.map(ReportDocument.Merger.chapterName) }
    #expect(Set(names[0]).isDisjoint(with: names[1]))
    #expect(Set(names[0] + names[1]) == Set(runs.whole.chapters.map(ReportDocument.Merger.chapterName)))
    #expect(shards.map { $0.shard?.chapters.sorted() } == names.map { $0.sorted() })
    #expect(shards.allSatisfy { $0.book == runs.whole.book && $0.engine == runs.whole.engine })
    #expect(!runs.whole.engine.identity.isEmpty && runs.whole.engine.compiler.hasPrefix("Swift version"))

    let merged = try workbook(["report", "merge"] + runs.shardFiles + ["--format", "json"], in: runs.root, engine: false)
    #expect(merged.status == 1)
    let document = try ReportDocument.decode(Array(merged.stdout.utf8), file: "merged")
    #expect(document.chapters.map(Self.verdict) == runs.whole.chapters.map(Self.verdict))
    #expect(document.summary.snippets == runs.whole.summary.snippets)
    #expect(document.summary.failed == runs.whole.summary.failed)
    #expect(document.passed == runs.whole.passed)
    #expect(document.book == runs.whole.book && document.engine == runs.whole.engine && document.shard == nil)

    // The text report too, but for the time it took.
    let text = try workbook(["report", "merge"] + runs.shardFiles, in: runs.root, engine: false)
    func untimed(_ s: String) -> String { s.replacingOccurrences(of: #" in [0-9.]+ s\n"#, with: "", options: .regularExpression) }
    #expect(untimed(text.stdout) == untimed(runs.wholeText))
  }

  @Test func moreShardsThanChaptersLeavesAnEmptyShardThatStillMerges() throws {
    let runs = try Self.runs.get()
    var files: [String] = []
    for index in 1...5 {
      let shard = try workbook(["verify", "--shard", "\(index)/5", "--format", "json"], in: runs.root)
      #expect(shard.status <= 1)
      let file = runs.root + "/five-\(index).json"
      try shard.stdout.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let counts = try files.map { try ReportDocument.read($0).chapters.count }
    #expect(counts.sorted() == [0, 1, 1, 1, 1])
    let merged = try workbook(["report", "merge", "--format", "json"] + files.reversed(), in: runs.root, engine: false)
    let document = try ReportDocument.decode(Array(merged.stdout.utf8), file: "merged")
    #expect(document.chapters.map(Self.verdict) == runs.whole.chapters.map(Self.verdict))
  }

  /// The shards with every time and the engine fixed, so that the merged
  /// outputs can be compared byte for byte.
  static func normalizedShards(_ runs: Runs) throws -> [String] {
    try runs.shardFiles.enumerated().map { offset, file in
      var document = try ReportDocument.read(file)
      for i in document.chapters.indices {
        document.chapters[i].duration = 0.25 * Double(i + 1) + Double(offset)
        document.chapters[i].cached = false
      }
      document.summary.seconds = 1.5 + Double(offset)
      document.engine = ReportDocument.EngineIdentity(identity: "0123456789abcdef", compiler: "Swift version 6.x")
      let path = runs.root + "/normalized-\(offset + 1).json"
      try document.json().write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
  }

  @Test func mergedOutputsMatchTheirGoldenFiles() throws {
    let runs = try Self.runs.get()
    let files = try Self.normalizedShards(runs)
    for (format, golden) in [("text", "merged.txt"), ("json", "merged.json"), ("junit", "merged.junit.xml"),
                             ("github", "merged.github.txt")] {
      let out = try workbook(["report", "merge", "--format", format] + files, in: runs.root, engine: false)
      #expect(out.status == 1, "\(out.stderr)")
      assertSnapshot(out.stdout, named: golden)
    }
    // --output writes the same bytes to a file and says so on stderr.
    let written = try workbook(["report", "merge", "--format", "junit", "--output", "out/verify.xml"] + files,
                               in: runs.root, engine: false)
    #expect(written.status == 2)
    #expect(written.stderr.hasPrefix("error: Cannot write 'out/verify.xml': "))
    let ok = try workbook(["report", "merge", "--format", "junit", "--output", "verify.xml"] + files,
                          in: runs.root, engine: false)
    #expect(ok.status == 1 && ok.stdout.isEmpty)
    #expect(ok.stderr.hasPrefix("Merged 2 reports into verify.xml: 4 chapters, 9 snippets: "))
    #expect(Fixtures.read(runs.root + "/verify.xml") == Fixtures.read(Snapshot.path(named: "merged.junit.xml", filePath: #filePath)))
  }

  @Test func junitOfVerifyIsWellFormedWithASuitePerChapter() throws {
    let runs = try Self.runs.get()
    let out = try workbook(["verify", "--format", "junit"], in: runs.root)
    #expect(out.status == 1)
    let xml = try XMLShape.parse(out.stdout)
    #expect(xml.suites == ["01-passing.md", "02-mismatch.md", "03-compile-error.md", "04-ignored.md"])
    #expect(xml.cases.contains("02-mismatch.md:11"))
    #expect(xml.failures == 1 && xml.errors == 1 && xml.skipped == 3)
    // The ESC and BEL the snippet printed are shown, not written.
    #expect(out.stdout.contains(#"+\e[31mred\e[0m and a bell \u{7}"#))
    #expect(!out.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func shardOptionIsCheckedAndCostsAreRecorded() throws {
    let runs = try Self.runs.get()
    for bad in ["0/2", "3/2", "two", "1/2/3"] {
      let out = try workbook(["verify", "--shard", bad], in: runs.root)
      #expect(out.status == 64 || out.status == 2)
      #expect(out.stderr.contains("'--shard' takes I/N with 1 ≤ I ≤ N ≤ 1000, e.g. 2/4; got '\(bad)'"), "\(out.stderr)")
    }
    let both = try workbook(["verify", "--shard", "1/2", "--record-costs"], in: runs.root)
    #expect(both.stderr.contains("'--record-costs' measures the whole book on one machine; run it without '--shard'"))

    // Recording compiles every chapter (the cache is not read) and writes
    // one rounded entry per chapter; shards then balance by them.
    let book = try Fixtures.book("shards")
    let root = (book as NSString).deletingLastPathComponent
    let recorded = try workbook(["verify", "--record-costs", "--format", "json"], in: root)
    #expect(recorded.status == 1)
    #expect(recorded.stderr.contains("Recorded the cost of 4 chapters in Chapters/verify-costs.json"), "\(recorded.stderr)")
    #expect(try ReportDocument.decode(Array(recorded.stdout.utf8), file: "r").chapters.allSatisfy { !$0.cached })
    let costs = try #require(try ShardPlan.CostFile.load(book: book))
    #expect(costs.keys.sorted() == ["01-passing.md", "02-mismatch.md", "03-compile-error.md", "04-ignored.md"])
    #expect(costs.values.allSatisfy { $0 >= 100 && $0 % 100 == 0 })
    let shard = try workbook(["verify", "--shard", "1/2"], in: root)
    #expect(shard.stderr.contains(" by the cost file\n"), "\(shard.stderr)")
    // The cost file is not a chapter, and does not change the book's identity.
    let json = try workbook(["verify", "--format", "json"], in: root)
    #expect(try ReportDocument.decode(Array(json.stdout.utf8), file: "r").book == runs.whole.book)
  }

  /// A shard with no chapters (4 chapters in 5 shards) builds no engine
  /// and starts no compiler, yet its report names the engine as the other
  /// shards' do. Its `swiftc` is a script that answers the toolchain probe
  /// (`-print-target-info`) as the real one does and fails loudly, leaving
  /// a log, for anything else.
  @Test func anEmptyShardNamesTheEngineWithoutCompiling() throws {
    let runs = try Self.runs.get()
    let book = try Fixtures.book("shards")
    let root = (book as NSString).deletingLastPathComponent
    let real = try Toolchain.locate(cacheDirectory: Fixtures.engineCache).swiftc
    let bin = root + "/bin", log = root + "/compiler-started.log"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try """
      #!/bin/sh
      if [ "$1" = "-print-target-info" ]; then exec '\(real)' "$@"; fi
      echo "$@" >> '\(log)'
      echo "error: swiftc was started: $*" >&2
      exit 1

      """.write(toFile: bin + "/swiftc", atomically: true, encoding: .utf8)
    chmod(bin + "/swiftc", 0o755)
    // The real linker beside it, so that the identity's flags are the real toolchain's.
    let realBin = (real as NSString).deletingLastPathComponent
    if FileManager.default.fileExists(atPath: realBin + "/ld.lld") {
      try FileManager.default.createSymbolicLink(atPath: bin + "/ld.lld", withDestinationPath: realBin + "/ld.lld")
    }

    let cache = root + "/fresh-cache"
    let result = try ChildProcess.run(
      TestPackage.binary,
      ["verify", "--shard", "5/5", "--format", "json", "--engine-sources", Fixtures.engineSources, "--cache-dir", cache],
      directory: root, environment: ["WORKBOOK_SWIFTC": bin + "/swiftc"], timeout: 300)
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    #expect(result.termination == .exited(0), "\(stderr)")
    #expect(!FileManager.default.fileExists(atPath: log), "a compiler was started: \(Fixtures.read(log))")
    let report = try ReportDocument.decode(result.stdout, file: "shard-5.json")
    #expect(report.shard?.index == 5 && report.shard?.chapters == [] && report.chapters.isEmpty)
    #expect(report.engine == runs.whole.engine)
    #expect(report.engine.identity.count == 64)
    // The language mode is stated (the fixture book has no site.json: 5).
    #expect(report.swiftLanguageMode == 5)
    #expect(String(decoding: result.stdout, as: UTF8.self).contains(#""swiftLanguageMode":5"#))
    // Nothing built: the engine folder holds only the remembered identity.
    let engineFolder = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/engine")) ?? []
    #expect(engineFolder.allSatisfy { $0.hasPrefix("sources-") }, "\(engineFolder)")
  }

  @Test func identitiesDoNotDependOnWhereTheCheckoutIs() throws {
    let runs = try Self.runs.get()
    // Another checkout: the book and the engine's sources at other paths.
    let book = try Fixtures.book("shards")
    let root = (book as NSString).deletingLastPathComponent
    let engine = try Fixtures.copyEngine(into: root + "/Sources")
    let out = try workbook(["verify", "--shard", "1/2", "--format", "json", "--engine-sources", engine,
                            "--cache-dir", Fixtures.engineCache], in: root, engine: false)
    let report = try ReportDocument.decode(Array(out.stdout.utf8), file: "elsewhere")
    #expect(report.book == runs.whole.book)
    #expect(report.engine == runs.whole.engine)
    #expect(report.shard == (try ReportDocument.read(runs.shardFiles[0])).shard)
  }

  @Test func aMergedReportPairsWithTheBookItVerified() throws {
    let runs = try Self.runs.get()
    let merged = try ReportDocument.Merger.merge(try runs.shardFiles.map { (file: $0, document: try ReportDocument.read($0)) })
    let book = try Book.load(runs.root + "/Chapters")
    let verified = try merged.verifiedBook(book, file: "merged.json")
    #expect(verified.chapters.map(\.chapter.fileName) == book.chapters.map(\.fileName))
    #expect(verified.chapters.map { Self.verdict($0.report) } == runs.whole.chapters.map(Self.verdict))
    #expect(verified.failures.map(\.line) == [15, 9, 3, 17], "the mismatch, the compile error, the two snippets it stopped")
    // One shard is not the book; an edited chapter is another book.
    #expect(throws: ReportDocument.Problem.onlyAShard(file: "s.json", index: 1, count: 2)) {
      try ReportDocument.read(runs.shardFiles[0]).verifiedBook(book, file: "s.json")
    }
    var edited = book
    edited.chapters[0].bytes += Array("\nMore prose.\n".utf8)
    #expect(throws: ReportDocument.Problem.self) { try merged.verifiedBook(edited, file: "merged.json") }
  }

  @Test func mergeRefusesReportsThatDoNotBelongTogether() throws {
    let runs = try Self.runs.get()
    let (one, two) = (runs.shardFiles[0], runs.shardFiles[1])
    func refused(_ files: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let out = try workbook(["report", "merge"] + files, in: runs.root, engine: false)
      #expect(out.status == 2, sourceLocation: sourceLocation)
      #expect(out.stdout.isEmpty, sourceLocation: sourceLocation)
      #expect(out.stderr == "error: " + message + "\n", sourceLocation: sourceLocation)
    }
    try refused([one, one], "'\(one)' and '\(one)' are both shard 1/2; pass each shard's report once")
    let missing = try ReportDocument.read(two).chapters.map(ReportDocument.Merger.chapterName)
    try refused([one], "No report for shard 2/2, so 2 chapters are in no report (\(missing.joined(separator: ", "))); pass every shard's report")
    let wholeFile = runs.root + "/whole.json"
    try runs.whole.json().write(toFile: wholeFile, atomically: true, encoding: .utf8)
    try refused([one, wholeFile], "'\(wholeFile)' is one of no shards (a whole run) but '\(one)' one of 2 shards; "
      + "merge the reports of one 'verify --shard I/N' run, with the same N")
    let none = try workbook(["report", "merge"], in: runs.root, engine: false)
    #expect(none.status == 64 || none.status == 2)
    #expect(none.stderr.contains("Pass the JSON reports to merge, e.g. 'workbook report merge shard-*.json'"))
    // The whole run alone merges to itself: JSON in, any format out.
    let alone = try workbook(["report", "merge", wholeFile, "--format", "json"], in: runs.root, engine: false)
    #expect(alone.stdout == runs.whole.json())
  }
}

/// Merges refused by `ReportMerger`, on reports made in memory.
@Suite("Report merge refusals")
struct ReportMergeRefusalTests {
  static func chapter(_ name: String, failing: Bool = false) -> ChapterReport {
    let finding = Finding(.error, .outputMismatch, file: "Chapters/" + name, line: 5, message: "Output does not match")
    return ChapterReport(
      path: "Chapters/" + name, title: nil,
      snippets: [SnippetReport(
        index: 0, line: 3, kind: "run", hidden: false,
        verdict: failing ? .mismatch(.init(message: "Output does not match", line: 5, expected: "a\n", actual: "b\n",
                                           diff: ["-a", "+b"])) : .passed)],
      findings: failing ? [finding] : [], cached: false, recordedBlocks: 0, duration: 1)
  }

  static let book = ReportDocument.BookIdentity(identity: "book", chapters: ["a.md", "b.md", "c.md"])
  static let engine = ReportDocument.EngineIdentity(identity: "engine", compiler: "Swift version 6.x")

  static func shard(_ index: Int, of count: Int, _ names: [String], book: ReportDocument.BookIdentity = book,
                    engine: ReportDocument.EngineIdentity = engine) -> ReportDocument {
    ReportDocument(book: book, engine: engine, shard: ReportDocument.Shard(index: index, count: count, chapters: names, plan: "plan-\(count)"),
                   chapters: names.map { chapter($0) }, seconds: Double(index))
  }

  func message(_ reports: [(String, ReportDocument)]) -> String? {
    do {
      _ = try ReportDocument.Merger.merge(reports.map { (file: $0.0, document: $0.1) })
      return nil
    } catch {
      return ErrorText.message(for: error)
    }
  }

  @Test func mergesShardsInTheBooksOrder() throws {
    let merged = try ReportDocument.Merger.merge([("2.json", Self.shard(2, of: 2, ["b.md"])),
                                         ("1.json", Self.shard(1, of: 2, ["a.md", "c.md"]))])
    #expect(merged.chapters.map(ReportDocument.Merger.chapterName) == ["a.md", "b.md", "c.md"])
    #expect(merged.shard == nil && merged.summary.seconds == 2 && merged.summary.chapters == 3 && merged.passed)
  }

  @Test func refusesEachKindOfMismatch() throws {
    let one = Self.shard(1, of: 2, ["a.md", "c.md"])
    let two = Self.shard(2, of: 2, ["b.md"])
    #expect(message([]) == "No reports to merge; pass the JSON files that 'workbook verify --shard I/N --format json' wrote")
    #expect(message([("1.json", one), ("x.json", Self.shard(2, of: 2, ["b.md"], book: ReportDocument.BookIdentity(identity: "other", chapters: Self.book.chapters)))])
      == "'x.json' and '1.json' verified different books (or different chapter selections); merge only the shards of one run, made from the same commit")
    #expect(message([("1.json", one), ("x.json", Self.shard(2, of: 2, ["b.md"], engine: ReportDocument.EngineIdentity(identity: "9876543210abcdef0", compiler: "Swift version 7")))])
      == "'x.json' and '1.json' ran against different engines or compilers ('Swift version 7 9876543210ab' and 'Swift version 6.x engine'); merge only the shards of one run, on one Swift release")
    #expect(message([("1.json", one), ("x.json", Self.shard(2, of: 3, ["b.md"]))])?
      .hasPrefix("'x.json' is one of 3 shards but '1.json' one of 2 shards") == true)
    // The same chapter in two shards (a report edited, or shards of two plans).
    #expect(message([("1.json", one), ("x.json", Self.shard(2, of: 2, ["b.md", "c.md"]))])
      == "'x.json' and '1.json' both report the chapter 'c.md'; pass each shard's report once")
    // A report whose chapters are not its shard's.
    var lying = two
    lying.shard?.chapters = ["b.md", "c.md"]
    #expect(message([("1.json", one), ("x.json", lying)])
      == "The report 'x.json' does not agree with itself: its chapters are not the ones 'shard.chapters' names")
    var twice = two
    twice.chapters.append(Self.chapter("b.md"))
    #expect(message([("x.json", twice)]) == "'x.json' reports the chapter 'b.md' twice")
    var stranger = two
    stranger.chapters = [Self.chapter("z.md")]
    #expect(message([("x.json", stranger)])?.contains("'z.md', which is not in its 'book.chapters'") == true)
    var otherPlan = two
    otherPlan.shard?.plan = "another split"
    #expect(message([("1.json", one), ("x.json", otherPlan)])
      == "'x.json' and '1.json' split the book differently (their machines read different verify-costs.json files); run every shard from the same commit")
    var badIndex = two
    badIndex.shard?.index = 3
    #expect(message([("x.json", badIndex)])?.contains("its shard 3/2 is not I/N") == true)
    // Shards compiled in different Swift language modes (site.json changed).
    var swift6 = two
    swift6.swiftLanguageMode = 6
    var swift5 = one
    swift5.swiftLanguageMode = 5
    #expect(message([("1.json", swift5), ("x.json", swift6)])
      == "'x.json' and '1.json' compiled the snippets in different Swift language modes (Swift 6 and Swift 5); merge only the shards of one run")
    swift5.swiftLanguageMode = 6
    #expect(try ReportDocument.Merger.merge([("1.json", swift5), ("x.json", swift6)]).swiftLanguageMode == 6)
    // RELIABILITY-REVIEW-4 M5: shards run on different devices, or with
    // Reduce Motion set differently, merged as the first one's.
    var iPhone15 = one
    iPhone15.device = "iPhone 15"
    iPhone15.reduceMotion = true
    var iPhone8 = two
    iPhone8.device = "iPhone 8"
    iPhone8.reduceMotion = true
    #expect(message([("device-1.json", iPhone15), ("device-2.json", iPhone8)])
      == "'device-2.json' and 'device-1.json' ran the snippets on different devices ('iPhone 8' and 'iPhone 15'); "
        + "merge only the shards of one run")
    iPhone8.device = nil
    #expect(message([("device-1.json", iPhone15), ("device-2.json", iPhone8)])
      == "'device-2.json' and 'device-1.json' ran the snippets on different devices (the engine's default, "
        + "the iPhone SE (1st generation) and 'iPhone 15'); merge only the shards of one run")
    iPhone8.device = "iPhone 15"
    iPhone8.reduceMotion = false
    #expect(message([("device-1.json", iPhone15), ("device-2.json", iPhone8)])
      == "'device-2.json' and 'device-1.json' ran the snippets with Reduce Motion set differently (off and on); "
        + "merge only the shards of one run")
    iPhone8.reduceMotion = true
    let merged = try ReportDocument.Merger.merge([("device-1.json", iPhone15), ("device-2.json", iPhone8)])
    #expect(merged.device == "iPhone 15" && merged.reduceMotion == true && merged.shard == nil)
    #expect(merged.chapters.map(ReportDocument.Merger.chapterName) == ["a.md", "b.md", "c.md"])
  }

  /// Every field of a report is one the shards of a run must state alike
  /// (compared by the merger) or one each shard has its own: a field added
  /// to the report without a place in either fails here.
  @Test func everyFieldOfAReportIsComparedOrEachShardsOwn() {
    let fields = Mirror(reflecting: Self.shard(1, of: 1, ["a.md"])).children.compactMap(\.label)
    let compared = ReportDocument.Merger.agreements.flatMap(\.fields).map { String($0.prefix { $0 != "." }) }
    #expect(fields.contains("device") && fields.contains("chapters"))
    for field in fields {
      #expect(compared.contains(field) || ReportDocument.Merger.fieldsOfEachShard.contains(field),
              "'\(field)' is neither compared by report merge nor each shard's own")
    }
  }
}

/// Report files that are not what they claim.
@Suite("Hostile report files")
struct HostileReportTests {
  static let valid = ReportDocument(
    book: ReportMergeRefusalTests.book, engine: ReportMergeRefusalTests.engine, shard: nil,
    chapters: ["a.md", "b.md", "c.md"].map { ReportMergeRefusalTests.chapter($0) }, seconds: 1)

  func readMessage(_ bytes: [UInt8]) throws -> String? {
    let path = try Fixtures.temporaryDirectory() + "/report.json"
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    do {
      _ = try ReportDocument.read(path)
      return nil
    } catch {
      return ErrorText.message(for: error).replacingOccurrences(of: path, with: "R")
    }
  }

  @Test func validReportRoundTrips() throws {
    let text = Self.valid.json()
    #expect(text.contains("\"schemaVersion\":1"))
    #expect(try ReportDocument.decode(Array(text.utf8), file: "r") == Self.valid)
  }

  @Test func truncatedBinaryEmptyAndOtherJSONAreRefused() throws {
    let text = Array(Self.valid.json().utf8)
    let hint = "; pass the JSON that 'workbook verify --format json' wrote"
    #expect(try readMessage(Array(text.prefix(text.count / 2)))
      == "The report 'R' cannot be read: it is not valid JSON (truncated or damaged)" + hint)
    #expect(try readMessage([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00])
      == "The report 'R' cannot be read: it holds binary data, not UTF-8 text" + hint)
    #expect(try readMessage([0xFF, 0xFE, 0x7B, 0x7D]) == "The report 'R' cannot be read: it holds binary data, not UTF-8 text" + hint)
    #expect(try readMessage([]) == "The report 'R' cannot be read: it is empty" + hint)
    #expect(try readMessage(Array("[1, 2]".utf8)) == "'R' is not a workbook report: its top level is not a JSON object" + hint)
    #expect(try readMessage(Array("{\"passed\": true}".utf8)) == "'R' is not a workbook report: it has no 'schemaVersion'" + hint)
    #expect(try readMessage(Array("{\"schemaVersion\": \"1\"}".utf8)) == "'R' is not a workbook report: 'schemaVersion' should be a whole number" + hint)
    #expect(try readMessage(Array("{\"schemaVersion\": 1, \"passed\": true}".utf8)) == "'R' is not a workbook report: 'summary' is missing" + hint)
    // Deeply nested arrays: an error, not a crash.
    let nested = Array(("{\"schemaVersion\": 1, \"chapters\": " + String(repeating: "[", count: 100_000)).utf8)
    #expect(try readMessage(nested) != nil)
  }

  @Test func versionsOtherThanOneAreNamed() throws {
    var newer = Self.valid
    newer.schemaVersion = 2
    #expect(try readMessage(Array(newer.json().utf8))
      == "The report 'R' has schema version 2, newer than the 1 this workbook reads; update workbook (or read it with the workbook that wrote it)")
    // Unknown fields of a newer minor addition are ignored (the compatibility rule).
    let extended = Self.valid.json().replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":1,\"futureField\":[1,2]")
    #expect(try readMessage(Array(extended.utf8)) == nil)
    let legacy = Self.valid.json().replacingOccurrences(of: "\"schemaVersion\":1", with: "\"version\":1")
    #expect(try readMessage(Array(legacy.utf8))
      == "The report 'R' was written by a workbook older than report schema 1; run 'workbook verify --format json' again")
  }

  // RELIABILITY-REVIEW-3 L4: a report that says it passed when its
  // chapters say otherwise, and a report with one key twice.
  @Test func aReportsVerdictIsWorkedOutFromItsChaptersNeverTakenFromIt() throws {
    let failing = ReportDocument(
      book: ReportMergeRefusalTests.book, engine: ReportMergeRefusalTests.engine, shard: nil,
      chapters: [ReportMergeRefusalTests.chapter("a.md", failing: true), ReportMergeRefusalTests.chapter("b.md"),
                 ReportMergeRefusalTests.chapter("c.md")], seconds: 1)
    #expect(!failing.passed)
    var liar = failing
    liar.passed = true
    liar.summary.failed = 0
    let read = try ReportDocument.decode(Array(liar.json().utf8), file: "liar.json")
    #expect(!read.passed)
    #expect(read.summary == failing.summary)
    let merged = try ReportDocument.Merger.merge([(file: "liar.json", document: read)])
    #expect(!merged.passed)
    // A failing snippet with its error finding taken out: inconsistent.
    var quiet = failing
    quiet.chapters[0].findings = []
    #expect(try readMessage(Array(quiet.json().utf8))
      == "'R' is not a workbook report: the chapter 'Chapters/a.md' has a snippet that failed or was not run "
        + "(line 3, 'mismatch') but no error finding; pass the JSON that 'workbook verify --format json' wrote")
    // One key twice: refused, whichever comes first.
    let twice = Self.valid.json().replacingOccurrences(of: "\"passed\":true", with: "\"passed\":false,\"passed\":true")
    #expect(twice != Self.valid.json())
    #expect(try readMessage(Array(twice.utf8)) == "'R' is not a workbook report: the key 'passed' appears twice in one object; "
      + "pass the JSON that 'workbook verify --format json' wrote")
    // Keys equal in different objects are fine, and so are strings holding quotes and braces.
    #expect(JSONDuplicateKey.first(in: Array(#"{"a":{"a":1},"b":[{"a":"}"{"},{"a":2}]}"#.utf8)) == nil)
    #expect(JSONDuplicateKey.first(in: Array(#"{"a":[1,{"b":1,"b":2}]}"#.utf8)) == "b")
  }

  // RELIABILITY-REVIEW-4 M6: snippets that were never run, in chapters
  // without an error finding, merged as "0 passed, 3 failed" and exit 0
  // (`build --from-report` refused the same file: its site counts a
  // not-run snippet as a failure). One rule now: every snippet that counts
  // as failed needs its chapter's error finding.
  @Test func snippetsNotRunWithoutAnErrorFindingAreAnInconsistentReport() throws {
    var notRun = Self.valid
    for index in notRun.chapters.indices {
      notRun.chapters[index].snippets[0].verdict = .notRun(.init(reason: "the chapter program does not build", stoppedBy: nil))
    }
    #expect(notRun.chapters.allSatisfy { $0.findings.isEmpty })
    #expect(try readMessage(Array(notRun.json().utf8))
      == "'R' is not a workbook report: the chapter 'Chapters/a.md' has a snippet that failed or was not run "
        + "(line 3, 'not-run') but no error finding; pass the JSON that 'workbook verify --format json' wrote")
    // With the finding verify gives them, the same chapters read, and fail.
    for index in notRun.chapters.indices {
      notRun.chapters[index].findings = [Finding(.error, .compileError, file: notRun.chapters[index].path, line: nil,
                                                 message: "Chapter program does not build")]
    }
    let read = try ReportDocument.decode(Array(notRun.json().utf8), file: "r")
    #expect(!read.passed && read.summary.failed == 3 && read.summary.notRun == 3)
  }

  // RELIABILITY-REVIEW-4 M7: a key written once plainly and once with an
  // escape is one key to JSONDecoder (which kept the first) and to every
  // other reader (which keep the last): refused, as any key twice is.
  @Test func aKeyGivenTwiceIsFoundWhateverEscapesSpellIt() throws {
    let failing = ReportMergeRefusalTests.chapter("a.md", failing: true)
    let findings = String(decoding: try JSONEncoder().encode(failing.findings), as: UTF8.self)
    let escaped = Self.valid.json().replacingOccurrences(
      of: #""findings":[]"#, with: #""findings":[],"f\u0069ndings":"# + findings)
    #expect(escaped != Self.valid.json())
    #expect(try readMessage(Array(escaped.utf8))
      == "'R' is not a workbook report: the key 'findings' appears twice in one object; "
        + "pass the JSON that 'workbook verify --format json' wrote")

    func duplicate(_ json: String) -> String? { JSONDuplicateKey.first(in: Array(json.utf8)) }
    #expect(duplicate(#"{"a":1,"\u0061":2}"#) == "a")
    #expect(duplicate(#"{"\u00E9":1,"é":2}"#) == "é")
    #expect(duplicate(#"{"é":1,"e\u0301":2}"#) == "é", "canonically equivalent, as Swift's strings compare")
    #expect(duplicate(#"{"😀":1,"\ud83d\ude00":2}"#) == "😀", "a surrogate pair is one character")
    #expect(duplicate(#"{"a\"b":1,"a\u0022b":2}"#) == "a\"b")
    #expect(duplicate(#"{"\n\t\/":1,"\u000a\u0009/":2}"#) == "\n\t/")
    // An escaped backslash is not an escape; a lone surrogate stands for
    // U+FFFD (JSONDecoder refuses it); a broken escape stays as written.
    #expect(duplicate(#"{"\\u0061":1,"a":2}"#) == nil)
    #expect(duplicate(#"{"\ud83d":1,"x":2}"#) == nil)
    #expect(duplicate(#"{"\ud83d":1,"\ude00":2}"#) == "\u{FFFD}")
    #expect(duplicate(#"{"\u12":1,"\u12":2,"\"#) == "\\u12")
  }

  @Test func hugeReportIsRefusedUnread() throws {
    let path = try Fixtures.temporaryDirectory() + "/huge.json"
    FileManager.default.createFile(atPath: path, contents: Data("{".utf8))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(ReportDocument.maximumBytes) + 1)  // sparse: no disk used
    try handle.close()
    #expect(throws: ReportDocument.Problem.tooLarge(file: path, bytes: ReportDocument.maximumBytes + 1)) { try ReportDocument.read(path) }
    #expect(throws: ReportDocument.Problem.self) { try ReportDocument.read(path + ".missing") }
    #expect(throws: ReportDocument.Problem.unreadable(file: "/", reason: "it is not a regular file")) { try ReportDocument.read("/") }
  }
}

/// The JUnit form on its own: escaping, mapping of statuses.
@Suite("JUnit XML")
struct JUnitRendererTests {
  @Test func hostileTextIsEscapedAndForbiddenCharactersReplaced() throws {
    let nasty = "a<b>&\"c\" 'd' ]]> \u{0}\u{1B}[2J\u{7}\u{B}\u{C}\r\n\t\u{85}\u{FFFE}\u{FFFF} é 🎬"
    var chapter = ReportMergeRefusalTests.chapter("x&<y>.md", failing: true)
    chapter.findings[0].message = nasty
    chapter.findings[0].details = [nasty]
    chapter.findings.append(Finding(.warning, .compileWarning, file: "Chapters/x&<y>.md", line: 4, message: nasty))
    chapter.findings.append(Finding(.error, .badInput, file: "Chapters/x&<y>.md", line: nil, message: "Cannot read the chapter"))
    let document = ReportDocument(book: ReportDocument.BookIdentity(identity: "b", chapters: ["x&<y>.md"]),
                                  engine: ReportMergeRefusalTests.engine, shard: nil, chapters: [chapter], seconds: 1)
    let xml = ReportRenderer.JUnit.render(document)
    // No character XML 1.0 forbids, and none of the C1 controls.
    let forbidden = xml.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0.value == 0xFFFE || $0.value == 0xFFFF
    }
    #expect(forbidden.isEmpty)
    #expect(xml.contains(#"message="a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos; ]]&gt; \0\e[2J\u{7}\u{b}\u{c}&#13;&#10;&#9;\u{85}\u{fffe}\u{ffff} é 🎬""#))
    let shape = try XMLShape.parse(xml)
    #expect(shape.suites == ["x&<y>.md"])
    // The chapter-level failure is a case of its own; the snippet's carries the warning as output.
    #expect(shape.cases == ["x&<y>.md", "x&<y>.md:3"])
    #expect(shape.errors == 1 && shape.failures == 1)
    #expect(shape.messages.contains(nasty.replacingOccurrences(of: "\u{0}", with: "\\0")
      .replacingOccurrences(of: "\u{1B}", with: "\\e").replacingOccurrences(of: "\u{7}", with: "\\u{7}")
      .replacingOccurrences(of: "\u{B}", with: "\\u{b}").replacingOccurrences(of: "\u{C}", with: "\\u{c}")
      .replacingOccurrences(of: "\u{85}", with: "\\u{85}").replacingOccurrences(of: "\u{FFFE}", with: "\\u{fffe}")
      .replacingOccurrences(of: "\u{FFFF}", with: "\\u{ffff}")))
  }
}

extension JUnitRendererTests {
  @Test func eachVerdictMapsToItsElement() throws {
    func snippet(_ index: Int, _ verdict: SnippetReport.Verdict) -> SnippetReport {
      SnippetReport(index: index, line: 10 * (index + 1), kind: "run", hidden: false, verdict: verdict)
    }
    let chapter = ChapterReport(
      path: "Chapters/07-all.md", title: nil,
      snippets: [
        snippet(0, .passed),
        snippet(1, .trap(.init(message: "Fatal error: Unexpectedly found nil", line: 21))),
        snippet(2, .timeout(.init(message: "Chapter ran past the timeout", line: nil))),
        snippet(3, .compileError(.init(message: "cannot find 'x' in scope", line: 41,
                                       diagnostics: [.init(line: 41, column: 7, message: "cannot find 'x' in scope")]))),
        snippet(4, .notRun(.init(reason: "snippet 2 (line 20) trapped", stoppedBy: 1))),
        snippet(5, .ignored),
        snippet(6, .passed),
      ],
      findings: [
        Finding(.error, .crash, file: "Chapters/07-all.md", line: 21, message: "Fatal error: Unexpectedly found nil",
                details: ["stderr line"], snippet: 1),
        // An error about a passing snippet still fails its case, by its kind.
        Finding(.error, .record, file: "Chapters/07-all.md", line: 70, message: "Cannot write the chapter", snippet: 6),
      ],
      cached: false, recordedBlocks: 0, duration: 2)
    let document = ReportDocument(book: ReportDocument.BookIdentity(identity: "b", chapters: ["07-all.md"]),
                                  engine: ReportMergeRefusalTests.engine, shard: nil, chapters: [chapter], seconds: 2)
    let xml = ReportRenderer.JUnit.render(document)
    let shape = try XMLShape.parse(xml)
    #expect(shape.cases == (1...7).map { "07-all.md:\($0 * 10)" })
    #expect(shape.errors == 4 && shape.failures == 0 && shape.skipped == 2)
    #expect(xml.contains("""
      <error type="trap" message="Fatal error: Unexpectedly found nil">Chapters/07-all.md:21: error: Fatal error: Unexpectedly found nil
          stderr line
      </error>
      """))
    #expect(xml.contains(#"<error type="timeout" message="Chapter ran past the timeout">Chapters/07-all.md: error: Chapter ran past the timeout"#))
    #expect(xml.contains("""
      <error type="compile-error" message="cannot find &apos;x&apos; in scope">Chapters/07-all.md:41: error: cannot find &apos;x&apos; in scope
          line 41: cannot find &apos;x&apos; in scope
      </error>
      """))
    #expect(xml.contains(#"<skipped message="Not run: snippet 2 (line 20) trapped"/>"#))
    #expect(xml.contains(#"<error type="record" message="Cannot write the chapter">"#))
    #expect(xml.contains(#"<testcase name="07-all.md:10" classname="07-all.md" file="Chapters/07-all.md" line="10"/>"#))
  }
}

/// What a JUnit document holds, read back with an XML parser (so a
/// malformed document fails the test).
struct XMLShape {
  var suites: [String] = []
  var cases: [String] = []
  var failures = 0, errors = 0, skipped = 0
  var messages: [String] = []

  static func parse(_ text: String) throws -> XMLShape {
    final class Delegate: NSObject, XMLParserDelegate {
      var shape = XMLShape()
      func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                  attributes: [String: String] = [:]) {
        switch name {
        case "testsuite": shape.suites.append(attributes["name"] ?? "")
        case "testcase": shape.cases.append(attributes["name"] ?? "")
        case "failure": shape.failures += 1; shape.messages.append(attributes["message"] ?? "")
        case "error": shape.errors += 1; shape.messages.append(attributes["message"] ?? "")
        case "skipped": shape.skipped += 1
        default: break
        }
      }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let delegate = Delegate()
    parser.delegate = delegate
    guard parser.parse() else {
      throw XMLError(message: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
    }
    return delegate.shape
  }

  struct XMLError: Error { var message: String }
}

/// Guides/examples/verify.yml, run here: every `workbook` command it holds,
/// with the matrix filled in, against the fixture book.
@Suite("Example workflow", .serialized)
struct ExampleWorkflowTests {
  static let workflow = Fixtures.packageRoot + "/Guides/examples/verify.yml"

  /// The workflow's `workbook` commands (continuation lines joined), each
  /// cut at its shell redirection or `||`.
  static func commands(_ text: String) -> [String] {
    let joined = text.replacingOccurrences(of: "\\\n", with: " ")
    return joined.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: ".build/debug/workbook ") else { return nil }
      var command = String(line[start.upperBound...])
      for stop in [" >", " ||"] {
        if let cut = command.range(of: stop) { command = String(command[..<cut.lowerBound]) }
      }
      return command.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
  }

  @Test func everyWorkbookCommandOfTheWorkflowRuns() throws {
    let text = Fixtures.read(Self.workflow)
    let shards = try #require(text.firstMatch(of: /SHARDS: (\d+)/).flatMap { Int($0.1) })
    #expect(text.contains("shard: [" + (1...shards).map(String.init).joined(separator: ", ") + "]"))
    #expect(text.contains("path: ${{ env.XDG_CACHE_HOME }}/transition-workbook"))
    let commands = Self.commands(text)
    #expect(commands.count == 6, "\(commands)")

    let runs = try ShardedVerifyTests.runs.get()
    let reports = runs.root + "/reports"
    try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
    for command in commands where command.hasPrefix("verify ") {
      for shard in 1...shards {
        let arguments = command.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
          .replacingOccurrences(of: "${{ env.SHARDS }}", with: "\(shards)").split(separator: " ").map(String.init)
        let out = try workbook(arguments, in: runs.root)
        #expect(out.status <= 1, "\(arguments): \(out.stderr)")
        try out.stdout.write(toFile: reports + "/report-\(shard).json", atomically: true, encoding: .utf8)
      }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: reports).sorted().map { "reports/" + $0 }
    #expect(files.count == shards)
    for command in commands where command.hasPrefix("report merge ") {
      let arguments = command.split(separator: " ").flatMap { $0 == "reports/*.json" ? files : [String($0)] }
      let out = try workbook(arguments, in: runs.root, engine: false)
      #expect(out.status == 1, "\(arguments): \(out.stderr)")
    }
    #expect(try XMLShape.parse(Fixtures.read(runs.root + "/verify.xml")).suites.count == 4)
    // The merged report is the whole run's, and its JUnit form the shards'.
    let merged = try ReportDocument.read(runs.root + "/verify.json")
    #expect(merged.shard == nil && merged.chapters.map(ShardedVerifyTests.verdict) == runs.whole.chapters.map(ShardedVerifyTests.verdict))
    let fromShards = try workbook(["report", "merge"] + files + ["--format", "junit"], in: runs.root, engine: false)
    #expect(Fixtures.read(runs.root + "/verify.xml") == fromShards.stdout)

    // The site, from the merged report: the fixture book fails, so the
    // build refuses to publish (the workflow stops before it); allowed to
    // publish, it writes what a build of the book writes. No engine.
    let builds = commands.filter { $0.hasPrefix("build ") }
    #expect(builds == ["build --from-report verify.json --out site"])
    for command in builds {
      let arguments = command.split(separator: " ").map(String.init)
      let refused = try workbook(arguments, in: runs.root, engine: false)
      #expect(refused.status == 1, "\(refused.stderr)")
      // Without --engine-sources the local engine is the one the tool ships
      // with, not the stand-in the report was made with: one line says so.
      let lines = refused.stderr.split(separator: "\n", maxSplits: 1).map(String.init)
      #expect(lines.first?.hasPrefix("note: The report 'verify.json' was made with engine "
        + runs.whole.engine.identity.prefix(12) + " (") == true, "\(refused.stderr)")
      #expect(lines.last?.hasPrefix("error: The book has 4 failure(s); the site is not written:") == true, "\(refused.stderr)")
      // The fidelity ledger and the code's links to it come from the engine
      // sources found at build time, as verify finds them: given the same
      // engine as the build (nothing is compiled), the pages are the same.
      let site = try workbook(arguments + ["--allow-failures"], in: runs.root)
      #expect(site.status == 0, "\(site.stderr)")
      let built = try workbook(["build", "--out", "site-built", "--allow-failures"], in: runs.root)
      #expect(built.status == 0, "\(built.stderr)")
      let written = try FileManager.default.subpathsOfDirectory(atPath: runs.root + "/site").sorted()
      #expect(written == (try FileManager.default.subpathsOfDirectory(atPath: runs.root + "/site-built").sorted()))
      #expect(written.contains("index.html"))
      for path in written {
        #expect(FileManager.default.contents(atPath: runs.root + "/site/" + path)
                == FileManager.default.contents(atPath: runs.root + "/site-built/" + path), "\(path) differs")
      }
    }
  }
}

@Suite("Report help")
struct ReportHelpTests {
  @Test func helpTeachesShardingAndMerging() throws {
    let verify = try ChildProcess.run(TestPackage.binary, ["verify", "--help"], timeout: 60)
    let verifyText = String(decoding: verify.stdout, as: UTF8.self)
    #expect(verifyText.contains("workbook verify --shard 2/4 --format json > shard-2.json"))
    #expect(verifyText.contains("--record-costs"))
    #expect(verifyText.contains("Guides/CI.md"))
    let merge = try ChildProcess.run(TestPackage.binary, ["report", "merge", "--help"], timeout: 60)
    let mergeText = String(decoding: merge.stdout, as: UTF8.self)
    #expect(mergeText.contains("workbook report merge shard-*.json --format junit --output verify.xml"))
    #expect(mergeText.contains("Exit status: 0 when every chapter passed, 1 when one failed, 2 when the reports"))
    #expect(mergeText.contains("Guides/Reports.md"))
    let report = try ChildProcess.run(TestPackage.binary, ["report", "--help"], timeout: 60)
    #expect(String(decoding: report.stdout, as: UTF8.self).contains("merge"))
  }
}

extension JUnitRendererTests {
  // P5: a finding goes to its snippet's case by `Finding.snippet` only; a
  // finding about no snippet is the chapter's, wherever its line points.
  @Test func findingsGoToTheirSnippetNeverByLine() {
    let chapter = ChapterReport(
      path: "Chapters/08-lines.md", title: nil,
      snippets: [
        SnippetReport(index: 0, line: 10, kind: "run", hidden: false, verdict: .passed),
        SnippetReport(index: 1, line: 20, kind: "run", hidden: false, verdict: .passed),
      ],
      findings: [
        Finding(.warning, .runtimeWarning, file: "Chapters/08-lines.md", line: 12, message: "about snippet 1", snippet: 1),
        // Inside snippet 0's lines, about no snippet: a warning of the chapter's own.
        Finding(.warning, .badInput, file: "Chapters/08-lines.md", line: 11, message: "control character"),
      ],
      cached: false, recordedBlocks: 0, duration: 0)
    let cases = ReportRenderer.JUnit.cases(chapter)
    #expect(cases.map(\.line) == [nil, 10, 20])
    #expect(cases[0].findings.map(\.message) == ["control character"])
    #expect(cases[1].findings.isEmpty)
    #expect(cases[2].findings.map(\.message) == ["about snippet 1"])
  }
}
