// EngineBuilder: builds TransitionEngine as a shared library and module with
// swiftc, outside SwiftPM (no build lock to fight when verify runs inside
// `swift test` or next to `swift build`), once per content.
import Foundation

/// A built engine: `libTransitionEngine.so` and `TransitionEngine.swiftmodule`.
public struct EngineBuild: Sendable, Hashable {
  /// The folder that holds the library and the module.
  public var directory: String
  /// A hash of the engine's sources, the compiler and the flags.
  public var identity: String
  /// Whether this call built it (false: it was already there).
  public var wasBuilt: Bool
}

public enum EngineBuilder {
  /// Flags the engine is built with. `-Onone`: the engine is built once per
  /// content, but CI builds it on every fresh clone, and snippets are small
  /// demonstrations, so compile time matters more than speed; debug builds
  /// also keep the engine's precondition messages precise.
  public static let flags = ["-swift-version", "5", "-Onone"]

  /// Finds the engine's sources: `explicit` if given, else the first
  /// `Sources/TransitionEngine` next to a `Package.swift` in `start` or one
  /// of the folders above it.
  public static func locateSources(explicit: String?, searchFrom starts: [String]) throws(VerifyError) -> String {
    if let explicit {
      let path = Files.absolute(explicit)
      guard Files.isDirectory(path) else { throw .engineSourcesNotFound(searchedFrom: [path]) }
      return path
    }
    for start in starts {
      var dir = Files.absolute(start)
      while true {
        let candidate = dir + "/Sources/TransitionEngine"
        if Files.exists(dir + "/Package.swift") && Files.isDirectory(candidate) { return candidate }
        let parent = (dir as NSString).deletingLastPathComponent
        if parent == dir || parent.isEmpty { break }
        dir = parent
      }
    }
    throw .engineSourcesNotFound(searchedFrom: starts.map { Files.absolute($0) })
  }

  /// The engine's identity: its sources' paths and contents, the compiler
  /// and the flags. Hashing about 300 kB of sources takes milliseconds.
  public static func identity(sources: String, toolchain: Toolchain) throws(VerifyError) -> (String, [String]) {
    let files = Files.files(under: sources, suffix: ".swift")
    guard !files.isEmpty else { throw .engineSourcesEmpty(path: sources) }
    var hasher = ContentHasher()
    hasher.add("format", "engine-v1")
    hasher.add("compiler", toolchain.identity)
    hasher.add("flags", flags.joined(separator: " ") + (toolchain.hasLLD ? " lld" : ""))
    for file in files {
      hasher.add("path", file)
      hasher.add("content", Files.read(sources + "/" + file) ?? [])
    }
    return (hasher.finalize(), files.map { sources + "/" + $0 })
  }

  /// Returns the engine built from `sources`, building it if it is missing
  /// or stale. Two verifies at once build it once: the build holds a lock,
  /// and lands by renaming a finished folder into place.
  ///
  /// - Parameters:
  ///   - sources: The engine's source folder.
  ///   - cacheDirectory: Where builds live (`<cache>/engine/<identity>`).
  ///   - willBuild: Called before a build starts (to tell the user).
  public static func ensureBuilt(
    sources: String, toolchain: Toolchain, cacheDirectory: String,
    willBuild: () -> Void = {}
  ) throws(VerifyError) -> EngineBuild {
    let (identity, files) = try self.identity(sources: sources, toolchain: toolchain)
    let root = cacheDirectory + "/engine"
    let directory = root + "/" + identity.prefix(24)
    let ready = directory + "/libTransitionEngine.so"
    if Files.exists(ready) && Files.exists(directory + "/TransitionEngine.swiftmodule") {
      return EngineBuild(directory: directory, identity: identity, wasBuilt: false)
    }
    do {
      try Files.createDirectory(root)
    } catch {
      throw .cacheUnwritable(path: root, reason: "\(error)")
    }
    let result: Result<EngineBuild, VerifyError>
    do {
      result = try Files.withLock(root + "/.lock") { () -> Result<EngineBuild, VerifyError> in
        if Files.exists(ready) {
          return .success(EngineBuild(directory: directory, identity: identity, wasBuilt: false))
        }
        willBuild()
        return build(files: files, toolchain: toolchain, into: directory, identity: identity,
                     moduleCache: cacheDirectory + "/module-cache", sources: sources)
      }
    } catch {
      throw .cacheUnwritable(path: root, reason: "\(error)")
    }
    return try result.get()
  }

  private static func build(
    files: [String], toolchain: Toolchain, into directory: String, identity: String,
    moduleCache: String, sources: String
  ) -> Result<EngineBuild, VerifyError> {
    let staging = directory + ".partial-\(getpid())"
    try? FileManager.default.removeItem(atPath: staging)
    do { try Files.createDirectory(staging) } catch {
      return .failure(.cacheUnwritable(path: staging, reason: "\(error)"))
    }
    var args = ["-emit-library", "-emit-module", "-module-name", "TransitionEngine",
                "-parse-as-library", "-o", staging + "/libTransitionEngine.so",
                "-emit-module-path", staging + "/TransitionEngine.swiftmodule",
                "-module-cache-path", moduleCache, "-no-color-diagnostics"] + flags + files
    if toolchain.hasLLD { args.append("-use-ld=lld") }
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
    // Land the finished build in one rename.
    if rename(staging, directory) != 0 {
      try? FileManager.default.removeItem(atPath: staging)
    }
    return .success(EngineBuild(directory: directory, identity: identity, wasBuilt: true))
  }

  private static func packageRoot(of sources: String) -> String? {
    let root = ((sources as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    return Files.exists(root + "/Package.swift") ? root : nil
  }
}
