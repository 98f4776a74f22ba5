// ErrorText: the one place where errors become text (argument-parser's
// MessageInfo is the model). The errors carry structured data; the
// commands, the site and the stepper show these messages. Sentence case,
// the token quoted, what to do next, no final period.

import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

extension ErrorText {
  /// The message for any error the workbook's libraries throw.
  public static func message(for error: any Error) -> String {
    switch error {
    case let error as VerifyError: return message(for: error)
    case let error as SiteError: return message(for: error)
    case let error as ExerciseBook.ProgressFile.Problem: return message(for: error)
    case let error as LearnerNameError: return message(for: error)
    case let error as FileError: return message(for: error)
    case let error as DiagramRecord.ChoiceError: return message(for: error)
    case let error as ReportDocument.Problem: return message(for: error)
    case let error as ChildProcessError: return message(for: error)
    case let error as Book.Scaffold.Error: return message(for: error)
    default: return Files.reason(error)
    }
  }

  public static func message(for error: VerifyError) -> String {
    switch error {
    case .bookNotFound(let path):
      return "Book folder '\(path)' does not exist; run from the repository root or pass --book DIR"
    case .bookEmpty(let path):
      return "Book folder '\(path)' has no chapters; add Markdown files (*.md) to it"
    case .chapterNotFound(let name, let book, let closest):
      if !closest.isEmpty { return "No chapter '\(name)' in '\(book)'" + NameSuggestions.sentence(closest) }
      return "No chapter '\(name)' in '\(book)'; name a file such as '01-intro.md' or '01-intro'"
    case .engineSourcesNotFound(let searched):
      return "Cannot find the engine's sources (Sources/TransitionEngine next to a Package.swift) above "
        + searched.map { "'\($0)'" }.joined(separator: " or ")
        + ", nor next to the workbook executable; run from the repository, install workbook with "
        + "scripts/setup/install.sh, or pass --engine-sources DIR"
    case .engineSourcesEmpty(let path):
      if path.hasSuffix("/TransitionDiagrams") {
        return "The diagrams harness's folder '\(path)' (beside the engine's) has no .swift files; "
          + "pass --engine-sources the Sources/TransitionEngine of a checkout that has Sources/TransitionDiagrams"
      }
      if let module = EngineBuilder.sdkModules.first(where: { path.hasSuffix("/" + $0) }) {
        return "The SDK module's folder '\(path)' (beside the engine's) has no .swift files; "
          + "pass --engine-sources the Sources/TransitionEngine of a checkout that has Sources/\(module)"
      }
      return "Engine source folder '\(path)' has no .swift files"
    case .engineBuildFailed(let log, let root):
      // TransitionTesting builds on the other two: its target shows all three's errors.
      let target = log.contains("/\(EngineBuilder.testingFolderName)/") ? EngineBuilder.testingFolderName : "TransitionDiagrams"
      let hint = root.map { "run 'swift build --package-path \($0) --target \(target)' to see and fix them" }
        ?? "fix the engine's sources"
      let excerpt = log.split(separator: "\n").prefix(30).joined(separator: "\n")
      return "TransitionEngine, TransitionDiagrams or TransitionTesting does not build, so no snippet can be checked; "
        + "\(hint)\n\(excerpt)"
    case .toolchainNotFound:
      return "Cannot find 'swiftc'; put the Swift toolchain's bin folder on PATH or set WORKBOOK_SWIFTC"
    case .toolchainProbeFailed(let swiftc, let reason):
      return "'\(swiftc) -print-target-info' failed: \(reason)"
    case .cacheUnwritable(let path, let reason):
      return "Cannot write the cache folder '\(path)': \(reason); pass --cache-dir DIR with a folder you can write"
    case .cacheNotPrivate(let path, let owner, let mode):
      return "The cache folder '\(path)' " + privacy(owner: owner, mode: mode)
        + ", so other users could put programs in it that the tool would run as you; nothing in it was used. "
        + (owner == getuid()
          ? "If no one else can have changed it, run 'chmod go-w \(path)', else remove it; or pass --cache-dir DIR"
          : "Pass --cache-dir DIR with a folder of your own (a new one is made with mode 0700)")
    case .temporaryFolderUnwritable(let path, let reason):
      return "Cannot make a working folder in the temporary folder '\(path)' ($TMPDIR, else /tmp): \(reason); "
        + "set TMPDIR to a folder you can write"
    case .engineDamaged(let directory, let detail):
      return "The engine build '\(directory)' is damaged (\(detail)), so no snippet could be checked; nothing was "
        + "cached. Run again: a damaged build is found before use and built again"
    case .toolchainFailed(let message, let moduleCache):
      return "The Swift compiler fails for a reason outside the book (\(message)); "
        + "nothing was cached. Remove '\(moduleCache)' and the engine cache next to it, then run again"
    case .siteSettingsUnreadable(let path, let reason):
      return "Cannot read '\(path)': \(reason); the book's settings decide how every snippet is compiled "
        + "and run (its Swift language mode, device and Reduce Motion), so fix the file, or delete it for "
        + "the defaults (Swift 5, the iPhone SE, Reduce Motion off)"
    case .interrupted:
      return "Interrupted"
    }
  }
}

extension ErrorText {
  public static func message(for error: SiteError) -> String {
    switch error {
    case .verify(let error): return message(for: error)
    case .badConfig(let path, let reason): return "Cannot read '\(path)': \(reason); it must be a JSON object such as {\"title\": \"My Book\"}"
    case .themeFileMissing(let name): return "The theme has no '\(name)'; reinstall the workbook or add it to the theme folder"
    case .themeFileOutside(let path, let target):
      return "The theme file '\(path)' is a symbolic link to '\(target)', outside the book; "
        + "the tool publishes only files inside the book folder: copy the file in instead"
    case .cannotWrite(let path, let reason): return "Cannot write '\(path)': \(reason)"
    case .unsafeFolder(let path, let reason):
      return "Refusing to write the site into '\(path)': \(reason). A build replaces the files of its site folder, "
        + "so it writes only into a new or empty folder or a site it wrote before; pass such a folder to --out"
    case .report(let error): return message(for: error)
    }
  }

  public static func message(for error: ExerciseBook.ProgressFile.Problem) -> String {
    switch error {
    case .unreadable(let path, let reason):
      return "Cannot read the progress file '\(path)': \(reason); fix or delete it to start afresh"
    case .unwritable(let path, let reason):
      return "Cannot write the progress file '\(path)': \(reason); check that its folder is writable"
    }
  }

  public static func message(for error: LearnerNameError) -> String {
    let listThem = "; run 'workbook exercises' to list them"
    switch error {
    case .notFound(let name, let wanted, let book, let suggestions):
      return "No \(wanted.rawValue) '\(name)' in '\(book)'"
        + (suggestions.isEmpty ? listThem : NameSuggestions.sentence(suggestions))
    case .ambiguous(let name, let matches):
      return "'\(name)' names more than one: " + matches.map { "'\($0)'" }.joined(separator: ", ")
        + "; type more of the name"
    case .chapterHasNoExercises(let chapter):
      return "Chapter '\(chapter)' has no exercises" + listThem
    }
  }
}

extension ErrorText {
  public static func message(for error: DiagramRecord.ChoiceError) -> String {
    switch error {
    case .noSuchSnippet(let chapter, let number, let count):
      return "No snippet \(number) in '\(chapter)'; it has \(count) snippet\(count == 1 ? "" : "s")"
    case .publishedNothing(let chapter, let number, let line, let others, let chapterFailed):
      var name = chapter.split(separator: "/").last.map(String.init) ?? chapter
      if name.hasSuffix(".md") { name.removeLast(3) }
      let failing = chapterFailed ? "; the chapter does not verify, run 'workbook verify \(name)'" : ""
      guard let number else { return "No snippet of '\(chapter)' published a diagram" + failing }
      return "Snippet \(number) of '\(chapter)'\(line.map { " (line \($0))" } ?? "") published no diagram"
        + (others.isEmpty ? failing : "; these did: " + others.map(String.init).joined(separator: ", "))
    }
  }
}

extension ErrorText {
  public static func message(for error: Book.Scaffold.Error) -> String {
    switch error {
    case .wouldOverwrite(let folder, let files):
      return "'\(ExerciseBook.displayPath(folder))' already has a book (" + files.map { "'\($0)'" }.joined(separator: ", ")
        + "); nothing was written. Work on it with 'workbook verify', or choose another folder: workbook init DIR"
    case .cannotWrite(let path, let reason):
      return "Cannot write '\(path)': \(reason). Choose a new or empty folder you can write: workbook init DIR"
    case .folderNotPrivate(let folder, let owner, let mode):
      let place = ExerciseBook.displayPath(folder)
      return "'\(place)' " + privacy(owner: owner, mode: mode)
        + ", so another user could replace the book's chapters with their own, whose code 'workbook verify' would "
        + "run as you; nothing was written. "
        + (owner == getuid() && mode & 0o022 != 0
          ? "If no one else can have changed it, run 'chmod go-w \(place)'; or choose another folder: workbook init DIR"
          : "Choose a folder of your own: workbook init DIR (a missing folder is made for you)")
    }
  }
}
