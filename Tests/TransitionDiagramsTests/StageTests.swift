import Testing
@testable import TransitionDiagrams
@testable import TransitionEngine

/// The stage: the harness chapters use to film transitions.
@Suite struct StageTests {
  final class Fade: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
      let view = ctx.view(forKey: .to)!
      view.frame = CGRect(x: 40, y: 200, width: 240, height: 160)
      view.alpha = 0
      ctx.containerView.addSubview(view)
      UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { view.alpha = 1 }) { _ in
        ctx.completeTransition(true)
      }
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
  }

  func presentation(_ sim: Simulation) -> (Stage, UIViewController, Fade) {
    let home = UIViewController()
    home.title = "Home"
    home.view.backgroundColor = .white
    let card = UIViewController()
    card.title = "Card"
    card.view.backgroundColor = .systemBlue
    let fade = Fade()
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = fade
    let stage = Stage(home)
    home.present(card, animated: true)
    return (stage, card, fade)
  }

  @Test("film() captures the transition's key moments, with captions from its start")
  func keyMoments() {
    Simulation.run { sim in
      let (stage, _, fade) = presentation(sim)
      let film = stage.film()
      _ = fade
      #expect(film.captures.map(\.time) == [0, 0.1, 0.2, 0.3, 0.4])
      #expect(film.captures.map(\.transitionProgress) == [0, 0.25, 0.5, 0.75, 1])
      let cardAlpha = film.captures.map { $0.layers.first { $0.label == "Card" }?.alpha ?? 0 }
      #expect(cardAlpha.map { ($0 * 100).rounded() / 100 } == [0, 0.25, 0.5, 0.75, 1])
      #expect(film.description.hasPrefix("t=0s progress=0"))
      #expect(!film.captures.flatMap(\.layers).contains { $0.label == "UITransitionView" },
              "UIKit's private container is not drawn")
      let published = DiagramChannel.take(from: sim)
      #expect(published.map(\.kind) == ["filmstrip"])
      #expect(published.first?.text == film.text)
      #expect(published.first?.framesJSON?.isEmpty == false)
    }
  }

  @Test("A receiver gets each figure as it is made, so a program's runner knows where it was published")
  func deliveredAsPublished() {
    Simulation.run { sim in
      let (stage, _, fade) = presentation(sim)
      _ = fade
      var received: [String] = []
      DiagramChannel.deliver(from: sim) { received.append($0.kind) }
      let frame = stage.frame()
      #expect(received == ["frame"], "delivered before frame() returns, before the snippet prints it")
      _ = stage.trace()
      #expect(received == ["frame", "trace"])
      #expect(DiagramChannel.take(from: sim).isEmpty, "nothing waits in the queue")
      _ = frame
    }
  }

  @Test("frame() captions the time of the frame: since the transition started while one runs, else since the stage was made")
  func frameCaptionsItsTime() {
    Simulation.run { sim in
      sim.advance(by: 2)  // the clock's zero is not the stage's
      let (stage, _, fade) = presentation(sim)
      _ = fade
      #expect(stage.frame().description.hasPrefix("t=0s progress=0\n"), "the presentation is about to start")
      sim.advance(by: 0)  // the presentation starts on the next run-loop turn
      sim.advance(by: 0.1)
      let during = stage.frame()
      #expect(during.captures.first?.time == 0.1)
      #expect(during.description.hasPrefix("t=0.1s progress=0.25"))
      stage.settle()
      sim.advance(by: 0.5)
      let after = stage.frame()
      #expect(after.captures.first?.transitionProgress == nil)
      #expect(after.description.hasPrefix("t=0.9s\n"), "the stage's clock: 0.4 s of transition, then 0.5 s")
    }
  }

  @Test("trace folding joins numeric repeats only, not delegate calls that share a base name")
  func foldingNumericRepeatsOnly() {
    func event(_ receiver: String, _ message: String) -> TraceEvent {
      TraceEvent(time: 0, kind: .call, receiver: receiver, message: message)
    }
    let events = [
      event("Tabs", "tabBarController(_:shouldSelect: Shopping)"),
      event("Tabs", "tabBarController(_:animationControllerForTransitionFrom:to:)"),
      event("Tabs", "tabBarController(_:interactionControllerFor:)"),
      event("context", "updateInteractiveTransition(0.1)"),
      event("context", "updateInteractiveTransition(0.2)"),
      event("context", "updateInteractiveTransition(0.3)"),
    ]
    let folded = Stage.collapsingRepeats(events)
    #expect(folded.map(\.message) == [
      "tabBarController(_:shouldSelect: Shopping)",
      "tabBarController(_:animationControllerForTransitionFrom:to:)",
      "tabBarController(_:interactionControllerFor:)",
      "updateInteractiveTransition(0.1 ... 0.3)",
    ])
    #expect(folded.last?.result == "3 calls")
  }

  @Test("trace() returns the dance since the last call")
  func trace() {
    Simulation.run { sim in
      let (stage, _, fade) = presentation(sim)  // keep the delegate: transitioningDelegate is weak
      stage.settle()
      _ = fade
      let trace = stage.trace().text
      #expect(trace.contains("animationController(forPresented:presenting:source:)"))
      #expect(trace.contains("completeTransition(true)"))
      #expect(stage.trace().text.contains("present(") == false, "the second call starts where the first ended")
    }
  }

  @Test("Moments.every and timelines sample at fixed steps; warnings lists what UIKit would log")
  func everyAndTimeline() {
    Simulation.run { sim in
      let (stage, _, fade) = presentation(sim)
      defer { _ = fade }
      let timeline = stage.timeline(.alpha, of: ["Card"], .every(0.1, for: 0.4))
      #expect(timeline.captures.count == 5)
      #expect(timeline.text.contains("Card"))
      #expect(stage.warnings() == "no warnings")
    }
  }

  @Test("A timeline of several properties of one view; signed scales show a mirrored view")
  func multiPropertyTimeline() {
    Simulation.run { sim in
      let root = UIViewController()
      let stage = Stage(root)
      let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      card.accessibilityIdentifier = "card"
      root.view.addSubview(card)
      UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
        card.transform = CGAffineTransform(scaleX: 0.5, y: -1)
      })
      let chart = stage.timeline([.scaleX, .scaleY], of: "card", .every(0.5, for: 1))
      #expect(chart.text.contains("card x scale: 1 -> 0.5"))
      #expect(chart.text.contains("card y scale: 1 -> -1"))
      let end = chart.captures[2].layers.first { $0.label == "card" }!
      #expect(CapturedProperty.scaleY.value(end) == -1, "upside down")
      #expect(CapturedProperty.scale.value(end) > 0, "the unsigned scale cannot tell a mirrored view")
    }
  }

  @Test("drag(filmingEvery:) films the gesture and what it sets off")
  func dragFilm() {
    Simulation.run { sim in
      let list = UIViewController(), detail = UIViewController()
      list.title = "List"
      detail.title = "Detail"
      let nav = UINavigationController(rootViewController: list)
      let stage = Stage(nav)
      nav.pushViewController(detail, animated: false)
      stage.settle()
      let film = stage.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 260, y: 300), duration: 0.3,
                            filmingEvery: 0.1)
      #expect(film.captures.first?.time == 0)
      #expect(film.captures.count >= 4)
      #expect(nav.viewControllers == [list])
    }
  }

  /// Records where a pan was and how fast it moved, per state.
  final class PanRecorder: NSObject {
    var events: [(state: UIGestureRecognizer.State, x: CGFloat, velocityX: CGFloat)] = []
    func handlePan(_ pan: UIPanGestureRecognizer) {
      events.append((pan.state, pan.location(in: nil).x, pan.velocity(in: nil).x))
    }
  }

  @Test("Stage(device:) shows the device's safe area; rotate(to:) films the rotation in landscape and the next stage starts upright")
  func devicesAndRotation() {
    Simulation.run { sim in
      let home = UIViewController()
      home.title = "Home"
      home.view.backgroundColor = .white
      let stage = Stage(home, device: .iPhone15)
      #expect(stage.window.bounds.size == CGSize(width: 393, height: 852))
      #expect(home.view.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
      #expect(stage.rotate(to: .landscapeLeft))
      let film = stage.film()
      #expect(film.captures.map(\.time) == [0, 0.1, 0.2, 0.3, 0.4])
      #expect(film.captures.allSatisfy { $0.screenSize == CGSize(width: 852, height: 393) })
      let last = film.captures.last!.layers.first { $0.label == "Home" }!
      #expect(last.quad[0] == CGPoint(x: 0, y: 0) && last.quad[2] == CGPoint(x: 852, y: 393))
      let first = film.captures.first!.layers.first { $0.label == "Home" }!
      // The portrait screen turned a quarter clockwise fills the landscape
      // one: its top-left corner is at the top right.
      #expect(abs(first.quad[0].x - 852) < 1e-6 && abs(first.quad[0].y) < 1e-6)
      #expect(abs(first.quad[2].x) < 1e-6 && abs(first.quad[2].y - 393) < 1e-6)
      #expect(stage.trace().text.contains("viewWillTransition(to: (852.0, 393.0), with:)"))
      #expect(UIDevice.current.userInterfaceIdiom == .phone)
      let next = Stage(UIViewController())
      #expect(next.window.bounds.size == CGSize(width: 393, height: 852), "a new stage starts in portrait")
      #expect(UIScreen.main.bounds.size == CGSize(width: 393, height: 852))
    }
  }

  @Test("drag(along:) films a finger that goes out and comes back, and lifts moving back")
  func dragAlongFilm() {
    Simulation.run { sim in
      let home = UIViewController()
      let stage = Stage(home)
      let recorder = PanRecorder()
      home.view.addGestureRecognizer(UIPanGestureRecognizer(target: recorder, action: Selector(PanRecorder.handlePan(_:))))
      let film = stage.drag(along: [CGPoint(x: 10, y: 300), CGPoint(x: 260, y: 300), CGPoint(x: 210, y: 300)],
                            duration: 0.6, filmingEvery: 0.2)
      #expect(film.captures.map(\.time) == [0, 0.2, 0.4, 0.6])
      #expect(recorder.events.first?.state == .began)
      let farthest = recorder.events.map(\.x).max() ?? 0
      expectClose(Double(farthest), 260, 1e-6)
      let last = recorder.events.last
      #expect(last?.state == .ended)
      expectClose(Double(last?.x ?? 0), 210, 1e-6)
      #expect((last?.velocityX ?? 0) < 0)
    }
  }
}

/// UIView.transition shows on screen: cross-dissolves blend, flips turn.
@Suite struct TransitionRenderingTests {
  @Test("A cross-dissolve shows the old content fading out over the new one")
  func crossDissolve() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let panel = UIView(frame: CGRect(x: 40, y: 100, width: 240, height: 200))
      panel.accessibilityIdentifier = "panel"
      panel.backgroundColor = .systemBlue
      window.addSubview(panel)
      sim.advance(by: 0)
      UIView.transition(with: panel, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
        panel.backgroundColor = .systemRed
      })
      sim.advance(to: 0.25)
      let shown = sim.capture().layers.filter { $0.label == "panel" }
      #expect(shown.count == 2)
      #expect(shown.map { $0.fill?.name ?? "-" } == ["systemRed", "systemBlue"])
      expectClose(shown[0].effectiveAlpha, 0.25, 1e-9)
      expectClose(shown[1].effectiveAlpha, 0.75, 1e-9)
      sim.runUntilIdle()
      #expect(sim.capture().layers.filter { $0.label == "panel" }.count == 1)
    }
  }

  @Test("A flip turns the old content away in the first half and the new one in")
  func flip() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let card = UIView(frame: CGRect(x: 60, y: 100, width: 200, height: 300))
      card.accessibilityIdentifier = "card"
      card.backgroundColor = .white
      window.addSubview(card)
      sim.advance(by: 0)
      UIView.transition(with: card, duration: 1, options: [.transitionFlipFromRight, .curveLinear], animations: {
        card.backgroundColor = .systemBlue
      })
      sim.advance(to: 0.25)
      let first = sim.capture().layers.first { $0.label == "card" }!
      #expect(first.fill?.name == "white")
      let width = first.quad[1].x - first.quad[0].x
      #expect(width < 200 && width > 100, "turned 45° away: narrower")
      sim.advance(to: 0.75)
      let second = sim.capture().layers.first { $0.label == "card" }!
      #expect(second.fill?.name == "systemBlue")
    }
  }
}
