// Swift concurrency on the virtual clock, in a program's top level (the
// executor is installed by the program's prelude, before its first
// suspension): main-actor tasks run as main-queue blocks, `Task.sleep`
// waits virtual time (Guides/TransitionEngine.md, "Swift concurrency").
//
// Apple: `Task.sleep(for:tolerance:clock:)` "Suspends the current task for
// the given duration" and `Task.sleep(nanoseconds:)` "Suspends the current
// task for at least the given duration in nanoseconds"
// (https://developer.apple.com/documentation/swift/task/sleep(for:tolerance:clock:),
// https://developer.apple.com/documentation/swift/task/sleep(nanoseconds:));
// `MainActor` is "a singleton actor whose executor is equivalent to the main
// dispatch queue" (https://developer.apple.com/documentation/swift/mainactor),
// so its jobs and `DispatchQueue.main.async` blocks run in the order they
// were enqueued.
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ConcurrencyClockTests {
  @Test func mainActorTasksAreMainQueueBlocksAndSleepWaitsVirtualTime() throws {
    let driver = """
      import UIKit

      let stage = Stage(UIViewController())
      let simulation = stage.simulation
      var log: [String] = []
      Task { @MainActor in
        log.append("task A at \\(simulation.now)")
        try await Task.sleep(for: .seconds(2))
        log.append("A after sleep(for: 2 s) at \\(simulation.now)")
      }
      DispatchQueue.main.async { log.append("main-queue block at \\(simulation.now)") }
      Task { @MainActor in
        log.append("task B at \\(simulation.now)")
        try await Task.sleep(nanoseconds: 500_000_000)
        log.append("B after sleep(nanoseconds: 0.5 s) at \\(simulation.now)")
      }
      log.append("top level at \\(simulation.now)")
      simulation.runUntilIdle()
      for line in log { print(line) }

      """
    let result = try RunCommandTests.checker().run(files: [("/app/Driver.swift", driver)])
    #expect(result.outcome == .finished, "\(result.messages)")
    #expect(result.output == """
      top level at 0.0
      task A at 0.0
      main-queue block at 0.0
      task B at 0.0
      B after sleep(nanoseconds: 0.5 s) at 0.5
      A after sleep(for: 2 s) at 2.0

      """)
  }

  /// A delayed dismissal written with `Task.sleep`, and a top level that
  /// itself sleeps: the clock advances to the deadline (as time passes on a
  /// device while the app waits), not further.
  @Test func aSleepingTaskDismissesAtItsVirtualDeadline() throws {
    let driver = """
      import UIKit

      let home = UIViewController()
      let detail = UIViewController()
      let stage = Stage(home)
      home.present(detail, animated: false)
      stage.settle()
      Task { @MainActor in
        try await Task.sleep(for: .seconds(2))
        home.dismiss(animated: false)
        print("dismissed at", stage.simulation.now)
      }
      try await Task.sleep(for: .seconds(1))
      print("at 1 s, presented:", home.presentedViewController != nil, "time", stage.simulation.now)
      try await Task.sleep(for: .seconds(1.5))
      print("at 2.5 s, presented:", home.presentedViewController != nil, "time", stage.simulation.now)

      """
    let result = try RunCommandTests.checker().run(files: [("/app/Driver.swift", driver)])
    #expect(result.outcome == .finished, "\(result.messages)")
    #expect(result.output == """
      at 1 s, presented: true time 1.0
      dismissed at 2.0
      at 2.5 s, presented: false time 2.5

      """)
  }
}
