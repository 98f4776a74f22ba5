// ChildProcess: runs a program in its own process group with standard input
// from /dev/null, captured output, an output cap and a deadline. Every live
// child is registered so that Ctrl-C (or a timeout) kills its whole group.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookModel
import WorkbookSupport

/// How a child process ended.
package enum Termination: Hashable, Sendable, Codable {
  case exited(Int32)
  case signaled(Int32)
  /// Killed because it ran past its deadline.
  case timedOut
  /// Killed because verify was interrupted.
  case interrupted
}

/// The result of running a child process.
struct ChildResult: Sendable {
  var termination: Termination
  var stdout: [UInt8]
  var stderr: [UInt8]
  /// Bytes of standard output beyond the cap that were read and dropped.
  var droppedStdout: Int
  var duration: Double
  /// Times the wait for the child woke up on a timer (not on output or
  /// the child's exit); 0 when its exit is seen as it happens.
  var timerWakeups = 0
}

/// Receives standard output as it arrives (for incremental splitting).
protocol OutputSink: AnyObject {
  func consume(_ bytes: UnsafeRawBufferPointer)
}

/// Live child process groups, killed on interrupt.
package final class ChildProcessRegistry: @unchecked Sendable {
  package static let shared = ChildProcessRegistry()
  private let lock = NSLock()
  private var groups: Set<pid_t> = []
  private var interrupted = false

  func add(_ pgid: pid_t) -> Bool {
    lock.lock(); defer { lock.unlock() }
    if interrupted { return false }
    groups.insert(pgid)
    return true
  }

  /// Spawns and registers under the lock, so that an interrupt either sees
  /// the child or stops it from starting.
  func spawn(_ body: () -> (status: Int32, pid: pid_t)) -> (status: Int32, pid: pid_t, registered: Bool) {
    lock.lock(); defer { lock.unlock() }
    let result = body()
    guard result.status == 0 else { return (result.status, result.pid, false) }
    if interrupted { return (0, result.pid, false) }
    groups.insert(result.pid)
    return (0, result.pid, true)
  }

  func remove(_ pgid: pid_t) {
    lock.lock(); defer { lock.unlock() }
    groups.remove(pgid)
  }

  /// Whether this process has a child that no `ChildProcess.run` is
  /// waiting for: an orphan it adopted as a subreaper (something a child
  /// started that outlived it), or a child started some other way
  /// (Foundation's `Process`). True when that cannot be told (no
  /// `/proc/self/task/*/children`). When false, no process started by an
  /// ended child is left: each one would be this process's child (adopted)
  /// or a descendant of such a child.
  func hasChildrenItDidNotStart() -> Bool {
    guard let children = ProcessTable.childrenOfThisProcess() else { return true }
    lock.lock(); defer { lock.unlock() }
    return !children.isSubset(of: groups)
  }

  var isInterrupted: Bool {
    lock.lock(); defer { lock.unlock() }
    return interrupted
  }

  /// Kills every live child process group; no new child starts after this.
  package func interruptAll() {
    lock.lock(); defer { lock.unlock() }
    interrupted = true
    for group in groups { kill(-group, SIGKILL) }
    ProcessTable.killRun(prefix: ChildProcess.runPrefix)
    ProcessTable.killEscapedDescendants()
  }
}

package enum ChildProcess {
  /// The environment variable that marks every process a child starts
  /// (`workbook-<pid of this process>-<n>`), so that all of them can be
  /// found and ended, also by the next run when this one was killed.
  package static let runVariable = "WORKBOOK_RUN"
  static let runPrefix = "workbook-\(getpid())-"
  private static let nextRun = AtomicCounter()

  /// Orphaned descendants of children are adopted by this process (Linux
  /// `PR_SET_CHILD_SUBREAPER`) instead of init, so they stay findable.
  private static let becomeSubreaper: Void = {
    #if os(Linux)
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      _ = unsafeBitCast(symbol, to: Prctl.self)(36, 1, 0, 0, 0)  // PR_SET_CHILD_SUBREAPER
    }
    #endif
  }()

  /// Ends processes left by runs of this tool that died (SIGKILL) before
  /// they could end them.
  package static func endProcessesOfDeadRuns() {
    for process in ProcessTable.all() {
      guard let run = process.runID, run.hasPrefix("workbook-") else { continue }
      let parts = run.split(separator: "-")
      guard parts.count == 3, let owner = pid_t(parts[1]), owner != getpid() else { continue }
      if kill(owner, 0) != 0 && errno == ESRCH { kill(process.pid, SIGKILL) }
    }
  }

  /// `WORKBOOK_TRACE=1` prints every child process and its duration.
  static let trace = ProcessInfo.processInfo.environment["WORKBOOK_TRACE"] == "1"

  /// Runs `executable` with `arguments` and waits for it.
  ///
  /// - Parameters:
  ///   - executable: An absolute path.
  ///   - arguments: Arguments, without the program name.
  ///   - directory: The working directory.
  ///   - environment: Variables to set on top of verify's own environment.
  ///   - timeout: Seconds before the whole process group is killed.
  ///   - stdoutCap: Bytes of standard output kept; the rest is read and dropped.
  ///   - stderrCap: Bytes of standard error kept.
  ///   - sink: Also receives all standard output as it arrives.
  ///   - secret: Bytes the child can read once on descriptor 3 (a pipe).
  ///
  /// When the child has exited, its process group and every process it
  /// started (found by a variable in their environment; orphans are
  /// adopted by this process, a subreaper) are killed, and output still
  /// held open by them is read for at most half a second.
  static func run(
    _ executable: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String] = [:], timeout: Double, stdoutCap: Int = 1 << 26,
    stderrCap: Int = 1 << 20, sink: OutputSink? = nil, secret: [UInt8]? = nil
  ) throws(ChildProcessError) -> ChildResult {
    let start = monotonicSeconds()
    becomeSubreaper
    let runID = runPrefix + String(nextRun.increment())
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    // Close-on-exec: a child spawned at the same time by another thread
    // must not inherit these pipes (it would hold them open, and this
    // child's output would never end). dup2 onto 1 and 2 clears the flag.
    guard makePipe(&outPipe), makePipe(&errPipe) else {
      throw .cannotStart(executable, String(cString: strerror(errno)))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    // Closed before descriptor 3 is set up: one of them may be 3.
    for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var secretPipe: [Int32] = [-1, -1]
    if let secret {
      guard makePipe(&secretPipe) else { throw .cannotStart(executable, String(cString: strerror(errno))) }
      // dup2 onto 3 clears close-on-exec only when the source is another descriptor.
      if secretPipe[0] == 3 {
        let moved = fcntl(3, F_DUPFD_CLOEXEC, 10)
        close(3)
        secretPipe[0] = moved
      }
      secret.withUnsafeBytes { _ = write(secretPipe[1], $0.baseAddress, $0.count) }
      close(secretPipe[1])
      posix_spawn_file_actions_adddup2(&actions, secretPipe[0], ProgramBuilder.secretDescriptor)
      posix_spawn_file_actions_addclose(&actions, secretPipe[0])
    }
    defer { if secretPipe[0] >= 0 { close(secretPipe[0]) } }
    if let directory, let addChdir = Self.addChdir {
      _ = addChdir(&actions, directory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Every signal's default disposition (a caught or ignored SIGCHLD,
    // SIGINT, … of this process must not reach the child) and an empty mask.
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    env[runVariable] = runID
    let envStrings = env.map { "\($0.key)=\($0.value)" }.sorted()
    let argv = [executable] + arguments
    let (status, pid, registered) = ChildProcessRegistry.shared.spawn {
      var pid: pid_t = 0
      let status: Int32 = withCStrings(argv) { argvPointers in
        withCStrings(envStrings) { envPointers in
          posix_spawn(&pid, executable, &actions, &attributes, argvPointers, envPointers)
        }
      }
      return (status, pid)
    }
    close(outPipe[1])
    close(errPipe[1])
    guard status == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw .cannotStart(executable, String(cString: strerror(status)))
    }
    // The child is its own group leader (pgid == pid).
    if !registered { kill(-pid, SIGKILL) }

    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var dropped = 0
    var timedOut = false
    // A descriptor that becomes readable when the child exits (Linux
    // pidfd), polled with the pipes: the exit is seen at once. Without
    // one, the loop wakes every 0.1 s to ask.
    let exitDescriptor = ExitDescriptor.open(pid)
    defer { if let exitDescriptor { close(exitDescriptor) } }
    var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
               pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
               pollfd(fd: exitDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
    var open = [true, true]
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 65536, alignment: 8)
    defer { buffer.deallocate() }
    let deadline = start + timeout
    var waitStatus: Int32 = 0
    var exited = false
    var drainUntil = Double.infinity
    var timerWakeups = 0
    /// Ends the child's group and every process that carries its run ID.
    /// The search through /proc runs only when something the child
    /// started may be left (this process adopted a child it did not
    /// start): a compiler that exits leaves nothing, and costs no search.
    var ended = false
    func endDescendants() {
      if ended { return }
      ended = true
      kill(-pid, SIGKILL)
      if ChildProcessRegistry.shared.hasChildrenItDidNotStart() {
        ProcessTable.killRun(runID)
        ProcessTable.killEscapedDescendants()
      }
    }
    while true {
      if !exited {
        let r = waitpid(pid, &waitStatus, WNOHANG)
        if r == pid || (r < 0 && errno == ECHILD) {
          exited = true
          // Before the search for descendants: its own child counts as
          // one it did not start until it is reaped.
          ChildProcessRegistry.shared.remove(pid)
          endDescendants()
          drainUntil = monotonicSeconds() + 0.5
        }
      }
      let now = monotonicSeconds()
      if !(open[0] || open[1]) && exited { break }
      if exited && now >= drainUntil { break }
      if !exited && now >= deadline {
        timedOut = true
        kill(-pid, SIGKILL)
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        exited = true
        ChildProcessRegistry.shared.remove(pid)
        endDescendants()
        break
      }
      for i in 0..<2 { fds[i].fd = open[i] ? (i == 0 ? outPipe[0] : errPipe[0]) : -1; fds[i].revents = 0 }
      fds[2].fd = exited ? -1 : (exitDescriptor ?? -1)
      fds[2].revents = 0
      // Without an exit descriptor, wake up now and then to notice that
      // the child exited (maybe while something it started holds the
      // pipes open).
      let wait = exited ? drainUntil - now : min(deadline - now, exitDescriptor == nil ? 0.1 : .infinity)
      let ready = poll(&fds, 3, Int32(min(max(0, wait), 3600) * 1000) + 1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 { timerWakeups += 1 }
      if fds[2].revents != 0 {
        // The child has exited: it is a zombie now (or a moment later).
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        exited = true
        ChildProcessRegistry.shared.remove(pid)
        endDescendants()
        drainUntil = monotonicSeconds() + 0.5
      }
      for i in 0..<2 where open[i] && fds[i].revents != 0 {
        let count = read(fds[i].fd, buffer, 65536)
        if count <= 0 {
          if count < 0 && errno == EINTR { continue }
          open[i] = false
          continue
        }
        let chunk = UnsafeRawBufferPointer(start: buffer, count: count)
        if i == 0 {
          sink?.consume(chunk)
          let room = max(0, stdoutCap - stdout.count)
          stdout.append(contentsOf: chunk.prefix(room))
          dropped += count - min(room, count)
        } else {
          let room = max(0, stderrCap - stderr.count)
          stderr.append(contentsOf: chunk.prefix(room))
        }
      }
    }
    close(outPipe[0])
    close(errPipe[0])
    if !exited { while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {} }
    ChildProcessRegistry.shared.remove(pid)
    // Nothing the child started outlives it.
    endDescendants()

    let termination: Termination
    if !registered || ChildProcessRegistry.shared.isInterrupted {
      termination = .interrupted
    } else if timedOut {
      termination = .timedOut
    } else if waitStatus & 0x7f == 0 {
      termination = .exited((waitStatus >> 8) & 0xff)
    } else {
      termination = .signaled(waitStatus & 0x7f)
    }
    let duration = monotonicSeconds() - start
    if trace {
      let name = (executable as NSString).lastPathComponent
      FileHandle.standardError.write(Data(String(format: "[trace] %.3f s %@ %@\n", duration, name,
        arguments.first ?? "").utf8))
    }
    return ChildResult(
      termination: termination, stdout: stdout, stderr: stderr, droppedStdout: dropped,
      duration: duration, timerWakeups: timerWakeups)
  }

  /// A pipe whose two ends are closed on exec: `pipe2(O_CLOEXEC)` (looked
  /// up at run time, the C headers hide it) or `pipe` then `fcntl`.
  private static func makePipe(_ fds: inout [Int32]) -> Bool {
    if let pipe2 = Self.pipe2 {
      return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) } == 0
    }
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
  private static let pipe2: Pipe2? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
    return unsafeBitCast(symbol, to: Pipe2.self)
  }()

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+, macOS 10.15+),
  /// looked up at run time because the C headers hide it.
  private typealias AddChdir = @convention(c) (
    UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
  ) -> Int32
  private static let addChdir: AddChdir? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
      return nil
    }
    return unsafeBitCast(symbol, to: AddChdir.self)
  }()

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}

/// A descriptor that polls readable when a child process exits: Linux's
/// pidfd (`pidfd_open`, Linux 5.3; glibc 2.36 wraps it, older ones reach it
/// through `syscall`). Nil elsewhere, or when the kernel refuses.
enum ExitDescriptor {
  static func open(_ pid: pid_t) -> Int32? {
    #if os(Linux)
    let fd: Int32
    if let pidfdOpen {
      fd = pidfdOpen(pid, 0)
    } else if let syscall {
      fd = Int32(truncatingIfNeeded: syscall(pidfdOpenNumber, Int(pid), 0))
    } else {
      return nil
    }
    // pidfd_open sets close-on-exec itself: children started at the same
    // time by other threads do not inherit it.
    return fd >= 0 ? fd : nil
    #else
    return nil
    #endif
  }

  /// `SYS_pidfd_open`: the same number on every Linux architecture.
  private static let pidfdOpenNumber = 434
  private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
  private static let pidfdOpen: PidfdOpen? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else { return nil }
    return unsafeBitCast(symbol, to: PidfdOpen.self)
  }()
  /// `syscall(number, pid, flags)`: C's variadic `syscall`, called with
  /// its integer arguments in registers like any function's.
  private typealias Syscall = @convention(c) (Int, Int, Int) -> Int
  private static let syscall: Syscall? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return nil }
    return unsafeBitCast(symbol, to: Syscall.self)
  }()
}

/// A thread-safe counter.
final class AtomicCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func increment() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

/// The processes of this user, read from /proc (Linux; empty elsewhere).
enum ProcessTable {
  struct Entry {
    var pid: pid_t
    var parent: pid_t
    /// The session it is in (`setsid` starts a new one).
    var session: pid_t
    var isZombie: Bool
    /// The value of `WORKBOOK_RUN` in its environment.
    var runID: String?
  }

  /// The children of this process (of all its threads), or nil when
  /// /proc does not list them (`CONFIG_PROC_CHILDREN`) or threads came or
  /// went while they were read (a child may have moved between threads).
  static func childrenOfThisProcess() -> Set<pid_t>? {
    func threads() -> [String]? { try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") }
    guard let before = threads() else { return nil }
    var children = Set<pid_t>()
    for thread in before {
      guard let list = FileManager.default.contents(atPath: "/proc/self/task/\(thread)/children") else { return nil }
      for field in list.split(separator: 32) {
        if let pid = pid_t(String(decoding: field, as: UTF8.self)) { children.insert(pid) }
      }
    }
    guard let after = threads(), Set(after) == Set(before) else { return nil }
    return children
  }

  static func all(readEnvironment: Bool = true) -> [Entry] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var entries: [Entry] = []
    let key = Array((ChildProcess.runVariable + "=").utf8)
    for name in names {
      guard let pid = pid_t(name), pid != getpid() else { continue }
      guard let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat") else { continue }
      // "pid (comm) S ppid …": comm may hold spaces and parentheses.
      let bytes = [UInt8](stat)
      guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { continue }
      let fields = bytes[(close + 1)...].split(separator: 32)
      // Fields after comm: state, ppid, pgrp, session, …
      guard fields.count > 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
        let session = pid_t(String(decoding: fields[3], as: UTF8.self))
      else { continue }
      var runID: String? = nil
      if readEnvironment, let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ") {
        for variable in [UInt8](environ).split(separator: 0) where variable.starts(with: key) {
          runID = String(decoding: variable.dropFirst(key.count), as: UTF8.self)
        }
      }
      entries.append(Entry(pid: pid, parent: parent, session: session, isZombie: fields[0].first == UInt8(ascii: "Z"),
                           runID: runID))
    }
    return entries
  }

  /// SIGKILLs every process whose run ID is `id` (or starts with `prefix`)
  /// and reaps those this process adopted.
  static func killRun(_ id: String? = nil, prefix: String? = nil) {
    killAll { entry, _ in
      guard let run = entry.runID else { return false }
      return run == id || prefix.map { run.hasPrefix($0) } == true
    }
  }

  /// SIGKILLs every descendant of this process that left both ways a run's
  /// processes are found: it dropped `WORKBOOK_RUN` from its environment
  /// (`env -u`, `env -i`) and left this process's session (`setsid`, a
  /// daemon), so that neither the run ID nor the child's process group
  /// reaches it. It is found by ancestry instead: orphans are adopted by
  /// this process, a subreaper. A process of this tool's own that carries
  /// no run ID (Foundation's `Process`) stays in this session, and so does
  /// what it starts unless that leaves the session too; `serve` marks the
  /// browser it opens with a run ID of its own.
  static func killEscapedDescendants() {
    let me = getpid()
    let mySession = getsid(0)
    killAll { entry, parents in
      guard entry.runID == nil, entry.session != mySession else { return false }
      // Up the parents, at most 64 steps (a loop cannot hold the search).
      var ancestor = entry.parent
      for _ in 0..<64 {
        if ancestor == me { return true }
        guard let next = parents[ancestor], next != ancestor else { return false }
        ancestor = next
      }
      return false
    }
  }

  /// SIGKILLs every live process `isTarget` picks (given each process's
  /// parent by pid), until none is left (a process may fork while it is
  /// being ended), and reaps those this process adopted. Only the targets
  /// are reaped: a child another part of the program waits for
  /// (Foundation's `Process`) is never taken from it.
  private static func killAll(_ isTarget: (Entry, [pid_t: pid_t]) -> Bool) {
    var killed = Set<pid_t>()
    for _ in 0..<20 {
      let table = all()
      let parents = Dictionary(table.map { ($0.pid, $0.parent) }, uniquingKeysWith: { first, _ in first })
      let targets = table.filter { !$0.isZombie && isTarget($0, parents) }
      if targets.isEmpty { break }
      for target in targets {
        kill(target.pid, SIGKILL)
        killed.insert(target.pid)
      }
      usleep(2000)
    }
    for _ in 0..<50 where !killed.isEmpty {
      for pid in killed {
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid || (r < 0 && errno == ECHILD) { killed.remove(pid) }
      }
      if !killed.isEmpty { usleep(1000) }
    }
  }
}

/// A child process that could not be started.
package enum ChildProcessError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The executable and why (strerror).
  case cannotStart(String, String)

  package var description: String { ErrorText.message(for: self) }
}

/// Seconds from a monotonic clock.
package func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The name of a signal, e.g. "SIGSEGV".
func signalName(_ signal: Int32) -> String {
  switch signal {
  case SIGILL: return "SIGILL"
  case SIGTRAP: return "SIGTRAP"
  case SIGABRT: return "SIGABRT"
  case SIGBUS: return "SIGBUS"
  case SIGFPE: return "SIGFPE"
  case SIGKILL: return "SIGKILL"
  case SIGSEGV: return "SIGSEGV"
  case SIGPIPE: return "SIGPIPE"
  case SIGTERM: return "SIGTERM"
  case SIGINT: return "SIGINT"
  default: return "signal \(signal)"
  }
}
