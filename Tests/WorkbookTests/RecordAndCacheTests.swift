// --record (byte identity, idempotence, atomicity) and the result cache
// (hits, invalidation, concurrent runs).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct RecordAndCacheTests {
  @Test func recordWritesOnlyOutputBlocksAndASecondRecordChangesNothing() throws {
    let book = try Fixtures.book("blocks")
    let path = book + "/01-blocks.md"
    // CRLF line endings and no final newline must survive.
    let original = Fixtures.read(path).replacingOccurrences(of: "\n", with: "\r\n").dropLast(1)  // "\r\n" is one Character
    try Data(original.utf8).write(to: URL(fileURLWithPath: path))
    let first = try Fixtures.verify(book) { $0.record = true }
    #expect(first.chapters[0].recordedBlocks == 3)
    #expect(!first.failed)
    let expected = """
      # Missing and stale blocks

      ```swift
      print("needs a block")
      ```

      ```output
      needs a block
      ```

      ```swift
      let quiet = 1
      ```

      ```swift
      print("changed")
      ```

      ```output
      changed
      ```
      """.replacingOccurrences(of: "\n", with: "\r\n")
    let recorded = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(recorded == Data(expected.utf8))
    let second = try Fixtures.verify(book) { $0.record = true }
    #expect(second.chapters[0].recordedBlocks == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == recorded)
    #expect(try Fixtures.verify(book).findings == [])
  }

  @Test func aChapterThatCrashesIsNotRewritten() throws {
    let book = try Fixtures.book("crash")
    let before = try Data(contentsOf: URL(fileURLWithPath: book + "/01-unwrap.md"))
    let report = try Fixtures.verify(book) { $0.record = true; $0.chapters = ["01-unwrap"] }
    #expect(report.failed)
    #expect(try Data(contentsOf: URL(fileURLWithPath: book + "/01-unwrap.md")) == before)
    // Nor one that does not compile.
    let broken = try Fixtures.book("compile-error")
    let source = try Data(contentsOf: URL(fileURLWithPath: broken + "/01-typo.md"))
    _ = try Fixtures.verify(broken) { $0.record = true }
    #expect(try Data(contentsOf: URL(fileURLWithPath: broken + "/01-typo.md")) == source)
  }

  @Test func anUnchangedBookIsServedFromTheCache() throws {
    let book = try Fixtures.book("passing")
    let cold = try Fixtures.verify(book)
    #expect(cold.chapters.allSatisfy { !$0.cached })
    let warm = try Fixtures.verify(book)
    #expect(warm.chapters.allSatisfy { $0.cached })
    #expect(warm.findings == [])
  }

  @Test func editingProseKeepsTheCacheAndMovesTheLines() throws {
    let book = try Fixtures.book("compile-error")
    _ = try Fixtures.verify(book)
    let path = book + "/01-typo.md"
    let text = Fixtures.read(path).replacingOccurrences(of: "Prose between snippets.", with: "More\n\nprose.")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.chapters[0].cached)
    #expect(report.errors(kind: .compileError).map(\.line) == [13])
  }

  @Test func editingOneChapterRecompilesThatChapterAlone() throws {
    let book = try Fixtures.book("passing")
    _ = try Fixtures.verify(book)
    let path = book + "/02-second.md"
    try Fixtures.read(path).replacingOccurrences(of: "\"zoom\"", with: "\"zoom\", \"flip\"")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.chapter("01-basics.md")?.cached == true)
    #expect(report.chapter("02-second.md")?.cached == false)
    #expect(report.errors(kind: .outputMismatch).count == 1)
  }

  @Test func aNewEngineInvalidatesTheCache() throws {
    let book = try Fixtures.book("passing")
    let engine = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let cache = try Fixtures.temporaryDirectory()
    func run() throws -> VerifyReport {
      var options = Fixtures.options(book: book, cache: cache)
      options.engineSources = engine
      options.engineCacheDirectory = cache
      return try Verifier().run(in: Workspace(options))
    }
    let first = try run()
    #expect(first.engineBuilt)
    #expect(try run().chapters.allSatisfy { $0.cached })
    try (Fixtures.read(engine + "/TransitionEngine.swift") + "\npublic let addedLater = 1\n")
      .write(toFile: engine + "/TransitionEngine.swift", atomically: true, encoding: .utf8)
    let rebuilt = try run()
    #expect(rebuilt.engineBuilt)
    #expect(rebuilt.chapters.allSatisfy { !$0.cached })
  }

  @Test func twoVerifiesAtOnceDoNotCorruptTheCacheOrTheChapters() throws {
    let book = try Fixtures.book("blocks")
    let cache = try Fixtures.temporaryDirectory()
    let results = LockedResults()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      var options = Verifier.Options()
      options.record = true
      options.jobs = 1
      results.append(Result { try Verifier(options: options).run(in: Workspace(Fixtures.options(book: book, cache: cache))) })
    }
    for result in results.all { _ = try result.get() }
    let report = try Fixtures.verify(book, configure: { $0.cacheDirectory = cache })
    #expect(report.findings == [])
    #expect(report.chapters.allSatisfy { $0.cached })
    #expect(Fixtures.read(book + "/01-blocks.md").components(separatedBy: "```output").count == 3)
  }

  final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<VerifyReport, any Error>] = []
    func append(_ r: Result<VerifyReport, any Error>) { lock.lock(); results.append(r); lock.unlock() }
    var all: [Result<VerifyReport, any Error>] { lock.lock(); defer { lock.unlock() }; return results }
  }
}
