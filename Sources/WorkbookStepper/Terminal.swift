// Terminal: raw keys (termios), the terminal's size and its changes
// (SIGWINCH), the alternate screen, and putting the terminal back as it was
// on exit, Ctrl-C, SIGTERM and crashes.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookRunner

/// A key the learner pressed.
public enum Key: Hashable, Sendable {
  case character(Character)
  case left, right, up, down
  case pageUp, pageDown, home, end
  case enter
  case escape
  /// Standard input ended (non-terminal input only).
  case endOfInput
}

/// The terminal on standard input and output.
public final class Terminal: @unchecked Sendable {
  /// Whether standard input and output are both terminals (keys and screen
  /// redraws); otherwise output is plain and sequential.
  public let isInteractive: Bool
  /// Whether standard output is a terminal.
  public let outputIsTerminal: Bool
  private var inputOpen = true
  private var pendingLine: [UInt8] = []
  /// Bytes read but not yet decoded: keys typed (or sent) faster than they
  /// are handled arrive in one read, and each is returned in turn.
  private var pendingKeys: [UInt8] = []

  public init() {
    outputIsTerminal = isatty(STDOUT_FILENO) == 1
    isInteractive = outputIsTerminal && isatty(STDIN_FILENO) == 1
  }

  /// The number of columns: the terminal's, else `$COLUMNS`, else 80.
  public var width: Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
  }

  /// The number of rows, or nil when unknown.
  public var height: Int? {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 { return Int(size.ws_row) }
    return nil
  }

  /// Writes `text` to standard output at once. Once an interruption has
  /// put the terminal back (Ctrl-C, SIGTERM), nothing more is written: a
  /// frame half drawn would land on the learner's screen.
  public func write(_ text: String) {
    TerminalRestore.outputLock.lock()
    defer { TerminalRestore.outputLock.unlock() }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { systemWrite(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 { if errno == EINTR { continue }; return }
      offset += n
    }
  }

  // MARK: - Raw mode

  /// Turns off line buffering and echo (Ctrl-C still interrupts), and
  /// installs handlers that restore the terminal on every way out.
  ///
  /// - Parameter alternateScreen: Draw on the alternate screen (`ESC[?1049h`),
  ///   as full-screen programs do: redraws never reach the scrollback, and
  ///   the learner's screen comes back as it was on every way out.
  public func enterRawMode(hideCursor: Bool = false, alternateScreen: Bool = false) {
    guard isInteractive else { return }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    if alternateScreen { write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J") }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalRestore.save(original, raw: raw, cursorHidden: hideCursor, alternateScreen: alternateScreen)
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    if hideCursor { write("\u{1B}[?25l") }
  }

  /// Puts the terminal back as `enterRawMode` found it.
  public func leaveRawMode() {
    TerminalRestore.restore()
  }

  // MARK: - Keys

  /// Waits up to `timeout` seconds for a key; nil when none came.
  ///
  /// On a terminal, keys are single bytes or escape sequences (arrows).
  /// Otherwise standard input is read a line at a time and each line's
  /// first character is the key (so `printf 'h\nq\n' | workbook step` works).
  ///
  /// - Parameter wakeOn: Descriptors that end the wait early (with nil)
  ///   when one becomes readable, e.g. a file watcher's, `resizeDescriptor`.
  public func readKey(timeout: Double, wakeOn others: [Int32] = []) -> Key? {
    if !isInteractive {
      if let key = nextLineKey() { return key }
      guard inputOpen else {
        if !others.isEmpty {
          var descriptors = others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
          _ = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000))
        } else {
          usleep(useconds_t(timeout * 1_000_000))
        }
        return nil
      }
    }
    if isInteractive, !pendingKeys.isEmpty { return nextPendingKey() }
    var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
      + others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000))
    guard ready > 0, descriptors[0].revents != 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = read(STDIN_FILENO, &buffer, buffer.count)
    if n <= 0 {
      if n == 0 || (errno != EINTR && errno != EAGAIN) {
        // The terminal hung up (or input ended).
        inputOpen = false
        return .endOfInput
      }
      return nil
    }
    let bytes = Array(buffer[0..<n])
    if !isInteractive {
      pendingLine += bytes
      return nextLineKey()
    }
    pendingKeys += bytes
    return nextPendingKey()
  }

  private func nextPendingKey() -> Key? {
    let (key, length) = Self.decodeFirst(pendingKeys)
    pendingKeys.removeFirst(max(1, min(length, pendingKeys.count)))
    return key
  }

  private func nextLineKey() -> Key? {
    guard let newline = pendingLine.firstIndex(of: 10) else { return nil }
    let line = String(decoding: pendingLine[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    pendingLine.removeSubrange(...newline)
    guard let first = line.first else { return .enter }
    return .character(first)
  }

  /// The first key in `bytes`.
  static func decode(_ bytes: [UInt8]) -> Key? { decodeFirst(bytes).key }

  /// The first key in `bytes` and how many bytes it takes (at least 1 when
  /// `bytes` is not empty; an unknown escape sequence is skipped whole).
  static func decodeFirst(_ bytes: [UInt8]) -> (key: Key?, length: Int) {
    guard let first = bytes.first else { return (nil, 0) }
    if first == 0x1B {
      if bytes.count >= 3 && (bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O")) {
        // A control sequence ends at its final byte (0x40–0x7E).
        let end = bytes[2...].firstIndex { $0 >= 0x40 && $0 <= 0x7E } ?? (bytes.count - 1)
        if bytes[end] == UInt8(ascii: "~") {
          // ESC [ n ~: the keys above the arrows.
          switch String(decoding: bytes[2..<end], as: UTF8.self) {
          case "1", "7": return (.home, end + 1)
          case "4", "8": return (.end, end + 1)
          case "5": return (.pageUp, end + 1)
          case "6": return (.pageDown, end + 1)
          default: return (nil, end + 1)
          }
        }
        guard end == 2 else { return (nil, end + 1) }
        switch bytes[2] {
        case UInt8(ascii: "A"): return (.up, 3)
        case UInt8(ascii: "B"): return (.down, 3)
        case UInt8(ascii: "C"): return (.right, 3)
        case UInt8(ascii: "D"): return (.left, 3)
        case UInt8(ascii: "H"): return (.home, 3)
        case UInt8(ascii: "F"): return (.end, 3)
        default: return (nil, 3)
        }
      }
      return (.escape, 1)
    }
    if first == 13 || first == 10 { return (.enter, 1) }
    // One character (a UTF-8 sequence of 1 to 4 bytes).
    let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    let character = String(decoding: bytes.prefix(length), as: UTF8.self).first
    return (character.map(Key.character), min(length, bytes.count))
  }
}

// MARK: - Restoring the terminal

/// The terminal's original settings, restored by `restore()` — also from
/// signal handlers, so the state is plain globals and the calls are
/// async-signal-safe (tcsetattr, write).
public enum TerminalRestore {
  nonisolated(unsafe) private static var saved = termios()
  /// The settings raw mode set, put back after a suspension.
  nonisolated(unsafe) private static var raw = termios()
  /// What `restore()` undid when the process was suspended (Ctrl-Z), to
  /// be done again when it continues.
  nonisolated(unsafe) private static var suspended: (cursorHidden: Bool, alternateScreen: Bool)? = nil
  nonisolated(unsafe) private static var hasSaved = false
  nonisolated(unsafe) private static var cursorHidden = false
  nonisolated(unsafe) private static var alternateScreen = false
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var onInterrupt: (() -> Void)? = nil

  /// Held while `Terminal.write` writes; an interruption takes it for good
  /// before it restores the terminal, so that no frame is drawn after.
  static let outputLock = NSLock()

  static func save(_ state: termios, raw rawState: termios, cursorHidden hidden: Bool, alternateScreen alternate: Bool = false) {
    saved = state
    raw = rawState
    hasSaved = true
    cursorHidden = hidden
    alternateScreen = alternate
    installSuspension()
  }

  /// Restores the saved settings if raw mode is on: leaves the alternate
  /// screen (the learner's own screen comes back), shows the cursor and
  /// puts line buffering and echo back. Async-signal-safe.
  public static func restore() {
    if alternateScreen {
      // Colours off, then the primary screen and its cursor back.
      write("\u{1B}[0m\u{1B}[?1049l")
      alternateScreen = false
    }
    if cursorHidden {
      write("\u{1B}[?25h")
      cursorHidden = false
    }
    if hasSaved {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      hasSaved = false
    }
  }

  // MARK: Ctrl-Z

  /// Ctrl-Z (SIGTSTP): the terminal is put back before the process stops,
  /// and raw mode (with the alternate screen) is set again when it
  /// continues; the resize pipe then wakes the session to draw its whole
  /// screen again.
  private static func installSuspension() {
    guard !suspensionInstalled else { return }
    suspensionInstalled = true
    var action = signalAction(flags: SA_RESTART) { _ in
      let savedErrno = errno
      TerminalRestore.suspendAndContinue()
      errno = savedErrno
    }
    sigaction(SIGTSTP, &action, nil)
  }
  nonisolated(unsafe) private static var suspensionInstalled = false

  /// Runs in the SIGTSTP handler: restores the terminal, stops the process
  /// (the default action of SIGTSTP, raised with the handler out of the
  /// way), and once continued sets raw mode again. Async-signal-safe.
  private static func suspendAndContinue() {
    guard hasSaved else {
      // Not in raw mode: stop as if there were no handler.
      stopNow()
      return
    }
    suspended = (cursorHidden, alternateScreen)
    restore()
    stopNow()
    // Continued (fg).
    guard let was = suspended else { return }
    suspended = nil
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    hasSaved = true
    if was.alternateScreen { write("\u{1B}[?1049h"); alternateScreen = true }
    if was.cursorHidden { write("\u{1B}[?25l"); cursorHidden = true }
    ResizeSignal.notify()
  }

  /// Stops the process with SIGTSTP's default action, then puts this
  /// handler back.
  private static func stopNow() {
    var action = signalAction(SIG_DFL)
    var previous = sigaction()
    sigaction(SIGTSTP, &action, &previous)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    // The signal is blocked while its handler runs: unblock it to stop now.
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    sigprocmask(SIG_BLOCK, &set, nil)
    sigaction(SIGTSTP, &previous, nil)
  }

  /// Writes an escape sequence from a signal handler (no locks, no allocation
  /// beyond the literal's bytes).
  private static func write(_ sequence: StaticString) {
    _ = systemWrite(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }

  /// Ctrl-C, SIGTERM and SIGHUP: stop every compiler and program, restore
  /// the terminal, run `cleanup`, print `message` and exit 130. Crashes
  /// (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE): restore the
  /// terminal, then die of the same signal.
  public static func installHandlers(message: String, cleanup: @escaping () -> Void = {}) {
    guard !installed else { return }
    installed = true
    onInterrupt = cleanup
    Interruption.install(text: "\n" + message + "\n", to: STDOUT_FILENO) {
      // Wait for a frame being written, and let no other start.
      outputLock.lock()
      restore()
      onInterrupt?()
    }
    for sig in [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE] {
      var action = signalAction { number in
        TerminalRestore.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
      sigaction(sig, &action, nil)
    }
    atexit { TerminalRestore.restore() }
  }
}

// MARK: - Resizing

extension Terminal {
  /// A descriptor that becomes readable when the terminal changes size
  /// (SIGWINCH) or the process continues after Ctrl-Z; `drainResize()`
  /// empties it. The handlers only write a byte to a pipe; the size is
  /// read again, and the screen drawn, on the main thread.
  public static var resizeDescriptor: Int32? {
    ResizeSignal.install()
    return ResizeSignal.readEnd >= 0 ? ResizeSignal.readEnd : nil
  }

  /// Reads what the handlers wrote; true when the terminal was resized, or
  /// the process continued, since the last call (the screen is to be
  /// drawn whole).
  @discardableResult
  public static func drainResize() -> Bool {
    guard ResizeSignal.readEnd >= 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 64)
    var resized = false
    while read(ResizeSignal.readEnd, &buffer, buffer.count) > 0 { resized = true }
    return resized
  }
}

/// The SIGWINCH handler's pipe (non-blocking, closed on exec so compilers
/// and programs do not inherit it).
enum ResizeSignal {
  nonisolated(unsafe) static var readEnd: Int32 = -1
  nonisolated(unsafe) static var writeEnd: Int32 = -1
  static func install() { _ = installed }
  private static let installed: Bool = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return false }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    var action = signalAction(flags: SA_RESTART) { _ in
      let saved = errno
      ResizeSignal.notify()
      errno = saved
    }
    sigaction(SIGWINCH, &action, nil)
    return true
  }()

  /// Wakes the session to draw its screen again (async-signal-safe).
  static func notify() {
    guard writeEnd >= 0 else { return }
    var byte: UInt8 = 1
    _ = systemWrite(writeEnd, &byte, 1)
  }
}

// MARK: - The C library's names on Linux (Glibc) and macOS (Darwin)

/// write(2), named apart from the `write` methods above.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
  Glibc.write(descriptor, bytes, count)
  #else
  Darwin.write(descriptor, bytes, count)
  #endif
}

/// A `sigaction` that runs `handler` (glibc names its field
/// `__sigaction_handler.sa_handler`, Darwin `__sigaction_u.__sa_handler`).
private func signalAction(flags: Int32 = 0, _ handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
  var action = sigaction()
  #if canImport(Glibc)
  action.__sigaction_handler.sa_handler = handler
  #else
  action.__sigaction_u.__sa_handler = handler
  #endif
  action.sa_flags = flags
  return action
}
