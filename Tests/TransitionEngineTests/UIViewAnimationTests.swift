import Testing
@testable import TransitionEngine

/// UIView block animations: curves, delays, springs, completion order and
/// `finished` flags, additive blending, nesting.
@Suite struct UIViewAnimationTests {
  @Test("Default curve is ease-in-out with Core Animation's control points (0.42, 0) (0.58, 1)")
  func easeInOutPresentationFollowsBezier() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      UIView.animate(withDuration: 2) { view.center = CGPoint(x: 250, y: 50) }
      #expect(view.center == CGPoint(x: 250, y: 50), "the model value changes at once")
      for t in [0.1, 0.5, 0.9, 1.3, 1.9] {
        sim.advance(to: t)
        let y = referenceBezier(f(0.42), 0, f(0.58), 1, at: t / 2)
        expectClose(shown(view).position.x, 50 + 200 * y, 1e-6)
      }
      sim.advance(to: 2)
      #expect(shown(view).position == CGPoint(x: 250, y: 50))
    }
  }

  @Test("Each option curve samples its Bézier", arguments: [
    (UIView.AnimationOptions.curveEaseIn, 0.42, 0.0, 1.0, 1.0),
    (.curveEaseOut, 0.0, 0.0, 0.58, 1.0),
    (.curveLinear, 0.0, 0.0, 1.0, 1.0),
  ])
  func optionCurves(option: UIView.AnimationOptions, c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.animate(withDuration: 1, delay: 0, options: option, animations: { view.alpha = 0 })
      for t in [0.2, 0.4, 0.6, 0.8] {
        sim.advance(to: t)
        let expected = 1 - referenceBezier(f(c1x), f(c1y), f(c2x), f(c2y), at: t)
        expectClose(Double(shown(view).opacity), expected, 1e-6)
      }
    }
  }

  @Test("A delay shows the old value until the animation starts, then runs the full duration")
  func delayFillsBackwards() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var finishedAt: TimeInterval?
      UIView.animate(withDuration: 1, delay: 0.5, options: [.curveLinear],
                     animations: { view.alpha = 0 }, completion: { _ in finishedAt = sim.now })
      sim.advance(to: 0.4)
      #expect(shown(view).opacity == 1)
      sim.advance(to: 1.0)
      expectClose(Double(shown(view).opacity), 0.5)
      sim.runUntilIdle()
      #expect(finishedAt == 1.5)
    }
  }

  @Test("Completion runs when the animation ends, with finished == true")
  func completionAtEnd() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      var calls: [(TimeInterval, Bool)] = []
      UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.5 }, completion: { calls.append((sim.now, $0)) })
      sim.advance(to: 0.29)
      #expect(calls.isEmpty)
      sim.advance(to: 1)
      #expect(calls.count == 1)
      #expect(calls.first?.0 == 0.3)
      #expect(calls.first?.1 == true)
    }
  }

  @Test("Removing the animations calls the completion with finished == false on the next turn")
  func removedAnimationReportsUnfinished() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      var finished: Bool?
      UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
      sim.advance(to: 0.5)
      view.layer.removeAllAnimations()
      #expect(finished == nil, "reported on the next run-loop turn, not synchronously")
      sim.advance(by: 0)
      #expect(finished == false)
      #expect(shown(view).opacity == 0, "the model value shows once the animation is gone")
    }
  }

  @Test("Zero duration and blocks that change nothing complete on the next run-loop turn")
  func immediateCompletions() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      var order: [String] = []
      UIView.animate(withDuration: 0, animations: { view.alpha = 0.2 }, completion: { _ in order.append("zero") })
      UIView.animate(withDuration: 1, animations: {}, completion: { _ in order.append("nothing") })
      #expect(order.isEmpty)
      #expect(view.alpha == CGFloat(Float(0.2)))
      sim.advance(by: 0)
      #expect(order == ["zero", "nothing"])
      #expect(sim.now == 0)
    }
  }

  @Test("Animations started in a completion block chain after the first")
  func chainedAnimations() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var log: [String] = []
      UIView.animate(withDuration: 0.5, animations: { view.center.x = 100 }, completion: { _ in
        log.append("first \(sim.now)")
        UIView.animate(withDuration: 0.25, animations: { view.center.y = 100 }, completion: { _ in
          log.append("second \(sim.now)")
        })
      })
      sim.runUntilIdle()
      #expect(log == ["first 0.5", "second 0.75"])
      #expect(shown(view).position == CGPoint(x: 100, y: 100))
    }
  }

  @Test("A second animation of the same property blends additively with the first (iOS 8+)")
  func additiveBlending() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))  // center.x = 5
      var finished: [Bool] = []
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                     animations: { view.center.x = 105 }, completion: { finished.append($0) })
      sim.advance(to: 0.5)  // shown at 55
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                     animations: { view.center.x = 5 }, completion: { finished.append($0) })
      expectClose(shown(view).position.x, 55, 1e-9)  // no jump
      sim.advance(to: 1.0)
      // First: 105 + (5 − 105)(1 − 1) = 105 at its end… plus second: (105 − 5)(1 − 0.5)
      expectClose(shown(view).position.x, 5 + 100 * 0.5 + 0, 1e-9)
      #expect(finished == [true], "the first animation runs to its end")
      sim.runUntilIdle()
      #expect(finished == [true, true])
      #expect(view.layer.animationKeys() == nil)
    }
  }

  @Test("Nested blocks inherit the outer duration and curve unless overridden")
  func nestedInheritance() {
    Simulation.run { sim in
      let a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero)
      UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
        a.alpha = 0
        UIView.animate(withDuration: 0.5) { b.alpha = 0 }
        UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve],
                       animations: { c.alpha = 0 })
      })
      sim.advance(to: 0.5)
      expectClose(Double(shown(a).opacity), 0.75)
      expectClose(Double(shown(b).opacity), 0.75, 1e-6)
      #expect(shown(c).opacity == 0)
    }
  }

  @Test("UIKit spring: stiffness from Framer's fit, presentation follows the damped oscillator")
  func springMatchesClosedForm() throws {
    try Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0, options: [],
                     animations: { view.center.x = 250 })
      let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
      let k = Double(spring.stiffness), c = Double(spring.damping)
      let zeta = c / (2 * k.squareRoot()), w0 = k.squareRoot()
      expectClose(zeta, 0.4, 1e-9)
      // Framer's fit: the envelope term at t = duration equals ε = 0.001.
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      expectClose((zeta * w0) / wd * exp(-zeta * w0 * 1), 0.001, 1e-9)
      for t in stride(from: 0.05, to: 1, by: 0.05) {
        sim.advance(to: t)
        let x = 1 - exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0) / wd * sin(wd * t))
        expectClose(shown(view).position.x, 50 + 200 * x, 1e-6)
      }
      sim.advance(to: 1)
      #expect(shown(view).position.x == 250)
    }
  }

  @Test("A damping ratio of 0.4 overshoots; 1.0 does not")
  func springOvershoot() {
    func peak(_ damping: CGFloat) -> CGFloat {
      Simulation.run { sim in
        let view = UIView(frame: .zero)
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0,
                       options: [], animations: { view.transform = CGAffineTransform(scaleX: 2, y: 2) })
        var best: CGFloat = 0
        for i in 1...60 {
          sim.advance(to: Double(i) / 60)
          best = max(best, shown(view).transform.m11)
        }
        return best
      }
    }
    #expect(peak(0.4) > 2.2)
    #expect(peak(1.0) <= 2.0 + 1e-9)
  }

  @Test("Repeat and autoreverse: the value goes there and back, and completion never runs")
  func repeatAutoreverse() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      var completed = false
      UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                     animations: { view.alpha = 0 }, completion: { _ in completed = true })
      sim.advance(to: 0.25)
      expectClose(Double(shown(view).opacity), 0.75)
      sim.advance(to: 1.25)
      expectClose(Double(shown(view).opacity), 0.25)
      sim.advance(to: 2.25)
      expectClose(Double(shown(view).opacity), 0.75)
      #expect(!completed)
    }
  }

  @Test("performWithoutAnimation inside an animation block changes at once")
  func withoutAnimation() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      UIView.animate(withDuration: 1) {
        view.alpha = 0.5
        UIView.performWithoutAnimation { view.backgroundColor = .red }
      }
      sim.advance(to: 0.5)
      #expect(view.layer.animation(forKey: "backgroundColor") == nil)
      #expect(view.layer.animation(forKey: "opacity") != nil)
    }
  }

  @Test("Frame changes animate position and bounds")
  func frameAnimatesPositionAndBounds() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        view.frame = CGRect(x: 100, y: 100, width: 200, height: 50)
      })
      #expect(view.layer.animation(forKey: "position") != nil)
      #expect(view.layer.animation(forKey: "bounds") != nil)
      sim.advance(to: 0.5)
      expectClose(shown(view).frame, CGRect(x: 50, y: 50, width: 150, height: 75))
    }
  }

  @Test("Transforms interpolate by decomposition: a rotation turns, it does not shrink")
  func transformInterpolation() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
      })
      sim.advance(to: 0.5)
      let t = shown(view).transform
      expectClose(t.m11, cos(.pi / 4), 1e-9)
      expectClose(t.m12, sin(.pi / 4), 1e-9)
    }
  }

  @Test("The same program gives the same presentation values on every run")
  func determinism() {
    func run() -> [Double] {
      Simulation.run { sim in
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        UIView.animate(withDuration: 0.7, delay: 0.1, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.3,
                       options: [], animations: { view.center = CGPoint(x: 10, y: 300); view.alpha = 0.2 })
        return (0..<50).map { i in
          sim.advance(to: Double(i) / 60)
          return Double(shown(view).position.y) + Double(shown(view).opacity)
        }
      }
    }
    #expect(run() == run())
  }
}
