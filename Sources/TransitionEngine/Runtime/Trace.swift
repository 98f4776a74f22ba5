// The trace: every step of the transition dance, with its virtual time,
// recorded by the engine for call-trace diagrams.

/// One step of a view-controller transition, as the engine saw it.
public struct TraceEvent: Equatable, Sendable, Codable {
  /// What kind of step this is.
  public enum Kind: String, Equatable, Sendable, Codable {
    /// UIKit (or the engine on its behalf) called a method of the app's code.
    case call
    /// The app's code called UIKit (e.g. `completeTransition(_:)`).
    case appCall
    /// A change of the view hierarchy UIKit made (a view added to or removed from the container).
    case hierarchy
    /// A warning UIKit would log.
    case warning
    /// A plain note (the transition started, ended).
    case note
  }

  /// The virtual time, in seconds.
  public var time: TimeInterval
  public var kind: Kind
  /// Who is called (or acts): "delegate", "animator", "presenting", "presented", "UIKit", ….
  public var receiver: String
  /// The method or event, e.g. "animationController(forPresented:presenting:source:)".
  public var message: String
  /// What the call returned, if it returns something ("PopAnimator", "nil", "0.5").
  public var result: String?
  /// Nesting: calls made while another call runs are one level deeper.
  public var depth: Int

  public init(time: TimeInterval, kind: Kind, receiver: String, message: String, result: String? = nil,
              depth: Int = 0) {
    self.time = time
    self.kind = kind
    self.receiver = receiver
    self.message = message
    self.result = result
    self.depth = depth
  }
}

extension Simulation {
  /// Records a trace event at the current time.
  func record(_ kind: TraceEvent.Kind, _ receiver: String, _ message: String, result: String? = nil) {
    trace.append(TraceEvent(time: now, kind: kind, receiver: receiver, message: message, result: result,
                            depth: traceDepth))
  }

  /// Runs `body` with trace events one level deeper.
  func traced<R>(_ body: () throws -> R) rethrows -> R {
    traceDepth += 1
    defer { traceDepth -= 1 }
    return try body()
  }
}
