// Animation code written the way iOS developers write it. The only change
// from an iOS app is the import: `import UIKit` became `import TransitionEngine`.
// `CompileTests.swift` runs each snippet.
import TransitionEngine

// 1. Fade a banner in, hold it, fade it out and remove it.
func showBanner(in container: UIView) -> UIView {
  let banner = UILabel(frame: CGRect(x: 16, y: -44, width: container.bounds.width - 32, height: 44))
  banner.text = "Saved"
  banner.alpha = 0
  container.addSubview(banner)
  UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], animations: {
    banner.alpha = 1
    banner.frame.origin.y = 20
  }) { _ in
    UIView.animate(withDuration: 0.3, delay: 1.0, options: [], animations: {
      banner.alpha = 0
    }, completion: { finished in
      if finished { banner.removeFromSuperview() }
    })
  }
  return banner
}

// 2. A springy pop, as a detail card appears.
final class CardView: UIView {
  let titleLabel = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .systemBackground
    layer.cornerRadius = 12
    clipsToBounds = true
    titleLabel.frame = bounds.insetBy(dx: 12, dy: 12)
    titleLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(titleLabel)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath
  }

  func pop() {
    transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
    UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5,
                   initialSpringVelocity: 0.8, options: .allowUserInteraction, animations: {
      self.transform = .identity
    }, completion: nil)
  }
}

// 3. A keyframe shake for a wrong password.
extension UIView {
  func shake() {
    UIView.animateKeyframes(withDuration: 0.4, delay: 0, options: .calculationModeCubic, animations: {
      let offsets: [CGFloat] = [-12, 10, -6, 3, 0]
      for (index, offset) in offsets.enumerated() {
        UIView.addKeyframe(withRelativeStartTime: Double(index) / Double(offsets.count),
                           relativeDuration: 1 / Double(offsets.count)) {
          self.transform = CGAffineTransform(translationX: offset, y: 0)
        }
      }
    })
  }
}

// 4. A card flip about the y axis with perspective.
func flip(from front: UIView, to back: UIView, in container: UIView) {
  var perspective = CATransform3DIdentity
  perspective.m34 = -1.0 / 500
  container.layer.sublayerTransform = perspective
  back.layer.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
  back.layer.isDoubleSided = false
  UIView.animateKeyframes(withDuration: 0.8, delay: 0, options: [], animations: {
    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
      front.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    }
    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
      back.layer.transform = CATransform3DIdentity
    }
  }, completion: { _ in
    front.layer.transform = CATransform3DIdentity
  })
}

// 5. A drawer scrubbed by a gesture, then flung to completion.
final class DrawerController {
  private var animator: UIViewPropertyAnimator?
  let drawer: UIView
  init(drawer: UIView) { self.drawer = drawer }

  func began() {
    animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.8) { [weak self] in
      guard let self = self else { return }
      self.drawer.frame.origin.y -= 300
    }
    animator?.pauseAnimation()
  }

  func changed(translation: CGFloat) {
    animator?.fractionComplete = max(0, min(1, -translation / 300))
  }

  func ended(velocity: CGFloat) {
    guard let animator = animator else { return }
    animator.isReversed = velocity > 0
    let timing = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 0, dy: 0.5))
    animator.continueAnimation(withTimingParameters: timing, durationFactor: 0)
  }
}

// 6. A spinner driven by Core Animation, with a delegate.
final class Spinner: NSObject, CAAnimationDelegate {
  private(set) var stopped = false
  let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))

  func start() {
    let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
    rotation.fromValue = 0
    rotation.toValue = CGFloat.pi * 2
    rotation.duration = 1
    rotation.repeatCount = 3
    rotation.timingFunction = CAMediaTimingFunction(name: .linear)
    rotation.delegate = self
    view.layer.add(rotation, forKey: "spin")
  }

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    stopped = flag
  }
}

// 7. A circular reveal through a shape-layer mask.
func reveal(_ view: UIView, from point: CGPoint) {
  let radius = sqrt(pow(view.bounds.width, 2) + pow(view.bounds.height, 2))
  let start = UIBezierPath(arcCenter: point, radius: 1, startAngle: 0, endAngle: .pi * 2, clockwise: true)
  let end = UIBezierPath(arcCenter: point, radius: radius, startAngle: 0, endAngle: .pi * 2, clockwise: true)
  let mask = CAShapeLayer()
  mask.path = end.cgPath
  view.layer.mask = mask
  let animation = CABasicAnimation(keyPath: "path")
  animation.fromValue = start.cgPath
  animation.toValue = end.cgPath
  animation.duration = 0.5
  animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
  mask.add(animation, forKey: "reveal")
}

// 8. Zoom a snapshot of a thumbnail to full screen.
func zoom(thumbnail: UIView, in window: UIWindow) {
  guard let snapshot = thumbnail.snapshotView(afterScreenUpdates: true) else { return }
  snapshot.frame = thumbnail.convert(thumbnail.bounds, to: nil)
  window.addSubview(snapshot)
  thumbnail.isHidden = true
  UIView.animate(withDuration: 0.35, animations: {
    snapshot.frame = window.bounds
  }, completion: { _ in
    snapshot.removeFromSuperview()
    thumbnail.isHidden = false
  })
}

// 9. Implicit layer animations grouped in a transaction.
func pulse(_ layer: CALayer, done: @escaping () -> Void) {
  CATransaction.begin()
  CATransaction.setAnimationDuration(0.2)
  CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1))
  CATransaction.setCompletionBlock(done)
  layer.opacity = 0.4
  layer.cornerRadius = 8
  CATransaction.commit()
}

// 10. Staggered entrance of a list.
func stagger(_ rows: [UIView]) {
  for (index, row) in rows.enumerated() {
    row.alpha = 0
    row.transform = CGAffineTransform(translationX: 0, y: 20)
    UIView.animate(withDuration: 0.4, delay: 0.05 * Double(index), options: [.curveEaseOut, .beginFromCurrentState],
                   animations: {
      row.alpha = 1
      row.transform = .identity
    })
  }
}

// 11. A cross-dissolve of a label's text.
func swapText(of label: UILabel, to text: String) {
  UIView.transition(with: label, duration: 0.25, options: .transitionCrossDissolve, animations: {
    label.text = text
  }, completion: nil)
}

// 12. A bottom sheet that lays itself out and slides in over a dimmed backdrop.
final class SheetView: UIView {
  let handle = UIView()
  private let dimming = UIView()

  override init(frame: CGRect) {
    super.init(frame: frame)
    addSubview(handle)
  }

  required init?(coder: NSCoder) { nil }

  override func layoutSubviews() {
    super.layoutSubviews()
    handle.frame = CGRect(x: (bounds.width - 36) / 2, y: 6, width: 36, height: 5)
  }

  func present(over host: UIView) {
    dimming.frame = host.bounds
    dimming.backgroundColor = UIColor.black.withAlphaComponent(0.4)
    dimming.alpha = 0
    host.addSubview(dimming)
    frame = CGRect(x: 0, y: host.bounds.maxY, width: host.bounds.width, height: host.bounds.height / 2)
    host.addSubview(self)
    UIView.animate(withDuration: 0.3) {
      self.dimming.alpha = 1
      self.frame.origin.y = host.bounds.midY
      self.layoutIfNeeded()
    }
  }
}
