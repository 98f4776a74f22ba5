// Accessibility that transitions must respect: the settings a transition
// reads (Reduce Motion, Reduce Transparency, Prefer Cross-Fade Transitions,
// VoiceOver), the notifications UIKit posts when they change, and the
// notifications an app posts to VoiceOver.
//
// The settings belong to the device, so they are kept per simulation and set
// by the harness (`Simulation.current.accessibility.reduceMotion = true`, or
// `stage.accessibility…`), never by app code: UIKit's `UIAccessibility`
// properties are read-only. Switching one posts UIKit's "status did change"
// notification through the simulation's `NotificationCenter.default`
// (object nil), synchronously, after the new value is readable — as when the
// user flips the switch in Settings while the app runs.
//
// VoiceOver itself is not modelled: nothing is spoken and there is no focus
// ring. `UIAccessibility.post(notification:argument:)` records the call in
// the trace (the notification and the element or text), so a chapter can
// show where an app sends VoiceOver's focus after a custom presentation.
// UIKit's documentation does not say that UIKit posts `.screenChanged`
// itself after a modal presentation, so the engine does not post it.

// MARK: - Settings

/// The accessibility settings of one simulated device (Settings ▸ Accessibility).
///
/// All start off, as on a new device. Setting one to a new value posts its
/// `UIAccessibility` change notification; setting the same value posts nothing.
public final class AccessibilitySettings {
  private unowned let simulation: Simulation

  init(simulation: Simulation) { self.simulation = simulation }

  /// Motion ▸ Reduce Motion (`UIAccessibility.isReduceMotionEnabled`).
  public var reduceMotion = false {
    didSet { changed(oldValue, reduceMotion, UIAccessibility.reduceMotionStatusDidChangeNotification) }
  }

  /// Display & Text Size ▸ Reduce Transparency (`UIAccessibility.isReduceTransparencyEnabled`).
  public var reduceTransparency = false {
    didSet {
      changed(oldValue, reduceTransparency, UIAccessibility.reduceTransparencyStatusDidChangeNotification)
    }
  }

  /// Motion ▸ Prefer Cross-Fade Transitions (iOS 14). `UIAccessibility.prefersCrossFadeTransitions`
  /// reads true only when Reduce Motion is on too (Apple: it "indicates whether
  /// the Reduce Motion and the Prefer Cross-Fade Transitions settings are in an
  /// enabled state").
  public var prefersCrossFadeTransitions = false {
    didSet {
      changed(oldValue, prefersCrossFadeTransitions, UIAccessibility.prefersCrossFadeTransitionsStatusDidChange)
    }
  }

  /// VoiceOver (`UIAccessibility.isVoiceOverRunning`).
  public var voiceOver = false {
    didSet { changed(oldValue, voiceOver, UIAccessibility.voiceOverStatusDidChangeNotification) }
  }

  /// What the app posted to VoiceOver, in order (also in the trace).
  public internal(set) var posted: [(notification: UIAccessibility.Notification, argument: String?)] = []

  private func changed(_ old: Bool, _ new: Bool, _ name: NSNotification.Name) {
    guard old != new else { return }
    simulation.record(.note, "Settings", "\(name.rawValue.dropFirst("UIAccessibility".count)) (\(new ? "on" : "off"))")
    simulation.notificationCenter.post(name: name, object: nil)
  }
}

extension Simulation {
  /// The device's accessibility settings (see `AccessibilitySettings`).
  public var accessibility: AccessibilitySettings {
    companion(AccessibilitySettings.self) { AccessibilitySettings(simulation: self) }
  }
}

// MARK: - UIAccessibility

/// UIKit's accessibility settings and notifications.
public enum UIAccessibility {
  /// Whether Reduce Motion is on: the simulation's `accessibility.reduceMotion`.
  public static var isReduceMotionEnabled: Bool { Simulation.current.accessibility.reduceMotion }

  /// Whether Reduce Transparency is on: the simulation's `accessibility.reduceTransparency`.
  public static var isReduceTransparencyEnabled: Bool { Simulation.current.accessibility.reduceTransparency }

  /// Whether Reduce Motion and Prefer Cross-Fade Transitions are both on (iOS 14;
  /// Apple: "whether the Reduce Motion and the Prefer Cross-Fade Transitions
  /// settings are in an enabled state").
  public static var prefersCrossFadeTransitions: Bool {
    let settings = Simulation.current.accessibility
    return settings.reduceMotion && settings.prefersCrossFadeTransitions
  }

  /// Whether VoiceOver is running: the simulation's `accessibility.voiceOver`.
  public static var isVoiceOverRunning: Bool { Simulation.current.accessibility.voiceOver }

  /// Posted when Reduce Motion is switched.
  public static let reduceMotionStatusDidChangeNotification =
    NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
  /// Posted when Reduce Transparency is switched.
  public static let reduceTransparencyStatusDidChangeNotification =
    NSNotification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
  /// Posted when Prefer Cross-Fade Transitions is switched (iOS 14).
  public static let prefersCrossFadeTransitionsStatusDidChange =
    NSNotification.Name("UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")
  /// Posted when VoiceOver starts or stops.
  public static let voiceOverStatusDidChangeNotification =
    NSNotification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")

  /// A notification an app posts to assistive technologies.
  public struct Notification: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// "A new view appears that occupies a major portion of the screen"; the
    /// argument is the element VoiceOver moves to (nil: the first element).
    public static let screenChanged = Notification(rawValue: 1000)
    /// "The layout of a screen changes"; the argument is the element to move to.
    public static let layoutChanged = Notification(rawValue: 1001)
    /// An announcement; the argument is the string to speak.
    public static let announcement = Notification(rawValue: 1008)
    /// A scroll finished; the argument is a string describing the new position.
    public static let pageScrolled = Notification(rawValue: 1009)

    var name: String {
      switch self {
      case .screenChanged: return ".screenChanged"
      case .layoutChanged: return ".layoutChanged"
      case .announcement: return ".announcement"
      case .pageScrolled: return ".pageScrolled"
      default: return "Notification(rawValue: \(rawValue))"
      }
    }
  }

  /// Posts a notification to assistive technologies. The engine has no
  /// VoiceOver: the call is recorded in the trace, with the element's label
  /// (its accessibility label, else its diagram label) or the string, and
  /// kept in `Simulation.current.accessibility.posted`.
  public static func post(notification: UIAccessibility.Notification, argument: Any?) {
    let simulation = Simulation.current
    let described = describe(argument)
    simulation.accessibility.posted.append((notification, described))
    let voiceOver = simulation.accessibility.voiceOver ? "" : " [VoiceOver off]"
    simulation.record(.appCall, "UIAccessibility",
                      "post(notification: \(notification.name), argument: \(described ?? "nil"))\(voiceOver)")
    simulation.notModelled("UIAccessibility.post(notification:argument:)",
                           instead: "there is no VoiceOver: the notification is traced and nothing moves the focus")
  }

  private static func describe(_ argument: Any?) -> String? {
    guard let argument else { return nil }
    if let view = argument as? UIView {
      guard let label = view.accessibilityLabel, !label.isEmpty, label != view.diagramLabel else {
        return view.diagramLabel
      }
      return "\(view.diagramLabel) \"\(label)\""
    }
    if let string = argument as? String { return "\"\(string)\"" }
    if let string = argument as? NSAttributedString { return "\"\(string.string)\"" }
    return String(describing: argument)
  }
}
