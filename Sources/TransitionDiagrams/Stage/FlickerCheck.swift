// The flicker check's invariants over captured frames, shared by the Stage
// (the book's films, checked during `verify`) and TransitionTesting (an
// app's recordings, `flickerViolations`). It is analysis of captures: it
// runs nothing and knows nothing of recorders or books.

import TransitionEngine

/// One broken invariant: when, which view, which invariant, and how. The
/// Stage's films and TransitionTesting's recordings (which re-exports it)
/// report the same type.
public struct FlickerViolation: Equatable, Sendable, CustomStringConvertible {
  /// The invariants the check holds.
  public enum Invariant: String, Sendable {
    case coverage = "screen covered"
    case jump = "no jump"
    case pop = "no pop"
    case hierarchy = "hierarchy at the end"
    case completion = "completeTransition once"
    case monotonic = "monotonic"
    case cancel = "cancel restores"
    case duration = "duration as declared"
  }

  /// Seconds from the scenario's start.
  public var time: TimeInterval
  /// The view (or the screen point, or the animator).
  public var view: String
  public var invariant: Invariant
  /// What was seen.
  public var detail: String

  package init(time: TimeInterval, view: String, invariant: Invariant, detail: String) {
    self.time = time
    self.view = view
    self.invariant = invariant
    self.detail = detail
  }

  /// `t=0.2s  Card  [no jump] moved 160 pt in 0.017s (at most 100 a frame)`.
  public var description: String {
    "t=\(FlickerCheck.number(time))s  \(view)  [\(invariant.rawValue)] \(detail)"
  }
}

/// The limits of the frame-by-frame invariants.
package struct FlickerLimits: Sendable {
  package var minimumCoverage: Double
  package var sampleSpacing: Double
  package var maximumJump: Double
  package var jumpsAllowed: Set<String>
  package var maximumPop: Double
  package var popsAllowed: Set<String>
  /// Whether a pop is checked at all (the Stage does not: a snapshot that
  /// stands in for a view replaces it in one frame by design).
  package var checksPops: Bool

  package init(minimumCoverage: Double, sampleSpacing: Double, maximumJump: Double, jumpsAllowed: Set<String>,
               maximumPop: Double, popsAllowed: Set<String>, checksPops: Bool = true) {
    self.minimumCoverage = minimumCoverage
    self.sampleSpacing = sampleSpacing
    self.maximumJump = maximumJump
    self.jumpsAllowed = jumpsAllowed
    self.maximumPop = maximumPop
    self.popsAllowed = popsAllowed
    self.checksPops = checksPops
  }
}

/// The invariants, each a function of captures (and the call trace).
package enum FlickerCheck {
  /// Coverage (unless `coverage` is false), pops and jumps over `frames`,
  /// consecutive frames on a 60 fps grid, in time order per invariant.
  package static func frameViolations(_ frames: [ScreenCapture], limits: FlickerLimits,
                                      coverage: Bool = true) -> [FlickerViolation] {
    guard let first = frames.first else { return [] }
    var found: [FlickerViolation] = []
    let points = samplePoints(first.screenSize, spacing: limits.sampleSpacing)
    var lastTops: [String: Double]?
    var previous: ScreenCapture?
    var previousQuads: [String: [CGPoint]] = [:]
    var uncoveredRun: (index: Int, frames: Int)?
    for frame in frames {
      let layers = frame.layers
      let covers = coverage || limits.checksPops ? Cover.layers(of: frame) : []
      // Covered: no point where the window's background shows. A run of
      // uncovered frames is one violation, at its first frame.
      if coverage, let (point, coverage) = uncovered(covers, points: points, minimum: limits.minimumCoverage) {
        if let run = uncoveredRun {
          uncoveredRun = (run.index, run.frames + 1)
          found[run.index].detail = found[run.index].detail.prefix { $0 != ";" }
            + "; \(run.frames + 1) frames, to t=\(number(frame.time))s"
        } else {
          uncoveredRun = (found.count, 1)
          found.append(FlickerViolation(
            time: frame.time, view: "screen at (\(number(point.x)), \(number(point.y)))", invariant: .coverage,
            detail: "only \(percent(coverage)) covered: the window's background shows"))
        }
      } else {
        uncoveredRun = nil
      }
      // Pops: a view that gains or loses much of the screen in one frame.
      if limits.checksPops {
        let tops = topViewShares(covers, points: points)
        if let lastTops {
          for label in Set(tops.keys).union(lastTops.keys).sorted() where !limits.popsAllowed.contains(label) {
            let change = (tops[label] ?? 0) - (lastTops[label] ?? 0)
            if abs(change) > limits.maximumPop {
              found.append(FlickerViolation(
                time: frame.time, view: label, invariant: .pop,
                detail: "\(change > 0 ? "pops in" : "pops out"): shows on \(percent(lastTops[label] ?? 0)) "
                  + "of the screen, then \(percent(tops[label] ?? 0)) one frame later"))
            }
          }
        }
        lastTops = tops
      }
      // Jumps: a uniquely labelled view that moves too far in one frame.
      let quads = uniqueViewQuads(layers)
      if let previous {
        let dt = frame.time - previous.time
        for (label, quad) in quads.sorted(by: { $0.key < $1.key }) where !limits.jumpsAllowed.contains(label) {
          guard let before = previousQuads[label], dt > 0 else { continue }
          let moved = distance(before, quad)
          let perFrame = moved * (1.0 / 60) / dt
          if perFrame > limits.maximumJump {
            found.append(FlickerViolation(
              time: frame.time, view: label, invariant: .jump,
              detail: "moved \(number(moved)) pt in \(number(dt))s (at most \(number(limits.maximumJump)) a frame)"))
          }
        }
      }
      previous = frame
      previousQuads = quads
    }
    return found
  }

  /// Flashes: frames where the window's background suddenly shows, how
  /// much of it shows (1 − coverage, averaged over the sampled points)
  /// rising by more than `maximumRise` from the frame before (a view
  /// removed or added a frame too early or late). A gradual reveal (a
  /// presenter that shrinks or fades, a card that turns edge-on) is not one.
  package static func flashViolations(_ frames: [ScreenCapture], limits: FlickerLimits,
                                      maximumRise: Double = 0.25) -> [FlickerViolation] {
    guard let first = frames.first else { return [] }
    let points = samplePoints(first.screenSize, spacing: limits.sampleSpacing)
    guard !points.isEmpty else { return [] }
    var found: [FlickerViolation] = []
    var previous: Double?
    for frame in frames {
      let covers = Cover.layers(of: frame)
      var bare: [Double] = []
      bare.reserveCapacity(points.count)
      for point in points { bare.append(Cover.bare(covers, point)) }
      let shown = bare.reduce(0, +) / Double(points.count)
      if let previous, shown - previous > maximumRise {
        let worst = bare.indices.max { bare[$0] < bare[$1] }!
        found.append(FlickerViolation(
          time: frame.time, view: "screen at (\(number(points[worst].x)), \(number(points[worst].y)))",
          invariant: .coverage,
          detail: "the window's background shows through \(percent(shown)) of the screen, "
            + "\(percent(previous)) one frame before"))
      }
      previous = shown
    }
    return found
  }

  /// Whether every sampled point of `capture` is at least `minimum` covered.
  package static func isCovered(_ capture: ScreenCapture, minimum: Double, spacing: Double) -> Bool {
    uncovered(Cover.layers(of: capture), points: samplePoints(capture.screenSize, spacing: spacing), minimum: minimum) == nil
  }

  /// Every transition the trace shows started (an `animateTransition(using:)`,
  /// or a `startInteractiveTransition(_:)` with the animation it starts)
  /// calls `completeTransition(_:)` exactly once. Those still open at
  /// `end` are reported there when `reportsUnfinished`.
  package static func completionViolations(_ trace: [TraceEvent], end: TimeInterval,
                                           reportsUnfinished: Bool = true) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    var open: [TraceEvent] = []
    var interactiveStart = false
    for event in trace {
      if event.kind == .call, event.message.hasPrefix("startInteractiveTransition(") {
        open.append(event)
        interactiveStart = true
      } else if event.kind == .call, event.message.hasPrefix("animateTransition(") {
        if interactiveStart { interactiveStart = false } else { open.append(event) }
      } else if event.kind == .appCall, event.message.hasPrefix("completeTransition(") {
        interactiveStart = false
        if open.isEmpty {
          found.append(FlickerViolation(time: event.time, view: event.receiver, invariant: .completion,
                                      detail: "\(event.message) with no transition running"))
        } else {
          open.removeFirst()
        }
      } else if event.kind == .warning, event.message.contains("completeTransition(_:) was called more than once") {
        found.append(FlickerViolation(time: event.time, view: event.receiver, invariant: .completion,
                                    detail: "called more than once: \(event.message)"))
      }
    }
    guard reportsUnfinished else { return found }
    for start in open {
      found.append(FlickerViolation(
        time: end, view: start.receiver, invariant: .completion,
        detail: "never called completeTransition(_:) (transition started at t=\(number(start.time))s)"))
    }
    return found
  }

  /// Each animated (not interactive) transition that completed at another
  /// time than its animator's `transitionDuration(using:)` said, by more
  /// than two frames. UIKit uses that number to run other objects'
  /// animations in step with the transition (the navigation bar's, the
  /// coordinator's alongside animations), so a wrong one shows as chrome
  /// that finishes early or late.
  package static func durationViolations(_ trace: [TraceEvent]) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    var declared: [String: TimeInterval] = [:]
    var open: [(animator: String, start: TimeInterval, duration: TimeInterval?)] = []
    var interactiveStart = false
    for event in trace {
      if event.kind == .call, event.message.hasPrefix("transitionDuration(") {
        declared[event.receiver] = event.result.flatMap(TimeInterval.init)
      } else if event.kind == .call, event.message.hasPrefix("startInteractiveTransition(") {
        open.append((event.receiver, event.time, nil))
        interactiveStart = true
      } else if event.kind == .call, event.message.hasPrefix("animateTransition(") {
        if interactiveStart {
          interactiveStart = false
        } else {
          open.append((event.receiver, event.time, declared[event.receiver]))
        }
      } else if event.kind == .appCall, event.message.hasPrefix("completeTransition("), !open.isEmpty {
        interactiveStart = false
        let started = open.removeFirst()
        guard let duration = started.duration, event.message == "completeTransition(true)" else { continue }
        let took = event.time - started.start
        if abs(took - duration) > 2.0 / 60 + 1e-9 {
          found.append(FlickerViolation(
            time: event.time, view: started.animator, invariant: .duration,
            detail: "transitionDuration(using:) returned \(number(duration)) s, but the transition completed "
              + "\(number(took)) s after animateTransition(using:) began: return the duration the animations use"))
        }
      }
    }
    return found
  }

  /// After a cancel: the screen at `end` as it was `before` (the same
  /// views, at the same places, as opaque).
  package static func cancelViolations(before: ScreenCapture, end: ScreenCapture) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    func counts(_ capture: ScreenCapture) -> [String: Int] {
      capture.layers.filter(\.isView).reduce(into: [:]) { $0[$1.label, default: 0] += 1 }
    }
    let countsBefore = counts(before), countsAfter = counts(end)
    for (label, count) in countsAfter.sorted(by: { $0.key < $1.key }) where count > countsBefore[label] ?? 0 {
      found.append(FlickerViolation(time: end.time, view: label, invariant: .cancel,
                                  detail: "left on screen after the cancel (it was not there before)"))
    }
    for (label, count) in countsBefore.sorted(by: { $0.key < $1.key }) where count > countsAfter[label] ?? 0 {
      found.append(FlickerViolation(time: end.time, view: label, invariant: .cancel,
                                  detail: "gone after the cancel (it was on screen before)"))
    }
    let quadsBefore = uniqueViewQuads(before.layers), quadsAfter = uniqueViewQuads(end.layers)
    for layer in before.layers where layer.isView && layer.depth > 0 {
      guard let quad = quadsBefore[layer.label], let now = quadsAfter[layer.label],
            let after = end.layers.first(where: { $0.label == layer.label }) else { continue }
      if distance(quad, now) > 0.5 || abs(after.effectiveAlpha - layer.effectiveAlpha) > 0.01 {
        found.append(FlickerViolation(
          time: end.time, view: layer.label, invariant: .cancel,
          detail: "not restored: frame \(describe(layer.frame)) alpha \(number(layer.effectiveAlpha)) before, "
            + "\(describe(after.frame)) alpha \(number(after.effectiveAlpha)) after"))
      }
    }
    return found
  }

  /// Whether the view labelled `label` shows in `capture` (alpha above 0.01).
  package static func shows(_ label: String, in capture: ScreenCapture) -> Bool {
    capture.layers.contains { $0.label == label && $0.effectiveAlpha > 0.01 }
  }

  // MARK: Helpers

  private static func samplePoints(_ size: CGSize, spacing: Double) -> [CGPoint] {
    var points: [CGPoint] = []
    var y = spacing / 2
    while y < Double(size.height) {
      var x = spacing / 2
      while x < Double(size.width) {
        points.append(CGPoint(x: x, y: y))
        x += spacing
      }
      y += spacing
    }
    return points
  }

  /// A layer of a frame that can hide what is under it (above the window,
  /// with a fill that shows), read once per frame: the checks test every
  /// sampled point against every layer.
  private struct Cover {
    var label: String
    var quad: [CGPoint]
    var clips: [[CGPoint]]
    var opacity: Double

    /// The layers of `capture` that can cover a point, in paint order.
    static func layers(of capture: ScreenCapture) -> [Cover] {
      capture.layers.compactMap { layer in
        let opacity = layer.opacity
        guard layer.depth > 0, opacity > 0 else { return nil }
        return Cover(label: layer.label, quad: layer.quad, clips: layer.clips, opacity: opacity)
      }
    }

    /// `CapturedLayer.covers(_:)`.
    func covers(_ point: CGPoint) -> Bool {
      CapturedLayer.contains(quad, point) && clips.allSatisfy { CapturedLayer.contains($0, point) }
    }

    /// What `covers` let through at a point: ∏(1 − opacity) over the layers that cover it.
    static func bare(_ covers: [Cover], _ point: CGPoint) -> Double {
      var rest = 1.0
      for layer in covers where layer.covers(point) { rest *= 1 - layer.opacity }
      return rest
    }
  }

  /// The first sampled point less than `minimum` covered, with its coverage:
  /// 1 − ∏(1 − opacity) over the filled layers above the window there.
  private static func uncovered(_ covers: [Cover], points: [CGPoint], minimum: Double) -> (CGPoint, Double)? {
    for point in points {
      let coverage = 1 - Cover.bare(covers, point)
      if coverage < minimum { return (point, coverage) }
    }
    return nil
  }

  /// For each label, the share of the screen it paints: at each sampled
  /// point, from the top down, its fill's opacity times what the layers
  /// above let through (so a fade changes it smoothly, a cut at once).
  private static func topViewShares(_ covers: [Cover], points: [CGPoint]) -> [String: Double] {
    var shares: [String: Double] = [:]
    for point in points {
      var through = 1.0
      for layer in covers.reversed() where layer.covers(point) {
        shares[layer.label, default: 0] += through * layer.opacity
        through *= 1 - layer.opacity
        if through < 0.001 { break }
      }
    }
    return shares.mapValues { $0 / Double(points.count) }
  }

  /// The screen corners of each view whose label is unique in the frame.
  private static func uniqueViewQuads(_ layers: [CapturedLayer]) -> [String: [CGPoint]] {
    var quads: [String: [CGPoint]] = [:]
    var seen: Set<String> = []
    for layer in layers where layer.isView && layer.depth > 0 {
      if seen.contains(layer.label) { quads[layer.label] = nil } else { quads[layer.label] = layer.quad }
      seen.insert(layer.label)
    }
    return quads
  }

  /// The farthest any corner moved.
  private static func distance(_ a: [CGPoint], _ b: [CGPoint]) -> Double {
    zip(a, b).map { p, q in
      let dx = Double(p.x - q.x), dy = Double(p.y - q.y)
      return (dx * dx + dy * dy).squareRoot()
    }.max() ?? 0
  }

  /// A number as diagrams print it: at most three decimals, no trailing zeros.
  package static func number<T: BinaryFloatingPoint>(_ value: T) -> String {
    let rounded = (Double(value) * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

  private static func describe(_ rect: CGRect) -> String {
    "\(number(rect.minX)),\(number(rect.minY)) \(number(rect.width))x\(number(rect.height))"
  }
}

extension CapturedLayer {
  /// How much the layer's fill hides what is under it: its fill's alpha
  /// times its effective alpha (0 without a fill).
  package var opacity: Double { (fill?.alpha ?? 0) * effectiveAlpha }

  /// Whether `point` (screen coordinates) is inside the layer and its clips.
  package func covers(_ point: CGPoint) -> Bool {
    opacity > 0 && Self.contains(quad, point) && clips.allSatisfy { Self.contains($0, point) }
  }

  /// Whether a convex polygon contains `point` (edges included).
  package static func contains(_ polygon: [CGPoint], _ point: CGPoint) -> Bool {
    guard polygon.count >= 3 else { return false }
    var sign = 0.0
    for i in polygon.indices {
      let a = polygon[i], b = polygon[(i + 1) % polygon.count]
      let cross = Double((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x))
      if abs(cross) < 1e-9 { continue }
      if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
    }
    return true
  }
}
