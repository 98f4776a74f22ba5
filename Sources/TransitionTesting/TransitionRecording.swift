// TransitionRecording: what a recorder kept — the frames, the key moments,
// the call trace and the warnings — and the questions tests ask of them.

import TransitionDiagrams
import UIKit

/// A recorded transition: every frame at 60 fps (presentation values, as
/// the screen shows them), the call trace and UIKit's warnings.
public struct TransitionRecording: Sendable {
  /// The device the window filled.
  public let device: Device
  /// The screen just before the scenario ran (what a cancel restores).
  public let before: ScreenCapture
  /// Every grid frame from the scenario's start, with the first
  /// transition's key moments among them, in time order.
  public let frames: [RecordedFrame]
  /// The times of the first transition's start, 25 %, 50 %, 75 % and end
  /// (empty when no transition ran).
  public let keyMoments: [TimeInterval]
  /// Who asked whom for what, in order; times from the scenario's start.
  public let trace: [TraceEvent]
  /// The warnings UIKit would have logged.
  public let warnings: [String]

  /// The last frame (the screen when everything settled).
  public var last: RecordedFrame { frames[frames.count - 1] }

  /// The frame at `time` (seconds from the scenario's start): the last
  /// frame at or before it.
  public func frame(at time: TimeInterval) -> RecordedFrame {
    frames.last { $0.time <= time + 1e-9 } ?? frames[0]
  }

  /// The layer of the view labelled `label` (its accessibility identifier,
  /// else its controller's title) at `time`, nil when it is not on screen.
  public func layer(_ label: String, at time: TimeInterval) -> CapturedLayer? {
    frame(at: time).capture.layers.first { $0.label == label }
  }

  /// `property` (`.x`, `.alpha`, `.scale`, …) of the view labelled `label`
  /// at `time`, nil when it is not on screen.
  public func value(_ property: CapturedProperty, of label: String, at time: TimeInterval) -> Double? {
    layer(label, at: time).map(property.value)
  }

  /// `property` of `label` at every frame it shows in, as (time, value).
  public func values(_ property: CapturedProperty, of label: String) -> [(time: TimeInterval, value: Double)] {
    frames.compactMap { frame in
      frame.capture.layers.first { $0.label == label }.map { (frame.time, property.value($0)) }
    }
  }

  /// A watched probe's values, as (time, value).
  public func probe(_ name: String) -> [(time: TimeInterval, value: Double)] {
    frames.compactMap { frame in frame.probes[name].map { (frame.time, $0) } }
  }

  /// The calls in the trace, one string each, `receiver: message` with
  /// ` => result` when the call returned one (no times, no depth):
  /// `"DetailsAnimator: animateTransition(using:)"`.
  public var calls: [String] {
    trace.filter { $0.kind == .call || $0.kind == .appCall }.map { event in
      "\(event.receiver): \(event.message)" + (event.result.map { " => \($0)" } ?? "")
    }
  }

  /// The trace as the book prints it: times, who, what, nesting; runs of
  /// a call with changing numbers folded into one line.
  public var traceText: String {
    Diagram.callTrace.render(Stage.collapsingRepeats(trace))
  }

  /// The frames at `moments`, drawn one under another, with their key.
  public func film(_ moments: FilmMoments = .keyMoments, style: DiagramStyle = .default) -> Film {
    let chosen: [RecordedFrame]
    switch moments {
    case .keyMoments:
      let keys = keyMoments
      chosen = keys.isEmpty ? [frames[0], last] : frames.filter { keys.contains($0.time) }
    case .everyFrame(let n):
      precondition(n > 0, "FilmMoments.everyFrame needs a positive count")
      let grid = frames.filter(\.isOnGrid)
      var picked = stride(from: 0, to: grid.count, by: n).map { grid[$0] }
      if let end = grid.last, picked.last?.time != end.time { picked.append(end) }
      chosen = picked
    case .times(let times):
      chosen = times.map { frame(at: $0) }
    }
    return Film(captures: chosen.map(\.capture), device: device, style: style)
  }
}

/// Which frames a film shows.
public enum FilmMoments: Equatable, Sendable {
  /// The first transition's start, 25 %, 50 %, 75 % and end (or the
  /// first and last frames when no transition ran).
  case keyMoments
  /// Every `n`th frame at 60 fps, and the last.
  case everyFrame(Int)
  /// The frames at these times (seconds from the scenario's start).
  case times([TimeInterval])
}
