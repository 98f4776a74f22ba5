// `workbook play`: a snippet's filmstrip as a terminal animation.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookFidelity
import WorkbookStepper

extension Workbook {
  struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Play a snippet's filmstrip in the terminal, frame by frame.",
      discussion: """
        Runs the chapter (or reuses its cached result) and plays a diagram \
        its snippet published: each frame of the filmstrip in turn, at the \
        recorded times. A film recorded with its motion plays every frame \
        at 60 fps, as the site's player does, each drawn in the layers' \
        fill characters (their edges and labels are in the key frames); \
        paused, stepping and at the end, the key frames show as printed. \
        Keys: space pauses and resumes (and replays at the \
        end), ← and → step a key frame, ↑ and ↓ scroll a frame taller than the \
        terminal (a mark says which rows show), q quits. While the chapter \
        runs (the first time, a while), a line says so. Without a terminal \
        (or with --no-animate) every key frame is printed once, one after the \
        other.

        SNIPPET is the snippet's number in the chapter: 1 for its first \
        ```swift block. Without it, the first snippet that published a \
        diagram is played, and the others are listed.

        CHAPTER is named in full, by its number or by the start of its \
        name (03-slide, 3, 03-sl).

        Examples:
          workbook play 03-slide              The chapter's first filmstrip
          workbook play 3                     The same, by the chapter's number
          workbook play 03-slide 4            The filmstrip of the 4th snippet
          workbook play 03-slide 4 --speed 0.25 --loop
        """)

    @Argument(help: ArgumentHelp("The chapter (03-slide, its number 3, the start of its name 03-sl, 03-slide.md or a path).", valueName: "chapter"))
    var chapter: String

    @Argument(help: ArgumentHelp("The snippet's number in the chapter, from 1.", valueName: "snippet"))
    var snippet: Int?

    @OptionGroup var bookOptions: BookOptions

    @Option(help: ArgumentHelp("Playback speed: 1 is the recorded times, 0.25 four times slower.", valueName: "x"))
    var speed: Double = 1

    @Flag(help: "Start again after the last frame.")
    var loop = false

    @Flag(help: "Print every frame once instead of animating.")
    var noAnimate = false

    func validate() throws {
      guard speed > 0 else { throw ValidationError("'--speed' must be more than 0, got '\(speed)'") }
      if let snippet, snippet < 1 { throw ValidationError("SNIPPET counts from 1, got '\(snippet)'") }
    }

    func run() throws {
      // Ctrl-C stops the verify's compilers, then the player, and puts
      // the terminal back.
      TerminalRestore.installHandlers(message: "Stopped")
      var options = Verifier.Options()
      options.jobs = 1
      let workspace = bookOptions.workspace
      // The chapter as a learner names it (03, 03-pop, 03-pop….md).
      var book = try workspace.loadBook()
      let name = try ExerciseBook.from(book, in: workspace).chapter(named: chapter)
      book.chapters = book.chapters.filter { $0.name == name }
      // Running the chapter takes a while the first time: said on the
      // terminal until the player starts.
      // (Building the engine is said on any standard error.)
      let progress = ProgressDisplay(live: isatty(STDERR_FILENO) == 1, plainLines: false,
                                     activity: "Running the chapter to play its films")
      let report = try Verifier(options: options).verify(book, in: workspace, progress: progress.handle).report
      progress.clear()
      guard let chapterReport = report.chapters.first else { return }
      let choice = try DiagramRecord.Choice.choose(in: chapterReport, snippet: snippet)
      let chosen = choice.snippet, diagram = choice.diagram
      let terminal = Terminal()
      let style = detectedStyle(terminal)
      // The chapter's other diagrams: printed first without a terminal,
      // kept under the player's controls with one.
      var notes: [String] = []
      if !choice.others.isEmpty {
        notes.append("Other snippets with diagrams: " + choice.others.map { "\($0.index + 1) (line \($0.line))" }.joined(separator: ", "))
        notes.append("Play one with: workbook play \(name) \(choice.others[0].index + 1)")
      }
      if !notes.isEmpty && (noAnimate || !terminal.isInteractive) {
        terminal.write(notes.joined(separator: "\n") + "\n\n")
      }
      let title = "\(chapterReport.path) · snippet \(chosen.index + 1) (line \(chosen.line)) · \(diagram.kind)"
      let note = engineChoiceNote(book.chapters.first, upTo: chosen.index, film: diagram, workspace: workspace)
      let player = FilmstripPlayer(sequence: FrameSequence(diagram), title: title, note: note.map { style.dim($0) },
                                   terminal: terminal, style: style, speed: speed, loops: loop, notes: notes)
      if noAnimate { player.printAll() } else { _ = player.play() }
    }
  }
}

extension Workbook.Play {
  /// The line the player shows when the film rests on the engine's
  /// choices (`APIUsage.filmChoices`), as the site's note does; nil
  /// without a ledger or such a choice.
  func engineChoiceNote(_ chapter: Chapter?, upTo index: Int, film: DiagramRecord, workspace: Workspace) -> String? {
    guard let chapter, let engine = try? workspace.engineSources(),
      let fidelity = try? Fidelity.load(engine: engine), !fidelity.ledger.rows.isEmpty
    else { return nil }
    let usage = APIUsage(fidelity)
    var seen = Set<String>()
    let code = chapter.snippets.filter { $0.index <= index }.flatMap { usage.engineChoices(in: $0.code) }
      .filter { seen.insert($0.symbol).inserted }
    let choices = usage.filmChoices(code: code, madeWhileFilming: film.choices).map(\.symbol)
    guard !choices.isEmpty else { return nil }
    return "Engine's choice: what this film shows rests on what the engine chose where Apple is silent: "
      + choices.joined(separator: ", ") + " (workbook fidelity \(choices[0]))"
  }
}
