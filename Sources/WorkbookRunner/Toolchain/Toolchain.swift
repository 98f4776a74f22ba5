// Toolchain: the Swift compiler verify uses, probed once per compiler binary
// (the probe is cached, so a warm verify starts no compiler at all).
import Foundation
import WorkbookModel
import WorkbookSupport

/// A located Swift toolchain.
package struct Toolchain: Sendable, Codable, Hashable {
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
  /// The linker command clang runs to link a program (read once from
  /// `clang -###`), with placeholders (`LinkerTemplate`); nil: programs are
  /// linked through clang.
  var linkerTemplate: [String]? = nil

  /// Finds `swiftc` (`$WORKBOOK_SWIFTC`, else the `PATH`) and probes it,
  /// reusing a cached probe when the binaries have not changed. The probe
  /// names the programs the tool runs, so a cached one is trusted only when
  /// it is this user's own file that no one else can write
  /// (`Files.readPrivateFile`), and stored only in a private folder.
  ///
  /// - Parameter cacheDirectory: Where the probe is cached.
  package static func locate(cacheDirectory: String) throws(VerifyError) -> Toolchain {
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
    keyHasher.add("probe", "2")  // 2: with the linker template
    keyHasher.add("swiftc", swiftc)
    let probePath = cacheDirectory + "/toolchain-" + keyHasher.finalize().prefix(16) + ".json"
    if let data = Files.readPrivateFile(probePath),
      let cached = try? JSONDecoder().decode(CachedProbe.self, from: Data(data)),
      cached.stamp == stamp, LinkerTemplate.filesExist(cached.toolchain.linkerTemplate)
    {
      return cached.toolchain
    }
    let toolchain = try probe(swiftc: swiftc, bin: bin, stamp: stamp)
    if let data = try? JSONEncoder().encode(CachedProbe(stamp: stamp, toolchain: toolchain)),
      (try? Files.makePrivateDirectory(cacheDirectory)) != nil
    {
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
      var reason = String(decoding: result.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if reason.isEmpty {
        switch result.termination {
        case .exited(0): reason = "its answer is not the target information this tool reads"
        case .exited(let status): reason = "it exited with status \(status) and printed no reason"
        case .signaled(let signal): reason = "it was killed by \(signalName(signal))"
        case .timedOut: reason = "it did not answer within 60 s"
        case .interrupted: reason = "interrupted"
        }
      }
      throw .toolchainProbeFailed(swiftc: swiftc, reason: reason)
    }
    var toolchain = Toolchain(
      swiftc: swiftc, frontend: bin + "/swift-frontend", clang: bin + "/clang",
      autolinkExtract: bin + "/swift-autolink-extract",
      hasLLD: access(bin + "/ld.lld", X_OK) == 0,
      triple: info.target.triple, runtimeLibraryPath: libraryPath,
      runtimeResourcePath: info.paths.runtimeResourcePath, arch: info.target.arch,
      compilerVersion: info.compilerVersion, identity: info.compilerVersion + " " + stamp)
    toolchain.linkerTemplate = LinkerTemplate.probe(toolchain)
    return toolchain
  }

  // MARK: - Commands

  /// Flags every snippet program is compiled with, besides its language
  /// mode's `-swift-version` (both are part of the cache key).
  static let snippetFlags = ["-Onone"]

  /// The flag that adds line tables to a program: only for a program that
  /// trapped, compiled again to find the trap's line (`TrapBacktrace`).
  static let lineTablesFlag = "-gline-tables-only"

  /// Arguments for `swift-frontend` to compile (or type-check) a program.
  ///
  /// - Parameter lineTables: Whether to emit line tables (`lineTablesFlag`).
  func frontendArguments(
    main: String, prelude: String, moduleName: String, engine: EngineBuild,
    moduleCache: String, languageMode: SwiftLanguageMode, output: String?, lineTables: Bool = false
  ) -> [String] {
    var args = ["-frontend", output == nil ? "-typecheck" : "-c", main, prelude,
                "-target", triple, "-module-name", moduleName,
                "-I", engine.directory] + ProgramBuilder.implicitImports.flatMap { ["-import-module", $0] } + [
                "-module-cache-path", moduleCache,
                "-diagnostic-style", "llvm", "-no-color-diagnostics"]
    #if os(Linux)
    args.append("-disable-objc-interop")
    #endif
    args += languageMode.compilerFlags + Self.snippetFlags
    if lineTables { args.append(Self.lineTablesFlag) }
    if let output { args += ["-o", output] }
    return args
  }

  /// Arguments for `swiftc` to compile and link a program in one go.
  ///
  /// - Parameter lineTables: Whether to emit line tables (`lineTablesFlag`).
  func driverArguments(
    main: String, prelude: String, moduleName: String, engine: EngineBuild,
    moduleCache: String, languageMode: SwiftLanguageMode, output: String?, lineTables: Bool = false
  ) -> [String] {
    var args = [main, prelude, "-module-name", moduleName, "-I", engine.directory]
      + ProgramBuilder.implicitImports.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] } + [
                "-module-cache-path", moduleCache, "-diagnostic-style", "llvm",
                "-no-color-diagnostics"] + languageMode.compilerFlags + Self.snippetFlags
    if lineTables { args.append(Self.lineTablesFlag) }
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

  /// The command that links a program's object file: the linker itself
  /// when the probe read clang's linker command and every library flag is
  /// a plain `-lNAME` (clang's driver costs about 25 ms per program, a
  /// tenth of a small chapter's compile and link), else clang.
  ///
  /// - Parameter autolink: The libraries the object asks for
  ///   (`AutolinkEntries`), or `["@FILE"]` with `swift-autolink-extract`'s output.
  func linkCommand(object: String, autolink: [String], engine: EngineBuild,
                   output: String) -> (executable: String, arguments: [String]) {
    if let template = linkerTemplate,
      let command = LinkerTemplate.fill(template, object: object, autolink: autolink,
                                        engineDirectory: engine.directory, output: output)
    {
      return command
    }
    return (clang, linkArguments(object: object, autolink: autolink, engineDirectory: engine.directory, output: output))
  }

  /// Arguments for clang to link a program's object file.
  func linkArguments(object: String, autolink: [String], engineDirectory: String, output: String) -> [String] {
    var args: [String] = []
    if hasLLD { args.append("-fuse-ld=lld") }
    args += ["-pie", "-Xlinker", "-rpath", "-Xlinker", runtimeLibraryPath,
             runtimeResourcePath + "/linux/" + arch + "/swiftrt.o", object] + autolink + [
             "-L", runtimeLibraryPath, "-lswiftCore", "--target=" + triple,
             "-L", engineDirectory, "-lTransitionEngine", "-lTransitionDiagrams",
             "-l" + ProgramBuilder.preludeModuleName,
             "-Xlinker", "-rpath", "-Xlinker", engineDirectory, "-o", output]
    return args
  }
}

/// The linker command clang runs for a program, read once per toolchain:
/// `clang -###` prints the commands it would run for `linkArguments` given
/// placeholders, and the last one (the linker's) is kept with the
/// placeholders in it. Filling it in for each program gives the command
/// clang would have run, without starting clang.
enum LinkerTemplate {
  static let object = "@workbook-object@.o"
  static let output = "/@workbook-output@"
  static let engine = "/@workbook-engine@"
  static let autolink = "-l@workbook-autolink@"

  /// The template, or nil when clang's answer is not a command this code
  /// can read with every placeholder in it once (`-###` output changes
  /// with clang versions: anything unexpected means linking through clang).
  static func probe(_ toolchain: Toolchain) -> [String]? {
    // clang leaves out an input file that does not exist: the object's
    // placeholder is an empty file, named relative to the folder clang runs in.
    guard let folder = try? Files.makeTemporaryDirectory(prefix: "workbook-probe") else { return nil }
    defer { Files.removeTemporaryDirectory(folder) }
    guard (try? Files.writeAtomically([], to: folder + "/" + object)) != nil else { return nil }
    let arguments = ["-###"] + toolchain.linkArguments(object: object, autolink: [autolink],
                                                        engineDirectory: engine, output: output)
    guard let result = try? ChildProcess.run(toolchain.clang, arguments, directory: folder, timeout: 60),
      result.termination == .exited(0)
    else { return nil }
    let text = String(decoding: result.stderr + result.stdout, as: UTF8.self)
    guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(" \"") }),
      let command = quotedWords(line), let linker = command.first,
      linker.hasSuffix("ld.lld") || linker.hasSuffix("/ld") || linker.hasSuffix("ld.gold"),
      command.filter({ $0 == object }).count == 1, command.filter({ $0 == output }).count == 1,
      command.filter({ $0 == autolink }).count == 1, command.contains(where: { $0.contains(engine) })
    else { return nil }
    return command
  }

  /// Whether the files the template names (the linker, the C runtime's
  /// start and end objects) are still there: a system update that moves
  /// them (a new gcc's `crtbeginS.o`) leaves the compiler as it was, so the
  /// probe's stamp cannot see it; the toolchain is probed again instead.
  static func filesExist(_ template: [String]?) -> Bool {
    guard let template else { return true }
    let files = template.enumerated().filter { index, word in
      word.hasPrefix("/") && !word.hasPrefix(engine) && (index == 0 || word.hasSuffix(".o"))
    }
    return files.allSatisfy { access($0.element, F_OK) == 0 }
  }

  /// The command for one program: nil when a library flag is not a plain
  /// `-lNAME` (a response file, say), which clang must expand.
  static func fill(_ template: [String], object: String, autolink: [String], engineDirectory: String,
                   output: String) -> (executable: String, arguments: [String])? {
    guard autolink.allSatisfy(isLibraryFlag), let executable = template.first else { return nil }
    var arguments: [String] = []
    for word in template.dropFirst() {
      switch word {
      case Self.object: arguments.append(object)
      case Self.output: arguments.append(output)
      case Self.autolink: arguments += autolink
      default: arguments.append(word.replacingOccurrences(of: engine, with: engineDirectory))
      }
    }
    return (executable, arguments)
  }

  private static func isLibraryFlag(_ flag: String) -> Bool {
    flag.hasPrefix("-l") && flag.count > 2
      && flag.utf8.dropFirst(2).allSatisfy { c in
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
          || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
      }
  }

  /// The words of a line of `-###` output: each in double quotes, with
  /// `\"`, `\\` and `\$` escaped; nil for anything else.
  static func quotedWords(_ line: Substring) -> [String]? {
    var words: [String] = []
    var iterator = line.unicodeScalars.makeIterator()
    var current: String? = nil
    while let c = iterator.next() {
      if var word = current {
        switch c {
        case "\\":
          guard let escaped = iterator.next() else { return nil }
          word.unicodeScalars.append(escaped)
          current = word
        case "\"":
          words.append(word)
          current = nil
        default:
          word.unicodeScalars.append(c)
          current = word
        }
      } else if c == "\"" {
        current = ""
      } else if c != " " {
        return nil
      }
    }
    return current == nil && !words.isEmpty ? words : nil
  }
}
