import Testing
@testable import TransitionEngine

final class PushAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  var operation: UINavigationController.Operation = .push
  var addsToView = true
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
  func animateTransition(using ctx: UIViewControllerContextTransitioning) {
    let fromView = ctx.view(forKey: .from)!, toView = ctx.view(forKey: .to)!
    let width = ctx.containerView.bounds.width
    if addsToView {
      if operation == .push { ctx.containerView.addSubview(toView) } else {
        ctx.containerView.insertSubview(toView, belowSubview: fromView)
      }
    }
    toView.frame = ctx.finalFrame(for: ctx.viewController(forKey: .to)!)
    toView.alpha = 0
    UIView.animate(withDuration: 0.4, animations: {
      toView.alpha = 1
      fromView.frame.origin.x = self.operation == .push ? -width : width
    }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
  }
}

final class NavDelegate: NSObject, UINavigationControllerDelegate {
  let animator = PushAnimator()
  var interactor: UIPercentDrivenInteractiveTransition?
  func navigationController(_ navigationController: UINavigationController,
                            animationControllerFor operation: UINavigationController.Operation,
                            from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    animator.operation = operation
    return animator
  }
  func navigationController(_ navigationController: UINavigationController,
                            interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interactor
  }
  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                            animated: Bool) {}
}

/// Navigation and tab transitions.
@Suite struct ContainerTransitionTests {
  @Test("Push with a delegate: the call sequence, the stack, the container")
  func pushOrder() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      let delegate = NavDelegate()
      nav.delegate = delegate
      _ = showing(nav, in: sim)
      #expect(list.log == ["willAppear", "didAppear"], "the container forwards appearance to its top child")
      let start = sim.trace.count
      nav.pushViewController(detail, animated: true)
      #expect(nav.viewControllers == [list, detail], "the stack changes at once")
      #expect(detail.parent === nav)
      sim.runUntilIdle()
      #expect(trace(sim, from: start) == [
        "UINavigationController.pushViewController(Detail, animated: true)",
        "NavDelegate.navigationController(_:animationControllerFor: .push, from:to:) -> PushAnimator",
        "NavDelegate.navigationController(_:interactionControllerFor:) -> nil",
        "List.viewWillDisappear(true)",
        "Detail.viewWillAppear(true)",
        "PushAnimator.transitionDuration(using:) -> 0.4",
        "PushAnimator.animateTransition(using:)",
        "PushAnimator.completeTransition(true)",
        "List.viewDidDisappear(true)",
        "Detail.viewDidAppear(true)",
        "NavDelegate.navigationController(_:didShow: Detail, animated:)",
      ])
      #expect(nav.transitionView.subviews.map(\.diagramLabel) == ["Detail"], "UIKit removed the from view")
      #expect(nav.navigationBar.titleLabel.text == "Detail")
    }
  }

  @Test("A push whose animator never adds the to view leaves an empty screen")
  func toViewNeverAdded() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      let delegate = NavDelegate()
      delegate.animator.addsToView = false
      nav.delegate = delegate
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: true)
      sim.runUntilIdle()
      #expect(nav.transitionView.subviews.isEmpty)
      #expect(!sim.capture().layers.contains { $0.label == "Detail" })
    }
  }

  @Test("Default push slides the new view in from the right; pop reverses it")
  func defaultPushPop() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: true)
      sim.advance(to: 0.1)
      let x = sim.capture().layers.first { $0.label == "Detail" }!.quad[0].x
      #expect(x > 0 && x < 320)
      sim.runUntilIdle()
      #expect(detail.view.frame.minX == 0)
      let popped = nav.popViewController(animated: true)
      #expect(popped === detail)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list])
      #expect(detail.parent == nil)
      #expect(list.view.frame.minX == 0)
      #expect(list.log == ["willAppear", "didAppear", "willDisappear", "didDisappear", "willAppear", "didAppear"])
    }
  }

  @Test("The left-edge swipe pops interactively; released early, it cancels and the stack is restored")
  func interactivePop() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      let window = showing(nav, in: sim)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      detail.log = []
      list.log = []
      // A short, slow swipe that lifts at 90 pt: cancel.
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 95, y: 300), duration: 0.6)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list, detail])
      #expect(detail.view.frame.minX == 0)
      #expect(detail.log == ["willDisappear", "willAppear", "didAppear"])
      #expect(list.log == ["willAppear", "willDisappear", "didDisappear"])
      // A long swipe: pop.
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.3)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list])
    }
  }

  @Test("Percent-driven push: update scrubs the animator's animation, cancel reverses and restores")
  func percentDrivenCancel() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      let delegate = NavDelegate()
      let interactor = UIPercentDrivenInteractiveTransition()
      delegate.interactor = interactor
      nav.delegate = delegate
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: true)
      sim.advance(by: 0)
      interactor.update(0.5)
      sim.advance(by: 1)
      let fromX = list.view.layer.presentation()!.position.x
      let expected = 160 - 320 * referenceBezier(f(0.42), 0, f(0.58), 1, at: 0.5)
      expectClose(fromX, expected, 1e-6)
      interactor.completionSpeed = 2
      interactor.cancel()
      sim.advance(by: 0.05)
      #expect(list.view.layer.presentation()!.position.x > fromX)
      sim.runUntilIdle()
      #expect(sim.now == 1.1, "0.5 × 0.4 s / speed 2 = 0.1 s")
      #expect(nav.viewControllers == [list])
      #expect(list.view.frame.minX == 0, "the model values from before the transition are back")
      #expect(detail.view.alpha == 0, "the animator set 0 before animating to 1: the value from before the animation")
      #expect(sim.trace.contains { $0.message == "completeTransition(false)" })
    }
  }

  @Test("Tab switch: instant by default; with an animator, the dance; shouldSelect can refuse a tap")
  func tabs() {
    final class TabDelegate: NSObject, UITabBarControllerDelegate {
      let animator = PushAnimator()
      var allow = true
      func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        allow
      }
      func tabBarController(_ tabBarController: UITabBarController,
                            animationControllerForTransitionFrom fromVC: UIViewController,
                            to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
      func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    }
    Simulation.run { sim in
      let a = LoggingController("A"), b = LoggingController("B"), c = LoggingController("C")
      let tabs = UITabBarController()
      tabs.viewControllers = [a, b, c]
      _ = showing(tabs, in: sim)
      tabs.selectedIndex = 1
      #expect(tabs.transitionView.subviews.map(\.diagramLabel) == ["B"])
      let delegate = TabDelegate()
      tabs.delegate = delegate
      let start = sim.trace.count
      tabs.tapTab(at: 2)
      sim.runUntilIdle()
      #expect(trace(sim, from: start).first == "TabDelegate.tabBarController(_:shouldSelect: C) -> true")
      #expect(trace(sim, from: start).last == "TabDelegate.tabBarController(_:didSelect: C)")
      #expect(tabs.selectedViewController === c)
      delegate.allow = false
      tabs.tapTab(at: 0)
      #expect(tabs.selectedIndex == 2)
    }
  }

  @Test("Pan gestures report translation and velocity; edge pans start only at their edge")
  func gestures() {
    final class Target: NSObject {
      var events: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
      func handle(_ pan: UIPanGestureRecognizer) {
        events.append((pan.state, pan.translation(in: pan.view), pan.velocity(in: pan.view)))
      }
    }
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let target = Target()
      let pan = UIPanGestureRecognizer(target: target, action: Selector(Target.handle(_:)))
      window.addGestureRecognizer(pan)
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 340), duration: 0.5)
      #expect(target.events.first?.0 == .began)
      #expect(target.events.last?.0 == .ended)
      #expect(target.events.last?.1 == CGPoint(x: 0, y: 240))
      expectClose(Double(target.events.last!.2.y), 480, 1e-6)  // 8 pt per 1/60 s
      #expect(sim.now == 0.5)

      let edgeTarget = Target()
      let edge = UIScreenEdgePanGestureRecognizer(target: edgeTarget, action: Selector(Target.handle(_:)))
      edge.edges = .left
      window.addGestureRecognizer(edge)
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), duration: 0.2)
      #expect(edgeTarget.events.isEmpty)
      window.drag(from: CGPoint(x: 3, y: 100), to: CGPoint(x: 200, y: 100), duration: 0.2, ending: .cancel)
      #expect(edgeTarget.events.last?.0 == .cancelled)
    }
  }

  @Test("Target-action through Selector: buttons and taps")
  func selectors() {
    final class Screen: UIViewController {
      var taps = 0
      func close() { taps += 1 }
      func tapped(_ sender: UITapGestureRecognizer) { taps += 10 }
    }
    Simulation.run { sim in
      let screen = Screen()
      let window = showing(screen, in: sim)
      let button = UIButton(type: .system)
      button.addTarget(screen, action: Selector(Screen.close), for: .touchUpInside)
      button.sendActions(for: .touchUpInside)
      let tap = UITapGestureRecognizer(target: screen, action: Selector(Screen.tapped(_:)))
      screen.view.addGestureRecognizer(tap)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(screen.taps == 11)
    }
  }

  @Test("Unbalanced appearance calls are reported with UIKit's wording")
  func unbalanced() {
    Simulation.run { sim in
      let vc = LoggingController("X")
      vc.beginAppearanceTransition(true, animated: false)
      vc.beginAppearanceTransition(true, animated: false)
      #expect(sim.diagnostics.last?.message == "Unbalanced calls to begin/end appearance transitions for \(vc.debugDescriptor).")
    }
  }
}
