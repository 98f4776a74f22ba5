// `workbook exercises`, `check`, `step` without a terminal, `play`, and
// the progress file, end to end through the binary.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
import WorkbookStepper

@Suite struct ExerciseCommandTests {
  @Test func exercisesListsStatusesAndProgress() throws {
    let root = try StepperFixtures.project()
    let fresh = try StepperFixtures.workbook(["exercises"], in: root)
    #expect(fresh.status == 0)
    // The whole book: every chapter with its first sentence and exercise count.
    #expect(fresh.stdout == """
      01-basics — Basics · 2 exercises
        Some prose before the exercises, with a chapter snippet.
        [ ] not started  01-basics/fade-steps  Fade in steps
        [ ] not started  01-basics/grow        Double the width

      02-film — A filmstrip · no exercises
        A card slides right, in three frames.

      [--------------------] 0/2 done · next: workbook step 01-basics/fade-steps

      """)

    // A passing check makes it done; a file in Exercises/ makes it in progress.
    try FileManager.default.createDirectory(atPath: root + "/Exercises/01-basics", withIntermediateDirectories: true)
    try StepperFixtures.save(StepperFixtures.fadeSolution, to: root + "/Exercises/01-basics/fade-steps.swift")
    try StepperFixtures.save("// working on it\n", to: root + "/Exercises/01-basics/grow.swift")
    #expect(try StepperFixtures.workbook(["check", "01-basics/fade-steps"], in: root).status == 0)
    let later = try StepperFixtures.workbook(["exercises"], in: root)
    #expect(later.stdout.contains("  [x] done         01-basics/fade-steps  Fade in steps\n"))
    #expect(later.stdout.contains("  [~] in progress  01-basics/grow        Double the width\n"))
    #expect(later.stdout.contains("[##########----------] 1/2 done · next: workbook step 01-basics/grow"))

    let json = try StepperFixtures.workbook(["exercises", "--format", "json"], in: root)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["done"] as? Int == 1)
    let items = object?["exercises"] as? [[String: Any]]
    #expect(items?.map { $0["status"] as? String } == ["done", "in progress"])
    #expect(items?.first?["file"] as? String == "Exercises/01-basics/fade-steps.swift")
    #expect(items?.first?["hints"] as? Int == 2)
    let chapters = object?["chapters"] as? [[String: Any]]
    #expect(chapters?.map { $0["chapter"] as? String } == ["01-basics", "02-film"])
    #expect(chapters?.map { $0["exercises"] as? Int } == [2, 0])
    #expect(chapters?.last?["summary"] as? String == "A card slides right, in three frames.")
  }

  // RELIABILITY-REVIEW-3 L2: titles and file names from a book carry
  // terminal escapes (OSC 52 writes the clipboard, ESC[2J clears the
  // screen); `exercises`, `verify --format github` and the shard summary
  // show them escaped.
  @Test func terminalEscapesFromABookNeverReachTheTerminalOrTheLog() throws {
    let root = try TestPackage.temporaryDirectory() + "/esc"
    try FileManager.default.createDirectory(atPath: root + "/Chapters", withIntermediateDirectories: true)
    let exercise = "```swift exercise=e1\nprint(1)\n```\n\n```output\n1\n```\n\n```swift solution=e1\nprint(2)\n```\n\n```output\n2\n```\n"
    try StepperFixtures.save("# Red\n\nText.\n\n## Ex\n\n" + exercise,
                             to: root + "/Chapters/01-a\u{1B}[31mRED\u{1B}]0;TITLE\u{7}.md")
    try StepperFixtures.save("# Title \u{1B}]52;c;cm0gLXJmIH4K\u{7}\n\nClear \u{1B}[2J it.\n\n## Ex\n\n" + exercise,
                             to: root + "/Chapters/02-b.md")
    let list = try StepperFixtures.workbook(["exercises"], in: root)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(!list.stdout.contains("\u{1B}") && !list.stdout.contains("\u{7}"), "\(list.stdout)")
    #expect(list.stdout.contains("01-a\\e[31mRED\\e]0;TITLE\\u{7}"))
    #expect(list.stdout.contains("Title \\e]52;c;cm0gLXJmIH4K\\u{7}"))
    // A failing chapter gives GitHub annotations naming its file.
    try StepperFixtures.save("# A\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n",
                             to: root + "/Chapters/01-a\u{1B}[31mRED\u{1B}]0;TITLE\u{7}.md")
    let github = try StepperFixtures.workbook(["verify", "--format", "github"], in: root)
    #expect(github.status == 1)
    #expect(github.stdout.contains("::error file=Chapters/01-a\\e[31mRED\\e]0;TITLE\\u{7}.md"), "\(github.stdout)")
    #expect(!github.stdout.contains("\u{1B}") && !github.stdout.contains("\u{7}"))
    let shard = try StepperFixtures.workbook(["verify", "--shard", "1/1"], in: root)
    #expect(shard.stderr.contains("Shard 1/1"), "\(shard.stderr)")
    #expect(!shard.stderr.contains("\u{1B}") && !shard.stderr.contains("\u{7}"), "\(shard.stderr)")
  }

  // Round 4's L1: the exercise screens (`step`, `check`) show the book's
  // title, instructions, hints and expected output escaped too, and the
  // learner's output: no OSC 52 (clipboard), OSC 0 (title) or colour from
  // the book reaches the terminal.
  @Test func stepAndCheckShowTheBooksTextEscaped() throws {
    let root = try TestPackage.temporaryDirectory() + "/escstep"
    try FileManager.default.createDirectory(atPath: root + "/Chapters", withIntermediateDirectories: true)
    let osc52 = "\u{1B}]52;c;cm0gLXJmIH4K\u{7}", osc0 = "\u{1B}]0;TITLE\u{7}"
    let chapter = [
      "# Escapes", "", "## Clip \(osc52) board", "", "Do \(osc0) this, `code \(osc52)`.", "",
      "```swift exercise=e1", "print(\"one\")", "```", "", "```output", "two\u{1B}[31m", "```", "",
      "Hints:", "", "- A hint \(osc52) here.", "",
      "```swift solution=e1", "print(\"two\\u{1B}[31m\")", "```", "", "```output", "two\u{1B}[31m", "```", "",
    ].joined(separator: "\n")
    try StepperFixtures.save(chapter, to: root + "/Chapters/01-esc.md")
    try StepperFixtures.save("print(\"one\\u{1B}]0;MINE\\u{7}\")\n", to: root + "/attempt.swift")
    let check = try StepperFixtures.workbook(["check", "01-esc/e1", "--file", "attempt.swift"], in: root)
    #expect(check.status == 1, "\(check.stderr)")
    #expect(!check.stdout.contains("\u{1B}") && !check.stdout.contains("\u{7}"), "\(check.stdout)")
    #expect(check.stdout.contains("two\\e[31m") && check.stdout.contains("one\\e]0;MINE\\u{7}"), "\(check.stdout)")
    // Not a terminal: the stepper prints its screens as lines; h shows the hint.
    let step = try StepperFixtures.workbook(["step", "01-esc/e1"], in: root, input: "h\nq\n")
    #expect(!step.stdout.contains("\u{1B}]") && !step.stdout.contains("\u{7}"), "\(step.stdout)")
    for shown in ["Clip \\e]52;c;cm0gLXJmIH4K\\u{7} board", "Do \\e]0;TITLE\\u{7} this",
                  "A hint \\e]52;c;cm0gLXJmIH4K\\u{7} here", "two\\e[31m"] {
      #expect(step.stdout.contains(shown), "\(shown) in \(step.stdout)")
    }
  }

  @Test func checkExitsZeroOnPassOneOnFailureTwoOnUsage() throws {
    let root = try StepperFixtures.project()
    let attempt = root + "/attempt.swift"
    try StepperFixtures.save(StepperFixtures.fadeSolution, to: attempt)
    let pass = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", "attempt.swift"], in: root)
    #expect(pass.status == 0)
    #expect(pass.stdout == "✓ PASS — the output matches\n")
    // --file does not touch progress.
    #expect(!FileManager.default.fileExists(atPath: root + "/.workbook/progress.json"))

    try StepperFixtures.save(StepperFixtures.fadeStarter, to: attempt)
    let wrong = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", attempt], in: root)
    #expect(wrong.status == 1)
    #expect(wrong.stdout.hasPrefix("""
      ✗ WRONG OUTPUT — expected on the left, yours on the right
        expected                                        │ actual
      """))
    #expect(wrong.stdout.contains("~ step 1: alpha 0.75                              │ step 1: alpha 1.0\n"))
    // The starter's own output: the learner has not fixed anything yet.
    #expect(wrong.stdout.contains("This is still what the starter does (its symptom): nothing is fixed yet.\n"))
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 5"), to: attempt)
    let closer = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", attempt], in: root)
    #expect(closer.status == 1)
    #expect(!closer.stdout.contains("still what the starter does"))

    // A trap inside the engine: at the learner's line that called it (found
    // by a traced second run), with where in the engine it trapped.
    try StepperFixtures.save("import UIKit\nlet card = UIView()\nprint(\"before\")\nengineRequire(false, \"duration must be positive\")\n",
                             to: attempt)
    let trapped = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", "attempt.swift"], in: root)
    #expect(trapped.status == 1)
    #expect(trapped.stdout.contains("✗ CRASHED"))
    // (Wrapped at 100 columns.)
    #expect(trapped.stdout.replacingOccurrences(of: "\n", with: " ")
      .contains("attempt.swift:4: Precondition failed: duration must be positive (at TransitionEngine/"),
            "\(trapped.stdout)")

    try StepperFixtures.save("import UIKit\nlet card = UIView()\ncard.alpah = 0\n", to: attempt)
    let broken = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", "attempt.swift"], in: root)
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("attempt.swift:3:6: error: value of type 'UIView' has no member 'alpah'; did you mean 'alpha'?"))
    #expect(broken.stdout.contains(" 3 | card.alpah = 0\n   |      ^"))

    let unknown = try StepperFixtures.workbook(["check", "01-basics/nope"], in: root)
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "error: No exercise '01-basics/nope' in 'Chapters'; did you mean '01-basics/fade-steps' or '01-basics/grow'?\n")
    let typo = try StepperFixtures.workbook(["check", "01-basics/grwo"], in: root)
    #expect(typo.stderr == "error: No exercise '01-basics/grwo' in 'Chapters'; did you mean '01-basics/grow'?\n")
    let nothing = try StepperFixtures.workbook(["check", "zz/qq"], in: root)
    #expect(nothing.stderr == "error: No exercise 'zz/qq' in 'Chapters'; run 'workbook exercises' to list them\n")
    let missing = try StepperFixtures.workbook(["check", "01-basics/grow"], in: root)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("No file 'Exercises/01-basics/grow.swift' yet; run 'workbook step 01-basics' to write the starter, or pass --file PATH"))
  }

  // Issue 27: the compiler's notes ("chain the optional using '?'",
  // "force-unwrap using '!'") reach the learner, each with its fix-it at
  // the file's line; verify's findings keep them in their details.
  @Test func compilerNotesAndFixItsReachCheckAndVerify() throws {
    let root = try StepperFixtures.project()
    try StepperFixtures.save("import UIKit\nlet card: UIView? = UIView()\ncard.alpha = 0\n", to: root + "/attempt.swift")
    let broken = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--file", "attempt.swift"], in: root)
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("""
      attempt.swift:3:1: error: value of optional type 'UIView?' must be unwrapped to refer to member
      'alpha' of wrapped base type 'UIView'
       3 | card.alpha = 0
         | ^
        note: chain the optional using '?' to access member 'alpha' only for non-'nil' base values
         3 | card.alpha = 0
           |     ?
        note: force-unwrap using '!' to abort execution if the optional value contains 'nil'
         3 | card.alpha = 0
           |     !

      """), "\(broken.stdout)")

    // verify: the same notes under the chapter's error, at its Markdown lines.
    try StepperFixtures.save("# Optional\n\n```swift\nimport UIKit\nlet card: UIView? = UIView()\ncard.alpha = 0\n```\n",
                             to: root + "/Chapters/03-optional.md")
    let verify = try StepperFixtures.workbook(["verify", "Chapters/03-optional.md"], in: root)
    #expect(verify.status == 1)
    #expect(verify.stdout.contains("note: chain the optional using '?' to access member 'alpha' only for non-'nil' base values"),
            "\(verify.stdout)")
    #expect(verify.stdout.contains("6 | card.alpha = 0"), "\(verify.stdout)")
  }

  // Issue 27: `check --solution` shows the solution as its change from the
  // starter; `--whole-solution` the whole program; both are noted as shown.
  @Test func checkShowsTheSolutionAsItsChangeFromTheStarter() throws {
    let root = try StepperFixtures.project()
    try FileManager.default.createDirectory(atPath: root + "/Exercises/01-basics", withIntermediateDirectories: true)
    try StepperFixtures.save(StepperFixtures.fadeStarter, to: root + "/Exercises/01-basics/fade-steps.swift")
    let change = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--solution"], in: root)
    #expect(change.status == 1)
    #expect(change.stdout.hasSuffix("""
      This is still what the starter does (its symptom): nothing is fixed yet.

      Solution: its change (- starter, + solution)
          let view = UIView()
          for step in 0...4 {
        -   // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4
        +   view.alpha = 1 - Double(step) / 4
            print("step \\(step): alpha \\(view.alpha)")
          }

      """), "\(change.stdout)")
    let progress = try ExerciseBook.ProgressFile.load(root + "/.workbook/progress.json")
    #expect(progress.exercises["01-basics/fade-steps"]?.solutionShown == true)
    let whole = try StepperFixtures.workbook(["check", "01-basics/fade-steps", "--whole-solution"], in: root)
    #expect(whole.stdout.contains("Solution: the whole program\n    import UIKit\n\n    let view = UIView()\n"))
    #expect(!whole.stdout.contains("  +   view.alpha"))
  }

  /// A learner's wrong output is the file's, at no line: which line printed
  /// the first differing output line is not known, so neither the verdict
  /// nor the screen names one (it once said line 1).
  @Test func aLearnersMismatchHasNoLine() throws {
    let root = try StepperFixtures.project()
    let book = try StepperFixtures.exerciseBook(root)
    let exercise = try book.exercise(named: "01-basics/fade-steps")
    let checker = try ExerciseChecker(workspace: book.workspace)
    let file = root + "/attempt.swift"
    let code = StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 5")
    let check = try checker.check(exercise, code: code, file: file, displayPath: "attempt.swift")
    guard case .mismatch(let mismatch) = check.verdict else {
      Issue.record("not a mismatch: \(check.verdict)")
      return
    }
    #expect(mismatch.line == nil)
    #expect(check.verdict.explanation?.line == nil)
    let screen = CheckView(style: .plain).render(check, width: 100).joined(separator: "\n")
    #expect(screen.hasPrefix("✗ WRONG OUTPUT"))
    #expect(!screen.contains("attempt.swift:"), "\(screen)")
  }

  @Test func stepWithoutATerminalIsPlainAndSequential() throws {
    let root = try StepperFixtures.project()
    let out = try StepperFixtures.workbook(["step", "01-basics/grow"], in: root, input: "h\ns\nx\nq\n")
    #expect(out.status == 0)
    #expect(!out.stdout.contains("\u{1B}"))
    #expect(out.stdout == """
      Basics · exercise 2 of 2 · [------------] 0/2 done

      Double the width (`01-basics/grow`)
      -----------------------------------

      A card's `frame` says where it is. Make the card twice as wide, keeping its
      height.

        Expected output                       │ What the starter prints
        ──────────────────────────────────────┼──────────────────────────────────────
        200.0 50.0                            │ 100.0 50.0

      Your file: Exercises/01-basics/grow.swift — edit it and save; every save is
      checked.

      Wrote the starter to Exercises/01-basics/grow.swift; open it in your editor.

      Checked Exercises/01-basics/grow.swift:
      ✗ WRONG OUTPUT — expected on the left, yours on the right
        expected                              │ actual
        ──────────────────────────────────────┼──────────────────────────────────────
      ~ 200.0 50.0                            │ 100.0 50.0
        ~ differs   - missing from yours   + extra in yours
      This is still what the starter does (its symptom): nothing is fixed yet.

      This exercise has no hints.

      Save an attempt first: the solution is shown after at least one try.

      Unknown key 'x'; press ? for the keys.

      Progress saved in .workbook/progress.json; run 'workbook step' to carry on.

      """)
  }

  @Test func progressFileIsSavedAtomicallyAndResumed() throws {
    let root = try StepperFixtures.project()
    _ = try StepperFixtures.workbook(["step", "01-basics/grow"], in: root, input: "q\n")
    let path = root + "/.workbook/progress.json"
    #expect(StepperFixtures.read(path) == """
      {
        "current" : "01-basics/grow",
        "exercises" : {
          "01-basics/grow" : {
            "attempts" : 0,
            "done" : false,
            "hintsShown" : 0,
            "solutionShown" : false
          }
        },
        "version" : 1
      }

      """)
    // No temporary files left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.workbook") == ["progress.json"])

    // Resume: `step` without a chapter opens the exercise the learner was on.
    let resumed = try StepperFixtures.workbook(["step"], in: root, input: "q\n")
    #expect(resumed.stdout.contains("Double the width (`01-basics/grow`)"))

    // A damaged progress file is reported, not overwritten.
    try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
    let damaged = try StepperFixtures.workbook(["step"], in: root, input: "q\n")
    #expect(damaged.status == 2)
    #expect(damaged.stderr.hasPrefix("error: Cannot read the progress file '.workbook/progress.json': "))
    #expect(damaged.stderr.hasSuffix("; fix or delete it to start afresh\n"))
    #expect(StepperFixtures.read(path) == "{ not json")
  }

  @Test func stepNeverOverwritesTheLearnersWork() throws {
    let root = try StepperFixtures.project()
    let file = root + "/Exercises/01-basics/grow.swift"
    try FileManager.default.createDirectory(atPath: root + "/Exercises/01-basics", withIntermediateDirectories: true)
    try StepperFixtures.save("// mine\n", to: file)
    let out = try StepperFixtures.workbook(["step", "01-basics/grow"], in: root, input: "q\n")
    #expect(!out.stdout.contains("Wrote the starter"))
    #expect(StepperFixtures.read(file) == "// mine\n")
  }

  @Test func playPrintsEachFrameWithoutATerminal() throws {
    let root = try StepperFixtures.project()
    let out = try StepperFixtures.workbook(["play", "02-film"], in: root)
    #expect(out.status == 0)
    #expect(out.stdout == """
      Chapters/02-film.md · snippet 1 (line 5) · filmstrip · frame 1 of 3 · t=0s
      t=0s
      ┌────────┐
      │card....│
      │........│
      └────────┘
      fills: . white

      Chapters/02-film.md · snippet 1 (line 5) · filmstrip · frame 2 of 3 · t=0.1s
      t=0.1s
      ┌────────┐
      │..card..│
      │........│
      └────────┘
      fills: . white

      Chapters/02-film.md · snippet 1 (line 5) · filmstrip · frame 3 of 3 · t=0.25s
      t=0.25s
      ┌────────┐
      │....card│
      │........│
      └────────┘
      fills: . white


      """)
    let none = try StepperFixtures.workbook(["play", "01-basics"], in: root)
    #expect(none.status == 2)
    #expect(none.stderr == "error: No snippet of 'Chapters/01-basics.md' published a diagram\n")
  }

  // Issue 40: 'play 03' and 'step 3/origin' were refused, '03-pop/origin'
  // got no suggestion: every command names chapters and exercises by one
  // resolver (numbers and unique prefixes accepted).
  @Test func everyCommandTakesChapterNumbersAndUniquePrefixes() throws {
    let root = try StepperFixtures.project()
    let play = try StepperFixtures.workbook(["play", "2"], in: root)
    #expect(play.status == 0, "\(play.stderr)")
    #expect(play.stdout.hasPrefix("Chapters/02-film.md · snippet 1 (line 5) · filmstrip · frame 1 of 3"))
    let step = try StepperFixtures.workbook(["step", "1/gr"], in: root, input: "q\n")
    #expect(step.status == 0, "\(step.stderr)")
    #expect(step.stdout.contains("Double the width (`01-basics/grow`)"))
    try StepperFixtures.save(StepperFixtures.fadeSolution, to: root + "/attempt.swift")
    let check = try StepperFixtures.workbook(["check", "01-b/fade", "--file", "attempt.swift"], in: root)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("✓ PASS"))
    // Unknown: the nearest names, the same words everywhere.
    let typo = try StepperFixtures.workbook(["play", "02-flim"], in: root)
    #expect(typo.status == 2)
    #expect(typo.stderr == "error: No chapter '02-flim' in 'Chapters'; did you mean '02-film'?\n")
    let chapterTypo = try StepperFixtures.workbook(["step", "01-basic5/grow"], in: root)
    #expect(chapterTypo.status == 2)
    #expect(chapterTypo.stderr == "error: No chapter or exercise '01-basic5/grow' in 'Chapters'; did you mean '01-basics/grow'?\n")
    let several = try StepperFixtures.workbook(["play", "0"], in: root)
    #expect(several.status == 2)
    #expect(several.stderr == "error: '0' names more than one: '01-basics', '02-film'; type more of the name\n")
  }

  @Test func verifyChecksTheFixtureExercises() throws {
    let root = try StepperFixtures.project()
    let out = try StepperFixtures.workbook(["verify"], in: root)
    #expect(out.status == 0)
    #expect(out.stdout.hasPrefix("2 chapters, 6 snippets: 6 passed, 0 failed"))
  }

  @Test func helpHasExamples() throws {
    for command in ["exercises", "step", "check", "play"] {
      let out = try StepperFixtures.workbook([command, "--help"], in: NSTemporaryDirectory())
      #expect(out.status == 0)
      #expect(out.stdout.contains("Examples:\n  workbook \(command)"), "\(command) --help has no examples")
    }
  }
}
