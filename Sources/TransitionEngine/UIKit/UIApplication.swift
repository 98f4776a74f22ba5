// UIApplication and the status bar style: the application object and its
// windows (scenes are in UIWindowScene.swift).

/// The style of the status bar's content.
public enum UIStatusBarStyle: Int {
  case `default` = 0, lightContent = 1, darkContent = 3
}

/// The application: the engine's windows.
@MainActor @preconcurrency
open class UIApplication: UIResponder {
  /// The one application object.
  public static let shared = UIApplication()

  /// The visible windows of the current simulation, in the order they were shown.
  open var windows: [UIWindow] { Simulation.current.windows }

  /// The key window (deprecated in iOS 13, still common in transition code).
  open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

  /// Whether touches are ignored (`beginIgnoringInteractionEvents`, iOS 2–13):
  /// also true while UIKit runs a non-interactive presentation or dismissal.
  open var isIgnoringInteractionEvents: Bool { Simulation.current.ignoredInteractionEventsDepth > 0 }

  /// Stops delivering touches until the matching `endIgnoringInteractionEvents`
  /// (calls nest). A scripted touch that goes down meanwhile is dropped.
  open func beginIgnoringInteractionEvents() { Simulation.current.ignoredInteractionEventsDepth += 1 }
  /// Balances one `beginIgnoringInteractionEvents`.
  open func endIgnoringInteractionEvents() {
    Simulation.current.ignoredInteractionEventsDepth = max(0, Simulation.current.ignoredInteractionEventsDepth - 1)
  }

  private override init() { super.init() }
}
