// A tiny stand-in for TransitionEngine, so that the verify tests do not
// depend on the real engine's API while it is being written.
@_exported import Foundation

public let transitionEngineVersion = "fixture"

open class UIView {
  public var frame: CGRect
  public var alpha: Double = 1
  public var subviews: [UIView] = []
  public init(frame: CGRect = .zero) { self.frame = frame }
  open func addSubview(_ view: UIView) { subviews.append(view) }
}

public enum UIViewPropertyAnimatorState { case inactive, active }

/// Traps inside the engine (for crash-location tests).
public func engineRequire(_ condition: Bool, _ message: String) {
  precondition(condition, message)
}

public final class Simulation {
  public static let main = Simulation()
  /// What the diagrams harness keeps per simulation, as in the real engine.
  package var companions: [ObjectIdentifier: AnyObject] = [:]
  // What the workbook's prelude sets at a program's start, as in the real engine.
  public var device = Device(name: "iPhone SE (1st generation)")
  public let accessibility = AccessibilitySettings()
  @discardableResult public static func runSwiftConcurrencyOnClock() -> Bool { false }
}

public struct Device {
  public var name: String
  public static func named(_ name: String) -> Device? { Device(name: name) }
}

public final class AccessibilitySettings {
  public var reduceMotion = false
}
