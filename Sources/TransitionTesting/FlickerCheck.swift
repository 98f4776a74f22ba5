// The flicker check: invariants over every frame of a recording, in the way
// Android's Flicker library asserts over transition traces. Each violation
// names the time, the view and the invariant.

import TransitionDiagrams
import UIKit

// The type the check reports is the Stage's own, under the same name.
@_exported import struct TransitionDiagrams.FlickerViolation

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
  /// Whether each animated transition must complete when its animator's
  /// `transitionDuration(using:)` said, within two frames.
  public var checksDuration: Bool

  /// Rules with the defaults: the screen 95 % covered, no move of more than
  /// 100 points or pop of more than half the screen in one frame, each
  /// transition as long as its animator declared.
  public init(incoming: String? = nil, outgoing: String? = nil, outgoingStays: Bool = false,
              minimumCoverage: Double = 0.95, sampleSpacing: Double = 16,
              maximumJump: Double = 100, jumpsAllowed: Set<String> = [],
              maximumPop: Double = 0.5, popsAllowed: Set<String> = [],
              monotonic: [MonotonicValue] = [], checksDuration: Bool = true) {
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
    self.checksDuration = checksDuration
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

extension TransitionRecording {
  /// Every violation of `rules` over the frames, in time order per invariant.
  /// The invariants over captures are the Stage's (TransitionDiagrams'
  /// `FlickerCheck`, which the book's films run during `verify`).
  public func flickerViolations(_ rules: FlickerRules = FlickerRules()) -> [FlickerViolation] {
    let limits = FlickerLimits(
      minimumCoverage: rules.minimumCoverage, sampleSpacing: rules.sampleSpacing,
      maximumJump: rules.maximumJump, jumpsAllowed: rules.jumpsAllowed,
      maximumPop: rules.maximumPop, popsAllowed: rules.popsAllowed)
    var found = FlickerCheck.frameViolations(frames.filter(\.isOnGrid).map(\.capture), limits: limits)
    found += monotonicViolations(rules.monotonic)
    found += FlickerCheck.completionViolations(trace, end: last.time)
    if rules.checksDuration { found += FlickerCheck.durationViolations(trace) }
    found += endViolations(rules)
    return found
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

  /// The incoming view on screen at the end, the outgoing one gone (or
  /// not, per style); after a cancel, the screen as it was before.
  private func endViolations(_ rules: FlickerRules) -> [FlickerViolation] {
    let end = last.capture
    let cancelled = trace.contains { $0.kind == .appCall && $0.message == "completeTransition(false)" }
    if cancelled { return FlickerCheck.cancelViolations(before: before, end: end) }
    var found: [FlickerViolation] = []
    if let incoming = rules.incoming, !FlickerCheck.shows(incoming, in: end) {
      found.append(FlickerViolation(time: end.time, view: incoming, invariant: .hierarchy,
                                  detail: "the incoming view is not on screen at the end"))
    }
    if let outgoing = rules.outgoing, FlickerCheck.shows(outgoing, in: end) != rules.outgoingStays {
      found.append(FlickerViolation(
        time: end.time, view: outgoing, invariant: .hierarchy,
        detail: rules.outgoingStays ? "the outgoing view should stay on screen but is gone"
          : "the outgoing view is still on screen at the end"))
    }
    return found
  }
}

/// A number as diagrams print it: at most three decimals, no trailing zeros.
func number<T: BinaryFloatingPoint>(_ value: T) -> String { FlickerCheck.number(value) }
