import Testing
@testable import TransitionEngine

/// UIView geometry, hierarchy, conversion, autoresizing, layout and snapshots.
@Suite struct ViewTests {
  @Test("frame, bounds and center stay consistent; a transform changes the frame, not the bounds")
  func geometry() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
      #expect(view.center == CGPoint(x: 60, y: 45))
      #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
      view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
      #expect(view.bounds.size == CGSize(width: 100, height: 50))
      #expect(view.frame == CGRect(x: 35, y: 32.5, width: 50, height: 25))
      view.transform = .identity
      view.bounds.size = CGSize(width: 200, height: 50)
      #expect(view.frame == CGRect(x: -40, y: 20, width: 200, height: 50), "bounds keep the center")
      view.alpha = 0.3
      #expect(view.alpha == CGFloat(Float(0.3)), "alpha is stored as the layer's Float opacity")
    }
  }

  @Test("Setting the frame of a scaled view keeps the transform and reads back as set")
  func frameWithTransform() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      view.transform = CGAffineTransform(scaleX: 2, y: 2)
      view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
      #expect(view.bounds.size == CGSize(width: 50, height: 50))
      #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    }
  }

  @Test("Subview order: addSubview, insertSubview at/below/above, bringSubviewToFront, exchange")
  func hierarchy() {
    Simulation.run { _ in
      let root = UIView(frame: .zero)
      let a = UIView(), b = UIView(), c = UIView(), d = UIView()
      [a, b, c, d].enumerated().forEach { $1.tag = $0 + 1 }
      root.addSubview(a)
      root.addSubview(b)
      root.insertSubview(c, belowSubview: a)
      root.insertSubview(d, aboveSubview: c)
      #expect(root.subviews.map(\.tag) == [3, 4, 1, 2])
      root.bringSubviewToFront(c)
      #expect(root.subviews.map(\.tag) == [4, 1, 2, 3])
      root.sendSubviewToBack(b)
      #expect(root.subviews.map(\.tag) == [2, 4, 1, 3])
      root.exchangeSubview(at: 0, withSubviewAt: 3)
      #expect(root.subviews.map(\.tag) == [3, 4, 1, 2])
      root.insertSubview(a, at: 0)
      #expect(root.subviews.map(\.tag) == [1, 3, 4, 2])
      root.addSubview(a)
      #expect(root.subviews.map(\.tag) == [3, 4, 2, 1], "adding an existing subview moves it to the front")
      a.removeFromSuperview()
      #expect(a.superview == nil)
      #expect(root.subviews.map(\.tag) == [3, 4, 2])
      #expect(root.viewWithTag(4) === d)
    }
  }

  @Test("Window moves call willMove(toWindow:) and didMoveToWindow() on the whole subtree")
  func windowCallbacks() {
    final class Probe: UIView {
      var log: [String] = []
      override func willMove(toWindow newWindow: UIWindow?) { log.append(newWindow == nil ? "will leave" : "will enter") }
      override func didMoveToWindow() { log.append(window == nil ? "left" : "entered") }
    }
    Simulation.run { _ in
      let window = UIWindow(frame: UIScreen.main.bounds)
      let container = UIView(), probe = Probe()
      container.addSubview(probe)
      window.addSubview(container)
      #expect(probe.window === window)
      container.removeFromSuperview()
      #expect(probe.log == ["will enter", "entered", "will leave", "left"])
    }
  }

  @Test("convert(_:to:) goes through transformed superviews")
  func conversion() {
    Simulation.run { _ in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
      let thumb = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
      window.addSubview(card)
      card.addSubview(thumb)
      #expect(thumb.convert(thumb.bounds, to: nil) == CGRect(x: 110, y: 110, width: 20, height: 20))
      card.transform = CGAffineTransform(scaleX: 2, y: 2)  // about the centre (150, 150)
      expectClose(thumb.convert(thumb.bounds, to: nil), CGRect(x: 70, y: 70, width: 40, height: 40))
      card.transform = CGAffineTransform(rotationAngle: .pi / 2)
      expectClose(thumb.convert(CGPoint.zero, to: window), CGPoint(x: 190, y: 110), 1e-9)
      expectClose(window.convert(CGPoint(x: 190, y: 110), to: thumb), CGPoint.zero, 1e-9)
      card.bounds.origin = CGPoint(x: 10, y: 0)  // scrolls the content
      card.transform = .identity
      #expect(thumb.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 110))
    }
  }

  @Test("Perspective on the superlayer's sublayerTransform projects converted points")
  func perspectiveConversion() {
    Simulation.run { _ in
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
      var perspective = CATransform3DIdentity
      perspective.m34 = -1 / 500
      container.layer.sublayerTransform = perspective
      let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
      container.addSubview(card)
      card.layer.transform = CATransform3DMakeRotation(.pi / 4, 1, 0, 0)
      // Row vectors: (x, y, 0)·Rx(45°) = (x, y·cos, y·sin). The top edge
      // (y = −50 from the anchor) goes away from the viewer (z < 0) and
      // shrinks towards the vanishing point; the bottom edge comes closer and grows.
      let top = card.convert(CGPoint(x: 0, y: 0), to: container)
      let bottom = card.convert(CGPoint(x: 0, y: 100), to: container)
      #expect(top.x > 50)
      #expect(bottom.x < 50)
      let z = -50 * sin(Double.pi / 4), w = 1 - z / 500  // w = 1 + z·m34
      expectClose(Double(top.x), 100 - 50 / w, 1e-9)
      expectClose(Double(top.y), 100 - 50 * cos(Double.pi / 4) / w, 1e-9)
    }
  }

  @Test("Autoresizing shares the size change among the flexible parts, only on a size change")
  func autoresizing() {
    Simulation.run { _ in
      let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
      let stretchy = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
      stretchy.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      let pinnedRight = UIView(frame: CGRect(x: 150, y: 10, width: 40, height: 40))
      pinnedRight.autoresizingMask = [.flexibleLeftMargin]
      let centred = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
      centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
      let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
      [stretchy, pinnedRight, centred, fixed].forEach(parent.addSubview)
      parent.bounds.origin = CGPoint(x: 3, y: 3)  // no size change: nothing moves
      #expect(stretchy.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
      parent.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
      #expect(stretchy.frame == CGRect(x: 10, y: 10, width: 200, height: 150))
      #expect(pinnedRight.frame == CGRect(x: 250, y: 10, width: 40, height: 40))
      #expect(centred.frame == CGRect(x: 100, y: 50, width: 100, height: 100))
      #expect(fixed.frame == CGRect(x: 5, y: 5, width: 5, height: 5))
      parent.autoresizesSubviews = false
      parent.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
      #expect(pinnedRight.frame == CGRect(x: 250, y: 10, width: 40, height: 40))
    }
  }

  @Test("layoutSubviews runs on the next run-loop turn after a bounds change, or at layoutIfNeeded")
  func layout() {
    final class Counting: UIView {
      var count = 0
      override func layoutSubviews() { count += 1 }
    }
    Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.makeKeyAndVisible()
      let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      window.addSubview(view)
      sim.advance(by: 0)
      #expect(view.count == 1)
      view.frame.size.width = 20
      #expect(view.count == 1)
      view.layoutIfNeeded()
      #expect(view.count == 2)
      sim.advance(by: 0)
      #expect(view.count == 2, "layout is not repeated when nothing changed")
      view.setNeedsLayout()
      sim.advance(by: 0.1)
      #expect(view.count == 3)
    }
  }

  @Test("Snapshots freeze what the view shows; unrendered views need afterScreenUpdates: true")
  func snapshots() throws {
    try Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      let card = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 80))
      card.backgroundColor = .systemBlue
      card.addSubview(UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10)))
      let early = try #require(card.snapshotView(afterScreenUpdates: false))
      #expect(early.layer.frozenContent == nil)
      #expect(sim.diagnostics.map(\.message).first?.hasPrefix(
        "[Snapshotting] Snapshotting a view (0x") == true)
      window.makeKeyAndVisible()
      window.addSubview(card)
      sim.advance(by: 0)
      let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
      #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 100, height: 80))
      #expect(snapshot.superview == nil)
      card.backgroundColor = .red
      let frozen = try #require(snapshot.layer.frozenContent)
      #expect(frozen.state.backgroundColorName == "systemBlue")
      #expect(frozen.sublayers.count == 1)
      #expect(snapshot.diagramLabel == "snapshot of UIView")
    }
  }

  @Test("Dimming: tintAdjustmentMode .dimmed is inherited by .automatic subviews")
  func dimming() {
    Simulation.run { _ in
      let parent = UIView(), child = UIView(), opted = UIView()
      parent.addSubview(child)
      parent.addSubview(opted)
      opted.tintAdjustmentMode = .normal
      parent.tintAdjustmentMode = .dimmed
      #expect(child.isEffectivelyDimmed)
      #expect(!opted.isEffectivelyDimmed)
    }
  }

  @Test("Two simulations do not share state")
  func isolation() {
    Simulation.run { a in
      let view = UIView(frame: .zero)
      UIView.animate(withDuration: 1) { view.alpha = 0 }
      Simulation.run(device: .iPhone14) { b in
        #expect(UIScreen.main.bounds.width == 390)
        #expect(b.isIdle)
        b.advance(by: 5)
      }
      #expect(a.now == 0)
      #expect(!a.isIdle)
      #expect(UIScreen.main.bounds.width == 320)
    }
  }
}

/// Ownership, as in UIKit: a superview retains its subviews.
@Suite struct OwnershipTests {
  @Test("A subview held only by its superview stays alive and stays a view")
  func superviewRetainsSubviews() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      weak var weakChild: UIView?
      do {
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        child.accessibilityIdentifier = "child"
        window.addSubview(child)
        weakChild = child
      }
      #expect(weakChild != nil)
      #expect(window.subviews.count == 1)
      #expect(sim.capture().layers.last?.label == "child")
      weakChild?.removeFromSuperview()
      #expect(weakChild == nil, "removed from its superview, nothing holds it")
    }
  }
}
