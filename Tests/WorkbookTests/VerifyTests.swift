// End-to-end: fixture books through Verifier, the engine built with swiftc.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct VerifyTests {
  @Test func aPassingBookPasses() throws {
    let report = try Fixtures.verify(try Fixtures.book("passing"))
    #expect(report.findings == [])
    #expect(!report.failed)
    #expect(report.chapters.map(\.path).map { ($0 as NSString).lastPathComponent } == ["01-basics.md", "02-second.md"])
    #expect(report.snippetCount == 5)
    #expect(report.passedCount == 5)
  }

  @Test func aCompileErrorIsReportedAtTheMarkdownLine() throws {
    let report = try Fixtures.verify(try Fixtures.book("compile-error"))
    let errors = report.errors(kind: .compileError)
    try #require(errors.count == 1)
    #expect(errors[0].file.hasSuffix("compile-error/Chapters/01-typo.md"))
    #expect(errors[0].line == 11)
    #expect(errors[0].column == 18)
    #expect(errors[0].message == "value of type 'UIView' has no member 'frme'")
    // Issue 40: the engine's name for the misspelt member (the compiler offers none).
    #expect(errors[0].details == [" 11 | let width = view.frme.width", "    |                  ^", "note: did you mean 'frame'?"])
    #expect(!errors[0].file.contains("main.swift"))
  }

  @Test func warningsAndErrorsInIndentedSnippetsMapToTheMarkdown() throws {
    let report = try Fixtures.verify(try Fixtures.book("mapping"))
    let error = try #require(report.errors(kind: .compileError).first)
    #expect(error.line == 18)
    #expect(error.column == 24)  // the fence is indented by 3
    let warning = try #require(report.findings.first { $0.kind == .compileWarning })
    #expect(warning.severity == .warning)
    #expect(warning.line == 22)  // in the last, no-run snippet (swiftlang/swift#74561's shape)
    #expect(warning.message.hasPrefix("initialization of immutable value 'x' was never used"))
  }

  @Test func trapsAreReportedAtTheLineThatTrapped() throws {
    let report = try Fixtures.verify(try Fixtures.book("crash"))
    let crashes = report.errors(kind: .crash)
    try #require(crashes.count == 4)
    let unwrap = try #require(report.chapter("01-unwrap.md"))
    #expect(unwrap.findings.map(\.line) == [14])
    #expect(unwrap.findings[0].message == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    #expect(unwrap.snippets.map(\.status) == [.passed, .trap, .notRun])
    let fatal = try #require(report.chapter("02-fatal.md")?.findings.first)
    #expect(fatal.line == 10)
    #expect(fatal.message.hasPrefix("Fatal error: the animator was never started (at "))
    #expect(fatal.message.hasSuffix("02-fatal.md:5)"))
    let engine = try #require(report.chapter("03-engine.md")?.findings.first)
    #expect(engine.line == 5)  // the line that called the engine (a traced second run: TrapBacktrace)
    #expect(engine.message.hasPrefix("Precondition failed: duration must be positive (at TransitionEngine/"))
    let signal = try #require(report.chapter("04-signal.md")?.findings.first)
    // A signal has no location, and the backtracer cannot unwind through
    // libc's `kill` (no frame pointers): the snippet's first line.
    #expect(signal.line == 4)
    #expect(signal.message == "Killed by SIGSEGV")
  }

  @Test func aChapterPastItsTimeoutIsKilledAndTheOthersStillRun() throws {
    // The chapter loops for ever: that verify returns at all shows it was killed.
    let report = try Fixtures.verify(try Fixtures.book("timeout"), configure: { $0.timeout = 1.5 })
    let timeout = try #require(report.errors(kind: .timeout).first)
    #expect(timeout.line == 12)
    #expect(report.chapter("01-forever.md")?.snippets.map(\.status) == [.passed, .timeout])
    #expect(report.chapter("02-fine.md")?.failed == false)
    // A timeout is not cached: the next verify runs the chapter again.
    let again = try Fixtures.verify(try Fixtures.book("timeout"), configure: { $0.timeout = 1.5 })
    #expect(again.chapter("01-forever.md")?.cached == false)
  }

  @Test func aMismatchIsAUnifiedDiffAtTheOutputBlock() throws {
    let report = try Fixtures.verify(try Fixtures.book("mismatch"))
    let mismatch = try #require(report.errors(kind: .outputMismatch).first)
    #expect(mismatch.line == 7)
    #expect(Array(mismatch.details.dropFirst(2)) == ["@@ -1,3 +1,3 @@", " start", "-animating", "+animate", " complete"])
  }

  @Test func missingStaleAndChangedOutputBlocks() throws {
    let report = try Fixtures.verify(try Fixtures.book("blocks"))
    #expect(report.errors().map(\.kind) == [.missingOutput, .unexpectedOutputBlock, .outputMismatch])
    #expect(report.errors().map(\.line) == [3, 11, 19])
    #expect(report.errors()[0].message.contains("record it"))
  }

  @Test func eachAttributeDoesWhatItSays() throws {
    let book = try Fixtures.book("attributes")
    let report = try Fixtures.verify(book)
    #expect(report.findings == [])
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.kind) == ["run", "run", "no-run", "ignore", "compile-fail", "compile-fail", "run"])
    #expect(snippets.map(\.hidden) == [true, false, false, false, false, false, false])
    #expect(snippets.map(\.status) == [.passed, .passed, .passed, .ignored, .passed, .passed, .passed])
    // --record writes the second compile-fail's errors down.
    _ = try Fixtures.verify(book) { $0.record = true }
    let text = Fixtures.read(book + "/01-attributes.md")
    #expect(text.contains("```swift compile-fail\nspring.damping = 1\n```\n\n```output\nerror: cannot assign to property: 'spring' is a 'let' constant\n```\n"))
  }

  @Test func aCompileFailSnippetThatCompilesOrFailsDifferentlyFails() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      ```swift compile-fail
      let fine = 1
      ```

      ```swift compile-fail
      let n: Int = "x"
      ```

      ```output
      error: some other message
      ```
      """.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    let failures = report.errors(kind: .compileFailMismatch)
    #expect(failures.map(\.line) == [1, 9])
    #expect(failures[0].message == "Snippet marked 'compile-fail' compiles; fix it or drop the attribute")
    #expect(failures[1].details.contains("+error: cannot convert value of type 'String' to specified type 'Int'"))
  }

  @Test func exercisesAreStandalonePrograms() throws {
    let report = try Fixtures.verify(try Fixtures.book("exercises"))
    #expect(report.findings == [])
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed, .passed])

    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      ```swift exercise=done
      print("solved")
      ```

      ```swift solution=done
      print("solved")
      ```

      ```output
      solved
      ```
      """.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let solved = try Fixtures.verify(book)
    #expect(solved.errors(kind: .exercise).map(\.line) == [1])
  }

  @Test func aStartersSymptomIsCheckedAndRecordedTrapsIncluded() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    let chapter = """
      # Symptoms

      ```swift exercise=prints
      print("half")
      ```

      ```swift solution=prints
      print("whole")
      ```

      ```output
      whole
      ```

      ```swift exercise=traps
      print("before")
      let views: [Int] = []
      print(views[1])
      ```

      ```swift solution=traps
      print("before")
      ```

      ```output
      before
      ```

      ```swift exercise=silent
      let unused = 1
      ```

      ```swift solution=silent
      print("done")
      ```

      ```output
      done
      ```

      """
    try chapter.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)

    // Missing symptoms fail like any snippet that prints, and say what they are for.
    let missing = try Fixtures.verify(book)
    let failures = missing.errors(kind: .missingOutput)
    #expect(failures.map(\.line) == [3, 15])
    #expect(failures.first?.message == "Exercise 'prints' starter prints but has no output block for its symptom (what learners see before fixing it); record it with 'workbook verify --record'")
    #expect(failures.last?.details == ["| before", "| Fatal error: Index out of range"])
    // A starter that prints nothing needs no block.
    #expect(missing.chapter("01.md")?.snippets[4].status == .passed)

    // --record writes them, the trap's message (without its position) last.
    _ = try Fixtures.verify(book) { $0.record = true }
    let recorded = Fixtures.read(book + "/01.md")
    #expect(recorded.contains("```swift exercise=prints\nprint(\"half\")\n```\n\n```output\nhalf\n```\n"))
    #expect(recorded.contains("print(views[1])\n```\n\n```output\nbefore\nFatal error: Index out of range\n```\n"))
    #expect(!recorded.contains("let unused = 1\n```\n\n```output"))
    let again = try Fixtures.verify(book)
    #expect(again.findings == [])
    #expect(again.chapter("01.md")?.snippets.map(\.status) == Array(repeating: .passed, count: 6))

    // A changed symptom is a mismatch at the block.
    try recorded.replacingOccurrences(of: "```output\nhalf\n", with: "```output\nhalf!\n")
      .write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let changed = try Fixtures.verify(book)
    #expect(changed.errors(kind: .outputMismatch).map(\.line) == [7])

    // A starter whose symptom is the solution's output leaves nothing to do.
    try recorded.replacingOccurrences(of: "print(\"half\")\n```\n\n```output\nhalf\n", with: "print(\"whole\")\n```\n\n```output\nwhole\n")
      .write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    let solved = try Fixtures.verify(book)
    #expect(solved.errors(kind: .exercise).map(\.message) == ["Exercise 'prints' starter already prints the solution's output; leave the learner something to do"])
  }

  @Test func aTrapMessageThatChangesFromRunToRunIsNotASymptom() {
    let address = Crash(message: "Fatal error: <WorkbookChapter.Card: 0x00005583a2c1e2b0> was released", snippet: nil,
                        lineOffset: nil, externalLocation: nil)
    #expect(StarterSymptom.nondeterminism(in: address) == "its trap message holds a memory address (0x00005583a2c1e2b0), which changes from run to run")
    let fixed = Crash(message: "Fatal error: Index out of range", snippet: 0, lineOffset: 3, externalLocation: nil)
    #expect(StarterSymptom.nondeterminism(in: fixed) == nil)
    #expect(StarterSymptom.text(output: "a", crash: fixed) == "a\nFatal error: Index out of range\n")
    #expect(StarterSymptom.text(output: "", crash: nil) == "")
  }

  @Test func chaptersAreIsolatedAndSnippetsShareAChapterScope() throws {
    let report = try Fixtures.verify(try Fixtures.book("isolation"))
    // Both chapters declare `struct Shared`: no clash.
    #expect(report.chapter("01-a.md")?.failed == false)
    let errors = try #require(report.chapter("02-b.md")?.findings)
    #expect(errors.map(\.message) == ["cannot find 'onlyInA' in scope"])
    #expect(errors.map(\.line) == [13])
  }

  @Test func badInputIsReportedWithFileAndLine() throws {
    let report = try Fixtures.verify(try Fixtures.book("bad-input"))
    let errors = report.errors(kind: .badInput)
    #expect(errors.map { ($0.file as NSString).lastPathComponent } == ["01-unknown.md", "02-orphan.md", "03-latin1.md"])
    #expect(errors.map(\.line) == [3, 5, 3])
    #expect(errors[2].message == "File is not UTF-8: invalid byte at line 3, column 4")
  }

  @Test func aMissingOrEmptyBookIsASetupError() throws {
    let empty = try Fixtures.temporaryDirectory()
    #expect(throws: VerifyError.bookEmpty(path: empty)) { try Fixtures.verify(empty) }
    #expect(throws: VerifyError.bookNotFound(path: empty + "/nope")) { try Fixtures.verify(empty + "/nope") }
    let book = try Fixtures.book("passing")
    #expect(throws: VerifyError.chapterNotFound(name: "99-none", book: book)) {
      try Fixtures.verify(book) { $0.chapters = ["99-none"] }
    }
  }

  @Test func standardInputIsEmptyAndFloodsAreCut() throws {
    let book = try Fixtures.book("io")
    let report = try Fixtures.verify(book, configure: { $0.outputCap = 64 * 1024 })
    #expect(report.chapter("01-stdin.md")?.failed == false)
    let cut = try #require(report.errors(kind: .outputCut).first)
    #expect(cut.line == 3)
    #expect(cut.message == "Snippet printed 2097152 bytes; its output was cut after 65536 bytes")
    // The program ran in a temporary folder that is gone now.
    let missing = try #require(report.errors(kind: .missingOutput).first)
    let folder = try #require(missing.details.first).dropFirst(2)
    #expect(folder.contains("workbook-verify"))
    #expect(!FileManager.default.fileExists(atPath: String(folder)))
  }

  @Test func importUIKitMeansTheEngine() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      ```swift
      import UIKit
      import QuartzCore
      print(transitionEngineVersion)
      ```

      ```output
      fixture
      ```
      """.write(toFile: book + "/01.md", atomically: true, encoding: .utf8)
    try """
      ```swift
      print(transitionEngineVersion)
      ```
      """.write(toFile: book + "/02.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.chapter("01.md")?.failed == false)
    // Without an import the engine is not visible, as on iOS.
    #expect(report.chapter("02.md")?.findings.map(\.message) == ["cannot find 'transitionEngineVersion' in scope"])
  }
}

/// Diagrams a snippet publishes travel beside its output, not in it.
@Suite struct DiagramChannelTests {
  @Test func publishedDiagramsAreCollectedPerSnippetAndLeftOutOfTheOutput() throws {
    let target = try Fixtures.temporaryDirectory()
    let book = target + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Diagrams

      ```swift
      import UIKit
      DiagramChannel.publish(PublishedDiagram(kind: "frame", text: "[box]", framesJSON: #"{"frames": [{"time": 0.5}]}"#))
      print("[box]")
      ```

      ```output
      [box]
      ```

      ```swift
      print("before")
      DiagramChannel.publish(PublishedDiagram(kind: "trace", text: "a -> b"))
      print("a -> b")
      ```

      ```output
      before
      a -> b
      ```

      """.write(toFile: book + "/01-diagrams.md", atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    #expect(report.errors().isEmpty, "\(report.errors().map(\.message))")
    let snippets = try #require(report.chapters.first?.snippets)
    #expect(snippets.map(\.diagrams.count) == [1, 1])
    #expect(snippets[0].diagrams == [DiagramRecord(kind: .frame, text: "[box]",
                                                   frames: .init(screen: nil, frames: [.init(time: 0.5)]), offset: 0)])
    // Written as it is published: the record knows where its text was printed.
    #expect(snippets[1].diagrams == [DiagramRecord(kind: .trace, text: "a -> b", offset: 7)])
    #expect(snippets[1].diagrams[0].printed(in: "before\na -> b\n").map { "before\na -> b\n"[$0] } == "a -> b")
  }
}
