// Dispatch on the virtual clock: `DispatchQueue`, `DispatchTime`,
// `DispatchWallTime` and `DispatchWorkItem`, as app code uses them.
//
// These types shadow Dispatch's in code that imports the engine (a module's
// own declarations shadow those of the modules it imports, when those are
// seen only through it — see Guides/TransitionEngine.md, "The run loop").
// The main queue is the simulation's (MainRunLoop.swift): its blocks run in
// the simulation's turns, its deadlines are virtual times. Every other
// queue (`global()`, `DispatchQueue(label:)`) is a real Dispatch queue with
// real threads; the simulation waits for what they run before its next
// main-queue turn, so their work takes no virtual time.
import Dispatch

// MARK: - DispatchTime

/// A point on the virtual clock, in nanoseconds (Dispatch's `DispatchTime`).
public struct DispatchTime: Comparable, Hashable, Sendable {
  /// Nanoseconds since the simulation started.
  public let uptimeNanoseconds: UInt64

  public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }

  /// The current virtual time of the current simulation.
  public static func now() -> DispatchTime {
    DispatchTime(uptimeNanoseconds: nanoseconds(Simulation.current.now))
  }

  /// A time that never comes.
  public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

  /// The time in seconds.
  var seconds: TimeInterval { uptimeNanoseconds == .max ? .infinity : Double(uptimeNanoseconds) / 1e9 }

  public func advanced(by interval: DispatchTimeInterval) -> DispatchTime {
    DispatchTime(uptimeNanoseconds: offset(uptimeNanoseconds, by: interval.signedNanoseconds))
  }

  public func distance(to other: DispatchTime) -> DispatchTimeInterval {
    .nanoseconds(Int(clamping: Int64(bitPattern: other.uptimeNanoseconds &- uptimeNanoseconds)))
  }

  public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.uptimeNanoseconds < b.uptimeNanoseconds }

  public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
    DispatchTime(uptimeNanoseconds: offset(time.uptimeNanoseconds, by: signedNanoseconds(seconds)))
  }

  public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { time + (-seconds) }

  public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { time.advanced(by: interval) }

  public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
    DispatchTime(uptimeNanoseconds: offset(time.uptimeNanoseconds, by: -interval.signedNanoseconds))
  }
}

// MARK: - DispatchWallTime

/// A wall-clock deadline (Dispatch's `DispatchWallTime`). In a simulation
/// the wall clock is the virtual clock: `DispatchWallTime.now()` is the
/// simulation's time, like `DispatchTime.now()`.
public struct DispatchWallTime: Comparable, Hashable, Sendable {
  /// Nanoseconds since the simulation started.
  public let nanoseconds: UInt64

  init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

  public static func now() -> DispatchWallTime {
    DispatchWallTime(nanoseconds: TransitionEngine.nanoseconds(Simulation.current.now))
  }

  public static let distantFuture = DispatchWallTime(nanoseconds: .max)

  var seconds: TimeInterval { nanoseconds == .max ? .infinity : Double(nanoseconds) / 1e9 }

  public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool { a.nanoseconds < b.nanoseconds }

  public static func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
    DispatchWallTime(nanoseconds: offset(time.nanoseconds, by: signedNanoseconds(seconds)))
  }

  public static func - (time: DispatchWallTime, seconds: Double) -> DispatchWallTime { time + (-seconds) }

  public static func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
    DispatchWallTime(nanoseconds: offset(time.nanoseconds, by: interval.signedNanoseconds))
  }

  public static func - (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
    DispatchWallTime(nanoseconds: offset(time.nanoseconds, by: -interval.signedNanoseconds))
  }
}

/// Virtual seconds as nanoseconds (rounded, so `now() + 0.3` is 0.3 s exactly).
func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
  guard seconds > 0 else { return 0 }
  guard seconds < 1.8e10 else { return .max }
  return UInt64((seconds * 1e9).rounded())
}

private func signedNanoseconds(_ seconds: Double) -> Int64 {
  guard seconds.isFinite else { return seconds > 0 ? .max : .min }
  let ns = (seconds * 1e9).rounded()
  if ns >= 9.2e18 { return .max }
  if ns <= -9.2e18 { return .min }
  return Int64(ns)
}

/// `base` moved by `delta`, saturating at 0 and at `.max` (which stays `.max`).
private func offset(_ base: UInt64, by delta: Int64) -> UInt64 {
  if base == .max || delta == .max { return .max }
  if delta >= 0 {
    let (sum, overflow) = base.addingReportingOverflow(UInt64(delta))
    return overflow ? .max : sum
  }
  let magnitude = delta.magnitude
  return magnitude >= base ? 0 : base - magnitude
}

extension DispatchTimeInterval {
  var signedNanoseconds: Int64 {
    switch self {
    case .seconds(let s): return Int64(s).multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : Int64(s) * 1_000_000_000
    case .milliseconds(let ms): return Int64(ms).multipliedReportingOverflow(by: 1_000_000).overflow ? .max : Int64(ms) * 1_000_000
    case .microseconds(let us): return Int64(us).multipliedReportingOverflow(by: 1_000).overflow ? .max : Int64(us) * 1_000
    case .nanoseconds(let ns): return Int64(ns)
    case .never: return .max
    @unknown default: return .max
    }
  }
}

// MARK: - DispatchWorkItem

/// A block with a cancel flag and notifications (Dispatch's `DispatchWorkItem`).
public final class DispatchWorkItem: @unchecked Sendable {
  private let lock = NSLock()
  private let block: @Sendable () -> Void
  private var cancelled = false
  private var notifications: [(queue: DispatchQueue, block: @Sendable () -> Void)] = []
  /// Where the item waits on the virtual clock (`asyncAfter`), so that a
  /// cancelled item with no notification stops keeping the simulation busy.
  private var scheduled: [ScheduledWork] = []

  public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @Sendable () -> Void) {
    self.block = block
  }

  /// Runs the block on the current thread, unless the item was cancelled;
  /// then submits its notification blocks.
  public func perform() {
    lock.lock()
    let run = !cancelled
    lock.unlock()
    if run { block() }
    lock.lock()
    let pending = notifications
    notifications = []
    lock.unlock()
    for notification in pending { notification.queue.async(execute: notification.block) }
  }

  /// Cancels the item: a later attempt to run it returns at once. A run in
  /// progress is not affected.
  public func cancel() {
    lock.lock()
    cancelled = true
    let unschedule = notifications.isEmpty ? scheduled : []
    if !unschedule.isEmpty { scheduled = [] }
    lock.unlock()
    for work in unschedule { work.cancel() }
  }

  public var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }

  /// Submits `execute` to `queue` when the item has run (or, cancelled, was
  /// attempted).
  public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                     queue: DispatchQueue, execute: @escaping @Sendable () -> Void) {
    lock.lock()
    notifications.append((queue, execute))
    lock.unlock()
  }

  func didSchedule(_ work: ScheduledWork) {
    lock.lock()
    scheduled.append(work)
    lock.unlock()
  }
}

// MARK: - DispatchGroup

/// A group of work (Dispatch's `DispatchGroup`), whose `notify` blocks go to
/// the engine's queues: `notify(queue: .main)` runs in a simulation turn
/// once the last `leave()` has happened (Dispatch's own group would submit
/// it to the real main queue, which a simulation never drains).
public final class DispatchGroup: @unchecked Sendable {
  private let real = Dispatch.DispatchGroup()
  private let lock = NSLock()
  private var count = 0
  private var notifications: [(queue: DispatchQueue, block: @Sendable () -> Void)] = []

  public init() {}

  /// One more block in the group.
  public func enter() {
    lock.lock()
    count += 1
    lock.unlock()
    real.enter()
  }

  /// One block fewer; at zero, the `notify` blocks are submitted to their
  /// queues. More leaves than enters trap, as Dispatch does.
  public func leave() {
    lock.lock()
    precondition(count > 0, "BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_group_leave()")
    count -= 1
    let due = count == 0 ? notifications : []
    if count == 0 { notifications = [] }
    lock.unlock()
    real.leave()
    for notification in due { notification.queue.async(execute: notification.block) }
  }

  /// Submits `work` to `queue` when every block in the group has left; at
  /// once if none is in it ("If the group is empty … the block is
  /// submitted immediately").
  public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
                     execute work: @escaping @Sendable () -> Void) {
    lock.lock()
    if count == 0 {
      lock.unlock()
      queue.async(execute: work)
      return
    }
    notifications.append((queue, work))
    lock.unlock()
  }

  public func notify(queue: DispatchQueue, work: DispatchWorkItem) {
    notify(queue: queue) { work.perform() }
  }

  /// Waits on this thread until the group is empty (work on real queues;
  /// waiting on the simulation's thread for main-queue work never returns,
  /// as on a device).
  public func wait() { real.wait() }

  /// Waits until the group is empty or `timeout`, measured in real time
  /// from now by the virtual time left (work on real queues takes no
  /// virtual time).
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    let left = timeout.seconds - Simulation.current.now
    guard left.isFinite else {
      real.wait()
      return .success
    }
    return real.wait(timeout: Dispatch.DispatchTime.now() + max(left, 0))
  }

  public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult {
    wait(timeout: DispatchTime(uptimeNanoseconds: timeout.nanoseconds))
  }
}

// MARK: - DispatchQueue

/// A dispatch queue (Dispatch's `DispatchQueue`). `DispatchQueue.main` is
/// the simulation's main queue, on the virtual clock; other queues are real
/// Dispatch queues.
public final class DispatchQueue: CustomStringConvertible, @unchecked Sendable {
  public typealias Attributes = Dispatch.DispatchQueue.Attributes
  public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency

  /// nil for the main queue.
  let real: Dispatch.DispatchQueue?
  public let label: String

  private init(main: ()) {
    real = nil
    label = "com.apple.main-thread"
  }

  private init(real: Dispatch.DispatchQueue) {
    self.real = real
    label = real.label
  }

  /// A real Dispatch queue: serial unless `attributes` has `.concurrent`.
  public convenience init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
                          autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {
    self.init(real: Dispatch.DispatchQueue(label: label, qos: qos, attributes: attributes,
                                           autoreleaseFrequency: autoreleaseFrequency, target: target?.real))
  }

  /// The main queue: the current simulation's run loop.
  public static let main = DispatchQueue(main: ())

  /// A real global concurrent queue.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
    DispatchQueue(real: Dispatch.DispatchQueue.global(qos: qos))
  }

  /// Runs `work` `iterations` times on real threads, and returns when all are done.
  public static func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {
    Dispatch.DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
  }

  public var description: String { "<DispatchQueue: \(label)>" }

  // MARK: async

  /// Submits `work`. On the main queue it runs in the simulation's next
  /// turn, after the code that queued it, in FIFO order.
  public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    execute work: @escaping @Sendable () -> Void) {
    if let real {
      currentRunLoop().dispatch(work, to: real, group: group, qos: qos, flags: flags)
      return
    }
    group?.enter()
    let block: () -> Void = group.map { group in { work(); group.leave() } } ?? work
    if let worker = WorkerContext.current {
      worker.work.post(key: worker.nextKey(), block)
    } else {
      Simulation.current.runLoop.enqueueMain(block)
    }
  }

  public func async(execute workItem: DispatchWorkItem) {
    async { workItem.perform() }
  }

  public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {
    async(group: group) { workItem.perform() }
  }

  // MARK: asyncAfter

  /// Submits `work` when the virtual clock reaches `deadline` (on the main
  /// queue: in the turn of that instant, after the events due then).
  public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                         execute work: @escaping @Sendable () -> Void) {
    schedule(at: deadline.seconds, work, item: nil)
  }

  public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
    schedule(at: deadline.seconds, { workItem.perform() }, item: workItem)
  }

  public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified,
                         flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void) {
    schedule(at: wallDeadline.seconds, work, item: nil)
  }

  public func asyncAfter(wallDeadline: DispatchWallTime, execute workItem: DispatchWorkItem) {
    schedule(at: wallDeadline.seconds, { workItem.perform() }, item: workItem)
  }

  private func schedule(at time: TimeInterval, _ work: @escaping @Sendable () -> Void, item: DispatchWorkItem?) {
    guard time.isFinite else { return }
    if let worker = WorkerContext.current {
      // From a background block: scheduled by the simulation's thread, in order.
      worker.work.post(key: worker.nextKey()) { [self] in self.schedule(at: time, work, item: item) }
      return
    }
    let runLoop = Simulation.current.runLoop
    if time <= runLoop.simulation.now {
      async(execute: work)
      return
    }
    let scheduled = runLoop.schedule(at: time) { [self] in self.async(execute: work) }
    item?.didSchedule(scheduled)
  }

  // MARK: sync

  /// Runs `work` on the queue and returns its result. On the main queue:
  /// from a background block, it waits for the simulation's thread to run
  /// it; from the simulation's thread itself, it is a deadlock, and traps
  /// as Dispatch does.
  public func sync<T>(execute work: () throws -> T) rethrows -> T {
    if let real { return try real.sync(execute: work) }
    return try syncOnMain(work, rescue: { throw $0 })
  }

  private func syncOnMain<T>(_ work: () throws -> T, rescue: (Error) throws -> T) rethrows -> T {
    guard let worker = WorkerContext.current else {
      fatalError("BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread")
    }
    var result: T?
    var failure: Error?
    withoutActuallyEscaping(work) { work in
      let done = DispatchSemaphore(value: 0)
      worker.work.requestSync({
        do { result = try work() } catch { failure = error }
      }, done: done)
      done.wait()
    }
    if let failure { return try rescue(failure) }
    return result!
  }

  public func sync(execute workItem: DispatchWorkItem) {
    sync { workItem.perform() }
  }

  private func currentRunLoop() -> MainRunLoop {
    WorkerContext.current?.simulation.runLoop ?? Simulation.current.runLoop
  }
}
