// Zooming: the delegate's `viewForZooming(in:)` is scaled by its
// transform, as UIKit does, and `contentSize` becomes its scaled size.
// Programmatic zooms only: scripted touches have one finger, so there is
// no pinch.

extension UIScrollView {
  /// The view the delegate zooms, if zooming is possible.
  var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

  /// Sets the scale: clamped to the limits, applied to the zooming view as
  /// a scale transform that keeps its frame's origin, `contentSize` its
  /// scaled frame size; the content at the centre of the view stays
  /// there (within the content's range). `scrollViewDidZoom(_:)` follows.
  func applyZoomScale(_ requested: CGFloat, keepingCenter: Bool = true) {
    guard let view = zoomingView else { return }
    let scale = min(max(requested, minimumZoomScale), maximumZoomScale)
    let old = storedZoomScale
    let origin = zoomOrigin ?? view.frame.origin
    zoomOrigin = origin
    let center = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
    storedZoomScale = scale
    let size = view.bounds.size
    view.transform = CGAffineTransform(scaleX: scale, y: scale)
    view.center = CGPoint(x: origin.x + size.width * scale / 2, y: origin.y + size.height * scale / 2)
    contentSize = CGSize(width: size.width * scale, height: size.height * scale)
    if keepingCenter, old > 0, old != scale {
      let f = scale / old
      let offset = CGPoint(x: center.x * f - bounds.width / 2, y: center.y * f - bounds.height / 2)
      contentOffset = clampedOffset(offset)
    }
    delegate?.scrollViewDidZoom(self)
  }

  /// Sets the zoom scale; animated, over 0.3 s frame by frame (engine's
  /// choice), between `scrollViewWillBeginZooming(_:with:)` and
  /// `scrollViewDidEndZooming(_:with:atScale:)` (Apple: "This method is
  /// called at the beginning of zoom gestures and in cases where a change
  /// in zoom level is to be animated").
  func performSetZoomScale(_ scale: CGFloat, animated: Bool) {
    guard animated, let view = zoomingView else {
      applyZoomScale(scale)
      return
    }
    let from = storedZoomScale
    let to = min(max(scale, minimumZoomScale), maximumZoomScale)
    animateZoom(view: view, from: from, to: to, offset: nil)
  }

  /// Zooms so that `rect` (in the zooming view's coordinates) fills the
  /// view as far as the limits allow, centred.
  func performZoom(to rect: CGRect, animated: Bool) {
    guard let view = zoomingView, rect.width > 0, rect.height > 0 else { return }
    let to = min(max(min(bounds.width / rect.width, bounds.height / rect.height), minimumZoomScale), maximumZoomScale)
    let origin = zoomOrigin ?? view.frame.origin
    let size = view.bounds.size
    // Where the rect's centre lands at the new scale, centred in the view.
    let offsetFor: (CGFloat) -> CGPoint = { [unowned self] scale in
      let c = CGPoint(x: origin.x + rect.midX * scale, y: origin.y + rect.midY * scale)
      let unclamped = CGPoint(x: c.x - self.bounds.width / 2, y: c.y - self.bounds.height / 2)
      let inset = self.adjustedContentInset
      let maxX = max(-inset.left, size.width * scale + inset.right - self.bounds.width)
      let maxY = max(-inset.top, size.height * scale + inset.bottom - self.bounds.height)
      return CGPoint(x: min(max(unclamped.x, -inset.left), maxX), y: min(max(unclamped.y, -inset.top), maxY))
    }
    if animated {
      animateZoom(view: view, from: storedZoomScale, to: to, offset: (contentOffset, offsetFor(to)))
    } else {
      applyZoomScale(to, keepingCenter: false)
      contentOffset = offsetFor(to)
    }
  }

  private func animateZoom(view: UIView, from: CGFloat, to: CGFloat, offset: (from: CGPoint, to: CGPoint)?) {
    isZooming = true
    delegate?.scrollViewWillBeginZooming(self, with: view)
    let duration = Self.scrollAnimationDuration
    run(ScrollAnimation(.zooming, scrollView: self, step: { [weak self] elapsed in
      guard let self else { return false }
      let f = CGFloat(min(1, elapsed / duration))
      self.applyZoomScale(from + (to - from) * f, keepingCenter: offset == nil)
      if let offset {
        self.contentOffset = CGPoint(x: offset.from.x + (offset.to.x - offset.from.x) * f,
                                     y: offset.from.y + (offset.to.y - offset.from.y) * f)
      }
      return elapsed + Simulation.tolerance < duration
    }, completion: { [weak self] in
      guard let self else { return }
      self.isZooming = false
      self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: self.storedZoomScale)
    }))
  }
}
