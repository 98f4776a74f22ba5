// engine-bench: how fast the engine animates.
//
// Scenario (issue "Transition engine I"): 1,000 views animating concurrently
// through 1 s of virtual time, sampled at 60 fps — every frame the clock
// advances by 1/60 s and every view's presentation frame and opacity are read.
// Run with `scripts/bench/bench.sh engine` (release build). Wall-clock time is measured
// here, in the benchmark, never inside the engine.
import TransitionDiagrams
import TransitionEngine

/// Returns the checksum and the milliseconds spent sampling (advancing the
/// clock and reading presentation values), setup excluded.
@MainActor func animateThousandViews() -> (checksum: Double, samplingMilliseconds: Double) {
  Simulation.run { sim in
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    var views: [UIView] = []
    for i in 0..<1000 {
      let view = UIView(frame: CGRect(x: Double(i % 32) * 10, y: Double(i / 32) * 18, width: 10, height: 18))
      window.addSubview(view)
      views.append(view)
    }
    for (i, view) in views.enumerated() {
      switch i % 4 {
      case 0:
        UIView.animate(withDuration: 1) { view.center.y += 100; view.alpha = 0.5 }
      case 1:
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: { view.transform = CGAffineTransform(scaleX: 2, y: 2) })
      case 2:
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
          UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
          UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 1 }
        })
      default:
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
          view.frame = view.frame.offsetBy(dx: 50, dy: 0)
        })
      }
    }
    var checksum = 0.0
    let start = ContinuousClock.now
    for frame in 1...60 {
      sim.advance(to: Double(frame) / 60)
      for view in views {
        let shown = view.layer.presentation()!
        checksum += Double(shown.frame.minX) + Double(shown.opacity)
      }
    }
    let sampling = milliseconds(ContinuousClock.now - start)
    precondition(sim.isIdle, "every animation should have ended after 1 s")
    return (checksum, sampling)
  }
}

func milliseconds(_ d: Duration) -> Double {
  Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

@MainActor func measure(_ name: String, runs: Int, _ body: () -> (checksum: Double, samplingMilliseconds: Double)) {
  var totals: [Double] = []
  var samplings: [Double] = []
  var checksum = 0.0
  for _ in 0..<runs {
    let start = ContinuousClock.now
    let result = body()
    totals.append(milliseconds(ContinuousClock.now - start))
    samplings.append(result.samplingMilliseconds)
    checksum = result.checksum
  }
  totals.sort()
  samplings.sort()
  func ms(_ v: Double) -> String { String(format: "%.1f ms", v) }
  print("\(name): sampling median \(ms(samplings[runs / 2])) (min \(ms(samplings[0]))); "
    + "with setup median \(ms(totals[runs / 2])); \(runs) runs; checksum \(String(format: "%.3f", checksum))")
}

if CommandLine.arguments.dropFirst().first == "collection" {
  benchmarkCollectionScroll()
} else {
  measure("1000 views, 1 s at 60 fps", runs: 9, animateThousandViews)
  benchmarkFrameDiagram()
  benchmarkLayout()
  benchmarkRunLoop()
  benchmarkCollectionScroll()
}
