import Testing
@testable import TransitionEngine

// Transition coordinators and the appearance flags, as Apple documents them.
// Sources (quoted in each test):
// - UIViewControllerTransitionCoordinator.h (iOS 10.3 SDK header) and the
//   UIViewControllerTransitionCoordinator / …Context reference pages;
// - UIViewController.transitionCoordinator ("If there is no in-progress
//   transition associated with the current view controller, UIKit checks the
//   view controller's ancestors");
// - isMovingToParent / isMovingFromParent / isBeingPresented /
//   isBeingDismissed ("returns YES only when called from inside" the
//   will/did appear or disappear methods of that move).

/// Records, in each appearance method, what the documentation says it can read.
final class FlagRecorder: UIViewController {
  var log: [String] = []
  var coordinatorSeen: [String: Bool] = [:]
  var onWillAppear: ((FlagRecorder) -> Void)?
  var onWillDisappear: ((FlagRecorder) -> Void)?

  convenience init(_ title: String) {
    self.init()
    self.title = title
  }

  private func note(_ method: String) {
    var flags: [String] = []
    if isMovingToParent { flags.append("movingTo") }
    if isMovingFromParent { flags.append("movingFrom") }
    if isBeingPresented { flags.append("presented") }
    if isBeingDismissed { flags.append("dismissed") }
    log.append(flags.isEmpty ? method : "\(method)[\(flags.joined(separator: ","))]")
    coordinatorSeen[method] = transitionCoordinator != nil
  }

  override func viewWillAppear(_ animated: Bool) {
    note("willAppear")
    onWillAppear?(self)
  }
  override func viewDidAppear(_ animated: Bool) { note("didAppear") }
  override func viewWillDisappear(_ animated: Bool) {
    note("willDisappear")
    onWillDisappear?(self)
  }
  override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
}

/// A push/pop animator whose one UIView block is linear over 0.4 s, although
/// it reports a transition duration of 0.6 s: what alongside animations
/// inherit tells which one they ran with.
final class LinearSlide: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate,
  UITabBarControllerDelegate {
  var interactor: UIPercentDrivenInteractiveTransition?
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
  func animateTransition(using ctx: UIViewControllerContextTransitioning) {
    let toView = ctx.view(forKey: .to)!, fromView = ctx.view(forKey: .from)!
    ctx.containerView.addSubview(toView)
    toView.frame = ctx.finalFrame(for: ctx.viewController(forKey: .to)!)
    toView.alpha = 0
    UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
      toView.alpha = 1
    }, completion: { _ in
      let cancelled = ctx.transitionWasCancelled
      if cancelled { toView.removeFromSuperview() } else { fromView.removeFromSuperview() }
      ctx.completeTransition(!cancelled)
    })
  }
  func navigationController(_ navigationController: UINavigationController,
                            animationControllerFor operation: UINavigationController.Operation,
                            from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    self
  }
  func navigationController(_ navigationController: UINavigationController,
                            interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interactor
  }
  func tabBarController(_ tabBarController: UITabBarController,
                        animationControllerForTransitionFrom fromVC: UIViewController,
                        to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    self
  }
  func tabBarController(_ tabBarController: UITabBarController,
                        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interactor
  }
}

@Suite struct CoordinatorTests {
  // MARK: Lifetime and lookup

  @Test("Push: the coordinator exists from the push on — in willShow, both controllers' appearance methods, the navigation controller right after the call — and is gone after")
  func pushLifetime() {
    Simulation.run { sim in
      final class Shower: NSObject, UINavigationControllerDelegate {
        var sawInWillShow = false
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                                  animated: Bool) {
          sawInWillShow = navigationController.transitionCoordinator != nil
        }
      }
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let shower = Shower()
      nav.delegate = shower
      _ = showing(nav, in: sim)
      list.coordinatorSeen = [:]
      nav.pushViewController(detail, animated: true)
      // "When you present or dismiss a view controller, UIKit creates a
      // transition coordinator object automatically" — for a push, the
      // navigation controller's, which its children find as their ancestor's.
      let coordinator = nav.transitionCoordinator
      #expect(coordinator != nil, "right after pushViewController")
      #expect(detail.transitionCoordinator === coordinator)
      #expect(list.transitionCoordinator === coordinator)
      #expect(shower.sawInWillShow)
      #expect(detail.coordinatorSeen["willAppear"] == true)
      #expect(list.coordinatorSeen["willDisappear"] == true)
      #expect(coordinator?.viewController(forKey: .from) === list)
      #expect(coordinator?.viewController(forKey: .to) === detail)
      #expect(coordinator?.presentationStyle == UIModalPresentationStyle.none,
              "UIModalPresentationNone if this is not a modal presentation or dismissal")
      #expect(coordinator?.isAnimated == true)
      sim.runUntilIdle()
      // "ephemeral … released after the transition completes and the last
      // callback has been made": the did-calls still see it, then it is gone.
      #expect(detail.coordinatorSeen["didAppear"] == true)
      #expect(nav.transitionCoordinator == nil)
      #expect(detail.transitionCoordinator == nil)
    }
  }

  @Test("A child with no transition of its own gets its ancestor's coordinator; outside transitions, nil")
  func ancestorsLookup() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nested = FlagRecorder("Nested")
      detail.addChild(nested)
      detail.view.addSubview(nested.view)
      nested.didMove(toParent: detail)
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      #expect(nested.transitionCoordinator == nil, "no transition in progress")
      nav.pushViewController(detail, animated: true)
      #expect(nested.transitionCoordinator != nil)
      #expect(nested.transitionCoordinator === nav.transitionCoordinator)
      #expect(nested.coordinatorSeen["willAppear"] == true, "forwarded appearance sees it too")
      sim.runUntilIdle()
      #expect(nested.transitionCoordinator == nil)
    }
  }

  @Test("Presentation: the coordinator exists right after present() and in presentationTransitionWillBegin; a presented container's child finds it; nil after")
  func presentationLifetime() {
    Simulation.run { sim in
      final class Probe: UIPresentationController {
        var sawCoordinator = false
        override func presentationTransitionWillBegin() {
          sawCoordinator = presentedViewController.transitionCoordinator != nil
        }
      }
      final class Vendor: NSObject, UIViewControllerTransitioningDelegate {
        var made: Probe?
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
          let probe = Probe(presentedViewController: presented, presenting: presenting)
          made = probe
          return probe
        }
      }
      let home = FlagRecorder("Home")
      _ = showing(home, in: sim)
      let root = FlagRecorder("Root")
      let sheetNav = UINavigationController(rootViewController: root)
      let vendor = Vendor()
      sheetNav.modalPresentationStyle = .custom
      sheetNav.transitioningDelegate = vendor
      home.present(sheetNav, animated: true)
      let coordinator = sheetNav.transitionCoordinator
      #expect(coordinator != nil, "from the call that starts the transition")
      #expect(home.transitionCoordinator === coordinator, "the presenter takes part in the presentation")
      #expect(root.transitionCoordinator === coordinator, "the presented container's child, through its ancestor")
      #expect(coordinator?.presentationStyle == .custom)
      #expect(coordinator?.isAnimated == true)
      #expect(coordinator?.isInteractive == false)
      #expect(coordinator?.isCancelled == false)
      sim.runUntilIdle()
      #expect(vendor.made?.sawCoordinator == true)
      #expect(root.coordinatorSeen["willAppear"] == true)
      #expect(sheetNav.transitionCoordinator == nil)
      #expect(home.transitionCoordinator == nil)
      // The dismissal has its own, from dismiss() on.
      sheetNav.dismiss(animated: true)
      #expect(sheetNav.transitionCoordinator != nil)
      #expect(sheetNav.transitionCoordinator !== coordinator)
      sim.runUntilIdle()
      #expect(sheetNav.transitionCoordinator == nil)
    }
  }

  @Test("Tab switch: the tab bar controller and both tabs have the coordinator right after selectedIndex is set")
  func tabSwitch() {
    Simulation.run { sim in
      let one = FlagRecorder("One"), two = FlagRecorder("Two")
      let tabs = UITabBarController()
      tabs.viewControllers = [one, two]
      let slide = LinearSlide()
      tabs.delegate = slide
      _ = showing(tabs, in: sim)
      tabs.selectedIndex = 1
      let coordinator = tabs.transitionCoordinator
      #expect(coordinator != nil)
      #expect(two.transitionCoordinator === coordinator)
      #expect(one.transitionCoordinator === coordinator)
      #expect(two.coordinatorSeen["willAppear"] == true)
      var cancelled: Bool?
      coordinator?.animate(alongsideTransition: nil) { context in cancelled = context.isCancelled }
      sim.runUntilIdle()
      #expect(cancelled == false)
      #expect(tabs.transitionCoordinator == nil)
      // Apple: these flags are about moving to or from a parent: a tab switch moves nobody.
      #expect(two.log == ["willAppear", "didAppear"])
    }
  }

  // MARK: Alongside animations and completions

  @Test("Alongside animations from viewWillAppear run in the animator's animation block (its duration and curve); the completion runs after completeTransition")
  func alongsideFromViewWillAppear() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let slide = LinearSlide()
      nav.delegate = slide
      _ = showing(nav, in: sim)
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      nav.view.addSubview(badge)
      var events: [String] = []
      detail.onWillAppear = { vc in
        vc.transitionCoordinator?.animate(alongsideTransition: { _ in
          badge.alpha = 0
        }, completion: { context in
          events.append("completion cancelled=\(context.isCancelled) trace=\(sim.trace.last!.message)")
        })
      }
      let start = sim.now
      nav.pushViewController(detail, animated: true)
      // "Any animations specified will be run in the same animation context as
      // the transition": the animator's block, 0.4 s linear (not the 0.6 s
      // transitionDuration, not UIKit's default curve).
      sim.advance(to: start + 0.1)
      expectClose(Double(shown(badge).opacity), 0.75, 1e-6)
      sim.advance(to: start + 0.3)
      expectClose(Double(shown(badge).opacity), 0.25, 1e-6)
      #expect(events.isEmpty, "not before the transition completes")
      sim.runUntilIdle()
      // "The completionBlock is invoked after the transition completes."
      #expect(events == ["completion cancelled=false trace=completeTransition(true)"])
      #expect(badge.alpha == 0)
    }
  }

  @Test("Alongside animations given to the navigation controller's coordinator right after push run with the transition")
  func alongsideFromContainer() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let slide = LinearSlide()
      nav.delegate = slide
      _ = showing(nav, in: sim)
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      nav.view.addSubview(badge)
      let start = sim.now
      nav.pushViewController(detail, animated: true)
      var completed = false
      let queued = nav.transitionCoordinator?.animate(alongsideTransition: { _ in badge.alpha = 0 },
                                                        completion: { _ in completed = true })
      #expect(queued == true)
      sim.advance(to: start + 0.2)
      expectClose(Double(shown(badge).opacity), 0.5, 1e-6)
      sim.runUntilIdle()
      #expect(completed)
    }
  }

  @Test("Without a UIView animation in animateTransition, alongside animations run just after it returns, on the property animator that runs the transition")
  func alongsideWithPropertyAnimator() {
    Simulation.run { sim in
      final class AnimatorPush: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
        func animateTransition(using ctx: UIViewControllerContextTransitioning) {
          let toView = ctx.view(forKey: .to)!
          ctx.containerView.addSubview(toView)
          toView.frame = ctx.finalFrame(for: ctx.viewController(forKey: .to)!)
          toView.alpha = 0
          let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { toView.alpha = 1 }
          animator.addCompletion { _ in ctx.completeTransition(!ctx.transitionWasCancelled) }
          animator.startAnimation()
        }
        func navigationController(_ navigationController: UINavigationController,
                                  animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController)
          -> UIViewControllerAnimatedTransitioning? { self }
      }
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let push = AnimatorPush()
      nav.delegate = push
      _ = showing(nav, in: sim)
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      nav.view.addSubview(badge)
      detail.onWillAppear = { vc in vc.transitionCoordinator?.animate(alongsideTransition: { _ in badge.alpha = 0 }) }
      let start = sim.now
      nav.pushViewController(detail, animated: true)
      sim.advance(to: start + 0.25)
      expectClose(Double(shown(badge).opacity), 0.5, 1e-6)
      sim.runUntilIdle()
      #expect(badge.alpha == 0)
    }
  }

  @Test("Percent-driven pop: alongside animations from viewWillDisappear follow the finger, and go back on a cancel")
  func alongsideDrivenByInteraction() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let slide = LinearSlide()
      nav.delegate = slide
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      nav.view.addSubview(badge)
      detail.onWillDisappear = { vc in
        vc.transitionCoordinator?.animate(alongsideTransition: { _ in badge.alpha = 0 })
      }
      let pop = UIPercentDrivenInteractiveTransition()
      slide.interactor = pop
      nav.popViewController(animated: true)
      pop.update(0.25)
      sim.advance(by: 1)
      // 0.25 × 0.6 s of the 0.4 s linear block.
      expectClose(Double(shown(badge).opacity), 1 - 0.15 / 0.4, 1e-6)
      pop.cancel()
      sim.runUntilIdle()
      #expect(badge.alpha == 1, "a cancel puts back what the animations changed")
      #expect(nav.viewControllers == [list, detail])
    }
  }

  @Test("Percent-driven pop: an alongside animation given after the animations began is driven with them, at the same percent")
  func lateAlongsideDrivenByInteraction() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let slide = LinearSlide()
      nav.delegate = slide
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      nav.view.addSubview(badge)
      let pop = UIPercentDrivenInteractiveTransition()
      slide.interactor = pop
      nav.popViewController(animated: true)
      pop.update(0.25)
      // Handed over once the animator's block exists: "run in the same
      // animation context as the transition", so it shows the same percent.
      #expect(nav.transitionCoordinator?.animate(alongsideTransition: { _ in badge.alpha = 0 }) == true)
      pop.update(0.5)
      sim.advance(by: 1)
      // 0.5 × 0.6 s into the 0.4 s linear block.
      expectClose(Double(shown(badge).opacity), 1 - 0.3 / 0.4, 1e-6)
      pop.cancel()
      sim.runUntilIdle()
      #expect(badge.alpha == 1, "the cancel puts it back with the rest")
    }
  }

  @Test("animate(alongsideTransition:) after the transition completed queues nothing and returns false")
  func alongsideTooLate() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: true)
      let kept = nav.transitionCoordinator
      sim.runUntilIdle()
      var ran = false
      #expect(kept?.animate(alongsideTransition: { _ in ran = true }, completion: { _ in ran = true }) == false)
      sim.runUntilIdle()
      #expect(!ran)
    }
  }

  // MARK: Interaction changes and cancelled transitions

  @Test("Cancelled interactive pop: notifyWhenInteractionChanges runs once, at the release, before the will-calls of the cancel; the appearance calls and flags")
  func cancelledInteractivePop() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let window = showing(nav, in: sim)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      list.log = []
      detail.log = []
      var changes: [String] = []
      detail.onWillDisappear = { vc in
        guard let coordinator = vc.transitionCoordinator else { return }
        changes.append("initially interactive=\(coordinator.initiallyInteractive) now=\(coordinator.isInteractive)")
        coordinator.notifyWhenInteractionChanges { context in
          changes.append("changed cancelled=\(context.isCancelled) interactive=\(context.isInteractive) list=\(list.log) detail=\(detail.log)")
        }
      }
      // A short, slow swipe from the left edge: released early, it cancels.
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 95, y: 300), duration: 0.6)
      sim.runUntilIdle()
      #expect(changes == [
        "initially interactive=true now=true",
        // "This handler is invoked BEFORE the 'will' method calls are made."
        "changed cancelled=true interactive=false list=[\"willAppear\"] detail=[\"willDisappear[movingFrom]\"]",
      ])
      // "the view controller that was appearing will receive a
      // viewWillDisappear: call, and the view controller that was
      // disappearing will receive a viewWillAppear: call" — then the did-calls.
      #expect(list.log == ["willAppear", "willDisappear", "didDisappear"])
      #expect(detail.log == ["willDisappear[movingFrom]", "willAppear", "didAppear"])
      #expect(nav.viewControllers == [list, detail])
      #expect(!detail.isMovingFromParent)
    }
  }

  @Test("Interactive transition: initiallyInteractive, isInteractive, percentComplete frozen when the interaction ends, completionVelocity and completionCurve from the interaction controller")
  func interactiveContextValues() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      let slide = LinearSlide()
      nav.delegate = slide
      _ = showing(nav, in: sim)
      let push = UIPercentDrivenInteractiveTransition()
      push.completionSpeed = 2
      push.completionCurve = .easeOut
      slide.interactor = push
      nav.pushViewController(detail, animated: true)
      let coordinator = nav.transitionCoordinator!
      #expect(coordinator.initiallyInteractive)
      #expect(coordinator.isInteractive)
      expectClose(coordinator.transitionDuration, 0.6)
      push.update(0.4)
      expectClose(Double(coordinator.percentComplete), 0.4, 1e-9)
      var atChange: (interactive: Bool, percent: Double, velocity: Double, curve: UIView.AnimationCurve)?
      coordinator.notifyWhenInteractionChanges { context in
        atChange = (context.isInteractive, Double(context.percentComplete), Double(context.completionVelocity),
                    context.completionCurve)
      }
      push.finish()
      #expect(atChange?.interactive == false)
      expectClose(atChange?.percent ?? -1, 0.4, 1e-9)
      // completionVelocity: "usually obtained from the completionSpeed" of the interaction controller.
      expectClose(atChange?.velocity ?? -1, 2, 1e-9)
      #expect(atChange?.curve == .easeOut)
      sim.advance(by: 0.05)
      // "the percent complete of the transition when it moves to the non-interactive completion phase"
      expectClose(Double(coordinator.percentComplete), 0.4, 1e-9)
      #expect(coordinator.initiallyInteractive, "never changes during the course of a transition")
      #expect(!coordinator.isCancelled)
      sim.runUntilIdle()
      #expect(nav.viewControllers == [list, detail])
    }
  }

  @Test("A transition that is not interactive: initiallyInteractive false, no interaction-change call, isCancelled false")
  func nonInteractive() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: true)
      let coordinator = nav.transitionCoordinator!
      #expect(!coordinator.initiallyInteractive)
      #expect(!coordinator.isInteractive)
      var called = false
      coordinator.notifyWhenInteractionChanges { _ in called = true }
      var cancelled: Bool?
      coordinator.animate(alongsideTransition: nil) { cancelled = $0.isCancelled }
      sim.runUntilIdle()
      #expect(!called)
      #expect(cancelled == false)
    }
  }

  // MARK: Appearance flags

  @Test("isMovingToParent in the pushed controller's viewWillAppear and viewDidAppear; isMovingFromParent in the popped one's disappear calls; both false outside")
  func movingFlags() {
    Simulation.run { sim in
      let list = FlagRecorder("List"), detail = FlagRecorder("Detail")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      list.log = []
      nav.pushViewController(detail, animated: true)
      sim.runUntilIdle()
      #expect(detail.log == ["willAppear[movingTo]", "didAppear[movingTo]"])
      #expect(list.log == ["willDisappear", "didDisappear"], "covered, not removed from its parent")
      #expect(!detail.isMovingToParent)
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      #expect(detail.log.suffix(2) == ["willDisappear[movingFrom]", "didDisappear[movingFrom]"])
      #expect(list.log.suffix(2) == ["willAppear", "didAppear"])
      #expect(!detail.isMovingFromParent)
      // Not animated: the same flags.
      let other = FlagRecorder("Other")
      nav.pushViewController(other, animated: false)
      sim.runUntilIdle()
      #expect(other.log == ["willAppear[movingTo]", "didAppear[movingTo]"])
    }
  }

  @Test("isBeingPresented in the presented controller's viewWillAppear and viewDidAppear; isBeingDismissed in its disappear calls; both false after")
  func presentedFlags() {
    Simulation.run { sim in
      let home = FlagRecorder("Home"), sheet = FlagRecorder("Sheet")
      _ = showing(home, in: sim)
      sheet.modalPresentationStyle = .fullScreen
      home.present(sheet, animated: true)
      sim.runUntilIdle()
      #expect(sheet.log == ["willAppear[presented]", "didAppear[presented]"])
      #expect(!sheet.isBeingPresented)
      #expect(home.log.suffix(2) == ["willDisappear", "didDisappear"], "the presenter is neither presented nor dismissed")
      sheet.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(sheet.log.suffix(2) == ["willDisappear[dismissed]", "didDisappear[dismissed]"])
      #expect(!sheet.isBeingDismissed)
    }
  }
}
