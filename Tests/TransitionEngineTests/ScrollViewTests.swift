import Testing
import TransitionEngine

// UIScrollView and touches, checked against Apple's documentation of
// UIScrollView, UIScrollViewDelegate, UIRefreshControl, UITouch, UIEvent,
// UIResponder and UIGestureRecognizer. Where UIKit leaves a figure open
// (the deceleration curve's end, the rubber band, the refresh threshold)
// the tests hold the engine's marked choice (ScrollViews/Fidelity.md).

/// Records the delegate's calls in order.
private final class ScrollLog: NSObject, UIScrollViewDelegate {
  var calls: [String] = []
  var offsets: [CGPoint] = []
  var velocity: CGPoint?
  var proposedTarget: CGPoint?
  var replaceTarget: CGPoint?
  var zoomView: UIView?
  var allowScrollToTop = true

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    if calls.last != "didScroll" { calls.append("didScroll") }
    offsets.append(scrollView.contentOffset)
  }
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    #expect(scrollView.isDragging)
    calls.append("willBeginDragging")
  }
  func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                 targetContentOffset: UnsafeMutablePointer<CGPoint>) {
    calls.append("willEndDragging")
    self.velocity = velocity
    proposedTarget = targetContentOffset.pointee
    if let replaceTarget { targetContentOffset.pointee = replaceTarget }
  }
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    calls.append("didEndDragging(\(decelerate))")
  }
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    #expect(!scrollView.isDecelerating)
    calls.append("didEndDecelerating")
  }
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
  func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
  func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { calls.append("willBeginZooming") }
  func scrollViewDidZoom(_ scrollView: UIScrollView) {
    if calls.last != "didZoom" { calls.append("didZoom") }
  }
  func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
    calls.append("didEndZooming(\(scale))")
  }
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { allowScrollToTop }
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { calls.append("didScrollToTop") }
  func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { calls.append("didChangeAdjustedContentInset") }
}

/// A view that records the touches it receives.
private final class TouchView: UIView {
  var log: [String] = []
  var touches: [UITouch] = []
  var events: [UIEvent?] = []
  var movedPrevious: [CGPoint] = []
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log.append("began"); self.touches += touches; events.append(event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    movedPrevious += touches.map { $0.previousLocation(in: nil) }
    if log.last != "moved" { log.append("moved") }
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

private final class Handler {
  var states: [UIGestureRecognizer.State] = []
  var refreshes = 0
  func handle(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
  func refresh(_ control: UIRefreshControl) { refreshes += 1 }
}

private final class ReceiveGate: NSObject, UIGestureRecognizerDelegate {
  var asked: [CGPoint] = []
  var answer = false
  func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
    asked.append(touch.location(in: nil))
    return answer
  }
}

@Suite("UIScrollView and touches")
struct ScrollViewTests {
  /// A visible window whose root view holds a 320×568 scroll view with 2000 pt of content.
  private func stage(contentHeight: CGFloat = 2000) -> (UIWindow, UIScrollView, ScrollLog) {
    let window = UIWindow()
    let root = UIViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    let scroll = UIScrollView(frame: root.view.bounds)
    scroll.contentSize = CGSize(width: root.view.bounds.width, height: contentHeight)
    let log = ScrollLog()
    scroll.delegate = log
    root.view.addSubview(scroll)
    Simulation.current.runUntilIdle()
    return (window, scroll, log)
  }

  // MARK: Geometry

  @Test func contentOffsetIsTheBoundsOriginAndHitTestingFindsScrolledContent() {
    Simulation.run { _ in
      let (window, scroll, log) = stage()
      let row = TouchView(frame: CGRect(x: 0, y: 320, width: 320, height: 44))
      scroll.addSubview(row)
      // Apple, contentOffset: "The point at which the origin of the content view is offset from the origin of the scroll view."
      scroll.contentOffset = CGPoint(x: 0, y: 300)
      #expect(scroll.bounds.origin == CGPoint(x: 0, y: 300))
      #expect(log.calls == ["didScroll"], "scrollViewDidScroll: on any change of the offset")
      // The row (content y 320…364) is on screen at 20…64 and is hit there.
      #expect(window.hitTest(CGPoint(x: 100, y: 40), with: nil) === row)
      window.tap(at: CGPoint(x: 100, y: 40))
      #expect(row.log == ["began", "ended"])
      #expect(row.touches.first?.location(in: row) == CGPoint(x: 100, y: 20))
    }
  }

  @Test func decelerationRatesAreApplesRawValues() {
    // Apple: normal "0.998", fast "0.99".
    #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
    #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
    Simulation.run { _ in
      let scroll = UIScrollView()
      #expect(scroll.decelerationRate == .normal)
      #expect(scroll.contentInsetAdjustmentBehavior == .automatic, "Apple: the default is automatic")
      #expect(scroll.minimumZoomScale == 1 && scroll.maximumZoomScale == 1 && scroll.zoomScale == 1)
      #expect(scroll.isScrollEnabled && scroll.bounces && scroll.scrollsToTop && !scroll.isPagingEnabled)
      #expect(scroll.panGestureRecognizer.view === scroll, "the pan is attached to the scroll view")
    }
  }

  // MARK: Adjusted content inset

  @Test func adjustedContentInsetFollowsEachBehavior() {
    Simulation.run(device: .iPhone14) { simulation in
      let window = UIWindow()
      let root = UIViewController()
      window.rootViewController = root
      window.makeKeyAndVisible()
      simulation.runUntilIdle()
      let safe = root.view.safeAreaInsets
      #expect(safe.top > 0 && safe.bottom > 0)
      let scroll = UIScrollView(frame: root.view.bounds)
      let log = ScrollLog()
      scroll.delegate = log
      root.view.addSubview(scroll)
      scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
      simulation.runUntilIdle()
      // .automatic outside a navigation or tab bar controller: as
      // .scrollableAxes; content no taller than the view: not adjusted.
      #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
      // Apple, .scrollableAxes: "The top and bottom insets include the safe
      // area inset values when the vertical content size is greater than
      // the height of the scroll view itself."
      log.calls = []
      scroll.contentSize = CGSize(width: scroll.bounds.width, height: 2000)
      #expect(scroll.adjustedContentInset.top == 10 + safe.top)
      #expect(scroll.adjustedContentInset.bottom == safe.bottom)
      #expect(scroll.adjustedContentInset.left == 0, "not horizontally scrollable")
      // Apple: adjustedContentInsetDidChange's default implementation calls the delegate.
      #expect(log.calls.contains("didChangeAdjustedContentInset"))
      scroll.contentInsetAdjustmentBehavior = .never
      #expect(scroll.adjustedContentInset == scroll.contentInset, ".never: do not adjust")
      scroll.contentInsetAdjustmentBehavior = .always
      #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 10 + safe.top, left: safe.left,
                                                          bottom: safe.bottom, right: safe.right))
      scroll.contentInsetAdjustmentBehavior = .scrollableAxes
      scroll.contentSize = CGSize(width: 100, height: 100)
      #expect(scroll.adjustedContentInset.top == 10)
      // Apple: "The top and bottom insets are also adjusted when the alwaysBounceVertical property is true."
      scroll.alwaysBounceVertical = true
      #expect(scroll.adjustedContentInset.top == 10 + safe.top)
    }
  }

  @Test func automaticAdjustsVerticallyInANavigationController() {
    Simulation.run(device: .iPhone14) { simulation in
      let window = UIWindow()
      let list = UIViewController()
      let scroll = UIScrollView()
      list.view = scroll
      scroll.contentSize = CGSize(width: 100, height: 100)  // smaller than the view
      let nav = UINavigationController(rootViewController: list)
      window.rootViewController = nav
      window.makeKeyAndVisible()
      simulation.runUntilIdle()
      // Apple: "Content is always adjusted vertically when the scroll view is the content
      // view of a view controller that is currently displayed by a navigation or tab bar controller."
      #expect(scroll.safeAreaInsets.top > 0)
      #expect(scroll.adjustedContentInset.top == scroll.safeAreaInsets.top)
      #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top, "resting at the top under the bar (observed)")
    }
  }

  // MARK: Animated offsets

  @Test func animatedSetContentOffsetMovesFrameByFrameAndEndsTheAnimation() {
    Simulation.run { simulation in
      let (_, scroll, log) = stage()
      scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
      #expect(scroll.contentOffset == .zero, "the offset moves frame by frame, not at once")
      simulation.advance(by: 0.15)
      // Apple: "animate the transition at a constant velocity to the new offset".
      expectClose(scroll.contentOffset.y, 150, 1e-6)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == CGPoint(x: 0, y: 300))
      #expect(log.offsets.count >= 17, "scrollViewDidScroll at every frame")
      // Apple: "The scroll view calls this method at the end of its implementations of the
      // setContentOffset(_:animated:) and scrollRectToVisible(_:animated:) methods, but only if animations are requested."
      #expect(log.calls == ["didScroll", "didEndScrollingAnimation"])
      log.calls = []
      scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
      simulation.runUntilIdle()
      #expect(log.calls == ["didScroll"])
    }
  }

  @Test func scrollRectToVisibleScrollsTheLeastOrNothing() {
    Simulation.run { simulation in
      let (_, scroll, log) = stage()
      // Apple: "If the rectangle is already visible, the method does nothing."
      scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 10), animated: true)
      simulation.runUntilIdle()
      #expect(log.calls.isEmpty && scroll.contentOffset == .zero)
      // A rect below the view: it scrolls until the rect's bottom is at the view's bottom.
      scroll.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 50), animated: false)
      #expect(scroll.contentOffset.y == 1050 - scroll.bounds.height)
    }
  }

  // MARK: Dragging

  @Test func aDragScrollsWithTheFingerThenDeceleratesInTheDocumentedOrder() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      // The finger moves up 200 pt in 0.2 s: the content follows, then flies on.
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      #expect(!scroll.isDragging && !scroll.isTracking)
      #expect(scroll.isDecelerating)
      // The fling's velocity: the last movement's, 200 pt / 0.2 s = 1000 pt/s, reported in points per millisecond (Apple).
      expectClose(log.velocity ?? .zero, CGPoint(x: 0, y: 1), 1e-6)
      // The pan began at the first 1/60 s step past its 10 pt slop (16.7 pt):
      // from there the content moved with the finger, 200 − 200/12.
      let followed = 200 - 200.0 / 12
      #expect(log.offsets.contains { abs(Double($0.y) - followed) < 1e-6 })
      simulation.runUntilIdle()
      #expect(!scroll.isDecelerating)
      // The projection of WWDC 2018 "Designing Fluid Interfaces": v/1000 · r / (1 − r).
      let expected = followed + 1000.0 / 1000 * 0.998 / (1 - 0.998)
      expectClose(Double(log.proposedTarget?.y ?? 0), expected, 1e-6)
      #expect(scroll.contentOffset == log.proposedTarget, "the deceleration lands on the target")
      #expect(log.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                            "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }
  }

  @Test func theDelegateMayRewriteTheTargetOffset() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      log.replaceTarget = CGPoint(x: 0, y: 400)  // custom paging, as apps do
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == CGPoint(x: 0, y: 400))
    }
  }

  @Test func aFastRateTravelsLessAndASlowLiftDoesNotDecelerate() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      scroll.decelerationRate = .fast
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      simulation.runUntilIdle()
      expectClose(Double(scroll.contentOffset.y), 200 - 200.0 / 12 + 0.99 / 0.01, 1e-6)
      // A cancelled touch carries no velocity: no deceleration within the content.
      log.calls = []
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 300), duration: 0.4, ending: .cancel)
      #expect(log.calls.last == "didEndDragging(false)")
      #expect(!scroll.isDecelerating)
    }
  }

  @Test func pastTheTopTheContentRubberBandsAndBouncesBack() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.5, ending: .cancel)
      _ = window
      let pulled = log.offsets.map(\.y).min() ?? 0
      // The finger went 200 − 2 · 200/30 pt past the top once the pan began
      // (its second step crossed the slop): the content less (engine's curve).
      let overshoot: CGFloat = 200 - 2 * 200 / 30
      expectClose(pulled, -UIScrollViewTestsRubberBand.value(overshoot, 568), 1e-6)
      #expect(pulled > -overshoot && pulled < 0)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == .zero, "it settles back at the top")
      // Apple, bounces: "If the value of this property is false, scrolling stops immediately at the content boundary without bouncing."
      scroll.bounces = false
      log.offsets = []
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.5)
      #expect(log.offsets.allSatisfy { $0.y == 0 } && scroll.contentOffset == .zero)
    }
  }

  @Test func pagingSettlesOnMultiplesOfTheBoundsSize() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage(contentHeight: 568)
      scroll.contentSize = CGSize(width: 320 * 4, height: 568)
      scroll.isPagingEnabled = true
      // A slow drag 120 pt to the left (100 pt/s), then lift: back to page 0.
      window.drag(from: CGPoint(x: 250, y: 300), to: CGPoint(x: 130, y: 300), duration: 1.2)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == .zero)
      // A flick: the next page.
      window.drag(from: CGPoint(x: 250, y: 300), to: CGPoint(x: 150, y: 300), duration: 0.1)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == CGPoint(x: 320, y: 0))
      // A slow drag past half a page: that page.
      window.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 100, y: 300), duration: 2)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == CGPoint(x: 640, y: 0))
    }
  }

  @Test func scrollingDisabledOrNothingToScrollDoesNotMove() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      scroll.isScrollEnabled = false
      #expect(!scroll.panGestureRecognizer.isEnabled)
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      #expect(log.calls.isEmpty)
      scroll.isScrollEnabled = true
      scroll.contentSize = CGSize(width: 320, height: 300)
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.2)
      #expect(log.calls.isEmpty, "content smaller than the view: no vertical dragging")
      // Apple, alwaysBounceVertical: "If this property is set to true and bounces is true,
      // vertical dragging is allowed even if the content is smaller than the bounds of the scroll view."
      scroll.alwaysBounceVertical = true
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.2)
      #expect(log.calls.first == "willBeginDragging")
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == .zero)
    }
  }

  @Test func anotherRecognizerCanRequireTheScrollPanToFail() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage()
      let handler = Handler()
      let pan = UIPanGestureRecognizer(target: handler, action: Selector(Handler.handle))
      scroll.superview!.addGestureRecognizer(pan)
      pan.require(toFail: scroll.panGestureRecognizer)
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      #expect(handler.states.isEmpty, "the scroll view's pan began, so the other fails")
      #expect(scroll.panGestureRecognizer.state == .ended)
      simulation.runUntilIdle()
    }
  }

  @Test func aTouchCatchesADeceleration() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage()
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.2)
      simulation.advance(by: 0.2)
      #expect(scroll.isDecelerating)
      window.tap(at: CGPoint(x: 160, y: 300))
      let caught = scroll.contentOffset
      #expect(!scroll.isDecelerating)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == caught)
    }
  }

  // MARK: Zooming

  @Test func zoomingScalesTheDelegatesViewAndTheContentSize() {
    Simulation.run { simulation in
      let (_, scroll, log) = stage()
      let photo = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
      scroll.addSubview(photo)
      log.zoomView = photo
      scroll.maximumZoomScale = 3
      scroll.zoomScale = 2
      #expect(photo.transform == CGAffineTransform(scaleX: 2, y: 2), "the scale is the zoomed view's transform")
      #expect(photo.frame == CGRect(x: 0, y: 0, width: 640, height: 800))
      #expect(scroll.contentSize == CGSize(width: 640, height: 800))
      #expect(log.calls.contains("didZoom"))
      scroll.zoomScale = 5
      #expect(scroll.zoomScale == 3, "held within the limits")
      log.calls = []
      scroll.setZoomScale(1, animated: true)
      simulation.runUntilIdle()
      // Apple: willBeginZooming "is called … in cases where a change in zoom level is to be animated".
      #expect(log.calls.first == "willBeginZooming" && log.calls.last == "didEndZooming(1.0)")
      scroll.zoom(to: CGRect(x: 80, y: 100, width: 160, height: 200), animated: false)
      #expect(scroll.zoomScale == 2)
      #expect(scroll.contentOffset == CGPoint(x: 160, y: 116), "the rect centred in the view")
    }
  }

  // MARK: Refresh control

  @Test func pullingPastTheThresholdRefreshes() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage()
      let refresh = UIRefreshControl()
      let handler = Handler()
      refresh.addTarget(handler, action: Selector(Handler.refresh), for: .valueChanged)
      scroll.refreshControl = refresh
      #expect(refresh.superview === scroll)
      // A short pull: nothing.
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 200), duration: 0.5)
      simulation.runUntilIdle()
      #expect(handler.refreshes == 0 && !refresh.isRefreshing)
      // A long pull.
      window.drag(from: CGPoint(x: 160, y: 60), to: CGPoint(x: 160, y: 500), duration: 0.8)
      #expect(handler.refreshes == 1 && refresh.isRefreshing)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top)
      #expect(scroll.contentOffset.y < 0, "it rests below the spinning control")
      refresh.endRefreshing()
      #expect(!refresh.isRefreshing)
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == .zero)
      // Apple: beginRefreshing is for a refresh the app starts: no action is sent.
      refresh.beginRefreshing()
      #expect(refresh.isRefreshing && handler.refreshes == 1)
    }
  }

  // MARK: Scroll to top

  @Test func theStatusBarTapScrollsTheOneScrollViewToTheTop() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      scroll.contentOffset = CGPoint(x: 0, y: 500)
      log.calls = []
      log.allowScrollToTop = false
      #expect(window.tapStatusBar())
      simulation.runUntilIdle()
      #expect(scroll.contentOffset.y == 500, "scrollViewShouldScrollToTop said no")
      log.allowScrollToTop = true
      window.tapStatusBar()
      simulation.runUntilIdle()
      #expect(scroll.contentOffset == .zero)
      #expect(log.calls.last == "didScrollToTop")
      // Apple: "the scroll-to-top gesture has no effect if there is more than one
      // scroll view on-screen that has scrollsToTop set to true."
      let other = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      scroll.superview!.addSubview(other)
      scroll.contentOffset = CGPoint(x: 0, y: 500)
      #expect(!window.tapStatusBar())
      simulation.runUntilIdle()
      #expect(scroll.contentOffset.y == 500)
    }
  }

  // MARK: Touches

  @Test func theHitViewReceivesItsTouchesWithLocationsAndTimes() {
    Simulation.run { simulation in
      let window = UIWindow()
      let root = UIViewController()
      window.rootViewController = root
      window.makeKeyAndVisible()
      let pad = TouchView(frame: CGRect(x: 20, y: 100, width: 200, height: 200))
      root.view.addSubview(pad)
      simulation.runUntilIdle()
      let t0 = simulation.now
      window.drag(from: CGPoint(x: 40, y: 120), to: CGPoint(x: 100, y: 120), duration: 0.5)
      #expect(pad.log == ["began", "moved", "ended"])
      let touch = pad.touches[0]
      // Apple, UITouch.view: "The view to which touches are being delivered".
      #expect(touch.view === pad && touch.window === window)
      #expect(touch.phase == .ended)
      #expect(touch.location(in: pad) == CGPoint(x: 80, y: 20))
      #expect(touch.location(in: nil) == CGPoint(x: 100, y: 120))
      // Apple, previousLocation(in:): "the previous location of the touch": at the last move, 2 pt back.
      expectClose(pad.movedPrevious.last?.x ?? 0, 98, 1e-6)
      expectClose(touch.timestamp, t0 + 0.5, 1e-9)
      #expect(touch.tapCount == 1)
      // Apple, UIEvent.allTouches: "all touches associated with the event".
      let event = pad.events[0]
      #expect(event?.allTouches == [touch])
      #expect(event?.touches(for: pad) == [touch])
      #expect(event?.type == .touches)
    }
  }

  @Test func quickTapsCountUp() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage()
      let row = TouchView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
      scroll.addSubview(row)
      window.tap(at: CGPoint(x: 50, y: 50))
      window.tap(at: CGPoint(x: 52, y: 50))
      #expect(row.touches.map(\.tapCount) == [1, 2])
      simulation.advance(by: 1)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(row.touches.last?.tapCount == 1)
    }
  }

  @Test func aRecognizerThatBeginsCancelsTheViewsTouches() {
    Simulation.run { simulation in
      let window = UIWindow()
      let root = UIViewController()
      window.rootViewController = root
      window.makeKeyAndVisible()
      let pad = TouchView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      root.view.addSubview(pad)
      let handler = Handler()
      let pan = UIPanGestureRecognizer(target: handler, action: Selector(Handler.handle))
      pad.addGestureRecognizer(pan)
      simulation.runUntilIdle()
      // Apple, cancelsTouchesInView: "When this property is true (the default) and the gesture
      // recognizer recognizes its gesture, … previously delivered touches are cancelled through a
      // touchesCancelled(_:with:) message."
      // The first 1/60 s step (11 pt) passes the pan's slop: it begins there.
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 0.3)
      #expect(pad.log == ["began", "cancelled"])
      #expect(handler.states.first == .began)
      // A slower drag moves the view's touch before the pan begins.
      pad.log = []
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 1)
      #expect(pad.log == ["began", "moved", "cancelled"])
      // "If this property is false, the view analyzes touch events in parallel with the receiver."
      pad.log = []
      pan.cancelsTouchesInView = false
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 0.3)
      #expect(pad.log == ["began", "moved", "ended"])
      // A tap recognizer recognizes at the lift: the view's touch ends as cancelled.
      pad.log = []
      let tap = UITapGestureRecognizer(target: handler, action: Selector(Handler.handle))
      pad.addGestureRecognizer(tap)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(pad.log == ["began", "cancelled"])
    }
  }

  @Test func theDelegateDecidesWhetherARecognizerReceivesATouch() {
    Simulation.run { simulation in
      let (window, scroll, log) = stage()
      let handler = Handler()
      let gate = ReceiveGate()
      let tap = UITapGestureRecognizer(target: handler, action: Selector(Handler.handle))
      tap.delegate = gate
      scroll.superview!.addGestureRecognizer(tap)
      window.tap(at: CGPoint(x: 60, y: 70))
      #expect(gate.asked == [CGPoint(x: 60, y: 70)], "asked once, at touch-down, with the touch")
      #expect(handler.states.isEmpty, "told not to receive the touch, it never recognizes")
      gate.answer = true
      window.tap(at: CGPoint(x: 60, y: 70))
      #expect(handler.states == [.ended])
      _ = (simulation, log)
    }
  }

  @Test func touchesTravelUpTheResponderChain() {
    Simulation.run { simulation in
      let window = UIWindow()
      let root = UIViewController()
      window.rootViewController = root
      window.makeKeyAndVisible()
      let pad = TouchView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let plain = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
      pad.addSubview(plain)
      root.view.addSubview(pad)
      simulation.runUntilIdle()
      // Apple, touchesBegan: "The default implementation of this method forwards the message up the responder chain."
      window.tap(at: CGPoint(x: 20, y: 20))
      #expect(pad.log == ["began", "ended"])
      #expect(pad.touches.first?.view === plain)
      #expect(plain.next === pad)
      #expect(root.view.next === root, "a controller's root view: the controller")
      #expect(root.next === window)
    }
  }

  @Test func aScrollThatBeginsCancelsItsContentsTouches() {
    Simulation.run { simulation in
      let (window, scroll, _) = stage()
      let row = TouchView(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
      scroll.addSubview(row)
      window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 1)
      #expect(row.log == ["began", "moved", "cancelled"])
      simulation.runUntilIdle()
    }
  }
}

/// The rubber band's curve, computed here independently: (1 − 1 / (x · 0.55 / d + 1)) · d.
private enum UIScrollViewTestsRubberBand {
  static func value(_ x: CGFloat, _ d: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / d + 1)) * d }
}
