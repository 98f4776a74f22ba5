// UIRefreshControl: pulled far enough down while dragging, it starts
// refreshing and sends `.valueChanged`; the content then rests below it
// until `endRefreshing()`.

/// A control that starts a refresh when the scroll view is pulled down, as UIKit's.
///
/// UIKit does not publish its figures; the engine's: the pull that
/// triggers it is 120 pt past the top of the content (from the adjusted
/// inset), and while refreshing it holds 60 pt above the content (added to
/// the scroll view's `adjustedContentInset.top`, as UIKit's does). It is
/// a subview of the scroll view just above the content, drawn as a box
/// only if given a background colour (the spinner is not drawn).
@MainActor @preconcurrency
open class UIRefreshControl: UIControl {
  /// The pull, in points past the top, that starts a refresh (engine's choice).
  static let triggerDistance: CGFloat = 120
  /// The height the control holds above the content while refreshing (engine's choice).
  let restingHeight: CGFloat = 60

  public convenience init() { self.init(frame: .zero) }

  /// Whether a refresh is under way.
  open private(set) var isRefreshing = false
  /// The title under the spinner (stored, not drawn).
  open var attributedTitle: NSAttributedString?

  private var scrollView: UIScrollView? { superview as? UIScrollView }

  /// Marks a refresh as started by the app: no `.valueChanged`, and the
  /// content does not move (Apple: "Call this method when an external
  /// event source triggers a programmatic refresh").
  open func beginRefreshing() {
    guard !isRefreshing else { return }
    setRefreshing(true)
  }

  /// Ends the refresh: the content slides back up to its top, frame by
  /// frame (0.3 s, engine's choice), if it rests at the refresh position.
  open func endRefreshing() {
    guard isRefreshing else { return }
    guard let scrollView else {
      isRefreshing = false
      return
    }
    let wasAtTop = scrollView.contentOffset.y <= scrollView.offsetRange.min.y + 0.001
    setRefreshing(false)
    guard wasAtTop, !scrollView.isDragging else { return }
    let top = CGPoint(x: scrollView.contentOffset.x, y: scrollView.offsetRange.min.y)
    if scrollView.isDecelerating { scrollView.endDeceleration(notify: false) }
    scrollView.animateOffset(to: top, kind: .refreshing) {}
  }

  /// Changes the state without moving the content (the inset changes).
  private func setRefreshing(_ refreshing: Bool) {
    isRefreshing = refreshing
    guard let scrollView else { return }
    scrollView.keepsOffsetOnInsetChange = true
    scrollView.updateAdjustedContentInset()
    scrollView.keepsOffsetOnInsetChange = false
  }

  /// Placed in `scrollView` above its content, as wide as it.
  func attach(to scrollView: UIScrollView) {
    UIView.performWithoutAnimation {
      frame = CGRect(x: 0, y: -restingHeight, width: scrollView.bounds.width, height: restingHeight)
    }
    autoresizingMask = [.flexibleWidth]
    scrollView.insertSubview(self, at: 0)
  }

  /// While the user drags, a pull past the trigger distance starts a refresh.
  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    guard scrollView.isDragging, !isRefreshing, isEnabled else { return }
    let pull = scrollView.offsetRange.min.y - scrollView.contentOffset.y
    guard pull >= Self.triggerDistance else { return }
    setRefreshing(true)
    sendActions(for: .valueChanged)
  }
}
