// The scroll view's own animations: UIKit moves the content offset frame by
// frame (not with a Core Animation animation), so `contentOffset` reads the
// value on screen and `scrollViewDidScroll(_:)` comes at every frame. The
// engine runs them on the virtual clock at the screen's 60 frames per
// second: an animated `setContentOffset`, `scrollRectToVisible`, a
// deceleration, a bounce back, a page settling, an animated zoom.

/// A per-frame animation of a scroll view, on the simulation's clock.
@MainActor
final class ScrollAnimation {
  enum Kind { case scrolling, decelerating, zooming, refreshing, scrollingToTop }
  let kind: Kind
  private weak var scrollView: UIScrollView?
  private let start: TimeInterval
  /// Called at each frame with the seconds since the start; returns false when done.
  private let step: (TimeInterval) -> Bool
  private let completion: () -> Void
  private(set) var isCancelled = false

  init(_ kind: Kind, scrollView: UIScrollView, step: @escaping (TimeInterval) -> Bool,
       completion: @escaping () -> Void) {
    self.kind = kind
    self.scrollView = scrollView
    self.step = step
    self.completion = completion
    start = scrollView.simulation.now
  }

  /// Schedules the next frame (the screen's next refresh after now).
  func scheduleNextFrame() {
    guard let scrollView else { return }
    let simulation = scrollView.simulation
    let next = MainRunLoop.time(ofFrame: MainRunLoop.frame(at: simulation.now) + 1)
    simulation.schedule(at: next) { [weak self] in self?.frame() }
  }

  private func frame() {
    guard !isCancelled, let scrollView, scrollView.scrollAnimation === self else { return }
    if step(scrollView.simulation.now - start) {
      scheduleNextFrame()
    } else {
      scrollView.scrollAnimation = nil
      completion()
    }
  }

  /// Stops at the current frame without the completion.
  func cancel() { isCancelled = true }
}

extension UIScrollView {
  /// UIKit's duration for an animated `setContentOffset`: not documented;
  /// 0.3 s is the engine's choice (the widely observed figure).
  static let scrollAnimationDuration: TimeInterval = 0.3

  /// Starts a per-frame animation, replacing any running one.
  func run(_ animation: ScrollAnimation) {
    stopScrollAnimation()
    scrollAnimation = animation
    animation.scheduleNextFrame()
  }

  /// Stops the running animation where it is (no completion calls).
  func stopScrollAnimation() {
    scrollAnimation?.cancel()
    scrollAnimation = nil
  }

  /// Sets the offset; animated, it moves "at a constant velocity" (Apple)
  /// over 0.3 s (engine's choice), frame by frame, with
  /// `scrollViewDidScroll(_:)` at each frame and
  /// `scrollViewDidEndScrollingAnimation(_:)` at the end.
  func performSetContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    if isDecelerating { endDeceleration(notify: false) }
    stopScrollAnimation()
    guard animated else {
      self.contentOffset = contentOffset
      return
    }
    animateOffset(to: contentOffset, kind: .scrolling) { [weak self] in
      guard let self else { return }
      self.delegate?.scrollViewDidEndScrollingAnimation(self)
    }
  }

  /// Moves the offset linearly to `target` over the scroll duration.
  func animateOffset(to target: CGPoint, kind: ScrollAnimation.Kind, completion: @escaping () -> Void) {
    let from = contentOffset
    guard from != target else {
      // Nothing moves; UIKit still ends the animation on the next turn.
      run(ScrollAnimation(kind, scrollView: self, step: { _ in false }, completion: completion))
      return
    }
    let duration = Self.scrollAnimationDuration
    run(ScrollAnimation(kind, scrollView: self, step: { [weak self] elapsed in
      guard let self else { return false }
      guard elapsed + Simulation.tolerance < duration else {
        self.contentOffset = target  // the last frame lands exactly
        return false
      }
      let f = CGFloat(elapsed / duration)
      self.contentOffset = CGPoint(x: from.x + (target.x - from.x) * f, y: from.y + (target.y - from.y) * f)
      return true
    }, completion: completion))
  }

  /// Scrolls the least distance that makes `rect` (content coordinates)
  /// visible; nothing if it is already (Apple: "If the rectangle is
  /// already visible, the method does nothing").
  func performScrollRectToVisible(_ rect: CGRect, animated: Bool) {
    let visible = CGRect(origin: contentOffset, size: bounds.size)
    var target = contentOffset
    func axis(_ rmin: CGFloat, _ rmax: CGFloat, _ vmin: CGFloat, _ vmax: CGFloat, _ current: CGFloat) -> CGFloat {
      if rmin >= vmin && rmax <= vmax { return current }
      if rmax - rmin > vmax - vmin || rmin < vmin { return current + (rmin - vmin) }
      return current + (rmax - vmax)
    }
    target.x = axis(rect.minX, rect.maxX, visible.minX, visible.maxX, target.x)
    target.y = axis(rect.minY, rect.maxY, visible.minY, visible.maxY, target.y)
    target = clampedOffset(target)
    guard target != contentOffset else { return }
    setContentOffset(target, animated: animated)
  }

  /// The smallest and largest offsets the content rests at.
  var offsetRange: (min: CGPoint, max: CGPoint) {
    let inset = adjustedContentInset
    let size = bounds.size
    let minimum = CGPoint(x: 0 - inset.left, y: 0 - inset.top)  // 0 − x: never −0.0
    let maximum = CGPoint(x: max(minimum.x, contentSize.width + inset.right - size.width),
                          y: max(minimum.y, contentSize.height + inset.bottom - size.height))
    return (minimum, maximum)
  }

  /// `offset` brought into the resting range.
  func clampedOffset(_ offset: CGPoint) -> CGPoint {
    let range = offsetRange
    return CGPoint(x: min(max(offset.x, range.min.x), range.max.x),
                   y: min(max(offset.y, range.min.y), range.max.y))
  }

  /// The status-bar tap: scrolls to the top of the content, animated, then
  /// calls `scrollViewDidScrollToTop(_:)`, if the delegate's
  /// `scrollViewShouldScrollToTop(_:)` allows it.
  func scrollToTopFromStatusBar() {
    guard delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
    if isDecelerating { endDeceleration(notify: false) }
    let top = CGPoint(x: contentOffset.x, y: offsetRange.min.y)
    animateOffset(to: top, kind: .scrollingToTop) { [weak self] in
      guard let self else { return }
      self.delegate?.scrollViewDidScrollToTop(self)
    }
  }
}

extension UIWindow {
  /// Plays a tap on the status bar: the one scroll view on screen in this
  /// window whose `scrollsToTop` is true scrolls to the top. Apple: "On
  /// iPhone, the scroll-to-top gesture has no effect if there is more than
  /// one scroll view on-screen that has scrollsToTop set to true."
  /// Returns whether a scroll view scrolled.
  @discardableResult
  public func tapStatusBar() -> Bool {
    let simulation = self.simulation
    simulation.drainRunLoop()
    var candidates: [UIScrollView] = []
    func collect(_ view: UIView) {
      guard !view.isHidden, view.alpha > 0.01 else { return }
      if let scroll = view as? UIScrollView, scroll.scrollsToTop { candidates.append(scroll) }
      view.subviews.forEach(collect)
    }
    collect(self)
    simulation.record(.note, "touch", "status bar tapped")
    guard candidates.count == 1, let scroll = candidates.first else { return false }
    scroll.scrollToTopFromStatusBar()
    simulation.drainRunLoop()
    return true
  }
}
