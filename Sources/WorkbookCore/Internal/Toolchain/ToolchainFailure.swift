// ToolchainFailure: compiler failures that are not the chapter's fault — a
// module cache that moved or went stale, an engine module the compiler
// cannot load. Such a run is never cached or reported as the chapter's
// result: verify clears the module cache and compiles once more, and if the
// failure stays, stops with a setup error that says what to do.
import Foundation

extension ProgramRun {
  /// Messages that mean the compiler's environment is broken, not the program.
  static let toolchainFailureSignatures = [
    "was compiled with module cache path",
    "missing required module",
    "could not build module 'Swift",
    "no such module 'TransitionEngine'",
    "no such module 'TransitionDiagrams'",
    "no such module 'WorkbookPrelude'",
    "no such module 'Swift'",
    "no such module 'SwiftShims'",
    "module file was created by",
    "compiled module was created by a different version",
    "malformed or corrupted AST file",
    "has been modified since the module file",
    "unable to load standard library",
  ]

  /// The compiler's message when the program did not compile for a reason
  /// outside it (see `toolchainFailureSignatures`), else nil.
  var toolchainFailure: String? {
    guard !compiled else { return nil }
    return Self.toolchainFailure(in: diagnostics.filter { $0.snippet == nil }.map(\.message) + [otherErrors])
  }

  static func toolchainFailure(in texts: [String]) -> String? {
    for text in texts {
      for line in text.split(separator: "\n")
      where toolchainFailureSignatures.contains(where: { line.contains($0) }) {
        return String(line)
      }
    }
    return nil
  }
}

extension ChapterRun {
  /// The first toolchain failure of any of the chapter's programs, or nil.
  var toolchainFailure: String? {
    if let failure = program?.toolchainFailure ?? noRun?.toolchainFailure { return failure }
    for run in compileFail {
      let texts = run.diagnostics.filter { $0.snippet == nil }.map(\.message)
      if let failure = ProgramRun.toolchainFailure(in: texts) { return failure }
    }
    return standalone.lazy.compactMap(\.run.toolchainFailure).first
  }
}

extension ChapterRunner {
  /// Runs `chapter`; when a program fails for a reason outside the chapter
  /// (`toolchainFailure`), empties the module cache and runs it once more.
  ///
  /// - Throws: `.toolchainFailed` when the failure stays, `.interrupted`.
  func runRecoveringFromToolchainFailure(_ chapter: Chapter) throws(VerifyError) -> ChapterRun {
    let first = try run(chapter)
    guard first.toolchainFailure != nil else { return first }
    EngineCache.clearModuleCache(settings.moduleCache)
    let second = try run(chapter)
    if let failure = second.toolchainFailure {
      throw .toolchainFailed(message: failure, moduleCache: settings.moduleCache)
    }
    return second
  }
}
