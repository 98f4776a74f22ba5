// Shared helpers: the fixture book copied to a temporary folder, the
// `workbook` binary, and a tmux session to drive it like a learner.
import Foundation
import Testing
@_exported import TestSupport
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

enum StepperFixtures {
  /// The book with two exercises (01-basics) and a filmstrip (02-film).
  static let book = TestPackage.fixtures + "/stepper/Chapters"

  /// The stand-in engine the verify fixtures use (builds in seconds).
  static let engineSources = TestPackage.standInEngine

  /// The test run's one cache folder (engine build, toolchain probe,
  /// results), shared with the other test targets.
  static let cache = TestPackage.engineCache

  /// The options every command gets in tests.
  static var commonArguments: [String] { ["--engine-sources", engineSources, "--cache-dir", cache] }

  /// A fresh folder holding a copy of the fixture book as `Chapters/`.
  static func project() throws -> String {
    let root = try TestPackage.temporaryDirectory()
    try FileManager.default.copyItem(atPath: book, toPath: root + "/Chapters")
    return root
  }

  static func exerciseBook(_ root: String) throws -> ExerciseBook {
    var options = Workspace.Configuration()
    options.book = root + "/Chapters"
    options.engineSources = engineSources
    options.cacheDirectory = cache
    return try ExerciseBook.load(options)
  }

  /// Runs `workbook` in `directory` with `input` on standard input.
  static func workbook(_ arguments: [String], in directory: String, input: String = "",
                       environment: [String: String] = [:]) throws -> TestPackage.Outcome {
    try TestPackage.runWorkbook(arguments + commonArguments, in: directory, input: input,
                                environment: environment, unset: ["NO_COLOR"])
  }

  static func read(_ path: String) -> String { TestPackage.read(path) }

  /// Writes `text` to `path` the way an editor saves: a new file renamed
  /// over the old one.
  static func save(_ text: String, to path: String) throws {
    let temporary = path + ".saving"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  static let fadeStarter = """
    import UIKit

    let view = UIView()
    for step in 0...4 {
      // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4
      print("step \\(step): alpha \\(view.alpha)")
    }

    """

  static let fadeSolution = fadeStarter.replacingOccurrences(
    of: "  // TODO: set view.alpha for this step: 1 at step 0, 0 at step 4\n",
    with: "  view.alpha = 1 - Double(step) / 4\n")
}

// MARK: - tmux

/// A detached tmux session on a private server, running one command in a
/// pane of a fixed size; keys are sent and the screen read like a learner.
final class TmuxSession {
  /// The private server's socket (removed at the end).
  let socket: String
  let name = "step"

  static let tmux: String? = {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/tmux"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  /// Starts `command` in `directory`; when it ends, the pane prints
  /// `[exited STATUS]` and stays open so that the end can be read.
  init(_ command: [String], directory: String, width: Int = 100, height: Int = 60,
       environment: [String: String] = [:]) throws {
    socket = NSTemporaryDirectory() + "workbook-tmux-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    let env = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
    let line = "env -u NO_COLOR TERM=xterm-256color \(env) " + command.map(Self.quote).joined(separator: " ")
      + "; status=$?; echo \"[exited $status] [tty $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon)]\"; sleep 600"
    try run(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "-c", directory, line])
    serverPID = pid_t(try run(["display-message", "-p", "-t", name, "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    panePIDs = try run(["list-panes", "-t", name, "-F", "#{pane_pid}"]).split(separator: "\n").compactMap { pid_t($0) }
  }

  /// The tmux server and the pane's shell, ended for certain at the end.
  private var serverPID: pid_t?
  private var panePIDs: [pid_t] = []

  deinit {
    // Ctrl-C first (the stepper exits cleanly), then the private server;
    // then whatever is left of it and of the pane (its `sleep 600`).
    _ = try? run(["send-keys", "-t", name, "C-c"])
    usleep(200_000)
    _ = try? run(["kill-server"])
    for pane in panePIDs {
      kill(-pane, SIGKILL)
      kill(pane, SIGKILL)
    }
    if let serverPID { kill(serverPID, SIGKILL) }
    unlink(socket)
  }

  /// Runs tmux with `arguments` and returns its standard output. Not
  /// through pipes: `new-session` starts the server, which inherits the
  /// client's descriptors and would keep a pipe open for ever; output goes
  /// to a temporary file instead.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let output = NSTemporaryDirectory() + "workbook-tmux-\(UUID().uuidString)"
    defer { unlink(output) }
    let argv = [Self.tmux!, "-S", socket, "-f", "/dev/null"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    // Default signal mask and dispositions: the test runner's threads block
    // signals, and a tmux server that inherited that mask ignores SIGHUP,
    // SIGINT and SIGTERM.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // A run ID of its own: the server leaves this session (it is a
    // daemon) and this process adopts it, so without one the workbook's
    // runs would end it as a snippet's escaped process
    // (ProcessTable.killEscapedDescendants), as `serve --open` marks the
    // browser it starts.
    var environment = ProcessInfo.processInfo.environment
    environment[ChildProcess.runVariable] = "workbook-tmux"
    var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { cEnvironment.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// Types `keys` literally.
  func send(_ keys: String) throws { try run(["send-keys", "-t", name, "-l", keys]) }

  /// The visible screen as text.
  func screen() -> String { (try? run(["capture-pane", "-p", "-t", name])) ?? "" }

  /// The scrollback and the visible screen, as text (on the alternate
  /// screen, tmux keeps no scrollback: the alternate screen alone).
  func screenAndScrollback() -> String { (try? run(["capture-pane", "-p", "-S", "-", "-t", name])) ?? "" }

  /// A tmux format about the pane, e.g. `#{alternate_on}`, `#{cursor_flag}`.
  func pane(_ format: String) -> String {
    ((try? run(["display-message", "-p", "-t", name, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window (and its one pane), as a learner's terminal is.
  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
  }

  /// Waits until the screen contains every one of `texts`.
  ///
  /// - Returns: The screen; records an issue naming what is missing when
  ///   `timeout` seconds pass first.
  @discardableResult
  func waitFor(_ texts: String..., timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = self.screen()
      if texts.allSatisfy({ screen.contains($0) }) { return screen }
      usleep(50_000)
    }
    let missing = texts.filter { !screen.contains($0) }
    Issue.record("Timed out after \(timeout) s waiting for \(missing) on screen:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  static func quote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
