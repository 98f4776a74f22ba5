// EngineCache: where the engine the snippets compile against is found and
// built. The per-user cache ($XDG_CACHE_HOME/transition-workbook, else
// ~/.cache/transition-workbook) holds one build per engine content and
// compiler, shared by every book and checkout; the engine's sources ship
// with the tool (found next to its executable), so `workbook` works on a
// book anywhere without flags.
import Foundation

enum EngineCache {
  /// The per-user engine cache: `$XDG_CACHE_HOME/transition-workbook`,
  /// else `~/.cache/transition-workbook`, else a folder of the user's own
  /// under the temporary folder.
  static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return (xdg as NSString).standardizingPath + "/transition-workbook"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return (home as NSString).standardizingPath + "/.cache/transition-workbook"
    }
    return NSTemporaryDirectory() + "transition-workbook-\(getuid())"
  }

  /// The engine sources that ship with the tool (the engine's folder, with
  /// the diagrams harness's beside it), or nil. Looked for, in order, around
  /// the running executable:
  /// - `<bin>/TransitionEngine` and `<bin>/../share/transition-workbook/TransitionEngine`
  ///   (an installed tool: `scripts/install.sh` puts them there, with
  ///   `TransitionDiagrams` beside);
  /// - `Sources/TransitionEngine` of the package the executable was built in
  ///   (`<package>/.build/…/workbook`; found wherever the checkout is now);
  /// - the package this tool was compiled from, if it is still there.
  static func shippedSources() -> String? {
    func isComplete(_ engine: String) -> Bool {
      !Files.files(under: engine, suffix: ".swift").isEmpty
        && !Files.files(under: EngineBuilder.diagramsSources(besideEngine: engine), suffix: ".swift").isEmpty
    }
    if let executable = executablePath() {
      let bin = (executable as NSString).deletingLastPathComponent
      for candidate in [bin + "/TransitionEngine", bin + "/../share/transition-workbook/TransitionEngine"] {
        let path = (candidate as NSString).standardizingPath
        if isComplete(path) { return path }
      }
      if let found = EngineBuilder.packageSources(around: bin) { return found }
    }
    // Sources/WorkbookCore/Internal/Toolchain/EngineCache.swift → Sources/TransitionEngine
    var compiledFrom = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { compiledFrom.deleteLastPathComponent() }
    let path = compiledFrom.appendingPathComponent("TransitionEngine").path
    return isComplete(path) ? path : nil
  }

  /// The running executable's real path (symlinks resolved).
  static func executablePath() -> String? {
    #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
  }

  // MARK: - The module cache

  /// Clang's module cache records its own path in every module it holds, and
  /// refuses them from anywhere else ("was compiled with module cache path
  /// …"). So the cache keeps a stamp of the path it was filled at, and is
  /// emptied when it finds itself somewhere else.
  static let stampName = ".workbook-module-cache-path"

  /// Whether the module cache at `path` was filled at this path.
  static func moduleCacheIsCurrent(_ path: String) -> Bool {
    Files.read(path + "/" + stampName) == Array(path.utf8)
  }

  /// Empties the module cache at `path` unless it was filled at this path,
  /// and stamps it. Call holding the engine cache's lock.
  static func prepareModuleCache(_ path: String) {
    if moduleCacheIsCurrent(path) { return }
    clearModuleCache(path)
    try? Files.createDirectory(path)
    try? Files.writeAtomically(Array(path.utf8), to: path + "/" + stampName)
  }

  /// Removes the module cache at `path` (moved aside first, so that a
  /// compiler starting meanwhile finds an empty cache, not half of one).
  static func clearModuleCache(_ path: String) {
    guard Files.exists(path) else { return }
    let aside = path + ".old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    if rename(path, aside) == 0 {
      try? FileManager.default.removeItem(atPath: aside)
    } else {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}
