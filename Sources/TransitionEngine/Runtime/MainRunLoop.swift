// MainRunLoop: the app's run loop on the virtual clock — the main dispatch
// queue, timers, delayed blocks and performs, display links, and the work
// that background queues send back to the main thread.
//
// Snippet code reaches it through the engine's `DispatchQueue`,
// `DispatchTime`, `DispatchWorkItem`, `Timer`, `RunLoop` and `CADisplayLink`
// (Dispatch.swift, Timer.swift, QuartzCore/CADisplayLink.swift), which shadow
// Dispatch's and Foundation's types of the same names in code that imports
// the engine (Guides/TransitionEngine.md, "The run loop").
//
// One instant of the clock, in order (`Simulation.advance(to:)`):
// 1. the events due now, in the order they were scheduled: animation starts
//    and ends, animator ends, timers, delayed performs, `asyncAfter`
//    deadlines (a deadline puts its block on the main queue);
// 2. the engine's queued work and layout, then the main queue's turns: each
//    turn runs the blocks queued when it starts (blocks they queue wait for
//    the next turn; Swift concurrency's main-actor jobs are blocks of this
//    queue, MainActorExecutor.swift), then the
//    engine's queued work and layout again;
// 3. the frame: every running display link whose frame is now, in the
//    order they were added, then 2 again.
import Dispatch

/// Work the app scheduled at a virtual time: a timer's next firing, an
/// `asyncAfter` deadline, a delayed `perform`. Cancelling it takes it off
/// the clock, so it no longer keeps the simulation busy.
final class ScheduledWork {
  let time: TimeInterval
  let sequence: Int
  private var action: (() -> Void)?

  init(time: TimeInterval, sequence: Int, action: @escaping () -> Void) {
    self.time = time
    self.sequence = sequence
    self.action = action
  }

  /// Whether it was cancelled or already ran.
  var isDone: Bool { action == nil }

  func cancel() { action = nil }

  /// Runs the action unless it was cancelled meanwhile (an event earlier in
  /// the same instant may invalidate a timer due at the same instant).
  func run() {
    guard let action else { return }
    self.action = nil
    action()
  }
}

/// The app's run loop of one simulation.
package final class MainRunLoop {
  unowned let simulation: Simulation

  init(simulation: Simulation) {
    self.simulation = simulation
  }

  // MARK: Scheduled work (a binary min-heap on time, then sequence)

  private var heap: [ScheduledWork] = []

  /// Schedules `action` at `time` (now, if `time` has passed), after
  /// everything already scheduled at that time.
  @discardableResult
  func schedule(at time: TimeInterval, _ action: @escaping () -> Void) -> ScheduledWork {
    let work = ScheduledWork(time: max(time, simulation.now), sequence: simulation.nextSequence(), action: action)
    heap.append(work)
    siftUp(heap.count - 1)
    return work
  }

  /// The time of the next scheduled work or display-link frame, if any.
  func nextEventTime() -> TimeInterval? {
    while let top = heap.first, top.isDone { removeTop() }
    let frame = nextFrameTime()
    guard let work = heap.first?.time else { return frame }
    return frame.map { min($0, work) } ?? work
  }

  /// Moves the work due by `cutoff` into `due`.
  func takeDue(notAfter cutoff: TimeInterval, into due: inout [(sequence: Int, fire: () -> Void)]) {
    while let top = heap.first, top.time <= cutoff {
      removeTop()
      if !top.isDone { due.append((top.sequence, top.run)) }
    }
  }

  /// How many scheduled items are live (for tests and the benchmark).
  package var scheduledCount: Int { heap.filter { !$0.isDone }.count }

  private func precedes(_ a: ScheduledWork, _ b: ScheduledWork) -> Bool {
    (a.time, a.sequence) < (b.time, b.sequence)
  }

  private func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var first = parent
      if left < heap.count, precedes(heap[left], heap[first]) { first = left }
      if right < heap.count, precedes(heap[right], heap[first]) { first = right }
      if first == parent { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }

  // MARK: The main queue

  private var mainQueue: [() -> Void] = []

  /// Whether no block waits on the main queue.
  var isQueueEmpty: Bool { mainQueue.isEmpty && !hasWaitingJobs }

  /// Whether Swift concurrency jobs wait to join this run loop.
  private var hasWaitingJobs: Bool {
    guard Simulation.concurrencyOnClock, simulation === Simulation.main,
          #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return false }
    return MainActorExecutor.shared.hasWaitingJobs
  }

  /// Queues `block` on the main queue (it runs in the next turn).
  func enqueueMain(_ block: @escaping () -> Void) { mainQueue.append(block) }

  /// Runs one turn of the main queue: first the work background queues
  /// finished (they take no virtual time), then the blocks queued when the
  /// turn starts, in FIFO order. Returns whether a block ran.
  func runMainQueueTurn() -> Bool {
    if let background { mainQueue += background.settle() }
    if Simulation.concurrencyOnClock, simulation === Simulation.main,
       #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) {
      MainActorExecutor.shared.takeInbox(into: self)
    }
    guard !mainQueue.isEmpty else { return false }
    let turn = mainQueue
    mainQueue = []
    for block in turn { block() }
    return true
  }

  /// Drops every queued block (the overflow guard).
  func discardMainQueue() { mainQueue.removeAll() }

  // MARK: Display links

  /// Frames per second of the screen (`UIScreen.maximumFramesPerSecond`).
  static let framesPerSecond = 60

  private var displayLinks: [CADisplayLink] = []

  /// The index of the last frame at or before `time`.
  static func frame(at time: TimeInterval) -> Int {
    Int((time * Double(framesPerSecond) + 1e-6).rounded(.down))
  }

  /// The time of frame `index`.
  static func time(ofFrame index: Int) -> TimeInterval { Double(index) / Double(framesPerSecond) }

  func add(_ link: CADisplayLink) {
    if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
  }

  func remove(_ link: CADisplayLink) { displayLinks.removeAll { $0 === link } }

  private func nextFrameTime() -> TimeInterval? {
    var best: Int?
    for link in displayLinks { if let next = link.nextFrame { best = min(best ?? next, next) } }
    return best.map(Self.time(ofFrame:))
  }

  /// Fires every display link whose frame has come, in the order they were
  /// added. Returns whether one fired.
  func fireDisplayLinks(notAfter cutoff: TimeInterval) -> Bool {
    guard !displayLinks.isEmpty else { return false }
    var fired = false
    for link in displayLinks {
      guard let next = link.nextFrame, Self.time(ofFrame: next) <= cutoff else { continue }
      link.fire(frame: next)
      fired = true
    }
    return fired
  }

  // MARK: Background queues

  /// Work sent to real Dispatch queues, and what it sends back.
  private(set) var background: BackgroundWork?
  private var spawnCounter = 0

  /// Sends `work` to a real Dispatch queue, tracked: the simulation waits
  /// for it before its next main-queue turn, and what it sends to the main
  /// queue is queued in an order that does not depend on thread timing.
  func dispatch(_ work: @escaping () -> Void,
                to queue: Dispatch.DispatchQueue,
                group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags) {
    let context: WorkerContext
    if let parent = WorkerContext.current {
      context = WorkerContext(simulation: parent.simulation, key: parent.nextKey(), work: parent.work)
    } else {
      if background == nil { background = BackgroundWork() }
      spawnCounter += 1
      context = WorkerContext(simulation: simulation, key: [spawnCounter], work: background!)
    }
    context.work.begin()
    let box = UncheckedSendable(work)
    group?.enter()
    queue.async(qos: qos, flags: flags) {
      Simulation.$bound.withValue(context.simulation) {
        WorkerContext.$current.withValue(context) {
          box.value()
          // Leaving inside the worker's context: a `notify(queue: .main)`
          // block is posted in the simulation's deterministic order.
          group?.leave()
        }
      }
      context.work.end()
    }
  }
}

/// A value passed to another thread whose use the engine serializes itself.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One block running on a real Dispatch queue for a simulation.
final class WorkerContext: @unchecked Sendable {
  /// The block running on this thread, if the engine started it.
  @TaskLocal static var current: WorkerContext?

  let simulation: Simulation
  /// Its place in a deterministic order: the spawning block's key, then its
  /// spawn or post count.
  let key: [Int]
  let work: BackgroundWork
  private let lock = NSLock()
  private var counter = 0

  init(simulation: Simulation, key: [Int], work: BackgroundWork) {
    self.simulation = simulation
    self.key = key
    self.work = work
  }

  func nextKey() -> [Int] {
    lock.lock()
    defer { lock.unlock() }
    counter += 1
    return key + [counter]
  }
}

/// The background work of one simulation: how many blocks run, what they
/// sent to the main queue, and their `main.sync` requests.
final class BackgroundWork: @unchecked Sendable {
  private let condition = NSCondition()
  private var outstanding = 0
  private var inbox: [(key: [Int], block: () -> Void)] = []
  private var syncRequests: [(block: () -> Void, done: DispatchSemaphore)] = []

  func begin() {
    condition.lock()
    outstanding += 1
    condition.unlock()
  }

  func end() {
    condition.lock()
    outstanding -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// A block a background block sent to the main queue.
  func post(key: [Int], _ block: @escaping () -> Void) {
    condition.lock()
    inbox.append((key, block))
    condition.unlock()
  }

  /// A `main.sync` from a background block: runs on the simulation's
  /// thread when it next waits for its background work; `done` is signalled
  /// once the block has run and been released (it may wrap a non-escaping
  /// closure, `withoutActuallyEscaping`).
  func requestSync(_ block: @escaping () -> Void, done: DispatchSemaphore) {
    condition.lock()
    syncRequests.append((block, done))
    condition.broadcast()
    condition.unlock()
  }

  /// On the simulation's thread: waits until no background block runs
  /// (running their `main.sync` requests meanwhile), then returns what they
  /// sent to the main queue, ordered by key.
  func settle() -> [() -> Void] {
    condition.lock()
    while true {
      if !syncRequests.isEmpty {
        var (block, done): (Optional<() -> Void>, DispatchSemaphore) = syncRequests.removeFirst()
        condition.unlock()
        block?()
        block = nil
        done.signal()
        condition.lock()
        continue
      }
      if outstanding == 0 { break }
      condition.wait()
    }
    let posted = inbox
    inbox = []
    condition.unlock()
    return posted.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.block)
  }
}
