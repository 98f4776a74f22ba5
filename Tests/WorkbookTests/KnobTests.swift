// Knobs (Chapter.Knob, KnobStops): how an author marks a number literal,
// every way of writing one wrong (an error at its line), and what verify
// makes of one: the snippet's output at each stop, run through the literal
// table (no compiler), in the report and its JSON; a stop at which the
// program traps is an error at the knob's line.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct KnobParserTests {
  /// A chapter with one snippet of `code` and an output block (unless `output` is nil).
  static func chapter(_ code: String, info: String = "swift", output: String? = "x\n") -> Chapter {
    var text = "# K\n\n```\(info)\n\(code)\n```\n"
    if let output { text += "\n```output\n\(output)```\n" }
    return ChapterLoader.load(bytes: Array(text.utf8), path: "/b/01-k.md", displayPath: "01-k.md")
  }

  static func problems(_ chapter: Chapter) -> [String] {
    chapter.problems.map { "\($0.line ?? 0): \($0.message)" }
  }

  @Test func aFloatKnobHasFiveStopsAcrossItsRangeBesidesTheWrittenValue() throws {
    let chapter = Self.chapter("let x = 1\nview.alpha = 0.4 /* knob: damping 0.1...1.0 */\nprint(view.alpha)")
    #expect(chapter.problems.isEmpty, "\(Self.problems(chapter))")
    let knob = try #require(chapter.snippets.first?.knobs.first)
    #expect(knob.name == "damping" && knob.value == "0.4" && knob.low == 0.1 && knob.high == 1.0)
    #expect(knob.line == 5, "the literal's Markdown line")
    #expect(knob.stops == ["0.1", "0.325", "0.55", "0.775", "1.0"])
    #expect(!knob.isWholeNumber)
    let code = chapter.snippets[0].code
    #expect(knob.code(code, with: "0.55").contains("view.alpha = 0.55 /* knob:"))
  }

  @Test func anIntegerKnobStopsAtWholeNumbersAndLeavesOutTheWrittenOne() throws {
    let chapter = Self.chapter("let count = 2 /* knob: dots 1...4 */")
    let knob = try #require(chapter.snippets.first?.knobs.first)
    #expect(knob.isWholeNumber)
    #expect(knob.stops == ["1", "3", "4"], "1, 1.75→2 (written), 2.5→3 (rounded half away), 3.25→3 (once), 4")
  }

  @Test func negativeValuesNamesOfSeveralWordsAndPlacesInTheCode() throws {
    let chapter = Self.chapter(#"""
      let s = "é" // UTF-16 offsets count this
      let v = -0.5 /* knob: initial velocity -1.0...2.0 */
      if progress > 0.5 /* knob: finish threshold 0.2...0.8 */ { finish() }
      """#)
    #expect(chapter.problems.isEmpty, "\(Self.problems(chapter))")
    let knobs = try #require(chapter.snippets.first?.knobs)
    #expect(knobs.map(\.name) == ["initial velocity", "finish threshold"])
    #expect(knobs[0].value == "-0.5" && knobs[0].stops == ["-1.0", "-0.25", "0.5", "1.25", "2.0"])
    let code = chapter.snippets[0].code
    for knob in knobs {
      let utf8 = Array(code.utf8)[knob.range]
      #expect(String(decoding: utf8, as: UTF8.self) == knob.value)
      let utf16 = Array(code.utf16)[knob.utf16Range]
      #expect(String(decoding: utf16, as: UTF16.self) == knob.value)
    }
    // A binary minus is not the literal's.
    let difference = Self.chapter("let d = width-0.5 /* knob: inset 0.0...1.0 */")
    #expect(difference.snippets.first?.knobs.first?.value == "0.5")
  }

  @Test(arguments: [
    ("let x = y /* knob: a 0.0...1.0 */", "follows a number literal"),
    ("let x = x2 /* knob: a 0...4 */", "follows a number literal"),
    ("let x = 0.5 /* knob: 0.0...1.0 */", "needs a name and a range"),
    ("let x = 0.5 /* knob: a 0.0..1.0 */", "is not a range of two numbers"),
    ("let x = 0.5 /* knob: a -\(String(repeating: "9", count: 400))...1.0 */", "is not a range of two numbers"),
    ("let x = 0.5 /* knob: a 1.0...0.0 */", "is empty"),
    ("let x = 0.5 /* knob: a 0.6...1.0 */", "outside its range"),
    ("let x = 2 /* knob: a 0.5...4 */", "range is whole numbers"),
    ("let x = 2 /* knob: a 0...100000000000000000000000 */", "too large for a knob"),
    // RELIABILITY-REVIEW-4 L6: a float knob's range as wide gave the stop `inf.0`.
    ("let x = 1.0 /* knob: a 0...1\(String(repeating: "7", count: 300)) */", "too large for a knob"),
    ("let x = 1.0 /* knob: a -1000000000000001...2.0 */", "too large for a knob"),
    ("let x = 0.5 /* knob: a<b> 0.0...1.0 */", "letters, digits"),
    ("let x = 0.5 /* knob: a 0.0...1.0\n*/", "ends on its line"),
    ("let x = 0.5 /* knob: a 0.0...1.0 */, y = 0.5 /* knob: a 0.0...1.0 */", "are named 'a'"),
  ])
  func aKnobWrittenWrongIsAnErrorAtItsLine(code: String, message: String) throws {
    let chapter = Self.chapter(code)
    let problem = try #require(chapter.inputErrors.first, "\(code)")
    #expect(problem.message.contains(message), "\(problem.message)")
    #expect(problem.line == 4 && problem.kind == .badInput)
  }

  /// The widest range a knob may have: every stop is a finite literal.
  @Test func theWidestRangesGiveFiniteStops() throws {
    for code in ["let x = 1.0 /* knob: a -1000000000000000...1000000000000000 */",
                 "let x = 1 /* knob: a -1000000000000000...1000000000000000 */"] {
      let chapter = Self.chapter(code)
      #expect(chapter.problems.isEmpty, "\(Self.problems(chapter))")
      let knob = try #require(chapter.snippets.first?.knobs.first)
      #expect(knob.stops.count == 5)
      for stop in knob.stops {
        #expect(Double(stop)?.isFinite == true && !stop.contains("inf") && !stop.contains("nan"), "\(stop)")
      }
    }
  }

  @Test func aKnobIsOnlyWhereItDrivesAnOutputTheSiteShows() {
    let knob = "let x = 0.5 /* knob: a 0.0...1.0 */\nprint(x)"
    #expect(Self.problems(Self.chapter(knob, info: "swift no-run")).contains { $0.contains("not run and shown (no-run)") })
    #expect(Self.problems(Self.chapter(knob, info: "swift hidden")).contains { $0.contains("not run and shown (hidden)") })
    // No output block yet: verify asks for one (--record writes it), as for any snippet.
    #expect(Self.chapter(knob, output: nil).snippets[0].knobs.count == 1)
    let four = (1...4).map { "let x\($0) = 0.5 /* knob: k\($0) 0.0...1.0 */" }.joined(separator: "\n")
    #expect(Self.problems(Self.chapter(four)).contains { $0.contains("at most 3 knobs") })
    #expect(Self.chapter(four).snippets[0].knobs.isEmpty)
  }

  @Test func aSnippetFullOfKnobCommentsIsReadInOnePass() throws {
    // A hostile chapter: 20,000 knob comments (about 900 KB) in one snippet.
    // Every place is found by one forward scan (it once took minutes).
    let code = (0..<20_000).map { "let x\($0) = 0.5 /* knob: k\($0) 0.0...1.0 */" }.joined(separator: "\n")
    let chapter = Self.chapter(code)
    #expect(Self.problems(chapter) == ["4: A snippet may have at most 3 knobs; this one has 20000"])
    // A character of two UTF-16 units on the literal's own line.
    let emoji = Self.chapter("let s = \"😀\"; let v = 0.5 /* knob: k 0.0...1.0 */")
    let knob = try #require(emoji.snippets.first?.knobs.first)
    #expect(String(decoding: Array(emoji.snippets[0].code.utf16)[knob.utf16Range], as: UTF16.self) == "0.5")
  }

  @Test func otherCommentsAreNotKnobs() {
    let chapter = Self.chapter("let x = 0.5 /* the knob: not this */ // knob: nor this\n/*knob*/ print(x)")
    #expect(chapter.problems.isEmpty && chapter.snippets[0].knobs.isEmpty, "\(Self.problems(chapter))")
  }
}

@Suite struct KnobStopsTests {
  static let chapter = """
    # Knobs

    ```swift
    let width = 2.0 /* knob: width 1.0...3.0 */
    print("width", width * 10)
    ```

    ```output
    width 20.0
    ```

    ```swift
    let count = 2 /* knob: count 0...4 */
    let halves = [20, 10, 5]
    print(halves[count])
    ```

    ```output
    5
    ```

    """

  static func book() throws -> String {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try chapter.write(toFile: book + "/01-knobs.md", atomically: true, encoding: .utf8)
    return book
  }

  @Test func verifyRunsEveryStopAndReportsTheSnippetsOutputAtEach() throws {
    let report = try Fixtures.verify(try Self.book())
    let chapter = try #require(report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .passed], "the written values verify")
    let knobs = try #require(chapter.knobs)
    #expect(knobs.map(\.name) == ["width", "count"])
    let width = knobs[0]
    #expect(width.snippet == 0 && width.line == 4 && width.value == "2.0" && width.start == 12 && width.length == 3)
    #expect(width.stops.map(\.value) == ["1.0", "1.5", "2.5", "3.0"])
    #expect(width.stops.map(\.output) == ["width 10.0\n", "width 15.0\n", "width 25.0\n", "width 30.0\n"])

    // count 3 and 4 are out of the array's bounds: each stop is an error
    // at the knob's line; the other stops are kept.
    let count = knobs[1]
    #expect(count.stops.map(\.value) == ["0", "1"])
    #expect(count.stops.map(\.output) == ["20\n", "10\n"])
    let failures = chapter.findings.filter { $0.message.hasPrefix("Knob") }
    #expect(failures.count == 2)
    for (failure, value) in zip(failures, ["3", "4"]) {
      #expect(failure.line == 13 && failure.severity == .error && failure.kind == .crash && failure.snippet == 1)
      #expect(failure.message.hasPrefix("Knob 'count' at \(value): the snippet does not run cleanly"), "\(failure.message)")
    }
  }

  // Issue 40: the documented workflow — write the snippet with its knob,
  // `verify --record` — records the output block, then runs the stops; a
  // knob whose snippet shows the same at every stop is a warning at its line.
  @Test func recordWritesAKnobSnippetsOutputAndAKnobThatDrivesNothingIsAWarning() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Knobs

      ```swift
      let width = 2.0 /* knob: width 1.0...3.0 */
      print("width", width * 10)
      ```

      ```swift
      let unused = 0.5 /* knob: unused 0.0...1.0 */
      print("fixed")
      ```

      """.write(toFile: book + "/01-knobs.md", atomically: true, encoding: .utf8)
    let unrecorded = try Fixtures.verify(book)
    #expect(unrecorded.errors(kind: .missingOutput).count == 2, "a knob's snippet needs its block, as any")
    let report = try Fixtures.verify(book) { $0.record = true }
    let chapter = try #require(report.chapters.first)
    #expect(!chapter.failed && chapter.recordedBlocks == 2, "\(chapter.findings)")
    #expect(Fixtures.read(book + "/01-knobs.md").contains("```output\nwidth 20.0\n```"))
    let knobs = try #require(chapter.knobs)
    #expect(knobs.first?.stops.map(\.output) == ["width 10.0\n", "width 15.0\n", "width 25.0\n", "width 30.0\n"])
    let idle = chapter.findings.filter { $0.message.hasPrefix("Knob 'unused' changes nothing") }
    #expect(idle.count == 1 && idle.first?.severity == .warning && idle.first?.line == 9, "\(chapter.findings)")
    #expect(!chapter.findings.contains { $0.message.hasPrefix("Knob 'width' changes nothing") })
  }

  @Test func withoutStopsTheKnobsAreReportedAndNothingMoreRuns() throws {
    // serve's sliders run the exact value: its verify runs no stop.
    let report = try Fixtures.verify(try Self.book()) { $0.knobStops = false }
    let chapter = try #require(report.chapters.first)
    #expect(chapter.knobs?.map(\.name) == ["width", "count"])
    #expect(chapter.knobs?.allSatisfy(\.stops.isEmpty) == true)
    #expect(!chapter.failed, "no stop ran, so none trapped")
  }

  @Test func theReportsJSONCarriesTheStopsAndReadsThemBack() throws {
    let report = try Fixtures.verify(try Self.book())
    let chapter = try #require(report.chapters.first)
    let data = try JSONEncoder().encode(chapter)
    let back = try JSONDecoder().decode(ChapterReport.self, from: data)
    #expect(back.knobs == chapter.knobs)
    // A chapter without knobs has no `knobs` key (reports from before read as they did).
    var plain = chapter
    plain.knobs = nil
    let text = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(!text.contains("\"knobs\""))
  }

  @Test func aStopRunsTheProgramAlreadyBuiltWithANewLiteralTable() throws {
    let book = try Self.book()
    let workspace = Workspace(Fixtures.options(book: book))
    var runner = ChapterRunner(settings: try workspace.prepare())
    runner.programStore = ProgramStore(directory: try Fixtures.temporaryDirectory() + "/programs")
    let log = CommandLog()
    runner.commandLog = log
    let chapter = try #require(try workspace.loadBook().chapters.first)
    let verified = try runner.run(runner.builder.translate(chapter))
    let verdicts = Evaluator.evaluate(chapter, run: verified, outputCap: runner.settings.outputCap).snippets
    let compiled = LiteralTableRunTests.compilations(log)
    #expect(compiled == 1, "the skeleton, once")
    let stops = try KnobStops.run(chapter, verdicts: verdicts, runner: runner)
    #expect(stops.knobs.flatMap(\.stops).count == 6)
    // Each trap (count 3, 4) compiles the program as written, and once more
    // to find the trap's line, as verify does for any trap. Every other
    // stop runs the chapter program already built.
    #expect(LiteralTableRunTests.compilations(log) - compiled == 4, "\(log.all.suffix(12))")
  }

  @Test func aSnippetThatFailsGetsNoStops() throws {
    let book = try Self.book()
    let path = book + "/01-knobs.md"
    try Self.chapter.replacingOccurrences(of: "width 20.0", with: "width 21.0").write(toFile: path, atomically: true, encoding: .utf8)
    let report = try Fixtures.verify(book)
    let knobs = try #require(report.chapters.first?.knobs)
    #expect(knobs.map(\.name) == ["count"], "a failing snippet shows its failure, not a slider")
  }

  @Test func aKnobsRunStopsAfterItsSnippet() throws {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    try """
      # Later

      ```swift
      var total = 1
      total += 1 /* knob: step 1...5 */
      print(total)
      ```

      ```output
      2
      ```

      ```swift
      print("later", total)
      ```

      ```output
      later 2
      ```

      """.write(toFile: book + "/01-later.md", atomically: true, encoding: .utf8)
    let workspace = Workspace(Fixtures.options(book: book))
    let chapter = try #require(try workspace.loadBook().chapters.first)
    let checker = try ExerciseChecker(workspace: workspace)
    let code = chapter.snippets[0].code.replacingOccurrences(of: "total += 1", with: "total += 4")
    let whole = try #require(try checker.trial(chapter, snippet: 0, code: code))
    #expect(whole.report.output == "5\n")
    #expect(whole.others.map(\.status) == [.mismatch], "the later snippet ran, and printed 'later 5'")
    let cut = try #require(try checker.trial(chapter, snippet: 0, code: code, laterSnippets: false))
    #expect(cut.report.output == "5\n")
    #expect(cut.others.isEmpty, "nothing after the snippet ran")
  }
}
