// Issue 11, end to end: a book written to break verify (forged markers,
// escaping processes, no-run code that closes its wrapper, a chapter
// linked from outside the book). Each test failed before the fix.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
import WorkbookMarkdown

@Suite(.serialized) struct HostileBookTests {
  /// The hostile fixture book, verified once for all the tests below.
  static let report: VerifyReport? = {
    guard let book = try? Fixtures.book("hostile") else { return nil }
    return try? Fixtures.verify(book, configure: { $0.timeout = 30 })
  }()

  func chapter(_ name: String) throws -> ChapterReport {
    let report = try #require(Self.report)
    return try #require(report.chapter(name))
  }

  // Item 4: the output channel cannot be forged.
  @Test func printedMarkerBytesAreOutputNotMarkers() throws {
    let chapter = try chapter("01-forged-marker.md")
    // The silent second snippet does not pass on text the first printed.
    #expect(chapter.snippets.map(\.status) == [.mismatch, .mismatch])
    #expect(chapter.findings.contains { $0.kind == .missingOutput && $0.line == 3 })
    #expect(chapter.findings.contains { $0.kind == .unexpectedOutputBlock })
  }

  @Test func aMarkerNamingNoSnippetIsAnError() throws {
    let chapter = try chapter("02-unknown-marker.md")
    let finding = try #require(chapter.findings.first { $0.kind == .outputChannel })
    #expect(finding.message == "The program announced snippet 99, which does not exist")
    #expect(finding.line == 3)
    #expect(chapter.snippets.map(\.status) == [.mismatch])
  }

  @Test func aTrapAfterAForgedMarkerIsReportedWhereItHappened() throws {
    let chapter = try chapter("03-forged-then-trap.md")
    let crash = try #require(chapter.findings.first { $0.kind == .crash })
    #expect(crash.line == 6)
    // The trapping snippet is not shown as verified.
    #expect(chapter.snippets.map(\.status) == [.trap, .notRun])
  }

  // Item 3: processes a snippet starts do not outlive its run, and verify
  // does not wait for one that holds standard output.
  @Test func processesASnippetStartsAreEndedAndNotWaitedFor() throws {
    let chapter = try chapter("04-children.md")
    #expect(chapter.findings == [])
    #expect(chapter.duration < 20, "verify waited \(chapter.duration) s for a process that held standard output")
    #expect(ProcessFixtures.surviving(["sleep 4311", "sleep 4312", "sleep 4313"]) == [])
  }

  // Item 10: no-run code never runs, whatever its braces.
  @Test func noRunCodeThatClosesItsWrapperDoesNotRun() throws {
    let chapter = try chapter("05-no-run-braces.md")
    #expect(chapter.snippets.map(\.status) == [.passed, .compileError, .passed])
    let error = try #require(chapter.findings.first { $0.severity == .error })
    #expect((12...15).contains(error.line ?? 0), "\(chapter.findings)")
    #expect(!chapter.findings.contains { $0.details.joined().contains("ESCAPED-NO-RUN") && $0.kind != .compileError })
  }

  @Test func noRunAcceptsAWholeSourceFile() throws {
    let chapter = try chapter("06-no-run-file.md")
    #expect(chapter.findings.filter { $0.severity == .error } == [])
    #expect(chapter.snippets.map(\.status) == [.passed, .passed, .passed])
  }

  // Item 12: a compile-fail block may leave out "error: ".
  @Test func compileFailBlocksMayLeaveOutTheErrorPrefix() throws {
    let chapter = try chapter("07-compile-fail-prefix.md")
    #expect(chapter.findings == [])
    #expect(chapter.snippets.map(\.status) == [.passed])
  }

  /// RELIABILITY-REVIEW-4's deep nesting (M2, M3), one line each: before
  /// the limit, loading these overflowed the stack (`exercises`, `verify`
  /// and `build` died with SIGSEGV) or took minutes.
  static let tooDeep: [(name: String, line: String)] = [
    ("40,000 block quotes", String(repeating: ">", count: 40_000) + " hi"),
    ("100,000 block quotes", String(repeating: ">", count: 100_000) + " hi"),
    ("30,000 quotes and lists", String(repeating: "> - ", count: 30_000) + "hi"),
    ("32,000 nested emphases", String(repeating: "*a ", count: 32_000) + "b" + String(repeating: " a*", count: 32_000)),
    ("20,000 nested images", String(repeating: "![", count: 20_000) + "a" + String(repeating: "](u)", count: 20_000)),
  ]

  @Test(arguments: tooDeep.map(\.name)) func nestingDeeperThanTheLimitIsRefusedAtItsLine(_ name: String) throws {
    let line = try #require(Self.tooDeep.first { $0.name == name }?.line)
    let text = "# Deep\n\nA paragraph.\n\n" + line + "\n"
    let chapter = ChapterLoader.load(bytes: Array(text.utf8), path: "/b/01-deep.md", displayPath: "Chapters/01-deep.md")
    #expect(chapter.document == nil)
    let errors = chapter.problems.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors)")
    let error = try #require(errors.first)
    #expect(error.file == "Chapters/01-deep.md" && error.line == 5)
    #expect(error.message.hasPrefix("Markdown is nested too deeply at line 5: more than \(MarkdownDocument.maximumNesting) levels"))
  }

  // RELIABILITY-REVIEW-4 L3: bidirectional controls ("Trojan Source") in
  // a snippet or in prose passed without a word.
  @Test func bidirectionalControlsAreWarnedOfAtTheirLineAndColumn() {
    let text = "# Bidi\n\nProse \u{202E} here.\n\n```swift\n"
      + "let access = \"user\u{202E} \u{2066}// Check if admin\u{2069} \u{2066}\"\nprint(access)\n```\n"
    let chapter = ChapterLoader.load(bytes: Array(text.utf8), path: "/b/01-bidi.md", displayPath: "Chapters/01-bidi.md")
    let warnings = chapter.problems.filter { $0.message.hasPrefix("Bidirectional control") }
    #expect(warnings.map(\.line) == [3, 6])
    #expect(warnings.map(\.column) == [7, 19])
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.file == "Chapters/01-bidi.md" && $0.message.contains("U+202E") })
    // Every one of them, and nothing next to them (U+2029, U+202F, U+2065, U+206A).
    let scalars: [UInt32] = Array(0x202A...0x202E) + Array(0x2066...0x2069)
    let lines = (scalars + [0x2029, 0x202F, 0x2065, 0x206A]).map { "a\(Unicode.Scalar($0)!)b\n" }.joined()
    let found = ChapterLoader.controlCharacters(in: Array(lines.utf8), file: "c.md", limit: 20)
    #expect(found.map(\.line) == Array(1...scalars.count))
    #expect(found.map { $0.message.contains(String(format: "U+%04X", scalars[($0.line ?? 1) - 1])) } == scalars.map { _ in true })
  }
}

enum ProcessFixtures {
  /// Command lines among this user's processes that contain one of `needles`.
  static func surviving(_ needles: [String]) -> [String] {
    var found: [String] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(name) != nil {
      guard let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
      let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      var state = ""
      if let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat"),
        let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count
      {
        state = String(UnicodeScalar(stat[close + 2]))
      }
      if state != "Z", needles.contains(where: { line.contains($0) }) { found.append(line) }
    }
    return found
  }
}

@Suite struct KilledVerifyTests {
  /// Processes whose command line contains `needle`.
  static func pids(containing needle: String) -> [pid_t] {
    var found: [pid_t] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = pid_t(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
      if let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat"),
        let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count, stat[close + 2] == UInt8(ascii: "Z")
      {
        continue
      }
      if String(decoding: data, as: UTF8.self).contains(needle) { found.append(pid) }
    }
    return found
  }

  // Item 12: a SIGKILLed verify takes its program along.
  @Test func aKilledVerifyLeavesNoProgramRunning() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
    try "# Slow\n\n```swift\nimport Foundation\nprint(\"waiting\")\nwhile true { usleep(10_000) }\n```\n".write(
      toFile: folder + "/Chapters/01-slow.md", atomically: false, encoding: .utf8)
    let verify = Process()
    verify.executableURL = URL(fileURLWithPath: TestPackage.binary)
    verify.arguments = ["verify", "--book", folder + "/Chapters", "--timeout", "120",
                        "--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache]
    verify.standardOutput = FileHandle.nullDevice
    verify.standardError = FileHandle.nullDevice
    try verify.run()
    let needle = "workbook-verify-\(verify.processIdentifier)-"
    let deadline = monotonicSeconds() + 240
    var program: [pid_t] = []
    while program.isEmpty && monotonicSeconds() < deadline && verify.isRunning {
      usleep(100_000)
      program = Self.pids(containing: needle).filter { pid in
        let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
          .map { String(decoding: $0, as: UTF8.self) } ?? ""
        // Compiled as written, or its skeleton run through the literal table.
        return commandLine.hasSuffix("/chapter/program\0") || commandLine.hasSuffix("/chapter-tabled/program\0")
      }
    }
    try #require(!program.isEmpty, "the chapter's program never started")
    kill(verify.processIdentifier, SIGKILL)
    verify.waitUntilExit()
    let end = monotonicSeconds() + 5
    while !Self.pids(containing: needle).isEmpty && monotonicSeconds() < end { usleep(50_000) }
    let left = Self.pids(containing: needle)
    for pid in left { kill(pid, SIGKILL) }
    #expect(left == [], "processes of the killed verify still run")
  }
}
