// UIScrollView: the content offset (the bounds origin), the content size
// and insets with the safe area, the delegate, and the properties that
// govern scrolling. Dragging, deceleration, bouncing and paging are in
// ScrollViewDragging.swift; animated offsets and scroll-to-top in
// ScrollViewAnimation.swift; zooming in ScrollViewZooming.swift; the
// refresh control in UIRefreshControl.swift. What the engine leaves out is
// said in ScrollViews/Fidelity.md.

/// The scroll view's delegate (every method optional), as UIKit's.
@MainActor @preconcurrency
public protocol UIScrollViewDelegate: NSObjectProtocol {
  /// Every change of `contentOffset`: a drag, a deceleration frame, an
  /// animation frame, or the app setting it.
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  /// Every change of `zoomScale`.
  func scrollViewDidZoom(_ scrollView: UIScrollView)
  /// The pan began moving the content.
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// The finger lifted: `velocity` in points per millisecond (Apple), the
  /// target writable (custom paging).
  func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                 targetContentOffset: UnsafeMutablePointer<CGPoint>)
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
  /// After `setContentOffset(_:animated: true)` and `scrollRectToVisible(_:animated: true)`.
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
  /// The view that zooming scales (nil: no zooming).
  func viewForZooming(in scrollView: UIScrollView) -> UIView?
  func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
  func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
  func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
  public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
  public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
  public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

/// A view that scrolls its content, as UIKit's `UIScrollView`.
///
/// `contentOffset` is `bounds.origin` (Apple: "the point at which the
/// origin of the content view is offset from the origin of the scroll
/// view"), so subviews move when it changes, hit testing finds them where
/// they are on screen, and it animates inside `UIView.animate`. The scroll
/// view's own `panGestureRecognizer` scrolls it when a scripted drag
/// (`UIWindow.drag`) moves over it; see ScrollViewDragging.swift.
@MainActor @preconcurrency
open class UIScrollView: UIView {
  /// How the safe area adds to `contentInset` (Apple's four cases).
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    /// Vertically always for a controller's content view shown by a
    /// navigation or tab bar controller; otherwise as `.scrollableAxes`.
    case automatic = 0
    /// Only along the axes the content scrolls on.
    case scrollableAxes = 1
    /// Never.
    case never = 2
    /// Always, on every edge.
    case always = 3
  }

  /// How fast the content slows after a fling: the fraction of the velocity
  /// kept per millisecond (Apple's raw values: `.normal` 0.998, `.fast` 0.99).
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = DecelerationRate(rawValue: 0.998)
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// The scroll-indicator style (stored; indicators are not drawn).
  public enum IndicatorStyle: Int, Sendable {
    case `default` = 0, black = 1, white = 2
  }

  /// How the keyboard is dismissed by a drag (stored; the engine's keyboard does not follow drags).
  public enum KeyboardDismissMode: Int, Sendable {
    case none = 0, onDrag = 1, interactive = 2
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    installPanGestureRecognizer()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    installPanGestureRecognizer()
  }

  private func installPanGestureRecognizer() {
    clipsToBounds = true  // UIScrollView clips by default (Apple: clipsToBounds "true" for scroll views)
    scrollPan.addTarget(self, action: Selector(UIScrollView.handleScrollPan(_:), name: "handlePan:"))
    addGestureRecognizer(scrollPan)
  }

  // MARK: Delegate

  /// The delegate (held weakly, as UIKit's).
  open weak var delegate: UIScrollViewDelegate?

  // MARK: Offset and size

  /// The offset of the content's origin: the view's `bounds.origin`.
  /// Setting it calls the delegate's `scrollViewDidScroll(_:)`.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { announcingChange(of: "contentOffset") { bounds.origin = newValue } }
  }

  /// The bounds; a change of origin is a scroll (`scrollViewDidScroll(_:)`).
  open override var bounds: CGRect {
    get { super.bounds }
    set {
      let old = super.bounds
      super.bounds = newValue
      if old.origin != newValue.origin { didScroll() }
      if old.size != newValue.size { updateAdjustedContentInset() }
    }
  }

  /// Tells the delegate (and the refresh control) that the offset changed.
  func didScroll() {
    refreshControl?.scrollViewDidScroll(self)
    delegate?.scrollViewDidScroll(self)
  }

  /// The size of the content.
  open var contentSize: CGSize {
    get { storedContentSize }
    set {
      announcingChange(of: "contentSize") { storedContentSize = newValue }
      updateAdjustedContentInset()
    }
  }
  private var storedContentSize = CGSize.zero

  /// Extra space around the content, the app's own.
  open var contentInset: UIEdgeInsets {
    get { storedContentInset }
    set {
      announcingChange(of: "contentInset") { storedContentInset = newValue }
      updateAdjustedContentInset()
    }
  }
  private var storedContentInset = UIEdgeInsets.zero

  /// How the safe area adds to the content inset; `.automatic` by default (Apple).
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
    didSet { updateAdjustedContentInset() }
  }

  /// `contentInset` plus the safe-area insets on the edges
  /// `contentInsetAdjustmentBehavior` adjusts (plus a refreshing refresh
  /// control's height at the top).
  open var adjustedContentInset: UIEdgeInsets {
    var insets = contentInset
    let safe = safeAreaInsets
    let (vertical, horizontal) = adjustedAxes()
    if vertical {
      insets.top += safe.top
      insets.bottom += safe.bottom
    }
    if horizontal {
      insets.left += safe.left
      insets.right += safe.right
    }
    if let refresh = refreshControl, refresh.isRefreshing { insets.top += refresh.restingHeight }
    return insets
  }

  /// Which axes take the safe area, by the behavior's documented rule.
  private func adjustedAxes() -> (vertical: Bool, horizontal: Bool) {
    // Apple, .scrollableAxes: "The top and bottom insets include the safe
    // area inset values when the vertical content size is greater than the
    // height of the scroll view itself. The top and bottom insets are also
    // adjusted when the alwaysBounceVertical property is true. Similarly,
    // the left and right insets include the safe area insets when the
    // horizontal content size is greater than the width of the scroll view."
    let size = bounds.size
    let scrollableVertical = contentSize.height > size.height || alwaysBounceVertical
    let scrollableHorizontal = contentSize.width > size.width
    switch contentInsetAdjustmentBehavior {
    case .never: return (false, false)
    case .always: return (true, true)
    case .scrollableAxes: return (scrollableVertical, scrollableHorizontal)
    case .automatic:
      // Apple: "Content is always adjusted vertically when the scroll view
      // is the content view of a view controller that is currently
      // displayed by a navigation or tab bar controller. If the scroll view
      // is horizontally scrollable, the horizontal content offset is also
      // adjusted when there are nonzero safe area insets."
      let controller = owningController
      let contained = controller?.navigationController != nil || controller?.tabBarController != nil
      return (contained || scrollableVertical, scrollableHorizontal)
    }
  }

  /// The adjusted inset last reported.
  private var reportedAdjustedContentInset = UIEdgeInsets.zero

  /// Reports a change of `adjustedContentInset` (`adjustedContentInsetDidChange()`,
  /// whose default calls the delegate). A scroll view resting at its top
  /// (or left) edge stays there, as UIKit keeps a list scrolled to the top
  /// under a navigation bar (observed).
  func updateAdjustedContentInset() {
    let new = adjustedContentInset
    let old = reportedAdjustedContentInset
    guard new != old else { return }
    reportedAdjustedContentInset = new
    if !isTracking && !isDecelerating && !keepsOffsetOnInsetChange {
      var offset = contentOffset
      if offset.y == 0 - old.top { offset.y = 0 - new.top }
      if offset.x == 0 - old.left { offset.x = 0 - new.left }
      if offset != contentOffset { contentOffset = offset }
    }
    adjustedContentInsetDidChange()
  }
  /// Set while a change of inset should not move the offset (the refresh control animates it).
  var keepsOffsetOnInsetChange = false

  /// Called when `adjustedContentInset` changed; the default implementation
  /// calls the delegate's `scrollViewDidChangeAdjustedContentInset(_:)`
  /// (Apple). Subclasses call super.
  open func adjustedContentInsetDidChange() {
    delegate?.scrollViewDidChangeAdjustedContentInset(self)
  }

  // MARK: Scrolling behaviour

  /// Whether drags scroll; false disables `panGestureRecognizer` (as UIKit does).
  open var isScrollEnabled = true {
    didSet { scrollPan.isEnabled = isScrollEnabled }
  }
  /// Whether a drag's end settles on a multiple of the bounds size.
  open var isPagingEnabled = false
  /// Whether the content rubber-bands past its edges.
  open var bounces = true
  /// Whether vertical drags bounce even when the content is no taller than the view.
  open var alwaysBounceVertical = false {
    didSet { updateAdjustedContentInset() }
  }
  /// Whether horizontal drags bounce even when the content is no wider than the view.
  open var alwaysBounceHorizontal = false
  /// Whether bouncing zooms past the scale limits (stored; pinches are not scripted).
  open var bouncesZoom = true {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.bouncesZoom",
        instead: "Stored: no pinch zooms past the limits.")
    }
  }
  /// How fast a fling slows; `.normal` by default (Apple).
  open var decelerationRate: DecelerationRate = .normal
  /// Whether a drag locks to its first axis (stored; the engine's drags move on both scrollable axes).
  open var isDirectionalLockEnabled = false {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.isDirectionalLockEnabled",
        instead: "Stored: a drag moves the content on every axis it can scroll.")
    }
  }
  /// Whether content views' touches wait to see if the touch scrolls (stored; content touches are delivered at once).
  open var delaysContentTouches = true {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.delaysContentTouches",
        instead: "Stored: content views get touchesBegan at touch-down; a scroll that begins cancels their "
          + "touches (canCancelContentTouches).")
    }
  }
  /// Whether a scroll that begins cancels the content's touches (the pan's `cancelsTouchesInView`).
  open var canCancelContentTouches = true {
    didSet { scrollPan.cancelsTouchesInView = canCancelContentTouches }
  }
  /// Whether tapping the status bar scrolls this view to the top (`UIWindow.tapStatusBar()`).
  open var scrollsToTop = true
  /// How drags dismiss the keyboard (stored).
  open var keyboardDismissMode: KeyboardDismissMode = .none {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.keyboardDismissMode",
        instead: "Stored: drags do not dismiss the engine's keyboard.")
    }
  }

  // MARK: Indicators (stored, not drawn)

  open var showsVerticalScrollIndicator = true {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.showsVerticalScrollIndicator",
        instead: "Stored: indicators are not drawn.")
    }
  }
  open var showsHorizontalScrollIndicator = true {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.showsHorizontalScrollIndicator",
        instead: "Stored: indicators are not drawn.")
    }
  }
  open var indicatorStyle: IndicatorStyle = .default {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.indicatorStyle",
        instead: "Stored: indicators are not drawn.")
    }
  }
  open var verticalScrollIndicatorInsets = UIEdgeInsets.zero {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.verticalScrollIndicatorInsets",
        instead: "Stored: indicators are not drawn.")
    }
  }
  open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.horizontalScrollIndicatorInsets",
        instead: "Stored: indicators are not drawn.")
    }
  }
  open var scrollIndicatorInsets: UIEdgeInsets {
    get { verticalScrollIndicatorInsets }
    set {
      verticalScrollIndicatorInsets = newValue
      horizontalScrollIndicatorInsets = newValue
    }
  }
  open var automaticallyAdjustsScrollIndicatorInsets = true {
    didSet {
      Simulation.current.notModelled(
        "UIScrollView.automaticallyAdjustsScrollIndicatorInsets",
        instead: "Stored: indicators are not drawn.")
    }
  }
  /// Flashes the indicators (nothing is drawn: a no-op, see the ledger).
  open func flashScrollIndicators() {
    Simulation.current.notModelled(
      "UIScrollView.flashScrollIndicators()",
      instead: "Does nothing: indicators are not drawn.")
  }

  // MARK: State

  /// Whether the finger is on the content (from touch-down to lift).
  open internal(set) var isTracking = false
  /// Whether the user is scrolling the content (the pan has begun, the finger is down).
  open internal(set) var isDragging = false
  /// Whether the content is moving on after the finger lifted.
  open internal(set) var isDecelerating = false
  /// Whether a zoom is under way (programmatic animated zooms only, in the engine).
  open internal(set) var isZooming = false
  /// Whether the zoom scale is past its limits (never: pinches are not scripted).
  open var isZoomBouncing: Bool { false }

  // MARK: Gesture

  /// The pan that scrolls the view: a real `UIPanGestureRecognizer`
  /// attached to it, so apps can `require(toFail:)` it or read its
  /// translation.
  open var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }
  let scrollPan = ScrollViewPanGestureRecognizer(target: nil, action: nil)

  // MARK: Refresh

  /// The refresh control shown above the content when pulled down.
  open var refreshControl: UIRefreshControl? {
    didSet {
      guard oldValue !== refreshControl else { return }
      oldValue?.removeFromSuperview()
      if let refreshControl { refreshControl.attach(to: self) }
      updateAdjustedContentInset()
    }
  }

  // MARK: Zoom (ScrollViewZooming.swift)

  /// The smallest zoom scale (1 by default, Apple).
  open var minimumZoomScale: CGFloat = 1
  /// The largest zoom scale (1 by default, Apple).
  open var maximumZoomScale: CGFloat = 1
  /// The current zoom scale, applied to the delegate's `viewForZooming(in:)` as its transform.
  open var zoomScale: CGFloat {
    get { storedZoomScale }
    set { applyZoomScale(newValue) }
  }
  var storedZoomScale: CGFloat = 1

  // MARK: Methods (their work is in the files named above)

  /// Sets the offset; animated, it moves "at a constant velocity" (Apple)
  /// over 0.3 s (engine's choice), frame by frame, with
  /// `scrollViewDidScroll(_:)` at each frame and
  /// `scrollViewDidEndScrollingAnimation(_:)` at the end.
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    performSetContentOffset(contentOffset, animated: animated)
  }

  /// Scrolls the least distance that makes `rect` (content coordinates)
  /// visible; nothing if it is already visible (Apple).
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    performScrollRectToVisible(rect, animated: animated)
  }

  /// Sets the zoom scale, animated or not (ScrollViewZooming.swift).
  open func setZoomScale(_ scale: CGFloat, animated: Bool) {
    performSetZoomScale(scale, animated: animated)
  }

  /// Zooms so that `rect` (in the zooming view's coordinates) is visible.
  open func zoom(to rect: CGRect, animated: Bool) {
    performZoom(to: rect, animated: animated)
  }

  /// The scroll view's pan begins only along an axis it can scroll.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard gestureRecognizer === scrollPan else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
    return scrollPanShouldBegin()
  }

  // Engine state for animations (ScrollViewAnimation.swift) and drags
  // (ScrollViewDragging.swift).
  var scrollAnimation: ScrollAnimation?
  var dragStartOffset = CGPoint.zero
  var dragStartTranslation = CGPoint.zero
  /// The zoomed view's frame origin when zooming started (it stays there).
  var zoomOrigin: CGPoint?
}
