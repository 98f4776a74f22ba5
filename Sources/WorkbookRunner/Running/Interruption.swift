// Interruption: Ctrl-C, SIGTERM and SIGHUP, the same for every command
// (verify, build, init, step, check, play) in this one place.
import Foundation
import WorkbookSupport

/// What a command does when it is interrupted: kill every compiler and
/// program still running (their process groups; children run in groups of
/// their own, so the terminal's signal does not reach them), remove the
/// temporary folders, let the command tidy its screen, say so, exit 130.
public enum Interruption {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  private static let signalQueue = DispatchQueue(label: "workbook.interruption")
  nonisolated(unsafe) private static var text = ""
  nonisolated(unsafe) private static var descriptor: Int32 = STDERR_FILENO
  nonisolated(unsafe) private static var tidy: () -> Void = {}
  nonisolated(unsafe) private static var exits = true

  /// Installs the handlers; a second call replaces the text and the tidying.
  ///
  /// - Parameters:
  ///   - text: Written (as it is) once children are stopped, e.g.
  ///     "Interrupted; stopped every snippet and compiler\n".
  ///   - descriptor: Where `text` goes (standard error by default).
  ///   - tidy: Runs before `text` is written (clear a progress line,
  ///     restore the terminal).
  ///   - exits: False for a command that shows what its stopped child
  ///     printed before it exits 130 itself (`workbook run`): the handler
  ///     stops the children and removes the temporary folders, and the
  ///     command's own work then ends as interrupted.
  public static func install(text: String, to descriptor: Int32 = STDERR_FILENO, exits: Bool = true,
                             tidy: @escaping () -> Void = {}) {
    Self.text = text
    Self.descriptor = descriptor
    Self.tidy = tidy
    Self.exits = exits
    guard sources.isEmpty else { return }
    for sig in [SIGINT, SIGTERM, SIGHUP] {
      signal(sig, SIG_IGN)
      // A queue of its own: the shared pool can be saturated (a busy
      // server, compiles), and Ctrl-C must still be heard at once.
      let source = DispatchSource.makeSignalSource(signal: sig, queue: signalQueue)
      source.setEventHandler {
        ChildProcessRegistry.shared.interruptAll()
        TemporaryDirectories.shared.removeAll()
        Self.tidy()
        FileHandle(fileDescriptor: Self.descriptor, closeOnDealloc: false).write(Data(Self.text.utf8))
        if Self.exits { exit(130) }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Waits until a signal's handler that is running has finished (it
  /// says so and exits 130 itself); returns at once when none is. A
  /// command whose work ended because the handler stopped its children
  /// calls this before it exits, so that the handler's words are never
  /// cut off by the command's own exit.
  public static func letTheHandlerFinish() {
    signalQueue.sync {}
  }

  /// What verify, build and init say.
  public static let stoppedEverything = "Interrupted; stopped every snippet and compiler\n"
}
