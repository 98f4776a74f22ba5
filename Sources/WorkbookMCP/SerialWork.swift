// SerialWork: the server's compiles and verifies, one at a time, each on a
// thread of its own. The SDK answers requests concurrently, on the few
// threads Swift's tasks share; a run blocks for seconds (the compiler, the
// program), so it never runs on one of them, and two runs never compete
// for the machine's cores: a second request waits for the first.
import Foundation

/// Runs blocking work in the order it is asked for, one piece at a time.
final class SerialWork: Sendable {
  private let queue = DispatchQueue(label: "workbook.mcp.work")

  /// `body`'s result, once every piece asked for before it has finished.
  func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.async {
        // A thread with the main thread's stack, as serve's runs get
        // (swift-syntax's parser and the fidelity scan recurse deeply).
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
          continuation.resume(returning: body())
          finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        finished.wait()
      }
    }
  }
}
