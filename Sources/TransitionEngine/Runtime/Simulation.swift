// Simulation: one simulated application — its virtual clock, run loop,
// screen and everything that animates in it.
//
// All time in the engine is virtual. Nothing advances it but `advance(by:)`,
// `advance(to:)` and `runUntilIdle()`; the presentation value of every
// property is a pure function of what was scheduled and the current time.
// Two simulations share nothing, so tests may run them side by side.

/// A simulated application: virtual clock, run loop and screen.
///
/// Code that uses UIKit's API (`UIView.animate`, `CACurrentMediaTime()`,
/// `UIScreen.main`) talks to ``Simulation/current``: the simulation bound by
/// ``Simulation/run(device:_:)``, or the process-wide ``Simulation/main``.
/// A simulation is confined to the thread that uses it.
public final class Simulation: @unchecked Sendable {
  // MARK: Current simulation

  @TaskLocal static var bound: Simulation?

  /// The process-wide simulation that snippet programs use.
  public static let main = Simulation()

  /// The simulation UIKit-style calls talk to.
  public static var current: Simulation { bound ?? main }

  /// Runs `body` with a fresh simulation as ``current``.
  public static func run<R>(device: Device = .default, _ body: (Simulation) throws -> R) rethrows -> R {
    let simulation = Simulation(device: device)
    return try $bound.withValue(simulation) { try body(simulation) }
  }

  /// Creates a simulation on a device preset.
  public init(device: Device = .default) {
    self.device = device
    deviceDidChange()
  }

  // MARK: Screen

  /// The device whose screen the simulation shows.
  public var device: Device {
    didSet { deviceDidChange() }
  }

  /// The simulation's screen (`UIScreen.main`).
  public private(set) lazy var screen = UIScreen(bounds: CGRect(origin: .zero, size: device.screenSize),
                                                 scale: device.scale)

  /// The windows that were made visible, back to front.
  public internal(set) var windows: [UIWindow] = []

  // MARK: Clock

  /// The current virtual time in seconds (starts at 0).
  public private(set) var now: TimeInterval = 0

  /// Advances the clock by `interval`, firing every event on the way.
  public func advance(by interval: TimeInterval) {
    precondition(interval >= 0, "Time cannot go backwards (advance by \(interval))")
    advance(to: now + interval)
  }

  /// Advances the clock to `time`, firing every event (animation ends,
  /// completion blocks, delayed work) in time order.
  public func advance(to time: TimeInterval) {
    precondition(time >= now - Self.tolerance, "Time cannot go backwards (from \(now) to \(time))")
    drainRunLoop()
    while let due = nextEvents(notAfter: time) {
      if due.time > now { now = due.time }
      // One instant (see Guides/TransitionEngine.md, "The run loop"): the
      // events due now in the order they were scheduled (animation ends,
      // timers), then the main queue's turns with layout, then the frame
      // (display links) and its layout.
      for event in due.events { event() }
      drainRunLoop()
      if runLoop.fireDisplayLinks(notAfter: now + Self.tolerance) { drainRunLoop() }
    }
    if time > now { now = time }
    drainRunLoop()
    if nextEventTime() == nil {
      for run in activeTransitions { run.checkStall() }
    }
  }

  /// Runs until nothing is scheduled any more (every finite animation ended,
  /// every completion block ran, every main-queue block, delayed block and
  /// timer ran), or until `limit` seconds have passed.
  ///
  /// A repeating `Timer` or a running (unpaused) `CADisplayLink` is
  /// scheduled work: it keeps firing until the app invalidates (or pauses)
  /// it, so a timer-driven progress runs to its end. One that is never
  /// stopped keeps the simulation busy until `limit`, where this returns
  /// false (always terminating: the clock stops at the limit).
  ///
  /// - Returns: true when the simulation became idle within the limit.
  @discardableResult
  public func runUntilIdle(limit: TimeInterval = 600) -> Bool {
    let deadline = now + limit
    drainRunLoop()
    while let next = nextEventTime() {
      guard next <= deadline else {
        advance(to: deadline)
        return false
      }
      advance(to: max(next, now))
    }
    for run in activeTransitions { run.checkStall() }
    return true
  }

  /// True when nothing is left to run: no animation, animator, timer,
  /// display link or delayed work is scheduled, and no block waits on the
  /// main queue.
  public var isIdle: Bool { nextEventTime() == nil && runLoopQueue.isEmpty && runLoop.isQueueEmpty }

  /// Events within this many seconds count as simultaneous (absorbs the
  /// rounding of repeated `advance(by: 1/60)` steps).
  package static let tolerance = 1e-9

  // MARK: Run loop

  private var runLoopQueue: [() -> Void] = []
  private var isDraining = false

  /// Schedules `block` on the next run-loop turn (at the current time).
  func enqueue(_ block: @escaping () -> Void) { runLoopQueue.append(block) }

  /// The app's run loop: the main dispatch queue, timers, delayed
  /// performs and display links (see MainRunLoop.swift).
  package private(set) lazy var runLoop = MainRunLoop(simulation: self)

  /// Runs the queued blocks, then lays out the windows, until nothing is
  /// left; then the main queue's blocks, one turn at a time (the blocks
  /// queued when the turn starts; those they queue wait for the next turn),
  /// each turn followed by the engine's own queued work and layout.
  package func drainRunLoop() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    var turns = 0
    var mainQueueTurns = 0
    repeat {
      drainEngineWork(&turns)
      mainQueueTurns += 1
      if mainQueueTurns > 100_000 {
        report(.init(kind: .runLoopOverflow,
                     message: "The main queue ran 100000 turns at one instant (a block that keeps queueing blocks); stopping"))
        runLoop.discardMainQueue()
        break
      }
    } while runLoop.runMainQueueTurn()
  }

  private func drainEngineWork(_ turns: inout Int) {
    repeat {
      while !runLoopQueue.isEmpty {
        let block = runLoopQueue.removeFirst()
        block()
        turns += 1
        if turns > 100_000 {
          report(.init(kind: .runLoopOverflow, message: "The run loop ran 100000 blocks in one turn; stopping"))
          runLoopQueue.removeAll()
        }
      }
      if needsLayoutPass {
        needsLayoutPass = false
        for window in windows { window.layoutSubtreeIfNeeded() }
      }
    } while !runLoopQueue.isEmpty
  }

  // MARK: Timers

  private struct Timer {
    let time: TimeInterval
    let sequence: Int
    let action: () -> Void
  }

  private var timers: [Timer] = []

  /// Runs `action` when the clock reaches `time` (after earlier events).
  func schedule(at time: TimeInterval, _ action: @escaping () -> Void) {
    invalidateEvents()
    let timer = Timer(time: max(time, now), sequence: nextSequence(), action: action)
    let index = timers.firstIndex { ($0.time, $0.sequence) > (timer.time, timer.sequence) } ?? timers.count
    timers.insert(timer, at: index)
  }

  private var sequenceCounter = 0

  /// A number that orders events scheduled at the same time.
  func nextSequence() -> Int {
    sequenceCounter += 1
    return sequenceCounter
  }

  // MARK: Things that animate

  private var animatingLayers: [CALayer] = []
  /// Called after every step of a scripted touch (the stage films drags).
  package var stepObservers: [() -> Void] = []
  /// The last scripted tap (for `UITouch.tapCount`, UIKit/UITouch.swift).
  var lastTap: (time: TimeInterval, point: CGPoint, count: Int)?
  var propertyAnimators: [UIViewPropertyAnimator] = []

  func layerDidAddAnimation(_ layer: CALayer) {
    if !layer.isRegisteredForEvents {
      layer.isRegisteredForEvents = true
      animatingLayers.append(layer)
    }
  }

  /// The cached time of the next event; nil when it must be recomputed.
  private var cachedNextEvent: TimeInterval??

  /// Forgets the cached next event time: call after anything that can move
  /// an event (an animation added or removed, a layer's timing or parent
  /// changed, an animator started or stopped, a timer scheduled).
  func invalidateEvents() {
    cachedNextEvent = nil
    timingGeneration &+= 1
  }

  /// Changes whenever layer timing or the layer tree may have changed; layers
  /// cache their time mapping against it.
  private(set) var timingGeneration = 0

  /// Whether some view asked for layout since the last layout pass.
  var needsLayoutPass = true

  /// Auto Layout's bookkeeping (see UIKit/AutoLayout/LayoutEngine.swift).
  let autoLayout = AutoLayoutState()

  /// The time of the next event, if any.
  package func nextEventTime() -> TimeInterval? {
    let engine: TimeInterval?
    if let cached = cachedNextEvent {
      engine = cached
    } else {
      engine = computeNextEventTime()
      cachedNextEvent = .some(engine)
    }
    let time = [engine, runLoop.nextEventTime()].compactMap { $0 }.min()
    return time.map { max($0, now) }
  }

  private func computeNextEventTime() -> TimeInterval? {
    var best: TimeInterval? = timers.first?.time
    func consider(_ t: TimeInterval) {
      if t.isFinite, best == nil || t < best! { best = t }
    }
    for layer in animatingLayers {
      let mapping = layer.timeMapping()
      for attached in layer.attachedAnimations where !attached.didNotifyStop {
        consider(globalTime(attached.endLayerTime, mapping))
        if !attached.didNotifyStart { consider(globalTime(attached.startLayerTime, mapping)) }
      }
    }
    for animator in propertyAnimators { if let t = animator.nextEventTime { consider(t) } }
    return best
  }

  private func globalTime(_ layerTime: Double, _ mapping: (scale: Double, offset: Double)) -> Double {
    guard layerTime.isFinite else { return .infinity }
    if mapping.scale > 0 { return (layerTime - mapping.offset) / mapping.scale }
    // A paused layer (speed 0): the event happens now if its time has come, else never.
    return mapping.offset >= layerTime ? now : .infinity
  }

  /// The events due at the earliest event time, if that time is ≤ `limit`,
  /// in the order they were scheduled.
  private func nextEvents(notAfter limit: TimeInterval) -> (time: TimeInterval, events: [() -> Void])? {
    guard let first = nextEventTime(), first <= limit + Self.tolerance else { return nil }
    invalidateEvents()
    let cutoff = first + Self.tolerance
    var due: [(sequence: Int, fire: () -> Void)] = []
    while let timer = timers.first, timer.time <= cutoff {
      timers.removeFirst()
      due.append((timer.sequence, timer.action))
    }
    var stillAnimating: [CALayer] = []
    for layer in animatingLayers {
      let mapping = layer.timeMapping()
      for attached in layer.attachedAnimations where !attached.didNotifyStop {
        if !attached.didNotifyStart, globalTime(attached.startLayerTime, mapping) <= cutoff {
          attached.didNotifyStart = true
          let anim = attached.animation
          if anim.delegate != nil {
            due.append((attached.sequence, { anim.delegate?.animationDidStart(anim) }))
          }
        }
        if globalTime(attached.endLayerTime, mapping) <= cutoff {
          attached.didNotifyStop = true
          due.append((attached.sequence, { [weak layer] in layer?.animationDidEnd(attached) }))
        }
      }
      if layer.attachedAnimations.contains(where: { !$0.didNotifyStop }) {
        stillAnimating.append(layer)
      } else {
        layer.isRegisteredForEvents = false
      }
    }
    animatingLayers = stillAnimating
    for animator in propertyAnimators {
      if let t = animator.nextEventTime, t <= cutoff {
        due.append((animator.sequence, { animator.reachedEnd() }))
      }
    }
    runLoop.takeDue(notAfter: cutoff, into: &due)
    due.sort { $0.sequence < $1.sequence }
    return (min(first, limit), due.map(\.fire))
  }

  // MARK: UIKit state

  /// Open `CATransaction`s.
  private(set) lazy var transactions = TransactionStack(simulation: self)

  /// Set by protocol default implementations ("the app did not implement this").
  var defaultImplementationRan = false

  /// The transitions running now (a presentation and a navigation push may overlap).
  var activeTransitions: [TransitionRun] = []

  /// When the first running transition started and how long it lasts, if
  /// one runs (the stage's key moments).
  package var runningTransitionTiming: (startTime: TimeInterval, duration: TimeInterval)? {
    activeTransitions.first.map { ($0.startTime, $0.duration) }
  }

  /// The time at which the last finite animation attached now ends, if any
  /// (the stage's key moments when no transition runs).
  package func lastAnimationEnd() -> TimeInterval? {
    var last: TimeInterval?
    for layer in animatingLayers {
      let mapping = layer.timeMapping()
      guard mapping.scale > 0 else { continue }
      for attached in layer.attachedAnimations where !attached.didNotifyStop {
        let end = attached.endLayerTime
        guard end.isFinite else { continue }
        let t = (end - mapping.offset) / mapping.scale
        last = max(last ?? t, t)
      }
    }
    return last
  }

  /// Observers told of every animation a layer attaches (transitions track
  /// what their animator creates).
  var animationObservers: [(CALayer, AttachedAnimation) -> Void] = []

  /// Reports the running view-controller transition's progress (0…1), for captions.
  var currentTransitionProgress: (() -> Double?)?

  /// The stack of `UIView.animate…` blocks being executed.
  var animationContexts: [AnimationContext] = []

  // MARK: Trace

  /// Every step of every transition so far, in order (see ``TraceEvent``).
  public internal(set) var trace: [TraceEvent] = []
  var traceDepth = 0

  /// State that other modules of this package keep per simulation, by
  /// their own key (the diagrams harness keeps its published diagrams here).
  package var companions: [ObjectIdentifier: AnyObject] = [:]

  // MARK: Touches

  /// How many `beginIgnoringInteractionEvents` calls are not yet balanced
  /// (UIKit's own, around a non-interactive presentation or dismissal, and
  /// the app's). While it is above 0, scripted touches are dropped.
  var ignoredInteractionEventsDepth = 0

  // MARK: Diagnostics

  /// Warnings the engine reported, in order (UIKit's console messages, with
  /// UIKit's wording where UIKit has one).
  public private(set) var diagnostics: [Diagnostic] = []

  /// Records a diagnostic at the current time.
  func report(_ diagnostic: Diagnostic) {
    var d = diagnostic
    d.time = now
    diagnostics.append(d)
  }

  // MARK: What the engine does not model

  /// The APIs the code used whose effect on a device the engine does not
  /// model (their ledger rows say `not-modelled`), each once, in the order
  /// first used.
  public private(set) var notModelledUses: [NotModelledUse] = []

  /// Called with each new entry of ``notModelledUses`` as it is made (the
  /// diagrams harness publishes it, so that verify warns at the snippet
  /// that used the API and the site marks its output).
  public var onNotModelledUse: ((NotModelledUse) -> Void)?

  /// Notes that the code used `symbol` (as the ledger names it), whose
  /// effect the engine does not model: `instead` says what happens here.
  /// Only the first use of each symbol is kept.
  func notModelled(_ symbol: String, instead: String) {
    guard !notModelledUses.contains(where: { $0.symbol == symbol }) else { return }
    let use = NotModelledUse(symbol: symbol, instead: instead)
    notModelledUses.append(use)
    onNotModelledUse?(use)
  }

  // MARK: Where the engine chose

  /// How many times the engine has done what a ledger row marked
  /// `engine-choice` says it chose (Apple being silent), by the row's
  /// symbol. A film names the choices made while it was made; the rows
  /// whose choice is reported are the symbols passed to `engineChose`
  /// in the engine's sources, which the workbook reads.
  public private(set) var engineChoiceUses: [String: Int] = [:]

  /// Notes that the engine just did what the ledger row `symbol` (an
  /// `engine-choice` row) says it chose: a film made now shows it.
  func engineChose(_ symbol: String) {
    engineChoiceUses[symbol, default: 0] += 1
  }
}

/// An API the code used whose effect the engine does not model: a silent
/// no-op on Linux would let a reader believe the output shows it.
public struct NotModelledUse: Equatable, Sendable {
  /// The API as the fidelity ledger names it (`UIScrollView.isPagingEnabled`).
  public var symbol: String
  /// What happens here instead, one sentence.
  public var instead: String
}

// MARK: - Diagnostic

extension Simulation {
  /// A warning about a misuse that UIKit would log (or raise for).
  public struct Diagnostic: Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Equatable {
      case runLoopOverflow
      case snapshotOfUnrenderedView
      case unsatisfiableConstraints
      case other
    }

    public var kind: Kind
    /// The message, in UIKit's wording where UIKit has one.
    public var message: String
    /// The virtual time at which it was reported.
    public var time: TimeInterval = 0

    public init(kind: Kind, message: String) {
      self.kind = kind
      self.message = message
    }

    public var description: String { message }
  }
}

// MARK: - Global clock functions

/// The current virtual time of the current simulation (Core Animation's
/// `CACurrentMediaTime()`).
public func CACurrentMediaTime() -> CFTimeInterval { Simulation.current.now }
