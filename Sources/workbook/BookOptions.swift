// BookOptions: the options `exercises`, `step`, `check` and `play` share:
// where the book, the engine and the cache are.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookStepper

struct BookOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The book folder; Exercises/ and .workbook/ are made next to it.", valueName: "dir"))
  var book: String = "Chapters"

  @Option(help: ArgumentHelp("Seconds a program may run before it is stopped.", valueName: "s"))
  var timeout: Double = 10

  @Option(help: ArgumentHelp(
    "The engine's source folder, with the diagrams harness in the TransitionDiagrams folder beside it, or a Sources folder holding both ($WORKBOOK_ENGINE_SOURCES). Default: Sources/TransitionEngine of the package around the book, else the engine that ships with workbook.",
    valueName: "dir"))
  var engineSources: String?

  @Option(help: ArgumentHelp(
    "The cache folder, engine build included ($WORKBOOK_CACHE_DIR). Default: results in .build/workbook of the package or .workbook next to the book, the engine in the per-user cache.", valueName: "dir"))
  var cacheDir: String?

  func validate() throws {
    guard timeout > 0 else { throw ValidationError("'--timeout' must be more than 0 seconds, got '\(timeout)'") }
  }

  var verifyOptions: VerifyOptions {
    var options = VerifyOptions()
    options.book = book
    options.timeout = timeout
    options.engineSources = engineSources
    options.cacheDirectory = cacheDir ?? ProcessInfo.processInfo.environment["WORKBOOK_CACHE_DIR"]
    options.pipeline = CompilerPipeline(rawValue: ProcessInfo.processInfo.environment["WORKBOOK_PIPELINE"] ?? "direct") ?? .direct
    return options
  }

  /// Loads the book's exercises, or exits with status 2 and a message.
  func loadBook() throws -> ExerciseBook {
    do {
      return try ExerciseBook.load(options: verifyOptions)
    } catch {
      throw CommandFailure.setup(ErrorText.message(for: error))
    }
  }

  /// Finds the compiler and builds the engine if needed (saying so).
  func runSettings(_ book: ExerciseBook) throws -> RunSettings {
    do {
      return try book.runSettings(willBuild: {
        FileHandle.standardError.write(Data("Building TransitionEngine for the snippets (once per engine version on this machine)…\n".utf8))
      })
    } catch {
      throw CommandFailure.setup(ErrorText.message(for: error))
    }
  }

  /// The learner's progress, or exits with status 2 and a message.
  func loadProgress(_ book: ExerciseBook) throws -> ProgressFile {
    do {
      return try ProgressFile.load(book.progressPath)
    } catch {
      throw CommandFailure.setup(error.message)
    }
  }
}

/// A setup or usage problem: the message on standard error, status 2.
enum CommandFailure: Error {
  case setup(String)

  static func report(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch CommandFailure.setup(let message) {
      FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
      throw ExitCode(2)
    }
  }
}

/// Colours only on a terminal, and never with NO_COLOR.
func detectedStyle(_ terminal: Terminal) -> TerminalStyle {
  TerminalStyle.detect(isTerminal: terminal.outputIsTerminal, environment: ProcessInfo.processInfo.environment)
}

extension ErrorText {
  /// The message for any error a WorkbookCore call threw.
  static func message(for error: any Error) -> String {
    if let error = error as? VerifyError { return message(for: error) }
    if let error = error as? ProgressFileError { return error.message }
    if let error = error as? FileError { return "\(error)" }
    return Files.reason(error)
  }
}
