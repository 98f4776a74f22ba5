// UIScrollView: the part transition files touch in passing (pull-to-dismiss
// checks the content offset); what the engine leaves out is said beside it
// and in Guides/TransitionEngine.md.

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
