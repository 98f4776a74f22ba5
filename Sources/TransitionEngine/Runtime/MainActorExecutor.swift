// MainActorExecutor: Swift concurrency on the virtual clock — the main
// actor's jobs as main-queue blocks, `Task.sleep` as a deadline on the
// clock (Guides/TransitionEngine.md, "Swift concurrency").
//
// Swift 6.3 lets a program replace its main and default executors
// (`ExecutorFactory`, SPI `ExperimentalCustomExecutors`), and a
// `SchedulingExecutor` receives the delayed jobs of `Task.sleep`. A program
// installs this executor before its first suspension
// (`Simulation.runSwiftConcurrencyOnClock()`, which snippet programs call
// from their prelude); then:
// - a main-actor job (`Task { @MainActor in … }`, the continuation of an
//   `await` on the main actor) is a block on the main queue of
//   `Simulation.main`, as on iOS, where the main actor's executor is the
//   main dispatch queue;
// - a job of the default executor (`Task.detached`, nonisolated async code)
//   runs there too, so every task is serialised with the run loop (as
//   swift-concurrency-extras' `withMainSerialExecutor` does in tests);
// - `Task.sleep` schedules its job at `now + delay` on the virtual clock;
//   the job then joins the main queue, as an `asyncAfter` block does.
//   The runtime hands the executor a delay measured against the real
//   `ContinuousClock` (the deadline minus the real time when it enqueues),
//   a few microseconds short: the executor rounds it up to the millisecond.
// The program's top level is the driver, not app code: its own jobs (the
// main task's, told by their task id) run outside the run loop, so that
// the code after an `await` may advance the clock again. When it awaits
// (so nothing else drives the clock), the executor advances the clock
// itself, one event at a time, from the real main queue, until its jobs
// have run.
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Foundation

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class MainActorExecutor: MainExecutor, TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  static let shared = MainActorExecutor()

  private let lock = NSLock()
  /// Jobs enqueued since the run loop last took them, with their delay.
  private var inbox: [(job: UnownedJob, delay: TimeInterval?)] = []
  /// Jobs taken or waiting that have not run yet.
  private var outstanding = 0
  private var pumpPosted = false
  /// Whether the next job enqueued is the program's main task hopping over
  /// (the executor was installed from within it).
  var expectsDriver = false
  /// The description (`ExecutorJob(id: N)`) of the main task's jobs.
  private var driver: String?
  /// The main task's jobs due now, which the pump runs outside the run loop.
  private var driverJobs: [UnownedJob] = []

  func enqueue(_ job: consuming ExecutorJob) {
    let isDriver = isDriverJob(job.description)
    add(UnownedJob(job), delay: nil, isDriver: isDriver)
  }

  func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration,
                         tolerance: C.Duration?, clock: C) {
    let isDriver = isDriverJob(job.description)
    add(UnownedJob(job), delay: (delay as? Duration).map(Self.seconds) ?? 0, isDriver: isDriver)
  }

  private func isDriverJob(_ description: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if expectsDriver {
      expectsDriver = false
      driver = description
    }
    return description == driver
  }

  /// A delay in seconds, rounded up to the millisecond (see above).
  static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    let milliseconds = (Double(seconds) * 1e3 + Double(attoseconds) / 1e15).rounded(.up)
    return max(0, milliseconds / 1e3)
  }

  /// On the main thread the job joins the run loop at once (in FIFO order
  /// with `DispatchQueue.main.async` blocks); from another thread it waits
  /// in the inbox for the next main-queue turn.
  private func add(_ job: UnownedJob, delay: TimeInterval?, isDriver: Bool = false) {
    let onMain = Thread.isMainThread
    lock.lock()
    if !onMain { inbox.append((job, delay)) }
    outstanding += 1
    let post = !pumpPosted
    pumpPosted = true
    lock.unlock()
    if onMain {
      if isDriver {
        let runLoop = Simulation.main.runLoop
        if let delay {
          runLoop.schedule(at: runLoop.simulation.now + delay) { [self] in driverJobs.append(job) }
        } else {
          driverJobs.append(job)
        }
      } else {
        place(job, delay: delay, in: Simulation.main.runLoop)
      }
    }
    if post { Dispatch.DispatchQueue.main.async { self.pump() } }
  }

  private func place(_ job: UnownedJob, delay: TimeInterval?, in runLoop: MainRunLoop) {
    if let delay {
      runLoop.schedule(at: runLoop.simulation.now + delay) { [self] in runLoop.enqueueMain(runner(job)) }
    } else {
      runLoop.enqueueMain(runner(job))
    }
  }

  /// Called by the run loop of `Simulation.main` at each main-queue turn:
  /// places the jobs other threads enqueued.
  func takeInbox(into runLoop: MainRunLoop) {
    lock.lock()
    let taken = inbox
    inbox = []
    lock.unlock()
    for (job, delay) in taken { place(job, delay: delay, in: runLoop) }
  }

  var hasWaitingJobs: Bool {
    lock.lock()
    defer { lock.unlock() }
    return !inbox.isEmpty
  }

  private func runner(_ job: UnownedJob) -> () -> Void {
    { [self] in
      job.runSynchronously(on: asUnownedSerialExecutor())
      lock.lock()
      outstanding -= 1
      lock.unlock()
    }
  }

  /// On the real main queue, when nothing else drives the clock (the top
  /// level awaits): one step of the clock, again until the jobs have run.
  private func pump() {
    let simulation = Simulation.main
    if !driverJobs.isEmpty {
      runner(driverJobs.removeFirst())()
    } else if let next = simulation.nextEventTime() {
      simulation.advance(to: max(next, simulation.now))
    } else {
      simulation.advance(by: 0)
    }
    lock.lock()
    let again = outstanding > 0
    pumpPosted = again
    lock.unlock()
    if again { Dispatch.DispatchQueue.main.async { self.pump() } }
  }

  // The main executor's run loop: the real main queue, which the pump uses.
  func run() throws {
    pump()
    dispatchMain()
  }

  func stop() {}
}

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
struct MainActorExecutorFactory: ExecutorFactory {
  static var mainExecutor: any MainExecutor { MainActorExecutor.shared }
  static var defaultExecutor: any TaskExecutor { MainActorExecutor.shared }
}

extension Simulation {
  /// Runs the program's Swift concurrency on the clock of ``main``: main-actor
  /// tasks as main-queue blocks, `Task.sleep` in virtual time, every task
  /// on the main thread. Call it once, before the program's first
  /// suspension (snippet programs do it for you); returns whether it
  /// could (it needs Swift 6.3's custom executors).
  @discardableResult
  public static func runSwiftConcurrencyOnClock() -> Bool {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return false }
    if !concurrencyOnClock {
      concurrencyOnClock = true
      // Called from the program's main task: its next job is the hop to
      // this executor.
      MainActorExecutor.shared.expectsDriver = withUnsafeCurrentTask { $0 != nil }
      _createExecutors(factory: MainActorExecutorFactory.self)
    }
    return true
  }

  /// Whether ``runSwiftConcurrencyOnClock()`` installed the executor.
  package static var concurrencyOnClock = false
}
