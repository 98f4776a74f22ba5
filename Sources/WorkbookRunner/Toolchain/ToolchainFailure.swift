// ToolchainFailure: compiler failures that are not the chapter's fault — a
// module cache that moved or went stale, an engine module the compiler
// cannot load, an engine library the linker or the loader cannot read.
// Such a run is never cached or reported as the chapter's result: a damaged
// engine build stops verify with a setup error (the next run builds it
// again); otherwise verify clears the module cache and compiles once more,
// and if the failure stays, stops with a setup error that says what to do.
import Foundation
import WorkbookModel
import WorkbookSupport

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

  /// How the linker (lld, GNU ld, gold) and the dynamic loader name an
  /// engine library they cannot read: the file is the subject of the error
  /// (`…/libTransitionEngine.so: section header table goes past the end of
  /// the file`, `…: file not recognized`), or the library is missing. A
  /// chapter's own link errors never name them so (an undefined symbol
  /// names the chapter's object).
  static let engineFileSignatures: [String] = (EngineBuilder.modules + EngineBuilder.optionalModules).flatMap { module in
    ["lib\(module).so: ", "cannot find -l\(module)", "unable to find library -l\(module)"]
  }

  /// The compiler's message when the program did not compile or link for
  /// a reason outside it (see `toolchainFailureSignatures`,
  /// `engineFileSignatures`), or the loader's when the program could not
  /// start because it could not load a library; else nil.
  var toolchainFailure: String? {
    guard compiled else {
      return Self.toolchainFailure(in: diagnostics.filter { $0.snippet == nil }.map(\.message) + [otherErrors])
    }
    // `error while loading shared libraries: libTransitionEngine.so: file too short` (status 127).
    guard ran, termination == .exited(127) else { return nil }
    return stderrTail.split(separator: "\n").first { $0.contains("error while loading shared libraries") }
      .map(String.init)
  }

  static func toolchainFailure(in texts: [String]) -> String? {
    for text in texts {
      for line in text.split(separator: "\n")
      where toolchainFailureSignatures.contains(where: { line.contains($0) })
        || engineFileSignatures.contains(where: { line.contains($0) })
      {
        return String(line)
      }
    }
    return nil
  }

  /// Whether a toolchain failure's message names one of the engine's files.
  static func namesEngineFile(_ message: String) -> Bool {
    (EngineBuilder.modules + EngineBuilder.optionalModules).contains {
      message.contains("lib\($0).so") || message.contains("-l\($0)")
    }
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
  /// (`toolchainFailure`), checks the engine build when the failure names
  /// one of its files, else empties the module cache and runs it once more.
  ///
  /// - Throws: `.engineDamaged` when the engine build is not what was
  ///   built, `.toolchainFailed` when the failure stays, `.interrupted`.
  package func runRecoveringFromToolchainFailure(_ chapter: TranslatedChapter) throws(VerifyError) -> ChapterRun {
    let first = try run(chapter)
    guard let failure = first.toolchainFailure else { return first }
    if ProgramRun.namesEngineFile(failure),
      case .damaged(let detail) = EngineIntegrity.check(settings.engine.directory, hashing: .always)
    {
      throw .engineDamaged(directory: settings.engine.directory, detail: detail)
    }
    EngineCache.clearModuleCache(settings.moduleCache)
    let second = try run(chapter)
    if let failure = second.toolchainFailure {
      throw .toolchainFailed(message: failure, moduleCache: settings.moduleCache)
    }
    return second
  }
}
