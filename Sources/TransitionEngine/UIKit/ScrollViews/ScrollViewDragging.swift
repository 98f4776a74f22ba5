// Scrolling by a drag: the scroll view's own pan recognizer moves the
// content with the finger, rubber-bands past the edges, and on lift the
// content decelerates (or pages, or bounces back) on the clock.
//
// The order of the delegate's calls is UIKit's documented one:
// scrollViewWillBeginDragging, scrollViewDidScroll (each move),
// scrollViewWillEndDragging(_:withVelocity:targetContentOffset:),
// scrollViewDidEndDragging(_:willDecelerate:), then, when it decelerates,
// scrollViewWillBeginDecelerating, scrollViewDidScroll (each frame),
// scrollViewDidEndDecelerating.
//
// The figures UIKit does not publish, the engine's choices:
// - Rubber band: past an edge the content moves by
//   (1 − 1 / (x · 0.55 / d + 1)) · d for a finger overshoot x, d the
//   view's size on that axis: the curve reverse-engineered from iOS and
//   widely cited (Grant Paul's, 2014; the constant 0.55).
// - Deceleration: the velocity is multiplied by `decelerationRate` every
//   millisecond (Apple describes the rate as such), so a fling travels
//   v · r / (1 − r) (v in points per millisecond), the projection Apple
//   gives in WWDC 2018 "Designing Fluid Interfaces". The content follows
//   target + (start − target) · rⁿ after n ms and stops within 0.5 pt.
//   A fling that would pass an edge stops at the edge (no overshoot).
// - Bounce back and paging settle on the same curve with the rate 0.99.
// - Paging: the page the offset is nearest at lift, or the next one in
//   the fling's direction when it is faster than 300 pt/s.

/// The scroll view's pan (UIKit's is a private subclass too): it follows
/// the scroll view's tracking and decides on the axes it can scroll.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
  var scrollView: UIScrollView? { view as? UIScrollView }

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    scrollView?.touchDown()
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    scrollView?.touchUp()
  }

  override func touchCancelled() {
    super.touchCancelled()
    scrollView?.touchUp()
  }

  /// The movement since touch-down, in window coordinates.
  var movementSinceTouchDown: CGPoint { translation(in: nil) }
}

extension UIScrollView {
  /// The rubber band's constant (the widely cited reverse-engineered curve).
  static let rubberBandConstant: CGFloat = 0.55
  /// Paging and bouncing back settle with this rate (engine's choice).
  static let settlingRate: CGFloat = 0.99
  /// A fling faster than this (points per second) turns the page.
  static let pagingFlingSpeed: CGFloat = 300
  /// A deceleration ends within this distance of its target.
  static let restingDistance: CGFloat = 0.5

  /// Whether drags move the content along each axis: the content (with the
  /// adjusted insets) is larger than the view, or bounces and the
  /// `alwaysBounce…` property is on (Apple: "If this property is set to
  /// true and bounces is true, vertical dragging is allowed even if the
  /// content is smaller than the bounds of the scroll view").
  var scrollableAxes: (horizontal: Bool, vertical: Bool) {
    let inset = adjustedContentInset
    let size = bounds.size
    let h = contentSize.width + inset.left + inset.right > size.width + 0.001 || (bounces && alwaysBounceHorizontal)
    let v = contentSize.height + inset.top + inset.bottom > size.height + 0.001 || (bounces && alwaysBounceVertical)
    return (h, v)
  }

  /// UIView's hook: the scroll view's pan begins only when the view can
  /// scroll along the drag's main axis (so a vertical list inside a
  /// horizontal pager lets horizontal drags through; engine's rule).
  func scrollPanShouldBegin() -> Bool {
    let axes = scrollableAxes
    let moved = scrollPan.movementSinceTouchDown
    if abs(moved.x) > abs(moved.y) { return axes.horizontal }
    return axes.vertical
  }

  // MARK: Touch down and up

  /// A finger went down on the content: tracking, and a deceleration or
  /// bounce stops where it is (as a touch catches a moving list).
  func touchDown() {
    isTracking = true
    if isDecelerating { endDeceleration(notify: false) }
    if scrollAnimation?.kind == .decelerating { stopScrollAnimation() }
  }

  func touchUp() {
    isTracking = false
    // A touch that never became a drag: a caught deceleration past an edge
    // still settles back.
    if !isDragging && !isDecelerating && scrollAnimation == nil && clampedOffset(contentOffset) != contentOffset {
      release(velocity: .zero)
    }
  }

  // MARK: The pan's action

  func handleScrollPan(_ pan: UIPanGestureRecognizer) {
    switch pan.state {
    case .began:
      stopScrollAnimation()
      dragStartOffset = contentOffset
      dragStartTranslation = pan.translation(in: self)
      isDragging = true
      delegate?.scrollViewWillBeginDragging(self)
    case .changed:
      guard isDragging else { return }
      let t = pan.translation(in: self)
      let axes = scrollableAxes
      var raw = dragStartOffset
      if axes.horizontal { raw.x -= t.x - dragStartTranslation.x }
      if axes.vertical { raw.y -= t.y - dragStartTranslation.y }
      let offset = rubberBanded(raw)
      if offset != contentOffset { contentOffset = offset }
    case .ended:
      guard isDragging else { return }
      release(velocity: pan.velocity(in: self))
    case .cancelled, .failed:
      guard isDragging else { return }
      release(velocity: .zero)
    default:
      break
    }
  }

  /// The offset a drag to `raw` shows: rubber-banded past the edges when
  /// the view bounces, held at the edges when it does not.
  func rubberBanded(_ raw: CGPoint) -> CGPoint {
    let range = offsetRange
    let size = bounds.size
    func axis(_ value: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dimension: CGFloat) -> CGFloat {
      if value < lo { return bounces ? lo - Self.rubberBand(lo - value, dimension: dimension) : lo }
      if value > hi { return bounces ? hi + Self.rubberBand(value - hi, dimension: dimension) : hi }
      return value
    }
    return CGPoint(x: axis(raw.x, range.min.x, range.max.x, size.width),
                   y: axis(raw.y, range.min.y, range.max.y, size.height))
  }

  /// How far the content goes past an edge for a finger overshoot.
  static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
    guard dimension > 0 else { return 0 }
    return (1 - 1 / (overshoot * rubberBandConstant / dimension + 1)) * dimension
  }

  // MARK: Lift

  /// The finger lifted (or the pan was cancelled) with `velocity`, the
  /// finger's, in points per second in the view's coordinates.
  func release(velocity fingerVelocity: CGPoint) {
    let axes = scrollableAxes
    // The content moves against the finger's coordinates: offset velocity.
    let velocity = CGPoint(x: axes.horizontal ? -fingerVelocity.x : 0, y: axes.vertical ? -fingerVelocity.y : 0)
    var target = isPagingEnabled ? pageTarget(velocity: velocity) : clampedOffset(projected(velocity: velocity))
    if isDragging {
      // Apple: "velocity: The velocity of the scroll view (in points per millisecond)".
      let perMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
      withUnsafeMutablePointer(to: &target) { pointer in
        delegate?.scrollViewWillEndDragging(self, withVelocity: perMillisecond, targetContentOffset: pointer)
      }
      target = clampedOffset(target)
      isDragging = false
    }
    let decelerates = target != contentOffset
    delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    guard decelerates else { return }
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    let inRange = clampedOffset(contentOffset) == contentOffset
    let rate = isPagingEnabled || !inRange || velocity == .zero ? Self.settlingRate : decelerationRate.rawValue
    decelerate(to: target, rate: rate)
  }

  /// Where a fling from the current offset comes to rest, unclamped.
  func projected(velocity: CGPoint) -> CGPoint {
    let r = decelerationRate.rawValue
    let factor = r / (1 - r) / 1000  // (v / 1000) · r / (1 − r)
    return CGPoint(x: contentOffset.x + velocity.x * factor, y: contentOffset.y + velocity.y * factor)
  }

  /// The page to settle on: the nearest, or the next in a fast fling's direction.
  func pageTarget(velocity: CGPoint) -> CGPoint {
    let size = bounds.size
    func axis(_ offset: CGFloat, _ v: CGFloat, _ page: CGFloat, _ start: CGFloat) -> CGFloat {
      guard page > 0 else { return offset }
      let position = offset / page
      let startPage = (start / page).rounded()
      var index: CGFloat
      if v > Self.pagingFlingSpeed { index = position.rounded(.down) + 1 }
      else if v < -Self.pagingFlingSpeed { index = position.rounded(.up) - 1 }
      else { index = position.rounded() }
      index = min(max(index, startPage - 1), startPage + 1)  // one page per fling
      return index * page
    }
    let target = CGPoint(x: axis(contentOffset.x, velocity.x, size.width, dragStartOffset.x),
                         y: axis(contentOffset.y, velocity.y, size.height, dragStartOffset.y))
    return clampedOffset(target)
  }

  /// Moves toward `target` on the curve target + (start − target) · rⁿ (n in ms).
  func decelerate(to target: CGPoint, rate: CGFloat) {
    let start = contentOffset
    let distance = hypot(target.x - start.x, target.y - start.y)
    run(ScrollAnimation(.decelerating, scrollView: self, step: { [weak self] elapsed in
      guard let self else { return false }
      let k = pow(rate, CGFloat(elapsed * 1000))
      if distance * k < Self.restingDistance {
        self.contentOffset = target
        return false
      }
      self.contentOffset = CGPoint(x: target.x + (start.x - target.x) * k, y: target.y + (start.y - target.y) * k)
      return true
    }, completion: { [weak self] in self?.endDeceleration(notify: true) }))
  }

  /// The deceleration ended (`notify`: it reached its target, and the
  /// delegate hears `scrollViewDidEndDecelerating`) or was caught.
  func endDeceleration(notify: Bool) {
    guard isDecelerating else { return }
    isDecelerating = false
    if !notify { stopScrollAnimation() }
    if notify { delegate?.scrollViewDidEndDecelerating(self) }
  }
}
