// Text snapshots for diagrams: golden files beside the tests, in
// __Snapshots__/<TestFile>/<name>.txt.
//
// Record mode (env WORKBOOK_RECORD): `missing` by default (a missing golden
// is recorded and the test fails with "recorded, re-run"), `1`/`all`
// (record every golden, missing or different, and pass), `never` (a missing
// golden fails). With CI=true the default is `never`.
import Foundation
import Testing
import TransitionDiagrams
import TransitionEngine

enum SnapshotRecordMode: Equatable {
  case all, missing, never

  static var current: SnapshotRecordMode {
    let environment = ProcessInfo.processInfo.environment
    switch environment["WORKBOOK_RECORD"]?.lowercased() {
    case "1", "all", "true": return .all
    case "never", "0", "false": return .never
    case "missing": return .missing
    default: return environment["CI"] == "true" ? .never : .missing
    }
  }
}

/// Compares `text` with the golden file `name` beside `filePath`.
///
/// - Returns: nil when it matches (or was recorded in `.all` mode), else
///   the failure message.
func verifyDiagramSnapshot(_ text: String, named name: String, filePath: String,
                           mode: SnapshotRecordMode = .current) -> String? {
  let testFile = URL(fileURLWithPath: filePath)
  let directory = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let golden = directory.appendingPathComponent(name + ".txt")
  let manager = FileManager.default
  func record() -> String? {
    do {
      try manager.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: golden)
      return nil
    } catch {
      return "Could not record snapshot '\(golden.path)': \(error)"
    }
  }
  guard let data = manager.contents(atPath: golden.path) else {
    switch mode {
    case .never:
      return "No snapshot at '\(golden.path)' (record it locally with WORKBOOK_RECORD=1)"
    case .all:
      return record()
    case .missing:
      return record() ?? "No snapshot at '\(golden.path)': recorded, re-run \"\(name)\" to check against it"
    }
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected == text { return nil }
  if mode == .all { return record() }
  return "Snapshot '\(golden.path)' does not match (- golden, + actual):\n"
    + lineDiff(expected: expected, actual: text)
}

/// Fails the test when `text` differs from the golden file `name`.
func assertDiagramSnapshot(_ text: String, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
  if let failure = verifyDiagramSnapshot(text, named: name, filePath: filePath) {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}

/// Fails the test when `value` drawn `as` a diagram differs from the golden file `name`.
func assertDiagramSnapshot<Value>(of value: Value, as diagram: Diagram<Value>, named name: String,
                                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
  assertDiagramSnapshot(diagram.render(value), named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// A unified-style line diff: changed lines with two lines of context.
func lineDiff(expected: String, actual: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // Longest common subsequence table.
  var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  var script: [(Character, String)] = []
  var i = 0, j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      script.append((" ", a[i])); i += 1; j += 1
    } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
      script.append(("-", a[i])); i += 1
    } else {
      script.append(("+", b[j])); j += 1
    }
  }
  let changed = script.indices.filter { script[$0].0 != " " }
  var out: [String] = []
  var last = -1
  for k in script.indices where changed.contains(where: { abs($0 - k) <= 2 }) {
    if last >= 0 && k > last + 1 { out.append("...") }
    out.append("\(script[k].0)\(script[k].1)")
    last = k
  }
  return out.joined(separator: "\n")
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
