// TransitionRecorder: runs an app's transition on the engine's virtual clock
// and keeps every frame at 60 fps, the call trace and UIKit's warnings, for
// the assertions of this module (films, traces, values, the flicker check).
//
//     let recording = TransitionRecorder().record(HomeViewController.init) { scene in
//       scene.root.showDetails()               // the app's own code
//     }
//     assertFilm(recording)                    // __Snapshots__/<File>/<test>.1.txt
//     assertNoFlicker(recording, FlickerRules(incoming: "Details", outgoing: "Home"))

import TransitionDiagrams
import UIKit

/// Records transitions: each `record` call runs in a fresh simulation, on a
/// device, with the clock stopping at every frame.
@MainActor
public struct TransitionRecorder {
  /// The screen the window fills (default: iPhone SE, 320 × 568 points).
  public var device: Device
  /// Frames a second the recording keeps (60, as a device draws).
  public var framesPerSecond: Int
  /// The longest a recording runs, in virtual seconds, before it stops
  /// (a transition that never completes, a repeating timer).
  public var limit: TimeInterval

  /// A recorder on `device`, keeping `framesPerSecond` frames a second, for
  /// at most `limit` virtual seconds a recording.
  public init(device: Device = .iPhoneSE, framesPerSecond: Int = 60, limit: TimeInterval = 10) {
    precondition(framesPerSecond > 0, "framesPerSecond must be positive")
    self.device = device
    self.framesPerSecond = framesPerSecond
    self.limit = limit
  }

  /// Shows the controller `makeRoot` returns in a window, runs `setUp`
  /// (unrecorded; the clock then runs until nothing is scheduled), then runs
  /// `scenario` and records from there until nothing is scheduled: every
  /// frame, the key moments of the first transition, the call trace and
  /// the warnings.
  ///
  /// The scenario starts transitions with the app's own calls (`present`,
  /// `dismiss`, `pushViewController`, `selectedIndex`, …) and plays touches
  /// and waits through the scene (`drag`, `wait`), so that the clock stops
  /// at every frame; it does not call `stage.settle()`.
  public func record<Root: UIViewController>(
    _ makeRoot: () -> Root,
    setUp: (TransitionScene<Root>) -> Void = { _ in },
    _ scenario: (TransitionScene<Root>) -> Void
  ) -> TransitionRecording {
    Simulation.run(device: device) { simulation in
      let root = makeRoot()
      let stage = Stage(root)
      let session = RecordingSession(simulation: simulation, framesPerSecond: framesPerSecond, limit: limit)
      let scene = TransitionScene(root: root, stage: stage, session: session)
      setUp(scene)
      simulation.runUntilIdle()
      return session.record { scenario(scene) }
    }
  }
}

/// What a scenario works with: the root controller, the stage around it,
/// and touches and waits that the recording films.
@MainActor
public final class TransitionScene<Root: UIViewController> {
  /// The window's root controller.
  public let root: Root
  /// The window, clock and figures (Guides/Stage.md).
  public let stage: Stage
  private let session: RecordingSession

  init(root: Root, stage: Stage, session: RecordingSession) {
    self.root = root
    self.stage = stage
    self.session = session
  }

  /// The window showing `root`.
  public var window: UIWindow { stage.window }

  /// Plays a finger's drag on the window from `start` to `end` over
  /// `duration` (a step every 1/60 s), ending with a lift or a cancel.
  public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval, ending: TouchEnding = .lift) {
    drag(along: [start, end], duration: duration, ending: ending)
  }

  /// Plays a drag along a polyline at constant speed.
  public func drag(along path: [CGPoint], duration: TimeInterval, ending: TouchEnding = .lift) {
    window.drag(along: path, duration: duration, ending: ending)
    session.captureIfDue()
  }

  /// Plays a tap at `point`.
  public func tap(at point: CGPoint) {
    window.tap(at: point)
    session.captureIfDue()
  }

  /// Runs the clock for `seconds`, stopping at every frame.
  public func wait(_ seconds: TimeInterval) {
    session.run(until: session.simulation.now + seconds)
  }

  /// Samples `value` at every recorded frame under `name` (a layer's
  /// shadow, a custom property, a model value): read it back with
  /// `TransitionRecording.probe(_:)` or declare it monotonic.
  public func watch(_ name: String, _ value: @escaping () -> Double) {
    session.probes.append((name, value))
  }
}

/// One recorded frame: the screen at a time, with the probes' values.
public struct RecordedFrame: Sendable {
  /// The screen, with `time` counted from the scenario's start and the
  /// running transition's progress.
  public var capture: ScreenCapture
  /// True for a frame on the 60 fps grid (what the flicker check walks);
  /// false for a key moment between two grid frames.
  public var isOnGrid: Bool
  /// The values of the scene's watched probes.
  public var probes: [String: Double]

  /// The time since the scenario started, in seconds.
  public var time: TimeInterval { capture.time }
}

/// Drives the clock frame by frame while a scenario runs and after it.
@MainActor
final class RecordingSession {
  let simulation: Simulation
  let frameInterval: TimeInterval
  let limit: TimeInterval
  var probes: [(name: String, value: () -> Double)] = []
  private var t0: TimeInterval = 0
  private var nextGridFrame = 0
  private var frames: [RecordedFrame] = []
  private var keyTimes: [(time: TimeInterval, progress: Double)] = []
  private var keyMoments: [TimeInterval] = []
  private var sawTransitionAt: TimeInterval?
  private var traceMark = 0

  init(simulation: Simulation, framesPerSecond: Int, limit: TimeInterval) {
    self.simulation = simulation
    self.frameInterval = 1 / Double(framesPerSecond)
    self.limit = limit
  }

  private func gridTime(_ k: Int) -> TimeInterval { t0 + Double(k) * frameInterval }

  /// Runs `scenario`, then the clock until nothing is scheduled (or the
  /// limit), capturing every grid frame and the first transition's key
  /// moments.
  func record(_ scenario: () -> Void) -> TransitionRecording {
    t0 = simulation.now
    traceMark = simulation.trace.count
    let diagnosticsMark = simulation.diagnostics.count
    let observer = simulation.stepObservers.count
    simulation.stepObservers.append { [unowned self] in self.captureIfDue() }
    var before = simulation.capture()
    before.time = 0
    captureIfDue()
    scenario()
    simulation.stepObservers.remove(at: observer)
    run(until: nil)
    simulation.drainRunLoop()
    return TransitionRecording(
      device: simulation.device,
      before: before,
      frames: frames,
      keyMoments: keyMoments,
      trace: simulation.trace[traceMark...].map { event in
        var event = event
        event.time = Self.snap(event.time - t0)
        return event
      },
      warnings: simulation.diagnostics[diagnosticsMark...].map(\.message))
  }

  /// Runs the clock to `end` (nil: until nothing is scheduled and no key
  /// moment is pending), stopping at every grid frame and key moment.
  func run(until end: TimeInterval?) {
    simulation.advance(by: 0)  // a presentation starts on the next run-loop turn
    noteTransition()
    captureIfDue()
    while simulation.now - t0 < limit {
      let pendingKey = keyTimes.first?.time
      if end == nil, simulation.nextEventTime() == nil, pendingKey == nil,
         simulation.runningTransitionTiming == nil || simulation.isIdle {
        break
      }
      var target = gridTime(nextGridFrame)
      if let pendingKey { target = min(target, pendingKey) }
      if let end { target = min(target, end) }
      simulation.advance(to: max(target, simulation.now))
      noteTransition()
      captureIfDue()
      if let end, simulation.now + Simulation.tolerance >= end { break }
    }
  }

  /// Schedules the key moments (start, 25 %, 50 %, 75 %, end) of the first
  /// transition the recording sees, unless it is interactive (a finger,
  /// not the clock, sets its progress).
  private func noteTransition() {
    guard sawTransitionAt == nil, let run = simulation.runningTransitionTiming else { return }
    sawTransitionAt = run.startTime
    let interactive = simulation.trace[traceMark...].contains {
      $0.kind == .call && $0.message.hasPrefix("startInteractiveTransition(")
    }
    if interactive { return }
    keyTimes = [0, 0.25, 0.5, 0.75, 1].map { (run.startTime + $0 * run.duration, $0) }
      .filter { $0.time + Simulation.tolerance >= simulation.now }
  }

  /// Captures the screen if a grid frame or a key moment is due.
  func captureIfDue() {
    let now = simulation.now
    let gridDue = now + Simulation.tolerance >= gridTime(nextGridFrame)
    var keyProgress: Double?
    while let key = keyTimes.first, now + Simulation.tolerance >= key.time {
      keyProgress = key.progress
      keyTimes.removeFirst()
    }
    guard gridDue || keyProgress != nil else { return }
    var capture = simulation.capture()
    capture.time = Self.snap(now - t0)
    capture.transitionProgress = keyProgress ?? simulation.transitionProgressForCapture
    let values = Dictionary(probes.map { ($0.name, $0.value()) }, uniquingKeysWith: { a, _ in a })
    let onGrid = gridDue && abs(now - gridTime(nextGridFrame)) < frameInterval / 2
    if keyProgress != nil { keyMoments.append(capture.time) }
    if let last = frames.last, last.time == capture.time {
      // The same instant again (a key moment on the grid): one frame.
      frames[frames.count - 1] = RecordedFrame(capture: capture, isOnGrid: last.isOnGrid || onGrid, probes: values)
    } else {
      frames.append(RecordedFrame(capture: capture, isOnGrid: onGrid, probes: values))
    }
    while now + Simulation.tolerance >= gridTime(nextGridFrame) { nextGridFrame += 1 }
  }

  /// Rounds a time to the nanosecond, so that 0.1 + 0.2 reads 0.3.
  static func snap(_ t: TimeInterval) -> TimeInterval { (t * 1e9).rounded() / 1e9 }
}
