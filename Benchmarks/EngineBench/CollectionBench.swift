// A collection view scrolling a 1,000-item grid: 5 s of virtual time at
// 60 fps, the offset moving every frame, with cell reuse. Prints the wall
// time and how many cells were made (it should stay near the number that
// fits on screen). Run with `scripts/bench/collection-scroll.sh`.
import TransitionEngine

@MainActor private final class BenchGrid: NSObject, UICollectionViewDataSource {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    cell.backgroundColor = indexPath.item % 2 == 0 ? .systemTeal : .systemOrange
    return cell
  }
}

@MainActor func benchmarkCollectionScroll() {
  var made = 0, visible = 0
  var checksum = 0.0
  measure("collection view, 1000 items scrolled 5 s at 60 fps", runs: 5) {
    Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.makeKeyAndVisible()
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      layout.minimumLineSpacing = 4
      let grid = BenchGrid()
      let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
      view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      view.dataSource = grid
      window.addSubview(view)
      sim.advance(by: 0)
      let start = ContinuousClock.now
      let end = view.contentSize.height - view.bounds.height
      var sum = 0.0
      for frame in 1...300 {
        // Down and back up, so every item is shown (twice).
        let f = Double(frame) / 300
        let y = end * CGFloat(f < 0.5 ? f * 2 : 2 - f * 2)
        view.contentOffset = CGPoint(x: 0, y: y)
        sim.advance(to: Double(frame) / 60)
        sum += Double(view.visibleCells.count)
      }
      let sampling = milliseconds(ContinuousClock.now - start)
      made = view.cellsMade
      visible = view.visibleCells.count
      checksum = sum
      return (sum, sampling)
    }
  }
  print("  cells made: \(made) (on screen at the end: \(visible)); visible cells summed over frames: \(Int(checksum))")
}
