// UIWindow: the root of a view hierarchy that the screen shows.

/// A window, as UIKit's `UIWindow`. Windows are hidden until
/// `makeKeyAndVisible()`; visible windows are laid out on every run-loop turn.
@MainActor @preconcurrency
open class UIWindow: UIView {
  /// Creates a window; a zero frame is replaced by the screen's bounds.
  public override init(frame: CGRect) {
    super.init(frame: frame == .zero ? UIScreen.main.bounds : frame)
    scene = simulation.windowScene
    isHidden = true
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    scene = simulation.windowScene
    isHidden = true
  }

  /// Creates a window in a scene, filling the screen (a scene delegate's
  /// `UIWindow(windowScene:)`).
  public convenience init(windowScene: UIWindowScene) {
    self.init(frame: windowScene.screen.bounds)
    self.windowScene = windowScene
  }

  /// The scene the window belongs to: the simulation's one scene, unless
  /// set to nil (then the scene does not list it). Weak, as in UIKit.
  open var windowScene: UIWindowScene? {
    get { scene }
    set { scene = newValue }
  }
  private weak var scene: UIWindowScene?

  /// Whether this is the key window. Becoming key or resigning posts
  /// `didBecomeKeyNotification` / `didResignKeyNotification` (object: the window).
  open private(set) var isKeyWindow = false {
    didSet {
      guard isKeyWindow != oldValue else { return }
      simulation.notificationCenter.post(name: isKeyWindow ? Self.didBecomeKeyNotification : Self.didResignKeyNotification,
                                      object: self)
    }
  }

  /// The window's level (higher levels are above).
  open var windowLevel: UIWindow.Level = .normal

  /// The screen the window is on.
  open var screen: UIScreen { simulation.screen }

  /// The root view controller: its view fills the window.
  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let old = oldValue, let view = old.viewIfLoaded, view.superview === self {
        if !isHidden { old.beginAppearanceTransition(false, animated: false) }
        view.removeFromSuperview()
        if !isHidden { old.endAppearanceTransition() }
      }
      if !isHidden { installRootView() }
    }
  }

  /// Puts the root controller's view in the window, with its appearance
  /// callbacks (viewWillAppear now, viewDidAppear on the next run-loop turn).
  private func installRootView() {
    guard let root = rootViewController else { return }
    let view = root.view!
    guard view.superview !== self else { return }
    view.frame = bounds
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    insertSubview(view, at: 0)
    root.beginAppearanceTransition(true, animated: false)
    simulation.enqueue { root.endAppearanceTransition() }
  }

  /// Shows the window and makes it key.
  open func makeKeyAndVisible() {
    isHidden = false
    makeKey()
    installRootView()
  }

  /// Makes the window key.
  open func makeKey() {
    for window in simulation.windows where window !== self { window.isKeyWindow = false }
    isKeyWindow = true
    register()
  }

  /// Showing or hiding posts `didBecomeVisibleNotification` /
  /// `didBecomeHiddenNotification` (object: the window).
  open override var isHidden: Bool {
    didSet {
      if !isHidden { register() }
      // A window that was never shown (hidden from its creation) posts nothing.
      guard isHidden != oldValue, simulation.windows.contains(where: { $0 === self }) else { return }
      simulation.notificationCenter.post(name: isHidden ? Self.didBecomeHiddenNotification : Self.didBecomeVisibleNotification,
                                      object: self)
    }
  }

  private func register() {
    guard !simulation.windows.contains(where: { $0 === self }) else { return }
    simulation.windows.append(self)
    setNeedsLayout()
  }

  /// A window level.
  public struct Level: RawRepresentable, Hashable, Comparable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = Level(0)
    public static let statusBar = Level(1000)
    public static let alert = Level(2000)
    public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
  }
}
