// The flicker check on the stage's films: every 60 fps frame a `film` or a
// filmed `drag` captures is held to the invariants TransitionTesting's
// `flickerViolations` holds an app's recordings to (one implementation:
// FlickerCheck.swift). A violation is published as a warning, which
// `workbook verify` reports at the line of the call.

import TransitionEngine

/// What a film may do that the flicker check would otherwise warn about:
/// `.jump(of: "Card")` (the view labelled "Card" may move farther than
/// 100 points in a frame: an intended cut), `.uncovered` (the window's
/// background may show at once: an intended flash), `.unchecked` (the film
/// shows a fault on purpose: nothing is checked), or several in an array.
public struct FlickerAllowance: ExpressibleByArrayLiteral, Equatable, Sendable {
  /// The views allowed to jump.
  let jumps: Set<String>
  /// Whether the window's background may show at once.
  let uncovered: Bool
  /// Whether the check is off for the film.
  let unchecked: Bool

  /// The view labelled `label` may jump.
  public static func jump(of label: String) -> FlickerAllowance {
    FlickerAllowance(jumps: [label], uncovered: false, unchecked: false)
  }

  /// The window's background may show at once.
  public static let uncovered = FlickerAllowance(jumps: [], uncovered: true, unchecked: false)

  /// Nothing is checked: the film shows a fault on purpose (a pitfall).
  public static let unchecked = FlickerAllowance(jumps: [], uncovered: false, unchecked: true)

  /// Everything the given allowances allow.
  public init(arrayLiteral elements: FlickerAllowance...) {
    self.init(jumps: elements.reduce(into: []) { $0.formUnion($1.jumps) },
              uncovered: elements.contains { $0.uncovered }, unchecked: elements.contains { $0.unchecked })
  }

  private init(jumps: Set<String>, uncovered: Bool, unchecked: Bool) {
    self.jumps = jumps
    self.uncovered = uncovered
    self.unchecked = unchecked
  }
}

extension Stage {
  /// The limits a film is held to: the screen 95 % covered at points 16 pt
  /// apart, no view moving more than 100 pt in 1/60 s. Pops are not
  /// checked (a snapshot standing in for a view replaces it at once).
  static func flickerLimits(_ allowing: FlickerAllowance) -> FlickerLimits {
    FlickerLimits(minimumCoverage: 0.95, sampleSpacing: 16, maximumJump: 100, jumpsAllowed: allowing.jumps,
                  maximumPop: 1, popsAllowed: [], checksPops: false)
  }

  /// The violations in `motion` (a film's frames at 60 fps, times from
  /// `zero`, the simulation's time of the film's t=0) and in `trace` (the
  /// calls made while filming). The screen is checked for flashes only (the
  /// window's background showing on a quarter of the screen more from one
  /// frame to the next): a sheet leaves the background at its corners, a
  /// presenter may shrink, a card turn edge-on, and none of these is a flash.
  static func flickerFindings(_ motion: [ScreenCapture], trace: [TraceEvent], zero: TimeInterval,
                              allowing: FlickerAllowance) -> [FlickerViolation] {
    guard !allowing.unchecked, motion.count >= 2, let first = motion.first, let last = motion.last else { return [] }
    let limits = flickerLimits(allowing)
    var found = FlickerCheck.frameViolations(motion, limits: limits, coverage: false)
    if !allowing.uncovered { found += FlickerCheck.flashViolations(motion, limits: limits) }
    // A film may end before its transition does, or start after it began
    // (a second film of the same transition): only a second call, or one
    // with no transition started in the film, is a fault here; and a
    // cancel restores the screen as it was when the transition started.
    let started = trace.contains {
      $0.kind == .call && ($0.message.hasPrefix("animateTransition(") || $0.message.hasPrefix("startInteractiveTransition("))
    }
    let calls = trace.map { event -> TraceEvent in
      var event = event
      event.time = snap(event.time - zero)
      return event
    }
    found += FlickerCheck.completionViolations(calls, end: last.time, reportsUnfinished: false)
      .filter { started || !$0.detail.hasSuffix("with no transition running") }
    if started, trace.contains(where: { $0.kind == .appCall && $0.message == "completeTransition(false)" }) {
      found += FlickerCheck.cancelViolations(before: first, end: last)
    }
    return found
  }

  /// Checks a film's frames and publishes each violation as a warning at `line`.
  func checkFlicker(_ motion: [ScreenCapture], since traceStart: Int, zero: TimeInterval,
                    allowing: FlickerAllowance, line: Int) {
    let findings = Self.flickerFindings(motion, trace: Array(simulation.trace[traceStart...]), zero: zero,
                                        allowing: allowing)
    for finding in findings {
      let hint = finding.invariant == .jump ? " (intended? film(..., allowing: .jump(of: \"\(finding.view)\")))"
        : finding.invariant == .coverage ? " (intended? film(..., allowing: .uncovered))"
        : " (on purpose? film(..., allowing: .unchecked))"
      DiagramChannel.publish(.warning("flicker: \(finding.description)\(hint)", line: line), from: simulation)
    }
  }
}
