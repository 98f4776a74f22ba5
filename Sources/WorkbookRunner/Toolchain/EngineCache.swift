// EngineCache: where the engine the snippets compile against is found and
// built. The per-user cache ($XDG_CACHE_HOME/transition-workbook, else
// ~/.cache/transition-workbook, else $TMPDIR/transition-workbook-<uid>)
// holds one build per engine content and compiler, shared by every book and
// checkout; every cache folder is made 0700 and used only when no other
// user can change it (`userRoot`, `checkedFolder`); the engine's sources ship
// with the tool (found next to its executable), so `workbook` works on a
// book anywhere without flags.
import Foundation
import WorkbookModel
import WorkbookSupport

package enum EngineCache {
  /// The per-user engine cache: `$XDG_CACHE_HOME/transition-workbook`,
  /// else `~/.cache/transition-workbook`, else a folder of the user's own
  /// under the temporary folder (`$TMPDIR/transition-workbook-<uid>`; see
  /// `userRoot`, which checks it before use).
  package static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return (xdg as NSString).standardizingPath + "/transition-workbook"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return (home as NSString).standardizingPath + "/.cache/transition-workbook"
    }
    return fallbackDirectory(environment: environment)
  }

  /// `$TMPDIR/transition-workbook-<uid>` (else under /tmp): the per-user
  /// cache when neither `XDG_CACHE_HOME` nor `HOME` is an absolute path
  /// (cron, systemd units, `env -i`).
  static func fallbackDirectory(environment: [String: String]) -> String {
    let tmp = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    let base = (tmp as NSString).standardizingPath
    return (base == "/" ? "" : base) + "/transition-workbook-\(getuid())"
  }

  /// The per-user cache folder, made (mode 0700) if missing and checked
  /// before use: the engine builds in it are linked into every program,
  /// and its compiler probe names the compiler the tool runs.
  /// - `XDG_CACHE_HOME` or `HOME` names the user's own folder: one that
  ///   other users could change is refused (`.cacheNotPrivate`).
  /// - The fallback in the shared temporary folder has a name anyone can
  ///   take first: when it is not the user's own private folder, a private
  ///   folder beside it is used instead (`transition-workbook-<uid>.XXXXXX`,
  ///   made by `mkdtemp`, found again by later runs), and `note` says so.
  static func userRoot(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(VerifyError) -> (path: String, note: String?) {
    let path = userDirectory(environment: environment)
    guard path == fallbackDirectory(environment: environment) else {
      try checkedFolder(path)
      return (path, nil)
    }
    do {
      try Files.makePrivateDirectory(path)
      return (path, nil)
    } catch let problem as UnsafeFolder where problem.kind != .missing {
      let instead = try privateFolder(beside: path)
      let why = problem.kind == .notAFolder ? "is not a folder" : ErrorText.privacy(owner: problem.owner, mode: problem.mode)
      return (instead, "The per-user cache '\(path)' \(why), so it is not used; the engine is cached in '\(instead)' "
        + "instead. Set XDG_CACHE_HOME or HOME to keep it in a folder of your own")
    } catch {
      throw .cacheUnwritable(path: path, reason: Files.reason(error))
    }
  }

  /// `userRoot()` for this process's environment, worked out once (its
  /// note, if any, is printed to standard error once).
  package static func checkedUserRoot() throws(VerifyError) -> String {
    userRootLock.lock()
    defer { userRootLock.unlock() }
    if let known = knownUserRoot { return known }
    let (path, note) = try userRoot()
    if let note { self.note(note) }
    knownUserRoot = path
    return path
  }

  /// Prints `text` as a note on standard error: something the user should
  /// know that does not stop the command (a cache used instead of another,
  /// a damaged build built again).
  static func note(_ text: String) {
    FileHandle.standardError.write(Data(("note: " + text + "\n").utf8))
  }

  private static let userRootLock = NSLock()
  nonisolated(unsafe) private static var knownUserRoot: String?

  /// A private folder of this user's beside `path` (in the temporary
  /// folder): one an earlier run made (`<name>.XXXXXX`, this user's, mode
  /// without write bits for others), else a new one (`mkdtemp`, 0700).
  static func privateFolder(beside path: String) throws(VerifyError) -> String {
    let base = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + "."
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted()
    for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
      if Files.privacyProblem(base + "/" + name) == nil { return base + "/" + name }
    }
    var template = Array("\(base)/\(prefix)XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw .cacheUnwritable(path: base, reason: String(cString: strerror(errno)))
    }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Makes `path` (mode 0700) if missing and checks that it is private
  /// (`Files.privacyProblem`).
  ///
  /// - Throws: `.cacheNotPrivate` when other users could change it,
  ///   `.cacheUnwritable` when it cannot be made.
  package static func checkedFolder(_ path: String) throws(VerifyError) {
    do {
      try Files.makePrivateDirectory(path)
    } catch let problem as UnsafeFolder {
      throw problem.verifyError
    } catch {
      throw .cacheUnwritable(path: path, reason: Files.reason(error))
    }
  }

  /// The engine sources that ship with the tool (the engine's folder, with
  /// the diagrams harness's beside it), or nil. Looked for, in order, around
  /// the running executable:
  /// - `<bin>/TransitionEngine` and `<bin>/../share/transition-workbook/TransitionEngine`
  ///   (an installed tool: `scripts/setup/install.sh` puts them there, with
  ///   `TransitionDiagrams` beside);
  /// - `Sources/TransitionEngine` of the package the executable was built in
  ///   (`<package>/.build/…/workbook`; found wherever the checkout is now);
  /// - the package this tool was compiled from, if it is still there.
  package static func shippedSources() -> String? {
    func isComplete(_ engine: String) -> Bool {
      !Files.files(under: engine, suffix: ".swift").isEmpty
        && !Files.files(under: EngineBuilder.diagramsSources(besideEngine: engine), suffix: ".swift").isEmpty
        && EngineBuilder.sdkModules.allSatisfy {
          !Files.files(under: EngineBuilder.sdkModuleSources($0, besideEngine: engine), suffix: ".swift").isEmpty
        }
    }
    if let executable = executablePath() {
      let bin = (executable as NSString).deletingLastPathComponent
      for candidate in [bin + "/TransitionEngine", bin + "/../share/transition-workbook/TransitionEngine"] {
        let path = (candidate as NSString).standardizingPath
        if isComplete(path) { return path }
      }
      if let found = EngineBuilder.packageSources(around: bin) { return found }
    }
    // Sources/WorkbookRunner/Toolchain/EngineCache.swift → Sources/TransitionEngine
    var compiledFrom = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { compiledFrom.deleteLastPathComponent() }
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
    Files.readPrivateFile(path + "/" + stampName) == Array(path.utf8)
  }

  /// Empties the module cache at `path` unless it was filled at this path,
  /// and stamps it. Call holding the engine cache's lock.
  static func prepareModuleCache(_ path: String) {
    if moduleCacheIsCurrent(path) { return }
    clearModuleCache(path)
    try? Files.makePrivateDirectory(path)
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

extension UnsafeFolder {
  /// The setup error for a cache folder that is not private.
  var verifyError: VerifyError {
    switch kind {
    case .missing: return .cacheUnwritable(path: path, reason: "it was removed while the tool used it")
    case .notAFolder: return .cacheUnwritable(path: path, reason: "it is not a folder")
    case .link, .otherOwner, .writableByOthers: return .cacheNotPrivate(path: path, owner: owner, mode: mode)
    }
  }
}
