// The rest of UIKit that transition files touch in passing: scroll views
// (pull-to-dismiss checks the content offset), the application object and
// the status bar (blur backgrounds are in VisualEffects.swift, accessibility
// settings in Accessibility.swift). Each is the small, documented part those
// files use; what the engine leaves out is said beside it and in
// Guides/TransitionEngine.md.

// MARK: - UIScrollView

/// A view whose bounds origin is its content offset, as in UIKit.
///
/// The engine models the geometry only: `contentOffset` is `bounds.origin`
/// (Apple: "the point at which the origin of the content view is offset
/// from the origin of the scroll view"; UIKit stores it in the bounds), so
/// subviews move when it changes and it animates inside `UIView.animate`.
/// There is no scrolling by gestures, no deceleration and no bouncing.
@MainActor @preconcurrency
open class UIScrollView: UIView {
  /// The offset of the content's origin: the view's `bounds.origin`.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { announcingChange(of: "contentOffset") { bounds.origin = newValue } }
  }

  /// Sets the offset; `animated` uses UIKit's 0.3 s ease-in-out (engine choice).
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    if animated {
      UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut], animations: {
        self.contentOffset = contentOffset
      })
    } else {
      self.contentOffset = contentOffset
    }
  }

  /// The size of the content.
  open var contentSize: CGSize {
    get { storedContentSize }
    set { announcingChange(of: "contentSize") { storedContentSize = newValue } }
  }
  private var storedContentSize = CGSize.zero
  /// Extra space around the content.
  open var contentInset: UIEdgeInsets {
    get { storedContentInset }
    set { announcingChange(of: "contentInset") { storedContentInset = newValue } }
  }
  private var storedContentInset = UIEdgeInsets.zero
  /// The insets UIKit adds to `contentInset` (the engine adds none).
  open var adjustedContentInset: UIEdgeInsets { contentInset }
  open var isScrollEnabled = true
  open var isPagingEnabled = false
  open var bounces = true
  open var alwaysBounceVertical = false
  open var alwaysBounceHorizontal = false
  open var showsVerticalScrollIndicator = true
  open var showsHorizontalScrollIndicator = true
  /// Whether the user is dragging the content (never, in the engine).
  open var isDragging: Bool { false }
  /// Whether the content is moving after a drag (never, in the engine).
  open var isDecelerating: Bool { false }
}

// MARK: - Application and status bar

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

// MARK: - Traits

/// Whether a dimension is compact or roomy.
public enum UIUserInterfaceSizeClass: Int {
  case unspecified, compact, regular
}

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int {
  case unspecified, light, dark
}

/// The traits of the environment a view or view controller lives in.
///
/// The engine's devices are iPhones in light mode: compact width and
/// regular height in portrait; compact height in landscape, with a regular
/// width on the large ones; the device's scale. Traits change only when the
/// interface rotates (UIKit/Rotation.swift), which calls
/// `traitCollectionDidChange(_:)` where they did.
open class UITraitCollection: NSObject {
  public let horizontalSizeClass: UIUserInterfaceSizeClass
  public let verticalSizeClass: UIUserInterfaceSizeClass
  public let userInterfaceStyle: UIUserInterfaceStyle
  public let displayScale: CGFloat
  /// The kind of device: `.phone` for the engine's devices.
  public let userInterfaceIdiom: UIUserInterfaceIdiom

  public init(horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
              verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
              userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
              displayScale: CGFloat = 0, userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.userInterfaceStyle = userInterfaceStyle
    self.displayScale = displayScale
    self.userInterfaceIdiom = userInterfaceIdiom
    super.init()
  }

  /// The traits of the current simulation's device in its interface orientation.
  static var current: UITraitCollection { Simulation.current.deviceTraitCollection }
}

extension UIView {
  /// The device's traits (see `UITraitCollection`).
  public var traitCollection: UITraitCollection { .current }
}

extension UIViewController {
  /// The device's traits (see `UITraitCollection`).
  public var traitCollection: UITraitCollection { .current }
}
