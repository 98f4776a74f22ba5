import Testing
@testable import TransitionEngine

/// An interruptible animator (iOS 10 style): animateTransition starts the
/// property animator that interruptibleAnimator(using:) vends.
final class InterruptibleSlide: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
  private var animator: UIViewPropertyAnimator?
  let interactor = UIPercentDrivenInteractiveTransition()

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

  func interruptibleAnimator(using ctx: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
    if let animator { return animator }
    let toVC = ctx.viewController(forKey: .to)!
    let toView = ctx.view(forKey: .to)!
    let final = ctx.finalFrame(for: toVC)
    ctx.containerView.addSubview(toView)
    toView.frame = final.offsetBy(dx: 0, dy: final.height)
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { toView.frame = final }
    animator.addCompletion { position in
      if position == .start { toView.removeFromSuperview() }
      ctx.completeTransition(position == .end)
      self.animator = nil
    }
    self.animator = animator
    return animator
  }

  func animateTransition(using ctx: UIViewControllerContextTransitioning) {
    interruptibleAnimator(using: ctx).startAnimation()
  }

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
  func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? { interactor }
}

@Suite struct InteractiveTransitionTests {
  @Test("An interruptible animator is scrubbed and continued by UIPercentDrivenInteractiveTransition")
  func interruptible() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      let slide = InterruptibleSlide()
      sheet.modalPresentationStyle = .fullScreen
      sheet.transitioningDelegate = slide
      home.present(sheet, animated: true)
      sim.advance(by: 0)
      #expect(sim.trace.contains { $0.message == "interruptibleAnimator(using:)" })
      slide.interactor.update(0.25)
      expectClose(sheet.view.layer.presentation()!.frame.minY, 426, 1e-9)
      sim.advance(by: 2)
      expectClose(sheet.view.layer.presentation()!.frame.minY, 426, 1e-9)
      slide.interactor.finish()
      sim.runUntilIdle()
      expectClose(sim.now, 2.75, 1e-9)
      #expect(sheet.view.frame.minY == 0)
      #expect(home.presentedViewController === sheet)
      #expect(!sheet.isBeingPresented)
    }
  }

  @Test("Cancelling an interruptible transition reverses its animator and cancels the presentation")
  func interruptibleCancel() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      let window = showing(home, in: sim)
      let slide = InterruptibleSlide()
      sheet.modalPresentationStyle = .fullScreen
      sheet.transitioningDelegate = slide
      var completed = false
      home.present(sheet, animated: true) { completed = true }
      sim.advance(by: 0)
      slide.interactor.update(0.4)
      slide.interactor.cancel()
      sim.runUntilIdle()
      expectClose(sim.now, 0.4, 1e-9)
      #expect(home.presentedViewController == nil)
      #expect(home.view.window === window)
      #expect(!completed)
      #expect(sheet.log == ["willAppear", "willDisappear", "didDisappear"])
    }
  }

  @Test("A percent-driven transition grabbed again while it cancels keeps its percent counted from the start")
  func interruptibleRegrabAfterCancel() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      let slide = InterruptibleSlide()
      sheet.modalPresentationStyle = .fullScreen
      sheet.transitioningDelegate = slide
      home.present(sheet, animated: true)
      sim.advance(by: 0)
      slide.interactor.update(0.6)
      slide.interactor.cancel()
      sim.advance(by: 0.2)                       // on its way back: 0.4 of the way up
      expectClose(sheet.view.layer.presentation()!.frame.minY, 568 * 0.6, 1e-6)
      slide.interactor.pause()
      slide.interactor.update(0.5)
      expectClose(sheet.view.layer.presentation()!.frame.minY, 284, 1e-6)
      let start = sim.now
      slide.interactor.finish()
      sim.runUntilIdle()
      expectClose(sim.now - start, 0.5, 1e-9)
      #expect(home.presentedViewController === sheet)
    }
  }

  @Test("notifyWhenInteractionChanges runs when the interaction ends, before the appearance calls of a cancel")
  func interactionChanges() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      let slide = InterruptibleSlide()
      sheet.modalPresentationStyle = .fullScreen
      sheet.transitioningDelegate = slide
      home.present(sheet, animated: true)
      sim.advance(by: 0)
      var seen: [(cancelled: Bool, interactive: Bool, logCount: Int)] = []
      sheet.transitionCoordinator?.notifyWhenInteractionChanges { context in
        seen.append((context.isCancelled, context.isInteractive, sheet.log.count))
      }
      slide.interactor.update(0.3)
      slide.interactor.cancel()
      sim.runUntilIdle()
      #expect(seen.count == 1)
      #expect(seen.first?.cancelled == true)
      #expect(seen.first?.interactive == false)
      #expect(seen.first?.logCount == 1, "only viewWillAppear had run")
    }
  }

  @Test("definesPresentationContext: .currentContext covers only the context; the rest of the screen stays")
  func currentContext() {
    Simulation.run { sim in
      let root = LoggingController("Root")
      let window = showing(root, in: sim)
      let panel = LoggingController("Panel")
      root.addChild(panel)
      panel.view.frame = CGRect(x: 0, y: 284, width: 320, height: 284)
      root.view.addSubview(panel.view)
      panel.didMove(toParent: root)
      panel.definesPresentationContext = true
      let overlay = LoggingController("Overlay")
      overlay.modalPresentationStyle = .overCurrentContext
      overlay.modalTransitionStyle = .crossDissolve
      panel.present(overlay, animated: true)
      sim.runUntilIdle()
      #expect(overlay.presentingViewController === panel)
      #expect(overlay.view.convert(overlay.view.bounds, to: nil) == CGRect(x: 0, y: 284, width: 320, height: 284))
      #expect(panel.view.window === window, ".over… keeps the context's view")
      #expect(panel.log == ["willAppear", "didAppear"])
    }
  }

  @Test(".overFullScreen keeps the presenter without appearance calls; a full-screen presentation from a child presents from the root")
  func overFullScreen() {
    Simulation.run { sim in
      let list = LoggingController("List")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      let alert = LoggingController("Alert")
      alert.modalPresentationStyle = .overFullScreen
      list.present(alert, animated: true)
      sim.runUntilIdle()
      #expect(alert.presentingViewController === nav, "full-screen styles present from the root of the parent chain")
      #expect(list.log == ["willAppear", "didAppear"])
      #expect(nav.view.window != nil)
    }
  }

  @Test("hidesBottomBarWhenPushed hides the tab bar while that controller is on top")
  func hidesBottomBar() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      detail.hidesBottomBarWhenPushed = true
      let nav = UINavigationController(rootViewController: list)
      let tabs = UITabBarController()
      tabs.viewControllers = [nav]
      _ = showing(tabs, in: sim)
      nav.pushViewController(detail, animated: true)
      sim.runUntilIdle()
      #expect(tabs.tabBar.isHidden)
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      #expect(!tabs.tabBar.isHidden)
    }
  }
}

/// The classic Objective-C-era interactor: one object is animator, delegate
/// and percent-driven interactor, overrides start/update/finish/cancel
/// without calling super, moves the frame by hand and completes exactly once.
final class HandDrivenMenu: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning,
  UIViewControllerTransitioningDelegate {
  private weak var context: UIViewControllerContextTransitioning?
  private var menuView: UIView?
  let endFrame = CGRect(x: 80, y: 280, width: 160, height: 100)
  var completions: [Bool] = []

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}

  override func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
    context = transitionContext
    let menu = transitionContext.view(forKey: .to)!
    menu.frame = endFrame.offsetBy(dx: 320, dy: 0)
    transitionContext.containerView.addSubview(menu)
    menuView = menu
  }

  override func update(_ percentComplete: CGFloat) {
    menuView?.frame = endFrame.offsetBy(dx: 320 * (1 - percentComplete), dy: 0)
    context?.updateInteractiveTransition(percentComplete)
  }

  override func finish() {
    context?.finishInteractiveTransition()
    UIView.animate(withDuration: 0.5, animations: { self.menuView?.frame = self.endFrame }) { _ in
      self.completions.append(true)
      self.context?.completeTransition(true)
    }
  }

  override func cancel() {
    context?.cancelInteractiveTransition()
    UIView.animate(withDuration: 0.5, animations: {
      self.menuView?.frame = self.endFrame.offsetBy(dx: 320, dy: 0)
    }) { _ in
      self.completions.append(false)
      self.context?.completeTransition(false)
    }
  }

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
  func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? { self }
}

@Suite struct HandDrivenInteractionTests {
  @Test("A subclass that overrides start/update/finish/cancel without super drives the transition itself")
  func handDriven() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      let driver = HandDrivenMenu()
      menu.modalPresentationStyle = .custom
      menu.transitioningDelegate = driver
      home.present(menu, animated: true)
      sim.advance(by: 0)
      driver.update(0.5)
      #expect(menu.view.frame.minX == 240)
      driver.cancel()
      sim.runUntilIdle()
      #expect(driver.completions == [false])
      #expect(home.presentedViewController == nil, "cancelled: nothing presented")
      #expect(!sim.diagnostics.contains { $0.message.contains("created no UIView animation") },
              "the base class's machinery is not involved")
      home.present(menu, animated: true)
      sim.advance(by: 0)
      driver.update(0.8)
      driver.finish()
      sim.runUntilIdle()
      #expect(driver.completions == [false, true])
      #expect(home.presentedViewController === menu)
      #expect(menu.view.frame == driver.endFrame)
    }
  }

  @Test("Tab switch with an animator: the whole sequence")
  func tabSequence() {
    final class TabFade: NSObject, UITabBarControllerDelegate, UIViewControllerAnimatedTransitioning {
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }
      func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        let to = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(to)
        to.alpha = 0
        UIView.animate(withDuration: 0.25, animations: { to.alpha = 1 }) { _ in
          ctx.completeTransition(!ctx.transitionWasCancelled)
        }
      }
      func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        true
      }
      func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
      func tabBarController(_ tabBarController: UITabBarController,
                            animationControllerForTransitionFrom fromVC: UIViewController,
                            to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    }
    Simulation.run { sim in
      let a = LoggingController("A"), b = LoggingController("B")
      let tabs = UITabBarController()
      tabs.viewControllers = [a, b]
      let fade = TabFade()
      tabs.delegate = fade
      _ = showing(tabs, in: sim)
      let start = sim.trace.count
      tabs.tapTab(at: 1)
      sim.runUntilIdle()
      #expect(trace(sim, from: start) == [
        "TabFade.tabBarController(_:shouldSelect: B) -> true",
        "TabFade.tabBarController(_:animationControllerForTransitionFrom:to:) -> TabFade",
        "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)",
        "TabFade.transitionDuration(using:) -> 0.25",
        "TabFade.animateTransition(using:)",
        "TabFade.completeTransition(true)",
        "A.viewDidDisappear(true)",
        "B.viewDidAppear(true)",
        "TabFade.tabBarController(_:didSelect: B)",
      ])
    }
  }
}
