// Core Animation's animation objects: CAAnimation, CABasicAnimation,
// CASpringAnimation, CAKeyframeAnimation, CAAnimationGroup and CATransition,
// with CAMediaTiming's timing model (beginTime, speed, timeOffset, repeat,
// autoreverse, fill modes).

// MARK: - Protocols and names

/// The timing properties shared by layers and animations (Core Animation's
/// `CAMediaTiming`).
public protocol CAMediaTiming: AnyObject {
  var beginTime: CFTimeInterval { get set }
  var duration: CFTimeInterval { get set }
  var speed: Float { get set }
  var timeOffset: CFTimeInterval { get set }
  var repeatCount: Float { get set }
  var repeatDuration: CFTimeInterval { get set }
  var autoreverses: Bool { get set }
  var fillMode: CAMediaTimingFillMode { get set }
}

/// Something a layer runs when one of its properties changes: an animation,
/// or `NSNull` for "nothing".
public protocol CAAction: AnyObject {
  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
  /// `NSNull` as an action does nothing, as in Core Animation.
  public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Receives an animation's start and stop (Core Animation's `CAAnimationDelegate`).
/// Both methods are optional.
public protocol CAAnimationDelegate: AnyObject {
  func animationDidStart(_ anim: CAAnimation)
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// What an animation shows outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// How a keyframe animation computes the values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether objects animating along a path rotate to match it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
  public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// The kind of a layer transition.
public struct CATransitionType: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fade = CATransitionType(rawValue: "fade")
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  public static let push = CATransitionType(rawValue: "push")
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a layer transition.
public struct CATransitionSubtype: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

// MARK: - CAAnimation

/// The abstract base of Core Animation's animations.
///
/// As in Core Animation, a layer copies an animation when it is added, a
/// `duration` of 0 means 0.25 s, and the `delegate` is retained.
open class CAAnimation: NSObject, CAMediaTiming, CAAction {
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
  /// The pacing of the animation; nil is linear.
  open var timingFunction: CAMediaTimingFunction?
  /// Strongly held, as in Core Animation.
  open var delegate: CAAnimationDelegate?
  /// Whether the layer removes the animation when it ends (default true).
  open var isRemovedOnCompletion = true

  public required override init() { super.init() }

  /// Adds the animation to the layer under `event` (the `CAAction` behaviour).
  open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    (anObject as? CALayer)?.add(self, forKey: event)
  }

  /// A copy with the same settings, as `NSCopying` gives in Core Animation.
  open override func copy() -> Any {
    let copy = type(of: self).init()
    copyProperties(to: copy)
    return copy
  }

  func copyProperties(to copy: CAAnimation) {
    copy.beginTime = beginTime
    copy.duration = duration
    copy.speed = speed
    copy.timeOffset = timeOffset
    copy.repeatCount = repeatCount
    copy.repeatDuration = repeatDuration
    copy.autoreverses = autoreverses
    copy.fillMode = fillMode
    copy.timingFunction = timingFunction
    copy.delegate = delegate
    copy.isRemovedOnCompletion = isRemovedOnCompletion
    copy.engineDriver = engineDriver
    copy.engineTag = engineTag
    copy.engineDelayFactor = engineDelayFactor
    copy.engineStopObservers = engineStopObservers
    copy.engineBlocksInteraction = engineBlocksInteraction
  }

  /// Engine-internal observers of the animation's stop (UIView completion
  /// blocks, transaction completion blocks), called before the delegate.
  var engineStopObservers: [(Bool) -> Void] = []

  /// When set, the animation's progress comes from this driver (a property
  /// animator or an interactive transition) instead of the layer's clock.
  var engineDriver: AnimationDriver?
  /// An engine label for diagnostics (e.g. "UIView.animate").
  var engineTag: String?
  /// Set on UIView block animations made without `.allowUserInteraction`:
  /// while attached, hit testing skips the animated view (UIView+Animation.swift).
  var engineBlocksInteraction = false

  // MARK: Timing

  /// The animation's simple duration, with Core Animation's 0 → 0.25 s rule.
  var effectiveDuration: Double { timing.duration }

  /// The total active duration: repeats and autoreverse included (∞ when repeating forever).
  var activeDuration: Double { timing.activeDuration }

  /// Where the animation is at `parentTime` (the layer's local time, or its
  /// group's), after speed, offset, repeats and autoreverse: the simple
  /// progress 0…1 before the timing function, or nil when it has no effect.
  func progress(atParentTime parentTime: Double, begin: Double) -> Double? {
    timing.progress(atParentTime: parentTime, begin: begin)
  }

  /// The timing properties as a value, frozen once the animation is
  /// attached (Core Animation treats attached animations as immutable).
  var timing: MediaTiming {
    if let frozenTiming { return frozenTiming }
    let value = MediaTiming(self)
    if isAttached { frozenTiming = value }
    return value
  }

  private var frozenTiming: MediaTiming?
  /// Set when a layer attaches this copy.
  var isAttached = false

  /// The local time (in the animation's own seconds, 0…duration) at `parentTime`.
  func localTime(atParentTime parentTime: Double, begin: Double) -> Double? {
    guard let p = progress(atParentTime: parentTime, begin: begin) else { return nil }
    return p * effectiveDuration
  }

  /// The parent time at which the animation's active duration ends (∞ if never).
  func endParentTime(begin: Double) -> Double {
    let active = activeDuration
    guard active.isFinite, speed > 0 else { return .infinity }
    return begin + (active - timeOffset) / Double(speed)
  }

  /// The parent time at which the animation starts.
  func startParentTime(begin: Double) -> Double {
    guard speed > 0 else { return begin }
    return begin + max(0, -timeOffset) / Double(speed)
  }

  /// The eased fraction for a simple progress: the timing function applied.
  func easedFraction(_ progress: Double) -> Double {
    timingFunction?.progress(at: progress) ?? progress
  }

  /// The fraction of the value change for a simple progress (springs override).
  func fraction(atProgress p: Double) -> Double { easedFraction(p) }

  /// The fraction of the value change now, from the driver or the clock;
  /// nil when the animation has no effect at this time.
  func currentFraction(parentTime: Double, begin: Double) -> Double? {
    var time = parentTime
    if let driver = engineDriver {
      switch driver.progress(for: self) {
      case .fraction(let f): return f
      case .parentTime(let t): time = t
      }
    }
    guard let p = progress(atParentTime: time, begin: begin) else { return nil }
    return fraction(atProgress: p)
  }

  /// For animations created by a property animator with `addAnimations(_:delayFactor:)`.
  var engineDelayFactor: Double = 0
}

/// CAMediaTiming's values for one animation, and the timing model.
struct MediaTiming {
  let speed: Double
  let timeOffset: Double
  let duration: Double
  let autoreverses: Bool
  let activeDuration: Double
  let fillsBackwards: Bool
  let fillsForwards: Bool

  init(_ a: CAAnimation) {
    speed = Double(a.speed)
    timeOffset = a.timeOffset
    duration = a.duration > 0 ? a.duration : 0.25
    autoreverses = a.autoreverses
    let cycle = duration * (a.autoreverses ? 2 : 1)
    if a.repeatDuration > 0 {
      activeDuration = a.repeatDuration
    } else {
      let count = a.repeatCount > 0 ? Double(a.repeatCount) : 1
      activeDuration = count.isInfinite ? .infinity : cycle * count
    }
    fillsBackwards = a.fillMode == .backwards || a.fillMode == .both
    fillsForwards = a.fillMode == .forwards || a.fillMode == .both
  }

  /// The simple progress 0…1 at `parentTime`, or nil when the animation has no effect.
  func progress(atParentTime parentTime: Double, begin: Double) -> Double? {
    let t = (parentTime - begin) * speed + timeOffset
    if t < 0 { return fillsBackwards ? 0 : nil }
    // After the end only a forwards fill has an effect (and only while the
    // animation is still attached: `isRemovedOnCompletion == false`).
    if t >= activeDuration { return fillsForwards ? simpleProgress(at: activeDuration, end: true) : nil }
    return simpleProgress(at: t, end: false)
  }

  private func simpleProgress(at t: Double, end: Bool) -> Double {
    let d = duration
    let cycle = d * (autoreverses ? 2 : 1)
    var local = t.truncatingRemainder(dividingBy: cycle)
    if end && local == 0 && t > 0 { local = cycle }
    if autoreverses && local > d { local = cycle - local }
    return min(max(local / d, 0), 1)
  }
}

/// Where an externally-driven animation is: a property animator supplies the
/// fraction of the value change; an interactive transition supplies the time.
enum DrivenProgress {
  /// The fraction of the value change (0 = from, 1 = to), already eased.
  case fraction(Double)
  /// The parent time at which to evaluate the animation's own timing.
  case parentTime(Double)
}

/// An object that drives animations instead of the layer's clock.
protocol AnimationDriver: AnyObject {
  func progress(for animation: CAAnimation) -> DrivenProgress
}

// MARK: - CAPropertyAnimation

/// An animation of one layer property, named by a key path.
open class CAPropertyAnimation: CAAnimation {
  /// The animated property ("position", "transform.rotation.z", "opacity", …).
  open var keyPath: String?
  /// When true the value is added to the property's current render value.
  open var isAdditive = false
  /// Kept for API compatibility; repeats do not accumulate in the engine.
  open var isCumulative = false

  /// Creates an animation of `path`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CAPropertyAnimation else { return }
    copy.keyPath = keyPath
    copy.isAdditive = isAdditive
    copy.isCumulative = isCumulative
  }

  /// The value this animation contributes at `parentTime` to a property whose
  /// render value so far is `base`; nil when it has no effect.
  func value(atParentTime parentTime: Double, begin: Double, base: AnimatableValue) -> AnimatableValue? {
    nil
  }
}

// MARK: - CABasicAnimation

/// An animation between two values of a property.
///
/// The `fromValue`/`toValue`/`byValue` combinations mean what Core Animation's
/// documentation says: a missing end is the property's current render value.
open class CABasicAnimation: CAPropertyAnimation {
  open var fromValue: Any?
  open var toValue: Any?
  open var byValue: Any?

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CABasicAnimation else { return }
    copy.fromValue = fromValue
    copy.toValue = toValue
    copy.byValue = byValue
  }

  /// The unboxed values, cached: an attached animation does not change
  /// (Core Animation treats it as immutable).
  private var unboxCache: (kind: Int, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)?

  private func unboxed(like base: AnimatableValue) -> (AnimatableValue?, AnimatableValue?, AnimatableValue?) {
    let kind = base.kindIndex
    if let cache = unboxCache, cache.kind == kind { return (cache.from, cache.to, cache.by) }
    let from = AnimatableValue.unbox(fromValue, like: base)
    let to = AnimatableValue.unbox(toValue, like: base)
    let by = AnimatableValue.unbox(byValue, like: base)
    unboxCache = (kind, from, to, by)
    return (from, to, by)
  }

  /// The endpoints, resolved against the render value `base`.
  func endpoints(base: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
    let (from, to, by) = unboxed(like: base)
    switch (from, to, by) {
    case let (f?, t?, _): return (f, t)
    case let (f?, nil, b?): return (f, f.adding(b))
    case let (nil, t?, b?): return (t.subtracting(b), t)
    case let (f?, nil, nil): return (f, base)
    case let (nil, t?, nil): return (base, t)
    case let (nil, nil, b?): return (base, base.adding(b))
    default: return (base, base)
    }
  }

  override func value(atParentTime parentTime: Double, begin: Double, base: AnimatableValue) -> AnimatableValue? {
    guard let f = currentFraction(parentTime: parentTime, begin: begin) else { return nil }
    let (from, to) = endpoints(base: base)
    return from.interpolated(to: to, fraction: f)
  }
}

// MARK: - CASpringAnimation

/// A spring: a damped harmonic oscillator from `fromValue` to `toValue`.
///
/// `duration` bounds the animation; the spring's shape comes from mass,
/// stiffness, damping and initial velocity.
open class CASpringAnimation: CABasicAnimation {
  open var mass: CGFloat = 1
  open var stiffness: CGFloat = 100
  open var damping: CGFloat = 10
  open var initialVelocity: CGFloat = 0
  /// Kept for API compatibility (iOS 17).
  open var allowsOverdamping = true

  /// The time the spring needs to settle (within 0.1 % of its distance).
  open var settlingDuration: CFTimeInterval { curve.settlingDuration }

  /// A spring described by a perceptual duration and a bounce (iOS 17):
  /// mass 1, stiffness (2π / duration)², damping 4π(1 − bounce) / duration
  /// for bounce ≥ 0 and 4π / (duration (1 + bounce)) below (WWDC 2023
  /// "Animate with springs"; SwiftUI's `Spring(duration:bounce:)` documents
  /// the same pair with its example (0.5, 0.3) → (1, 157.9, 17.6)).
  /// `duration` becomes the spring's settling duration.
  public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
    self.init()
    let spring = SpringCurve(perceptualDuration: perceptualDuration, bounce: Double(bounce), initialVelocity: 0)
    mass = CGFloat(spring.mass)
    stiffness = CGFloat(spring.stiffness)
    damping = CGFloat(spring.damping)
    duration = spring.settlingDuration
  }

  /// The perceptual duration of the spring that `mass`, `stiffness` and
  /// `damping` describe: 2π √(mass / stiffness) (the inverse of the mapping
  /// above; SwiftUI documents (1, 100, 10) → 0.63 s).
  open var perceptualDuration: CFTimeInterval {
    guard mass > 0, stiffness > 0 else { return 0 }
    return 2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
  }

  /// The bounce of that spring: 1 − ζ when it is not over-damped, 1/ζ − 1
  /// when it is, with ζ = damping / (2 √(mass × stiffness)) (the inverse of
  /// the mapping above; SwiftUI documents (1, 100, 10) → 0.5).
  open var bounce: CGFloat {
    guard mass > 0, stiffness > 0 else { return 0 }
    let zeta = Double(damping) / (2 * (Double(mass) * Double(stiffness)).squareRoot())
    return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
  }

  var curve: SpringCurve {
    SpringCurve(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                initialVelocity: Double(initialVelocity))
  }

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CASpringAnimation else { return }
    copy.mass = mass
    copy.stiffness = stiffness
    copy.damping = damping
    copy.initialVelocity = initialVelocity
    copy.allowsOverdamping = allowsOverdamping
    copy.cachedCurve = cachedCurve
  }

  var cachedCurve: SpringCurve?

  override func fraction(atProgress p: Double) -> Double {
    let spring = cachedCurve ?? curve
    if cachedCurve == nil { cachedCurve = spring }
    if p >= 1 && !autoreverses { return 1 }
    return spring.value(at: p * effectiveDuration)
  }
}

// MARK: - CAKeyframeAnimation

/// An animation through a list of values at given key times.
open class CAKeyframeAnimation: CAPropertyAnimation {
  open var values: [Any]?
  /// A path for point properties; used instead of `values` when set.
  open var path: CGPath?
  open var keyTimes: [NSNumber]?
  /// One timing function per segment (count = values − 1).
  open var timingFunctions: [CAMediaTimingFunction]?
  open var calculationMode: CAAnimationCalculationMode = .linear
  open var rotationMode: CAAnimationRotationMode?
  open var tensionValues: [NSNumber]?
  open var continuityValues: [NSNumber]?
  open var biasValues: [NSNumber]?

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CAKeyframeAnimation else { return }
    copy.values = values
    copy.path = path
    copy.keyTimes = keyTimes
    copy.timingFunctions = timingFunctions
    copy.calculationMode = calculationMode
    copy.rotationMode = rotationMode
    copy.tensionValues = tensionValues
    copy.continuityValues = continuityValues
    copy.biasValues = biasValues
  }

  /// The keyframe values resolved to the property's kind (cached: attached
  /// animations do not change).
  func resolvedValues(base: AnimatableValue) -> [AnimatableValue] {
    let kind = base.kindIndex
    if let cache = valuesCache, cache.kind == kind { return cache.values }
    let resolved: [AnimatableValue]
    if let path, case .point = base {
      resolved = path.flattened(segmentsPerCurve: 16).flatMap { $0 }.map { .point($0) }
    } else {
      resolved = (values ?? []).compactMap { AnimatableValue.unbox($0, like: base) }
    }
    valuesCache = (kind, resolved)
    return resolved
  }

  private var valuesCache: (kind: Int, values: [AnimatableValue])?

  override func value(atParentTime parentTime: Double, begin: Double, base: AnimatableValue) -> AnimatableValue? {
    guard let p = currentFraction(parentTime: parentTime, begin: begin) else { return nil }
    return interpolate(values: resolvedValues(base: base), at: p)
  }

  /// The value at overall (already eased) progress `p`, by calculation mode.
  func interpolate(values: [AnimatableValue], at p: Double) -> AnimatableValue? {
    guard let first = values.first else { return nil }
    guard values.count > 1 else { return first }
    let mode = calculationMode
    let paced = mode == .paced || mode == .cubicPaced
    var times: [Double]
    if paced {
      // Paced: key times from the distances between values, for a constant velocity.
      var cumulative = [0.0]
      for i in 1..<values.count { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
      let total = cumulative.last!
      times = total > 0 ? cumulative.map { $0 / total } : values.indices.map { Double($0) / Double(values.count - 1) }
    } else if let keyTimes, keyTimes.count == values.count {
      times = keyTimes.map { $0.doubleValue }
    } else if mode == .discrete {
      times = values.indices.map { Double($0) / Double(values.count) }
    } else {
      times = values.indices.map { Double($0) / Double(values.count - 1) }
    }
    if mode == .discrete {
      // Each value holds until the next key time.
      var index = 0
      for (i, t) in times.enumerated() where p >= t { index = i }
      return values[index]
    }
    // Find the segment.
    if p <= times[0] { return p < 0 ? values[0].interpolated(to: values[1], fraction: segmentFraction(p, times, 0)) : values[0] }
    var segment = values.count - 2
    for i in 0..<(values.count - 1) where p < times[i + 1] {
      segment = i
      break
    }
    var f = segmentFraction(p, times, segment)
    if !paced, let functions = timingFunctions, segment < functions.count, f >= 0, f <= 1 {
      f = functions[segment].progress(at: f)
    }
    if mode == .cubic || mode == .cubicPaced {
      return catmullRom(values, segment: segment, fraction: f)
    }
    return values[segment].interpolated(to: values[segment + 1], fraction: f)
  }

  private func segmentFraction(_ p: Double, _ times: [Double], _ i: Int) -> Double {
    let span = times[i + 1] - times[i]
    return span > 0 ? (p - times[i]) / span : 1
  }

  /// Catmull-Rom through the values (Core Animation's default cubic spline),
  /// applied componentwise via interpolation weights.
  private func catmullRom(_ v: [AnimatableValue], segment i: Int, fraction t: Double) -> AnimatableValue {
    let p1 = v[i], p2 = v[i + 1]
    let p0 = i > 0 ? v[i - 1] : p1
    let p3 = i + 2 < v.count ? v[i + 2] : p2
    // Uniform Catmull-Rom written as p1 + t·m1-style sums of differences.
    let t2 = t * t, t3 = t2 * t
    let m1 = p2.subtracting(p0), m2 = p3.subtracting(p1)   // tangents ×2
    let a = p1.zero.adding(p1)
    let h10 = (t3 - 2 * t2 + t) * 0.5, h01 = -2 * t3 + 3 * t2, h11 = (t3 - t2) * 0.5
    let diff = p2.subtracting(p1)
    return a.adding(p1.zero.interpolated(to: diff, fraction: h01))
      .adding(p1.zero.interpolated(to: m1, fraction: h10))
      .adding(p1.zero.interpolated(to: m2, fraction: h11))
  }
}

// MARK: - CAAnimationGroup

/// Several animations run together on one layer, timed by the group.
open class CAAnimationGroup: CAAnimation {
  open var animations: [CAAnimation]?

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CAAnimationGroup else { return }
    copy.animations = animations?.map { $0.copy() as! CAAnimation }
  }
}

// MARK: - CATransition

/// A transition of a layer's whole content (used by `UIView.transition`).
///
/// The engine records the transition's kind and progress on the layer;
/// diagrams show the old content leaving and the new one arriving.
open class CATransition: CAAnimation {
  open var type: CATransitionType = .fade
  open var subtype: CATransitionSubtype?
  open var startProgress: Float = 0
  open var endProgress: Float = 1

  override func copyProperties(to copy: CAAnimation) {
    super.copyProperties(to: copy)
    guard let copy = copy as? CATransition else { return }
    copy.type = type
    copy.subtype = subtype
    copy.startProgress = startProgress
    copy.endProgress = endProgress
    copy.engineTransitionStyle = engineTransitionStyle
    copy.frozenContent = frozenContent
  }

  /// UIKit's flip and curl styles, which `CATransitionType` does not name.
  var engineTransitionStyle: String?
  /// The layer's content before the transition.
  var frozenContent: FrozenLayer?
}
