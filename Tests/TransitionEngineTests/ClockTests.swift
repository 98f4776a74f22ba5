import Testing
@testable import TransitionEngine

/// The virtual clock: events fire in time order, exactly at their times.
@Suite struct ClockTests {
  @Test("Completions fire in time order, each at its own time, even when the clock jumps past them")
  func eventOrder() {
    Simulation.run { sim in
      let views = (0..<3).map { _ in UIView(frame: .zero) }
      var log: [String] = []
      UIView.animate(withDuration: 0.3, animations: { views[0].alpha = 0 }, completion: { _ in log.append("a@\(sim.now)") })
      UIView.animate(withDuration: 0.1, animations: { views[1].alpha = 0 }, completion: { _ in log.append("b@\(sim.now)") })
      UIView.animate(withDuration: 0.2, animations: { views[2].alpha = 0 }, completion: { _ in log.append("c@\(sim.now)") })
      sim.advance(by: 10)
      #expect(log == ["b@0.1", "c@0.2", "a@0.3"])
      #expect(sim.now == 10)
    }
  }

  @Test("Stepping at 60 fps reaches an animation's end on the frame that reaches its time")
  func frameStepping() {
    Simulation.run { sim in
      let view = UIView(frame: .zero)
      var frame: Int?
      UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { _ in frame = Int((sim.now * 60).rounded()) })
      for i in 1...60 where frame == nil { sim.advance(by: 1.0 / 60) ; _ = i }
      #expect(frame == 60)
    }
  }

  @Test("runUntilIdle stops when nothing is scheduled; infinite animations stop at the limit")
  func idle() {
    Simulation.run { sim in
      #expect(sim.runUntilIdle())
      #expect(sim.now == 0)
      let view = UIView(frame: .zero)
      UIView.animate(withDuration: 2) { view.alpha = 0 }
      #expect(!sim.isIdle)
      #expect(sim.runUntilIdle())
      #expect(sim.now == 2)
      UIView.animate(withDuration: 1, delay: 0, options: .repeat, animations: { view.alpha = 1 })
      #expect(sim.runUntilIdle(limit: 5), "an infinite repeat schedules no event")
      #expect(CACurrentMediaTime() == 2)
    }
  }
}
