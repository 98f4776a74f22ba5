// `workbook build --from-report`: the site rendered from a verify report
// (CI's "verify in shards, merge, build the site once") is byte for byte the
// site a build writes, compiles nothing, and refuses a report that is not
// the whole book as it is now.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookSite

@Suite("Site from a report")
struct SiteFromReportTests {
  /// Every file of `a` and `b` (relative paths, the site manifest
  /// included), with its bytes.
  static func files(_ folder: String) -> [String: [UInt8]] {
    var out: [String: [UInt8]] = [:]
    for path in Site.listFiles(folder) {
      out[path] = FileManager.default.contents(atPath: folder + "/" + path).map(Array.init)
    }
    return out
  }

  /// A passing book with diagrams and filmstrips, and one with a failure
  /// (its marks on the page come from the report's verdicts).
  @Test(arguments: ["book", "failing"])
  func aReportRendersTheSiteABuildRenders(fixture: String) throws {
    let root = try SiteFixtures.book(fixture)
    let options = SiteFixtures.options(root: root)
    let workspace = Workspace(SiteFixtures.configuration(root: root))
    let verifier = Verifier(options: SiteFixtures.verifyOptions)
    let verified = try verifier.verifyWholeBook(in: workspace)
    let built = try SiteBuilder(options: options).render(verified)

    // The report as CI passes it: verify's JSON, on disk.
    let file = root + "/report.json"
    try ReportDocument(verified).json().write(toFile: file, atomically: true, encoding: .utf8)
    let rendered = try SiteBuilder(options: options).render(try verifier.verifyWholeBook(in: workspace, fromReport: file))

    #expect(rendered.files.map(\.path) == built.files.map(\.path))
    for (a, b) in zip(built.files, rendered.files) { #expect(a.bytes == b.bytes, "\(a.path) differs") }
    #expect(rendered.failures == built.failures)
    #expect(rendered.failures.isEmpty == (fixture == "book"))
  }

  @Test func buildFromReportWritesTheSameSiteCompilingNothing() throws {
    let root = try SiteFixtures.book("book")
    let verify = try SiteFixtures.workbook(["verify", "--format", "json"], in: root)
    #expect(verify.status == 0, "\(verify.stderr)")
    try verify.stdout.write(toFile: root + "/report.json", atomically: true, encoding: .utf8)
    let built = try SiteFixtures.workbook(["build", "--out", "site-built"], in: root)
    #expect(built.status == 0, "\(built.stderr)")

    // No engine and an empty result cache: nothing to compile against, and
    // nothing is compiled.
    let emptyCache = root + "/empty-cache"
    let result = try ChildProcess.run(
      TestPackage.binary,
      ["build", "--from-report", "report.json", "--out", "site-from-report",
       "--engine-sources", root + "/no-engine", "--cache-dir", emptyCache],
      directory: root, timeout: 300)
    #expect(result.termination == .exited(0), "\(String(decoding: result.stderr, as: UTF8.self))")
    #expect(built.stdout == "Wrote 'site-built': 6 files, 2 chapters, 9 verified snippets\n")
    #expect(String(decoding: result.stdout, as: UTF8.self) == "Wrote 'site-from-report': 6 files, 2 chapters, 9 verified snippets\n")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: emptyCache))?.isEmpty ?? true, "the result cache was used")

    let expected = Self.files(root + "/site-built")
    #expect(expected.count == 7, "6 files and the manifest: \(expected.keys.sorted())")
    #expect(Self.files(root + "/site-from-report") == expected)

    // --check against a site a build wrote.
    let check = try SiteFixtures.workbook(["build", "--from-report", "report.json", "--check", "--out", "site-built"], in: root)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "'site-built' is current (6 files)\n")
  }

  /// A report made with another engine is rendered (CI's merge job may
  /// have no engine at all); when the local engine's identity is known and
  /// differs, one line on standard error says so.
  @Test func aReportOfAnotherEngineIsRenderedWithANote() throws {
    let root = try SiteFixtures.book("book")
    let verify = try SiteFixtures.workbook(["verify", "--format", "json"], in: root)
    #expect(verify.status == 0, "\(verify.stderr)")
    try verify.stdout.write(toFile: root + "/report.json", atomically: true, encoding: .utf8)
    var document = try ReportDocument.read(root + "/report.json")
    let local = document.engine
    #expect(local.identity.count == 64 && local.compiler.hasPrefix("Swift version "))
    document.engine = ReportDocument.EngineIdentity(identity: String(repeating: "0a", count: 32), compiler: "Swift version 5.10")
    try document.json().write(toFile: root + "/other.json", atomically: true, encoding: .utf8)

    // The same engine: nothing to say.
    let same = try SiteFixtures.workbook(["build", "--from-report", "report.json", "--out", "site-same"], in: root)
    #expect(same.status == 0 && same.stderr == "", "\(same.stderr)")

    // Another engine: the site, and one line.
    let other = try SiteFixtures.workbook(["build", "--from-report", "other.json", "--out", "site-other"], in: root)
    #expect(other.status == 0)
    #expect(other.stderr == "note: The report 'other.json' was made with engine 0a0a0a0a0a0a (Swift version 5.10), "
      + "not the local engine \(local.identity.prefix(12)) (\(local.compiler)); the site shows the report's outputs\n")
    #expect(Self.files(root + "/site-other") == Self.files(root + "/site-same"))

    // No local engine: its identity is unknown, nothing is said.
    let result = try ChildProcess.run(
      TestPackage.binary,
      ["build", "--from-report", "other.json", "--out", "site-no-engine",
       "--engine-sources", root + "/no-engine", "--cache-dir", root + "/empty-cache"],
      directory: root, timeout: 300)
    #expect(result.termination == .exited(0))
    #expect(String(decoding: result.stderr, as: UTF8.self) == "")
    #expect(Self.files(root + "/site-no-engine") == Self.files(root + "/site-same"))
  }

  @Test func buildFromReportRefusesAReportThatIsNotTheWholeBookNow() throws {
    let root = try SiteFixtures.book("book")
    func refused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let out = try SiteFixtures.workbook(["build"] + arguments + ["--out", "site"], in: root)
      #expect(out.status == 2, sourceLocation: sourceLocation)
      #expect(out.stderr == "error: " + message + "\n", sourceLocation: sourceLocation)
      #expect(!FileManager.default.fileExists(atPath: root + "/site"), sourceLocation: sourceLocation)
    }
    func report(_ arguments: [String], to file: String) throws {
      let out = try SiteFixtures.workbook(["verify", "--format", "json"] + arguments, in: root)
      #expect(out.status == 0, "\(out.stderr)")
      try out.stdout.write(toFile: root + "/" + file, atomically: true, encoding: .utf8)
    }
    try report(["--shard", "1/2"], to: "shard.json")
    try refused(["--from-report", "shard.json"], "The report 'shard.json' is shard 1/2, not the whole book; "
      + "merge the shards first with 'workbook report merge'")
    try report(["01-basics"], to: "some.json")
    try refused(["--from-report", "some.json"], "The report 'some.json' verified 1 of the book's 2 chapters, "
      + "not the whole book; run 'workbook verify --format json' without chapter names")
    try refused(["--from-report", "missing.json"], "Cannot read the report 'missing.json': No such file or directory")

    // A report whose chapters are not all there (damaged or edited).
    try report([], to: "report.json")
    var document = try ReportDocument.read(root + "/report.json")
    document.chapters.removeLast()
    try document.json().write(toFile: root + "/cut.json", atomically: true, encoding: .utf8)
    try refused(["--from-report", "cut.json"], "The report 'cut.json' does not agree with itself: "
      + "its book lists '02-exercises.md' but no chapter reports it")

    // The chapter changed after the report was made: another book.
    let chapter = root + "/Chapters/02-exercises.md"
    try (try String(contentsOfFile: chapter, encoding: .utf8) + "\nOne more line.\n").write(toFile: chapter, atomically: true, encoding: .utf8)
    try refused(["--from-report", "report.json"], "The report 'report.json' verified another version of the book than "
      + "'Chapters' holds now; run 'workbook verify --format json' again")
    try refused(["--from-report", "report.json", "--check"], "The report 'report.json' verified another version of the book than "
      + "'Chapters' holds now; run 'workbook verify --format json' again")
  }
}
