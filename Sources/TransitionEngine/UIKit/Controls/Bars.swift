// Bar items, toolbars and bar appearances.
//
// - `UIBarButtonItem`: a title, image, system item, custom view or action
//   that a toolbar (or a navigation item) shows; `perform` it with
//   `UIApplication.shared.sendAction(_:to:from:for:)` as UIKit's bar does
//   on a tap, or call its `primaryAction`.
// - `UIToolbar`: a bar that lays its items out left to right (fixed
//   spaces their width, flexible spaces sharing what is left) and shows
//   each as a label in films.
// - A navigation controller's toolbar: hidden by default (Apple), shown
//   with `isToolbarHidden = false` or `setToolbarHidden(_:animated:)` at
//   the bottom of its view, 44 points tall (the engine's bars ignore the
//   safe area, as its navigation and tab bars do); it shows the top
//   controller's `toolbarItems`. Animated, it slides in or out over
//   `hideShowBarDuration`. Until it is first shown it is not in the view
//   tree at all, so screens without a toolbar are unchanged.
// - Bar appearances (iOS 13): stored and readable; a bar's fill in films is
//   its appearance's background colour (the default background, a blur in
//   UIKit, is the engine's grey bar fill; a transparent one draws none).
//   Only the standard appearance is applied: the scroll-edge and compact
//   ones are kept, never chosen (the engine's bars do not follow scrolling
//   or height classes).

/// The state the controls folder keeps for a view, controller or item
/// (extensions cannot add stored properties).
final class ControlsStorage {
  var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
  var accessibilityIgnoresInvertColors = false
  var backgroundImages: [(state: UInt, image: UIImage)] = []
  var standardAppearance: UIBarAppearance?
  var scrollEdgeAppearance: UIBarAppearance?
  var compactAppearance: UIBarAppearance?
  var compactScrollEdgeAppearance: UIBarAppearance?
  var toolbarItems: [UIBarButtonItem]?
  var toolbar: UIToolbar?
  var isToolbarHidden = true
  var searchController: UISearchController?
  var hidesSearchBarWhenScrolling = true
}

extension UIResponder {
  var controls: ControlsStorage {
    if let storage = controlsStorage { return storage }
    let storage = ControlsStorage()
    controlsStorage = storage
    return storage
  }
}

// MARK: - Bar items

/// The base of bar button items and tab bar items' kin: a title and an image.
@MainActor @preconcurrency
open class UIBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var landscapeImagePhone: UIImage?
  open var isEnabled = true
  open var tag = 0
  open var accessibilityLabel: String?
  open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {}
  open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { nil }
}

/// An item a toolbar or navigation bar shows.
@MainActor @preconcurrency
open class UIBarButtonItem: UIBarItem {
  /// The look of an item.
  public enum Style: Int, @unchecked Sendable {
    case plain = 0, bordered = 1, done = 2
  }

  /// UIKit's built-in items, with UIKit's raw values.
  public enum SystemItem: Int, @unchecked Sendable {
    case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
         bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo,
         pageCurl, close
  }

  open var style: Style = .plain
  /// The width of a fixed space (0: the item's own width).
  open var width: CGFloat = 0
  open var customView: UIView?
  open weak var target: AnyObject?
  open var action: Selector?
  open var primaryAction: UIAction?
  open var menu: UIMenu?
  open var tintColor: UIColor?
  open var isSelected = false
  open var isHidden = false
  /// The built-in item it was made as, if any.
  let systemItem: SystemItem?
  /// The view a toolbar shows the item as (a popover's anchor).
  weak var toolbarItemView: UIView?

  public override init() {
    systemItem = nil
    super.init()
  }

  public required init?(coder: NSCoder) {
    systemItem = nil
    super.init()
  }

  public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
    self.systemItem = systemItem
    super.init()
    self.target = target as AnyObject?
    self.action = action
    if systemItem == .done { style = .done }
  }

  public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
    self.init()
    self.title = title
    self.style = style
    self.target = target as AnyObject?
    self.action = action
  }

  public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
    self.init()
    self.image = image
    self.style = style
    self.target = target as AnyObject?
    self.action = action
  }

  public convenience init(customView: UIView) {
    self.init()
    self.customView = customView
  }

  /// iOS 14: a system item that calls `primaryAction` or shows `menu`.
  public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
    self.primaryAction = primaryAction
    self.menu = menu
  }

  /// iOS 14: an item with a title or image that calls `primaryAction` or shows `menu`.
  public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil,
                          menu: UIMenu? = nil) {
    self.init()
    self.title = title ?? primaryAction?.title
    self.image = image ?? primaryAction?.image
    self.primaryAction = primaryAction
    self.menu = menu
  }

  /// iOS 14: an item that calls `primaryAction`, showing its title and image.
  public convenience init(primaryAction: UIAction?) {
    self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
  }

  /// iOS 14: a flexible space.
  public static func flexibleSpace() -> UIBarButtonItem {
    UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
  }

  /// iOS 14: a fixed space of `width` points.
  public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
    let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
    item.width = width
    return item
  }

  /// What a tap on the item does (Engine-only: the harness's tap): the
  /// primary action's handler, else the target's action with the item as sender.
  public func tap() {
    guard isEnabled else { return }
    if let primaryAction {
      primaryAction.performHandler(sender: self)
    } else if let action {
      UIApplication.shared.sendAction(action, to: target, from: self, for: nil)
    }
  }

  /// What a bar shows for the item: its title, image name or system item's name.
  var displayedText: String? {
    if let title { return title }
    if let image { return image.name }
    if let systemItem { return systemItem.displayName }
    return primaryAction?.title
  }
}

extension UIBarButtonItem.SystemItem {
  /// The title UIKit shows for a text item, else the symbol's name.
  var displayName: String? {
    switch self {
    case .done: "Done"
    case .cancel: "Cancel"
    case .edit: "Edit"
    case .save: "Save"
    case .undo: "Undo"
    case .redo: "Redo"
    case .flexibleSpace, .fixedSpace: nil
    default: "\(self)"
    }
  }
}

extension UIApplication {
  /// Calls `action` on `target` with `sender` (a nil target: nothing, as
  /// the engine has no responder-chain search). Returns whether it was sent.
  @discardableResult
  public func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
    guard let target = target as AnyObject? else { return false }
    action.perform(on: target, sender: sender)
    return true
  }
}

// MARK: - UIToolbar

/// A bar of items, at the bottom of a screen.
@MainActor @preconcurrency
open class UIToolbar: UIView {
  private var storedItems: [UIBarButtonItem]?
  /// The items, left to right.
  open var items: [UIBarButtonItem]? {
    get { storedItems }
    set { setItems(newValue, animated: false) }
  }
  open var barStyle: UIBarStyle = .default
  open var isTranslucent = true
  open var barTintColor: UIColor? { didSet { applyAppearance() } }
  private let itemLabels = UIView(frame: .zero)

  public override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .secondarySystemBackground
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Sets the items; animated, UIKit cross-fades them (the engine swaps them at once).
  open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    storedItems = items
    rebuildItems()
  }

  /// 44 points tall (UIKit's toolbar on iPhone in portrait).
  open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 44) }
  open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 44) }

  private var itemViews: [(UIBarButtonItem, UIView?)] = []

  private func rebuildItems() {
    for (_, view) in itemViews { view?.removeFromSuperview() }
    itemViews = (storedItems ?? []).map { item in
      if let custom = item.customView {
        addSubview(custom)
        return (item, custom)
      }
      guard let text = item.displayedText else { return (item, nil) }
      let label = UILabel(frame: .zero)
      item.toolbarItemView = label
      label.text = text
      label.textAlignment = .center
      addSubview(label)
      return (item, label)
    }
    setNeedsLayout()
  }

  /// Items left to right 8 points apart from 16-point margins; a label is
  /// as wide as its text, a custom view keeps its width, a fixed space
  /// takes its width, and flexible spaces share what is left.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let margin: CGFloat = 16, gap: CGFloat = 8
    func width(_ entry: (UIBarButtonItem, UIView?)) -> CGFloat {
      let (item, view) = entry
      if item.systemItem == .flexibleSpace { return 0 }
      if item.systemItem == .fixedSpace { return item.width }
      if let view = view as? UILabel { return item.width > 0 ? item.width : view.intrinsicContentSize.width }
      return view?.bounds.width ?? 0
    }
    let fixed = itemViews.map(width).reduce(0, +) + gap * CGFloat(max(itemViews.count - 1, 0))
    let flexibleCount = itemViews.filter { $0.0.systemItem == .flexibleSpace }.count
    let share = flexibleCount > 0 ? max(0, bounds.width - 2 * margin - fixed) / CGFloat(flexibleCount) : 0
    var x = margin
    for entry in itemViews {
      let w = entry.0.systemItem == .flexibleSpace ? share : width(entry)
      if let view = entry.1 {
        let height = view is UILabel ? bounds.height : min(view.bounds.height, bounds.height)
        view.frame = CGRect(x: x, y: (bounds.height - height) / 2, width: w, height: height)
      }
      x += w + gap
    }
  }

  /// The toolbar's appearances (iOS 13). Setting the standard one sets the fill.
  open var standardAppearance: UIToolbarAppearance {
    get { controls.standardAppearance as? UIToolbarAppearance ?? UIToolbarAppearance() }
    set {
      controls.standardAppearance = newValue.copy() as? UIBarAppearance
      applyAppearance()
    }
  }
  open var compactAppearance: UIToolbarAppearance? {
    get { controls.compactAppearance as? UIToolbarAppearance }
    set { controls.compactAppearance = newValue?.copy() as? UIBarAppearance }
  }
  open var scrollEdgeAppearance: UIToolbarAppearance? {
    get { controls.scrollEdgeAppearance as? UIToolbarAppearance }
    set { controls.scrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }
  open var compactScrollEdgeAppearance: UIToolbarAppearance? {
    get { controls.compactScrollEdgeAppearance as? UIToolbarAppearance }
    set { controls.compactScrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }

  private func applyAppearance() {
    if let appearance = controls.standardAppearance {
      backgroundColor = appearance.barFill
    } else {
      backgroundColor = barTintColor ?? .secondarySystemBackground
    }
  }
}

/// The look of a bar before iOS 13's appearances.
public enum UIBarStyle: Int, @unchecked Sendable {
  case `default` = 0, black = 1
  public static var blackOpaque: UIBarStyle { .black }
}

// MARK: - Appearances

/// How a bar looks (iOS 13): its background and shadow, and its text.
@MainActor @preconcurrency
open class UIBarAppearance: NSObject, @preconcurrency NSCopying {
  /// The background colour (over the effect). Default background: nil.
  open var backgroundColor: UIColor?
  /// The blur behind the bar (not drawn: see `UIBlurEffect`).
  open var backgroundEffect: UIBlurEffect?
  open var backgroundImage: UIImage?
  /// The hairline under (or over) the bar.
  open var shadowColor: UIColor?
  open var shadowImage: UIImage?

  /// An appearance with the default background (`configureWithDefaultBackground()`).
  public override init() {
    super.init()
    configureWithDefaultBackground()
  }

  /// A copy of `barAppearance`'s values.
  public required init(barAppearance: UIBarAppearance) {
    super.init()
    copyValues(from: barAppearance)
  }

  func copyValues(from other: UIBarAppearance) {
    backgroundColor = other.backgroundColor
    backgroundEffect = other.backgroundEffect
    backgroundImage = other.backgroundImage
    shadowColor = other.shadowColor
    shadowImage = other.shadowImage
  }

  /// The system's translucent background: a blur (`.systemChromeMaterial`,
  /// not drawn) with no colour, and a faint shadow (observed values).
  open func configureWithDefaultBackground() {
    backgroundColor = nil
    backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
    backgroundImage = nil
    shadowColor = UIColor(white: 0, alpha: 0.3)
    shadowImage = nil
  }

  /// An opaque background of the theme's colour (`.systemBackground`) and a faint shadow.
  open func configureWithOpaqueBackground() {
    backgroundColor = .systemBackground
    backgroundEffect = nil
    backgroundImage = nil
    shadowColor = UIColor(white: 0, alpha: 0.3)
    shadowImage = nil
  }

  /// No background and no shadow: what is behind the bar shows.
  open func configureWithTransparentBackground() {
    backgroundColor = nil
    backgroundEffect = nil
    backgroundImage = nil
    shadowColor = nil
    shadowImage = nil
  }

  /// A copy of the same class.
  public func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(barAppearance: self) }

  /// The bar's fill in the engine: the colour, else the engine's grey bar
  /// for the default (blurred) background, else none.
  var barFill: UIColor? {
    if let backgroundColor { return backgroundColor }
    return backgroundEffect != nil || backgroundImage != nil ? .secondarySystemBackground : nil
  }
}

/// A navigation bar's appearance: the bar's, and its titles' text attributes.
@MainActor @preconcurrency
open class UINavigationBarAppearance: UIBarAppearance {
  open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
  open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
  open var titlePositionAdjustment = UIOffset.zero
  open var buttonAppearance = UIBarButtonItemAppearance()
  open var doneButtonAppearance = UIBarButtonItemAppearance()
  open var backButtonAppearance = UIBarButtonItemAppearance()

  public override init() { super.init() }

  public required init(barAppearance: UIBarAppearance) {
    super.init(barAppearance: barAppearance)
    if let other = barAppearance as? UINavigationBarAppearance {
      titleTextAttributes = other.titleTextAttributes
      largeTitleTextAttributes = other.largeTitleTextAttributes
      titlePositionAdjustment = other.titlePositionAdjustment
    }
  }

  open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {}
}

/// A toolbar's appearance.
@MainActor @preconcurrency
open class UIToolbarAppearance: UIBarAppearance {
  open var buttonAppearance = UIBarButtonItemAppearance()
  open var doneButtonAppearance = UIBarButtonItemAppearance()
  public override init() { super.init() }
  public required init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// A tab bar's appearance.
@MainActor @preconcurrency
open class UITabBarAppearance: UIBarAppearance {
  open var selectionIndicatorTintColor: UIColor?
  open var selectionIndicatorImage: UIImage?
  public override init() { super.init() }
  public required init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// The look of a bar's buttons (kept; buttons are labels in films).
@MainActor @preconcurrency
open class UIBarButtonItemAppearance: NSObject {
  /// The style the appearance is for.
  public let style: UIBarButtonItem.Style
  public init(style: UIBarButtonItem.Style) {
    self.style = style
    super.init()
  }
  public override convenience init() { self.init(style: .plain) }
  open func configureWithDefault(for style: UIBarButtonItem.Style) {}
}

extension NSAttributedString.Key {
  /// The text colour (a `UIColor`).
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// The font (a `UIFont`).
  public static let font = NSAttributedString.Key("NSFont")
  /// The background colour behind the text (a `UIColor`).
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
}

extension UINavigationBar {
  /// The appearance for a standard-height bar (iOS 13); the top item's overrides it.
  public var standardAppearance: UINavigationBarAppearance {
    get { controls.standardAppearance as? UINavigationBarAppearance ?? UINavigationBarAppearance() }
    set {
      controls.standardAppearance = newValue.copy() as? UIBarAppearance
      applyAppearance(item: nil)
    }
  }
  /// Kept; never applied (the engine's bars do not follow scrolling).
  public var scrollEdgeAppearance: UINavigationBarAppearance? {
    get { controls.scrollEdgeAppearance as? UINavigationBarAppearance }
    set { controls.scrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }
  /// Kept; never applied (the engine's bars have one height).
  public var compactAppearance: UINavigationBarAppearance? {
    get { controls.compactAppearance as? UINavigationBarAppearance }
    set { controls.compactAppearance = newValue?.copy() as? UIBarAppearance }
  }
  public var compactScrollEdgeAppearance: UINavigationBarAppearance? {
    get { controls.compactScrollEdgeAppearance as? UINavigationBarAppearance }
    set { controls.compactScrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }

  /// The fill from the item's standard appearance, else the bar's, else the
  /// engine's grey bar. A bar no appearance was ever given keeps its colour.
  func applyAppearance(item: UINavigationItem?) {
    if let appearance = item?.controls.standardAppearance ?? controls.standardAppearance {
      backgroundColor = appearance.barFill
    }
  }
}

extension UITabBar {
  /// The tab bar's appearance (iOS 13); its background colour is the bar's fill.
  public var standardAppearance: UITabBarAppearance {
    get { controls.standardAppearance as? UITabBarAppearance ?? UITabBarAppearance() }
    set {
      controls.standardAppearance = newValue.copy() as? UIBarAppearance
      backgroundColor = newValue.barFill
    }
  }
  /// Kept; never applied (iOS 15 uses it when content is scrolled to the bottom edge).
  public var scrollEdgeAppearance: UITabBarAppearance? {
    get { controls.scrollEdgeAppearance as? UITabBarAppearance }
    set { controls.scrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }
}

extension UINavigationItem {
  var controls: ControlsStorage {
    if let storage = controlsStorage { return storage }
    let storage = ControlsStorage()
    controlsStorage = storage
    return storage
  }

  /// Overrides the bar's standard appearance while this item is on top.
  public var standardAppearance: UINavigationBarAppearance? {
    get { controls.standardAppearance as? UINavigationBarAppearance }
    set { controls.standardAppearance = newValue?.copy() as? UIBarAppearance }
  }
  /// Kept; never applied.
  public var scrollEdgeAppearance: UINavigationBarAppearance? {
    get { controls.scrollEdgeAppearance as? UINavigationBarAppearance }
    set { controls.scrollEdgeAppearance = newValue?.copy() as? UIBarAppearance }
  }
  /// Kept; never applied.
  public var compactAppearance: UINavigationBarAppearance? {
    get { controls.compactAppearance as? UINavigationBarAppearance }
    set { controls.compactAppearance = newValue?.copy() as? UIBarAppearance }
  }
  /// The search controller whose bar the navigation bar would show (kept; not drawn).
  public var searchController: UISearchController? {
    get { controls.searchController }
    set { controls.searchController = newValue }
  }
  /// Default true; kept.
  public var hidesSearchBarWhenScrolling: Bool {
    get { controls.hidesSearchBarWhenScrolling }
    set { controls.hidesSearchBarWhenScrolling = newValue }
  }
}

// MARK: - The navigation controller's toolbar

extension UIViewController {
  /// The items the navigation controller's toolbar shows while this controller is on top.
  public var toolbarItems: [UIBarButtonItem]? {
    get { controls.toolbarItems }
    set { setToolbarItems(newValue, animated: false) }
  }

  public func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
    controls.toolbarItems = toolbarItems
    if let navigation = parent as? UINavigationController, navigation.topViewController === self {
      navigation.updateToolbarItems(animated: animated)
    }
  }
}

extension UINavigationController {
  /// The toolbar at the bottom (hidden until `isToolbarHidden` is false).
  public var toolbar: UIToolbar! {
    if let toolbar = controls.toolbar { return toolbar }
    let toolbar = UIToolbar(frame: .zero)
    toolbar.isHidden = true
    controls.toolbar = toolbar
    return toolbar
  }

  /// Whether the toolbar is hidden (Apple: true by default).
  public var isToolbarHidden: Bool {
    get { controls.isToolbarHidden }
    set { setToolbarHidden(newValue, animated: false) }
  }

  /// Shows or hides the toolbar; animated, it slides up from (or down past)
  /// the bottom edge over `hideShowBarDuration`.
  public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != controls.isToolbarHidden else { return }
    controls.isToolbarHidden = hidden
    guard isViewLoaded else { return }
    placeToolbar(animated: animated)
  }

  /// Puts the toolbar in the view (once it is first shown) and slides it.
  func placeToolbar(animated: Bool) {
    let bar = toolbar!
    let hidden = controls.isToolbarHidden
    if bar.superview == nil {
      guard !hidden else { return }
      view.addSubview(bar)
      bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
      updateToolbarItems(animated: false)
    }
    let bounds = view.bounds
    let shown = CGRect(x: 0, y: bounds.height - 44, width: bounds.width, height: 44)
    let away = shown.offsetBy(dx: 0, dy: 44)
    guard animated, view.window != nil else {
      UIView.performWithoutAnimation {
        bar.frame = shown
        bar.isHidden = hidden
      }
      return
    }
    if !hidden {
      UIView.performWithoutAnimation {
        bar.frame = away
        bar.isHidden = false
      }
    }
    UIView.animate(withDuration: TimeInterval(UINavigationController.hideShowBarDuration), animations: {
      bar.frame = hidden ? away : shown
    }, completion: { _ in
      if self.controls.isToolbarHidden {
        bar.isHidden = true
        bar.frame = shown
      }
    })
  }

  /// The toolbar shows the top controller's items (called when the top changes).
  func updateToolbarItems(animated: Bool) {
    guard let bar = controls.toolbar else { return }
    bar.setItems(topViewController?.toolbarItems, animated: animated)
  }

  /// After the top changed: the toolbar's items and the bar's appearance.
  func barsDidChangeTop() {
    updateToolbarItems(animated: false)
    navigationBar.applyAppearance(item: topViewController?.navigationItem)
  }
}
