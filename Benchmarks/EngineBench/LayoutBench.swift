// engine-bench: how fast Auto Layout solves.
//
// Scenario (issue "Engine fidelity II"): 200 views in a 20 × 10 grid with
// 800 constraints (4 per view: edges chained to the neighbour or the
// superview, widths tied to the first column's 4 % of the superview, a
// height at priority 750), solved and applied by one `layoutIfNeeded()`;
// then a constant changes and the layout is solved again.
import TransitionEngine

/// Milliseconds for the first layout and for a re-layout after a constant
/// change, and the thread's CPU time for the first layout (meaningful when
/// other processes share the cores).
@MainActor func layoutTwoHundredViews() -> (first: Double, again: Double, firstCPU: Double, checksum: Double) {
  Simulation.run { sim in
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    let root = UIView(frame: window.bounds)
    window.addSubview(root)
    sim.advance(by: 0)
    var views: [UIView] = []
    var constraints: [NSLayoutConstraint] = []
    for i in 0..<200 {
      let (row, column) = (i / 20, i % 20)
      let view = UIView()
      view.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(view)
      views.append(view)
      constraints.append(column == 0
        ? view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 4)
        : view.leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor, constant: 4))
      constraints.append(column == 0
        ? view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.04)
        : view.widthAnchor.constraint(equalTo: views[i - 1].widthAnchor))
      constraints.append(row == 0
        ? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 4)
        : view.topAnchor.constraint(equalTo: views[i - 20].bottomAnchor, constant: 4))
      if row == 0 {
        let height = view.heightAnchor.constraint(equalToConstant: 40)
        height.priority = .defaultHigh
        constraints.append(height)
      } else {
        constraints.append(view.heightAnchor.constraint(equalTo: views[i - 20].heightAnchor))
      }
    }
    precondition(constraints.count == 800)
    NSLayoutConstraint.activate(constraints)
    let start = ContinuousClock.now
    let startCPU = threadCPUMicroseconds()
    root.layoutIfNeeded()
    let firstCPU = (threadCPUMicroseconds() - startCPU) / 1000
    let first = milliseconds(ContinuousClock.now - start)
    constraints[0].constant = 10
    let again = ContinuousClock.now
    root.layoutIfNeeded()
    let second = milliseconds(ContinuousClock.now - again)
    precondition(views[199].frame.maxX > 300 && views[199].frame.maxY == 440, "grid solved: \(views[199].frame)")
    precondition(sim.diagnostics.isEmpty)
    let checksum = views.map { Double($0.frame.minX + $0.frame.minY) }.reduce(0, +)
    return (first, second, firstCPU, checksum)
  }
}

@MainActor func benchmarkLayout() {
  var firsts: [Double] = [], agains: [Double] = [], cpus: [Double] = []
  var checksum = 0.0
  let runs = 9
  for _ in 0..<runs {
    let r = layoutTwoHundredViews()
    firsts.append(r.first)
    agains.append(r.again)
    cpus.append(r.firstCPU)
    checksum = r.checksum
  }
  firsts.sort()
  agains.sort()
  cpus.sort()
  func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
  print("200 views, 800 constraints: first layout median \(ms(firsts[runs / 2])) (min \(ms(firsts[0])); "
    + "CPU time median \(ms(cpus[runs / 2])), min \(ms(cpus[0]))); "
    + "after a constant change median \(ms(agains[runs / 2])); \(runs) runs; checksum \(String(format: "%.1f", checksum))")
}
