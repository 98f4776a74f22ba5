// Motion effects: UIMotionEffect, UIInterpolatingMotionEffect,
// UIMotionEffectGroup and the UIOffset they use.
//
// The engine's device never moves, so motion effects are kept but never
// applied: a view shows its model values, which is what a device held
// still, facing the viewer (viewer offset (0, 0)), shows for an effect whose
// range is symmetric about zero. `keyPathsAndRelativeValues(forViewerOffset:)`
// computes what UIKit would add for any offset.

/// A horizontal and vertical offset.
public struct UIOffset: Equatable, Sendable {
  public var horizontal: CGFloat
  public var vertical: CGFloat

  public init() {
    horizontal = 0
    vertical = 0
  }

  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// (0, 0).
  public static let zero = UIOffset()
}

/// An effect that depends on how the device is tilted (abstract).
@MainActor @preconcurrency
open class UIMotionEffect: NSObject {
  public override init() { super.init() }

  /// What to add to the view's properties for a viewer offset (each
  /// component -1…1): nil here; subclasses answer.
  open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}

/// Maps the tilt along one axis onto a range of values for one key path.
@MainActor @preconcurrency
open class UIInterpolatingMotionEffect: UIMotionEffect {
  /// The axis of tilt.
  public enum EffectType: Int, Sendable {
    case tiltAlongHorizontalAxis, tiltAlongVerticalAxis
  }

  /// The view key path the values apply to (e.g. "center.x").
  public let keyPath: String
  /// The axis whose tilt drives the values.
  public let type: EffectType
  /// Apple: the value returned when the viewer offset along the axis is -1.
  open var minimumRelativeValue: Any?
  /// Apple: the value returned when the viewer offset along the axis is 1.
  open var maximumRelativeValue: Any?

  public init(keyPath: String, type: EffectType) {
    self.keyPath = keyPath
    self.type = type
    super.init()
  }

  /// The value for the offset along the effect's axis, interpolated linearly
  /// between the minimum (-1) and the maximum (1), as a `CGFloat`; nil when
  /// either bound is missing or not a number. (Apple documents the ends;
  /// the linear map between them is the engine's reading of "translates".)
  open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
    guard let low = Self.number(minimumRelativeValue), let high = Self.number(maximumRelativeValue) else { return nil }
    let raw = type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical
    let t = (min(max(raw, -1), 1) + 1) / 2
    return [keyPath: low + (high - low) * t]
  }

  static func number(_ value: Any?) -> CGFloat? {
    switch value {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as NSNumber: return CGFloat(v.doubleValue)
    default: return nil
    }
  }
}

/// Several motion effects applied together.
@MainActor @preconcurrency
open class UIMotionEffectGroup: UIMotionEffect {
  /// The effects of the group.
  open var motionEffects: [UIMotionEffect]?

  /// The members' key paths and values, merged (a later member wins a shared key path).
  open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
    var merged: [String: Any] = [:]
    for effect in motionEffects ?? [] {
      for (key, value) in effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) ?? [:] {
        merged[key] = value
      }
    }
    return merged
  }
}

extension UIView {
  /// The view's motion effects, in the order they were added (kept, never applied).
  public var motionEffects: [UIMotionEffect] {
    get { motionEffectList }
    set { motionEffectList = newValue }
  }

  /// Adds a motion effect (kept; the engine's device never moves). Adding
  /// one that is already there does nothing.
  public func addMotionEffect(_ effect: UIMotionEffect) {
    guard !motionEffectList.contains(where: { $0 === effect }) else { return }
    motionEffectList.append(effect)
    simulation.record(.appCall, diagramLabel, "addMotionEffect(\(type(of: effect))) [no device motion in the engine]")
    simulation.notModelled("UIMotionEffect", instead: "the simulated device never tilts: motion effects are kept and never applied")
  }

  /// Removes a motion effect.
  public func removeMotionEffect(_ effect: UIMotionEffect) {
    motionEffectList.removeAll { $0 === effect }
  }
}
