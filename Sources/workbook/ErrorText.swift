// ErrorText: turns WorkbookCore's structured errors into messages, at the
// CLI boundary. Sentence case, the token quoted, what to do next.
import WorkbookCore

enum ErrorText {
  static func message(for error: VerifyError) -> String {
    switch error {
    case .bookNotFound(let path):
      return "Book folder '\(path)' does not exist; run from the repository root or pass --book DIR"
    case .bookEmpty(let path):
      return "Book folder '\(path)' has no chapters; add Markdown files (*.md) to it"
    case .chapterNotFound(let name, let book):
      return "No chapter '\(name)' in '\(book)'; name a file such as '01-intro.md' or '01-intro'"
    case .engineSourcesNotFound(let searched):
      return "Cannot find the engine's sources (Sources/TransitionEngine next to a Package.swift) above "
        + searched.map { "'\($0)'" }.joined(separator: " or ")
        + ", nor next to the workbook executable; run from the repository, install workbook with "
        + "scripts/install.sh, or pass --engine-sources DIR"
    case .engineSourcesEmpty(let path):
      if path.hasSuffix("/TransitionDiagrams") {
        return "The diagrams harness's folder '\(path)' (beside the engine's) has no .swift files; "
          + "pass --engine-sources the Sources/TransitionEngine of a checkout that has Sources/TransitionDiagrams"
      }
      return "Engine source folder '\(path)' has no .swift files"
    case .engineBuildFailed(let log, let root):
      let hint = root.map { "run 'swift build --package-path \($0) --target TransitionDiagrams' to see and fix them" }
        ?? "fix the engine's sources"
      let excerpt = log.split(separator: "\n").prefix(30).joined(separator: "\n")
      return "TransitionEngine or TransitionDiagrams does not build, so no snippet can be checked; \(hint)\n\(excerpt)"
    case .toolchainNotFound:
      return "Cannot find 'swiftc'; put the Swift toolchain's bin folder on PATH or set WORKBOOK_SWIFTC"
    case .toolchainProbeFailed(let swiftc, let reason):
      return "'\(swiftc) -print-target-info' failed: \(reason)"
    case .cacheUnwritable(let path, let reason):
      return "Cannot write the cache folder '\(path)': \(reason); pass --cache-dir DIR"
    case .toolchainFailed(let message, let moduleCache):
      return "The Swift compiler fails for a reason outside the book (\(message)); "
        + "nothing was cached. Remove '\(moduleCache)' and the engine cache next to it, then run again"
    case .interrupted:
      return "Interrupted"
    }
  }
}
