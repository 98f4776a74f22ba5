// The engine cache: keyed by the engine's content (not its path), shared by
// every book, relocatable (a moved checkout keeps working), and a compiler
// failure caused by the toolchain or the cache is never the chapter's result.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct EngineCacheTests {
  // MARK: - Hashing

  @Test func sha256MatchesTheStandardTestVectors() {
    func hex(_ text: String, chunk: Int? = nil) -> String {
      var hasher = SHA256()
      let bytes = Array(text.utf8)
      if let chunk {
        for start in stride(from: 0, to: bytes.count, by: chunk) {
          hasher.update(data: Array(bytes[start..<min(start + chunk, bytes.count)]))
        }
      } else {
        hasher.update(data: bytes)
      }
      return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    for chunk in [1, 3, 63, 64, 65] { #expect(hex(long, chunk: chunk) == hex(long)) }
    let million = String(repeating: "a", count: 1_000_000)
    #expect(hex(million, chunk: 4096) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  // MARK: - Keying

  @Test func theEngineKeyFollowsItsContentNotItsPlace() throws {
    let toolchain = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let first = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let second = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let (a, files) = try EngineBuilder.identity(sources: first, toolchain: toolchain)
    let (b, _) = try EngineBuilder.identity(sources: second, toolchain: toolchain)
    #expect(a == b, "the same engine in two places is one build")
    #expect(files.engine == [first + "/TransitionEngine.swift"])
    #expect(files.diagrams == [EngineBuilder.diagramsSources(besideEngine: first) + "/TransitionDiagrams.swift"])
    try (Fixtures.read(second + "/TransitionEngine.swift") + "\n// changed\n")
      .write(toFile: second + "/TransitionEngine.swift", atomically: true, encoding: .utf8)
    let (changed, _) = try EngineBuilder.identity(sources: second, toolchain: toolchain)
    #expect(changed != a)
    let harness = EngineBuilder.diagramsSources(besideEngine: first) + "/TransitionDiagrams.swift"
    try (Fixtures.read(harness) + "\n// changed\n").write(toFile: harness, atomically: true, encoding: .utf8)
    let (harnessChanged, _) = try EngineBuilder.identity(sources: first, toolchain: toolchain)
    #expect(harnessChanged != a, "the diagrams harness is part of the engine's identity")
    #expect(harnessChanged != changed)
  }

  @Test func theSDKModulesArePartOfTheEnginesIdentity() throws {
    let toolchain = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let engine = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let root = try Fixtures.temporaryDirectory()
    let (before, files) = try EngineBuilder.identity(sources: engine, toolchain: toolchain)
    let (remembered, _) = try EngineBuilder.rememberedIdentity(sources: engine, toolchain: toolchain, engineRoot: root)
    #expect(remembered == before)
    let uikit = EngineBuilder.sdkModuleSources("UIKit", besideEngine: engine) + "/UIKit.swift"
    #expect(files.sdk == EngineBuilder.sdkModules.map { [EngineBuilder.sdkModuleSources($0, besideEngine: engine) + "/\($0).swift"] })
    try (Fixtures.read(uikit) + "\n// changed\n").write(toFile: uikit, atomically: true, encoding: .utf8)
    let (after, _) = try EngineBuilder.identity(sources: engine, toolchain: toolchain)
    let (rememberedAfter, _) = try EngineBuilder.rememberedIdentity(sources: engine, toolchain: toolchain, engineRoot: root)
    #expect(after != before)
    #expect(rememberedAfter == after, "an edit to an SDK module is seen without hashing again")
  }

  @Test func anEngineWithoutItsSDKModulesIsAnError() throws {
    let toolchain = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let engine = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let quartzCore = EngineBuilder.sdkModuleSources("QuartzCore", besideEngine: engine)
    try FileManager.default.removeItem(atPath: quartzCore)
    #expect(throws: VerifyError.engineSourcesEmpty(path: quartzCore)) {
      try EngineBuilder.identity(sources: engine, toolchain: toolchain)
    }
    #expect(ErrorText.message(for: .engineSourcesEmpty(path: quartzCore)).contains("has Sources/QuartzCore"))
  }

  @Test func anEngineWithoutItsHarnessIsAnError() throws {
    let toolchain = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let engine = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let harness = EngineBuilder.diagramsSources(besideEngine: engine)
    try FileManager.default.removeItem(atPath: harness)
    #expect(throws: VerifyError.engineSourcesEmpty(path: harness)) {
      try EngineBuilder.identity(sources: engine, toolchain: toolchain)
    }
  }

  @Test func theEngineSourcesMayNameThePackagesSourcesFolder() throws {
    let sources = try Fixtures.temporaryDirectory()
    let engine = try Fixtures.copyEngine(into: sources)
    #expect(try EngineBuilder.locateSources(explicit: sources, searchFrom: []) == engine)
    #expect(try EngineBuilder.locateSources(explicit: engine, searchFrom: []) == engine)
  }

  @Test func theRememberedKeySeesAnEditedSource() throws {
    let toolchain = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let sources = try Fixtures.copyEngine(into: Fixtures.temporaryDirectory())
    let root = try Fixtures.temporaryDirectory()
    let file = sources + "/TransitionEngine.swift"
    let (first, _) = try EngineBuilder.rememberedIdentity(sources: sources, toolchain: toolchain, engineRoot: root)
    let (again, _) = try EngineBuilder.rememberedIdentity(sources: sources, toolchain: toolchain, engineRoot: root)
    #expect(first == again)
    try (Fixtures.read(file) + "\npublic let addedLater = 2\n").write(toFile: file, atomically: true, encoding: .utf8)
    let (edited, _) = try EngineBuilder.rememberedIdentity(sources: sources, toolchain: toolchain, engineRoot: root)
    #expect(edited != first)
    #expect(edited == (try EngineBuilder.identity(sources: sources, toolchain: toolchain)).0)
    let harness = EngineBuilder.diagramsSources(besideEngine: sources) + "/TransitionDiagrams.swift"
    try (Fixtures.read(harness) + "\npublic let addedLater = 3\n").write(toFile: harness, atomically: true, encoding: .utf8)
    let (harnessEdited, _) = try EngineBuilder.rememberedIdentity(sources: sources, toolchain: toolchain, engineRoot: root)
    #expect(harnessEdited != edited, "an edit to the harness is seen too")
  }

  @Test func theUserCacheFollowsXDG() {
    #expect(EngineCache.userDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])
      == "/x/cache/transition-workbook")
    #expect(EngineCache.userDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/transition-workbook")
    #expect(EngineCache.userDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])
      == "/home/u/.cache/transition-workbook", "a relative XDG_CACHE_HOME is ignored, as the spec says")
  }

  @Test func theToolFindsTheEngineItShipsWith() throws {
    // The test bundle runs from this package's .build: the package's engine.
    let shipped = try #require(EngineCache.shippedSources())
    #expect(shipped == Fixtures.packageRoot + "/Sources/TransitionEngine")
  }

  // MARK: - Sharing and moving

  /// A package like this one: Package.swift, the (stand-in) engine in
  /// Sources/TransitionEngine, a book in Chapters/.
  func makePackage() throws -> String {
    let root = try Fixtures.temporaryDirectory() + "/project"
    _ = try Fixtures.copyEngine(into: root + "/Sources")
    try "// swift-tools-version: 6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: Fixtures.root + "/passing/Chapters", toPath: root + "/Chapters")
    return root
  }

  @Test func aMovedCheckoutKeepsWorking() throws {
    let project = try makePackage()
    // Everything inside the checkout, engine cache included: the worst case
    // for a move (clang's module cache records its own path).
    func verify(_ root: String, useCache: Bool = true) throws -> VerifyReport {
      var options = Workspace.Configuration()
      options.book = root + "/Chapters"
      options.engineCacheDirectory = root + "/.build/engine-cache"
      options.useCache = useCache
      return try Verifier().run(in: Workspace(options))
    }
    let first = try verify(project)
    #expect(first.engineBuilt)
    #expect(!first.failed, "\(first.findings.map(\.message))")
    #expect(Files.exists(project + "/.build/workbook/results"), "results default to .build/workbook of the package")

    let moved = (project as NSString).deletingLastPathComponent + "/project2"
    try FileManager.default.moveItem(atPath: project, toPath: moved)
    let uncached = try verify(moved, useCache: false)
    #expect(!uncached.failed, "\(uncached.findings.map(\.message))")
    #expect(!uncached.engineBuilt, "the engine build moved with the checkout and is still valid")
    let cached = try verify(moved)
    #expect(!cached.failed)
    #expect(cached.chapters.allSatisfy { $0.cached })
  }

  @Test func aStaleModuleCacheIsEmptiedAndNeverCachedAsTheResult() throws {
    let project = try makePackage()
    func verify(_ root: String) throws -> VerifyReport {
      var options = Workspace.Configuration()
      options.book = root + "/Chapters"
      options.engineCacheDirectory = root + "/.build/engine-cache"
      var check = Verifier.Options()
      check.jobs = 1
      return try Verifier(options: check).run(in: Workspace(options))
    }
    #expect(!(try verify(project)).failed)
    let moved = (project as NSString).deletingLastPathComponent + "/elsewhere"
    try FileManager.default.moveItem(atPath: project, toPath: moved)
    try FileManager.default.removeItem(atPath: moved + "/.build/workbook/results")
    // A module cache whose stamp lies: it claims to have been filled here.
    let moduleCache = moved + "/.build/engine-cache/module-cache"
    try Array(moduleCache.utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: moduleCache + "/" + EngineCache.stampName)) }
    let report = try verify(moved)
    #expect(!report.failed, "\(report.findings.map(\.message))")
    #expect(report.chapters.allSatisfy { !$0.cached })
    #expect(try verify(moved).chapters.allSatisfy { $0.cached }, "the good run, not the failure, was cached")
  }

  @Test func aSecondBookAddsNoEngineBuild() throws {
    let engineCache = try Fixtures.temporaryDirectory()
    func verify(_ book: String) throws -> VerifyReport {
      var options = Fixtures.options(book: book)
      options.engineCacheDirectory = engineCache
      return try Verifier().run(in: Workspace(options))
    }
    let first = try verify(try Fixtures.book("passing"))
    #expect(first.engineBuilt)
    let second = try verify(try Fixtures.book("mapping"))
    #expect(!second.engineBuilt)
    #expect(second.chapters.allSatisfy { !$0.cached })
  }

  @Test func theCommandWorksWithoutFlagsAndAfterAMove() throws {
    let project = try makePackage()
    let xdg = try Fixtures.temporaryDirectory()
    func workbook(_ directory: String) throws -> (Int32, String) {
      let result = try ChildProcess.run(TestPackage.binary, ["verify"], directory: directory,
                                        environment: ["XDG_CACHE_HOME": xdg], timeout: 300)
      guard case .exited(let status) = result.termination else { return (-1, "") }
      return (status, String(decoding: result.stdout + result.stderr, as: UTF8.self))
    }
    let (status, output) = try workbook(project)
    #expect(status == 0, "\(output)")
    #expect(Files.isDirectory(xdg + "/transition-workbook/engine"), "the engine is built in the per-user cache")
    let moved = (project as NSString).deletingLastPathComponent + "/moved"
    try FileManager.default.moveItem(atPath: project, toPath: moved)
    let (again, output2) = try workbook(moved)
    #expect(again == 0, "\(output2)")
    #expect(!output2.contains("Building TransitionEngine"))
  }

  // MARK: - Toolchain failures

  @Test func aToolchainFailureIsNeverTheChaptersResult() {
    var broken = ProgramRun()
    broken.diagnostics = [Diagnostic(
      severity: .error, snippet: nil, lineOffset: 0, column: 0,
      message: "precompiled file '/old/module-cache/SwiftShims-1.pcm' was compiled with module cache path '/old/module-cache', but the path is currently '/new/module-cache'",
      file: "<unknown>")]
    var run = ChapterRun()
    run.program = broken
    #expect(run.toolchainFailure != nil)
    #expect(!run.isCacheable)

    var missingShims = ProgramRun()
    missingShims.otherErrors = "error: missing required module 'SwiftShims'\n"
    #expect(missingShims.toolchainFailure == "error: missing required module 'SwiftShims'")

    var typo = ProgramRun()
    typo.diagnostics = [Diagnostic(severity: .error, snippet: 0, lineOffset: 1, column: 8,
                                   message: "no such module 'UIKitt'", file: nil)]
    var own = ChapterRun()
    own.program = typo
    #expect(own.toolchainFailure == nil, "the chapter's own error is its result")
    #expect(own.isCacheable)
  }

  @Test func aModuleCacheFilledElsewhereIsEmptied() throws {
    let cache = try Fixtures.temporaryDirectory() + "/module-cache"
    EngineCache.prepareModuleCache(cache)
    #expect(EngineCache.moduleCacheIsCurrent(cache))
    try "stale".write(toFile: cache + "/Stale.pcm", atomically: true, encoding: .utf8)
    EngineCache.prepareModuleCache(cache)
    #expect(Files.exists(cache + "/Stale.pcm"), "a current cache is kept")
    let moved = (cache as NSString).deletingLastPathComponent + "/moved-cache"
    try FileManager.default.moveItem(atPath: cache, toPath: moved)
    #expect(!EngineCache.moduleCacheIsCurrent(moved))
    EngineCache.prepareModuleCache(moved)
    #expect(EngineCache.moduleCacheIsCurrent(moved))
    #expect(!Files.exists(moved + "/Stale.pcm"))
  }
}
