// EngineBuilder: builds what snippets compile against — TransitionEngine,
// TransitionDiagrams (the diagrams harness, from the folder beside the
// engine's), the SDK modules `CoreGraphics`, `QuartzCore` and `UIKit`
// (the engine under the iOS SDK's names, from the folders beside it, the
// same sources as the package's targets), the recording part of
// TransitionTesting (`testingFiles`, from the folder beside the engine's,
// when it is there) and WorkbookPrelude (the helpers every snippet program
// calls, `ProgramBuilder.preludeModuleSource`) — as
// shared libraries and modules (the SDK modules have no code: modules
// only) with swiftc, outside SwiftPM (no build lock to fight when verify
// runs inside `swift test` or next to `swift build`), once per engine
// content per machine: builds live in the per-user engine cache (see
// `EngineCache`), keyed by a hash of the engine's and the harness's
// sources, the prelude, the compiler and the flags, so every book and every
// checkout of the same engine shares one build, and moving a checkout
// changes nothing.
import Foundation
import WorkbookModel
import WorkbookSupport

/// A built engine: `libTransitionEngine.so`, `TransitionEngine.swiftmodule`,
/// `libTransitionDiagrams.so`, `TransitionDiagrams.swiftmodule`,
/// `CoreGraphics.swiftmodule`, `QuartzCore.swiftmodule`,
/// `UIKit.swiftmodule`, `libWorkbookPrelude.so` and
/// `WorkbookPrelude.swiftmodule`; `libTransitionTesting.so` and
/// `TransitionTesting.swiftmodule` when the engine has TransitionTesting
/// beside it.
package struct EngineBuild: Sendable, Hashable {
  /// The folder that holds the library and the module.
  var directory: String
  /// A hash of the modules' sources, the compiler and the flags.
  var identity: String
  /// Whether this call built it (false: it was already there).
  package var wasBuilt: Bool
  /// The clang module cache the engine was built with; programs that
  /// import the engine compile with the same one.
  package var moduleCache: String

  init(directory: String, identity: String, wasBuilt: Bool, moduleCache: String) {
    self.directory = directory
    self.identity = identity
    self.wasBuilt = wasBuilt
    self.moduleCache = moduleCache
  }
}

package enum EngineBuilder {
  /// Flags the engine is built with. `-Onone`: the engine is built once per
  /// content, but CI builds it on every fresh clone, and snippets are small
  /// demonstrations, so compile time matters more than speed; debug builds
  /// also keep the engine's precondition messages precise.
  static let flags = ["-swift-version", "5", "-Onone"]

  /// Each module is compiled as a whole (`-wmo`: one compiler process that
  /// parses and type-checks every file once, and generates code on as many
  /// threads as there are cores) instead of in batches (each batch parses
  /// every file and type-checks what its files use again). Measured on the
  /// engine: 16 s of CPU against 24 s, the same library.
  static let wholeModule = ["-wmo", "-num-threads", String(max(1, ProcessInfo.processInfo.activeProcessorCount))]

  /// The package name both modules are built with (`-package-name`), so
  /// that the diagrams harness reaches the engine's `package` declarations
  /// (SwiftPM passes its own for the package's targets). Snippet programs
  /// are built without one: they see public API only.
  static let packageName = "TransitionWorkbook"

  /// The diagrams harness's folder name, beside the engine's folder.
  package static let diagramsFolderName = "TransitionDiagrams"

  /// The diagrams harness's sources: the `TransitionDiagrams` folder beside
  /// the engine's folder (`Sources/TransitionDiagrams` for
  /// `Sources/TransitionEngine`).
  package static func diagramsSources(besideEngine engine: String) -> String {
    (engine as NSString).deletingLastPathComponent + "/" + diagramsFolderName
  }

  /// The SDK modules, in build order (each re-exports the one before; see
  /// Sources/CoreGraphics), each from the folder of its name beside the
  /// engine's folder. Modules only: they hold nothing but imports.
  package static let sdkModules = ["CoreGraphics", "QuartzCore", "UIKit"]

  /// An SDK module's sources: the folder of its name beside the engine's.
  package static func sdkModuleSources(_ module: String, besideEngine engine: String) -> String {
    (engine as NSString).deletingLastPathComponent + "/" + module
  }

  /// The folder of TransitionTesting (the library an app's Linux test
  /// target uses to test its transitions), beside the engine's.
  package static let testingFolderName = "TransitionTesting"

  /// The files of TransitionTesting that snippets get: the recording API
  /// (recorder, recording, film and its diff, the flicker check). Its
  /// assertions and golden files import Swift Testing and XCTest, which a
  /// snippet program does not link, so they are left out; a chapter shows
  /// those call sites as `ignore` snippets beside the recording calls they
  /// wrap. The module is built only when every one of these files is there.
  static let testingFiles = ["Film.swift", "FlickerCheck.swift", "TransitionRecorder.swift",
                                     "TransitionRecording.swift"]

  /// TransitionTesting's sources: the folder beside the engine's.
  package static func testingSources(besideEngine engine: String) -> String {
    (engine as NSString).deletingLastPathComponent + "/" + testingFolderName
  }

  /// `testingFiles` when all of them are in TransitionTesting's folder
  /// beside `engine`, else none (an engine without it, such as the test
  /// fixtures' stand-in: snippets then cannot import it).
  static func listTestingFiles(engine: String) -> [String] {
    let folder = testingSources(besideEngine: engine)
    return testingFiles.allSatisfy { Files.exists(folder + "/" + $0) } ? testingFiles : []
  }

  /// Finds the engine's sources (the diagrams harness and the SDK modules
  /// are the folders beside them, `diagramsSources(besideEngine:)`,
  /// `sdkModuleSources(_:besideEngine:)`), in this order:
  /// 1. `explicit` (`--engine-sources`, `$WORKBOOK_ENGINE_SOURCES`): the
  ///    engine's folder, or a folder that holds a `TransitionEngine` folder
  ///    (a package's `Sources`);
  /// 2. `Sources/TransitionEngine` next to a `Package.swift` in one of
  ///    `starts` or a folder above it (a book inside this package);
  /// 3. the engine that ships with the tool (`EngineCache.shippedSources`).
  package static func locateSources(explicit: String?, searchFrom starts: [String]) throws(VerifyError) -> String {
    if let explicit {
      let path = Files.absolute(explicit)
      guard Files.isDirectory(path) else { throw .engineSourcesNotFound(searchedFrom: [path]) }
      if Files.isDirectory(path + "/TransitionEngine") && Files.isDirectory(path + "/" + diagramsFolderName) {
        return path + "/TransitionEngine"
      }
      return path
    }
    for start in starts {
      if let found = packageSources(around: start) { return found }
    }
    if let shipped = EngineCache.shippedSources() { return shipped }
    throw .engineSourcesNotFound(searchedFrom: starts.map { Files.absolute($0) })
  }

  /// `Sources/TransitionEngine` of the first folder at or above `start` that
  /// holds a `Package.swift` and that folder, or nil.
  package static func packageSources(around start: String) -> String? {
    var dir = Files.absolute(start)
    while true {
      let candidate = dir + "/Sources/TransitionEngine"
      if Files.exists(dir + "/Package.swift") && Files.isDirectory(candidate) { return candidate }
      let parent = (dir as NSString).deletingLastPathComponent
      if parent == dir || parent.isEmpty { return nil }
      dir = parent
    }
  }

  /// The source files of the modules, as absolute paths.
  struct SourceFiles: Sendable, Hashable {
    /// TransitionEngine's files.
    var engine: [String]
    /// TransitionDiagrams's files.
    var diagrams: [String]
    /// Each SDK module's files, in `sdkModules`' order.
    var sdk: [[String]] = []
    /// TransitionTesting's recording files (`testingFiles`), or none.
    var testing: [String] = []
  }

  /// The modules' files, relative to their folders; empty lists when a
  /// folder is missing or holds no Swift file.
  static func listFiles(engine: String)
    -> (engine: [String], diagrams: [String], sdk: [[String]], testing: [String])
  {
    (Files.files(under: engine, suffix: ".swift"),
     Files.files(under: diagramsSources(besideEngine: engine), suffix: ".swift"),
     sdkModules.map { Files.files(under: sdkModuleSources($0, besideEngine: engine), suffix: ".swift") },
     listTestingFiles(engine: engine))
  }

  static func absolute(
    _ files: (engine: [String], diagrams: [String], sdk: [[String]], testing: [String]), engine: String
  ) -> SourceFiles {
    let diagrams = diagramsSources(besideEngine: engine)
    let testing = testingSources(besideEngine: engine)
    return SourceFiles(
      engine: files.engine.map { engine + "/" + $0 },
      diagrams: files.diagrams.map { diagrams + "/" + $0 },
      sdk: zip(sdkModules, files.sdk).map { module, names in
        names.map { sdkModuleSources(module, besideEngine: engine) + "/" + $0 }
      },
      testing: files.testing.map { testing + "/" + $0 })
  }

  /// The engine's identity: the modules' sources' relative paths and
  /// contents (engine, harness, SDK modules, TransitionTesting's recording
  /// files), the prelude module's source, the compiler and the flags —
  /// never where the sources are, so that every checkout of the same
  /// engine shares a build. Hashing about 400 kB of sources takes
  /// milliseconds.
  ///
  /// - Parameter sources: The engine's folder; the diagrams harness is the
  ///   folder beside it.
  static func identity(sources: String, toolchain: Toolchain) throws(VerifyError) -> (String, SourceFiles) {
    let files = listFiles(engine: sources)
    guard !files.engine.isEmpty else { throw .engineSourcesEmpty(path: sources) }
    let diagrams = diagramsSources(besideEngine: sources)
    guard !files.diagrams.isEmpty else { throw .engineSourcesEmpty(path: diagrams) }
    for (module, names) in zip(sdkModules, files.sdk) where names.isEmpty {
      throw .engineSourcesEmpty(path: sdkModuleSources(module, besideEngine: sources))
    }
    var hasher = ContentHasher()
    hasher.add("format", "engine-v5")
    hasher.add("prelude", ProgramBuilder.preludeModuleSource)
    hasher.add("compiler", toolchain.identity)
    hasher.add("flags", flags.joined(separator: " ") + " -wmo -package-name " + packageName
                 + (toolchain.hasLLD ? " lld" : ""))
    let sdk = zip(sdkModules, files.sdk).map { module, names in
      (sdkModuleSources(module, besideEngine: sources), module, names)
    }
    let testing = (testingSources(besideEngine: sources), testingFolderName, files.testing)
    for (folder, module, names) in [(sources, "TransitionEngine", files.engine),
                                    (diagrams, diagramsFolderName, files.diagrams)] + sdk + [testing] {
      for file in names {
        hasher.add("path", module + "/" + file)
        hasher.add("content", Files.read(folder + "/" + file) ?? [])
      }
    }
    return (hasher.finalize(), absolute(files, engine: sources))
  }

  /// `identity(sources:toolchain:)`, remembered in `engineRoot` against
  /// the source files' sizes, modification times and inodes, so that a warm
  /// verify reads no source file (and hashes no 400 kB).
  static func rememberedIdentity(
    sources: String, toolchain: Toolchain, engineRoot: String
  ) throws(VerifyError) -> (String, SourceFiles) {
    let files = listFiles(engine: sources)
    let diagrams = diagramsSources(besideEngine: sources)
    var stamps = ContentHasher()
    stamps.add("compiler", toolchain.identity)
    stamps.add("prelude", ProgramBuilder.preludeModuleSource)  // a new tool may bring a new prelude
    for file in files.engine { stamps.add(file, Files.stamp(sources + "/" + file) ?? "-") }
    stamps.add("diagrams", String(files.diagrams.count))
    for file in files.diagrams { stamps.add(file, Files.stamp(diagrams + "/" + file) ?? "-") }
    for (module, names) in zip(sdkModules, files.sdk) {
      stamps.add(module, String(names.count))
      let folder = sdkModuleSources(module, besideEngine: sources)
      for file in names { stamps.add(file, Files.stamp(folder + "/" + file) ?? "-") }
    }
    stamps.add(testingFolderName, String(files.testing.count))
    let testing = testingSources(besideEngine: sources)
    for file in files.testing { stamps.add(file, Files.stamp(testing + "/" + file) ?? "-") }
    let stampKey = stamps.finalize()
    var pathKey = ContentHasher()
    pathKey.add("sources", sources)
    pathKey.add("compiler", toolchain.identity)  // one memo per identity asked for (the report's has no binary stamp)
    let memo = engineRoot + "/sources-" + pathKey.finalize().prefix(16)
    if let bytes = Files.readPrivateFile(memo) {
      let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
      if fields.count == 2 && fields[0] == stampKey && !files.engine.isEmpty && !files.diagrams.isEmpty
        && !files.sdk.contains(where: \.isEmpty)
      {
        return (String(fields[1]), absolute(files, engine: sources))
      }
    }
    let result = try identity(sources: sources, toolchain: toolchain)
    if (try? Files.makePrivateDirectory(engineRoot)) != nil {
      try? Files.writeAtomically(Array("\(stampKey) \(result.0)".utf8), to: memo)
    }
    return result
  }

  /// Returns the engine built from `sources`, building it if it is missing,
  /// stale or damaged (`EngineIntegrity`: a file whose size or hash is not
  /// the one recorded when it was built). Two verifies at once build it
  /// once: the build holds a lock, happens in a private folder and lands by
  /// renaming the finished folder into place, so a reader never sees half a
  /// build. `engine/` and `module-cache/` are made 0700 and used only when
  /// no other user can change them.
  ///
  /// - Parameters:
  ///   - sources: The engine's source folder (the diagrams harness's is
  ///     the folder beside it).
  ///   - cacheDirectory: The engine cache (`EngineCache.userDirectory()`
  ///     by default): builds live in `<cache>/engine/<identity>-r1`, the
  ///     module cache in `<cache>/module-cache`.
  ///   - hashing: When the build's files are hashed (their sizes are
  ///     checked every time).
  ///   - willBuild: Called before a build starts (to tell the user).
  package static func ensureBuilt(
    sources: String, toolchain: Toolchain, cacheDirectory: String,
    hashing: EngineIntegrity.Hashing = .whenStampsChange, willBuild: () -> Void = {}
  ) throws(VerifyError) -> EngineBuild {
    let root = cacheDirectory + "/engine"
    let moduleCache = cacheDirectory + "/module-cache"
    try EngineCache.checkedFolder(root)
    if let problem = Files.privacyProblem(moduleCache), problem.kind != .missing { throw problem.verifyError }
    let (identity, files) = try rememberedIdentity(sources: sources, toolchain: toolchain, engineRoot: root)
    let directory = root + "/" + identity.prefix(24) + recordedSuffix
    let found = EngineBuild(directory: directory, identity: identity, wasBuilt: false, moduleCache: moduleCache)
    if EngineIntegrity.check(directory, hashing: hashing) == .intact && EngineCache.moduleCacheIsCurrent(moduleCache) {
      return found
    }
    let result: Result<EngineBuild, VerifyError>
    do {
      result = try Files.withLock(root + "/.lock") { () -> Result<EngineBuild, VerifyError> in
        EngineCache.prepareModuleCache(moduleCache)
        switch EngineIntegrity.check(directory, hashing: hashing) {
        case .intact:
          return .success(found)
        case .damaged(let detail):
          EngineCache.note("The engine build '\(directory)' is damaged (\(detail)); it is built again")
          removeBuild(directory)
        case .unrecorded:
          removeBuild(directory)
        case .missing:
          break
        }
        removeAbandonedBuilds(in: root)
        willBuild()
        return build(files: files, toolchain: toolchain, into: directory, identity: identity,
                     moduleCache: moduleCache, sources: sources)
      }
    } catch {
      throw .cacheUnwritable(path: root, reason: Files.reason(error))
    }
    return try result.get()
  }

  /// The end of a build folder's name (`engine/<identity>-r1`): builds
  /// with a record of their files (`EngineIntegrity`). Older tools keep
  /// their unrecorded builds in `engine/<identity>`, untouched, so that a
  /// machine running both never has a build removed under an older tool.
  static let recordedSuffix = "-r1"

  /// The modules of a build that are a library and a module file (the
  /// SDK modules, `sdkModules`, are module files only).
  static let modules = ["TransitionEngine", diagramsFolderName, ProgramBuilder.preludeModuleName]

  /// The library modules a build has only when their sources are there
  /// (TransitionTesting, `listTestingFiles`).
  static let optionalModules = [testingFolderName]

  /// Removes a build that is not to be used (moved aside first, so that
  /// the folder's name is free at once; call holding the lock).
  static func removeBuild(_ directory: String) {
    let root = (directory as NSString).deletingLastPathComponent
    let aside = root + "/.building-removed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    if rename(directory, aside) == 0 {
      try? FileManager.default.removeItem(atPath: aside)
    } else {
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Removes the private folders of builds that were killed half-way
  /// (call holding the lock: no build is running then).
  static func removeAbandonedBuilds(in root: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where name.hasPrefix(".building-") {
      try? FileManager.default.removeItem(atPath: root + "/" + name)
    }
  }

  /// Whether `directory` holds a finished build (it only ever appears
  /// whole), with its record of files (`EngineIntegrity`).
  static func isComplete(_ directory: String) -> Bool {
    Files.exists(directory + "/" + EngineIntegrity.recordName) && modules.allSatisfy { module in
      Files.exists(directory + "/lib\(module).so") && Files.exists(directory + "/\(module).swiftmodule")
    } && sdkModules.allSatisfy { Files.exists(directory + "/\($0).swiftmodule") }
  }

  /// Builds the engine, then the diagrams harness against it, then the SDK
  /// modules (`sdkModules`, in order), then TransitionTesting's recording
  /// files against the SDK's `UIKit` (as the package's target imports it)
  /// and the harness, then the prelude module, into a
  /// private folder (0700), records
  /// its files' sizes and hashes (`EngineIntegrity.record`), then renames
  /// it to `directory`.
  private static func build(
    files: SourceFiles, toolchain: Toolchain, into directory: String, identity: String,
    moduleCache: String, sources: String
  ) -> Result<EngineBuild, VerifyError> {
    let root = (directory as NSString).deletingLastPathComponent
    var template = Array("\(root)/.building-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      return .failure(.cacheUnwritable(path: root, reason: String(cString: strerror(errno))))
    }
    let staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    func arguments(module: String, files: [String]) -> [String] {
      var args = ["-emit-library", "-emit-module", "-module-name", module, "-package-name", packageName,
                  "-parse-as-library", "-o", staging + "/lib\(module).so",
                  "-emit-module-path", staging + "/\(module).swiftmodule",
                  "-module-cache-path", moduleCache, "-no-color-diagnostics"] + flags + wholeModule + files
      if toolchain.hasLLD { args.append("-use-ld=lld") }
      return args
    }
    // The harness finds the engine beside it wherever the folder lands.
    let harnessLinking = ["-I", staging, "-L", staging, "-lTransitionEngine",
                          "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN"]
    let prelude = staging + "/" + ProgramBuilder.preludeModuleName + ".swift"
    do {
      try Files.writeAtomically(Array(ProgramBuilder.preludeModuleSource.utf8), to: prelude)
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      return .failure(.cacheUnwritable(path: staging, reason: Files.reason(error)))
    }
    // An SDK module is a module file only: it holds imports and no code.
    let sdkBuilds = zip(sdkModules, files.sdk).map { module, files in
      ["-emit-module", "-module-name", module, "-parse-as-library", "-I", staging,
       "-emit-module-path", staging + "/\(module).swiftmodule",
       "-module-cache-path", moduleCache, "-no-color-diagnostics"] + flags + wholeModule + files
    }
    // TransitionTesting names its library in its module (`-module-link-name`),
    // so a program that imports it links it and no other program does.
    let testingBuild = files.testing.isEmpty ? [] : [
      arguments(module: testingFolderName, files: files.testing) + harnessLinking
        + ["-l" + diagramsFolderName, "-module-link-name", testingFolderName],
    ]
    for args in [arguments(module: "TransitionEngine", files: files.engine),
                 arguments(module: diagramsFolderName, files: files.diagrams) + harnessLinking]
                 + sdkBuilds + testingBuild
                 + [arguments(module: ProgramBuilder.preludeModuleName, files: [prelude]) + harnessLinking
                      + ["-l" + diagramsFolderName]] {
      let result: ChildResult
      do {
        result = try ChildProcess.run(toolchain.swiftc, args, directory: staging, timeout: 1800)
      } catch {
        try? FileManager.default.removeItem(atPath: staging)
        return .failure(.engineBuildFailed(log: "\(error)", packageRoot: packageRoot(of: sources)))
      }
      guard result.termination == .exited(0) else {
        try? FileManager.default.removeItem(atPath: staging)
        if result.termination == .interrupted { return .failure(.interrupted) }
        let log = String(decoding: result.stderr + result.stdout, as: UTF8.self)
        return .failure(.engineBuildFailed(log: log, packageRoot: packageRoot(of: sources)))
      }
    }
    do {
      try EngineIntegrity.record(staging)
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      return .failure(.cacheUnwritable(path: staging, reason: Files.reason(error)))
    }
    // Land the finished build in one rename (a stale incomplete folder of
    // a crashed older tool is replaced).
    if !isComplete(directory) { try? FileManager.default.removeItem(atPath: directory) }
    if rename(staging, directory) != 0 {
      try? FileManager.default.removeItem(atPath: staging)
      guard isComplete(directory) else {
        return .failure(.cacheUnwritable(path: directory, reason: String(cString: strerror(errno))))
      }
    }
    return .success(EngineBuild(directory: directory, identity: identity, wasBuilt: true, moduleCache: moduleCache))
  }

  private static func packageRoot(of sources: String) -> String? {
    let root = ((sources as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    return Files.exists(root + "/Package.swift") ? root : nil
  }
}
