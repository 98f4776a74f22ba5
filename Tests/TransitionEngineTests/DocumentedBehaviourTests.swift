import Testing
@testable import TransitionEngine

// Smaller documented behaviours (Engine III): each test quotes the Apple
// reference page or header it is written from.

/// Passes a caller's closure through to the iOS 17 spring animation: this
/// compiles only if `animations` is not escaping, as the SDK declares it
/// (`animations: () -> Void`).
private func springIn(_ view: UIView, _ animations: () -> Void) {
  UIView.animate(springDuration: 0.5, bounce: 0.2, animations: animations)
}

@Suite struct DocumentedBehaviourTests {
  // MARK: UIViewPropertyAnimator

  @Test("finishAnimation(at:) after stopAnimation(false): .end sets the block's values, .start the values before it, .current leaves them")
  func finishAfterStop() {
    // UIViewAnimatingPosition.end: "the final values for any animatable
    // properties—that is, … the values you specified in your animation
    // blocks"; .start: "the values of the properties before you applied any
    // animations"; finishAnimation(at:) "specify .current to leave the view
    // properties unchanged from their current values".
    for (position, expected) in [(UIViewAnimatingPosition.end, 200.0), (.start, 0.0), (.current, 50.0)] {
      Simulation.run { sim in
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 200 }
        var finished: [UIViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        animator.startAnimation()
        sim.advance(by: 0.25)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        expectClose(view.frame.minX, 50, 1e-9)   // stopAnimation: "the values … last rendered"
        animator.finishAnimation(at: position)
        #expect(animator.state == .inactive)
        expectClose(view.frame.minX, expected, 1e-9)
        sim.runUntilIdle()
        expectClose(shown(view).frame.minX, expected, 1e-9)
        #expect(finished == [position], "completions run with the position given")
      }
    }
  }

  // MARK: UICubicTimingParameters

  @Test("UICubicTimingParameters(animationCurve:) reports the curve and zero control points, and times with the curve")
  func cubicParametersFromCurve() {
    // controlPoint2: "If you initialized the object with a UIView.AnimationCurve
    // value instead, this property is set to CGPointZero" (the same for
    // controlPoint1); animationCurve: "reflects the curve you specified".
    for curve in [UIView.AnimationCurve.easeIn, .easeOut, .easeInOut, .linear] {
      let parameters = UICubicTimingParameters(animationCurve: curve)
      #expect(parameters.controlPoint1 == .zero)
      #expect(parameters.controlPoint2 == .zero)
      #expect(parameters.animationCurve == curve)
    }
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1,
                                            timingParameters: UICubicTimingParameters(animationCurve: .easeIn))
      animator.addAnimations { view.frame.origin.x = 100 }
      animator.startAnimation()
      sim.advance(by: 0.5)
      // easeIn is (0.42, 0), (1, 1) (CAMediaTimingFunctionName.easeIn).
      expectClose(shown(view).frame.minX, 100 * referenceBezier(f(0.42), 0, 1, 1, at: 0.5), 1e-4)
    }
  }

  @Test("UICubicTimingParameters() is the default Core Animation curve, (0.25, 0.1), (0.25, 1)")
  func cubicParametersDefault() {
    // init(): "Use this method to create a timing curve based on the default
    // Core Animation timing function" (header: "initializes with the default
    // CA timing curve"); CAMediaTimingFunctionName.default is (0.25, 0.1), (0.25, 1).
    let parameters = UICubicTimingParameters()
    expectClose(parameters.controlPoint1, CGPoint(x: f(0.25), y: f(0.1)), 1e-9)
    expectClose(parameters.controlPoint2, CGPoint(x: f(0.25), y: 1), 1e-9)
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UICubicTimingParameters())
      animator.addAnimations { view.frame.origin.x = 100 }
      animator.startAnimation()
      sim.advance(by: 0.3)
      expectClose(shown(view).frame.minX, 100 * referenceBezier(f(0.25), f(0.1), f(0.25), 1, at: 0.3), 1e-4)
    }
    // Control points given are reported as given.
    let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.3, y: 1))
    #expect(custom.controlPoint1 == CGPoint(x: 0.2, y: 0.8))
    #expect(custom.controlPoint2 == CGPoint(x: 0.3, y: 1))
  }

  // MARK: The root view

  @Test("The root view loadView makes resizes with its superview (flexible width and height)")
  func rootViewAutoresizing() {
    Simulation.run { sim in
      let controller = UIViewController()
      #expect(controller.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
      let holder = UIView(frame: UIScreen.main.bounds)
      holder.addSubview(controller.view)
      holder.frame = CGRect(x: 0, y: 0, width: 568, height: 320)
      #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 568, height: 320), "it follows its superview")
    }
  }

  // MARK: Enabling animations

  @Test("setAnimationsEnabled(false): blocks still run, their changes are made at once, the completion follows; running animations go on")
  func animationsDisabled() {
    // setAnimationsEnabled(_:): "code inside subsequent animation blocks is
    // still executed but no animations actually occur … This method affects
    // only those animations that are submitted after it is invoked. If you
    // call this method while existing animations are running, those
    // animations continue running until they reach their natural end point."
    Simulation.run { sim in
      let running = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { running.alpha = 0 })
      #expect(UIView.areAnimationsEnabled)
      UIView.setAnimationsEnabled(false)
      #expect(!UIView.areAnimationsEnabled)
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var finished: Bool?
      UIView.animate(withDuration: 1, animations: { view.frame.origin.x = 100 }, completion: { finished = $0 })
      #expect(view.layer.animationKeys() == nil || view.layer.animationKeys()!.isEmpty)
      expectClose(shown(view).frame.minX, 100, 1e-9)
      sim.advance(by: 0)
      #expect(finished == true)
      sim.advance(by: 0.5)
      expectClose(Double(shown(running).opacity), 0.5, 1e-6)
      UIView.setAnimationsEnabled(true)
      UIView.animate(withDuration: 1, animations: { view.frame.origin.x = 0 })
      #expect(view.layer.animationKeys()?.isEmpty == false)
    }
  }

  @Test("performWithoutAnimation inside an animation block makes its changes at once")
  func performWithoutAnimationInsideBlock() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.animate(withDuration: 1) {
        UIView.performWithoutAnimation { view.alpha = 0.5 }
        view.frame.origin.x = 100
      }
      sim.advance(by: 0.1)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
      #expect(shown(view).frame.minX < 100)
    }
  }

  // MARK: modifyAnimations

  @Test("modifyAnimations(withRepeatCount:autoreverses:) repeats the block's animations, forward and back")
  func modifyAnimations() {
    // "Repeats the specified animations a specific number of times,
    // optionally running the animation forward and backward. … You must call
    // this method from within an enclosing animation block."
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var finishedAt: Double?
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { view.alpha = 0 }
        other.alpha = 0
      }, completion: { _ in finishedAt = sim.now })
      sim.advance(to: 0.5)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)
      sim.advance(to: 1.5)
      expectClose(Double(shown(view).opacity), 0.5, 1e-6)   // coming back
      sim.advance(to: 2.25)
      expectClose(Double(shown(view).opacity), 0.75, 1e-6)   // second cycle, forward again
      #expect(shown(other).opacity == 0, "only the changes inside are repeated")
      sim.runUntilIdle()
      expectClose(finishedAt ?? -1, 4, 1e-9)
      #expect(view.alpha == 0, "then the model value")
    }
    // Outside an animation block there is nothing to modify: no animation.
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.modifyAnimations(withRepeatCount: 3, autoreverses: false) { view.alpha = 0 }
      #expect(view.layer.animationKeys() == nil || view.layer.animationKeys()!.isEmpty)
      #expect(view.alpha == 0)
    }
  }

  // MARK: Child view controller transitions

  @Test("transition(from:to:…) adds the new child's view, removes the old one after the animations, and sends the appearance calls")
  func childTransition() {
    // "This method adds the second view controller's view to the view
    // hierarchy and then performs the animations defined in your animations
    // block. After the animation completes, it removes the first view
    // controller's view from the view hierarchy."
    Simulation.run { sim in
      let container = LoggingController("Container")
      let first = LoggingController("First"), second = LoggingController("Second")
      container.addChild(first)
      container.view.addSubview(first.view)
      first.didMove(toParent: container)
      _ = showing(container, in: sim)
      #expect(first.log == ["willAppear", "didAppear"])
      first.log = []
      container.addChild(second)
      first.willMove(toParent: nil)
      second.view.alpha = 0
      var events: [String] = []
      let start = sim.now
      container.transition(from: first, to: second, duration: 0.3, options: .curveLinear, animations: {
        second.view.alpha = 1
      }, completion: { finished in
        events.append("completion \(finished) first=\(first.log) second=\(second.log) firstInHierarchy=\(first.view.superview != nil)")
        second.didMove(toParent: container)
        first.removeFromParent()
      })
      #expect(second.view.superview === container.view, "added at once, beside the old view")
      #expect(first.view.superview === container.view)
      #expect(first.log == ["willDisappear"])
      #expect(second.log == ["willAppear"])
      sim.advance(to: start + 0.15)
      expectClose(Double(shown(second.view).opacity), 0.5, 1e-6)
      sim.runUntilIdle()
      #expect(events == [
        "completion true first=[\"willDisappear\", \"didDisappear\"] second=[\"willAppear\", \"didAppear\"] firstInHierarchy=false",
      ])
      #expect(container.children == [second])
      #expect(!sim.diagnostics.contains { $0.message.hasPrefix("Unbalanced") })
    }
  }

  // MARK: Springs

  @Test("CASpringAnimation(perceptualDuration:bounce:): mass 1, stiffness (2π/d)², damping from the bounce; perceptualDuration and bounce read back")
  func springFromPerceptualDuration() {
    // WWDC 2023 "Animate with springs": mass = 1, stiffness = (2π ÷ duration)²,
    // damping = ((1 − bounce) × 4π) ÷ duration for bounce ≥ 0 and
    // 4π ÷ (duration × (1 + bounce)) for bounce < 0. SwiftUI's Spring
    // documents the example (0.5, 0.3) → (1, 157.9, 17.6).
    let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
    expectClose(bouncy.mass, 1, 1e-12)
    expectClose(bouncy.stiffness, pow(2 * .pi / 0.5, 2), 1e-9)
    expectClose(bouncy.damping, (1 - 0.3) * 4 * .pi / 0.5, 1e-9)
    expectClose(bouncy.stiffness, 157.9, 0.05)
    expectClose(bouncy.damping, 17.6, 0.05)
    expectClose(bouncy.perceptualDuration, 0.5, 1e-9)
    expectClose(bouncy.bounce, 0.3, 1e-9)
    let flat = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
    expectClose(flat.damping, 4 * .pi / (0.5 * (1 - 0.5)), 1e-9)
    expectClose(flat.perceptualDuration, 0.5, 1e-9)
    expectClose(flat.bounce, -0.5, 1e-9)
    // From physical parameters: SwiftUI documents (1, 100, 10) → duration 0.63, bounce 0.5.
    let physical = CASpringAnimation()
    physical.mass = 1
    physical.stiffness = 100
    physical.damping = 10
    expectClose(physical.perceptualDuration, 0.63, 0.005)
    expectClose(physical.bounce, 0.5, 1e-9)
  }

  @Test("UIView.animate(springDuration:…) takes a closure the caller passes through, and runs it with a spring")
  func springDurationNonEscaping() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      springIn(view) { view.frame.origin.x = 100 }
      #expect(view.frame.minX == 100, "the block ran before the call returned")
      let animation = view.layer.animationKeys().flatMap { $0.first }.flatMap { view.layer.animation(forKey: $0) }
      let spring = animation as? CASpringAnimation
      #expect(spring != nil)
      expectClose(spring?.stiffness ?? 0, pow(2 * .pi / 0.5, 2), 1e-6)
      expectClose(spring?.damping ?? 0, (1 - 0.2) * 4 * .pi / 0.5, 1e-6)
      sim.runUntilIdle()
      expectClose(shown(view).frame.minX, 100, 1e-9)
    }
  }
}
