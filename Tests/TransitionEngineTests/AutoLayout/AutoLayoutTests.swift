import Testing
@testable import TransitionEngine

/// A window with a 320 × 568 root view, for constraint tests.
private func stage(_ sim: Simulation) -> (window: UIWindow, root: UIView) {
  let window = UIWindow(frame: UIScreen.main.bounds)
  window.makeKeyAndVisible()
  let root = UIView(frame: window.bounds)
  window.addSubview(root)
  sim.advance(by: 0)
  return (window, root)
}

/// A subview positioned by constraints.
private func constrained(in parent: UIView, _ name: String) -> UIView {
  let view = UIView()
  view.accessibilityIdentifier = name
  view.translatesAutoresizingMaskIntoConstraints = false
  parent.addSubview(view)
  return view
}

/// Auto Layout in the layout pass: golden frames solved by hand.
@Suite struct AutoLayoutTests {
  @Test("Pins: leading/trailing insets, top and a constant height")
  func pins() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let card = constrained(in: root, "card")
      NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
        card.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
        card.heightAnchor.constraint(equalToConstant: 100),
      ])
      #expect(card.frame == .zero, "nothing moves before the layout pass")
      root.layoutIfNeeded()
      #expect(card.frame == CGRect(x: 20, y: 40, width: 280, height: 100))
      #expect(root.constraints.count == 3, "installed on the common ancestor")
      #expect(card.constraints.count == 1, "a constant size is installed on the view itself")
    }
  }

  @Test("The run loop's layout pass applies constraints too")
  func runLoopPass() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let view = constrained(in: root, "v")
      view.widthAnchor.constraint(equalToConstant: 50).isActive = true
      view.heightAnchor.constraint(equalToConstant: 60).isActive = true
      view.rightAnchor.constraint(equalTo: root.rightAnchor).isActive = true
      view.bottomAnchor.constraint(equalTo: root.bottomAnchor).isActive = true
      sim.advance(by: 0)
      #expect(view.frame == CGRect(x: 270, y: 508, width: 50, height: 60))
    }
  }

  @Test("Centring with centerX/centerY")
  func centring() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let box = constrained(in: root, "box")
      NSLayoutConstraint.activate([
        box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        box.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -9),
        box.widthAnchor.constraint(equalToConstant: 100),
        box.heightAnchor.constraint(equalToConstant: 50),
      ])
      root.layoutIfNeeded()
      #expect(box.frame == CGRect(x: 110, y: 250, width: 100, height: 50))
    }
  }

  @Test("Multipliers: half the width, height a quarter of the width plus 10; the old item/attribute initialiser")
  func multipliers() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      NSLayoutConstraint.activate([
        a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
        a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.25, constant: 10),
        NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: root, attribute: .centerX,
                           multiplier: 1, constant: 0),
        NSLayoutConstraint(item: a, attribute: .bottom, relatedBy: .equal, toItem: root, attribute: .bottom,
                           multiplier: 0.5, constant: 0),
      ])
      root.layoutIfNeeded()
      #expect(a.frame == CGRect(x: 160, y: 234, width: 160, height: 50))
    }
  }

  @Test("Priorities: the higher optional constraint wins; a required inequality caps it")
  func priorities() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      let wide = a.widthAnchor.constraint(equalToConstant: 300)
      wide.priority = .defaultHigh
      let narrow = a.widthAnchor.constraint(equalToConstant: 200)
      narrow.priority = .defaultLow
      NSLayoutConstraint.activate([wide, narrow, a.heightAnchor.constraint(equalToConstant: 10),
                                   a.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   a.topAnchor.constraint(equalTo: root.topAnchor)])
      root.layoutIfNeeded()
      #expect(a.frame.width == 300)
      let cap = a.widthAnchor.constraint(lessThanOrEqualToConstant: 250)
      cap.isActive = true
      root.layoutIfNeeded()
      #expect(a.frame.width == 250)
      wide.priority = UILayoutPriority(rawValue: 100)
      root.layoutIfNeeded()
      #expect(a.frame.width == 200, "now the 250-priority constraint is the stronger")
      #expect(sim.diagnostics.isEmpty)
    }
  }

  @Test("Inequalities: a view as wide as it likes within 10 pt margins")
  func inequalities() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      let wish = a.widthAnchor.constraint(equalToConstant: 500)
      wish.priority = UILayoutPriority(999)
      NSLayoutConstraint.activate([
        a.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 10),
        a.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -10),
        a.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        wish,
        a.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
        a.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
      ])
      root.layoutIfNeeded()
      #expect(a.frame == CGRect(x: 10, y: 100, width: 300, height: 44))
    }
  }

  @Test("A chain between siblings and across levels of the hierarchy")
  func chainAcrossLevels() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let panel = constrained(in: root, "panel")
      let button = constrained(in: panel, "button")
      let badge = constrained(in: root, "badge")
      NSLayoutConstraint.activate([
        panel.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 30),
        panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
        panel.widthAnchor.constraint(equalToConstant: 200),
        panel.heightAnchor.constraint(equalToConstant: 200),
        button.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -10),
        button.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -10),
        button.widthAnchor.constraint(equalToConstant: 60),
        button.heightAnchor.constraint(equalToConstant: 30),
        // badge is root's subview, tied to the button inside the panel
        badge.centerXAnchor.constraint(equalTo: button.trailingAnchor),
        badge.centerYAnchor.constraint(equalTo: button.topAnchor),
        badge.widthAnchor.constraint(equalToConstant: 20),
        badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
      ])
      root.layoutIfNeeded()
      #expect(panel.frame == CGRect(x: 30, y: 50, width: 200, height: 200))
      #expect(button.frame == CGRect(x: 130, y: 160, width: 60, height: 30), "in the panel's coordinates")
      #expect(badge.frame == CGRect(x: 210, y: 200, width: 20, height: 20), "in root's coordinates")
    }
  }

  @Test("Visual format: H:|-[a]-8-[b(==a)]-| and V: with metrics and an option")
  func visualFormat() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a"), b = constrained(in: root, "b")
      let views = ["a": a, "b": b]
      let h = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-8-[b(==a)]-|", options: [.alignAllTop],
                                             metrics: nil, views: views)
      let v = NSLayoutConstraint.constraints(withVisualFormat: "V:|-top-[a(>=height@750,<=80)]", options: [],
                                             metrics: ["top": 64, "height": 120.0], views: views)
      NSLayoutConstraint.activate(h + v + [b.heightAnchor.constraint(equalTo: a.heightAnchor)])
      root.layoutIfNeeded()
      // (320 − 20 − 8 − 20) / 2 = 136
      #expect(a.frame == CGRect(x: 20, y: 64, width: 136, height: 80))
      #expect(b.frame == CGRect(x: 164, y: 64, width: 136, height: 80))
      #expect(h.count == 5, "|-a, a-b, b==a, b-|, align top")
      #expect(sim.diagnostics.isEmpty)
    }
  }

  @Test("Visual format: flush edges, V: orientation, and an unknown view name")
  func visualFormatEdges() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      let cs = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]|", metrics: nil, views: ["a": a])
        + NSLayoutConstraint.constraints(withVisualFormat: "V:[a(44)]-(12)-|", metrics: nil, views: ["a": a])
      NSLayoutConstraint.activate(cs)
      root.layoutIfNeeded()
      #expect(a.frame == CGRect(x: 0, y: 512, width: 320, height: 44))
      let bad = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[button]-|", metrics: nil, views: ["a": a])
      #expect(bad.isEmpty)
      #expect(sim.diagnostics.last?.message ==
        "Unable to parse constraint format: \nbutton is not a key in the views dictionary. \nH:|-[button]-| \n           ^",
        "the caret under the character after the name, where UIKit's parser stopped")
    }
  }

  @Test("Unsatisfiable: UIKit's message, the later constraint broken, the rest still applied")
  func unsatisfiable() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      let first = a.widthAnchor.constraint(equalToConstant: 100)
      let second = a.widthAnchor.constraint(equalToConstant: 200)
      second.identifier = "too-wide"
      NSLayoutConstraint.activate([first, a.heightAnchor.constraint(equalToConstant: 10), second,
                                   a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
                                   a.topAnchor.constraint(equalTo: root.topAnchor)])
      root.layoutIfNeeded()
      #expect(a.frame == CGRect(x: 5, y: 0, width: 100, height: 10))
      #expect(sim.diagnostics.count == 1)
      let message = sim.diagnostics.first?.message ?? ""
      #expect(sim.diagnostics.first?.kind == .unsatisfiableConstraints)
      #expect(message.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want. \n"))
      let aName = "UIView:\(a.debugPointer)"
      #expect(message.contains("(\n    \"<NSLayoutConstraint:\(first.debugPointer) \(aName).width == 100   (active)>\",\n    \"<NSLayoutConstraint:\(second.debugPointer) 'too-wide' \(aName).width == 200   (active)>\"\n)"))
      #expect(message.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:\(second.debugPointer) 'too-wide' \(aName).width == 200   (active)>\n"))
      #expect(message.hasSuffix("The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."))
      #expect(!message.contains("NSAutoresizingMaskLayoutConstraint"), "the note appears only when one is involved")
      root.setNeedsLayout()
      root.layoutIfNeeded()
      #expect(sim.diagnostics.count == 1, "reported once")
      first.isActive = false
      root.layoutIfNeeded()
      #expect(a.frame.width == 200, "with the other gone, the broken one holds again")
    }
  }

  @Test("translatesAutoresizingMaskIntoConstraints: a constraint fighting a frame is broken, with the mask's constraints listed")
  func autoresizingConflict() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let legacy = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
      root.addSubview(legacy)
      let width = legacy.widthAnchor.constraint(equalToConstant: 80)
      width.isActive = true
      root.layoutIfNeeded()
      #expect(legacy.frame == CGRect(x: 10, y: 10, width: 50, height: 50), "a translating view keeps its frame")
      let message = sim.diagnostics.first?.message ?? ""
      #expect(message.contains("(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand"))
      #expect(message.contains("\"<NSAutoresizingMaskLayoutConstraint:"))
      #expect(message.contains("h=--& v=--& UIView:\(legacy.debugPointer).width == 50   (active)>"))
      #expect(message.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:\(width.debugPointer) UIView:\(legacy.debugPointer).width == 80   (active)>"))
    }
  }

  @Test("Autoresizing masks become constraints: constrained views follow a translating view, masks follow a constrained one")
  func autoresizingTranslation() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let dimming = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 40))
      root.addSubview(dimming)
      let label = constrained(in: root, "label")
      NSLayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: dimming.trailingAnchor, constant: 5),
        label.topAnchor.constraint(equalTo: dimming.bottomAnchor),
        label.widthAnchor.constraint(equalToConstant: 30),
        label.heightAnchor.constraint(equalToConstant: 30),
      ])
      root.layoutIfNeeded()
      #expect(label.frame == CGRect(x: 55, y: 40, width: 30, height: 30))
      dimming.frame.size.width = 100
      root.setNeedsLayout()
      root.layoutIfNeeded()
      #expect(label.frame.minX == 105, "the mask's constraints are re-read when the frame changes")

      let container = constrained(in: root, "container")
      let containerWidth = container.widthAnchor.constraint(equalToConstant: 200)
      NSLayoutConstraint.activate([containerWidth, container.heightAnchor.constraint(equalToConstant: 100),
                                   container.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   container.topAnchor.constraint(equalTo: root.topAnchor, constant: 200)])
      root.layoutIfNeeded()
      let stretchy = UIView(frame: CGRect(x: 10, y: 0, width: 180, height: 20))
      stretchy.autoresizingMask = [.flexibleWidth]
      container.addSubview(stretchy)
      let pinned = constrained(in: container, "pinned")
      NSLayoutConstraint.activate([pinned.leadingAnchor.constraint(equalTo: stretchy.trailingAnchor),
                                   pinned.topAnchor.constraint(equalTo: container.topAnchor),
                                   pinned.widthAnchor.constraint(equalToConstant: 5),
                                   pinned.heightAnchor.constraint(equalToConstant: 5)])
      containerWidth.constant = 300
      root.layoutIfNeeded()
      #expect(container.frame.width == 300)
      #expect(stretchy.frame == CGRect(x: 10, y: 0, width: 280, height: 20), "flexible width takes the 100 pt")
      #expect(pinned.frame.minX == 290, "solved with the mask's linear constraints")
      #expect(sim.diagnostics.isEmpty)
    }
  }

  @Test("Changing a constant inside UIView.animate and calling layoutIfNeeded() animates the frame")
  func animatedConstant() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let card = constrained(in: root, "card")
      let top = card.topAnchor.constraint(equalTo: root.topAnchor, constant: 568)
      NSLayoutConstraint.activate([top, card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   card.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                   card.heightAnchor.constraint(equalToConstant: 200)])
      root.layoutIfNeeded()
      #expect(card.frame.minY == 568)
      UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
        top.constant = 368
        root.layoutIfNeeded()
      })
      #expect(card.frame.minY == 368, "the model value changes at once")
      sim.advance(by: 0.25)
      expectClose(card.layer.presentation()!.frame.minY, 518)
      sim.advance(by: 0.25)
      expectClose(card.layer.presentation()!.frame.minY, 468)
      sim.runUntilIdle()
      #expect(card.layer.presentation()!.frame.minY == 368)
    }
  }

  @Test("A constant changed outside the block animates when the block lays out")
  func animatedConstantOutside() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let bar = constrained(in: root, "bar")
      let width = bar.widthAnchor.constraint(equalToConstant: 0)
      NSLayoutConstraint.activate([width, bar.heightAnchor.constraint(equalToConstant: 4),
                                   bar.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   bar.topAnchor.constraint(equalTo: root.topAnchor)])
      root.layoutIfNeeded()
      width.constant = 320
      UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { root.layoutIfNeeded() })
      sim.advance(by: 0.5)
      expectClose(bar.layer.presentation()!.frame.width, 160)
    }
  }

  @Test("Safe area and layout margins guides; additionalSafeAreaInsets moves the safe area")
  func guides() {
    Simulation.run { sim in
      let controller = UIViewController()
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.rootViewController = controller
      window.makeKeyAndVisible()
      sim.advance(by: 0)
      let root = controller.view!
      #expect(root.safeAreaInsets == .zero, "the engine's devices have no insets")
      let content = constrained(in: root, "content")
      let marginal = constrained(in: root, "marginal")
      NSLayoutConstraint.activate([
        content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
        content.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        content.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
        marginal.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        marginal.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
        marginal.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
        marginal.heightAnchor.constraint(equalToConstant: 10),
      ])
      root.layoutIfNeeded()
      #expect(content.frame == CGRect(x: 0, y: 0, width: 320, height: 568))
      #expect(marginal.frame == CGRect(x: 8, y: 8, width: 304, height: 10))
      controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
      root.layoutIfNeeded()
      #expect(content.frame == CGRect(x: 0, y: 44, width: 320, height: 490))
      #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 44, width: 320, height: 490))
      #expect(content.safeAreaInsets == .zero, "content lies inside the safe area")
      root.layoutMargins = UIEdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
      root.layoutIfNeeded()
      #expect(marginal.frame == CGRect(x: 16, y: 20, width: 288, height: 10))
    }
  }

  @Test("A layout guide spaces two views; removing a view removes its constraints to the outside")
  func layoutGuideAndRemoval() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a"), b = constrained(in: root, "b")
      let gap = UILayoutGuide()
      root.addLayoutGuide(gap)
      NSLayoutConstraint.activate([
        a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        a.widthAnchor.constraint(equalToConstant: 100),
        gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
        gap.widthAnchor.constraint(equalToConstant: 40),
        b.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
        b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalTo: a.heightAnchor),
      ])
      root.layoutIfNeeded()
      #expect(b.frame == CGRect(x: 140, y: 0, width: 180, height: 10))
      #expect(gap.layoutFrame == CGRect(x: 100, y: 0, width: 40, height: 0), "its vertical position is ambiguous: it stays put")
      #expect(root.layoutGuides.count == 1)
      let before = root.constraints.count
      b.removeFromSuperview()
      #expect(root.constraints.count == before - 4, "b's four constraints to root, the guide and a are gone")
    }
  }

  @Test("Intrinsic content size with hugging and compression resistance")
  func intrinsicSize() {
    final class Tag: UIView {
      override var intrinsicContentSize: CGSize { CGSize(width: 120, height: 30) }
    }
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let tag = Tag()
      tag.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(tag)
      NSLayoutConstraint.activate([tag.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   tag.topAnchor.constraint(equalTo: root.topAnchor)])
      root.layoutIfNeeded()
      #expect(tag.frame.size == CGSize(width: 120, height: 30))
      let squeeze = tag.widthAnchor.constraint(equalToConstant: 80)
      squeeze.priority = .defaultLow + 1
      squeeze.isActive = true
      root.layoutIfNeeded()
      #expect(tag.frame.width == 120, "compression resistance (750) beats 251")
      tag.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
      root.layoutIfNeeded()
      #expect(tag.frame.width == 80)
      #expect(tag.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 80, height: 30))
    }
  }

  @Test("Constraints print as UIKit prints them")
  func descriptions() {
    Simulation.run { sim in
      let (_, root) = stage(sim)
      let a = constrained(in: root, "a")
      let c = a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: -10)
      #expect(c.description == "<NSLayoutConstraint:\(c.debugPointer) UIView:\(a.debugPointer).width == 0.5*UIView:\(root.debugPointer).width - 10   (inactive)>")
      c.isActive = true
      #expect(c.description.hasSuffix("(active)>"))
      #expect(c.firstItem === a && c.secondItem === root)
      #expect(c.firstAttribute == .width && c.relation == .equal && c.multiplier == 0.5)
    }
  }

  @Test("Activating constraints between views with no common ancestor is refused with UIKit's message")
  func noCommonAncestor() {
    Simulation.run { sim in
      let a = UIView(), b = UIView()
      let c = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
      c.isActive = true
      #expect(!c.isActive)
      #expect(sim.diagnostics.first?.message.hasPrefix("Unable to activate constraint with anchors <NSLayoutXAxisAnchor:UIView:") == true)
    }
  }

  @Test("Same input, same frames and messages: layout is deterministic")
  func deterministic() {
    func run() -> [CGRect] {
      Simulation.run { sim in
        let (_, root) = stage(sim)
        var views: [UIView] = []
        for i in 0..<6 {
          let v = constrained(in: root, "v\(i)")
          v.heightAnchor.constraint(equalToConstant: 10).isActive = true
          v.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
          views.append(v)
        }
        // Ambiguous widths: only the total is fixed.
        for (l, r) in zip(views, views.dropFirst()) { r.leadingAnchor.constraint(equalTo: l.trailingAnchor).isActive = true }
        views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
        views[5].trailingAnchor.constraint(equalTo: root.trailingAnchor).isActive = true
        root.layoutIfNeeded()
        return views.map(\.frame)
      }
    }
    let first = run()
    #expect(first == run())
    #expect(first.map(\.maxX).last == 320)
  }
}
