// Issue 41's guard, in the slow tier (`WORKBOOK_BENCHMARK=1 swift test
// --filter ColdVerifyBenchmarkTests`, as the example's GALLERY_BENCHMARK):
// a new 80-snippet book (scripts/bench/gen-book.py, new names on every run,
// so no cache or program store has seen its code) is verified cold with
// the real engine, and its code compiled once by `swiftc -Onone -c` in the
// same run (the floor). The figures are CPU time (user + system of every
// process started), ratios of two measured together, so the machine's
// load cancels. scripts/bench/cold-verify.sh prints the same figures.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite(.enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_BENCHMARK"] != nil), .serialized)
struct ColdVerifyBenchmarkTests {
  /// The CPU seconds of the processes this one waited for, so far.
  static func childCPU() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
  }

  /// `work` with a new book of `chapters` × `perChapter` snippets in
  /// `Chapters/` and its code as one file, `baseline/all.swift`.
  static func generatedBook(chapters: Int = 10, perChapter: Int = 8) throws -> String {
    let work = try Fixtures.temporaryDirectory()
    let salt = "b" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let generate = try ChildProcess.run("/usr/bin/env", [
      "python3", Fixtures.packageRoot + "/scripts/bench/gen-book.py", work + "/Chapters", "\(chapters)",
      "\(perChapter)", work + "/baseline", salt,
    ], timeout: 60)
    #expect(generate.termination == .exited(0), "\(String(decoding: generate.stderr, as: UTF8.self))")
    return work
  }

  static func configuration(_ work: String) -> Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = work + "/Chapters"
    configuration.engineSources = Fixtures.packageRoot + "/Sources/TransitionEngine"
    configuration.cacheDirectory = work + "/cache"
    configuration.engineCacheDirectory = EngineCache.userDirectory()
    configuration.timeout = 300
    return configuration
  }

  /// Seconds (wall, CPU of the children) of `body`.
  static func measured(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let start = Date()
    let cpu = childCPU()
    try body()
    return (Date().timeIntervalSince(start), childCPU() - cpu)
  }

  @Test func coldVerifyStaysUnderTheCompilersFloor() throws {
    let work = try Self.generatedBook()
    let workspace = Workspace(Self.configuration(work))
    let settings = try workspace.prepare()  // the engine, built if no test or verify has
    let cold = try Self.measured {
      let report = try Verifier(options: { var o = Verifier.Options(); o.record = true; return o }()).run(in: workspace)
      #expect(report.chapters.count == 10)
    }
    let floor = try Self.measured {
      let result = try ChildProcess.run(settings.toolchain.swiftc, [
        "-Onone", "-c", work + "/baseline/all.swift", "-I", settings.engine.directory,
        "-module-cache-path", settings.moduleCache, "-swift-version", "5", "-o", work + "/all.o",
      ], timeout: 600)
      #expect(result.termination == .exited(0), "\(String(decoding: result.stderr, as: UTF8.self))")
    }
    // Wall-clock against wall-clock, measured together: verify runs a
    // compiler per core, the floor one.
    let ratio = cold.wall / floor.wall
    print("cold verify \(cold), floor \(floor) (wall, CPU seconds); ratio \(ratio) wall, \(cold.cpu / floor.cpu) CPU")
    #expect(ratio <= 1.1, "cold verify \(cold) against the floor's \(floor) (wall, CPU; ratio \(ratio))")

    // Warm: nothing changed, nothing compiled.
    let warm = try Self.measured {
      _ = try Verifier().run(in: workspace)
    }
    #expect(warm.wall <= 0.1, "warm verify \(warm.wall) s")

    // A literal edit runs the skeleton (built on the chapter's second
    // program); a code edit compiles.
    let chapter = work + "/Chapters/03-chapter.md"
    let text = try String(contentsOfFile: chapter, encoding: .utf8)
    func verify(_ edited: String) throws -> (wall: Double, cpu: Double) {
      try edited.write(toFile: chapter, atomically: true, encoding: .utf8)
      var options = Verifier.Options()
      options.chapters = ["03-chapter.md"]
      return try Self.measured { _ = try Verifier(options: options).run(in: workspace) }
    }
    _ = try verify(text.replacingOccurrences(of: "by: 0.25", with: "by: 0.2"))  // seen: the skeleton is built
    let literal = try verify(text.replacingOccurrences(of: "by: 0.25", with: "by: 0.5"))
    let code = try verify(text.replacingOccurrences(of: "by: 0.25", with: "by: 0.25 /* edited */"))
    #expect(literal.cpu * 3 <= code.cpu, "a literal edit \(literal) against a code edit \(code)")
  }
}
