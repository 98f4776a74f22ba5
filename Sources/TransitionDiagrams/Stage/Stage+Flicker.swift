// The flicker check on the stage's films: every 60 fps frame a `film` or a
// filmed `drag` captures is held to the invariants TransitionTesting's
// `flickerViolations` holds an app's recordings to (one implementation:
// FlickerCheck.swift). A violation is published as a warning, which
// `workbook verify` reports at the line of the call.

import TransitionEngine

/// What a film may do that the flicker check would otherwise warn about:
/// `.jump(of: "Card")` (the view labelled "Card" may move farther than
/// 100 points in a frame: an intended cut), `.uncovered` (the window's
/// background may show between two covered frames), or several in an array.
public struct FlickerAllowance: ExpressibleByArrayLiteral, Equatable, Sendable {
  /// The views allowed to jump.
  public var jumps: Set<String>
  /// Whether the screen may be uncovered for a while.
  public var uncovered: Bool

  /// The view labelled `label` may jump.
  public static func jump(of label: String) -> FlickerAllowance {
    FlickerAllowance(jumps: [label], uncovered: false)
  }

  /// The window's background may show between covered frames.
  public static let uncovered = FlickerAllowance(jumps: [], uncovered: true)

  /// Everything the given allowances allow.
  public init(arrayLiteral elements: FlickerAllowance...) {
    self.init(jumps: elements.reduce(into: []) { $0.formUnion($1.jumps) },
              uncovered: elements.contains { $0.uncovered })
  }

  private init(jumps: Set<String>, uncovered: Bool) {
    self.jumps = jumps
    self.uncovered = uncovered
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
  /// calls made while filming). The screen counts as flashing only between
  /// two covered frames: a sheet leaves the window's background at its
  /// corners, a demo view may not fill the screen, and neither is a flash.
  static func flickerFindings(_ motion: [ScreenCapture], trace: [TraceEvent], zero: TimeInterval,
                              allowing: FlickerAllowance) -> [FlickerFinding] {
    guard motion.count >= 2, let first = motion.first, let last = motion.last else { return [] }
    let limits = flickerLimits(allowing)
    var found = FlickerCheck.frameViolations(motion, limits: limits)
    let flashes = !allowing.uncovered
      && FlickerCheck.isCovered(first, minimum: limits.minimumCoverage, spacing: limits.sampleSpacing)
      && FlickerCheck.isCovered(last, minimum: limits.minimumCoverage, spacing: limits.sampleSpacing)
    if !flashes { found.removeAll { $0.invariant == .coverage } }
    // A film may end before its transition does, or start after it began
    // (a second film of the same transition): only a second call, or one
    // with no transition started in the film, is a fault here.
    let started = trace.contains { $0.kind == .call && $0.message.hasPrefix("animateTransition(") }
    let calls = trace.map { event -> TraceEvent in
      var event = event
      event.time = snap(event.time - zero)
      return event
    }
    found += FlickerCheck.completionViolations(calls, end: last.time, reportsUnfinished: false)
      .filter { started || !$0.detail.hasSuffix("with no transition running") }
    if trace.contains(where: { $0.kind == .appCall && $0.message == "completeTransition(false)" }) {
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
        : finding.invariant == .coverage ? " (intended? film(..., allowing: .uncovered))" : ""
      DiagramChannel.publish(.warning("flicker: \(finding.description)\(hint)", line: line), from: simulation)
    }
  }
}
