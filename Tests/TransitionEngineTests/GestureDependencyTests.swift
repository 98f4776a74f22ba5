import Testing
import TransitionEngine

// Failure requirements between recognizers, and the navigation controller's
// interactive pop, checked against Apple's documentation:
// - UIGestureRecognizer.h, requireGestureRecognizerToFail: "prevent this
//   gesture's actions from being called until otherGestureRecognizer
//   transitions to UIGestureRecognizerStateFailed"; "if otherGestureRecognizer
//   transitions to UIGestureRecognizerStateRecognized or
//   UIGestureRecognizerStateBegan then this recognizer will instead
//   transition to UIGestureRecognizerStateFailed".
// - UINavigationController.interactivePopGestureRecognizer: "The navigation
//   controller installs this gesture recognizer on its view and uses it to
//   pop the topmost view controller off the navigation stack."

private final class StateLog {
  var states: [UIGestureRecognizer.State] = []
  func handle(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
}

private final class AlwaysBegin: UIGestureRecognizerDelegate {
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

@Suite("Gesture dependencies and the interactive pop")
struct GestureDependencyTests {
  /// A window showing `root`, and a full-screen subview to attach a pan to.
  private func stage(_ root: UIViewController) -> UIWindow {
    let window = UIWindow()
    window.rootViewController = root
    window.makeKeyAndVisible()
    Simulation.current.runUntilIdle()
    return window
  }

  @Test func aPanThatRequiresAnEdgePanToFailBeginsOnlyAwayFromTheEdge() {
    Simulation.run { _ in
      let root = UIViewController()
      let window = stage(root)
      let content = UIView(frame: root.view.bounds)
      root.view.addSubview(content)
      let edge = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
      edge.edges = .left
      root.view.addGestureRecognizer(edge)
      let log = StateLog()
      let pan = UIPanGestureRecognizer(target: log, action: Selector(StateLog.handle))
      pan.require(toFail: edge)
      content.addGestureRecognizer(pan)

      // Away from the edge the edge pan fails, so the pan goes on to begin.
      window.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.3)
      #expect(edge.state == .failed)
      #expect(log.states.first == .began)
      #expect(log.states.last == .ended)

      // From the edge the edge pan begins, so the pan fails and never calls its target.
      log.states = []
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.3)
      #expect(edge.state == .ended)
      #expect(log.states.isEmpty)
      #expect(pan.state == .failed)
    }
  }

  @Test func aDisabledRequiredRecognizerDoesNotHoldThePanBack() {
    Simulation.run { _ in
      let root = UIViewController()
      let window = stage(root)
      let edge = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
      edge.edges = .left
      edge.isEnabled = false
      root.view.addGestureRecognizer(edge)
      let log = StateLog()
      let pan = UIPanGestureRecognizer(target: log, action: Selector(StateLog.handle))
      pan.require(toFail: edge)
      root.view.addGestureRecognizer(pan)
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.3)
      #expect(log.states.first == .began)
    }
  }

  @Test func theInteractivePopIsOnTheNavigationControllersViewAndPops() {
    Simulation.run { sim in
      let list = UIViewController(), detail = UIViewController()
      let nav = UINavigationController(rootViewController: list)
      let window = stage(nav)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      #expect(nav.interactivePopGestureRecognizer?.view === nav.view)
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.3)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list])
    }
  }

  // The engine's choice (widely reported, not documented): with the
  // navigation bar hidden, the navigation controller's own delegate refuses
  // the swipe; an app that sets its own delegate decides for itself.
  @Test func aHiddenBarTurnsTheSwipeOffUntilTheAppSetsItsOwnDelegate() {
    Simulation.run { sim in
      let list = UIViewController(), detail = UIViewController()
      let nav = UINavigationController(rootViewController: list)
      let window = stage(nav)
      nav.pushViewController(detail, animated: false)
      nav.setNavigationBarHidden(true, animated: false)
      sim.runUntilIdle()
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.3)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list, detail])
      #expect(nav.interactivePopGestureRecognizer?.state == .failed)

      let appDelegate = AlwaysBegin()
      nav.interactivePopGestureRecognizer?.delegate = appDelegate
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.3)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list])
    }
  }

  @Test func theSwipeDoesNotBeginOnTheRootController() {
    Simulation.run { sim in
      let nav = UINavigationController(rootViewController: UIViewController())
      let window = stage(nav)
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.3)
      sim.runUntilIdle()
      #expect(nav.interactivePopGestureRecognizer?.state == .failed)
      #expect(nav.viewControllers.count == 1)
    }
  }
}
