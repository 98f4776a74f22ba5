// StepSession: `workbook step` — shows an exercise, writes the starter to
// the learner's file, checks the file on every save and answers keys.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookCore
import WorkbookMarkdown
import WorkbookModel
import WorkbookSupport

/// An interactive (or, without a terminal, sequential) walk through the
/// book's exercises.
public final class StepSession {
  /// Checks the learner's code: (exercise, code, absolute path, shown path).
  public typealias Check = (Exercise, String, String, String) throws(VerifyError) -> ExerciseCheck

  private let book: ExerciseBook
  private let terminal: Terminal
  private let style: TerminalStyle
  private let check: Check
  private let fixedWidth: Int?
  /// Seconds between looks at the file.
  private let pollInterval: Double

  private var progress: ExerciseBook.ProgressFile
  private var index: Int
  private var lastCheck: ExerciseCheck?
  private var checking = false
  private var message: String?
  private var confirming: Confirmation?
  private var showsHelp = false
  private var showsSolution = false
  /// Whether the solution is shown whole (else as its change from the starter).
  private var showsWholeSolution = false
  private var stamp: String?
  /// The first line of the document shown when it does not fit.
  private var scroll = 0
  /// Where to scroll at the next redraw: what the learner just asked for.
  private var scrollTarget: Anchor?
  /// The last frame's layout (for paging).
  private var lastFrame: StepScreen.Frame?
  private let painter = ScreenPainter()
  /// Wakes the wait for a key when the learner's folder changes, so that a
  /// save is checked at once (the stamp is still compared every poll).
  private let watcher = FileWatcher(folders: [])
  private var quit = false

  private enum Confirmation { case solution, reset }

  /// Places in the document to scroll to.
  enum Anchor: Hashable { case top, hint(Int), solution, help }

  /// - Parameters:
  ///   - book: The book, with its exercises.
  ///   - start: The index (in `book.exercises`) of the first exercise shown.
  ///   - progress: The learner's progress (saved as it changes).
  ///   - terminal: Standard input and output.
  ///   - style: Colours or plain text.
  ///   - width: A fixed width (nil: the terminal's).
  ///   - pollInterval: Seconds between looks at the file.
  ///   - check: Compiles, runs and compares.
  public init(book: ExerciseBook, start: Int, progress: ExerciseBook.ProgressFile, terminal: Terminal, style: TerminalStyle,
              width: Int? = nil, pollInterval: Double = 0.1, check: @escaping Check) {
    self.book = book
    self.index = start
    self.progress = progress
    self.terminal = terminal
    self.style = style
    self.fixedWidth = width
    self.pollInterval = pollInterval
    self.check = check
  }

  private var exercise: Exercise { book.exercises[index] }
  /// Columns to draw in: `--width` (at most the terminal's, interactively),
  /// else the terminal's.
  private var width: Int {
    guard let fixedWidth else { return max(30, terminal.width) }
    return max(30, terminal.isInteractive ? min(fixedWidth, terminal.width) : fixedWidth)
  }
  /// Rows to draw in (24 when the terminal does not say).
  private var height: Int { max(1, terminal.height ?? 24) }
  private var entry: ExerciseBook.ProgressFile.Entry {
    get { progress.exercises[exercise.qualifiedID] ?? ExerciseBook.ProgressFile.Entry() }
    set { progress.exercises[exercise.qualifiedID] = newValue }
  }

  /// Runs until the learner quits (`q`), and returns the exit status.
  public func run() throws(VerifyError) -> Int32 {
    // The alternate screen: redraws never reach the scrollback, and the
    // learner's screen comes back on every way out (see TerminalRestore).
    terminal.enterRawMode(hideCursor: true, alternateScreen: true)
    defer { terminal.leaveRawMode() }
    let resize = terminal.isInteractive ? Terminal.resizeDescriptor : nil
    try open(index)
    while !quit {
      watcher.watch([FileWatcher.Folder((book.workspacePath(exercise) as NSString).deletingLastPathComponent)])
      let wake = [watcher.descriptor, resize].compactMap { $0 }
      if let key = terminal.readKey(timeout: pollInterval, wakeOn: wake) {
        try handle(key)
        continue
      }
      // A resize (SIGWINCH woke the wait), or back from Ctrl-Z: the whole
      // screen again.
      if Terminal.drainResize() {
        painter.invalidate()
        redraw()
      }
      watcher.drain()
      try watch()
      // The size also differs when the signal was missed.
      if terminal.isInteractive, drawnSize.width != width || drawnSize.height != height { redraw() }
    }
    terminal.leaveRawMode()
    save()
    let goodbye = "Progress saved in \(ExerciseBook.displayPath(book.progressPath)); run 'workbook step' to carry on."
    terminal.write(goodbye + "\n")
    return 0
  }

  // MARK: - Exercises

  private func open(_ newIndex: Int) throws(VerifyError) {
    index = newIndex
    lastCheck = nil
    confirming = nil
    showsSolution = false
    showsWholeSolution = false
    scroll = 0
    scrollTarget = .top
    do {
      let created = try book.prepareWorkspace(exercise)
      message = created ? "Wrote the starter to \(path); open it in your editor." : nil
    } catch {
      message = "Cannot write \(path): \(Files.reason(error))"
    }
    progress.current = exercise.qualifiedID
    save()
    stamp = FileWatcher.stamp(of: book.workspacePath(exercise))
    if terminal.isInteractive {
      redraw()
    } else {
      emit(openingBlock())
      if let message { emit([message]); self.message = nil }
    }
    try runCheck(countsAsAttempt: false)
  }

  /// The learner's file, as shown.
  /// The learner's file as shown (escaped: the book names it).
  private var path: String { TerminalText.visible(ExerciseBook.displayPath(book.workspacePath(exercise))) }

  private func watch() throws(VerifyError) {
    let now = FileWatcher.stamp(of: book.workspacePath(exercise))
    guard now != stamp else { return }
    stamp = now
    if now == nil {
      lastCheck = nil
      say("\(path) is gone; press r to write the starter again.")
      return
    }
    try runCheck(countsAsAttempt: true)
  }

  private func runCheck(countsAsAttempt: Bool) throws(VerifyError) {
    let file = book.workspacePath(exercise)
    guard let data = FileManager.default.contents(atPath: file) else { return }
    let code = String(decoding: data, as: UTF8.self)
    // A save answers with its check: a note from before it ("Wrote the
    // starter…", "Reset… backup") would read as news under the new result.
    if countsAsAttempt { message = nil }
    checking = true
    if terminal.isInteractive { redraw() }
    let result = try check(exercise, code, file, path)
    checking = false
    lastCheck = result
    let newlyDone = progress.recordCheck(of: exercise, passed: result.passed, countsAsAttempt: countsAsAttempt)
    save()
    if newlyDone {
      let done = book.exercises.filter { book.status(of: $0, in: progress) == .done }.count
      message = done == book.exercises.count
        ? "Every exercise of the book is done. Well done!"
        : "Exercise done (\(done)/\(book.exercises.count)). Press n for the next one."
    }
    if terminal.isInteractive {
      redraw()
    } else {
      emit([style.bold("Checked \(path):")] + CheckView(style: style).render(result, width: width))
      if let message { emit([message]); self.message = nil }
    }
  }

  // MARK: - Keys

  private func handle(_ key: Key) throws(VerifyError) {
    if let confirmation = confirming {
      confirming = nil
      guard key == .character("y") || key == .character("Y") else {
        say("Cancelled.")
        return
      }
      switch confirmation {
      case .solution: revealSolution()
      case .reset: try reset()
      }
      return
    }
    switch key {
    case .character("h"): nextHint()
    case .character("s") where showsSolution:
      // The other view of the solution: the whole program, or its change.
      showsWholeSolution.toggle()
      scrollTarget = .solution
      if terminal.isInteractive { redraw() } else { emit(solutionLines()) }
    case .character("s"):
      if entry.done {
        // Passed: nothing left to spoil.
        revealSolution()
      } else if entry.attempts == 0 {
        say("Save an attempt first: the solution is shown after at least one try.")
      } else {
        ask(.solution, "Show the solution? [y/N]")
      }
    case .character("r"): ask(.reset, "Reset \(path) to the starter? Your text is kept as a backup. [y/N]")
    case .character("n"):
      if index + 1 < book.exercises.count { try open(index + 1) } else { say("This is the last exercise.") }
    case .character("p"):
      if index > 0 { try open(index - 1) } else { say("This is the first exercise.") }
    case .character("q"), .character("\u{03}"), .character("\u{04}"): quit = true
    case .character("?"):
      showsHelp.toggle()
      if showsHelp { scrollTarget = .help }
      if terminal.isInteractive { redraw() } else { emit(helpLines()) }
    case .up, .character("k"): scrollBy(-1)
    case .down, .character("j"): scrollBy(1)
    case .pageUp, .character("b"): scrollBy(-(lastFrame?.page ?? 10))
    case .pageDown, .character(" "): scrollBy(lastFrame?.page ?? 10)
    case .home, .character("g"): scrollBy(-scroll)
    case .end, .character("G"): scrollBy(lastFrame?.maxScroll ?? Int.max / 2)
    case .endOfInput:
      // A terminal that hangs up ends the session; piped input that ends
      // leaves it watching (Ctrl-C stops it).
      if terminal.isInteractive { quit = true }
    case .enter: break
    case .character(let c): say("Unknown key '\(c)'; press ? for the keys.")
    default: say("Press ? for the keys.")
    }
  }

  private func ask(_ confirmation: Confirmation, _ question: String) {
    confirming = confirmation
    if terminal.isInteractive { redraw() } else { emit([question]) }
  }

  private func say(_ text: String) {
    message = text
    if terminal.isInteractive { redraw() } else { emit([text]); message = nil }
  }

  private func nextHint() {
    var updated = entry
    guard !exercise.hints.isEmpty else { say("This exercise has no hints."); return }
    guard updated.hintsShown < exercise.hints.count else {
      say("No more hints (\(exercise.hints.count) shown). Press s for the solution.")
      return
    }
    updated.hintsShown += 1
    entry = updated
    save()
    scrollTarget = .hint(updated.hintsShown - 1)
    if terminal.isInteractive {
      message = nil
      redraw()
    } else {
      emit(hintLines(updated.hintsShown - 1))
    }
  }

  private func revealSolution() {
    var updated = entry
    updated.solutionShown = true
    entry = updated
    save()
    showsSolution = true
    scrollTarget = .solution
    if terminal.isInteractive { message = nil; redraw() } else { emit(solutionLines()) }
  }

  private func reset() throws(VerifyError) {
    do {
      let backup = try book.resetWorkspace(exercise)
      stamp = FileWatcher.stamp(of: book.workspacePath(exercise))
      say("Reset \(path) to the starter" + (backup.map { "; your old text is in \(ExerciseBook.displayPath($0))." } ?? "."))
    } catch {
      say("Cannot reset \(path): \(Files.reason(error))")
      return
    }
    try runCheck(countsAsAttempt: false)
  }

  private func save() {
    do { try progress.save(book.progressPath) } catch { message = ErrorText.message(for: error) }
  }

  // MARK: - Drawing

  /// The size the last frame was drawn for.
  private var drawnSize = (width: 0, height: 0)

  /// Draws the view for the terminal's size (interactive mode): only the
  /// rows that changed, on the alternate screen.
  private func redraw() {
    let (width, height) = (self.width, self.height)
    let layout = screenLayout()
    if let target = scrollTarget {
      scroll = layout.anchors[target] ?? scroll
      scrollTarget = nil
    }
    let frame = layout.screen.frame(width: width, height: height, scroll: scroll)
    scroll = frame.scroll
    lastFrame = frame
    drawnSize = (width, height)
    terminal.write(painter.paint(frame.rows, width: width, height: height))
  }

  /// Scrolls the document by `lines` (when it does not fit).
  private func scrollBy(_ lines: Int) {
    guard terminal.isInteractive else { say("Scrolling needs a terminal; press ? for the keys."); return }
    guard let frame = lastFrame, frame.compact else { return }
    let wanted = min(max(0, scroll + lines), frame.maxScroll)
    guard wanted != scroll else { return }
    scroll = wanted
    redraw()
  }

  /// Prints lines and a blank line (sequential mode).
  private func emit(_ lines: [String]) {
    terminal.write(lines.joined(separator: "\n") + "\n\n")
  }

  /// The view's parts, and where in the document each part starts.
  func screenLayout() -> (screen: StepScreen, anchors: [Anchor: Int]) {
    let width = self.width
    var document = MarkdownTerminalRenderer(style: style).render(exercise.instructionBlocks, width: width)
    var anchors: [Anchor: Int] = [.top: 0]
    document.append("")
    document += Self.symptomAndExpected(exercise, width: width, style: style)
    document.append("")
    document += TextWidth.wrap("Your file: " + style.bold(path) + " — edit it and save; every save is checked.", width: width)
    let shown = entry.hintsShown
    for i in 0..<min(shown, exercise.hints.count) {
      document.append("")
      anchors[.hint(i)] = document.count
      document += hintLines(i)
    }
    if showsSolution {
      document.append("")
      anchors[.solution] = document.count
      document += solutionLines()
    }
    document.append("")
    let check = checkLines { CheckView(style: style, showsDuration: true).render($0, width: width) }
    let checkRange = check.isEmpty ? nil : document.count..<(document.count + check.count)
    document += check
    if showsHelp {
      document.append("")
      anchors[.help] = document.count
      document += helpLines()
    }
    var footer: [String] = []
    if let message { footer += TextWidth.wrap(style.bold(message), width: width) }
    switch confirming {
    case .solution?: footer.append(style.inverse("Show the solution? [y/N]"))
    case .reset?: footer += TextWidth.wrap(style.inverse("Reset \(path) to the starter? Your text is kept as a backup. [y/N]"), width: width)
    case nil: footer += TextWidth.wrap(keyBar(), width: width)
    }
    let screen = StepScreen(
      location: locationLine(width: width), title: titleLines(width: width), document: document,
      summary: { [self] maxLines in
        checkLines { CheckView(style: style, showsDuration: true).summary($0, width: width, maxLines: maxLines) }
      },
      footer: footer, checkLines: checkRange, style: style)
    return (screen, anchors)
  }

  /// The last check as `render` draws it; while a save is checked, its
  /// verdict line says so and the rest stays (the screen does not jump).
  private func checkLines(_ render: (ExerciseCheck) -> [String]) -> [String] {
    let checkingLine = style.yellow("… checking \(path)")
    guard let lastCheck else { return checking ? [checkingLine] : [] }
    var lines = render(lastCheck)
    if checking, !lines.isEmpty { lines[0] = checkingLine + style.dim(" · the last check:") }
    return lines
  }

  /// Chapter · exercise n of m · the book's progress bar.
  func locationLine(width: Int) -> String {
    let done = book.exercises.filter { book.status(of: $0, in: progress) == .done }.count
    let inChapter = book.exercises.filter { $0.chapter == exercise.chapter }
    let position = (inChapter.firstIndex(of: exercise) ?? 0) + 1
    return style.dim(TextWidth.truncated(
      "\(TerminalText.visible(exercise.chapterTitle ?? exercise.chapter)) · exercise \(position) of \(inChapter.count) · ", to: width - 28))
      + ProgressBar.render(done: done, total: book.exercises.count, width: 12, style: style)
  }

  /// The exercise's title and id, as a heading.
  func titleLines(width: Int) -> [String] {
    // Built as a heading node: the title is plain text, never parsed as Markdown.
    let heading = MarkdownNode.heading(level: 2, [.text(exercise.title + " ("), .code(exercise.qualifiedID), .text(")")])
    return MarkdownTerminalRenderer(style: style).render([heading], width: width)
  }

  /// What sequential mode prints when an exercise opens.
  func openingBlock() -> [String] {
    let width = self.width
    var out = [locationLine(width: width), ""]
    out += titleLines(width: width)
    out.append("")
    out += MarkdownTerminalRenderer(style: style).render(exercise.instructionBlocks, width: width)
    out.append("")
    out += Self.symptomAndExpected(exercise, width: width, style: style)
    out.append("")
    out += TextWidth.wrap("Your file: " + style.bold(path) + " — edit it and save; every save is checked.", width: width)
    return out
  }

  /// What the starter prints (its recorded symptom) and the expected
  /// output: side by side when both fit in `width` (expected on the left),
  /// else the symptom above the expected output; the expected output alone
  /// when no symptom is recorded.
  public static func symptomAndExpected(_ exercise: Exercise, width: Int, style: TerminalStyle) -> [String] {
    func lines(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { TerminalText.visible(String($0)) }
    }
    func block(_ text: [String]) -> [String] {
      text.isEmpty ? ["    (nothing)"] : text.map { TextWidth.truncated("    " + $0, to: width) }
    }
    let expected = lines(exercise.expectedOutput)
    guard let starterOutput = exercise.starterOutput else {
      return [style.bold("Expected output:")] + block(expected)
    }
    let symptom = lines(starterOutput)
    let symptomTitle = "What the starter prints", expectedTitle = "Expected output"
    let column = (width - 5) / 2
    let widest = (symptom + expected + [symptomTitle, expectedTitle]).reduce(0) { max($0, TextWidth.of($1)) }
    if widest <= column && column >= 12 {
      // Expected on the left, as in a check's comparison (where the
      // learner's output stands on the right).
      var out = ["  " + style.bold(TextWidth.padded(expectedTitle, to: column)) + " │ " + style.bold(symptomTitle)]
      out.append("  " + String(repeating: "─", count: column) + "─┼─" + String(repeating: "─", count: column))
      for i in 0..<max(symptom.count, expected.count, 1) {
        let left = i < expected.count ? expected[i] : (i == 0 ? "(nothing)" : "")
        let right = i < symptom.count ? symptom[i] : (i == 0 ? "(nothing)" : "")
        let row = "  " + TextWidth.padded(left, to: column) + " │ " + right
        out.append(TextWidth.truncated(row, to: width))
      }
      return out
    }
    return [style.bold(symptomTitle + " (the symptom):")] + block(symptom)
      + ["", style.bold(expectedTitle + ":")] + block(expected)
  }

  func hintLines(_ i: Int) -> [String] {
    let title = style.yellow("Hint \(i + 1) of \(exercise.hints.count):")
    let body = MarkdownTerminalRenderer(style: style).render(exercise.hintBlocks[i], width: width - 2)
    return [title] + body.map { "  " + $0 }
  }

  /// The solution: its change from the starter, or the whole program.
  func solutionLines() -> [String] {
    let other = showsWholeSolution ? "s: only its change" : "s: the whole program"
    return SolutionView(style: style).render(exercise, full: showsWholeSolution, width: width, otherView: other)
  }

  func helpLines() -> [String] {
    [style.bold("Keys") + (terminal.isInteractive ? "" : " (type one and press Enter)"),
     "  h  show the next hint",
     "  s  show the solution (after one attempt; asks first until you pass): its",
     "     change from the starter; s again: the whole program",
     "  ↑/↓ j/k  scroll · space/b  page · g/G  top/end (when it does not fit)",
     "  r  reset your file to the starter (asks first; keeps a backup)",
     "  n  next exercise        p  previous exercise",
     "  q  quit (progress is saved; 'workbook step' resumes)",
     "  ?  show or hide this help",
     "Edit your file in any editor: every save is compiled, run and compared."]
  }

  func keyBar() -> String {
    let hints = exercise.hints.isEmpty ? "" : " (\(entry.hintsShown)/\(exercise.hints.count))"
    let solution = !showsSolution ? "solution" : showsWholeSolution ? "changes" : "program"
    let keys = [("h", "hint" + hints), ("s", solution), ("r", "reset"), ("n", "next"), ("p", "previous"),
                ("q", "quit"), ("?", "keys")]
    return keys.map { style.bold($0.0) + " " + $0.1 }.joined(separator: " · ")
  }
}

/// A progress bar: `[████░░░░] 3/8 done`; `[###-----]` in plain style.
public enum ProgressBar {
  public static func render(done: Int, total: Int, width: Int, style: TerminalStyle) -> String {
    let filled = total == 0 ? 0 : Int((Double(done) / Double(total) * Double(width)).rounded(.down))
    let full = style.color ? "█" : "#"
    let empty = style.color ? "░" : "-"
    let bar = style.green(String(repeating: full, count: filled)) + String(repeating: empty, count: width - filled)
    return "[" + bar + "] \(done)/\(total) done"
  }
}
