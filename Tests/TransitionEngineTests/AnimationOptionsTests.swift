import Testing
@testable import TransitionEngine

/// Counts a tap recognizer's actions.
private final class TapCounter {
  var count = 0
  func tapped(_ recognizer: UIGestureRecognizer) { count += 1 }
}

/// `UIView.AnimationOptions` members, each checked against what Apple's
/// reference says it does (the curves, `.repeat`/`.autoreverse` and the
/// inherited duration and curve are in UIViewAnimationTests). The guide's
/// table "UIView.AnimationOptions" lists every member with its evidence.
@Suite struct AnimationOptionsTests {
  /// A window with a 100 × 100 button-sized view at (0, 0) that counts taps.
  private func tappableScene() -> (window: UIWindow, target: UIView, taps: () -> Int) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
    window.makeKeyAndVisible()
    let target = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(target)
    let counter = TapCounter()
    target.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Selector(TapCounter.tapped)))
    return (window, target, { counter.count })
  }

  @Test("Apple: during an animation, user interactions are disabled for the animated views")
  func animatedViewIgnoresTouches() {
    Simulation.run { sim in
      let (window, target, taps) = tappableScene()
      UIView.animate(withDuration: 1) { target.alpha = 0.5 }
      #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(taps() == 0)
      sim.advance(to: 2)
      #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === target, "after the animation it is hit again")
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(taps() == 1)
    }
  }

  @Test(".allowUserInteraction: the animated view keeps receiving touches")
  func allowUserInteraction() {
    Simulation.run { _ in
      let (window, target, taps) = tappableScene()
      UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { target.alpha = 0.5 })
      #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === target)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(taps() == 1)
    }
  }

  @Test("Keyframe and transition animations disable touches too, unless allowed")
  func keyframesAndTransitionsBlockTouches() {
    Simulation.run { sim in
      let (window, target, _) = tappableScene()
      UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { target.alpha = 0.5 }
      })
      #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
      sim.advance(to: 1.5)
      UIView.transition(with: target, duration: 1, options: [.transitionCrossDissolve, .allowUserInteraction],
                        animations: { target.backgroundColor = .red })
      #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === target)
    }
  }

  @Test("A nested block inherits the outer options (here .repeat) unless .overrideInheritedOptions")
  func overrideInheritedOptions() {
    Simulation.run { sim in
      let inherits = UIView(frame: .zero), overrides = UIView(frame: .zero)
      UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .curveLinear], animations: {
        UIView.animate(withDuration: 1) { inherits.alpha = 0 }
        UIView.animate(withDuration: 1, delay: 0, options: .overrideInheritedOptions, animations: {
          overrides.alpha = 0
        })
      })
      sim.advance(to: 1.25)
      expectClose(Double(shown(inherits).opacity), 0.75, 1e-6)
      #expect(shown(overrides).opacity == 0, "not repeated: it ended at 1 s")
    }
  }

  @Test("A nested block inherits the outer spring (the animation type) unless it overrides the curve")
  func nestedSpringIsInherited() {
    Simulation.run { sim in
      let inner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let own = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, animations: {
        UIView.animate(withDuration: 1) { inner.center.x = 105 }
        UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedCurve, .curveLinear],
                       animations: { own.center.x = 105 })
      })
      var farthest: CGFloat = 0
      for step in 1...60 {
        sim.advance(to: Double(step) / 60)
        farthest = max(farthest, shown(inner).position.x)
        if step == 30 { expectClose(shown(own).position.x, 55, 1e-6) }
      }
      #expect(farthest > 110, "a 0.3 damping ratio overshoots")
    }
  }

  @Test(".layoutSubviews: the layout the block makes pending runs inside it, so subviews animate along")
  func layoutSubviewsOption() {
    final class Parent: UIView {
      let child = UIView()
      override func layoutSubviews() {
        super.layoutSubviews()
        child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
      }
    }
    Simulation.run { sim in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      window.makeKeyAndVisible()
      let with = Parent(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let without = Parent(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
      for parent in [with, without] {
        parent.addSubview(parent.child)
        window.addSubview(parent)
      }
      sim.advance(by: 0)
      UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
        with.bounds.size.width = 200
      })
      UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        without.bounds.size.width = 200
      })
      sim.advance(to: 0.5)
      expectClose(shown(with.child).bounds.width, 75, 1e-6)
      #expect(shown(without.child).bounds.width == 100, "laid out after the block: it jumps")
    }
  }

  @Test(".beginFromCurrentState changes nothing for additive properties (iOS 8 and later)")
  func beginFromCurrentStateIsAdditive() {
    func sample(_ options: UIView.AnimationOptions) -> [Double] {
      Simulation.run { sim in
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 105 })
        sim.advance(to: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear),
                       animations: { view.center.x = 5 })
        return [0.75, 1.0, 1.25].map { t in
          sim.advance(to: t)
          return Double(shown(view).position.x)
        }
      }
    }
    #expect(sample(.beginFromCurrentState) == sample([]))
    // Blended: 5 − 100 × (1 − 0.75) + 100 × (1 − 0.25) = 55; an animation
    // replacing the first from the current state (iOS 7) would show 42.5.
    expectClose(sample([])[0], 55, 1e-6)
  }

  @Test(".transitionCrossDissolve fades the view's old look into its new one; no transition bit animates the block")
  func transitionCrossDissolve() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      view.backgroundColor = .red
      var finished: Bool?
      UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve, animations: {
        view.backgroundColor = .blue
      }, completion: { finished = $0 })
      #expect(view.backgroundColor == .blue, "the change is made at once")
      let transition = view.layer.animation(forKey: "transition") as? CATransition
      #expect(transition?.type == .fade)
      sim.advance(to: 1)
      #expect(finished == true)
    }
  }

  @Test(".showHideTransitionViews hides and shows; without it the from-view is removed and the to-view added")
  func showHideTransitionViews() {
    Simulation.run { sim in
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let a = UIView(frame: container.bounds), b = UIView(frame: container.bounds)
      container.addSubview(a)
      container.addSubview(b)
      b.isHidden = true
      UIView.transition(from: a, to: b, duration: 0.5, options: [.transitionFlipFromLeft, .showHideTransitionViews])
      #expect(a.superview === container && b.superview === container)
      #expect(a.isHidden && !b.isHidden)

      let c = UIView(frame: container.bounds)
      UIView.transition(from: b, to: c, duration: 0.5, options: .transitionCurlUp)
      #expect(b.superview == nil && c.superview === container)
      sim.runUntilIdle()
    }
  }

  @Test("preferredFramesPerSecond options change no value the engine samples")
  func preferredFramesPerSecondIsIgnored() {
    func sample(_ options: UIView.AnimationOptions) -> Double {
      Simulation.run { sim in
        let view = UIView(frame: .zero)
        UIView.animate(withDuration: 1, delay: 0, options: options, animations: { view.alpha = 0 })
        sim.advance(to: 0.3)
        return Double(shown(view).opacity)
      }
    }
    #expect(sample(.preferredFramesPerSecond30) == sample([]))
    #expect(sample(.preferredFramesPerSecond60) == sample([]))
  }
}
