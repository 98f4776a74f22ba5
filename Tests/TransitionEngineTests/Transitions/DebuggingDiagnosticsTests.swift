import Testing
@testable import TransitionEngine

/// What a broken transition looks like from outside: touches UIKit drops
/// while a presentation runs (for ever, when it never completes), and views
/// an animator leaves behind in a container.
@Suite("Debugging diagnostics")
struct DebuggingDiagnosticsTests {
  /// Slides the presented view in; completes only when `completes` is true.
  final class Slide: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var completes = true
    var interactor: UIPercentDrivenInteractiveTransition?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
      let moving = ctx.view(forKey: .to) ?? ctx.view(forKey: .from)!
      if moving.superview == nil { ctx.containerView.addSubview(moving) }
      UIView.animate(withDuration: 0.4, animations: { moving.alpha = 0.5 }) { _ in
        if self.completes { ctx.completeTransition(!ctx.transitionWasCancelled) }
      }
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
      -> UIViewControllerInteractiveTransitioning? { interactor }
  }

  final class Tapper: NSObject {
    var taps = 0
    func tapped(_ sender: UITapGestureRecognizer) { if sender.state == .ended { taps += 1 } }
  }

  @Test("a non-interactive presentation ignores touches until it completes")
  func touchesIgnoredWhilePresenting() {
    Simulation.run { sim in
      let home = UIViewController()
      let window = showing(home, in: sim)
      let tapper = Tapper()
      let slide = Slide()
      let card = UIViewController()
      card.modalPresentationStyle = .overFullScreen
      card.transitioningDelegate = slide
      // The card is in the container from the start of the presentation: it would get the tap.
      card.view.addGestureRecognizer(UITapGestureRecognizer(target: tapper, action: Selector(Tapper.tapped(_:))))
      home.present(card, animated: true)
      sim.advance(by: 0.1)
      #expect(UIApplication.shared.isIgnoringInteractionEvents)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(tapper.taps == 0, "a touch during the presentation is dropped")
      sim.runUntilIdle()
      #expect(!UIApplication.shared.isIgnoringInteractionEvents)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(tapper.taps == 1, "after completeTransition touches arrive again")
      #expect(sim.trace.contains { $0.message.contains("ignored: the app is ignoring interaction events") })
    }
  }

  @Test("a presentation that never completes ignores touches for ever")
  func neverCompletedFreezesTouches() {
    Simulation.run { sim in
      let home = UIViewController()
      let window = showing(home, in: sim)
      let tapper = Tapper()
      let slide = Slide()
      slide.completes = false
      let card = UIViewController()
      card.modalPresentationStyle = .overFullScreen
      card.transitioningDelegate = slide
      card.view.addGestureRecognizer(UITapGestureRecognizer(target: tapper, action: Selector(Tapper.tapped(_:))))
      home.present(card, animated: true)
      sim.runUntilIdle()
      sim.advance(by: 5)
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(tapper.taps == 0)
      #expect(UIApplication.shared.isIgnoringInteractionEvents)
      #expect(sim.diagnostics.contains { $0.message.contains("never called completeTransition(_:)") })
    }
  }

  @Test("an interactive dismissal does not ignore touches; the app's own calls nest")
  func interactiveDoesNotIgnore() {
    Simulation.run { sim in
      let home = UIViewController()
      _ = showing(home, in: sim)
      let slide = Slide()
      let card = UIViewController()
      card.modalPresentationStyle = .fullScreen
      card.transitioningDelegate = slide
      home.present(card, animated: true)
      sim.runUntilIdle()
      let interactor = UIPercentDrivenInteractiveTransition()
      slide.interactor = interactor
      card.dismiss(animated: true)
      sim.advance(by: 0)
      interactor.update(0.3)
      #expect(!UIApplication.shared.isIgnoringInteractionEvents)
      UIApplication.shared.beginIgnoringInteractionEvents()
      UIApplication.shared.beginIgnoringInteractionEvents()
      UIApplication.shared.endIgnoringInteractionEvents()
      #expect(UIApplication.shared.isIgnoringInteractionEvents, "one begin is still open")
      UIApplication.shared.endIgnoringInteractionEvents()
      #expect(!UIApplication.shared.isIgnoringInteractionEvents)
      interactor.finish()
      sim.runUntilIdle()
      #expect(home.presentedViewController == nil)
    }
  }

  /// A push that flies a snapshot and may forget to remove it.
  final class SnapshotPush: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
    var removesSnapshot = true
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
      let toView = ctx.view(forKey: .to)!
      let snapshot = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
      snapshot.accessibilityIdentifier = "flying thumbnail"
      ctx.containerView.addSubview(toView)
      ctx.containerView.addSubview(snapshot)
      UIView.animate(withDuration: 0.3, animations: { snapshot.frame = toView.frame }) { _ in
        if self.removesSnapshot { snapshot.removeFromSuperview() }
        ctx.completeTransition(!ctx.transitionWasCancelled)
      }
    }
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController)
      -> UIViewControllerAnimatedTransitioning? { self }
  }

  @Test("a view left in a navigation container is reported; a clean push is not")
  func leftoverInContainer() {
    Simulation.run { sim in
      let list = UIViewController()
      list.title = "List"
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      let push = SnapshotPush()
      nav.delegate = push
      let clean = UIViewController()
      clean.title = "Clean"
      nav.pushViewController(clean, animated: true)
      sim.runUntilIdle()
      #expect(!sim.diagnostics.contains { $0.message.contains("container still holds") })
      nav.popViewController(animated: false)
      sim.runUntilIdle()
      push.removesSnapshot = false
      let detail = UIViewController()
      detail.title = "Detail"
      nav.pushViewController(detail, animated: true)
      sim.runUntilIdle()
      let messages = sim.diagnostics.map(\.message).filter { $0.contains("container still holds") }
      #expect(messages == [
        "After the push transition, its container still holds flying thumbnail (UIView) besides Detail's view: "
          + "the animator added a view and never removed it; UIKit leaves it on screen"
      ])
      #expect(detail.view.superview?.subviews.last?.accessibilityIdentifier == "flying thumbnail", "still on top")
    }
  }

  /// A pop animator that reports `true` whatever happened.
  final class StubbornPop: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
    var honest = false
    var interactor: UIPercentDrivenInteractiveTransition?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
      let fromView = ctx.view(forKey: .from)!, toView = ctx.view(forKey: .to)!
      ctx.containerView.insertSubview(toView, belowSubview: fromView)
      UIView.animate(withDuration: 0.4, animations: { fromView.frame.origin.x = 320 }) { _ in
        if ctx.transitionWasCancelled { toView.removeFromSuperview() }
        ctx.completeTransition(self.honest ? !ctx.transitionWasCancelled : true)
      }
    }
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController)
      -> UIViewControllerAnimatedTransitioning? { self }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
      -> UIViewControllerInteractiveTransitioning? { interactor }
  }

  @Test("completeTransition(true) after a cancel: reported, and UIKit completes the pop anyway", arguments: [false, true])
  func completedAfterCancel(honest: Bool) {
    Simulation.run { sim in
      let list = UIViewController()
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      let detail = UIViewController()
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      let pop = StubbornPop()
      pop.honest = honest
      nav.delegate = pop
      let interactor = UIPercentDrivenInteractiveTransition()
      pop.interactor = interactor
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      interactor.update(0.3)
      interactor.cancel()
      sim.runUntilIdle()
      let warned = sim.diagnostics.contains { $0.message.hasPrefix("completeTransition(true) was called after the interactive pop transition was cancelled") }
      #expect(warned == !honest)
      #expect(nav.viewControllers.count == (honest ? 2 : 1))
      #expect(detail.view.window != nil || !honest)
      #expect(list.view.window == nil, "the cancelled pop's animator took the list's view out")
    }
  }

  final class EdgeSwitch: NSObject, UIViewControllerAnimatedTransitioning, UITabBarControllerDelegate {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
      let toView = ctx.view(forKey: .to)!
      ctx.containerView.addSubview(toView)
      let edge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      ctx.containerView.addSubview(edge)
      UIView.animate(withDuration: 0.2, animations: { edge.alpha = 0.5 }) { _ in ctx.completeTransition(true) }
    }
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
  }

  @Test("a view left in a tab bar controller's container is reported, in words")
  func leftoverAfterTabSwitch() {
    Simulation.run { sim in
      let first = UIViewController(), second = UIViewController()
      second.title = "Second"
      let tabs = UITabBarController()
      tabs.viewControllers = [first, second]
      let edges = EdgeSwitch()
      tabs.delegate = edges
      _ = showing(tabs, in: sim)
      tabs.tapTab(at: 1)
      sim.runUntilIdle()
      #expect(sim.diagnostics.map(\.message) == [
        "After the tab switch transition, its container still holds UIView (UIView) besides Second's view: "
          + "the animator added a view and never removed it; UIKit leaves it on screen"
      ])
    }
  }
}
