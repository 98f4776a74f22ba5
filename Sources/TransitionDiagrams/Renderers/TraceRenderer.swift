// TraceRenderer: the transition dance as a readable sequence — who asked
// whom for what, in order, with virtual times.

import TransitionEngine

/// Renders a trace (``Simulation/trace``) as one line per step.
///
/// ```swift
/// print(TraceRenderer().render(sim.trace))
/// // time   who                         what
/// // 0.000  Home -> UIKit               present(Detail, animated: true)
/// //        UIKit -> FadeDelegate       animationController(forPresented:presenting:source:) => FadeAnimator
/// //        UIKit                       [views] adds the container view (UITransitionView) to the window
/// //        UIKit -> FadeAnimator       transitionDuration(using:) => 0.3
/// //        UIKit -> FadeAnimator       animateTransition(using:)
/// // 0.300  FadeAnimator -> UIKit       completeTransition(true)
/// //          UIKit -> Detail           viewDidAppear(true)
/// ```
///
/// The time is printed when it changes; calls made while another call runs
/// are indented under it. *UIKit -> X* is UIKit calling the app's object X
/// (with what it returned after `=>`); *X -> UIKit* is the app's X calling
/// UIKit; `[views]` is a change UIKit made to the view hierarchy,
/// `WARNING:` a message UIKit would log and `--` a note (a touch).
public struct TraceRenderer: Sendable {
  /// Creates a trace renderer (it has no options).
  public init() {}

  /// Renders `events` in order, under a header.
  public func render(_ events: [TraceEvent]) -> String {
    let whos = events.map { event -> String in
      let indent = String(repeating: "  ", count: max(0, event.depth))
      let receiver = Text.ascii(event.receiver)
      switch event.kind {
      case .call: return indent + "UIKit -> " + receiver
      case .appCall: return indent + receiver + " -> UIKit"
      case .hierarchy, .warning: return indent + receiver
      case .note: return indent + "-- " + receiver
      }
    }
    let whoWidth = max(whos.map(\.count).max() ?? 0, 3)
    let times = events.map { Self.time($0.time) }
    let timeWidth = max(times.map(\.count).max() ?? 0, 4)
    var lines = [Text.padded("time", to: timeWidth) + "  " + Text.padded("who", to: whoWidth) + "  what"]
    var previous: String?
    for (i, event) in events.enumerated() {
      let time = times[i] == previous ? "" : times[i]
      previous = times[i]
      var what = Text.ascii(event.message)
      if event.kind == .hierarchy { what = "[views] " + what }
      if event.kind == .warning { what = "WARNING: " + what }
      if let result = event.result { what += " => " + Text.ascii(result) }
      lines.append(Text.padded(time, to: timeWidth) + "  " + Text.padded(whos[i], to: whoWidth) + "  " + what)
    }
    return Text.joined(lines)
  }

  /// Seconds with three decimals, e.g. "0.300".
  static func time(_ t: Double) -> String {
    guard t.isFinite else { return "?" }
    let millis = Int((t * 1000).rounded())
    let sign = millis < 0 ? "-" : ""
    let m = abs(millis)
    let fraction = String(m % 1000)
    return sign + String(m / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
