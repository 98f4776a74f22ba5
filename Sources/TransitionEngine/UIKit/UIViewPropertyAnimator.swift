// UIViewPropertyAnimator (iOS 10): an animation object that can be started,
// paused, scrubbed, reversed, stopped and finished — what interruptible
// transitions are built on.
//
// The animator drives the layer animations its blocks create: their value
// at any time is the animator's fraction, not the layer clock's.

// MARK: - Timing parameters

/// The kind of timing curve.
public enum UITimingCurveType: Int {
  case builtin, cubic, spring, composed
}

/// Supplies a timing curve to an animator.
@MainActor @preconcurrency
public protocol UITimingCurveProvider: AnyObject {
  var timingCurveType: UITimingCurveType { get }
  var cubicTimingParameters: UICubicTimingParameters? { get }
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve (one of UIKit's four, or custom control points).
///
/// As Apple documents it: `controlPoint1`/`controlPoint2` hold the points
/// given at initialisation, and are `.zero` for an object made with a
/// `UIView.AnimationCurve` (which `animationCurve` then reports); `init()` is
/// "the default CA timing curve" (`CAMediaTimingFunctionName.default`,
/// (0.25, 0.1), (0.25, 1)). The curve actually used is kept apart from the
/// reported points.
@MainActor @preconcurrency
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
  /// The named curve; `.easeInOut` when made from control points (Apple: "undefined").
  public let animationCurve: UIView.AnimationCurve
  public let controlPoint1: CGPoint
  public let controlPoint2: CGPoint
  private let kind: UITimingCurveType
  /// The curve the animations follow.
  let timingFunction: CAMediaTimingFunction

  /// The default Core Animation timing curve.
  public override init() {
    animationCurve = .easeInOut
    let function = CAMediaTimingFunction(name: .default)
    var points: [Float] = [0, 0]
    function.getControlPoint(at: 1, values: &points)
    controlPoint1 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
    function.getControlPoint(at: 2, values: &points)
    controlPoint2 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
    kind = .cubic
    timingFunction = function
    super.init()
  }

  /// One of UIKit's curves; the control points read `.zero`.
  public init(animationCurve curve: UIView.AnimationCurve) {
    animationCurve = curve
    controlPoint1 = .zero
    controlPoint2 = .zero
    kind = .builtin
    timingFunction = curve.timingFunction
    super.init()
  }

  /// A custom curve through two control points.
  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    controlPoint1 = point1
    controlPoint2 = point2
    kind = .cubic
    timingFunction = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y),
                                           Float(point2.x), Float(point2.y))
    super.init()
  }

  /// `.builtin` for one of UIKit's curves, `.cubic` otherwise (engine choice
  /// following `UITimingCurveType`'s descriptions).
  public var timingCurveType: UITimingCurveType { kind }
  public var cubicTimingParameters: UICubicTimingParameters? { self }
  public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A spring timing curve.
@MainActor @preconcurrency
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
  enum Model {
    case dampingRatio(Double)
    case physical(mass: Double, stiffness: Double, damping: Double)
    case perceptual(duration: Double, bounce: Double)
  }

  let model: Model
  /// The initial velocity, normalised to the distance travelled.
  public let initialVelocity: CGVector

  /// A critically damped spring (damping ratio 1).
  public convenience override init() { self.init(dampingRatio: 1) }

  /// A spring with a damping ratio, settling within the animator's duration.
  public convenience init(dampingRatio ratio: CGFloat) {
    self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
  }

  /// A spring with a damping ratio and an initial velocity.
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    model = .dampingRatio(Double(ratio))
    initialVelocity = velocity
    super.init()
  }

  /// A physical spring; the animator's duration is ignored (the spring's settling time is used).
  public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
    model = .physical(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping))
    initialVelocity = velocity
    super.init()
  }

  /// A spring of a perceptual duration and bounce (iOS 17).
  public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
    model = .perceptual(duration: duration, bounce: Double(bounce))
    initialVelocity = velocity
    super.init()
  }

  public var timingCurveType: UITimingCurveType { .spring }
  public var cubicTimingParameters: UICubicTimingParameters? { nil }
  public var springTimingParameters: UISpringTimingParameters? { self }

  /// The scalar initial velocity (dx, or dy when dx is zero).
  private var velocity: Double { Double(initialVelocity.dx != 0 ? initialVelocity.dx : initialVelocity.dy) }

  /// The spring for an animator of `duration`, and the time it runs.
  func spring(duration: TimeInterval) -> (curve: SpringCurve, length: TimeInterval) {
    switch model {
    case .dampingRatio(let ratio):
      return (SpringCurve(dampingRatio: ratio, duration: duration, initialVelocity: velocity), duration)
    case .physical(let mass, let stiffness, let damping):
      let curve = SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      return (curve, curve.settlingDuration)
    case .perceptual(let d, let bounce):
      let curve = SpringCurve(perceptualDuration: d, bounce: bounce, initialVelocity: velocity)
      return (curve, curve.settlingDuration)
    }
  }
}

// MARK: - Protocols

/// An animator's state.
public enum UIViewAnimatingState: Int {
  case inactive, active, stopped
}

/// Where an animator finished.
public enum UIViewAnimatingPosition: Int {
  case end, start, current
}

/// The animation-control API shared by animators.
@MainActor @preconcurrency
public protocol UIViewAnimating: AnyObject {
  var state: UIViewAnimatingState { get }
  var isRunning: Bool { get }
  var isReversed: Bool { get set }
  var fractionComplete: CGFloat { get set }
  func startAnimation()
  func startAnimation(afterDelay delay: TimeInterval)
  func pauseAnimation()
  func stopAnimation(_ withoutFinishing: Bool)
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that accepts animation blocks and completions.
@MainActor @preconcurrency
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  func addAnimations(_ animation: @escaping () -> Void)
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

// MARK: - UIViewPropertyAnimator

/// UIKit's property animator.
///
/// Its fraction moves along a segment of its timeline: forwards to 1 or,
/// reversed, back to 0. Pausing freezes it; `fractionComplete` scrubs it
/// (linearly when `scrubsLinearly`); `continueAnimation` resumes from the
/// current value. At the end, completions receive `.end` (or `.start` when
/// reversed, with the model values restored) unless `pausesOnCompletion`.
@MainActor @preconcurrency
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating, @preconcurrency AnimationDriver {
  /// The duration given at creation.
  public let duration: TimeInterval
  /// The timing curve.
  open private(set) var timingParameters: UITimingCurveProvider?
  /// The delay of the last start.
  open private(set) var delay: TimeInterval = 0

  open private(set) var state: UIViewAnimatingState = .inactive
  open var isRunning: Bool { segment != nil }
  /// Whether the animator can be paused and stopped (default true). UIKit
  /// raises when it is set on an active animator.
  open var isInterruptible = true {
    willSet { precondition(state != .active, "isInterruptible cannot be set on an active UIViewPropertyAnimator") }
  }
  /// Whether animated views get touches (default true). UIKit raises when it
  /// is set on an active animator.
  open var isUserInteractionEnabled = true {
    willSet {
      precondition(state != .active, "isUserInteractionEnabled cannot be set on an active UIViewPropertyAnimator")
    }
  }
  open var isManualHitTestingEnabled = false
  /// While scrubbing, follow the fraction linearly (default true, iOS 11).
  open var scrubsLinearly = true
  /// Stay active at the end, without calling completions (iOS 11).
  open var pausesOnCompletion = false

  let simulation: Simulation
  let sequence: Int

  private var pendingAnimations: [(block: () -> Void, delayFactor: Double)] = []
  private var completions: [(UIViewAnimatingPosition) -> Void] = []

  /// One property change made by the animator's blocks.
  private struct Record {
    let layer: CALayer
    let key: LayerKey
    let oldModel: AnimatableValue
    let newValue: AnimatableValue
    let animationKey: String
  }

  private var records: [Record] = []

  // MARK: Initialisers

  /// An animator with a timing curve (the designated initialiser).
  public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
    simulation = Simulation.current
    sequence = simulation.nextSequence()
    self.duration = duration
    timingParameters = parameters
    super.init()
  }

  /// An animator with no duration and the default (ease-in-out) curve:
  /// what `NSObject`'s `init()` gives on iOS. Apps use it as a placeholder
  /// until the real animator is made; started as is, it ends on the next
  /// run-loop turn like any zero-length animation.
  public convenience override init() {
    self.init(duration: 0, timingParameters: UICubicTimingParameters(animationCurve: .easeInOut))
  }

  /// An animator with one of UIKit's curves.
  public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }

  /// An animator with a custom cubic curve.
  public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                          animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { addAnimations(animations) }
  }

  /// An animator with a spring of a damping ratio.
  public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { addAnimations(animations) }
  }

  /// Creates and starts an animator (not interruptible when called inside another animation block).
  open class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> Self {
    let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
    animator.addAnimations(animations)
    if let completion { animator.addCompletion(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  // MARK: Timeline

  private struct Segment {
    let startTime: TimeInterval
    let startValue: Double
    let startFraction: Double
    let target: Double
    let length: TimeInterval
    let curve: (Double) -> Double
  }

  private var segment: Segment? { didSet { simulation.invalidateEvents() } }
  private var value = 0.0
  private var timeFraction = 0.0
  private var reversed = false

  /// The value fraction and time fraction now.
  private var current: (value: Double, time: Double) {
    guard let s = segment else { return (value, timeFraction) }
    let elapsed = max(0, simulation.now - s.startTime)
    let u = s.length > 0 ? min(1, elapsed / s.length) : 1
    let c = s.curve(u)
    return (s.startValue + (s.target - s.startValue) * c, s.startFraction + (s.target - s.startFraction) * u)
  }

  /// The timing curve over normalised time, and the time it takes for the
  /// full distance: a spring is made for `runDuration` (default: the
  /// animator's duration), so that its initial velocity means "distances per
  /// second" whatever the segment's length.
  private func curve(_ parameters: UITimingCurveProvider?,
                     runDuration: TimeInterval? = nil) -> (f: (Double) -> Double, length: TimeInterval) {
    if let spring = parameters?.springTimingParameters {
      let (curve, length) = spring.spring(duration: runDuration ?? duration)
      return ({ u in u >= 1 ? 1 : curve.value(at: u * length) }, length)
    }
    let function = parameters?.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeInEaseOut)
    return ({ function.progress(at: $0) }, duration)
  }

  private func run(to target: Double, length: TimeInterval, parameters: UITimingCurveProvider?,
                   after delay: TimeInterval = 0, curveFunction: ((Double) -> Double)? = nil) {
    let now = current
    value = now.value
    timeFraction = now.time
    segment = Segment(startTime: simulation.now + delay, startValue: now.value, startFraction: now.time,
                      target: target, length: length, curve: curveFunction ?? curve(parameters).f)
    if !simulation.propertyAnimators.contains(where: { $0 === self }) { simulation.propertyAnimators.append(self) }
  }

  private func freeze() {
    let now = current
    value = now.value
    timeFraction = now.time
    segment = nil
  }

  /// When the running segment ends, for the simulation's event loop.
  var nextEventTime: TimeInterval? { segment.map { $0.startTime + $0.length } }

  /// Called by the simulation when the running segment reaches its end.
  func reachedEnd() {
    guard let s = segment else { return }
    segment = nil
    value = s.target
    timeFraction = s.target
    if pausesOnCompletion { return }
    finish(at: s.target >= 1 ? .end : .start)
  }

  // MARK: AnimationDriver

  func progress(for animation: CAAnimation) -> DrivenProgress {
    let now = current
    let d = animation.engineDelayFactor
    guard d > 0 else { return .fraction(now.value) }
    let u = min(max((now.time - d) / (1 - d), 0), 1)
    return .fraction(curve(timingParameters).f(u))
  }

  // MARK: UIViewImplicitlyAnimating

  /// Adds animations; on a running animator they start now and run for the remaining time.
  open func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, delayFactor: 0)
  }

  /// Adds animations that start `delayFactor × duration` into the animation.
  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    if state == .inactive {
      pendingAnimations.append((animation, Double(delayFactor)))
    } else {
      perform(animation, delayFactor: max(Double(delayFactor), current.time))
    }
  }

  /// Adds a block called with the final position when the animation ends.
  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    completions.append(completion)
  }

  /// Resumes a paused animator from its current value, with new timing (nil
  /// keeps the current one) over `durationFactor × duration`.
  open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
    guard state == .active else { return }
    if let parameters { timingParameters = parameters }
    let target = reversed ? 0.0 : 1.0
    // "As if the animation was started from its current position with a new
    // duration": a spring is made for durationFactor × duration, its initial
    // velocity relative to the distance that is left.
    let newDuration = Double(durationFactor) * duration
    if let spring = timingParameters?.springTimingParameters, case .dampingRatio = spring.model {
      let made = curve(timingParameters, runDuration: newDuration)
      run(to: target, length: made.length, parameters: timingParameters, curveFunction: made.f)
      return
    }
    let length = Double(durationFactor) * curve(timingParameters).length
    run(to: target, length: length, parameters: timingParameters)
  }

  // MARK: UIViewAnimating

  /// Whether the animation runs (or will run) back to its start.
  open var isReversed: Bool {
    get { reversed }
    set {
      guard newValue != reversed else { return }
      reversed = newValue
      if segment != nil {
        let now = current
        let remaining = newValue ? now.time : 1 - now.time
        run(to: newValue ? 0 : 1, length: remaining * curve(timingParameters).length, parameters: timingParameters)
      }
    }
  }

  /// How far along the animation is, 0…1, counted in the direction it runs:
  /// once reversed, 0 is the end it left and 1 the start it returns to (so
  /// reversing at 0.7 reads 0.3), as iOS 11 and later report it. Settable
  /// while paused (scrubbing), in the same direction.
  open var fractionComplete: CGFloat {
    get {
      let forward = current.time
      return CGFloat(reversed ? 1 - forward : forward)
    }
    set {
      guard segment == nil, state != .stopped else { return }
      activateIfNeeded()
      let given = min(max(Double(newValue), 0), 1)
      timeFraction = reversed ? 1 - given : given
      value = scrubsLinearly ? timeFraction : curve(timingParameters).f(timeFraction)
    }
  }

  /// How far along the timeline the animator is, 0 (start) to 1 (end),
  /// whichever way it runs: `fractionComplete` before any reversal.
  var forwardFraction: Double { current.time }

  open func startAnimation() { startAnimation(afterDelay: 0) }

  /// Starts (or resumes) the animation after `delay` seconds.
  open func startAnimation(afterDelay delay: TimeInterval) {
    precondition(state != .stopped, "It is an error to start a stopped UIViewPropertyAnimator")
    activateIfNeeded()
    self.delay = delay
    let remaining = reversed ? timeFraction : 1 - timeFraction
    run(to: reversed ? 0 : 1, length: remaining * curve(timingParameters).length, parameters: timingParameters,
        after: delay)
  }

  /// Pauses a running animator, or starts one paused.
  open func pauseAnimation() {
    guard state != .stopped else { return }
    activateIfNeeded()
    freeze()
  }

  /// Stops the animation where it is: the model values become the values on
  /// screen. Without finishing, the animator becomes inactive and calls no
  /// completion; otherwise it is `.stopped` until `finishAnimation(at:)`.
  open func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    freeze()
    for record in records {
      let shown = record.layer.presentationValue(record.key)
      detachAnimation(record)
      UIView.performWithoutAnimation { record.layer.setModelValue(record.key, shown) }
    }
    if withoutFinishing {
      records = []
      state = .inactive
      unregister()
    } else {
      // Kept (their animations detached) for finishAnimation(at:), which
      // sets .end's or .start's values.
      state = .stopped
    }
  }

  /// Finishes a stopped animator at a position and calls the completions.
  open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    precondition(state == .stopped, "finishAnimation(at:) is only valid on a stopped animator")
    finish(at: finalPosition)
  }

  /// Ends the animator. `.end` and `.start` set the properties to "the
  /// values you specified in your animation blocks" or "the values of the
  /// properties before you applied any animations" (Apple,
  /// `UIViewAnimatingPosition`), also after `stopAnimation(false)`; `.current`
  /// leaves them.
  private func finish(at position: UIViewAnimatingPosition) {
    let stopped = state == .stopped
    for record in records {
      detachAnimation(record)
      let value: AnimatableValue?
      switch position {
      case .start: value = record.oldModel
      case .end: value = record.newValue
      case .current: value = nil
      }
      guard let value else { continue }
      // A stopped animator's views sit still: the values are set without animating.
      if stopped {
        UIView.performWithoutAnimation { record.layer.setModelValue(record.key, value) }
      } else {
        record.layer.setModelValue(record.key, value)
      }
    }
    records = []
    segment = nil
    state = .inactive
    unregister()
    let blocks = completions
    completions = []
    for completion in blocks { completion(position) }
  }

  // MARK: Helpers

  private func activateIfNeeded() {
    guard state == .inactive else { return }
    state = .active
    value = reversed ? 1 : 0
    timeFraction = reversed ? 1 : 0
    let pending = pendingAnimations
    pendingAnimations = []
    for (block, delayFactor) in pending { perform(block, delayFactor: delayFactor) }
    if !simulation.propertyAnimators.contains(where: { $0 === self }) { simulation.propertyAnimators.append(self) }
  }

  private func perform(_ block: () -> Void, delayFactor: Double) {
    // The first property animator that animates during a transition is the
    // one its progress is read from (captions, the coordinator's percentComplete).
    if let run = simulation.activeTransitions.last, run.propertyAnimator == nil { run.propertyAnimator = self }
    simulation.animationContexts.append(.propertyAnimator(self, delayFactor: delayFactor))
    block()
    simulation.animationContexts.removeLast()
  }

  private func unregister() {
    simulation.propertyAnimators.removeAll { $0 === self }
  }

  private func detachAnimation(_ record: Record) {
    if let attached = record.layer.attachedAnimations.first(where: { $0.key == record.animationKey }) {
      attached.isFinished = true
      record.layer.attachedAnimations.removeAll { $0 === attached }
    }
  }

  /// Records a change made inside one of the animator's blocks and attaches
  /// a driven animation for it.
  func record(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue,
              newValue: AnimatableValue, delayFactor: Double) {
    let animation = CABasicAnimation(keyPath: key.rawValue)
    setEndpoints(animation, oldModel: oldModel, oldPresentation: oldPresentation, newValue: newValue)
    animation.duration = duration
    animation.engineDriver = self
    animation.engineDelayFactor = delayFactor
    animation.engineTag = "UIViewPropertyAnimator"
    var animationKey = key.rawValue
    var n = 2
    while layer.animation(forKey: animationKey) != nil {
      animationKey = "\(key.rawValue)-\(n)"
      n += 1
    }
    layer.add(animation, forKey: animationKey)
    records.append(Record(layer: layer, key: key, oldModel: oldModel, newValue: newValue, animationKey: animationKey))
  }
}

/// The action a view returns inside a property animator's block.
final class PropertyAnimatorAction: PendingChangeAction {
  private let animator: UIViewPropertyAnimator
  private let delayFactor: Double
  private var old: (model: AnimatableValue, presentation: AnimatableValue)?

  init(animator: UIViewPropertyAnimator, delayFactor: Double) {
    self.animator = animator
    self.delayFactor = delayFactor
  }

  func willChange(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue) {
    old = (oldModel, oldPresentation)
  }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer, let key = LayerKey(rawValue: event), let old else { return }
    animator.record(layer: layer, key: key, oldModel: old.model, oldPresentation: old.presentation,
                    newValue: layer.modelValue(key), delayFactor: delayFactor)
  }
}
