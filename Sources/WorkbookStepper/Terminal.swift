// Terminal: raw keys (termios), the terminal's size, and putting the
// terminal back as it was on exit, Ctrl-C, SIGTERM and crashes.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookCore

/// A key the learner pressed.
public enum Key: Hashable, Sendable {
  case character(Character)
  case left, right, up, down
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

  /// Writes `text` to standard output at once.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 { if errno == EINTR { continue }; return }
      offset += n
    }
  }

  // MARK: - Raw mode

  /// Turns off line buffering and echo (Ctrl-C still interrupts), and
  /// installs handlers that restore the terminal on every way out.
  public func enterRawMode(hideCursor: Bool = false) {
    guard isInteractive else { return }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    TerminalRestore.save(original, cursorHidden: hideCursor)
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
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
  /// - Parameter wakeOn: A descriptor that ends the wait early (with nil)
  ///   when it becomes readable, e.g. a file watcher's.
  public func readKey(timeout: Double, wakeOn other: Int32? = nil) -> Key? {
    if !isInteractive {
      if let key = nextLineKey() { return key }
      guard inputOpen else {
        if let other {
          var descriptor = pollfd(fd: other, events: Int16(POLLIN), revents: 0)
          _ = poll(&descriptor, 1, Int32(timeout * 1000))
        } else {
          usleep(useconds_t(timeout * 1_000_000))
        }
        return nil
      }
    }
    if isInteractive, !pendingKeys.isEmpty { return nextPendingKey() }
    var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: other ?? -1, events: Int16(POLLIN), revents: 0)]
    let ready = poll(&descriptors, 2, Int32(timeout * 1000))
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
        guard end == 2 else { return (nil, end + 1) }
        switch bytes[2] {
        case UInt8(ascii: "A"): return (.up, 3)
        case UInt8(ascii: "B"): return (.down, 3)
        case UInt8(ascii: "C"): return (.right, 3)
        case UInt8(ascii: "D"): return (.left, 3)
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
  nonisolated(unsafe) private static var hasSaved = false
  nonisolated(unsafe) private static var cursorHidden = false
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  nonisolated(unsafe) private static var onInterrupt: (() -> Void)? = nil

  static func save(_ state: termios, cursorHidden hidden: Bool) {
    saved = state
    hasSaved = true
    cursorHidden = hidden
  }

  /// Restores the saved settings (and shows the cursor) if raw mode is on.
  public static func restore() {
    if hasSaved {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      hasSaved = false
    }
    if cursorHidden {
      let show: [UInt8] = Array("\u{1B}[?25h".utf8)
      _ = show.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      cursorHidden = false
    }
  }

  /// Ctrl-C, SIGTERM and SIGHUP: stop every compiler and program, restore
  /// the terminal, run `cleanup`, print `message` and exit 130. Crashes
  /// (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE): restore the
  /// terminal, then die of the same signal.
  public static func installHandlers(message: String, cleanup: @escaping () -> Void = {}) {
    guard !installed else { return }
    installed = true
    onInterrupt = cleanup
    for sig in [SIGINT, SIGTERM, SIGHUP] {
      signal(sig, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
      source.setEventHandler {
        ChildProcessRegistry.shared.interruptAll()
        TemporaryDirectories.shared.removeAll()
        restore()
        onInterrupt?()
        FileHandle.standardOutput.write(Data(("\n" + message + "\n").utf8))
        exit(130)
      }
      source.resume()
      sources.append(source)
    }
    for sig in [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        TerminalRestore.restore()
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      action.sa_flags = 0
      sigaction(sig, &action, nil)
    }
    atexit { TerminalRestore.restore() }
  }
}
