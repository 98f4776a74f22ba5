// BookOptions: the options `exercises`, `step`, `check` and `play` share:
// where the book, the engine and the cache are.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport
import WorkbookStepper

/// Where the engine and the cache are, how long a program may run and how
/// it is compiled: declared once, shared by every command that runs
/// snippets (`@OptionGroup`).
struct EngineOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Seconds a program may run before it is killed.", valueName: "s"))
  var timeout: Double = 10

  @Option(help: ArgumentHelp(
    "The engine's source folder, with the diagrams harness in the TransitionDiagrams folder beside it, or a Sources folder holding both ($WORKBOOK_ENGINE_SOURCES). Default: Sources/TransitionEngine of the package around the book, else the engine that ships with workbook.",
    valueName: "dir"))
  var engineSources: String?

  @Option(help: ArgumentHelp(
    "The cache folder, engine build included ($WORKBOOK_CACHE_DIR). Default: results in .build/workbook of the package or .workbook next to the book, the engine in the per-user cache.", valueName: "dir"))
  var cacheDir: String?

  @Option(help: .hidden)
  var pipeline: String = ProcessInfo.processInfo.environment["WORKBOOK_PIPELINE"] ?? "direct"

  func validate() throws {
    guard timeout > 0 else { throw ValidationError("'--timeout' must be more than 0 seconds, got '\(timeout)'") }
    guard CompilerPipeline(rawValue: pipeline) != nil else {
      throw ValidationError("Unknown pipeline '\(pipeline)'; expected 'direct' or 'driver'")
    }
  }

  func apply(to configuration: inout Workspace.Configuration) {
    configuration.timeout = timeout
    configuration.engineSources = engineSources
    configuration.cacheDirectory = cacheDir ?? ProcessInfo.processInfo.environment["WORKBOOK_CACHE_DIR"]
    configuration.pipeline = CompilerPipeline(rawValue: pipeline) ?? .direct
  }
}

/// `verify` and `build`: the book, how many chapters at once, the engine.
struct VerifyRunOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "The book: a folder of chapters (*.md, in file-name order), a DocC catalog (*.docc: its articles wherever they are, in the order of its Topics) or one Markdown file (a README.md).",
    valueName: "path"))
  var book: String = "Chapters"

  @Option(help: ArgumentHelp("Chapters checked at once. Default: the number of cores.", valueName: "n"))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @OptionGroup var engine: EngineOptions

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("'--jobs' must be at least 1, got '\(jobs)'") }
  }

  /// What to check: every chapter, `jobs` at once.
  var verifyOptions: Verifier.Options {
    var options = Verifier.Options()
    options.jobs = jobs
    return options
  }

  /// The book, the engine and the caches (see `Workspace.Configuration`).
  var configuration: Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = book
    engine.apply(to: &configuration)
    return configuration
  }

  /// Where the command works (see `Workspace`).
  var workspace: Workspace { Workspace(configuration) }
}

/// `build` and `serve`: the theme the site is drawn with.
struct ThemeOptions: ParsableArguments {
  @Option(help: ArgumentHelp("A theme folder whose files replace the built-in theme's. Default: <book>/theme.", valueName: "dir"))
  var theme: String?
}

/// `exercises`, `step`, `check` and `play`: the book and the engine.
struct BookOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "The book: a folder of chapters, a DocC catalog (*.docc) or one Markdown file; Exercises/ and .workbook/ are made next to it.",
    valueName: "path"))
  var book: String = "Chapters"

  @OptionGroup var engine: EngineOptions

  /// The book, the engine and the caches (see `Workspace.Configuration`).
  var configuration: Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = book
    engine.apply(to: &configuration)
    return configuration
  }

  /// Where the command works (see `Workspace`).
  var workspace: Workspace { Workspace(configuration) }

  /// Loads the book's exercises.
  func loadBook() throws -> ExerciseBook {
    try ExerciseBook.load(workspace)
  }

  /// A checker for the learner's files: finds the compiler and builds the
  /// engine if needed (saying so).
  func checker(_ workspace: Workspace) throws -> ExerciseChecker {
    try ExerciseChecker(workspace: workspace, willBuild: { _ in announceEngineBuild() })
  }

  /// The learner's progress.
  func loadProgress(_ book: ExerciseBook) throws -> ExerciseBook.ProgressFile {
    try ExerciseBook.ProgressFile.load(book.progressPath)
  }
}

/// Says that the engine is being built (it takes a while, once).
func announceEngineBuild() {
  printNote("Building TransitionEngine for the snippets (once per engine version on this machine)…")
}

/// A line on standard error: progress, notes and warnings. (Errors are
/// thrown; `Ending` in Main.swift writes them.)
func printNote(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Colours only on a terminal, and never with NO_COLOR.
func detectedStyle(_ terminal: Terminal) -> TerminalStyle {
  TerminalStyle.detect(isTerminal: terminal.outputIsTerminal, environment: ProcessInfo.processInfo.environment)
}
