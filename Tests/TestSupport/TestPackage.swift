// What every test target of the workbook shares: where the package is, the
// stand-in engine and the one folder its builds go to for the whole test
// run, fixtures copied to temporary folders, and the `workbook` binary.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

public enum TestPackage {
  /// The package's root folder (this file is `Tests/TestSupport/TestPackage.swift`).
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Tests/Fixtures`.
  public static let fixtures = root + "/Tests/Fixtures"

  /// The stand-in engine the fixture books are written against (it builds
  /// in seconds; its diagrams harness and SDK modules are the folders
  /// beside it, in `Tests/Fixtures/verify`).
  public static let standInEngine = fixtures + "/verify/engine"

  /// The one folder of engine builds for the whole test run (every test
  /// target runs in the same process): the stand-in engine is built once,
  /// under the tool's lock, whichever test needs it first. Private, as the
  /// tool makes its caches (it refuses one others could change).
  public static let engineCache: String = {
    let path = runFolder + "/engine"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                             attributes: [.posixPermissions: 0o700])
    return path
  }()

  /// The folder of this test run (`workbook-tests-PID` in the temporary
  /// folder): the engine builds and every test's temporary folders, removed
  /// when the run ends (`WORKBOOK_KEEP_TEST_FILES=1` keeps it). The
  /// folders of earlier runs whose process is gone (killed, crashed) are
  /// removed when a run starts.
  public static let runFolder: String = {
    let base = NSTemporaryDirectory()
    removeFoldersOfDeadRuns(in: base)
    let path = base + "workbook-tests-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                             attributes: [.posixPermissions: 0o700])
    if ProcessInfo.processInfo.environment["WORKBOOK_KEEP_TEST_FILES"] != "1" {
      atexit { TestPackage.removeTree(NSTemporaryDirectory() + "workbook-tests-\(getpid())") }
    }
    return path
  }()

  /// Removes `workbook-tests-PID` (and the older `workbook-tests-engine-PID`)
  /// folders whose process no longer exists.
  static func removeFoldersOfDeadRuns(in base: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
      guard name.hasPrefix("workbook-tests-"), let pid = Int32(name.split(separator: "-").last ?? ""),
        pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      removeTree(base + name)
    }
  }

  /// Removes a folder and everything in it, folders a test made unreadable
  /// or unwritable included; never follows a link.
  static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      chmod(path, 0o700)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// The `workbook` binary SwiftPM built next to the test bundle, or
  /// `$WORKBOOK_TEST_BINARY` (to run the tests against another build).
  public static let binary: String = {
    if let other = ProcessInfo.processInfo.environment["WORKBOOK_TEST_BINARY"], !other.isEmpty { return other }
    let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent("workbook").path, root + "/.build/debug/workbook"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
  }()

  /// A new empty folder under the temporary folder.
  public static func temporaryDirectory() throws -> String {
    let path = runFolder + "/test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Copies `Tests/Fixtures/<fixture>` (e.g. `site/book`) into a new
  /// temporary folder, under its own name; returns the copy's path.
  public static func copy(_ fixture: String) throws -> String {
    let target = try temporaryDirectory() + "/" + (fixture as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: fixtures + "/" + fixture, toPath: target)
    return target
  }

  /// The text of the file at `path`; empty when there is none.
  public static func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// How a run of `workbook` ended.
  public struct Outcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
  }

  /// Runs `workbook arguments` in `directory`, with `input` on standard
  /// input, the test's environment changed by `environment` and without
  /// the variables in `unset`.
  ///
  /// Output goes to files, not pipes: a process spawned at the same moment
  /// by another test (tmux, a compiler) could inherit a pipe's write end
  /// and hold off its end of file until it exits. A run longer than
  /// `timeout` seconds is killed and recorded as an issue (status -1).
  public static func runWorkbook(_ arguments: [String], in directory: String, input: String = "",
                                 environment: [String: String] = [:], unset: [String] = [],
                                 timeout: Double = 300) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = ProcessInfo.processInfo.environment
    for name in unset { env.removeValue(forKey: name) }
    env.merge(environment) { $1 }
    process.environment = env
    let base = NSTemporaryDirectory() + "workbook-run-\(UUID().uuidString)"
    defer { for suffix in [".in", ".out", ".err"] { unlink(base + suffix) } }
    FileManager.default.createFile(atPath: base + ".in", contents: Data(input.utf8))
    FileManager.default.createFile(atPath: base + ".out", contents: nil)
    FileManager.default.createFile(atPath: base + ".err", contents: nil)
    process.standardInput = FileHandle(forReadingAtPath: base + ".in")
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    var status = Int32(-1)
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      Issue.record("workbook \(arguments.joined(separator: " ")) did not exit within \(Int(timeout)) s")
    } else if process.terminationReason == .exit {
      status = process.terminationStatus
    } else {
      Issue.record("workbook \(arguments.joined(separator: " ")) was killed by signal \(process.terminationStatus)")
    }
    func output(_ suffix: String) -> String {
      String(decoding: FileManager.default.contents(atPath: base + suffix) ?? Data(), as: UTF8.self)
    }
    return Outcome(status: status, stdout: output(".out"), stderr: output(".err"))
  }
}

/// The CPU time the calling thread has used, in seconds: for checks that a
/// piece of work is fast which a busy machine must not fail (unlike the
/// wall clock, it does not grow while other processes run).
public func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
