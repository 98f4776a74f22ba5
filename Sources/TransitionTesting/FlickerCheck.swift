// The flicker check: invariants over every frame of a recording, in the way
// Android's Flicker library asserts over transition traces. Each violation
// names the time, the view and the invariant.

import TransitionDiagrams
import UIKit

/// What the flicker check holds a recording to. The defaults suit a
/// transition between two full-screen controllers; name the incoming and
/// outgoing views (their accessibility identifiers, or their controllers'
/// titles) to check the hierarchy at the end.
public struct FlickerRules: Sendable {
  /// The view that should be on screen at the end (nil: not checked).
  public var incoming: String?
  /// The view that should be gone at the end, or stay when
  /// `outgoingStays` (nil: not checked).
  public var outgoing: String?
  /// Whether the outgoing view stays on screen (a sheet, `.overFullScreen`,
  /// a custom presentation that keeps the presenter).
  public var outgoingStays: Bool
  /// How opaque the app's views must make every sampled point of the
  /// screen in every frame: below it the window's background shows (a black
  /// or white flash). 1 − ∏(1 − alpha) over the filled layers at the point.
  public var minimumCoverage: Double
  /// The distance between sampled points, in points.
  public var sampleSpacing: Double
  /// The farthest a view may move between two frames 1/60 s apart, in points.
  public var maximumJump: Double
  /// Views allowed to move farther (an intended cut).
  public var jumpsAllowed: Set<String>
  /// The largest share of the screen a view may gain or lose between two
  /// frames (what it paints, through the views above it): more, and it
  /// pops in or out.
  public var maximumPop: Double
  /// Views allowed to pop in or out.
  public var popsAllowed: Set<String>
  /// Values that must only rise, or only fall, over the recording.
  public var monotonic: [MonotonicValue]

  /// Rules with the defaults: the screen 95 % covered, no move of more than
  /// 100 points or pop of more than half the screen in one frame.
  public init(incoming: String? = nil, outgoing: String? = nil, outgoingStays: Bool = false,
              minimumCoverage: Double = 0.95, sampleSpacing: Double = 16,
              maximumJump: Double = 100, jumpsAllowed: Set<String> = [],
              maximumPop: Double = 0.5, popsAllowed: Set<String> = [],
              monotonic: [MonotonicValue] = []) {
    self.incoming = incoming
    self.outgoing = outgoing
    self.outgoingStays = outgoingStays
    self.minimumCoverage = minimumCoverage
    self.sampleSpacing = sampleSpacing
    self.maximumJump = maximumJump
    self.jumpsAllowed = jumpsAllowed
    self.maximumPop = maximumPop
    self.popsAllowed = popsAllowed
    self.monotonic = monotonic
  }
}

extension FlickerRules {
  /// Rules for a page or form sheet: the presenter stays, and the sheet
  /// shrinks it and shows the window's background at its corners by design
  /// (so coverage is not checked).
  public static func sheet(incoming: String? = nil, outgoing: String? = nil) -> FlickerRules {
    FlickerRules(incoming: incoming, outgoing: outgoing, outgoingStays: true, minimumCoverage: 0)
  }
}

/// A value declared to change in one direction only.
public struct MonotonicValue: Sendable {
  /// Whether the value rises or falls.
  public enum Direction: String, Sendable { case increasing, decreasing }

  /// The view (or, for a probe, the probe's name).
  public var label: String
  /// What is read: a captured property, or a probe the scene watched.
  public var property: CapturedProperty?
  public var direction: Direction

  /// `property` of the view labelled `label` only rises (or only falls).
  public init(_ property: CapturedProperty, of label: String, _ direction: Direction) {
    self.label = label
    self.property = property
    self.direction = direction
  }

  /// The probe `name` (`TransitionScene.watch`) only rises (or only falls).
  public init(probe name: String, _ direction: Direction) {
    self.label = name
    self.property = nil
    self.direction = direction
  }
}

/// One broken invariant: when, which view, which invariant, and how.
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
  }

  /// Seconds from the scenario's start.
  public var time: TimeInterval
  /// The view (or the screen point, or the animator).
  public var view: String
  public var invariant: Invariant
  /// What was seen.
  public var detail: String

  public var description: String { "t=\(number(time))s  \(view)  [\(invariant.rawValue)] \(detail)" }
}

extension TransitionRecording {
  /// Every violation of `rules` over the frames, in time order per invariant.
  public func flickerViolations(_ rules: FlickerRules = FlickerRules()) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    let grid = frames.filter(\.isOnGrid)
    let points = samplePoints(spacing: rules.sampleSpacing)
    var lastTops: [String: Double]?
    var previous: RecordedFrame?
    var uncoveredRun: (index: Int, frames: Int)?
    for frame in grid {
      let layers = frame.capture.layers
      // Covered: no point where the window's background shows. A run of
      // uncovered frames is one violation, at its first frame.
      let uncovered = points.lazy.map { point in
        (point, 1 - layers.reduce(1.0) { rest, layer in
          layer.depth == 0 || !layer.covers(point) ? rest : rest * (1 - layer.opacity)
        })
      }.first { $0.1 < rules.minimumCoverage }
      if let (point, coverage) = uncovered {
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
      let tops = topViewShares(layers, points: points)
      if let lastTops {
        for label in Set(tops.keys).union(lastTops.keys) where !rules.popsAllowed.contains(label) {
          let change = (tops[label] ?? 0) - (lastTops[label] ?? 0)
          if abs(change) > rules.maximumPop {
            found.append(FlickerViolation(
              time: frame.time, view: label, invariant: .pop,
              detail: "\(change > 0 ? "pops in" : "pops out"): shows on \(percent(lastTops[label] ?? 0)) "
                + "of the screen, then \(percent(tops[label] ?? 0)) one frame later"))
          }
        }
      }
      lastTops = tops
      // Jumps: a uniquely labelled view that moves too far in one frame.
      if let previous {
        let dt = frame.time - previous.time
        for (label, quad) in uniqueViewQuads(layers) where !rules.jumpsAllowed.contains(label) {
          guard let before = uniqueViewQuads(previous.capture.layers)[label], dt > 0 else { continue }
          let moved = zip(before, quad).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
          let perFrame = Double(moved) * (1.0 / 60) / dt
          if perFrame > rules.maximumJump {
            found.append(FlickerViolation(
              time: frame.time, view: label, invariant: .jump,
              detail: "moved \(number(moved)) pt in \(number(dt))s (at most \(number(rules.maximumJump)) a frame)"))
          }
        }
      }
      previous = frame
    }
    found += monotonicViolations(rules.monotonic)
    found += completionViolations()
    found += endViolations(rules)
    return found
  }

  private func samplePoints(spacing: Double) -> [CGPoint] {
    let size = before.screenSize
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

  /// For each label, the share of the screen it paints: at each sampled
  /// point, from the top down, its fill's opacity times what the layers
  /// above let through (so a fade changes it smoothly, a cut at once).
  private func topViewShares(_ layers: [CapturedLayer], points: [CGPoint]) -> [String: Double] {
    var shares: [String: Double] = [:]
    for point in points {
      var through = 1.0
      for layer in layers.reversed() where layer.depth > 0 && layer.covers(point) {
        shares[layer.label, default: 0] += through * layer.opacity
        through *= 1 - layer.opacity
        if through < 0.001 { break }
      }
    }
    return shares.mapValues { $0 / Double(points.count) }
  }

  /// The screen corners of each view whose label is unique in the frame.
  private func uniqueViewQuads(_ layers: [CapturedLayer]) -> [String: [CGPoint]] {
    var quads: [String: [CGPoint]] = [:]
    var seen: Set<String> = []
    for layer in layers where layer.isView && layer.depth > 0 {
      if seen.contains(layer.label) { quads[layer.label] = nil } else { quads[layer.label] = layer.quad }
      seen.insert(layer.label)
    }
    return quads
  }

  private func monotonicViolations(_ declared: [MonotonicValue]) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    for value in declared {
      let series = value.property.map { values($0, of: value.label) } ?? probe(value.label)
      let name = value.property.map { "\(value.label) \($0.name)" } ?? value.label
      for (a, b) in zip(series, series.dropFirst()) {
        let wrong = value.direction == .increasing ? b.value < a.value - 1e-6 : b.value > a.value + 1e-6
        if wrong {
          found.append(FlickerViolation(
            time: b.time, view: value.label, invariant: .monotonic,
            detail: "\(name) should be \(value.direction.rawValue) but went from \(number(a.value)) "
              + "to \(number(b.value))"))
          break
        }
      }
    }
    return found
  }

  /// Every transition the trace shows started (an `animateTransition(using:)`,
  /// or a `startInteractiveTransition(_:)` with the animation it starts)
  /// calls `completeTransition(_:)` exactly once.
  private func completionViolations() -> [FlickerViolation] {
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
    for start in open {
      found.append(FlickerViolation(
        time: last.time, view: start.receiver, invariant: .completion,
        detail: "never called completeTransition(_:) (transition started at t=\(number(start.time))s)"))
    }
    return found
  }

  /// The incoming view on screen at the end, the outgoing one gone (or
  /// not, per style); after a cancel, the screen as it was before.
  private func endViolations(_ rules: FlickerRules) -> [FlickerViolation] {
    var found: [FlickerViolation] = []
    let end = last.capture
    func shows(_ label: String, in capture: ScreenCapture) -> Bool {
      capture.layers.contains { $0.label == label && $0.effectiveAlpha > 0.01 }
    }
    let cancelled = trace.contains { $0.kind == .appCall && $0.message == "completeTransition(false)" }
    if cancelled {
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
      let quadsAfter = uniqueViewQuads(end.layers)
      for layer in before.layers where layer.isView && layer.depth > 0 {
        guard let quad = uniqueViewQuads(before.layers)[layer.label], let now = quadsAfter[layer.label],
              let after = end.layers.first(where: { $0.label == layer.label }) else { continue }
        let moved = zip(quad, now).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
        if moved > 0.5 || abs(after.effectiveAlpha - layer.effectiveAlpha) > 0.01 {
          found.append(FlickerViolation(
            time: end.time, view: layer.label, invariant: .cancel,
            detail: "not restored: frame \(describe(layer.frame)) alpha \(number(layer.effectiveAlpha)) before, "
              + "\(describe(after.frame)) alpha \(number(after.effectiveAlpha)) after"))
        }
      }
      return found
    }
    if let incoming = rules.incoming, !shows(incoming, in: end) {
      found.append(FlickerViolation(time: end.time, view: incoming, invariant: .hierarchy,
                                    detail: "the incoming view is not on screen at the end"))
    }
    if let outgoing = rules.outgoing, shows(outgoing, in: end) != rules.outgoingStays {
      found.append(FlickerViolation(
        time: end.time, view: outgoing, invariant: .hierarchy,
        detail: rules.outgoingStays ? "the outgoing view should stay on screen but is gone"
          : "the outgoing view is still on screen at the end"))
    }
    return found
  }
}

extension CapturedLayer {
  /// How much the layer's fill hides what is under it: its fill's alpha
  /// times its effective alpha (0 without a fill).
  var opacity: Double { (fill?.alpha ?? 0) * effectiveAlpha }

  /// Whether `point` (screen coordinates) is inside the layer and its clips.
  func covers(_ point: CGPoint) -> Bool {
    opacity > 0 && Self.contains(quad, point) && clips.allSatisfy { Self.contains($0, point) }
  }

  /// Whether a convex polygon contains `point` (edges included).
  static func contains(_ polygon: [CGPoint], _ point: CGPoint) -> Bool {
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

/// A number as diagrams print it: at most three decimals, no trailing zeros.
func number<T: BinaryFloatingPoint>(_ value: T) -> String {
  let rounded = (Double(value) * 1000).rounded() / 1000
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

private func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

private func describe(_ rect: CGRect) -> String {
  "\(number(rect.minX)),\(number(rect.minY)) \(number(rect.width))x\(number(rect.height))"
}
