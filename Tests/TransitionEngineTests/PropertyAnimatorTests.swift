import Testing
@testable import TransitionEngine

/// UIViewPropertyAnimator: running, pausing, scrubbing, reversing, stopping, finishing.
@Suite struct PropertyAnimatorTests {
  @Test("Runs with its curve and calls completions with .end")
  func runsToEnd() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
      #expect(animator.state == .inactive)
      #expect(view.center.x == 5, "blocks run only when the animator starts")
      var position: UIViewAnimatingPosition?
      animator.addCompletion { position = $0 }
      animator.startAnimation()
      #expect(animator.state == .active)
      #expect(animator.isRunning)
      sim.advance(to: 0.25)
      expectClose(shown(view).position.x, 30, 1e-9)
      expectClose(animator.fractionComplete, 0.25, 1e-12)
      sim.runUntilIdle()
      #expect(position == .end)
      #expect(animator.state == .inactive)
      #expect(sim.now == 1)
      #expect(view.layer.animationKeys() == nil)
      #expect(shown(view).position.x == 105)
    }
  }

  @Test("Paused, fractionComplete scrubs linearly by default; with scrubsLinearly false it follows the curve")
  func scrubbing() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 105 }
      animator.pauseAnimation()
      #expect(animator.state == .active)
      #expect(!animator.isRunning)
      animator.fractionComplete = 0.5
      expectClose(shown(view).position.x, 55, 1e-9)
      sim.advance(by: 3)
      expectClose(shown(view).position.x, 55, 1e-9)
      animator.scrubsLinearly = false
      animator.fractionComplete = 0.5
      expectClose(shown(view).position.x, 5 + 100 * referenceBezier(f(0.42), 0, 1, 1, at: 0.5), 1e-6)
    }
  }

  @Test("Reversed, it runs back to the start and restores the model values")
  func reversal() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
      var position: UIViewAnimatingPosition?
      animator.addCompletion { position = $0 }
      animator.startAnimation()
      sim.advance(to: 0.6)
      animator.isReversed = true
      expectClose(shown(view).position.x, 65, 1e-9)
      sim.advance(to: 0.9)
      expectClose(shown(view).position.x, 35, 1e-9)
      sim.runUntilIdle()
      #expect(sim.now == 1.2)
      #expect(position == .start)
      #expect(view.center.x == 5)
    }
  }

  @Test("Reversed, fractionComplete counts the way back, read and set (iOS 11 and later)")
  func reversedFraction() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
      animator.startAnimation()
      sim.advance(to: 0.7)
      expectClose(animator.fractionComplete, 0.7, 1e-9)
      animator.isReversed = true
      expectClose(animator.fractionComplete, 0.3, 1e-9)
      sim.advance(to: 0.9)
      expectClose(shown(view).position.x, 55, 1e-9)
      expectClose(animator.fractionComplete, 0.5, 1e-9)
      animator.pauseAnimation()
      animator.fractionComplete = 0.75   // three quarters of the way back: a quarter from the start
      expectClose(shown(view).position.x, 30, 1e-9)
      animator.isReversed = false
      expectClose(animator.fractionComplete, 0.25, 1e-9)
    }
  }

  @Test("continueAnimation resumes a paused animator from where it is, over durationFactor × duration")
  func continueAfterScrub() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
      animator.pauseAnimation()
      animator.fractionComplete = 0.5
      animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.25)
      sim.advance(by: 0.25)
      expectClose(Double(shown(view).opacity), 0.25, 1e-6)
      sim.runUntilIdle()
      #expect(sim.now == 0.5)
      #expect(view.alpha == 0)
    }
  }

  @Test("continueAnimation with a spring starts at its initial velocity, relative to the distance left, per second")
  func continueWithSpringVelocity() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 205 }
      animator.pauseAnimation()
      animator.fractionComplete = 0.5                        // x = 105, 100 points left
      let spring = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 4, dy: 0))
      animator.continueAnimation(withTimingParameters: spring, durationFactor: 0.5)
      sim.advance(by: 0.001)
      // 4 × 100 points per second at the start: 0.4 points in the first millisecond.
      expectClose(shown(view).position.x, 105.4, 0.02)
      sim.runUntilIdle()
      expectClose(sim.now, 0.5, 1e-9)
      #expect(view.center.x == 205)
    }
  }

  @Test("stopAnimation(false) keeps what is on screen; finishAnimation(at: .current) completes there")
  func stopAndFinish() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
      var position: UIViewAnimatingPosition?
      animator.addCompletion { position = $0 }
      animator.startAnimation()
      sim.advance(to: 0.3)
      animator.stopAnimation(false)
      #expect(animator.state == .stopped)
      expectClose(view.center.x, 35, 1e-9)
      #expect(position == nil)
      animator.finishAnimation(at: .current)
      #expect(position == .current)
      #expect(animator.state == .inactive)
      expectClose(view.center.x, 35, 1e-9)
    }
  }

  @Test("stopAnimation(true) goes inactive without completions")
  func stopWithoutFinishing() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.alpha = 0 }
      var called = false
      animator.addCompletion { _ in called = true }
      animator.startAnimation()
      sim.advance(to: 0.2)
      animator.stopAnimation(true)
      sim.runUntilIdle()
      #expect(animator.state == .inactive)
      #expect(!called)
    }
  }

  @Test("pausesOnCompletion keeps the animator active at the end, without completions")
  func pausesOnCompletion() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
      animator.pausesOnCompletion = true
      var called = false
      animator.addCompletion { _ in called = true }
      animator.startAnimation()
      sim.runUntilIdle()
      #expect(animator.state == .active)
      #expect(animator.fractionComplete == 1)
      #expect(!called)
      animator.isReversed = true
      animator.startAnimation()
      sim.advance(by: 0.5)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
    }
  }

  @Test("A spring animator overshoots like the UIView spring of the same damping")
  func springAnimator() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { view.center.x = 100 }
      animator.startAnimation()
      var peak: CGFloat = 0
      for i in 1...60 {
        sim.advance(to: Double(i) / 60)
        peak = max(peak, shown(view).position.x)
      }
      #expect(peak > 130)
      sim.runUntilIdle()
      #expect(shown(view).position.x == 100)
    }
  }

  @Test("addAnimations(_:delayFactor:) starts the block's animations later in the timeline")
  func delayFactor() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
      animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
      animator.startAnimation()
      sim.advance(to: 0.4)
      #expect(shown(view).opacity == 1)
      sim.advance(to: 0.75)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
    }
  }

  @Test("runningPropertyAnimator starts at once with the options' curve")
  func runningAnimator() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      let animator = UIViewPropertyAnimator.runningPropertyAnimator(
        withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
      #expect(animator.isRunning)
      sim.advance(to: 0.75)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
    }
  }
}
