// Timer and RunLoop on the virtual clock.
//
// They shadow Foundation's `Timer` and `RunLoop` in code that imports the
// engine. The engine has one run loop per simulation, the main one
// (MainRunLoop.swift); `RunLoop.current` is it.

/// A timer on the simulation's run loop (Foundation's `Timer`).
///
/// Apple's rules, kept here: an interval ≤ 0 becomes 0.1 ms; a repeating
/// timer is rescheduled from its scheduled firing time, not from when it
/// fired; a non-repeating timer invalidates itself after it fires; `fire()`
/// does not change a repeating timer's schedule; the run loop keeps the
/// timer, and the timer its target, until `invalidate()`. Tolerance is kept
/// and ignored (the virtual clock is exact); run-loop modes are accepted
/// and ignored (every timer fires in every mode).
open class Timer: NSObject {
  /// The interval of a repeating timer (0 for a non-repeating one, as Foundation reports it).
  public let timeInterval: TimeInterval
  private let interval: TimeInterval
  private let repeats: Bool
  private var block: ((Timer) -> Void)?
  private var target: AnyObject?
  private var selector: Selector?
  /// The object given when the timer was created.
  public private(set) var userInfo: Any?
  /// Accepted and ignored: the virtual clock fires every timer on time.
  open var tolerance: TimeInterval = 0

  /// Whether the timer can still fire.
  open private(set) var isValid = true

  /// The virtual time of the next firing.
  private var nextFireTime: TimeInterval
  private var scheduled: ScheduledWork?

  /// A timer that calls `block` every `interval` seconds (once, when not
  /// repeating), from `interval` seconds after now. Not scheduled: add it
  /// to a run loop.
  @preconcurrency
  public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
    self.interval = max(interval, 0.0001)
    self.timeInterval = repeats ? self.interval : 0
    self.repeats = repeats
    self.block = block
    nextFireTime = Simulation.current.now + self.interval
    super.init()
  }

  /// A timer that calls `selector` on `target` (with the timer as its
  /// argument, when it takes one). Not scheduled: add it to a run loop.
  public init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?,
              repeats yesOrNo: Bool) {
    interval = max(ti, 0.0001)
    timeInterval = yesOrNo ? interval : 0
    repeats = yesOrNo
    target = aTarget as AnyObject
    selector = aSelector
    self.userInfo = userInfo
    nextFireTime = Simulation.current.now + interval
    super.init()
  }

  /// A timer scheduled on the current run loop in the default mode.
  @discardableResult @preconcurrency
  open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                 block: @escaping @Sendable (Timer) -> Void) -> Timer {
    let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
    RunLoop.current.add(timer, forMode: .default)
    return timer
  }

  /// A timer scheduled on the current run loop in the default mode.
  @discardableResult
  open class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                 userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
    let timer = Timer(timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
    RunLoop.current.add(timer, forMode: .default)
    return timer
  }

  /// Fires the timer now, without changing a repeating timer's schedule; a
  /// non-repeating timer is invalidated after it fires.
  open func fire() {
    guard isValid else { return }
    callOut()
    if !repeats { invalidate() }
  }

  /// Stops the timer for good and releases its target, block and user info.
  open func invalidate() {
    guard isValid else { return }
    isValid = false
    scheduled?.cancel()
    scheduled = nil
    block = nil
    target = nil
    selector = nil
    userInfo = nil
  }

  /// Adds the timer to `runLoop` (a timer is on one run loop, once).
  func schedule(on runLoop: MainRunLoop) {
    guard isValid, scheduled == nil else { return }
    scheduleNext(runLoop)
  }

  private func scheduleNext(_ runLoop: MainRunLoop) {
    // The run loop keeps the timer (the closure holds it) until it fires or
    // is invalidated.
    scheduled = runLoop.schedule(at: nextFireTime) { [self] in self.fireOnSchedule(runLoop) }
  }

  private func fireOnSchedule(_ runLoop: MainRunLoop) {
    scheduled = nil
    guard isValid else { return }
    let firedAt = nextFireTime
    callOut()
    if !repeats {
      invalidate()
    } else if isValid, scheduled == nil {
      // From the scheduled time, to the next one in the future: a timer
      // that fired late (added to the run loop after its fire date) fires
      // once for the times it missed.
      nextFireTime = firedAt + interval
      while nextFireTime <= runLoop.simulation.now + Simulation.tolerance { nextFireTime += interval }
      scheduleNext(runLoop)
    }
  }

  private func callOut() {
    if let block { block(self) }
    if let target, let selector { selector.perform(on: target, sender: self) }
  }
}

/// The simulation's run loop (Foundation's `RunLoop`): timers, display
/// links and blocks, on the virtual clock.
public final class RunLoop: CustomStringConvertible {
  /// Run-loop modes (Foundation's): accepted, and all treated alike.
  public typealias Mode = Foundation.RunLoop.Mode

  private init() {}

  /// The main run loop of the current simulation.
  public static let main = RunLoop()

  /// The engine has one run loop, the main one.
  public static var current: RunLoop { main }

  /// The mode the run loop runs in (always the default mode).
  public var currentMode: Mode? { .default }

  /// Schedules `timer` (in any mode, once).
  public func add(_ timer: Timer, forMode mode: Mode) {
    timer.schedule(on: Simulation.current.runLoop)
  }

  /// Runs `block` in the run loop's next turn (as a main-queue block).
  public func perform(_ block: @escaping () -> Void) {
    Simulation.current.runLoop.enqueueMain(block)
  }

  /// Runs `block` in the run loop's next turn (as a main-queue block).
  public func perform(inModes modes: [Mode], block: @escaping () -> Void) {
    perform(block)
  }

  public var description: String { "<RunLoop: main>" }
}

extension Foundation.RunLoop.Mode {
  /// The mode UIKit runs the main run loop in while a scroll view tracks a
  /// touch (`UITrackingRunLoopMode`). Accepted; the engine has one mode.
  public static let tracking = Foundation.RunLoop.Mode("UITrackingRunLoopMode")
}
