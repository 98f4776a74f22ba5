// Exercise sections and hints, terminal Markdown, the side-by-side view,
// and cutting filmstrips into frames.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookStepper

@Suite struct ExerciseSectionTests {
  @Test func sectionsGiveInstructionsExpectedOutputAndHints() throws {
    let book = try StepperFixtures.exerciseBook(try StepperFixtures.project())
    #expect(book.exercises.map(\.qualifiedID) == ["01-basics/fade-steps", "01-basics/grow"])
    let fade = book.exercises[0]
    #expect(fade.title == "Fade in steps")
    #expect(fade.chapterTitle == "Basics")
    #expect(fade.instructions == """
      A fade is a list of *alpha* values over time. Make the view fade from
      fully visible to invisible in **five** steps, printing `view.alpha` at
      each step.

      """)
    #expect(fade.hints == [
      "Step 0 is alpha `1`, step 4 is alpha `0`: the alpha drops by a quarter\neach step.",
      "`1 - Double(step) / 4` gives the alpha of a step.",
    ])
    #expect(fade.expectedOutput.hasPrefix("step 0: alpha 1.0\nstep 1: alpha 0.75\n"))
    #expect(fade.starter == StepperFixtures.fadeStarter)
    #expect(fade.starterOutput == (0...4).map { "step \($0): alpha 1.0\n" }.joined())
    #expect(book.exercises[1].hints == [])
    #expect(book.exercises[1].starterOutput == "100.0 50.0\n")
    #expect(book.chapters.map(\.name) == ["01-basics", "02-film"])
    #expect(book.chapters.map(\.exerciseCount) == [2, 0])
  }

  @Test func theStartersSymptomStandsBesideOrAboveTheExpectedOutput() throws {
    let book = try StepperFixtures.exerciseBook(try StepperFixtures.project())
    let grow = book.exercises[1]
    #expect(StepSession.symptomAndExpected(grow, width: 60, style: .plain) == [
      "  " + "Expected output".padding(toLength: 27, withPad: " ", startingAt: 0) + " │ What the starter prints",
      "  " + String(repeating: "─", count: 27) + "─┼─" + String(repeating: "─", count: 27),
      "  200.0 50.0                  │ 100.0 50.0",
    ])
    // Too narrow for two columns: one above the other.
    #expect(StepSession.symptomAndExpected(grow, width: 40, style: .plain) == [
      "What the starter prints (the symptom):", "    100.0 50.0", "", "Expected output:", "    200.0 50.0",
    ])
    // No symptom recorded: the expected output alone, as before.
    var bare = grow
    bare.starterOutput = nil
    #expect(StepSession.symptomAndExpected(bare, width: 60, style: .plain) == ["Expected output:", "    200.0 50.0"])
  }

  @Test func aCheckSaysWhenTheFileStillShowsTheStartersSymptom() {
    var check = ExerciseCheck(
      verdict: .trap(.init(message: "Fatal error: Index out of range (at Swift/Array.swift:1)", line: nil)),
      file: "f.swift", diagnostics: [], otherErrors: "", output: "before\n",
      expected: "after\n", starterOutput: "before\nFatal error: Index out of range\n", stderr: "", duration: 0)
    check.crashSymptom = "Fatal error: Index out of range\n"
    #expect(check.symptom == "before\nFatal error: Index out of range\n")
    #expect(check.showsStarterSymptom)
    #expect(CheckView(style: .plain).render(check, width: 80).contains(
      "This is still what the starter does (its symptom): nothing is fixed yet."))
    check.output = "changed\n"
    #expect(!check.showsStarterSymptom)
    check.verdict = .passed
    check.output = "before\n"
    #expect(!check.showsStarterSymptom)
  }

  @Test func hintsParagraphSpellings() throws {
    let markdown = """
      # C

      ## Ex

      Do it.

      **Hints**

      1. First.
      2. Second,
         continued.

      After the list.

      ```swift exercise=a
      print(1)
      ```

      ```swift solution=a
      print(2)
      ```

      ```output
      2
      ```

      Why it works: a discussion, not shown before solving.
      """
    let chapter = ChapterLoader.load(bytes: Array(markdown.utf8), path: "/b/03-c.md", displayPath: "03-c.md")
    let exercise = try #require(ExerciseLoader.exercises(in: chapter).first)
    #expect(exercise.hints == ["First.", "Second,\ncontinued."])
    #expect(exercise.instructions == "Do it.\n\nAfter the list.\n")
    #expect(exercise.qualifiedID == "03-c/a")
  }
}

@Suite struct TerminalRenderingTests {
  @Test func markdownForAPlainTerminal() {
    let lines = MarkdownTerminalRenderer(style: .plain).render("""
      # Title

      Some *emphasis*, **strong** and `code`, and a [link](https://example.com) that wraps.

      - one
      - two

      ```swift
      let x = 1
      ```
      """, width: 30)
    #expect(lines == [
      "Title", "=====", "",
      "Some emphasis, strong and",
      "`code`, and a link",
      "(https://example.com) that",
      "wraps.", "",
      "  - one", "  - two", "",
      "    let x = 1",
    ])
  }

  @Test func colourOnlyWhenATerminalAndNoNO_COLOR() {
    #expect(TerminalStyle.detect(isTerminal: true, environment: [:]).color)
    #expect(!TerminalStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"]).color)
    #expect(!TerminalStyle.detect(isTerminal: false, environment: [:]).color)
    #expect(SwiftHighlighter(style: .ansi).highlight("let x = 1").contains("\u{1B}[35mlet\u{1B}[0m"))
    #expect(SwiftHighlighter(style: .plain).highlight("let x = 1") == "let x = 1")
  }

  @Test func differingLinesAreMarkedSideBySide() {
    let rows = LineDiff.rows(old: "a\nb\nc\n", new: "a\nB\nc\nd\n")
    #expect(rows.map(\.kind) == [.same, .changed, .same, .added])
    let check = ExerciseCheck(
      verdict: .mismatch(.init(message: "", line: nil, expected: "a\nb\nc\n", actual: "a\nB\n")),
      file: "f.swift", diagnostics: [], otherErrors: "", output: "a\nB\n",
      expected: "a\nb\nc\n", stderr: "", duration: 0)
    #expect(CheckView(style: .plain).render(check, width: 31) == [
      "✗ WRONG OUTPUT — expected on the left, yours on the right",
      "  expected      │ actual",
      "  ──────────────┼──────────────",
      "  a             │ a",
      "~ b             │ B",
      "- c             │ ",
      "  ~ differs   - missing from yours   + extra in yours",
    ])
  }

  @Test func stackedComparisonSaysSo() {
    let check = ExerciseCheck(
      verdict: .mismatch(.init(message: "", line: nil, expected: "another long line\n", actual: "a long line of output\n")),
      file: "f.swift", diagnostics: [], otherErrors: "", output: "a long line of output\n",
      expected: "another long line\n", stderr: "", duration: 0)
    #expect(CheckView(style: .plain).render(check, width: 31) == [
      "✗ WRONG OUTPUT — expected first, then yours",
      "expected:",
      "~ another long line",
      "actual:",
      "~ a long line of output",
      "~ differs   - missing from yours   + extra in yours",
    ])
  }

  // Issue 27: a film that differs is shown frame by frame, the changed
  // frames marked, in the stepper and `check`, full and compact.
  @Test func aWrongFilmIsShownFrameByFrame() {
    let expected = """
      t=0s         t=0.1s       t=0.2s
      ┌──────┐     ┌──────┐     ┌──────┐
      │card..│     │.card.│     │..card│
      └──────┘     └──────┘     └──────┘
      fills: . white

      """
    let actual = expected.replacingOccurrences(of: "│.card.│", with: "│card..│")
    let check = ExerciseCheck(
      verdict: .mismatch(.init(message: "", line: nil, expected: expected, actual: actual)),
      file: "f.swift", diagnostics: [], otherErrors: "", output: actual, expected: expected, stderr: "", duration: 0)
    #expect(CheckView(style: .plain).render(check, width: 40) == [
      "✗ WRONG OUTPUT — film: frame 2 of 3 differs",
      "frame 2 of 3 · t=0.1s",
      "  expected │ actual",
      "  ┌──────┐ │ ┌──────┐",
      "~ │.card.│ │ │card..│",
      "  └──────┘ │ └──────┘",
      "The same: frames 1, 3",
      "  ~ differs   - missing from yours   + extra in yours",
    ])
    #expect(CheckView(style: .plain).summary(check, width: 40, maxLines: 6) == [
      "✗ WRONG OUTPUT — film: frame 2 of 3 differs",
      "frame 2 of 3 · t=0.1s",
      "  expected │ actual",
      "~ │.card.│ │ │card..│",
    ])
  }

  @Test func progressBar() {
    #expect(ProgressBar.render(done: 1, total: 4, width: 8, style: .plain) == "[##------] 1/4 done")
  }
}

@Suite struct FilmstripTests {
  /// A strip of three frames as the harness publishes it: each frame with
  /// its caption and box as drawn (the text printed them wrapped in two rows).
  static let strip = DiagramRecord(
    kind: .filmstrip, text: "(the strip as printed)\n",
    frames: .init(screen: nil, frames: [
      .init(time: 0, caption: "t=0s    ", text: "┌──────┐\n│a.....│\n└──────┘"),
      .init(time: 0.05, caption: "t=0.05s ", text: "┌──────┐  \n│.a....│  \n└──────┘  \n"),
      .init(time: 0.1, caption: "t=0.1s", text: "┌──────┐\n│..a...│\n└──────┘"),
    ], key: ["fills: . white,", "  a black"]))

  @Test func eachFrameIsWhatTheEngineDrewForItWithTheKeyUnderEach() {
    let sequence = FrameSequence(Self.strip)
    #expect(sequence.frames.count == 3)
    #expect(sequence.frames.map(\.time) == [0, 0.05, 0.1])
    #expect(sequence.frames[1].caption == ["t=0.05s"])
    #expect(sequence.frames[1].lines == ["┌──────┐", "│.a....│", "└──────┘"])
    #expect(sequence.frames[2].lines == ["┌──────┐", "│..a...│", "└──────┘"])
    #expect(sequence.key == ["fills: . white,", "  a black"])
  }

  /// A film resting on an engine choice says so under its title, on every frame.
  @Test func theNoteIsUnderTheTitleOnEveryFrame() {
    let player = FilmstripPlayer(sequence: FrameSequence(Self.strip), title: "01-basics.md · snippet 2",
                                 note: "Engine's choice: UIPanGestureRecognizer", terminal: Terminal(), style: .plain)
    for i in 0..<3 {
      #expect(Array(player.render(i, status: nil).prefix(2)).last == "Engine's choice: UIPanGestureRecognizer")
    }
    let plain = FilmstripPlayer(sequence: FrameSequence(Self.strip), title: "t", terminal: Terminal(), style: .plain)
    #expect(plain.render(1, status: nil)[1] == "t=0.05s")
  }

  @Test func aDiagramWithoutDrawnFramesIsOneFrame() {
    let sequence = FrameSequence(DiagramRecord(kind: .timeline, text: "0s ──── 1s\n"))
    #expect(sequence.frames.count == 1)
    #expect(sequence.frames[0].lines == ["0s ──── 1s"])
    var undrawn = Self.strip
    undrawn.frames?.frames[2].text = nil
    #expect(FrameSequence(undrawn).frames.map(\.lines) == [["(the strip as printed)"]])
    #expect(FrameSequence(undrawn).frames.first?.time == 0)
  }
}

@Suite struct KeyDecodingTests {
  /// Keys that arrive in one read (typed fast, or sent by a test) are each
  /// returned in turn, none dropped.
  @Test func everyKeyOfOneReadIsDecodedInTurn() {
    var bytes = Array("ry".utf8) + [0x1B, 0x5B, 0x43] + [0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43] + Array("é\r".utf8) + [0x1B]
    var keys: [Key?] = []
    while !bytes.isEmpty {
      let (key, length) = Terminal.decodeFirst(bytes)
      #expect(length >= 1)
      keys.append(key)
      bytes.removeFirst(length)
    }
    #expect(keys == [.character("r"), .character("y"), .right, nil, .character("é"), .enter, .escape])
    #expect(Terminal.decode([]) == nil)
  }
}

extension KeyDecodingTests {
  @Test func pageAndHomeKeysScroll() {
    #expect(Terminal.decodeFirst([0x1B, 0x5B, 0x35, 0x7E]) == (.pageUp, 4))
    #expect(Terminal.decodeFirst([0x1B, 0x5B, 0x36, 0x7E]) == (.pageDown, 4))
    #expect(Terminal.decode([0x1B, 0x5B, 0x48]) == .home)
    #expect(Terminal.decode([0x1B, 0x4F, 0x46]) == .end)
    #expect(Terminal.decode([0x1B, 0x5B, 0x31, 0x7E]) == .home)
    #expect(Terminal.decodeFirst([0x1B, 0x5B, 0x32, 0x7E]) == (nil, 4))
  }
}

// Issue 27: the stepper's view for the terminal's size, drawn in place.
@Suite struct StepScreenTests {
  static func screen(document: Int, footer: [String] = ["keys"]) -> StepScreen {
    StepScreen(location: "where", title: ["Title"], document: (1...document).map { "line \($0)" },
               summary: { max in Array(["✗ verdict", "first", "second", "third"].prefix(max)) },
               footer: footer, style: .plain)
  }

  @Test func aViewThatFitsIsShownWhole() {
    let frame = Self.screen(document: 3).frame(width: 20, height: 10, scroll: 5)
    #expect(!frame.compact)
    #expect(frame.rows == ["where", "", "Title", "", "line 1", "line 2", "line 3", "", "keys"])
  }

  @Test func aViewThatDoesNotFitKeepsItsTitleVerdictAndKeysAndScrollsTheRest() {
    let screen = Self.screen(document: 30)
    let top = screen.frame(width: 40, height: 12, scroll: 0)
    #expect(top.compact)
    // Header 2, footer 1, scroll line 1, summary at most a third (4): 4 lines of text.
    #expect(top.rows == ["where", "Title", "line 1", "line 2", "line 3", "line 4",
                         "── lines 1–4 of 30 · ↑/↓ scroll · space…", "✗ verdict", "first", "second", "third", "keys"])
    #expect(top.page == 4 && top.maxScroll == 26)
    let end = screen.frame(width: 40, height: 12, scroll: 99)
    #expect(end.scroll == 26)
    #expect(end.rows[2...5] == ["line 27", "line 28", "line 29", "line 30"])
    // Rows are cut to the width, never wrapped.
    let narrow = StepScreen(location: String(repeating: "x", count: 50), title: ["Title"], document: ["d"],
                            summary: { _ in [] }, footer: [], style: .plain).frame(width: 30, height: 3, scroll: 0)
    #expect(narrow.rows.allSatisfy { TextWidth.of($0) <= 30 })
    #expect(narrow.rows.count <= 3)
  }

  @Test func thePainterRedrawsOnlyChangedRowsAndNeverWritesANewline() {
    let painter = ScreenPainter()
    let first = painter.paint(["a", "b", "c"], width: 10, height: 4)
    #expect(first.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    #expect(!first.contains("\n"))
    #expect(first.contains("\u{1B}[1;1H\u{1B}[0m\u{1B}[2Ka") && first.contains("\u{1B}[3;1H\u{1B}[0m\u{1B}[2Kc"))
    #expect(!first.contains("\u{1B}[4;1H"), "a blank row of a cleared screen is left alone")
    // One row changed: one row written; a row gone: cleared.
    #expect(painter.paint(["a", "B", "c"], width: 10, height: 4) == "\u{1B}[2;1H\u{1B}[0m\u{1B}[2KB")
    #expect(painter.paint(["a", "B"], width: 10, height: 4) == "\u{1B}[3;1H\u{1B}[0m\u{1B}[2K")
    #expect(painter.paint(["a", "B"], width: 10, height: 4) == "")
    // A new size: the whole screen again.
    #expect(painter.paint(["a", "B"], width: 12, height: 4).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
  }
}

// Issue 27: a solution is shown as its change from the starter.
@Suite struct SolutionViewTests {
  @Test func theSolutionIsItsChangeFromTheStarterWithTheWholeProgramOnRequest() throws {
    let book = try StepperFixtures.exerciseBook(try StepperFixtures.project())
    let fade = book.exercises[0]
    #expect(SolutionView(style: .plain).render(fade, full: false, width: 80, otherView: "s: the whole program") == [
      "Solution: its change (- starter, + solution) · s: the whole program",
      "    let view = UIView()",
      "    for step in 0...4 {",
      "  -   // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4",
      "  +   view.alpha = 1 - Double(step) / 4",
      "      print(\"step \\(step): alpha \\(view.alpha)\")",
      "    }",
    ])
    let whole = SolutionView(style: .plain).render(fade, full: true, width: 80)
    #expect(whole.first == "Solution: the whole program")
    #expect(Array(whole.dropFirst()) == fade.solution.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { $0.isEmpty ? "" : "    " + $0 })
    // Coloured: removed lines red, added lines green.
    let coloured = SolutionView(style: .ansi).render(fade, full: false, width: 80)
    #expect(coloured.contains("\u{1B}[31m  -   // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32m  +   view.alpha = 1 - Double(step) / 4\u{1B}[0m"))
    // Changes far apart: a gap between them.
    var far = fade
    far.starter = (1...12).map { "line \($0)\n" }.joined()
    far.solution = far.starter.replacingOccurrences(of: "line 2\n", with: "line two\n")
      .replacingOccurrences(of: "line 11\n", with: "line eleven\n")
    #expect(SolutionView.changes(far).contains(.gap))
    #expect(SolutionView.changes(far).filter { if case .same = $0 { return true }; return false }.count == 6)
  }
}
