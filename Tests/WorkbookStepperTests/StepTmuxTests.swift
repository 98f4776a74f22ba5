// `workbook step` driven through tmux like a learner: start, read the
// instructions, save wrong answers, ask for a hint and the solution, save
// the right answer, quit, resume, reset, Ctrl-C.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite(.serialized) struct StepTmuxTests {
  init() throws {
    try #require(TmuxSession.tmux != nil, "tmux is not installed; run scripts/setup/install-deps.sh")
  }

  func start(_ root: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
    try TmuxSession([TestPackage.binary, "step"] + arguments + StepperFixtures.commonArguments,
                    directory: root, environment: environment)
  }

  @Test func aLearnerWorksThroughAnExerciseQuitsAndResumes() throws {
    let root = try StepperFixtures.project()
    let file = root + "/Exercises/01-basics/fade-steps.swift"

    // Start: the instructions, what the starter prints beside the expected
    // output, the starter written and checked.
    let step = try start(root, ["01-basics"])
    var screen = step.waitFor("Fade in steps (01-basics/fade-steps)", "What the starter prints", "Expected output",
                              "step 3: alpha 0.25", "Your file: Exercises/01-basics/fade-steps.swift", "WRONG OUTPUT",
                              "step 4: alpha 1.0", "This is still what the starter does (its symptom): nothing is fixed yet.")
    #expect(screen.contains("A fade is a list of alpha values over time."))
    // The symptom and the expected output side by side, above the check.
    let rows = screen.split(separator: "\n").map(String.init)
    let header = try #require(rows.firstIndex { $0.contains("What the starter prints") })
    #expect(rows[header].hasPrefix("  Expected output "))
    #expect(rows[header + 5].hasPrefix("  step 3: alpha 0.25 "))
    #expect(rows[header + 5].hasSuffix("│ step 3: alpha 1.0"))
    #expect(header < (rows.firstIndex { $0.contains("WRONG OUTPUT") } ?? 0))
    #expect(screen.contains("[░░░░░░░░░░░░] 0/2 done"))
    #expect(screen.contains("h hint (0/2) · s solution · r reset · n next · p previous · q quit · ? keys"))
    #expect(StepperFixtures.read(file) == StepperFixtures.fadeStarter)

    // A syntax error: reported at the workspace file's line, and the session goes on.
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "alpha)\")", with: "alpha)\""), to: file)
    screen = step.waitFor("DOES NOT COMPILE", "Exercises/01-basics/fade-steps.swift:7:1: error: expected ')' in expression list")

    // A wrong answer: expected and actual side by side, differing lines marked.
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 5"), to: file)
    screen = step.waitFor("WRONG OUTPUT", "step 1: alpha 0.8")
    #expect(!screen.contains("still what the starter does"))
    #expect(!screen.contains("fade-steps.swift:1"), "a wrong output is the file's, at no line")
    let changed = screen.split(separator: "\n").last { $0.contains("step 1: alpha 0.75") }.map(String.init) ?? ""
    #expect(changed.hasPrefix("~ step 1: alpha 0.75"))
    #expect(changed.hasSuffix("│ step 1: alpha 0.8"))
    #expect(screen.contains("  step 0: alpha 1.0"))

    // A hint, then the solution (asks first).
    try step.send("h")
    screen = step.waitFor("Hint 1 of 2:", "the alpha drops by a quarter each step.", "h hint (1/2)")
    #expect(!screen.contains("Hint 2 of 2"))
    try step.send("s")
    step.waitFor("Show the solution? [y/N]")
    try step.send("y")
    // The solution as its change from the starter; s again: the whole program.
    screen = step.waitFor("Solution: its change (- starter, + solution) · s: the whole program",
                          "  -   // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4",
                          "  +   view.alpha = 1 - Double(step) / 4", "s program")
    #expect(screen.contains("    let view = UIView()\n    for step in 0...4 {\n  -   // TODO"))
    #expect(!screen.contains("import UIKit"), "only the change and its context")
    try step.send("s")
    screen = step.waitFor("Solution: the whole program · s: only its change", "    import UIKit",
                          "      view.alpha = 1 - Double(step) / 4", "s changes")
    #expect(!screen.contains("  +   view.alpha"))

    // The right answer passes.
    try StepperFixtures.save(StepperFixtures.fadeSolution, to: file)
    step.waitFor("✓ PASS", "Exercise done (1/2). Press n for the next one.")

    // ? shows the keys; q quits, restores the terminal and saves progress.
    try step.send("?")
    step.waitFor("reset your file to the starter (asks first; keeps a backup)")
    try step.send("q")
    screen = step.waitFor("[exited 0] [tty icanon]", "Progress saved in .workbook/progress.json")

    let progress = try ExerciseBook.ProgressFile.load(root + "/.workbook/progress.json")
    let entry = try #require(progress.exercises["01-basics/fade-steps"])
    #expect(entry.done)
    #expect(entry.attempts == 3)
    #expect(entry.hintsShown == 1)
    #expect(entry.solutionShown)
    #expect(progress.current == "01-basics/fade-steps")

    // Resume: the first unfinished exercise; p goes back and the work is kept.
    let again = try start(root)
    again.waitFor("Double the width (01-basics/grow)", "[██████░░░░░░] 1/2 done", "WRONG OUTPUT", "100.0 50.0")
    try again.send("p")
    again.waitFor("Fade in steps", "✓ PASS", "h hint (1/2)")
    #expect(StepperFixtures.read(file) == StepperFixtures.fadeSolution)

    // r resets to the starter after asking, keeping a backup.
    try again.send("r")
    again.waitFor("Reset Exercises/01-basics/fade-steps.swift to the starter? Your text is kept as a backup. [y/N]")
    try again.send("y")
    again.waitFor("to the starter; your old text is in", "Exercises/01-basics/fade-steps.swift.bak.", "WRONG OUTPUT")
    #expect(StepperFixtures.read(file) == StepperFixtures.fadeStarter)
    #expect(StepperFixtures.read(file + ".bak") == StepperFixtures.fadeSolution)
    try again.send("q")
    again.waitFor("[exited 0] [tty icanon]")
  }

  @Test func brokenProgramsAreReportedAndTheSessionGoesOn() throws {
    let root = try StepperFixtures.project()
    let file = root + "/Exercises/01-basics/grow.swift"
    let step = try start(root, ["01-basics/grow", "--timeout", "2"])
    step.waitFor("Double the width", "WRONG OUTPUT")

    // A trap points at the file's line.
    try StepperFixtures.save("import UIKit\nlet card: UIView? = nil\nprint(card!.alpha)\n", to: file)
    step.waitFor("CRASHED", "Exercises/01-basics/grow.swift:3: Fatal error: Unexpectedly found nil while unwrapping")

    // An infinite loop is stopped.
    try StepperFixtures.save("import UIKit\nwhile true {}\n", to: file)
    step.waitFor("TIMED OUT", timeout: 30)

    // A file that is removed can be written again.
    try FileManager.default.removeItem(atPath: file)
    step.waitFor("Exercises/01-basics/grow.swift is gone; press r to write the starter again.")
    try step.send("r")
    try step.send("y")
    step.waitFor("Reset Exercises/01-basics/grow.swift to the starter.", "WRONG OUTPUT")

    // Ctrl-C ends the session and puts the terminal back: the primary
    // screen, the cursor, line buffering.
    try step.run(["send-keys", "-t", step.name, "C-c"])
    step.waitFor("[exited 130] [tty icanon]", "Stopped; progress is saved.")
    #expect(step.pane("#{alternate_on}") == "0")
    #expect(step.pane("#{cursor_flag}") == "1")
    #expect(!step.screenAndScrollback().contains("Double the width"))
  }

  /// The `workbook` process in the pane (the child of its shell).
  static func stepper(in session: TmuxSession) -> pid_t? {
    guard let shell = pid_t(session.pane("#{pane_pid}")) else { return nil }
    let children = StepperFixtures.read("/proc/\(shell)/task/\(shell)/children")
    return children.split(separator: " ").compactMap { pid_t($0) }.first
  }

  // Ctrl-Z puts the terminal back before the stepper stops, and `fg` brings
  // the stepper's screen back; an error ends it with the terminal put back.
  @Test func suspendingAndAnErrorPutTheTerminalBack() throws {
    let root = try StepperFixtures.project()
    // A shell with job control (in tmux's own pane, the stepper's process
    // group is orphaned and the kernel ignores Ctrl-Z).
    let shell = try TmuxSession(["bash", "--norc", "--noprofile", "-i"], directory: root, width: 80, height: 24)
    let command = ([TestPackage.binary, "step", "01-basics"] + StepperFixtures.commonArguments).map(TmuxSession.quote)
    try shell.send("clear; " + command.joined(separator: " "))
    try shell.run(["send-keys", "-t", shell.name, "Enter"])
    shell.waitFor("Fade in steps (01-basics/fade-steps)", "WRONG OUTPUT")
    #expect(shell.pane("#{alternate_on}") == "1")
    try shell.run(["send-keys", "-t", shell.name, "C-z"])
    let stopped = shell.waitFor("Stopped")
    #expect(shell.pane("#{alternate_on}") == "0")
    #expect(shell.pane("#{cursor_flag}") == "1")
    #expect(!stopped.contains("Fade in steps"))
    try shell.send("fg")
    try shell.run(["send-keys", "-t", shell.name, "Enter"])
    shell.waitFor("Fade in steps (01-basics/fade-steps)", "WRONG OUTPUT", "q quit")
    #expect(shell.pane("#{alternate_on}") == "1")
    #expect(shell.pane("#{cursor_flag}") == "0")
    try shell.send("q")
    shell.waitFor("Progress saved in .workbook/progress.json")
    #expect(shell.pane("#{alternate_on}") == "0")

    // No temporary folder for the check: an error, and the terminal back.
    let failing = try TmuxSession([TestPackage.binary, "step", "01-basics"] + StepperFixtures.commonArguments,
                                  directory: root, width: 80, height: 24, environment: ["TMPDIR": "/nonexistent"])
    failing.waitFor("error: Cannot make a working folder in the temporary folder", "[exited 2] [tty icanon]")
    #expect(failing.pane("#{alternate_on}") == "0")
    #expect(failing.pane("#{cursor_flag}") == "1")
  }

  /// Rows of a captured screen.
  static func rows(_ screen: String) -> [Substring] {
    var rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    if rows.last == "" { rows.removeLast() }
    return rows
  }

  /// How many times `text` is in `screen`.
  static func count(_ text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  // Issue 27: at 80×24 the title and the instructions were off screen, and
  // every redraw pushed a copy of the view into the scrollback.
  @Test func anEightyByTwentyFourTerminalShowsTheTitleAndKeepsNoCopies() throws {
    let root = try StepperFixtures.project()
    let file = root + "/Exercises/01-basics/fade-steps.swift"
    let step = try TmuxSession([TestPackage.binary, "step", "01-basics"] + StepperFixtures.commonArguments,
                               directory: root, width: 80, height: 24)
    // Compact: the title and the instructions' start on top, the verdict and
    // its first differing lines, then the keys.
    var screen = step.waitFor("Fade in steps (01-basics/fade-steps)", "WRONG OUTPUT — 4 of 5 lines differ",
                              "h hint (0/2) · s solution · r reset · n next · p previous · q quit · ? keys")
    let rows = Self.rows(screen)
    #expect(rows.count <= 24)
    #expect(rows.allSatisfy { $0.count <= 80 }, "\(screen)")
    #expect(rows.prefix(2).contains { $0.contains("Fade in steps (01-basics/fade-steps)") }, "\(screen)")
    #expect(rows[2].hasPrefix("A fade is a list of alpha values over time."), "\(screen)")
    #expect(screen.contains("~ step 1: alpha 0.75"))
    #expect(screen.contains("── lines 1–"))
    #expect(step.pane("#{alternate_on}") == "1")

    // Scrolling: g/G, space/b and the arrows move the document, not the rest.
    try step.send("G")
    screen = step.waitFor("~ differs   - missing from yours   + extra in yours", "expected on the left, yours on the right")
    #expect(!screen.contains("A fade is a list"))
    #expect(Self.rows(screen).prefix(2).contains { $0.contains("Fade in steps (01-basics/fade-steps)") })
    try step.send("g")
    step.waitFor("── lines 1–", "A fade is a list of alpha values over time.")

    // Two saves: each redraws in place.
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 5"), to: file)
    step.waitFor("~ step 1: alpha 0.75", "step 1: alpha 0.8")
    // A hint and the solution are scrolled to when asked for; the keys fit a row.
    try step.send("h")
    step.waitFor("Hint 1 of 2:", "h hint (1/2)")
    try step.send("s")
    step.waitFor("Show the solution? [y/N]")
    try step.send("y")
    screen = step.waitFor("Solution: its change (- starter, + solution) · s: the whole program",
                          "  +   view.alpha = 1 - Double(step) / 4", "~ step 1: alpha 0.75",
                          "h hint (1/2) · s program · r reset · n next · p previous · q quit · ? keys")
    #expect(Self.rows(screen).count <= 24 && Self.rows(screen).allSatisfy { $0.count <= 80 }, "\(screen)")
    try StepperFixtures.save(StepperFixtures.fadeSolution, to: file)
    screen = step.waitFor("✓ PASS", "Exercise done (1/2). Press n for the next one.")
    #expect(Self.rows(screen).prefix(3).contains { $0.contains("Fade in steps (01-basics/fade-steps)") })
    // No copies: what tmux holds is the one screen, and no scrollback.
    #expect(Self.count("Fade in steps (01-basics/fade-steps)", in: step.screenAndScrollback()) == 1)
    #expect(step.pane("#{history_size}") == "0")

    // q: the learner's own screen back, the cursor shown, no copy of the view.
    try step.send("q")
    screen = step.waitFor("[exited 0] [tty icanon]", "Progress saved in .workbook/progress.json")
    #expect(step.pane("#{alternate_on}") == "0")
    #expect(step.pane("#{cursor_flag}") == "1")
    let primary = step.screenAndScrollback()
    #expect(!primary.contains("Fade in steps"), "\(primary)")
    #expect(step.pane("#{history_size}") == "0")
  }

  @Test func aLargeTerminalShowsEverythingAndResizingRedraws() throws {
    let root = try StepperFixtures.project()
    let file = root + "/Exercises/01-basics/fade-steps.swift"
    // A long poll: only SIGWINCH redraws at once after a resize.
    let step = try TmuxSession([TestPackage.binary, "step", "01-basics", "--poll-interval", "30"]
                               + StepperFixtures.commonArguments, directory: root, width: 140, height: 45)
    // Everything fits: the whole view, no scroll line.
    var screen = step.waitFor("Fade in steps (01-basics/fade-steps)", "What the starter prints", "WRONG OUTPUT",
                              "~ differs   - missing from yours   + extra in yours", "Your file:", "q quit")
    #expect(!screen.contains("── lines"))
    #expect(Self.rows(screen).allSatisfy { $0.count <= 140 })
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 5"), to: file)
    step.waitFor("step 1: alpha 0.8")
    try StepperFixtures.save(StepperFixtures.fadeSolution.replacingOccurrences(of: "/ 4", with: "/ 3"), to: file)
    step.waitFor("step 1: alpha 0.6666")
    #expect(Self.count("Fade in steps (01-basics/fade-steps)", in: step.screenAndScrollback()) == 1)

    // Smaller: redrawn compact at once (SIGWINCH), within the new size.
    try step.resize(width: 80, height: 24)
    screen = step.waitFor("── lines 1–", "WRONG OUTPUT — 4 of 5 lines differ", "Fade in steps (01-basics/fade-steps)", "q quit",
                          timeout: 10)
    #expect(Self.rows(screen).count <= 24)
    #expect(Self.rows(screen).allSatisfy { $0.count <= 80 }, "\(screen)")
    #expect(Self.count("Fade in steps (01-basics/fade-steps)", in: step.screenAndScrollback()) == 1)
    // Larger again: the whole view.
    try step.resize(width: 140, height: 45)
    screen = step.waitFor("What the starter prints", "~ differs   - missing from yours   + extra in yours", "Your file:",
                          timeout: 10)
    #expect(!screen.contains("── lines"))

    // SIGTERM (a closed terminal window, a `kill`): the terminal is put back.
    let stepper = try #require(Self.stepper(in: step))
    kill(stepper, SIGTERM)
    step.waitFor("[exited 130] [tty icanon]")
    #expect(step.pane("#{alternate_on}") == "0")
    #expect(step.pane("#{cursor_flag}") == "1")
    #expect(!step.screenAndScrollback().contains("Fade in steps"))
  }

  @Test func narrowTerminalsWrapAndStackTheComparison() throws {
    let root = try StepperFixtures.project()
    let step = try TmuxSession([TestPackage.binary, "step", "01-basics"] + StepperFixtures.commonArguments,
                               directory: root, width: 40, height: 60)
    let screen = step.waitFor("WRONG OUTPUT", "actual:")
    for line in screen.split(separator: "\n") {
      #expect(line.count <= 40, "line wider than the pane: \(line)")
    }
    #expect(screen.contains("expected:\n  step 0: alpha 1.0\n~ step 1: alpha 0.75"))
    try step.send("q")
    step.waitFor("[exited 0]")
  }

  @Test func playAnimatesPausesAndSteps() throws {
    let root = try StepperFixtures.project()
    // Slowed down a hundred times: frame 1 stays for 10 s, long enough to pause.
    let play = try TmuxSession([TestPackage.binary, "play", "02-film", "--speed", "0.01"] + StepperFixtures.commonArguments,
                               directory: root, width: 80, height: 20)
    play.waitFor("frame 1 of 3 · t=0s", "│card....│", "fills: . white", "playing   · space pause · ←/→ step · q quit")
    try play.send(" ")
    play.waitFor("frame 1 of 3", "paused    · space play ")
    try play.run(["send-keys", "-t", play.name, "Right"])
    play.waitFor("frame 2 of 3 · t=0.1s", "│..card..│")
    try play.run(["send-keys", "-t", play.name, "Right", "Right"])
    play.waitFor("frame 3 of 3 · t=0.25s", "│....card│")
    try play.run(["send-keys", "-t", play.name, "Left"])
    play.waitFor("frame 2 of 3")
    try play.send("q")
    play.waitFor("[exited 0] [tty icanon]")
  }
}

extension StepTmuxTests {
  /// A chapter with two snippets that publish films: the first's frames
  /// have different heights and times of different widths.
  static let twoFilms = #"""
    # Two films

    ```swift
    import UIKit

    let frames = """
    {"screen": {"width": 320, "height": 568}, "frames": [
      {"time": 0, "progress": null, "caption": "t=0s", "text": "┌──┐\\n│a.│\\n└──┘", "layers": []},
      {"time": 0.125, "progress": null, "caption": "t=0.125s", "text": "┌──┐\\n│.a│\\n│..│\\n└──┘", "layers": []},
      {"time": 10.5, "progress": null, "caption": "t=10.5s", "text": "┌──┐\\n│..│\\n│.a│\\n│..│\\n└──┘", "layers": []}
    ], "key": ["fills: . white"]}
    """
    DiagramChannel.publish(PublishedDiagram(kind: "filmstrip", text: "three frames", framesJSON: frames))
    ```

    Another one.

    ```swift
    import UIKit

    DiagramChannel.publish(PublishedDiagram(kind: "frame", text: "┌──┐\n│b.│\n└──┘", framesJSON: nil))
    ```
    """#

  /// A chapter whose exercise's solution has lines wider than 80 columns.
  static let longLines = #"""
    # Long lines

    ## Who presents whom

    A presentation has two controllers: the one that presents and the one
    presented. This function names only the first. Make it say which
    controller is presented over which, so that a reader of the log can
    tell the two apart without opening the code. The text should read
    `detail is presented over home` for the two controllers below.

    ```swift exercise=who
    func describe(presenting presentingViewController: String, presented presentedViewController: String) -> String {
      return presentingViewController
    }
    print(describe(presenting: "home", presented: "detail"))
    ```

    ```output
    home
    ```

    Hints:

    - The presented controller comes first.

    ```swift solution=who
    func describe(presenting presentingViewController: String, presented presentedViewController: String) -> String {
      return presentedViewController + " is presented over the " + presentingViewController + " screen"
    }
    print(describe(presenting: "home", presented: "detail"))
    ```

    ```output
    detail is presented over the home screen
    ```
    """#

  // Issue 40: at 80×24 the verdict was shown twice (in the document and
  // under it), the solution's long lines were cut inside names
  // (`present` / `ing`), and after a pass s asked "Show the solution? [y/N]".
  @Test func atEightyColumnsTheVerdictIsSaidOnceCodeWrapsBetweenTokensAndAPassShowsTheSolution() throws {
    let root = try StepperFixtures.project()
    try Self.longLines.write(toFile: root + "/Chapters/03-long.md", atomically: true, encoding: .utf8)
    let file = root + "/Exercises/03-long/who.swift"
    let step = try TmuxSession([TestPackage.binary, "step", "3"] + StepperFixtures.commonArguments,
                               directory: root, width: 80, height: 24)
    var screen = step.waitFor("Who presents whom (03-long/who)", "WRONG OUTPUT")
    #expect(Self.count("WRONG OUTPUT", in: screen) == 1, "\(screen)")
    let solution = Self.longLines.components(separatedBy: "```swift solution=who\n")[1].components(separatedBy: "```")[0]
    try StepperFixtures.save(solution, to: file)
    step.waitFor("✓ PASS", "Exercise done")
    // A hint: the document scrolls to it, and the verdict under it is not
    // repeated below the document.
    try step.send("h")
    screen = step.waitFor("Hint 1 of 1:", "h hint (1/1)")
    #expect(Self.count("PASS — the output matches", in: screen) == 1, "\(screen)")
    // Passed: s shows the solution at once.
    try step.send("s")
    screen = step.waitFor("Solution: its change (- starter, + solution) · s: the whole program", "s program")
    #expect(!screen.contains("[y/N]"), "\(screen)")
    #expect(Self.count("PASS — the output matches", in: screen) == 1, "\(screen)")
    #expect(Self.rows(screen).count <= 24 && Self.rows(screen).allSatisfy { $0.count <= 80 }, "\(screen)")
    // Long lines are cut after a space or a comma, the rest indented.
    #expect(screen.contains("""
          func describe(presenting presentingViewController: String, presented
            presentedViewController: String) -> String {
      """), "\(screen)")
    #expect(screen.contains("""
        +   return presentedViewController + " is presented over the " +
        +     presentingViewController + " screen"
      """), "\(screen)")
    try step.send("q")
    step.waitFor("[exited 0] [tty icanon]")
  }

  // Issue 27: `play` wiped its list of the chapter's other snippets at once,
  // its controls moved while it played, and it left copies in the scrollback.
  @Test func playKeepsItsLayoutItsListAndNoCopies() throws {
    let root = try StepperFixtures.project()
    try Self.twoFilms.write(toFile: root + "/Chapters/03-two.md", atomically: true, encoding: .utf8)
    let play = try TmuxSession([TestPackage.binary, "play", "03-two", "--speed", "0.01"] + StepperFixtures.commonArguments,
                               directory: root, width: 80, height: 24)
    var screen = play.waitFor("frame 1 of 3 · t=0s", "│a.│", "Other snippets with diagrams: 2 (line 18)",
                              "Play one with: workbook play 03-two 2")
    #expect(play.pane("#{alternate_on}") == "1")
    let rows = Self.rows(screen)
    let controls = try #require(rows.firstIndex { $0.contains("space pause") })
    let column = try #require(rows[controls].range(of: "space pause")).lowerBound.utf16Offset(in: rows[controls])
    let list = try #require(rows.firstIndex { $0.contains("Other snippets with diagrams") })
    // Every frame: the controls and the list on the same rows, the keys at
    // the same column, whatever the frame's height and time.
    for (keys, expected) in [("Right", "frame 2 of 3 · t=0.125s"), ("Right", "frame 3 of 3 · t=10.5s "),
                             ("Left", "frame 2 of 3 · t=0.125s")] {
      try play.run(["send-keys", "-t", play.name, keys])
      screen = play.waitFor(expected, "paused    · space play ")
      let now = Self.rows(screen)
      #expect(now[controls].contains(expected), "\(screen)")
      #expect(now[controls].range(of: "space play ")?.lowerBound.utf16Offset(in: now[controls]) == column, "\(screen)")
      #expect(now[list].contains("Other snippets with diagrams: 2 (line 18)"), "\(screen)")
    }
    #expect(Self.count("Two films", in: play.screenAndScrollback()) == 0)
    #expect(Self.count("frame 2 of 3", in: play.screenAndScrollback()) == 1)
    #expect(play.pane("#{history_size}") == "0")

    // Smaller: drawn again within the new size, controls and list kept.
    try play.resize(width: 50, height: 8)
    screen = play.waitFor("frame 2 of 3", "Other snippets with", timeout: 10)
    #expect(Self.rows(screen).count <= 8)
    #expect(Self.rows(screen).allSatisfy { $0.count <= 50 }, "\(screen)")

    // q: the learner's own screen back, no copy of the player.
    try play.send("q")
    play.waitFor("[exited 0] [tty icanon]")
    #expect(play.pane("#{alternate_on}") == "0")
    #expect(play.pane("#{cursor_flag}") == "1")
    #expect(!play.screenAndScrollback().contains("frame 2 of 3"))

    // Ctrl-C also puts the terminal back.
    let again = try TmuxSession([TestPackage.binary, "play", "03-two", "--speed", "0.01"] + StepperFixtures.commonArguments,
                                directory: root, width: 80, height: 24)
    again.waitFor("frame 1 of 3")
    try again.run(["send-keys", "-t", again.name, "C-c"])
    again.waitFor("[exited 130] [tty icanon]")
    #expect(again.pane("#{alternate_on}") == "0")
    #expect(!again.screenAndScrollback().contains("frame 1 of 3"))
  }
}

extension StepTmuxTests {
  /// A chapter whose one film is 33 rows tall (a caption, then a box of
  /// 30 numbered rows), published after `seconds` of work; `tag`
  /// makes its program new to the result cache.
  static func tallFilm(seconds: Int, tag: String) -> String {
    let box = ["┌────────┐"] + (1...30).map { "│row \($0 < 10 ? "0" : "")\($0)  │" } + ["└────────┘"]
    let text = box.joined(separator: #"\\n"#)
    return #"""
      # A tall film

      ```swift
      import UIKit

      // \#(tag)
      Thread.sleep(forTimeInterval: \#(seconds))
      let frames = """
      {"screen": {"width": 320, "height": 568}, "frames": [
        {"time": 0, "progress": null, "caption": "t=0s", "text": "\#(text)", "layers": []},
        {"time": 0.5, "progress": null, "caption": "t=0.5s", "text": "\#(text)", "layers": []}
      ], "key": ["fills: . white"]}
      """
      DiagramChannel.publish(PublishedDiagram(kind: "filmstrip", text: "tall", framesJSON: frames))
      ```
      """#
  }

  // Issue 40: `play` showed a blank terminal while it ran the chapter
  // (10–20 s on a first run), then cut a frame taller than the terminal at
  // 80×24 with no mark.
  @Test func playSaysWhatItRunsThenScrollsAFrameTallerThanTheTerminal() throws {
    let root = try StepperFixtures.project()
    try Self.tallFilm(seconds: 3, tag: UUID().uuidString).write(toFile: root + "/Chapters/04-tall.md", atomically: true, encoding: .utf8)
    let play = try TmuxSession([TestPackage.binary, "play", "4", "--speed", "0.01"] + StepperFixtures.commonArguments,
                               directory: root, width: 80, height: 24)
    play.waitFor("Running the chapter to play its films · Chapters/04-tall.md…")
    #expect(play.pane("#{alternate_on}") == "0")
    // The caption and 32 rows of box: 20 rows shown, and which.
    var screen = play.waitFor("frame 1 of 2", "│row 01  │", "── rows 1–20 of 33 · ↑/↓ scroll ──")
    #expect(Self.rows(screen).count <= 24 && Self.rows(screen).allSatisfy { $0.count <= 80 }, "\(screen)")
    #expect(screen.contains("│row 18  │") && !screen.contains("│row 19  │"), "\(screen)")
    #expect(!screen.contains("Running the chapter"), "\(screen)")
    try play.run(["send-keys", "-t", play.name, "Down", "Down"])
    screen = play.waitFor("── rows 3–22 of 33", "│row 20  │")
    #expect(!screen.contains("┌────────┐"))
    // The end: the box's bottom, and no further.
    for _ in 0..<20 { try play.run(["send-keys", "-t", play.name, "Down"]) }
    play.waitFor("── rows 14–33 of 33", "└────────┘")
    try play.run(["send-keys", "-t", play.name, "Up"])
    play.waitFor("── rows 13–32 of 33")
    try play.send("q")
    screen = play.waitFor("[exited 0] [tty icanon]")
    #expect(!screen.contains("Running the chapter"), "the progress line is cleared: \(screen)")
  }
}

@Suite struct TmuxCleanupTests {
  /// A signal mask or ignore set from /proc/PID/status, as a number.
  static func signals(_ field: String, of pid: pid_t) -> UInt64? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    return line.flatMap { UInt64($0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
  }

  // Issue 11, item 12: the tests' tmux servers take SIGTERM and are ended.
  @Test func tmuxServersStartWithDefaultSignalsAndEndWithTheirTest() throws {
    try #require(TmuxSession.tmux != nil, "tmux is not installed; run scripts/setup/install-deps.sh")
    var session: TmuxSession? = try TmuxSession(["sleep", "300"], directory: NSTemporaryDirectory())
    let server = try #require(pid_t(try session!.run(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
    let terminating: UInt64 = (1 << (UInt64(SIGHUP) - 1)) | (1 << (UInt64(SIGINT) - 1)) | (1 << (UInt64(SIGTERM) - 1))
    #expect((Self.signals("SigBlk", of: server) ?? 0) & terminating == 0)
    #expect((Self.signals("SigIgn", of: server) ?? 0) & (1 << (UInt64(SIGTERM) - 1)) == 0)
    session = nil
    usleep(300_000)
    let state = (try? String(contentsOfFile: "/proc/\(server)/stat", encoding: .utf8))?.split(separator: ")").last?.dropFirst().first
    #expect(state == nil || state == "Z", "the tmux server \(server) still runs")
  }
}
