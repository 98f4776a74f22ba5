// UIView's block-based animations: animate(withDuration:…), springs,
// keyframes, transitions and performWithoutAnimation.
//
// As in UIKit, a change inside an animation block sets the model value at
// once and attaches a Core Animation animation to the view's layer: an
// additive one (from old − new to zero, so that a second animation of the
// same property blends with the first and keeps its velocity, as since
// iOS 8) for geometry, opacity and colour; a from→to one for transforms,
// which interpolate by decomposition.

// MARK: - Options

extension UIView {
  /// Options for block animations.
  public struct AnimationOptions: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
    public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
    public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

    /// The curve in bits 16–19.
    var curve: UIView.AnimationCurve { UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
    /// The transition style in bits 20–23.
    var transitionStyle: UInt { (rawValue >> 20) & 0xF }

    /// What a nested block takes from the block around it unless it says
    /// `.overrideInheritedOptions` (Apple: "The option to not inherit the
    /// animation type or any options"; which options is the engine's reading:
    /// the general ones, not the curve, transition or override bits).
    static let inheritable: AnimationOptions = [.layoutSubviews, .allowUserInteraction, .beginFromCurrentState,
                                                .repeat, .autoreverse]
  }

  /// Options for keyframe animations.
  public struct KeyframeAnimationOptions: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
    public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    var calculationMode: CAAnimationCalculationMode {
      switch (rawValue >> 10) & 0x7 {
      case 1: return .discrete
      case 2: return .paced
      case 3: return .cubic
      case 4: return .cubicPaced
      default: return .linear
      }
    }

    /// UIKit applies the curve bits of `AnimationOptions` (16–19) to the
    /// whole keyframe animation: ease-in-out unless told otherwise.
    var curve: UIView.AnimationCurve { UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
  }

  /// UIKit's four animation curves.
  public enum AnimationCurve: Int {
    case easeInOut = 0, easeIn, easeOut, linear

    /// Core Animation's timing function for the curve.
    var timingFunction: CAMediaTimingFunction {
      switch self {
      case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
      case .easeIn: return CAMediaTimingFunction(name: .easeIn)
      case .easeOut: return CAMediaTimingFunction(name: .easeOut)
      case .linear: return CAMediaTimingFunction(name: .linear)
      }
    }
  }
}

// MARK: - Animation contexts

/// UIView's animation state kept per simulation: whether animations are
/// enabled, and the hook through which a transition's alongside animations
/// join the first animation block its animator opens.
final class UIViewAnimationState {
  var animationsEnabled = true
  var alongsideHook: ((BlockAnimation) -> Void)?
  /// The depth of `animationContexts` when the hook was set: only a block
  /// opened at that depth takes it.
  var alongsideDepth = 0

  static func of(_ simulation: Simulation) -> UIViewAnimationState {
    let key = ObjectIdentifier(UIViewAnimationState.self)
    if let state = simulation.companions[key] as? UIViewAnimationState { return state }
    let state = UIViewAnimationState()
    simulation.companions[key] = state
    return state
  }
}

/// What a property change inside an animation block turns into.
enum AnimationContext {
  case block(BlockAnimation)
  case keyframes(KeyframeAnimationBuilder)
  case propertyAnimator(UIViewPropertyAnimator, delayFactor: Double)
  case withoutAnimation
}

/// Counts the animations of one block and runs its completion when the last
/// one stops: `finished` is false if any was removed early.
final class CompletionTracker {
  private var completion: ((Bool) -> Void)?
  private let simulation: Simulation
  private var outstanding = 0
  private var allFinished = true
  private var closed = false

  init(simulation: Simulation, completion: ((Bool) -> Void)?) {
    self.simulation = simulation
    self.completion = completion
  }

  func track(_ animation: CAAnimation) {
    outstanding += 1
    animation.engineStopObservers.append { [self] finished in
      outstanding -= 1
      if !finished { allFinished = false }
      fireIfDone()
    }
  }

  /// Called when the animations block has run. With nothing animating, the
  /// completion runs on the next run-loop turn (UIKit: "If the duration of
  /// the animation is 0, this block is performed at the beginning of the
  /// next run loop cycle"; a block that changes nothing animatable behaves
  /// the same).
  func close() {
    closed = true
    if outstanding == 0, let completion {
      self.completion = nil
      simulation.enqueue { completion(true) }
    }
  }

  private func fireIfDone() {
    guard closed, outstanding == 0, let completion else { return }
    self.completion = nil
    completion(allFinished)
  }
}

/// The parameters of one `UIView.animate…` block.
final class BlockAnimation {
  let duration: TimeInterval
  let delay: TimeInterval
  let options: UIView.AnimationOptions
  let timingFunction: CAMediaTimingFunction
  let spring: SpringCurve?
  let tracker: CompletionTracker
  /// Set by `modifyAnimations(withRepeatCount:autoreverses:animations:)`.
  let repeatCount: Float?
  let autoreverses: Bool

  init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
       timingFunction: CAMediaTimingFunction, spring: SpringCurve?, tracker: CompletionTracker,
       repeatCount: Float? = nil, autoreverses: Bool = false) {
    self.duration = duration
    self.delay = delay
    self.options = options
    self.timingFunction = timingFunction
    self.spring = spring
    self.tracker = tracker
    self.repeatCount = repeatCount
    self.autoreverses = autoreverses
  }

  /// The animation for one property change.
  func makeAnimation(key: LayerKey, layer: CALayer, oldModel: AnimatableValue, oldPresentation: AnimatableValue,
                     newValue: AnimatableValue) -> CABasicAnimation {
    let animation: CABasicAnimation
    if let spring {
      let s = CASpringAnimation()
      s.mass = CGFloat(spring.mass)
      s.stiffness = CGFloat(spring.stiffness)
      s.damping = CGFloat(spring.damping)
      s.initialVelocity = CGFloat(spring.initialVelocity)
      s.cachedCurve = spring
      animation = s
    } else {
      animation = CABasicAnimation()
      animation.timingFunction = timingFunction
    }
    animation.keyPath = key.rawValue
    animation.duration = duration
    if delay > 0 {
      animation.beginTime = layer.localTime + delay
      animation.fillMode = .backwards
    }
    if let repeatCount {
      animation.repeatCount = repeatCount
      animation.autoreverses = autoreverses
    } else {
      if options.contains(.repeat) { animation.repeatCount = .infinity }
      if options.contains(.autoreverse) { animation.autoreverses = true }
    }
    setEndpoints(animation, oldModel: oldModel, oldPresentation: oldPresentation, newValue: newValue)
    animation.engineTag = "UIView.animate"
    animation.engineBlocksInteraction = !options.contains(.allowUserInteraction)
    return animation
  }
}

/// Additive for values that add, from→to (from the current presentation) for transforms and paths.
func setEndpoints(_ animation: CABasicAnimation, oldModel: AnimatableValue, oldPresentation: AnimatableValue,
                  newValue: AnimatableValue) {
  switch newValue {
  case .transform, .path:
    animation.fromValue = oldPresentation.boxed
    animation.toValue = newValue.boxed
  default:
    animation.isAdditive = true
    animation.fromValue = oldModel.subtracting(newValue).boxed
    animation.toValue = newValue.zero.boxed
  }
}

/// Adds `animation` to `layer` under its key path, or "keyPath-2", "-3", …
/// when one is already attached (as UIKit names additive animations).
func addUniquely(_ animation: CAAnimation, keyPath: String, to layer: CALayer) {
  var key = keyPath
  var n = 2
  while layer.animation(forKey: key) != nil {
    key = "\(keyPath)-\(n)"
    n += 1
  }
  layer.add(animation, forKey: key)
}

/// The action a view returns inside an animation block.
final class ViewAnimationAction: PendingChangeAction {
  private let block: BlockAnimation
  private var old: (model: AnimatableValue, presentation: AnimatableValue)?

  init(block: BlockAnimation) { self.block = block }

  func willChange(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue) {
    old = (oldModel, oldPresentation)
  }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer, let key = LayerKey(rawValue: event), let old else { return }
    let animation = block.makeAnimation(key: key, layer: layer, oldModel: old.model, oldPresentation: old.presentation,
                                        newValue: layer.modelValue(key))
    block.tracker.track(animation)
    addUniquely(animation, keyPath: event, to: layer)
  }
}

extension UIView {
  /// The action for a change of `key` in the current animation context.
  func viewAction(forKey key: LayerKey) -> CAAction? {
    guard key.isViewAnimatable, let context = Simulation.current.animationContexts.last else { return nil }
    switch context {
    case .withoutAnimation: return nil
    case .block(let block): return ViewAnimationAction(block: block)
    case .keyframes(let builder): return KeyframeRecordingAction(builder: builder)
    case .propertyAnimator(let animator, let delayFactor):
      return PropertyAnimatorAction(animator: animator, delayFactor: delayFactor)
    }
  }
}

// MARK: - Block animations

extension UIView {
  /// Animates the changes made in `animations`, with a curve, a delay and a
  /// completion called with `finished` when the animations end.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    runBlock(duration: duration, delay: delay, options: options, spring: nil, animations: animations,
             completion: completion)
  }

  /// Animates with ease-in-out, no delay.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: completion)
  }

  /// Animates with ease-in-out, no delay, no completion.
  public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: nil)
  }

  /// Animates with a spring fitted to `duration`: `dampingRatio` 1 settles
  /// without overshoot, smaller values oscillate; `velocity` 1 means the
  /// whole distance per second.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let spring = SpringCurve(dampingRatio: Double(dampingRatio), duration: duration, initialVelocity: Double(velocity))
    runBlock(duration: duration, delay: delay, options: options, spring: spring, animations: animations,
             completion: completion)
  }

  /// Animates with a spring of a perceptual duration and bounce (iOS 17).
  /// As in the SDK, `animations` is not escaping: it runs before the call returns.
  public class func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
    delay: TimeInterval = 0, options: UIView.AnimationOptions = [], animations: () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let spring = SpringCurve(perceptualDuration: duration, bounce: Double(bounce),
                             initialVelocity: Double(initialSpringVelocity))
    runBlock(duration: spring.settlingDuration, delay: delay, options: options, spring: spring,
             animations: animations, completion: completion)
  }

  private class func runBlock(
    duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, spring: SpringCurve?,
    animations: () -> Void, completion: ((Bool) -> Void)?
  ) {
    let simulation = Simulation.current
    let tracker = CompletionTracker(simulation: simulation, completion: completion)
    guard duration > 0, UIViewAnimationState.of(simulation).animationsEnabled else {
      // "If the duration is negative or 0, the changes are made without
      // animating them"; with animations disabled, "code inside subsequent
      // animation blocks is still executed but no animations actually occur".
      performWithoutAnimation(animations)
      tracker.close()
      return
    }
    // Nested blocks inherit the enclosing block's duration and curve unless
    // told otherwise (View Programming Guide, "Nesting Animation Blocks"),
    // and its animation type (a spring) and options unless told
    // `.overrideInheritedOptions`.
    var effectiveDuration = duration
    var timing = options.curve.timingFunction
    var effectiveOptions = options
    var effectiveSpring = spring
    if case .block(let outer)? = simulation.animationContexts.last {
      let keepsOptions = options.contains(.overrideInheritedOptions)
      if !options.contains(.overrideInheritedDuration) { effectiveDuration = outer.duration }
      if !options.contains(.overrideInheritedCurve) {
        timing = outer.timingFunction
        if spring == nil, !keepsOptions { effectiveSpring = outer.spring }
      }
      if !keepsOptions { effectiveOptions.formUnion(outer.options.intersection(.inheritable)) }
    }
    let block = BlockAnimation(duration: effectiveDuration, delay: delay, options: effectiveOptions,
                               timingFunction: timing, spring: effectiveSpring, tracker: tracker)
    simulation.animationContexts.append(.block(block))
    animations()
    // The first block a transition's animator opens also runs the
    // coordinator's alongside animations, in its animation context.
    let state = UIViewAnimationState.of(simulation)
    if let hook = state.alongsideHook, simulation.animationContexts.count == state.alongsideDepth + 1 {
      state.alongsideHook = nil
      hook(block)
    }
    // `.layoutSubviews`: "Lay out subviews at commit time so that they are
    // animated along with their parent": the pending layout runs now, inside
    // the block, so the frames it sets animate with it.
    if effectiveOptions.contains(.layoutSubviews) {
      for window in simulation.windows { window.layoutSubtreeIfNeeded() }
    }
    simulation.animationContexts.removeLast()
    tracker.close()
  }

  /// Animates `animations` as a block like `template` (its curve or spring
  /// and options) for `duration` after `delay`; with no template, UIKit's
  /// default curve. For alongside animations handed to a transition
  /// coordinator after the transition's animations began.
  class func animateAlongside(like template: BlockAnimation?, duration: TimeInterval, delay: TimeInterval,
                              animations: () -> Void) {
    guard let template else {
      runBlock(duration: duration, delay: delay, options: [], spring: nil, animations: animations, completion: nil)
      return
    }
    var options = template.options
    options.insert([.overrideInheritedDuration, .overrideInheritedCurve])
    let simulation = Simulation.current
    let tracker = CompletionTracker(simulation: simulation, completion: nil)
    guard duration > 0, UIViewAnimationState.of(simulation).animationsEnabled else {
      performWithoutAnimation(animations)
      tracker.close()
      return
    }
    let block = BlockAnimation(duration: duration, delay: delay, options: options,
                               timingFunction: template.timingFunction, spring: template.spring, tracker: tracker)
    simulation.animationContexts.append(.block(block))
    animations()
    simulation.animationContexts.removeLast()
    tracker.close()
  }

  /// Runs `actionsWithoutAnimation` with animations disabled, even inside an animation block.
  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let simulation = Simulation.current
    simulation.animationContexts.append(.withoutAnimation)
    actionsWithoutAnimation()
    simulation.animationContexts.removeLast()
  }

  /// Whether animations are enabled (default true; per simulation).
  public class var areAnimationsEnabled: Bool { UIViewAnimationState.of(Simulation.current).animationsEnabled }

  /// Enables or disables animations. Disabled, "code inside subsequent
  /// animation blocks is still executed but no animations actually occur":
  /// the changes are made at once and the completion runs on the next
  /// run-loop turn, as for a zero duration. Animations already running go on.
  public class func setAnimationsEnabled(_ enabled: Bool) {
    UIViewAnimationState.of(Simulation.current).animationsEnabled = enabled
  }

  /// Inside an animation block: the animations `animations` creates repeat
  /// `count` times (fractions allowed), running forward and back when
  /// `autoreverses`; outside one (Apple: "You must call this method from
  /// within an enclosing animation block") the changes are made without
  /// animation.
  public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
    let simulation = Simulation.current
    guard case .block(let outer)? = simulation.animationContexts.last else {
      performWithoutAnimation(animations)
      return
    }
    let block = BlockAnimation(duration: outer.duration, delay: outer.delay, options: outer.options,
                               timingFunction: outer.timingFunction, spring: outer.spring, tracker: outer.tracker,
                               repeatCount: Float(count), autoreverses: autoreverses)
    simulation.animationContexts.append(.block(block))
    animations()
    simulation.animationContexts.removeLast()
  }

  /// The duration of the innermost animation block being executed (0 outside one).
  public class var inheritedAnimationDuration: TimeInterval {
    if case .block(let block)? = Simulation.current.animationContexts.last { return block.duration }
    return 0
  }
}

// MARK: - Keyframes

/// Collects the changes of an `animateKeyframes` block and turns them into
/// one `CAKeyframeAnimation` per property, as UIKit does: for each keyframe
/// (start s, duration d, value v) the key times s and s + d get the previous
/// value and v; the last value holds until 1; the block's curve (ease-in-out
/// by default) paces the whole animation.
final class KeyframeAnimationBuilder {
  let duration: TimeInterval
  let delay: TimeInterval
  let options: UIView.KeyframeAnimationOptions
  let tracker: CompletionTracker
  var current: (start: Double, duration: Double) = (0, 1)

  private struct Track {
    let layer: CALayer
    let key: LayerKey
    let initial: AnimatableValue
    var frames: [(start: Double, duration: Double, value: AnimatableValue)]
  }

  private var tracks: [Track] = []

  init(duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions,
       tracker: CompletionTracker) {
    self.duration = duration
    self.delay = delay
    self.options = options
    self.tracker = tracker
  }

  func record(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, newValue: AnimatableValue) {
    let frame = (start: current.start, duration: current.duration, value: newValue)
    if let index = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
      tracks[index].frames.append(frame)
    } else {
      tracks.append(Track(layer: layer, key: key, initial: oldModel, frames: [frame]))
    }
  }

  func commit() {
    for track in tracks {
      var times = [0.0]
      var values = [track.initial]
      let frames = track.frames.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
      for (_, frame) in frames {
        if frame.start > times.last! + 1e-12 {
          times.append(frame.start)
          values.append(values.last!)
        }
        times.append(min(1, frame.start + frame.duration))
        values.append(frame.value)
      }
      if times.last! < 1 {
        times.append(1)
        values.append(values.last!)
      }
      let animation = CAKeyframeAnimation(keyPath: track.key.rawValue)
      animation.values = values.map(\.boxed)
      animation.keyTimes = times.map { NSNumber(value: $0) }
      animation.calculationMode = options.calculationMode
      animation.timingFunction = options.curve.timingFunction
      animation.duration = duration
      animation.fillMode = .both
      if delay > 0 { animation.beginTime = track.layer.localTime + delay }
      if options.contains(.repeat) { animation.repeatCount = .infinity }
      if options.contains(.autoreverse) { animation.autoreverses = true }
      animation.engineTag = "UIView.animateKeyframes"
      animation.engineBlocksInteraction = !options.contains(.allowUserInteraction)
      tracker.track(animation)
      addUniquely(animation, keyPath: track.key.rawValue, to: track.layer)
    }
  }
}

/// The action a view returns inside `addKeyframe`: it records the change.
final class KeyframeRecordingAction: PendingChangeAction {
  private let builder: KeyframeAnimationBuilder
  private var oldModel: AnimatableValue?

  init(builder: KeyframeAnimationBuilder) { self.builder = builder }

  func willChange(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue) {
    self.oldModel = oldModel
  }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer, let key = LayerKey(rawValue: event), let oldModel else { return }
    builder.record(layer: layer, key: key, oldModel: oldModel, newValue: layer.modelValue(key))
  }
}

extension UIView {
  /// Animates the keyframes added inside `animations` with `addKeyframe`.
  public class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let simulation = Simulation.current
    let tracker = CompletionTracker(simulation: simulation, completion: completion)
    guard duration > 0, UIViewAnimationState.of(simulation).animationsEnabled else {
      performWithoutAnimation(animations)
      tracker.close()
      return
    }
    let builder = KeyframeAnimationBuilder(duration: duration, delay: delay, options: options, tracker: tracker)
    simulation.animationContexts.append(.keyframes(builder))
    animations()
    simulation.animationContexts.removeLast()
    builder.commit()
    tracker.close()
  }

  /// Adds a keyframe: the changes in `animations` happen between
  /// `frameStartTime` and `frameStartTime + frameDuration`, as fractions of
  /// the enclosing keyframe animation's duration.
  public class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping () -> Void
  ) {
    guard case .keyframes(let builder)? = Simulation.current.animationContexts.last else {
      animations()
      return
    }
    let saved = builder.current
    builder.current = (frameStartTime, frameDuration)
    animations()
    builder.current = saved
  }
}

// MARK: - Transitions

extension UIView {
  /// Transitions a whole view: its look before `animations` gives way to its
  /// look after, with a cross-dissolve, flip or curl (Core Animation's
  /// `CATransition` on the view's layer).
  public class func transition(
    with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let simulation = Simulation.current
    let tracker = CompletionTracker(simulation: simulation, completion: completion)
    let style = options.transitionStyle
    guard duration > 0, style != 0, UIViewAnimationState.of(simulation).animationsEnabled else {
      if let animations {
        if duration > 0 {
          UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations)
        } else {
          performWithoutAnimation(animations)
        }
      }
      tracker.close()
      return
    }
    let before = FrozenLayer.freeze(view.layer, presentation: true)
    if let animations {
      if options.contains(.allowAnimatedContent) {
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations)
      } else {
        performWithoutAnimation(animations)
      }
    }
    let transition = CATransition()
    transition.duration = duration
    transition.timingFunction = options.curve.timingFunction
    switch style {
    case 5: transition.type = .fade
    case 1: transition.engineTransitionStyle = "flipFromLeft"
    case 2: transition.engineTransitionStyle = "flipFromRight"
    case 3: transition.engineTransitionStyle = "curlUp"
    case 4: transition.engineTransitionStyle = "curlDown"
    case 6: transition.engineTransitionStyle = "flipFromTop"
    default: transition.engineTransitionStyle = "flipFromBottom"
    }
    transition.frozenContent = before
    transition.engineTag = "UIView.transition"
    transition.engineBlocksInteraction = !options.contains(.allowUserInteraction)
    tracker.track(transition)
    view.layer.add(transition, forKey: "transition")
    tracker.close()
  }

  /// Replaces `fromView` with `toView` in `fromView`'s superview, animated
  /// with a transition (with `.showHideTransitionViews`, hides and shows them instead).
  public class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    completion: ((Bool) -> Void)? = nil
  ) {
    let swap = {
      if options.contains(.showHideTransitionViews) {
        fromView.isHidden = true
        toView.isHidden = false
      } else if let container = fromView.superview {
        container.insertSubview(toView, aboveSubview: fromView)
        fromView.removeFromSuperview()
      }
    }
    guard let container = fromView.superview else {
      swap()
      Simulation.current.enqueue { completion?(true) }
      return
    }
    transition(with: container, duration: duration, options: options, animations: swap, completion: completion)
  }
}
