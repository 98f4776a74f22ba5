// Issue 23, the caches and errors of "Hostile input, round 3"
// (RELIABILITY-REVIEW-3: H2, M4, L5, L6), each reproduction as a test:
// - H2: a cache folder another user made (or can write) is never used, and
//   nothing in it (a planted toolchain probe) is ever run;
// - M4: a damaged engine build is found before use and rebuilt, and a link
//   error that names an engine file is a setup failure, never cached as the
//   chapter's result;
// - L5: file-system errors are sentences, never Foundation's dumps;
// - L6: the temporary files of writes that were killed are swept by the
//   next run, and never those of a run that is still alive.
// The tests run as root: "another user" is uid 65534 (nobody).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct HostileCacheTests {
  static let otherUser: uid_t = 65534

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the `workbook` binary with `arguments` through `env`, with the
  /// variables in `unset` removed and those in `set` set.
  func workbook(_ arguments: [String], in directory: String, unset: [String] = [], set: [String: String] = [:],
                limits: String? = nil) throws -> Outcome {
    var command = ["/usr/bin/env"] + unset.flatMap { ["-u", $0] } + set.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var executable = command.removeFirst()
    var args = command + [TestPackage.binary] + arguments
    if let limits {
      // A shell that lowers a limit first (ulimit), then becomes workbook.
      args = ["-c", "\(limits); exec \"$@\"", "sh"] + [executable] + args
      executable = "/bin/sh"
    }
    let result = try ChildProcess.run(executable, args, directory: directory, timeout: 300)
    let status: Int32
    switch result.termination {
    case .exited(let code): status = code
    case .signaled(let signal): status = 128 + signal
    default: status = -1
    }
    return Outcome(status: status, stdout: String(decoding: result.stdout, as: UTF8.self),
                   stderr: String(decoding: result.stderr, as: UTF8.self))
  }

  /// A folder owned by another user, writable by everyone: what another
  /// local user can leave in the shared temporary folder.
  func makeForeignFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(chown(path, Self.otherUser, Self.otherUser) == 0)
    #expect(chmod(path, 0o777) == 0)
  }

  /// The toolchain probe the tests' engine cache holds (made if missing).
  func realProbe() throws -> (name: String, json: [String: Any]) {
    _ = try Toolchain.locate(cacheDirectory: Fixtures.engineCache)
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: Fixtures.engineCache)
      .first { $0.hasPrefix("toolchain-") && $0.hasSuffix(".json") })
    let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.engineCache + "/" + name))
    return (name, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
  }

  /// Writes a copy of the real probe into `folder` whose compiler is a
  /// script that leaves `marker` (with its arguments) when it runs.
  func plantProbe(in folder: String, marker: String, scripts: String) throws {
    try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
    let script = scripts + "/swiftc"
    try "#!/bin/sh\necho \"$@\" >> '\(marker)'\nexit 1\n".write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    var (name, probe) = try realProbe()
    var toolchain = try #require(probe["toolchain"] as? [String: Any])
    toolchain["swiftc"] = script
    toolchain["frontend"] = script
    toolchain["clang"] = script
    probe["toolchain"] = toolchain
    let path = folder + "/" + name
    try JSONSerialization.data(withJSONObject: probe).write(to: URL(fileURLWithPath: path))
    chown(path, Self.otherUser, Self.otherUser)
    chmod(path, 0o666)
  }

  static func mode(_ path: String) -> mode_t {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
  }

  // MARK: - H2: the fallback cache in the shared temporary folder

  @Test func aFallbackCacheAnotherUserMadeIsNotUsedAndItsProbeNeverRuns() throws {
    let tmp = try Fixtures.temporaryDirectory()
    let book = try Fixtures.book("passing")
    let fallback = tmp + "/transition-workbook-\(getuid())"
    try makeForeignFolder(fallback)
    let marker = tmp + "/PLANTED-CODE-RAN"
    try plantProbe(in: fallback, marker: marker, scripts: tmp + "/evil")

    // cron, systemd, `env -i`: neither HOME nor XDG_CACHE_HOME.
    let unset = ["HOME", "XDG_CACHE_HOME", "WORKBOOK_CACHE_DIR"]
    let first = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources],
                             in: tmp, unset: unset, set: ["TMPDIR": tmp])
    #expect(!Files.exists(marker), "the planted compiler ran: \(Fixtures.read(marker))")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("note: The per-user cache '\(fallback)' is owned by uid 65534"), "\(first.stderr)")
    #expect(!Files.exists(fallback + "/engine") && !Files.exists(fallback + "/module-cache"),
            "nothing is created in another user's folder")
    // The private folder it used instead is found again: no second build.
    let second = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources, "--no-cache"],
                              in: tmp, unset: unset, set: ["TMPDIR": tmp])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stderr.contains("Building TransitionEngine"), "\(second.stderr)")
    #expect(!Files.exists(marker))
    let privates = try FileManager.default.contentsOfDirectory(atPath: tmp)
      .filter { $0.hasPrefix("transition-workbook-\(getuid()).") }
    #expect(privates.count == 1, "\(privates)")
    for name in privates { #expect(Self.mode(tmp + "/" + name) == 0o700) }
  }

  @Test func aWorldWritableFallbackOfOurOwnIsNotUsedEither() throws {
    let tmp = try Fixtures.temporaryDirectory()
    let fallback = tmp + "/transition-workbook-\(getuid())"
    try FileManager.default.createDirectory(atPath: fallback, withIntermediateDirectories: true)
    chmod(fallback, 0o777)
    let environment = ["TMPDIR": tmp]
    let root = try EngineCache.userRoot(environment: environment)
    #expect(root.path != fallback)
    #expect(root.path.hasPrefix(fallback + "."))
    #expect(Self.mode(root.path) == 0o700)
    #expect(root.note?.contains("is writable by everyone (mode 0777)") == true, "\(root.note ?? "")")
    // A safe fallback is used as it is, and made 0700 when missing.
    let fresh = try Fixtures.temporaryDirectory()
    let made = try EngineCache.userRoot(environment: ["TMPDIR": fresh])
    #expect(made.path == fresh + "/transition-workbook-\(getuid())")
    #expect(made.note == nil)
    #expect(Self.mode(made.path) == 0o700)
  }

  @Test func anUnsafeCacheFolderThatWasAskedForIsRefused() throws {
    let book = try Fixtures.book("passing")
    let tmp = try Fixtures.temporaryDirectory()
    let open = tmp + "/open"
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
    chmod(open, 0o777)
    let foreign = tmp + "/foreign"
    try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
    chown(foreign, Self.otherUser, Self.otherUser)
    chmod(foreign, 0o755)
    for folder in [open, foreign] {
      #expect(throws: VerifyError.self) {
        _ = try Fixtures.verify(book, configure: { $0.cacheDirectory = folder; $0.engineCacheDirectory = nil })
      }
      let out = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources,
                              "--cache-dir", folder], in: tmp)
      #expect(out.status == 2)
      #expect(out.stderr.contains("error: The cache folder '\(folder)'"), "\(out.stderr)")
      #expect(!Files.exists(folder + "/engine") && !Files.exists(folder + "/results"))
    }
    let out = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources,
                            "--cache-dir", open], in: tmp)
    #expect(out.stderr.contains("writable by everyone (mode 0777)"), "\(out.stderr)")
    // XDG_CACHE_HOME names the user's own cache: an unsafe one is refused.
    try makeForeignFolder(tmp + "/xdg/transition-workbook")
    #expect(throws: VerifyError.self) {
      _ = try EngineCache.userRoot(environment: ["XDG_CACHE_HOME": tmp + "/xdg", "TMPDIR": tmp])
    }
  }

  @Test func anUnsafeFolderInsideTheCacheIsRefused() throws {
    let book = try Fixtures.book("passing")
    let cache = try Fixtures.temporaryDirectory() + "/cache"
    try makeForeignFolder(cache + "/engine")
    chmod(cache, 0o700)
    let error = try #require(throws: VerifyError.self) {
      _ = try Fixtures.verify(book, configure: { $0.cacheDirectory = cache; $0.engineCacheDirectory = nil })
    }
    #expect(ErrorText.message(for: error).contains("'\(cache)/engine' is owned by uid 65534"), "\(error)")
  }

  @Test func aProbeTheUserDoesNotOwnOrOthersCanWriteIsNotTrusted() throws {
    let tmp = try Fixtures.temporaryDirectory()
    let cache = tmp + "/cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let marker = tmp + "/PLANTED-CODE-RAN"
    try plantProbe(in: cache, marker: marker, scripts: tmp + "/evil")
    let foreign = try Toolchain.locate(cacheDirectory: cache)
    #expect(!foreign.swiftc.hasPrefix(tmp), "a probe another user owns is probed again")
    // Ours, but writable by everyone.
    try plantProbe(in: cache, marker: marker, scripts: tmp + "/evil")
    let name = try realProbe().name
    chown(cache + "/" + name, getuid(), getgid())
    chmod(cache + "/" + name, 0o666)
    let open = try Toolchain.locate(cacheDirectory: cache)
    #expect(!open.swiftc.hasPrefix(tmp))
    #expect(!Files.exists(marker))
  }

  @Test func cacheFoldersAreCreatedPrivate() throws {
    let book = try Fixtures.book("passing")
    let parent = try Fixtures.temporaryDirectory()
    let cache = parent + "/a/b/cache"
    let report = try Fixtures.verify(book, configure: { $0.cacheDirectory = cache; $0.engineCacheDirectory = nil })
    #expect(!report.failed)
    for folder in [parent + "/a", parent + "/a/b", cache, cache + "/engine", cache + "/module-cache",
                   cache + "/results"] {
      #expect(Self.mode(folder) == 0o700, "\(folder): \(String(Self.mode(folder), radix: 8))")
    }
  }

  // MARK: - M4: a damaged engine build

  /// A private engine cache holding a copy of the tests' engine build;
  /// returns the cache and the copied build's folder.
  func privateEngineCache(book: String) throws -> (cache: String, build: String) {
    let settings = try Workspace(Fixtures.options(book: book)).prepare()
    let cache = try Fixtures.temporaryDirectory() + "/engine-cache"
    let build = cache + "/engine/" + (settings.engine.directory as NSString).lastPathComponent
    try FileManager.default.createDirectory(atPath: cache + "/engine", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: settings.engine.directory, toPath: build)
    for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.engineCache)
    where name.hasPrefix("toolchain-") {
      try FileManager.default.copyItem(atPath: Fixtures.engineCache + "/" + name, toPath: cache + "/" + name)
    }
    return (cache, build)
  }

  @Test func aTruncatedEngineLibraryIsNotTheChaptersFailureAndIsNeverCached() throws {
    let book = try Fixtures.book("passing")
    let (cache, build) = try privateEngineCache(book: book)
    let results = (book as NSString).deletingLastPathComponent + "/results"
    func verify() throws -> VerifyReport {
      try Fixtures.verify(book, configure: { $0.engineCacheDirectory = cache; $0.cacheDirectory = results })
    }
    let library = build + "/libTransitionEngine.so"
    let original = try Data(contentsOf: URL(fileURLWithPath: library))
    #expect(truncate(library, 1000) == 0)
    // Either the damage is found and the engine rebuilt, or verify stops
    // with a setup error; never a chapter's failure.
    do {
      let damaged = try verify()
      #expect(!damaged.failed, "\(damaged.findings.map(\.message))")
      #expect(damaged.engineBuilt, "the damaged build is rebuilt")
    } catch let error as VerifyError {
      #expect(error != .interrupted)
    }
    // The file put back (a partial cache restore completed): still no stale failure.
    try original.write(to: URL(fileURLWithPath: library))
    let restored = try verify()
    #expect(!restored.failed, "\(restored.findings.map(\.message))")
  }

  @Test func aSameSizeCorruptionIsFoundByTheHashAndRebuilt() throws {
    let book = try Fixtures.book("passing")
    let (cache, build) = try privateEngineCache(book: book)
    let library = build + "/libTransitionDiagrams.so"
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: library)))
    for i in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { bytes[i] ^= 0xA5 }
    try Data(bytes).write(to: URL(fileURLWithPath: library))
    let report = try Fixtures.verify(book, configure: {
      $0.engineCacheDirectory = cache
      $0.cacheDirectory = (book as NSString).deletingLastPathComponent + "/results"
    })
    #expect(report.engineBuilt, "a library whose bytes changed is rebuilt")
    #expect(!report.failed, "\(report.findings.map(\.message))")
  }

  @Test func theHashIsSkippedOnlyWhileNoFileOfTheBuildChanged() throws {
    let book = try Fixtures.book("passing")
    let (_, build) = try privateEngineCache(book: book)
    #expect(EngineIntegrity.check(build) == .intact)
    #expect(Files.exists(build + "/" + EngineIntegrity.checkedName), "the stamps of a hashed build are kept")
    #expect(EngineIntegrity.check(build) == .intact)
    // One byte changed in place, the modification time put back: the size
    // and the times a user can set say nothing, the change time does.
    let library = build + "/libTransitionEngine.so"
    var before = stat()
    lstat(library, &before)
    let fd = open(library, O_RDWR)
    var byte: UInt8 = 0
    #expect(pread(fd, &byte, 1, off_t(before.st_size / 2)) == 1)
    byte = ~byte
    #expect(pwrite(fd, &byte, 1, off_t(before.st_size / 2)) == 1)
    close(fd)
    var times = [before.st_atim, before.st_mtim]
    utimensat(AT_FDCWD, library, &times, 0)
    guard case .damaged(let detail) = EngineIntegrity.check(build) else {
      Issue.record("a changed library passed the check")
      return
    }
    #expect(detail == "libTransitionEngine.so is not the file that was built: its SHA-256 differs")
  }

  @Test func aLinkErrorNamingAnEngineFileIsASetupFailureNotCached() throws {
    let book = try Fixtures.book("passing")
    let (cache, build) = try privateEngineCache(book: book)
    var options = Fixtures.options(book: book)
    options.engineCacheDirectory = cache
    let workspace = Workspace(options)
    var settings = try workspace.prepare()
    // Damaged after the check before use (another process, a disk): the
    // linker's error names the engine's library.
    #expect(settings.engine.directory == build)
    #expect(truncate(build + "/libTransitionEngine.so", 1000) == 0)
    settings.moduleCache = cache + "/module-cache"
    let results = try workspace.resultCache()
    let runner = ChapterRunner(settings: settings, programCache: results)
    let chapter = try workspace.loadBook().chapters[0]
    #expect(throws: VerifyError.self) {
      _ = try Verifier.verifyChapter(chapter, runner: runner, cache: results, options: Verifier.Options(),
                                           configuration: options)
    }
    let stored = Files.files(under: results.directory, suffix: ".json")
    #expect(stored.isEmpty, "nothing is cached: \(stored)")
  }

  @Test func linkAndLoadErrorsNamingEngineFilesAreToolchainFailures() {
    var link = ProgramRun()
    link.otherErrors = "ld.lld: error: /c/engine/0a/libTransitionEngine.so: section header table goes past the end of the file"
    #expect(link.toolchainFailure != nil)
    var bfd = ProgramRun()
    bfd.otherErrors = "/usr/bin/ld: /c/engine/0a/libTransitionDiagrams.so: file not recognized: file truncated"
    #expect(bfd.toolchainFailure != nil)
    var load = ProgramRun()
    load.compiled = true
    load.ran = true
    load.termination = .exited(127)
    load.stderrTail = "./program: error while loading shared libraries: libWorkbookPrelude.so: file too short"
    #expect(load.toolchainFailure != nil)
    var own = ProgramRun()
    own.otherErrors = "ld.lld: error: undefined symbol: mine()\n>>> referenced by main.o"
    #expect(own.toolchainFailure == nil, "the chapter's own link error stays the chapter's")
  }

  // MARK: - L5: sentences, not Foundation's dumps

  static func isDump(_ text: String) -> Bool {
    text.contains("Error Domain") || text.contains("NSCocoaErrorDomain") || text.contains("could not be completed")
      || text.contains("UserInfo") || text.contains("cannotStart(")
  }

  @Test func initIntoAFileSaysSoInASentence() throws {
    let tmp = try Fixtures.temporaryDirectory()
    try "mine".write(toFile: tmp + "/afile", atomically: true, encoding: .utf8)
    let error = try #require(throws: Book.Scaffold.Error.self) { try Book.Scaffold.create(in: tmp + "/afile") }
    guard case .cannotWrite(_, let reason) = error else { Issue.record("\(error)"); return }
    #expect(!Self.isDump(reason), "\(reason)")
    #expect(reason.contains("'\(tmp)/afile' is a file, not a folder"), "\(reason)")
    let out = try workbook(["init", "afile", "--no-record"], in: tmp)
    #expect(out.status == 2)
    #expect(!Self.isDump(out.stderr), "\(out.stderr)")
    #expect(Fixtures.read(tmp + "/afile") == "mine")
  }

  @Test func aCacheFolderThatCannotBeMadeSaysWhyInASentence() throws {
    let book = try Fixtures.book("passing")
    let out = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources,
                            "--cache-dir", "/dev/null/x"], in: NSTemporaryDirectory())
    #expect(out.status == 2)
    #expect(!Self.isDump(out.stderr), "\(out.stderr)")
    #expect(out.stderr.contains("'/dev/null' is not a folder"), "\(out.stderr)")
  }

  @Test func aTemporaryFolderThatCannotBeMadeIsNotCalledTheCache() throws {
    let book = try Fixtures.book("passing")
    // The compiler probed and the engine built first: they need a temporary folder too.
    _ = try Workspace(Fixtures.options(book: book)).prepare()
    let out = try workbook(["verify", "--book", book, "--engine-sources", Fixtures.engineSources,
                            "--cache-dir", Fixtures.engineCache, "--no-cache"],
                           in: NSTemporaryDirectory(), set: ["TMPDIR": "/nonexistent-tmp"])
    #expect(out.status == 2)
    #expect(!out.stderr.contains("cache folder 'temporary folder'"), "\(out.stderr)")
    #expect(out.stderr.contains("'/nonexistent-tmp'") && out.stderr.contains("TMPDIR"), "\(out.stderr)")
  }

  @Test func fileSystemReasonsAreNeverDumps() {
    for code in [4, 256, 257, 260, 512, 513, 516, 640, 642, 9999] {
      let error = NSError(domain: NSCocoaErrorDomain, code: code, userInfo: [NSFilePathErrorKey: "/x"])
      #expect(!Self.isDump(Files.reason(error)), "\(code): \(Files.reason(error))")
    }
    let start = ErrorText.message(for: ChildProcessError.cannotStart("/opt/x/swiftc", "No such file or directory"))
    #expect(start == "Cannot start '/opt/x/swiftc': No such file or directory", "\(start)")
  }

  // MARK: - L6: temporary files of killed writes

  /// A process id that is certainly not running: a child that has exited.
  static func deadProcessID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func theWritersTemporaryFileCarriesItsProcess() {
    #expect(Files.temporaryPrefix(for: "01-a.md") == ".01-a.md.workbook-\(getpid())-")
    let targets: Set<String> = ["01-a.md"]
    #expect(Files.writerOfTemporaryFile(".01-a.md.workbook-123-AbC9zQ", targets: targets) == 123)
    #expect(Files.writerOfTemporaryFile("01-a.md", targets: targets) == nil)
    #expect(Files.writerOfTemporaryFile(".01-a.md.workbook-12-AbC9z", targets: targets) == nil)
    // No process in the name (no version of the tool writes such a name now).
    #expect(Files.writerOfTemporaryFile(".01-a.md.workbook-AbC9zQ", targets: targets) == nil)
    // Not a file the tool writes there.
    #expect(Files.writerOfTemporaryFile(".plan.workbook-2024-drafts", targets: targets) == nil)
  }

  @Test func verifySweepsTheBooksTemporaryFilesOfDeadRunsOnly() throws {
    let book = try Fixtures.book("passing")
    let dead = try Self.deadProcessID()
    let stale = book + "/.01-basics.md.workbook-\(dead)-Ab12Cd"
    let alive = book + "/.01-basics.md.workbook-1-Ef34Gh"
    let mine = book + "/.02-second.md.workbook-\(getpid())-Ij56Kl"
    for path in [stale, alive, mine] {
      try "half".write(toFile: path, atomically: false, encoding: .utf8)
    }
    let report = try Fixtures.verify(book)
    #expect(!report.failed)
    #expect(!Files.exists(stale), "a dead run's temporary file is removed")
    #expect(Files.exists(alive) && Files.exists(mine), "a live run's temporary file is never removed")
  }

  // RELIABILITY-REVIEW-4 H4: the user's own files, named like temporary files.
  @Test func verifyNeverRemovesAUsersFileNamedLikeATemporaryFile() throws {
    let book = try Fixtures.book("passing")
    let dead = try Self.deadProcessID()
    let users = [
      book + "/.ideas.workbook-backup",  // no process: an old tool's name, three days old
      book + "/.01-basics.md.workbook-Mn78Op",  // a chapter's name, no process, three days old
      book + "/.plan.workbook-2024-drafts",  // "2024" reads as a process id
      book + "/.plan.workbook-\(dead)-drafts",  // a dead process, but 'plan' is no file the tool writes
    ]
    for path in users { try "mine".write(toFile: path, atomically: false, encoding: .utf8) }
    var old = [timespec(tv_sec: time(nil) - 3 * 86400, tv_nsec: 0), timespec(tv_sec: time(nil) - 3 * 86400, tv_nsec: 0)]
    for path in users { utimensat(AT_FDCWD, path, &old, 0) }
    let report = try Fixtures.verify(book)
    #expect(!report.failed)
    for path in users { #expect(Files.exists(path), "\(path) was removed") }
  }

  // RELIABILITY-REVIEW-4 L5: a legal file name too long for `.<name>.workbook-<pid>-XXXXXX`.
  @Test func aFileWithALongNameIsWrittenAtomicallyAndItsLeftoversSwept() throws {
    let folder = try TestPackage.temporaryDirectory() + "/long-names"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let name = String(repeating: "c", count: 238) + ".md"
    #expect(name.utf8.count == 241)
    try Files.writeAtomically(Array("first".utf8), to: folder + "/" + name)
    try Files.writeAtomically(Array("second".utf8), to: folder + "/" + name)
    #expect(String(decoding: Files.read(folder + "/" + name) ?? [], as: UTF8.self) == "second")
    let prefix = Files.temporaryPrefix(for: name)
    #expect(prefix.utf8.count + 6 <= 255 && !prefix.contains(name), "\(prefix)")
    // What a writer killed mid-write would leave, then the sweep.
    let dead = try Self.deadProcessID()
    let leftover = prefix.replacingOccurrences(of: "-\(getpid())-", with: "-\(dead)-") + "Ab12Cd"
    try "half".write(toFile: folder + "/" + leftover, atomically: false, encoding: .utf8)
    #expect(Files.removeTemporaryFilesOfDeadRuns(writing: [name], in: folder) == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
  }

  @Test func aChapterWithALongNameIsRecordedAndBuilt() throws {
    let book = try Fixtures.book("mismatch")
    let long = book + "/" + String(repeating: "d", count: 238) + ".md"
    try FileManager.default.moveItem(atPath: book + "/01-diff.md", toPath: long)
    let root = (book as NSString).deletingLastPathComponent
    let engine = ["--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache]
    let recorded = try workbook(["verify", "--book", book, "--record"] + engine, in: root)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let built = try workbook(["build", "--book", book, "--out", root + "/site"] + engine, in: root)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(Files.exists(root + "/site/" + String(repeating: "d", count: 238) + ".html"))
  }

  // RELIABILITY-REVIEW-4 L9: the folders of dead runs of `workbook run` too.
  @Test func theFoldersOfDeadRunsOfEveryCommandAreSweptAndNothingElse() throws {
    let base = Files.temporaryBase
    let dead = try Self.deadProcessID()
    let stale = ["verify", "check", "run"].map { base + "/workbook-\($0)-\(dead)-AbC123" }
    let kept = [base + "/workbook-run-\(getpid())-XyZ789", base + "/workbook-check-notes",
                base + "/workbook-run-\(dead)-mine"]
    for path in stale + kept { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    defer { for path in kept { try? FileManager.default.removeItem(atPath: path) } }
    var old = [timespec(tv_sec: time(nil) - 3 * 86400, tv_nsec: 0), timespec(tv_sec: time(nil) - 3 * 86400, tv_nsec: 0)]
    utimensat(AT_FDCWD, base + "/workbook-check-notes", &old, 0)
    Files.removeTemporaryFoldersOfDeadRuns()
    for path in stale { #expect(!Files.exists(path), "\(path)") }
    for path in kept { #expect(Files.exists(path), "\(path)") }
  }

  @Test func aRecordKilledMidWriteLeavesNothingTheNextRunKeeps() throws {
    let book = try Fixtures.book("mismatch")
    let chapter = book + "/01-diff.md"
    let prose = String(repeating: "A line of prose that makes the chapter longer than the file size limit.\n", count: 600)
    try (Fixtures.read(chapter) + "\n" + prose).write(toFile: chapter, atomically: true, encoding: .utf8)
    let before = Fixtures.read(chapter)
    let root = (book as NSString).deletingLastPathComponent
    let args = ["verify", "--book", book, "--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache]
    let warm = try workbook(args, in: root)
    #expect(warm.status == 1, "\(warm.stderr)")
    // The record's write goes past `ulimit -f`: SIGXFSZ kills the tool mid-write.
    let killed = try workbook(args + ["--record"], in: root, limits: "ulimit -f 16")
    #expect(killed.status == 128 + SIGXFSZ, "\(killed.status) \(killed.stderr)")
    #expect(Fixtures.read(chapter) == before, "the chapter is intact")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: book).filter { $0.contains(".workbook-") }
    #expect(leftovers.count == 1, "\(leftovers)")
    let next = try workbook(args, in: root)
    #expect(next.status == 1)
    let after = try FileManager.default.contentsOfDirectory(atPath: book).filter { $0.contains(".workbook-") }
    #expect(after.isEmpty, "\(after)")
  }

  @Test func buildSweepsTheSitesTemporaryFilesOfDeadRuns() throws {
    let book = try Fixtures.book("passing")
    let root = (book as NSString).deletingLastPathComponent
    let args = ["build", "--book", book, "--out", root + "/site", "--engine-sources", Fixtures.engineSources,
                "--cache-dir", Fixtures.engineCache]
    let first = try workbook(args, in: root)
    #expect(first.status == 0, "\(first.stderr)")
    let dead = try Self.deadProcessID()
    let stale = root + "/site/.index.html.workbook-\(dead)-Ab12Cd"
    let alive = root + "/site/.index.html.workbook-1-Ef34Gh"
    for path in [stale, alive] { try "half".write(toFile: path, atomically: false, encoding: .utf8) }
    let second = try workbook(args, in: root)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!Files.exists(stale))
    #expect(Files.exists(alive))
  }
}
