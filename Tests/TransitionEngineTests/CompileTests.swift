import Testing
@testable import TransitionEngine

/// Runs the iOS-style snippets of `UIKitStyleSnippets.swift` and checks what they did.
@Suite struct CompileTests {
  @Test func banner() {
    Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      let banner = showBanner(in: window)
      sim.advance(to: 0.3)
      #expect(shown(banner).frame.minY == 20)
      sim.runUntilIdle()
      #expect(banner.superview == nil)
      #expect(sim.now == 1.6)
    }
  }

  @Test func cardPop() {
    Simulation.run { sim in
      let card = CardView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
      card.pop()
      sim.advance(to: 0.1)
      #expect(shown(card).transform.m11 < 1)
      sim.runUntilIdle()
      #expect(CATransform3DIsIdentity(shown(card).transform))
      card.frame.size.width = 300
      #expect(card.titleLabel.frame.width == 276)
    }
  }

  @Test func shake() {
    Simulation.run { sim in
      let field = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
      field.shake()
      sim.advance(to: 0.1)
      #expect(shown(field).transform.m41 != 0)
      sim.runUntilIdle()
      #expect(shown(field).transform.m41 == 0)
    }
  }

  @Test func cardFlip() {
    Simulation.run { sim in
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
      let front = UIView(frame: container.bounds), back = UIView(frame: container.bounds)
      container.addSubview(back)
      container.addSubview(front)
      flip(from: front, to: back, in: container)
      sim.advance(to: 0.4)
      expectClose(shown(front).transform.m11, 0, 1e-6)
      sim.runUntilIdle()
      #expect(CATransform3DIsIdentity(front.layer.transform))
    }
  }

  @Test func drawer() {
    Simulation.run { sim in
      let drawer = UIView(frame: CGRect(x: 0, y: 500, width: 320, height: 400))
      let controller = DrawerController(drawer: drawer)
      controller.began()
      controller.changed(translation: -150)
      expectClose(shown(drawer).frame.minY, 350, 1e-9)
      controller.ended(velocity: -1)
      sim.runUntilIdle()
      #expect(drawer.frame.minY == 200)
    }
  }

  @Test func spinner() {
    Simulation.run { sim in
      let spinner = Spinner()
      spinner.start()
      sim.advance(to: 1.25)
      expectClose(shown(spinner.view).transform.m12, 1, 1e-9)
      sim.runUntilIdle()
      #expect(spinner.stopped)
      #expect(sim.now == 3)
    }
  }

  @Test func circularReveal() {
    Simulation.run { sim in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      reveal(view, from: CGPoint(x: 150, y: 200))
      let mask = view.layer.mask as! CAShapeLayer
      sim.advance(to: 0.25)
      let width = mask.presentation()!.path!.boundingBox.width
      #expect(width > 2 && width < 1000)
    }
  }

  @Test func snapshotZoom() {
    Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      let thumbnail = UIView(frame: CGRect(x: 20, y: 100, width: 80, height: 80))
      window.addSubview(thumbnail)
      zoom(thumbnail: thumbnail, in: window)
      #expect(thumbnail.isHidden)
      #expect(window.subviews.count == 2)
      sim.runUntilIdle()
      #expect(window.subviews.count == 1)
      #expect(!thumbnail.isHidden)
    }
  }

  @Test func transaction() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let layer = CALayer()
      window.layer.addSublayer(layer)
      sim.advance(by: 0)
      var done = false
      pulse(layer) { done = true }
      sim.advance(to: 0.1)
      #expect(!done)
      sim.runUntilIdle()
      #expect(done)
      #expect(sim.now == 0.2)
    }
  }

  @Test func staggered() {
    Simulation.run { sim in
      let rows = (0..<4).map { _ in UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 44)) }
      stagger(rows)
      sim.advance(to: 0.1)
      #expect(shown(rows[3]).opacity == 0)
      #expect(shown(rows[0]).opacity > 0)
      sim.runUntilIdle()
      expectClose(sim.now, 0.55, 1e-12)
    }
  }

  @Test func crossDissolve() {
    Simulation.run { sim in
      let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
      label.text = "Hello"
      swapText(of: label, to: "World")
      #expect(label.text == "World")
      #expect(label.layer.animation(forKey: "transition") is CATransition)
      sim.runUntilIdle()
      #expect(sim.now == 0.25)
    }
  }

  @Test func sheet() {
    Simulation.run { sim in
      let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let sheet = SheetView(frame: .zero)
      sheet.present(over: host)
      #expect(sheet.handle.frame == CGRect(x: 142, y: 6, width: 36, height: 5))
      sim.advance(to: 0.15)
      #expect(shown(sheet).frame.minY > 284 && shown(sheet).frame.minY < 568)
      sim.runUntilIdle()
      #expect(sheet.frame.minY == 284)
    }
  }
}
