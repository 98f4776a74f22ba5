// Each of a chapter's programs is cached on its own (`ResultCache.programKey`):
// an edited snippet recompiles only the programs that hold it.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ProgramCacheTests {
  static func chapter(say: String, solution: String) -> String {
    """
    # Programs

    ```swift
    print("\(say)")
    ```

    ```output
    \(say)
    ```

    Make the fade finish at alpha 0.

    ```swift exercise=fade-out
    import UIKit
    let view = UIView()
    // TODO: fade the view out
    print(view.alpha)
    ```

    ```output
    1.0
    ```

    ```swift solution=fade-out
    import UIKit
    let view = UIView()
    view.alpha = \(solution)
    print(view.alpha)
    ```

    ```output
    0.0
    ```

    """
  }

  /// Every cache file under `folder` with its inode: a file written again
  /// (a temporary file renamed over it) gets a new one.
  static func entries(_ folder: String) -> [String: UInt64] {
    var found: [String: UInt64] = [:]
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".json") {
      var info = stat()
      if stat(folder + "/" + file, &info) == 0 { found[file] = UInt64(info.st_ino) }
    }
    return found
  }

  @Test func anEditedChapterSnippetLeavesTheExercisePrograms() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    let file = book + "/01-programs.md"
    try Self.chapter(say: "one", solution: "0").write(toFile: file, atomically: true, encoding: .utf8)
    let first = try Fixtures.verify(book)
    #expect(!first.failed, "\(first.findings.map(\.message))")
    let cache = target + "/.cache"
    let before = Self.entries(cache)
    // The chapter's result and one run per program: chapter, starter, solution.
    #expect(before.count == 4, "\(before.keys.sorted())")

    try Self.chapter(say: "two", solution: "0").write(toFile: file, atomically: true, encoding: .utf8)
    let second = try Fixtures.verify(book)
    #expect(!second.failed, "\(second.findings.map(\.message))")
    let after = Self.entries(cache)
    for (entry, inode) in before {
      #expect(after[entry] == inode, "\(entry) was written again: its program was compiled again")
    }
    // New: the chapter's result and the chapter program's run.
    #expect(after.count == before.count + 2)
  }

  @Test func anEditedSolutionIsCompiledAgain() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    let file = book + "/01-programs.md"
    try Self.chapter(say: "one", solution: "0").write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try !Fixtures.verify(book).failed)
    try Self.chapter(say: "one", solution: "0.5").write(toFile: file, atomically: true, encoding: .utf8)
    let edited = try Fixtures.verify(book)
    #expect(edited.failed, "the solution now prints 0.5, not the recorded 0.0")
    #expect(edited.chapters.first?.snippets.map(\.status) == [.passed, .passed, .mismatch])
  }
}
