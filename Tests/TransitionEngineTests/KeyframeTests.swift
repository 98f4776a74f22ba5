import Testing
@testable import TransitionEngine

/// `UIView.animateKeyframes` and `CAKeyframeAnimation`'s calculation modes.
@Suite struct KeyframeTests {
  @Test("UIKit builds one CAKeyframeAnimation per property: keyTimes (0, 0.1, 1), values (1, 0, 0)")
  func keyframeAnimationShape() throws {
    try Simulation.run { _ in
      let view = UIView(frame: .zero)
      UIView.animateKeyframes(withDuration: 10, delay: 0, options: [], animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { view.alpha = 0 }
      })
      let animation = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
      #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.1, 1])
      #expect(animation.values?.compactMap { $0 as? CGFloat } == [1, 0, 0])
      #expect(animation.calculationMode == .linear)
      #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
      #expect(animation.duration == 10)
    }
  }

  @Test("The flip: first half rotates one view, second half the other; ease-in-out paces the whole")
  func twoHalves() {
    Simulation.run { sim in
      let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      back.layer.transform = CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)
      var done = false
      UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeLinear, animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          front.layer.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        }
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          back.layer.transform = CATransform3DIdentity
        }
      }, completion: { _ in done = true })
      sim.advance(to: 0.25)
      let p = referenceBezier(f(0.42), 0, f(0.58), 1, at: 0.25)  // eased overall progress
      let angle = (.pi / 2) * (p / 0.5)
      expectClose(shown(front).transform.m22, cos(angle), 1e-6)
      expectClose(shown(back).transform.m23, sin(-.pi / 2), 1e-9)  // still held at −90°
      sim.advance(to: 0.5)
      expectClose(shown(front).transform.m22, 0, 1e-6)  // edge-on
      sim.runUntilIdle()
      #expect(done)
      #expect(CATransform3DIsIdentity(shown(back).transform))
    }
  }

  @Test("A keyframe starting later holds the previous value until it starts")
  func laterStartHolds() throws {
    try Simulation.run { sim in
      let view = UIView(frame: .zero)
      UIView.animateKeyframes(withDuration: 2, delay: 0, options: UIView.KeyframeAnimationOptions(
        rawValue: UIView.AnimationOptions.curveLinear.rawValue), animations: {
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.alpha = 0.5 }
      })
      let animation = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
      #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.5, 0.75, 1])
      sim.advance(to: 0.9)
      #expect(shown(view).opacity == 1)
      sim.advance(to: 1.25)
      expectClose(Double(shown(view).opacity), 0.75, 1e-6)
      sim.advance(to: 1.75)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
    }
  }

  @Test("CAKeyframeAnimation modes: linear, discrete, paced, cubic")
  func calculationModes() {
    let values: [AnimatableValue] = [.scalar(0), .scalar(10), .scalar(40)]
    let animation = CAKeyframeAnimation(keyPath: "opacity")
    animation.keyTimes = [0, 0.5, 1]
    animation.calculationMode = .linear
    #expect(animation.interpolate(values: values, at: 0.25) == .scalar(5))
    #expect(animation.interpolate(values: values, at: 0.75) == .scalar(25))
    animation.calculationMode = .discrete
    animation.keyTimes = nil  // discrete without key times: n equal intervals
    #expect(animation.interpolate(values: values, at: 0.3) == .scalar(0))
    #expect(animation.interpolate(values: values, at: 0.4) == .scalar(10))
    #expect(animation.interpolate(values: values, at: 0.9) == .scalar(40))
    animation.calculationMode = .paced  // constant velocity: 0→10 is a quarter of the distance
    #expect(animation.interpolate(values: values, at: 0.25) == .scalar(10))
    #expect(animation.interpolate(values: values, at: 0.625) == .scalar(25))
    animation.calculationMode = .cubic  // Catmull-Rom passes through the keyframes…
    animation.keyTimes = [0, 0.5, 1]
    #expect(animation.interpolate(values: values, at: 0.5) == .scalar(10))
    // …and at a quarter: p1 + h01·(p2 − p1) + h10·m1 + h11·m2 with end tangents from clamped neighbours.
    let t = 0.5, h10 = (t * t * t - 2 * t * t + t) * 0.5, h01 = -2 * t * t * t + 3 * t * t, h11 = (t * t * t - t * t) * 0.5
    let expected = 0 + h01 * 10 + h10 * (10 - 0) + h11 * (40 - 0)
    if case .scalar(let v) = animation.interpolate(values: values, at: 0.25)! { expectClose(v, expected, 1e-12) }
  }

  @Test("Per-segment timing functions shape each segment")
  func segmentTiming() {
    let animation = CAKeyframeAnimation(keyPath: "opacity")
    animation.keyTimes = [0, 0.5, 1]
    animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
    let values: [AnimatableValue] = [.scalar(0), .scalar(1), .scalar(2)]
    let v = animation.interpolate(values: values, at: 0.25)!.scalar
    expectClose(v, referenceBezier(f(0.42), 0, 1, 1, at: 0.5), 1e-6)
    #expect(animation.interpolate(values: values, at: 0.75)!.scalar == 1.5)
  }
}
