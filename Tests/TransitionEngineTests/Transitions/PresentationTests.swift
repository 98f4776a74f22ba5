import Testing
@testable import TransitionEngine

/// A controller that logs its appearance callbacks.
final class LoggingController: UIViewController {
  var log: [String] = []
  convenience init(_ title: String) {
    self.init()
    self.title = title
  }
  override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
  override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
}

/// An animator that records what the context held when it was called.
final class ProbeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  var presenting = true
  var addToViewOnDismissal = false
  var containerAtStart: [String] = []
  var viewsForKeys: (from: Bool, to: Bool) = (false, false)
  var frames: [String: CGRect] = [:]
  var ended: [Bool] = []

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

  func animateTransition(using ctx: UIViewControllerContextTransitioning) {
    containerAtStart = ctx.containerView.subviews.map(\.diagramLabel)
    viewsForKeys = (ctx.view(forKey: .from) != nil, ctx.view(forKey: .to) != nil)
    let fromVC = ctx.viewController(forKey: .from)!, toVC = ctx.viewController(forKey: .to)!
    frames = ["from.initial": ctx.initialFrame(for: fromVC), "from.final": ctx.finalFrame(for: fromVC),
              "to.initial": ctx.initialFrame(for: toVC), "to.final": ctx.finalFrame(for: toVC)]
    if presenting {
      let view = ctx.view(forKey: .to) ?? toVC.view!
      view.frame = ctx.finalFrame(for: toVC).offsetBy(dx: 320, dy: 0)
      ctx.containerView.addSubview(view)
      UIView.animate(withDuration: 0.5, animations: { view.frame = ctx.finalFrame(for: toVC) }) { _ in
        ctx.completeTransition(!ctx.transitionWasCancelled)
      }
    } else {
      let fromView = ctx.view(forKey: .from)!
      if addToViewOnDismissal {
        // The classic mistake: always adding the "to" view.
        ctx.containerView.insertSubview(toVC.view, belowSubview: fromView)
      } else if let toView = ctx.view(forKey: .to) {
        ctx.containerView.insertSubview(toView, belowSubview: fromView)
      }
      UIView.animate(withDuration: 0.5, animations: { fromView.frame.origin.x += 320 }) { _ in
        ctx.completeTransition(!ctx.transitionWasCancelled)
      }
    }
  }

  func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class ProbeDelegate: NSObject, UIViewControllerTransitioningDelegate {
  let animator = ProbeAnimator()
  var makePresentationController: ((UIViewController, UIViewController?) -> UIPresentationController)?

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    animator.presenting = true
    return animator
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    animator.presenting = false
    return animator
  }

  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController? {
    makePresentationController?(presented, presenting)
  }
}

final class SmallCard: UIPresentationController {
  override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 80, y: 280, width: 160, height: 100) }
}

/// A window showing `root`, on screen.
func showing(_ root: UIViewController, in sim: Simulation) -> UIWindow {
  let window = UIWindow()
  window.rootViewController = root
  window.makeKeyAndVisible()
  sim.advance(by: 0)
  return window
}

func trace(_ sim: Simulation, from start: Int = 0) -> [String] {
  sim.trace[start...].filter { $0.kind != .hierarchy && $0.kind != .note }.map { event in
    let result = event.result.map { " -> \($0)" } ?? ""
    return "\(event.receiver).\(event.message)\(result)"
  }
}

/// Modal presentation: UIKit's call order, the container, what completion removes.
@Suite struct PresentationTests {
  @Test("Custom presentation: the whole call sequence, in UIKit's order")
  func customPresentationOrder() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.makePresentationController = { SmallCard(presentedViewController: $0, presenting: $1) }
      menu.modalPresentationStyle = .custom
      menu.transitioningDelegate = delegate
      let start = sim.trace.count
      var completed = false
      home.present(menu, animated: true) { completed = true }
      #expect(home.presentedViewController === menu, "set at once")
      #expect(menu.isBeingPresented)
      #expect(trace(sim, from: start) == [
        "Home.present(Menu, animated: true)",
        "ProbeDelegate.presentationController(forPresented:presenting:source:) -> SmallCard",
        "ProbeDelegate.animationController(forPresented:presenting:source:) -> ProbeAnimator",
      ], "the delegate is asked inside present(); the rest waits for the next run-loop turn")
      #expect(menu.log.isEmpty, "no appearance call yet")
      sim.runUntilIdle()
      #expect(completed)
      #expect(trace(sim, from: start) == [
        "Home.present(Menu, animated: true)",
        "ProbeDelegate.presentationController(forPresented:presenting:source:) -> SmallCard",
        "ProbeDelegate.animationController(forPresented:presenting:source:) -> ProbeAnimator",
        "SmallCard.presentationTransitionWillBegin()",
        "Menu.viewWillAppear(true)",
        "ProbeAnimator.transitionDuration(using:) -> 0.5",
        "ProbeAnimator.animateTransition(using:)",
        "SmallCard.containerViewWillLayoutSubviews()",
        "SmallCard.containerViewDidLayoutSubviews()",
        "ProbeAnimator.completeTransition(true)",
        "SmallCard.presentationTransitionDidEnd(true)",
        "Menu.viewDidAppear(true)",
        "ProbeAnimator.animationEnded(true)",
      ])
      #expect(home.log == ["willAppear", "didAppear"], ".custom: the presenter gets no disappear callbacks")
      #expect(!menu.isBeingPresented)
    }
  }

  @Test("The delegate is asked inside present() and dismiss(): a delegate gone afterwards still animated the presentation")
  func delegateAskedSynchronously() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      menu.modalPresentationStyle = .fullScreen
      var asked: [String] = []
      do {
        let delegate = ProbeDelegate()   // only this scope keeps it
        menu.transitioningDelegate = delegate
        home.present(menu, animated: true)
        asked = trace(sim).filter { $0.hasPrefix("ProbeDelegate.") }
        withExtendedLifetime(delegate) {}
      }
      #expect(asked == ["ProbeDelegate.animationController(forPresented:presenting:source:) -> ProbeAnimator"])
      #expect(menu.transitioningDelegate == nil, "the weak delegate is gone")
      sim.runUntilIdle()
      #expect(trace(sim).contains("ProbeAnimator.animateTransition(using:)"), "the vended animator ran")
      #expect(home.presentedViewController === menu)
      let start = sim.trace.count
      home.dismiss(animated: true)
      #expect(trace(sim, from: start) == ["Home.dismiss(animated: true)"], "no delegate left to ask")
      sim.runUntilIdle()
      #expect(!trace(sim, from: start).contains("ProbeAnimator.animateTransition(using:)"),
              "the dismissal falls back to UIKit's own animation")
      #expect(home.presentedViewController == nil)
    }
  }

  @Test(".custom keeps the presenter: view(forKey: .from) is nil, the container starts empty")
  func customContainer() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      let window = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.makePresentationController = { SmallCard(presentedViewController: $0, presenting: $1) }
      menu.modalPresentationStyle = .custom
      menu.transitioningDelegate = delegate
      home.present(menu, animated: true)
      sim.runUntilIdle()
      #expect(delegate.animator.containerAtStart == [])
      #expect(delegate.animator.viewsForKeys == (false, true))
      #expect(delegate.animator.frames["to.initial"] == .zero)
      #expect(delegate.animator.frames["to.final"] == CGRect(x: 80, y: 280, width: 160, height: 100))
      #expect(home.view.window === window, "the presenter stays on screen")
      #expect(window.subviews.map(\.diagramLabel) == ["Home", "UITransitionView"])
    }
  }

  @Test("presentedView is read after presentationTransitionWillBegin: a wrapper built there reaches the animator")
  func wrapperFromWillBegin() {
    final class WrappingCard: UIPresentationController {
      var wrapper: UIView?
      override var presentedView: UIView? { wrapper }
      override func presentationTransitionWillBegin() {
        let wrapper = UIView()
        wrapper.accessibilityIdentifier = "wrapper"
        wrapper.addSubview(presentedViewController.view)
        self.wrapper = wrapper
      }
    }
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      let window = showing(home, in: sim)
      let delegate = ProbeDelegate()
      var card: WrappingCard?
      delegate.makePresentationController = {
        let made = WrappingCard(presentedViewController: $0, presenting: $1)
        card = made
        return made
      }
      menu.modalPresentationStyle = .custom
      menu.transitioningDelegate = delegate
      home.present(menu, animated: true)
      sim.runUntilIdle()
      #expect(card?.wrapper != nil)
      #expect(card?.wrapper?.superview?.superview === window, "the animator added the wrapper, not the bare view")
      #expect(menu.view.superview === card?.wrapper)
      menu.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(window.subviews.map(\.diagramLabel) == ["Home"])
    }
  }

  @Test(".fullScreen moves the presenter's view into the container, then removes it; dismissal puts it back")
  func fullScreen() {
    Simulation.run { sim in
      let home = LoggingController("Home"), detail = LoggingController("Detail")
      let window = showing(home, in: sim)
      let delegate = ProbeDelegate()
      detail.modalPresentationStyle = .fullScreen
      detail.transitioningDelegate = delegate
      home.present(detail, animated: true)
      sim.runUntilIdle()
      #expect(delegate.animator.containerAtStart == ["Home"])
      #expect(delegate.animator.viewsForKeys == (true, true))
      #expect(delegate.animator.frames["from.final"] == .zero, "the from view will be removed")
      #expect(home.view.window == nil)
      #expect(home.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
      home.log = []
      detail.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(delegate.animator.viewsForKeys == (true, true), "dismissal: the animator must add the presenter's view")
      #expect(home.view.window === window)
      #expect(window.subviews.map(\.diagramLabel) == ["Home"])
      #expect(home.log == ["willAppear", "didAppear"])
      #expect(detail.log.suffix(2) == ["willDisappear", "didDisappear"])
      #expect(home.presentedViewController == nil)
      #expect(detail.presentingViewController == nil)
    }
  }

  @Test("The classic black screen: adding the presenter's view during a .custom dismissal loses it")
  func blackScreenAfterCustomDismissal() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.animator.addToViewOnDismissal = true
      menu.modalPresentationStyle = .overCurrentContext
      menu.transitioningDelegate = delegate
      home.present(menu, animated: true)
      sim.runUntilIdle()
      menu.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(home.view.window == nil, "UIKit removed the container with the presenter's view inside")
      #expect(sim.capture().layers.map(\.label) == ["UIWindow"])
      #expect(sim.diagnostics.contains { $0.message.contains("is no longer in the window") })
    }
  }

  @Test(".custom without a transitioning delegate: a warning, then UIKit's full-screen default")
  func customWithoutDelegate() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      menu.modalPresentationStyle = .custom
      home.present(menu, animated: true)
      sim.runUntilIdle()
      #expect(sim.diagnostics.first?.message.contains("no transitioningDelegate") == true)
      #expect(home.view.window == nil, "presented full screen")
      #expect(menu.view.frame == CGRect(x: 0, y: 0, width: 320, height: 568))
    }
  }

  @Test("UIKit's warnings: presenting twice, while a presentation is in progress, from off screen")
  func presentationWarnings() {
    Simulation.run { sim in
      let home = LoggingController("Home")
      _ = showing(home, in: sim)
      let a = LoggingController("A"), b = LoggingController("B")
      home.present(a, animated: true)
      home.present(b, animated: true)
      #expect(sim.diagnostics.last?.message.hasSuffix("which is already presenting \(a.debugDescriptor).") == true)
      sim.runUntilIdle()
      let offscreen = LoggingController("Off")
      offscreen.present(LoggingController("C"), animated: true)
      #expect(sim.diagnostics.last?.message.hasSuffix("whose view is not in the window hierarchy.") == true)
      a.dismiss(animated: true)
      a.dismiss(animated: true)
      sim.advance(by: 0.1)
      a.present(b, animated: true)
      #expect(sim.diagnostics.last?.message.hasSuffix("while a presentation is in progress.") == true)
    }
  }

  @Test("completeTransition twice, and never: both reported")
  func completionMisuse() {
    final class Twice: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
      var complete = 2
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
      func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
        UIView.animate(withDuration: 0.3, animations: { ctx.view(forKey: .to)!.alpha = 0.5 }) { _ in
          for _ in 0..<self.complete { ctx.completeTransition(true) }
        }
      }
      func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                               source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
      func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    }
    Simulation.run { sim in
      let home = LoggingController("Home")
      _ = showing(home, in: sim)
      let animator = Twice()
      let a = LoggingController("A")
      a.transitioningDelegate = animator
      a.modalPresentationStyle = .fullScreen
      home.present(a, animated: true)
      sim.runUntilIdle()
      #expect(sim.diagnostics.map(\.message).contains { $0.hasPrefix("completeTransition(_:) was called more than once") })
      animator.complete = 0
      a.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(sim.diagnostics.map(\.message).contains { $0.contains("never called completeTransition(_:)") })
      #expect(a.presentingViewController === home, "the dismissal never finished")
    }
  }

  @Test("Without an animator, UIKit's cover-vertical animation slides the presented view up")
  func defaultCoverVertical() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      sheet.modalPresentationStyle = .fullScreen
      home.present(sheet, animated: true)
      sim.advance(to: 0.25)
      let y = sim.capture().layers.first { $0.label == "Sheet" }!.quad[0].y
      #expect(y > 0 && y < 568)
      sim.runUntilIdle()
      #expect(sheet.view.frame.minY == 0)
    }
  }

  @Test(".automatic on an iPhone is a sheet: the presenter stays and gets no disappear calls")
  func automaticIsSheet() {
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      home.present(sheet, animated: true)
      sim.runUntilIdle()
      #expect(sheet.view.frame == CGRect(x: 0, y: 40, width: 320, height: 528))
      #expect(home.log == ["willAppear", "didAppear"])
      #expect(home.view.window != nil)
    }
  }

  @Test("The transition coordinator runs alongside animations and completion blocks, and exists only during the transition")
  func coordinator() {
    final class Dimming: UIPresentationController {
      let dimmingView = UIView()
      var sawCoordinator = false
      override func presentationTransitionWillBegin() {
        dimmingView.frame = containerView!.bounds
        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.5)
        dimmingView.alpha = 0
        containerView!.insertSubview(dimmingView, at: 0)
        sawCoordinator = presentedViewController.transitionCoordinator != nil
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
          self.dimmingView.alpha = 1
        })
      }
      override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 0, y: 300, width: 320, height: 268) }
    }
    Simulation.run { sim in
      let home = LoggingController("Home"), sheet = LoggingController("Sheet")
      _ = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.makePresentationController = { Dimming(presentedViewController: $0, presenting: $1) }
      sheet.modalPresentationStyle = .custom
      sheet.transitioningDelegate = delegate
      home.present(sheet, animated: true)
      sim.advance(to: 0.25)
      let dimming = sheet.presentationController as! Dimming
      #expect(dimming.sawCoordinator)
      let shown = Double(dimming.dimmingView.layer.presentation()!.opacity)
      #expect(shown > 0.3 && shown < 0.7)
      sim.runUntilIdle()
      #expect(sheet.transitionCoordinator == nil)
    }
  }
}

/// Whole call sequences for the other kinds of transition.
@Suite struct CallSequenceTests {
  @Test("Custom dismissal: the whole sequence")
  func customDismissal() {
    Simulation.run { sim in
      let home = LoggingController("Home"), menu = LoggingController("Menu")
      _ = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.makePresentationController = { SmallCard(presentedViewController: $0, presenting: $1) }
      menu.modalPresentationStyle = .custom
      menu.transitioningDelegate = delegate
      home.present(menu, animated: true)
      sim.runUntilIdle()
      let start = sim.trace.count
      var done = false
      menu.dismiss(animated: true) { done = true }
      sim.runUntilIdle()
      #expect(done)
      #expect(trace(sim, from: start) == [
        "Menu.dismiss(animated: true)",
        "ProbeDelegate.animationController(forDismissed:) -> ProbeAnimator",
        "SmallCard.dismissalTransitionWillBegin()",
        "Menu.viewWillDisappear(true)",
        "ProbeAnimator.transitionDuration(using:) -> 0.5",
        "ProbeAnimator.animateTransition(using:)",
        "ProbeAnimator.completeTransition(true)",
        "SmallCard.dismissalTransitionDidEnd(true)",
        "Menu.viewDidDisappear(true)",
        "ProbeAnimator.animationEnded(true)",
      ])
      #expect(home.log == ["willAppear", "didAppear"], ".custom: the presenter gets no appear callbacks on dismissal")
    }
  }

  @Test("Pop with a delegate: the whole sequence")
  func pop() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      _ = showing(nav, in: sim)
      nav.pushViewController(detail, animated: false)
      sim.runUntilIdle()
      let delegate = NavDelegate()
      nav.delegate = delegate
      let start = sim.trace.count
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      #expect(trace(sim, from: start) == [
        "UINavigationController.popViewController(animated: true)",
        "NavDelegate.navigationController(_:animationControllerFor: .pop, from:to:) -> PushAnimator",
        "NavDelegate.navigationController(_:interactionControllerFor:) -> nil",
        "Detail.viewWillDisappear(true)",
        "List.viewWillAppear(true)",
        "PushAnimator.transitionDuration(using:) -> 0.4",
        "PushAnimator.animateTransition(using:)",
        "PushAnimator.completeTransition(true)",
        "Detail.viewDidDisappear(true)",
        "List.viewDidAppear(true)",
        "NavDelegate.navigationController(_:didShow: List, animated:)",
      ])
    }
  }

  @Test("Interactive push cancelled: the whole sequence, with the reversed appearance calls")
  func interactiveCancel() {
    Simulation.run { sim in
      let list = LoggingController("List"), detail = LoggingController("Detail")
      let nav = UINavigationController(rootViewController: list)
      let delegate = NavDelegate()
      delegate.interactor = UIPercentDrivenInteractiveTransition()
      nav.delegate = delegate
      _ = showing(nav, in: sim)
      let start = sim.trace.count
      nav.pushViewController(detail, animated: true)
      delegate.interactor!.update(0.3)
      delegate.interactor!.cancel()
      sim.runUntilIdle()
      #expect(trace(sim, from: start) == [
        "UINavigationController.pushViewController(Detail, animated: true)",
        "NavDelegate.navigationController(_:animationControllerFor: .push, from:to:) -> PushAnimator",
        "NavDelegate.navigationController(_:interactionControllerFor:) -> UIPercentDrivenInteractiveTransition",
        "List.viewWillDisappear(true)",
        "Detail.viewWillAppear(true)",
        "PushAnimator.transitionDuration(using:) -> 0.4",
        "UIPercentDrivenInteractiveTransition.startInteractiveTransition(_:)",
        "PushAnimator.animateTransition(using:)",
        "UIPercentDrivenInteractiveTransition.updateInteractiveTransition(0.3)",
        "UIPercentDrivenInteractiveTransition.cancelInteractiveTransition()",
        "PushAnimator.completeTransition(false)",
        "Detail.viewWillDisappear(true)",
        "Detail.viewDidDisappear(true)",
        "List.viewWillAppear(true)",
        "List.viewDidAppear(true)",
      ])
      #expect(nav.viewControllers == [list])
    }
  }

  @Test("An interactive transition whose animator makes no UIView animation is reported")
  func nothingToDrive() {
    final class Manual: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
      let interactor = UIPercentDrivenInteractiveTransition()
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
      func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
      }
      func navigationController(_ navigationController: UINavigationController,
                                animationControllerFor operation: UINavigationController.Operation,
                                from fromVC: UIViewController, to toVC: UIViewController)
        -> UIViewControllerAnimatedTransitioning? { self }
      func navigationController(_ navigationController: UINavigationController,
                                interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interactor }
    }
    Simulation.run { sim in
      let nav = UINavigationController(rootViewController: LoggingController("A"))
      let manual = Manual()
      nav.delegate = manual
      _ = showing(nav, in: sim)
      nav.pushViewController(LoggingController("B"), animated: true)
      #expect(sim.diagnostics.last?.message.contains("created no UIView animation") == true)
    }
  }
}

/// Lifetimes: once a transition is over, UIKit lets go of its context, and
/// the context is what retained both controllers (Apple's CustomTransitions
/// sample keeps its own reference to the context weak for that reason).
@Suite struct TransitionLifetimeTests {
  @Test("A dismissed controller is released once the dismissal is over, animated or not, whatever its style")
  func dismissedControllerIsReleased() {
    Simulation.run { sim in
      let home = LoggingController("Home")
      _ = showing(home, in: sim)
      for (style, animated) in [(UIModalPresentationStyle.fullScreen, true), (.fullScreen, false),
                                (.pageSheet, true), (.overFullScreen, true)] {
        weak var gone: UIViewController?
        do {
          let menu = LoggingController("Menu")
          menu.modalPresentationStyle = style
          gone = menu
          home.present(menu, animated: animated)
        }
        sim.runUntilIdle()
        #expect(gone != nil, "presented: UIKit keeps it")
        home.dismiss(animated: animated)
        sim.runUntilIdle()
        #expect(gone == nil, "\(style) animated: \(animated): released after the dismissal")
      }
    }
  }

  @Test("A custom presentation: the delegate's animator is done with, the presented controller is released")
  func customDismissalReleases() {
    Simulation.run { sim in
      let home = LoggingController("Home")
      _ = showing(home, in: sim)
      let delegate = ProbeDelegate()
      delegate.makePresentationController = { SmallCard(presentedViewController: $0, presenting: $1) }
      weak var gone: UIViewController?
      do {
        let menu = LoggingController("Menu")
        menu.modalPresentationStyle = .custom
        menu.transitioningDelegate = delegate
        gone = menu
        home.present(menu, animated: true)
      }
      sim.runUntilIdle()
      home.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(gone == nil)
    }
  }

  @Test("A completeTransition long after the first is still reported, once the run is gone")
  func lateSecondCompletionIsReported() {
    final class Hasty: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
      func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
      func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
        ctx.completeTransition(true)
        UIView.animate(withDuration: 0.4, animations: { ctx.view(forKey: .to)?.alpha = 0.5 }) { _ in
          ctx.completeTransition(true)
        }
      }
      func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                               source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    }
    Simulation.run { sim in
      let home = LoggingController("Home")
      _ = showing(home, in: sim)
      let animator = Hasty()
      let a = LoggingController("A")
      a.transitioningDelegate = animator
      a.modalPresentationStyle = .fullScreen
      home.present(a, animated: true)
      sim.runUntilIdle()
      #expect(sim.diagnostics.map(\.message).filter { $0.hasPrefix("completeTransition(_:) was called more than once") }.count == 1)
    }
  }

  @Test("A popped controller is released once the pop is over")
  func poppedControllerIsReleased() {
    Simulation.run { sim in
      let nav = UINavigationController(rootViewController: LoggingController("Root"))
      _ = showing(nav, in: sim)
      weak var gone: UIViewController?
      do {
        let detail = LoggingController("Detail")
        gone = detail
        nav.pushViewController(detail, animated: true)
      }
      sim.runUntilIdle()
      #expect(gone != nil)
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      #expect(gone == nil)
    }
  }
}
