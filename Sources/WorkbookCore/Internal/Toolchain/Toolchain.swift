// Toolchain: the Swift compiler verify uses, probed once per compiler binary
// (the probe is cached, so a warm verify starts no compiler at all).
import Foundation

/// A located Swift toolchain.
struct Toolchain: Sendable, Codable, Hashable {
  /// The `swiftc` used.
  var swiftc: String
  var frontend: String
  var clang: String
  var autolinkExtract: String
  /// Whether `ld.lld` sits next to clang.
  var hasLLD: Bool
  var triple: String
  var runtimeLibraryPath: String
  var runtimeResourcePath: String
  var arch: String
  /// `swiftc`'s version line, e.g. "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
  var compilerVersion: String
  /// The version line plus the frontend binary's size and time: changes
  /// whenever the compiler does.
  var identity: String

  /// Finds `swiftc` (`$WORKBOOK_SWIFTC`, else the `PATH`) and probes it,
  /// reusing a cached probe when the binaries have not changed.
  ///
  /// - Parameter cacheDirectory: Where the probe is cached.
  static func locate(cacheDirectory: String) throws(VerifyError) -> Toolchain {
    let env = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let explicit = env["WORKBOOK_SWIFTC"], !explicit.isEmpty { candidates.append(explicit) }
    for dir in (env["PATH"] ?? "").split(separator: ":") { candidates.append("\(dir)/swiftc") }
    candidates.append("/opt/swift/usr/bin/swiftc")
    candidates.append("/usr/bin/swiftc")
    guard let swiftc = candidates.first(where: { access($0, X_OK) == 0 }) else {
      throw .toolchainNotFound
    }
    let bin = (swiftc as NSString).deletingLastPathComponent
    let frontend = bin + "/swift-frontend"
    let stamp = [swiftc, frontend].map { Files.stamp($0) ?? "-" }.joined(separator: "|")
    var keyHasher = ContentHasher()
    keyHasher.add("swiftc", swiftc)
    let probePath = cacheDirectory + "/toolchain-" + keyHasher.finalize().prefix(16) + ".json"
    if let data = Files.read(probePath),
      let cached = try? JSONDecoder().decode(CachedProbe.self, from: Data(data)),
      cached.stamp == stamp
    {
      return cached.toolchain
    }
    let toolchain = try probe(swiftc: swiftc, bin: bin, stamp: stamp)
    if let data = try? JSONEncoder().encode(CachedProbe(stamp: stamp, toolchain: toolchain)) {
      try? Files.createDirectory(cacheDirectory)
      try? Files.writeAtomically([UInt8](data), to: probePath)
    }
    return toolchain
  }

  private struct CachedProbe: Codable {
    var stamp: String
    var toolchain: Toolchain
  }

  private struct TargetInfo: Decodable {
    struct Target: Decodable { var triple: String; var arch: String }
    struct Paths: Decodable { var runtimeLibraryPaths: [String]; var runtimeResourcePath: String }
    var compilerVersion: String
    var target: Target
    var paths: Paths
  }

  private static func probe(swiftc: String, bin: String, stamp: String) throws(VerifyError) -> Toolchain {
    let result: ChildResult
    do {
      result = try ChildProcess.run(swiftc, ["-print-target-info"], timeout: 60)
    } catch {
      throw .toolchainProbeFailed(swiftc: swiftc, reason: "\(error)")
    }
    guard result.termination == .exited(0),
      let info = try? JSONDecoder().decode(TargetInfo.self, from: Data(result.stdout)),
      let libraryPath = info.paths.runtimeLibraryPaths.first
    else {
      throw .toolchainProbeFailed(swiftc: swiftc, reason: String(decoding: result.stderr, as: UTF8.self))
    }
    return Toolchain(
      swiftc: swiftc, frontend: bin + "/swift-frontend", clang: bin + "/clang",
      autolinkExtract: bin + "/swift-autolink-extract",
      hasLLD: access(bin + "/ld.lld", X_OK) == 0,
      triple: info.target.triple, runtimeLibraryPath: libraryPath,
      runtimeResourcePath: info.paths.runtimeResourcePath, arch: info.target.arch,
      compilerVersion: info.compilerVersion, identity: info.compilerVersion + " " + stamp)
  }

  // MARK: - Commands

  /// Flags every snippet program is compiled with (part of the cache key).
  static let snippetFlags = ["-swift-version", "5", "-Onone"]

  /// Arguments for `swift-frontend` to compile (or type-check) a program.
  func frontendArguments(
    main: String, prelude: String, moduleName: String, engine: EngineBuild,
    moduleCache: String, output: String?
  ) -> [String] {
    var args = ["-frontend", output == nil ? "-typecheck" : "-c", main, prelude,
                "-target", triple, "-module-name", moduleName,
                "-I", engine.directory, "-import-module", ProgramBuilder.preludeModuleName,
                "-module-cache-path", moduleCache,
                "-diagnostic-style", "llvm", "-no-color-diagnostics"]
    #if os(Linux)
    args.append("-disable-objc-interop")
    #endif
    args += Self.snippetFlags
    if let output { args += ["-o", output] }
    return args
  }

  /// Arguments for `swiftc` to compile and link a program in one go.
  func driverArguments(
    main: String, prelude: String, moduleName: String, engine: EngineBuild,
    moduleCache: String, output: String?
  ) -> [String] {
    var args = [main, prelude, "-module-name", moduleName, "-I", engine.directory,
                "-Xfrontend", "-import-module", "-Xfrontend", ProgramBuilder.preludeModuleName,
                "-module-cache-path", moduleCache, "-diagnostic-style", "llvm",
                "-no-color-diagnostics"] + Self.snippetFlags
    if let output {
      args += ["-L", engine.directory, "-lTransitionEngine", "-lTransitionDiagrams",
               "-l" + ProgramBuilder.preludeModuleName,
               "-Xlinker", "-rpath", "-Xlinker", engine.directory, "-o", output]
      if hasLLD { args.append("-use-ld=lld") }
    } else {
      args.insert("-typecheck", at: 0)
    }
    return args
  }

  /// Arguments for clang to link a program's object file.
  ///
  /// - Parameter autolink: The libraries the object asks for
  ///   (`AutolinkEntries`), or `["@FILE"]` with `swift-autolink-extract`'s output.
  func linkArguments(object: String, autolink: [String], engine: EngineBuild, output: String) -> [String] {
    var args: [String] = []
    if hasLLD { args.append("-fuse-ld=lld") }
    args += ["-pie", "-Xlinker", "-rpath", "-Xlinker", runtimeLibraryPath,
             runtimeResourcePath + "/linux/" + arch + "/swiftrt.o", object] + autolink + [
             "-L", runtimeLibraryPath, "-lswiftCore", "--target=" + triple,
             "-L", engine.directory, "-lTransitionEngine", "-lTransitionDiagrams",
             "-l" + ProgramBuilder.preludeModuleName,
             "-Xlinker", "-rpath", "-Xlinker", engine.directory, "-o", output]
    return args
  }
}
