// UIPercentDrivenInteractiveTransition: drives the animator's UIView
// animations by a percentage.
//
// UIKit's documented semantics: `startInteractiveTransition(_:)` calls the
// animator's `animateTransition(using:)` and holds the animations it
// creates; `update(_:)` scrubs them linearly to `percent × duration` (each
// animation still applies its own curve); `finish()` and `cancel()` play the
// rest forward or back at `completionSpeed` with `completionCurve`, taking
// (1 − p)·D / speed and p·D / speed seconds. Then the animations end: their
// completion blocks run with `finished == true` (as reported for UIKit; the
// animator should test `transitionWasCancelled`) and, on a cancel, the
// animated properties get their values from before the transition back
// (an engine choice matching what a device shows).

/// An interaction controller that scrubs the animator's animations by percent.
@MainActor @preconcurrency
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning, @preconcurrency AnimationDriver {
  /// The transition's duration (the animator's `transitionDuration`).
  open var duration: CGFloat { CGFloat(context?.run?.duration ?? 0) }
  /// The last percentage given to `update(_:)` (0…1).
  open private(set) var percentComplete: CGFloat = 0
  /// Speed of the completion after `finish()`/`cancel()` (default 1; must be > 0).
  open var completionSpeed: CGFloat = 1
  /// Curve of the completion (default ease-in-out).
  open var completionCurve: UIView.AnimationCurve = .easeInOut
  /// The timing of the completion of an interruptible animator (nil: its own).
  open var timingCurve: UITimingCurveProvider?
  /// Whether the transition starts interactively (default true).
  open var wantsInteractiveStart = true

  private weak var context: TransitionContext?
  /// The animator's interruptible animator, when it vends one (iOS 10).
  private var interruptible: UIViewImplicitlyAnimating?
  private var driven: [(layer: CALayer, attached: AttachedAnimation, origin: Double)] = []
  private var segment: (startTime: TimeInterval, from: Double, to: Double, length: TimeInterval,
                        curve: CAMediaTimingFunction)?
  private var simulation: Simulation { context?.run?.simulation ?? Simulation.current }

  public override init() { super.init() }

  /// Runs the animator's `animateTransition(using:)` and holds its animations
  /// at 0 % — or, when the animator vends an interruptible animator
  /// (`interruptibleAnimator(using:)`, iOS 10), pauses that animator and
  /// scrubs and continues it instead ("If there is an interruptible animator,
  /// these methods will either scrub or continue the transition").
  open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
    guard let context = transitionContext as? TransitionContext, let run = context.run else { return }
    self.context = context
    percentComplete = 0
    let vended = OptionalRequirement.call { run.animator.interruptibleAnimator(using: context) }
    if vended.implemented {
      simulation.engineChose("UIViewControllerAnimatedTransitioning.interruptibleAnimator(using:)")
      simulation.record(.call, run.animatorName, "interruptibleAnimator(using:)", result: objectName(vended.result))
      interruptible = vended.result
      vended.result.pauseAnimation()
      if !wantsInteractiveStart { vended.result.startAnimation() }
      return
    }
    let created = run.animate()
    if created.isEmpty {
      simulation.warn("The animator of this interactive transition created no UIView animation in animateTransition(using:): UIPercentDrivenInteractiveTransition has nothing to drive, so update(_:) moves nothing on screen")
    }
    driven = created.map { ($0.layer, $0.attached, $0.layer.localTime) }
    for entry in driven { entry.attached.animation.engineDriver = self }
    simulation.invalidateEvents()
    if !wantsInteractiveStart { play(to: 1) }
  }

  /// The interruptible animator this object scrubs and continues, if any.
  var interruptibleAnimator: UIViewImplicitlyAnimating? { interruptible }
  /// Whether the transition it drives runs an interruptible animator.
  var drivesInterruptibleAnimator: Bool { context != nil && interruptible != nil }

  /// Drives animations made for the transition after it started (alongside
  /// animations handed to the coordinator later): they show the same
  /// percent as the others from now on.
  func adopt(_ created: [(layer: CALayer, attached: AttachedAnimation)]) {
    guard context != nil, interruptible == nil, !created.isEmpty else { return }
    let entries = created.map { ($0.layer, $0.attached, $0.layer.localTime) }
    driven += entries
    for entry in entries { entry.1.animation.engineDriver = self }
    simulation.invalidateEvents()
  }

  /// Whether this object is driving a transition's animations now.
  var isDriving: Bool { context != nil && (!driven.isEmpty || interruptible != nil) }

  /// The percentage shown now (moves during finish and cancel).
  var currentPercent: Double {
    if let interruptible { return Self.forwardFraction(of: interruptible) }
    guard let s = segment else { return Double(percentComplete) }
    let u = s.length > 0 ? min(1, max(0, (simulation.now - s.startTime) / s.length)) : 1
    return s.from + (s.to - s.from) * s.curve.progress(at: u)
  }

  func progress(for animation: CAAnimation) -> DrivenProgress {
    let origin = driven.first { $0.attached.animation === animation }?.origin ?? 0
    return .parentTime(origin + currentPercent * Double(duration))
  }

  /// Scrubs to `percentComplete` (clamped to 0…1).
  open func update(_ percentComplete: CGFloat) {
    self.percentComplete = min(max(percentComplete, 0), 1)
    context?.updateInteractiveTransition(self.percentComplete)
    if let interruptible {
      // The percent counts from the start; a reversed animator counts back from the end.
      interruptible.fractionComplete = interruptible.isReversed ? 1 - self.percentComplete : self.percentComplete
    }
  }

  /// How far an animator is from its start, whichever way it runs (its
  /// `fractionComplete` counts the way back once reversed).
  private static func forwardFraction(of animator: UIViewImplicitlyAnimating) -> Double {
    if let property = animator as? UIViewPropertyAnimator { return property.forwardFraction }
    let fraction = Double(animator.fractionComplete)
    return animator.isReversed ? 1 - fraction : fraction
  }

  /// Plays the rest forward; the animations end at 100 %.
  open func finish() {
    context?.finishInteractiveTransition()
    if let interruptible {
      let done = Self.forwardFraction(of: interruptible)
      interruptible.isReversed = false
      continueInterruptible(interruptible, remaining: 1 - done)
    } else {
      play(to: 1)
    }
  }

  /// Plays back to 0 %; the transition reports `transitionWasCancelled`.
  open func cancel() {
    context?.cancelInteractiveTransition()
    if let interruptible {
      let done = Self.forwardFraction(of: interruptible)
      interruptible.isReversed = true
      continueInterruptible(interruptible, remaining: done)
    } else {
      play(to: 0)
    }
  }

  /// Continues the interruptible animator for the rest of its way at `completionSpeed`.
  private func continueInterruptible(_ animator: UIViewImplicitlyAnimating, remaining: Double) {
    let factor = remaining / max(Double(completionSpeed), 0.0001)
    animator.continueAnimation(withTimingParameters: timingCurve, durationFactor: CGFloat(factor))
  }

  /// Pauses a transition that plays (iOS 10).
  open func pause() {
    percentComplete = CGFloat(currentPercent)
    segment = nil
    interruptible?.pauseAnimation()
    context?.pauseInteractiveTransition()
  }

  private func play(to target: Double) {
    let from = currentPercent
    let speed = max(Double(completionSpeed), 0.0001)
    let length = abs(target - from) * Double(duration) / speed
    segment = (simulation.now, from, target, length, completionCurve.timingFunction)
    simulation.schedule(at: simulation.now + length) { [weak self] in self?.reached(target) }
  }

  private func reached(_ target: Double) {
    guard let s = segment, s.to == target else { return }
    segment = nil
    percentComplete = CGFloat(target)
    let entries = driven
    driven = []
    if target == 0 { restoreModelValues(entries) }
    for entry in entries {
      entry.attached.animation.engineDriver = nil
      if entry.layer.attachedAnimations.contains(where: { $0 === entry.attached }) {
        entry.layer.detach(entry.attached, finished: true)
      }
    }
    simulation.invalidateEvents()
  }

  /// A cancel puts back the values the UIView animations replaced.
  private func restoreModelValues(_ entries: [(layer: CALayer, attached: AttachedAnimation, origin: Double)]) {
    for entry in entries.reversed() {
      let animation = entry.attached.animation
      guard animation.engineTag?.hasPrefix("UIView") == true,
            let property = animation as? CAPropertyAnimation, let path = property.keyPath.flatMap(LayerKeyPath.init),
            case .whole = path.component else { continue }
      let model = entry.layer.modelValue(path.key)
      if let basic = animation as? CABasicAnimation, let from = AnimatableValue.unbox(basic.fromValue, like: model) {
        entry.layer.setModelValue(path.key, basic.isAdditive ? model.adding(from) : from)
      } else if let keyframes = animation as? CAKeyframeAnimation,
                let first = keyframes.resolvedValues(base: model).first {
        entry.layer.setModelValue(path.key, first)
      }
    }
  }
}
