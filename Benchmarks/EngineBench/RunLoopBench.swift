// The run loop on the virtual clock (issue "Engine III", item 1): 10,000
// queued blocks (5,000 `main.async`, 5,000 `asyncAfter` spread over the
// run) and 1,000 repeating timers with intervals from 0.1 s to 0.4 s, over
// 10 s of virtual time stepped at 60 fps, with a display link firing every
// frame. Wall-clock time is measured here, never inside the engine.
import TransitionEngine

/// Returns the checksum (blocks run + timer firings + frames) and the
/// milliseconds spent running the clock, setup excluded. Main-actor
/// isolated: Swift infers `@MainActor` for a closure passed to
/// `DispatchQueue.main.async` (by name, so for the engine's queue too), and
/// this target is in the Swift 6 language mode.
@MainActor
func runLoopTenSeconds() -> (checksum: Double, samplingMilliseconds: Double) {
  Simulation.run { sim in
    final class Frames {
      var count = 0
      func step(_ link: CADisplayLink) { count += 1 }
    }
    var blocks = 0
    @MainActor final class Tally { var firings = 0 }
    let tally = Tally()
    for _ in 0..<5_000 { DispatchQueue.main.async { blocks += 1 } }
    for i in 0..<5_000 {
      DispatchQueue.main.asyncAfter(deadline: .now() + Double(i) * 0.002) { blocks += 1 }
    }
    var timers: [Timer] = []
    for i in 0..<1_000 {
      // Timer's block is `@Sendable` (not main-actor) in the SDK: the
      // main-actor tally is reached through `assumeIsolated`, as apps do.
      timers.append(Timer.scheduledTimer(withTimeInterval: 0.1 + Double(i) * 0.0003, repeats: true) { _ in
        MainActor.assumeIsolated { tally.firings += 1 }
      })
    }
    let frames = Frames()
    let link = CADisplayLink(target: frames, selector: Selector(Frames.step(_:)))
    link.add(to: .main, forMode: .common)
    let start = ContinuousClock.now
    for frame in 1...600 { sim.advance(to: Double(frame) / 60) }
    let sampling = milliseconds(ContinuousClock.now - start)
    for timer in timers { timer.invalidate() }
    link.invalidate()
    precondition(sim.runUntilIdle(), "nothing should be left after invalidating")
    precondition(blocks == 10_000, "every block should have run (\(blocks))")
    precondition(frames.count == 600, "one callback per frame (\(frames.count))")
    return (Double(blocks + tally.firings + frames.count), sampling)
  }
}

@MainActor func benchmarkRunLoop() {
  measure("10000 blocks + 1000 timers + 1 display link, 10 s at 60 fps", runs: 5) {
    MainActor.assumeIsolated { runLoopTenSeconds() }
  }
}
