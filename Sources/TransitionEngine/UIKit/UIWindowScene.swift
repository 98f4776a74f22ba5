// Scenes and the status bar: UIScene, UIWindowScene, UIStatusBarManager,
// and the application's scene and status-bar properties.
//
// The engine models an app with one scene on one screen: every simulation
// has a single `UIWindowScene`, connected and in the foreground, and every
// window belongs to it unless the app sets its `windowScene` to nil. The
// status bar is the device's (`Device.statusBarHeight`) in portrait and
// hidden in landscape; the default device has none, so it reads as hidden,
// with a zero frame: UIKit's value "if the status bar is hidden". The
// scene's orientation and its geometry requests are in UIKit/Rotation.swift.

/// A scene: one instance of the app's interface.
@MainActor @preconcurrency
open class UIScene: UIResponder {
  /// A scene's state.
  public enum ActivationState: Int, Sendable {
    case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
  }

  /// `.foregroundActive`: the engine's scene never leaves the foreground.
  open var activationState: ActivationState { .foregroundActive }
  /// The scene's title (kept; nothing shows it).
  open var title: String!

  /// Posted when a scene becomes active (never by the engine).
  public static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
  /// Posted when a scene is about to become inactive (never by the engine).
  public static let willDeactivateNotification = NSNotification.Name("UISceneWillDeactivateNotification")
  /// Posted when a scene enters the background (never by the engine).
  public static let didEnterBackgroundNotification = NSNotification.Name("UISceneDidEnterBackgroundNotification")
  /// Posted when a scene is about to enter the foreground (never by the engine).
  public static let willEnterForegroundNotification = NSNotification.Name("UISceneWillEnterForegroundNotification")
}

/// The scene that shows the app's windows: one per simulation.
@MainActor @preconcurrency
open class UIWindowScene: UIScene {
  let simulation: Simulation

  init(simulation: Simulation) {
    self.simulation = simulation
    super.init()
  }

  /// The scene's windows, back to front: the visible windows that belong to it.
  open var windows: [UIWindow] { simulation.windows.filter { $0.windowScene === self } }

  /// The scene's key window (iOS 15).
  open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

  /// The screen the scene is on.
  open var screen: UIScreen { simulation.screen }

  /// The interface's orientation (`.portrait` until it rotates).
  open var interfaceOrientation: UIInterfaceOrientation { simulation.orientation.interfaceOrientation }

  /// The device's traits.
  open var traitCollection: UITraitCollection { .current }

  /// The scene's status bar.
  open var statusBarManager: UIStatusBarManager? { manager }
  private lazy var manager = UIStatusBarManager()
}

/// The status bar of a window scene: the device's, in portrait (nothing is drawn).
@MainActor @preconcurrency
open class UIStatusBarManager: NSObject {
  /// The status bar across the top of the screen, the device's height; `.zero`
  /// (what UIKit returns when the status bar is hidden) in landscape and on
  /// devices without one.
  open var statusBarFrame: CGRect {
    let simulation = Simulation.current
    let height = simulation.statusBarHeight
    return height > 0 ? CGRect(x: 0, y: 0, width: simulation.screen.bounds.width, height: height) : .zero
  }
  /// Whether the status bar is hidden: on devices without one, and in landscape.
  open var isStatusBarHidden: Bool { Simulation.current.statusBarHeight == 0 }
  /// `.default`.
  open var statusBarStyle: UIStatusBarStyle { .default }
}

extension Simulation {
  /// The simulation's one window scene.
  var windowScene: UIWindowScene { companion(UIWindowScene.self) { UIWindowScene(simulation: self) } }
}

extension UIApplication {
  /// The app's state.
  public enum State: Int, Sendable {
    case active, inactive, background
  }

  /// `.active`: the engine's app never leaves the foreground.
  public var applicationState: State { .active }

  /// The connected scenes: the simulation's one window scene.
  public var connectedScenes: Set<UIScene> { [Simulation.current.windowScene] }

  /// `false`: the engine models a single-scene app.
  public var supportsMultipleScenes: Bool { false }

  /// The status bar's frame (deprecated in iOS 13): the scene's status bar
  /// manager's (`.zero` when it is hidden).
  public var statusBarFrame: CGRect { Simulation.current.windowScene.statusBarManager?.statusBarFrame ?? .zero }

  /// The interface orientation (deprecated in iOS 13): the scene's.
  public var statusBarOrientation: UIInterfaceOrientation { Simulation.current.windowScene.interfaceOrientation }

  /// Whether the status bar is hidden (deprecated in iOS 9): the scene's status bar manager's.
  public var isStatusBarHidden: Bool { Simulation.current.windowScene.statusBarManager?.isStatusBarHidden ?? true }

  /// The status bar's style (deprecated in iOS 9): `.default`.
  public var statusBarStyle: UIStatusBarStyle { .default }
}
