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

/// How a child process ended.
public enum Termination: Hashable, Sendable, Codable {
  case exited(Int32)
  case signaled(Int32)
  /// Killed because it ran past its deadline.
  case timedOut
  /// Killed because verify was interrupted.
  case interrupted
}

/// The result of running a child process.
public struct ChildResult: Sendable {
  public var termination: Termination
  public var stdout: [UInt8]
  public var stderr: [UInt8]
  /// Bytes of standard output beyond the cap that were read and dropped.
  public var droppedStdout: Int
  public var duration: Double
}

/// Receives standard output as it arrives (for incremental splitting).
public protocol OutputSink: AnyObject {
  func consume(_ bytes: UnsafeRawBufferPointer)
}

/// Live child process groups, killed on interrupt.
public final class ChildProcessRegistry: @unchecked Sendable {
  public static let shared = ChildProcessRegistry()
  private let lock = NSLock()
  private var groups: Set<pid_t> = []
  private var interrupted = false

  func add(_ pgid: pid_t) -> Bool {
    lock.lock(); defer { lock.unlock() }
    if interrupted { return false }
    groups.insert(pgid)
    return true
  }

  func remove(_ pgid: pid_t) {
    lock.lock(); defer { lock.unlock() }
    groups.remove(pgid)
  }

  public var isInterrupted: Bool {
    lock.lock(); defer { lock.unlock() }
    return interrupted
  }

  /// Kills every live child process group; no new child starts after this.
  public func interruptAll() {
    lock.lock(); defer { lock.unlock() }
    interrupted = true
    for group in groups { kill(-group, SIGKILL) }
  }
}

public enum ChildProcess {
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
  public static func run(
    _ executable: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String] = [:], timeout: Double, stdoutCap: Int = 1 << 26,
    stderrCap: Int = 1 << 20, sink: OutputSink? = nil
  ) throws(ChildProcessError) -> ChildResult {
    let start = monotonicSeconds()
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
    for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    if let directory, let addChdir = Self.addChdir {
      _ = addChdir(&actions, directory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let envStrings = env.map { "\($0.key)=\($0.value)" }.sorted()
    let argv = [executable] + arguments
    var pid: pid_t = 0
    let status: Int32 = withCStrings(argv) { argvPointers in
      withCStrings(envStrings) { envPointers in
        posix_spawn(&pid, executable, &actions, &attributes, argvPointers, envPointers)
      }
    }
    close(outPipe[1])
    close(errPipe[1])
    guard status == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw .cannotStart(executable, String(cString: strerror(status)))
    }
    // The child is its own group leader (pgid == pid).
    let registered = ChildProcessRegistry.shared.add(pid)
    if !registered { kill(-pid, SIGKILL) }
    defer { ChildProcessRegistry.shared.remove(pid) }

    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var dropped = 0
    var timedOut = false
    var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
               pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
    var open = [true, true]
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 65536, alignment: 8)
    defer { buffer.deallocate() }
    let deadline = start + timeout
    while open[0] || open[1] {
      let remaining = deadline - monotonicSeconds()
      if remaining <= 0 {
        timedOut = true
        kill(-pid, SIGKILL)
        break
      }
      for i in 0..<2 { fds[i].fd = open[i] ? (i == 0 ? outPipe[0] : errPipe[0]) : -1; fds[i].revents = 0 }
      let ready = poll(&fds, 2, Int32(min(remaining, 1.0) * 1000) + 1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
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
    var waitStatus: Int32 = 0
    while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
    // Nothing the child started outlives it.
    kill(-pid, SIGKILL)

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
      duration: duration)
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

/// A child process that could not be started.
public enum ChildProcessError: Error, Hashable, Sendable {
  case cannotStart(String, String)
}

/// Seconds from a monotonic clock.
public func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The name of a signal, e.g. "SIGSEGV".
public func signalName(_ signal: Int32) -> String {
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
