import Testing
@testable import TransitionEngine

/// Core Animation: explicit animations, layer timing, transactions, implicit actions.
@Suite struct CoreAnimationTests {
  @Test("CABasicAnimation from/to/by combinations resolve as Core Animation documents")
  func fromToBy() {
    let base = AnimatableValue.scalar(10)
    func ends(_ from: Any?, _ to: Any?, _ by: Any?) -> (AnimatableValue, AnimatableValue) {
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = from
      a.toValue = to
      a.byValue = by
      return a.endpoints(base: base)
    }
    #expect(ends(1, 2, nil) == (.scalar(1), .scalar(2)))
    #expect(ends(1, nil, 3) == (.scalar(1), .scalar(4)))
    #expect(ends(nil, 5, 3) == (.scalar(2), .scalar(5)))
    #expect(ends(1, nil, nil) == (.scalar(1), .scalar(10)))
    #expect(ends(nil, 5, nil) == (.scalar(10), .scalar(5)))
    #expect(ends(nil, nil, 3) == (.scalar(10), .scalar(13)))
  }

  @Test("An explicit animation leaves the model alone; with fillMode .forwards and not removed it holds the end")
  func explicitAnimationAndFill() {
    Simulation.run { sim in
      let layer = CALayer()
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 1
      a.toValue = 0
      a.duration = 1
      layer.add(a, forKey: "fade")
      sim.advance(to: 0.5)
      expectClose(Double(layer.presentation()!.opacity), 0.5)
      sim.advance(to: 2)
      #expect(layer.presentation()!.opacity == 1, "removed at the end: the model value shows again")
      #expect(layer.animation(forKey: "fade") == nil)

      let held = CABasicAnimation(keyPath: "position.x")
      held.toValue = 300
      held.duration = 1
      held.fillMode = .forwards
      held.isRemovedOnCompletion = false
      layer.add(held, forKey: "move")
      sim.advance(by: 5)
      #expect(layer.presentation()!.position.x == 300)
      #expect(layer.position.x == 0)
      #expect(layer.animation(forKey: "move") != nil)
    }
  }

  @Test("Delegate hears animationDidStart, then animationDidStop(finished:)")
  func delegateCallbacks() {
    final class Recorder: NSObject, CAAnimationDelegate {
      var log: [String] = []
      let sim: Simulation
      init(_ sim: Simulation) { self.sim = sim }
      func animationDidStart(_ anim: CAAnimation) { log.append("start \(sim.now)") }
      func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop \(sim.now) \(flag)") }
    }
    Simulation.run { sim in
      let layer = CALayer()
      let recorder = Recorder(sim)
      let a = CABasicAnimation(keyPath: "position.y")
      a.toValue = 100
      a.duration = 0.5
      a.beginTime = CACurrentMediaTime() + 0.25
      a.delegate = recorder
      layer.add(a, forKey: nil)
      sim.runUntilIdle()
      #expect(recorder.log == ["start 0.25", "stop 0.75 true"])
    }
  }

  @Test("Pause and scrub: layer speed 0 and timeOffset drive the animations inside")
  func pauseAndScrub() {
    Simulation.run { sim in
      let container = CALayer()
      let layer = CALayer()
      container.addSublayer(layer)
      container.speed = 0
      let a = CABasicAnimation(keyPath: "position.x")
      a.fromValue = 0
      a.toValue = 100
      a.duration = 2
      layer.add(a, forKey: nil)
      sim.advance(to: 5)
      #expect(layer.presentation()!.position.x == 0, "paused: time does not pass")
      container.timeOffset = 1.5
      #expect(layer.presentation()!.position.x == 75)
      // Resume (the classic technique).
      let paused = container.timeOffset
      container.speed = 1
      container.timeOffset = 0
      container.beginTime = 0
      container.beginTime = container.convertTime(CACurrentMediaTime(), from: nil) - paused
      expectClose(layer.presentation()!.position.x, 75, 1e-9)
      sim.advance(by: 0.25)
      expectClose(layer.presentation()!.position.x, 87.5, 1e-9)
      sim.runUntilIdle()
      #expect(sim.now == 5.5)
    }
  }

  @Test("Standalone layers on screen animate implicitly for 0.25 s; new layers, view layers and disabled actions do not")
  func implicitAnimations() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let layer = CALayer()
      layer.opacity = 0.5
      #expect(layer.animation(forKey: "opacity") == nil, "never rendered: nothing to animate from")
      layer.opacity = 1
      window.layer.addSublayer(layer)
      sim.advance(by: 0)
      layer.opacity = 0
      #expect(layer.animation(forKey: "opacity") != nil)
      sim.advance(to: 0.125)
      let expected = 1 - referenceBezier(f(0.25), f(0.1), f(0.25), 1, at: 0.5)
      expectClose(Double(layer.presentation()!.opacity), expected, 1e-6)

      CATransaction.begin()
      CATransaction.setDisableActions(true)
      layer.position = CGPoint(x: 10, y: 10)
      CATransaction.commit()
      #expect(layer.animation(forKey: "position") == nil)

      let view = UIView(frame: .zero)
      view.layer.opacity = 0.5
      #expect(view.layer.animation(forKey: "opacity") == nil)
    }
  }

  @Test("CATransaction: duration applies to implicit animations; the completion block waits for them")
  func transactionCompletion() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let layer = CALayer()
      window.layer.addSublayer(layer)
      sim.advance(by: 0)
      var doneAt: TimeInterval?
      CATransaction.begin()
      CATransaction.setAnimationDuration(2)
      CATransaction.setCompletionBlock { doneAt = sim.now }
      layer.opacity = 0
      CATransaction.commit()
      #expect(layer.animation(forKey: "opacity")?.duration == 2)
      sim.runUntilIdle()
      #expect(doneAt == 2)
    }
  }

  @Test("Animation groups time their children in the group's time")
  func groups() {
    Simulation.run { sim in
      let layer = CALayer()
      let move = CABasicAnimation(keyPath: "position.x")
      move.fromValue = 0
      move.toValue = 100
      move.duration = 1
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 1
      fade.toValue = 0
      fade.beginTime = 1
      fade.duration = 1
      let group = CAAnimationGroup()
      group.animations = [move, fade]
      group.duration = 2
      layer.add(group, forKey: "group")
      sim.advance(to: 0.5)
      #expect(layer.presentation()!.position.x == 50)
      #expect(layer.presentation()!.opacity == 1)
      sim.advance(to: 1.5)
      expectClose(Double(layer.presentation()!.opacity), 0.5)
    }
  }

  @Test("Transform field key paths: transform.rotation.z")
  func fieldKeyPaths() {
    Simulation.run { sim in
      let layer = CALayer()
      let spin = CABasicAnimation(keyPath: "transform.rotation.z")
      spin.fromValue = 0
      spin.toValue = CGFloat.pi
      spin.duration = 1
      layer.add(spin, forKey: nil)
      sim.advance(to: 0.5)
      let t = layer.presentation()!.transform
      expectClose(t.m11, 0, 1e-9)
      expectClose(t.m12, 1, 1e-9)
    }
  }

  @Test("NSValue(caTransform3D:) round-trips and animates")
  func nsValueTransforms() {
    Simulation.run { sim in
      let value = NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))
      #expect(value.caTransform3DValue == CATransform3DMakeScale(2, 2, 1))
      let layer = CALayer()
      let a = CABasicAnimation(keyPath: "transform")
      a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
      a.toValue = value
      a.duration = 1
      layer.add(a, forKey: nil)
      sim.advance(to: 0.5)
      expectClose(layer.presentation()!.transform.m11, 1.5, 1e-9)
    }
  }

  @Test("Shape layer paths interpolate point by point: the circular reveal")
  func circularReveal() {
    Simulation.run { sim in
      let mask = CAShapeLayer()
      let small = UIBezierPath(ovalIn: CGRect(x: 150, y: 270, width: 20, height: 20)).cgPath
      let big = UIBezierPath(ovalIn: CGRect(x: -240, y: -120, width: 800, height: 800)).cgPath
      mask.path = big
      let reveal = CABasicAnimation(keyPath: "path")
      reveal.fromValue = small
      reveal.toValue = big
      reveal.duration = 1
      mask.add(reveal, forKey: "reveal")
      sim.advance(to: 0.5)
      let box = mask.presentation()!.path!.boundingBox
      expectClose(box, CGRect(x: -45, y: 75, width: 410, height: 410), 1e-9)
    }
  }

  @Test("Layer frame derives from bounds, anchor point, position and transform")
  func layerFrame() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    layer.anchorPoint = CGPoint(x: 0, y: 0)
    layer.position = CGPoint(x: 10, y: 20)
    #expect(layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    layer.transform = CATransform3DMakeScale(2, 2, 1)
    #expect(layer.frame == CGRect(x: 10, y: 20, width: 200, height: 100))
    layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
    #expect(layer.frame == CGRect(x: -90, y: -30, width: 200, height: 100))
  }
}
