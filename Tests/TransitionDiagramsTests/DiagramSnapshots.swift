// Text snapshots for diagrams: golden files beside the tests, in
// __Snapshots__/<TestFile>/<name>.txt, compared and recorded by
// SnapshotSupport (one rule for every test target: WORKBOOK_RECORD is
// `missing` by default, `never` in CI, `all` re-records).
import Foundation
@_exported import SnapshotSupport
import Testing
import TransitionDiagrams
import TransitionEngine

/// Fails the test when `text` differs from the golden file `<name>.txt`.
func assertDiagramSnapshot(_ text: String, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
  assertSnapshot(text, named: name + ".txt", filePath: filePath, sourceLocation: sourceLocation)
}

/// Fails the test when `value` drawn `as` a diagram differs from the golden file `<name>.txt`.
func assertDiagramSnapshot<Value>(of value: Value, as diagram: Diagram<Value>, named name: String,
                                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
  assertDiagramSnapshot(diagram.render(value), named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// A unified-style line diff (see `Snapshot.lineDiff`).
func lineDiff(expected: String, actual: String) -> String {
  Snapshot.lineDiff(expected: expected, actual: actual)
}

// MARK: - Scenes

/// Keeps a scene's views alive while it is captured.
///
/// The engine's superviews do not retain their subviews (a layer's delegate
/// is weak and nothing else holds the view), unlike UIKit: a view that only
/// a local variable held loses its label once the variable is gone.
final class ViewKeeper: @unchecked Sendable {
  @TaskLocal static var current: ViewKeeper?
  var views: [UIView] = []
}

/// Keeps `view` alive until the end of the enclosing `captureScene`.
@discardableResult
func kept<V: UIView>(_ view: V) -> V {
  ViewKeeper.current?.views.append(view)
  return view
}

/// Builds a scene in a fresh simulation (a 320×568 key window), advances
/// the clock to `time` and captures the screen.
func captureScene(at time: Double = 0, _ build: (UIWindow) -> Void) -> ScreenCapture {
  captureScene(at: [time], build)[0]
}

/// Builds a scene once and captures it at each of `times`.
func captureScene(at times: [Double], _ build: (UIWindow) -> Void) -> [ScreenCapture] {
  ViewKeeper.$current.withValue(ViewKeeper()) {
    Simulation.run { sim in
      let window = kept(UIWindow())
      window.makeKeyAndVisible()
      build(window)
      return times.map { t in
        sim.advance(to: t)
        return sim.capture()
      }
    }
  }
}

/// A view with an accessibility identifier (its label) and a background.
func box(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
         _ color: UIColor? = nil) -> UIView {
  let view = kept(UIView(frame: CGRect(x: x, y: y, width: width, height: height)))
  view.accessibilityIdentifier = id
  view.backgroundColor = color
  return view
}

/// A full-screen white background view labelled "screen".
func background(in window: UIWindow) -> UIView {
  let view = box("screen", 0, 0, 320, 568, .white)
  window.addSubview(view)
  return view
}
