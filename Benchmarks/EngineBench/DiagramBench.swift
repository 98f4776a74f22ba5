// engine-bench: how fast a frame diagram renders.
//
// Scenario (issue "Frame diagrams"): a 320×568 window with 50 views —
// nested, filled, some translucent, rotated, clipping, one flipped in 3D
// under a perspective — captured once, then rendered to text again and
// again. Reports microseconds per rendered frame (capture excluded, and
// measured separately): wall-clock time, and the thread's CPU time, which
// stays meaningful when other processes share the cores.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TransitionDiagrams
import TransitionEngine

/// The calling thread's CPU time, in microseconds.
func threadCPUMicroseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
}

/// Builds the 50-view scene and returns its capture (views kept alive by `keep`).
@MainActor func fiftyViewCapture() -> ScreenCapture {
  Simulation.run { sim in
    var keep: [UIView] = []  // the engine's superviews do not retain their subviews
    @MainActor func add(_ view: UIView, to parent: UIView) { parent.addSubview(view); keep.append(view) }
    let window = UIWindow()
    window.makeKeyAndVisible()
    keep.append(window)
    let colors: [UIColor] = [.white, .systemBlue, .systemGreen, .systemRed, .systemOrange, .systemGray6, .systemPurple]
    let root = UIView(frame: window.bounds)
    root.backgroundColor = .white
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    root.layer.sublayerTransform = perspective
    add(root, to: window)
    var count = 2
    // 8 cards with 5 children each: 48 views; with the window and root, 50.
    for card in 0..<8 {
      let view = UIView(frame: CGRect(x: Double(card % 2) * 160 + 8, y: Double(card / 2) * 140 + 8,
                                      width: 144, height: 124))
      view.accessibilityIdentifier = "card \(card)"
      view.backgroundColor = colors[card % colors.count]
      view.clipsToBounds = card % 3 == 0
      if card == 5 { view.alpha = 0.6 }
      if card == 6 { view.transform = CGAffineTransform(rotationAngle: 0.3) }
      if card == 7 { view.layer.transform = CATransform3DMakeRotation(0.8, 1, 0, 0) }
      add(view, to: root)
      count += 1
      for child in 0..<5 {
        let sub = UIView(frame: CGRect(x: 8 + Double(child) * 26, y: 24 + Double(child % 2) * 40, width: 40, height: 48))
        sub.accessibilityIdentifier = "item \(card).\(child)"
        sub.backgroundColor = colors[(card + child + 1) % colors.count]
        if child == 4 { sub.alpha = 0.3 }
        add(sub, to: view)
        count += 1
      }
    }
    precondition(count == 50, "the scenario has 50 views")
    let capture = sim.capture()
    precondition(capture.layers.count == 50, "all 50 views are visible (\(capture.layers.count))")
    _ = keep
    return capture
  }
}

/// Prints the median microseconds per rendered frame (and per capture).
@MainActor func benchmarkFrameDiagram(runs: Int = 9, framesPerRun: Int = 2000) {
  let capture = fiftyViewCapture()
  let renderer = FrameRenderer()
  var perFrame: [Double] = []
  var cpuPerFrame: [Double] = []
  var checksum = 0
  for _ in 0..<runs {
    let start = ContinuousClock.now
    let cpuStart = threadCPUMicroseconds()
    for _ in 0..<framesPerRun { checksum &+= renderer.render(capture).utf8.count }
    cpuPerFrame.append((threadCPUMicroseconds() - cpuStart) / Double(framesPerRun))
    perFrame.append(milliseconds(ContinuousClock.now - start) * 1000 / Double(framesPerRun))
  }
  perFrame.sort()
  cpuPerFrame.sort()
  var captures: [Double] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    for _ in 0..<50 { checksum &+= fiftyViewCapture().layers.count }
    captures.append(milliseconds(ContinuousClock.now - start) * 1000 / 50)
  }
  captures.sort()
  func us(_ v: Double) -> String { String(format: "%.1f µs", v) }
  print("frame diagram, 320x568 window, 50 views: render median \(us(perFrame[runs / 2])) per frame "
    + "(min \(us(perFrame[0])); CPU time median \(us(cpuPerFrame[runs / 2])), min \(us(cpuPerFrame[0]))); "
    + "scene setup + capture median \(us(captures[runs / 2])); \(runs) runs x \(framesPerRun) frames; "
    + "checksum \(checksum)")
}
