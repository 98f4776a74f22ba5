import Testing
import TransitionDiagrams
import TransitionEngine

// Golden call traces of the five dances, built by hand in the order
// UIKit uses (UIKIT-SEMANTICS §1) with the receivers and messages the
// engine records.

@Suite("Call traces")
struct CallTraceTests {
  private typealias E = TraceEvent

  @Test func aCustomPresentation() {
    let trace: [E] = [
      E(time: 0, kind: .appCall, receiver: "Home", message: "present(Detail, animated: true)"),
      E(time: 0, kind: .call, receiver: "CardTransitionDelegate",
        message: "presentationController(forPresented:presenting:source:)", result: "CardPresentationController"),
      E(time: 0, kind: .call, receiver: "CardTransitionDelegate",
        message: "animationController(forPresented:presenting:source:)", result: "CardAnimator"),
      E(time: 0, kind: .call, receiver: "CardTransitionDelegate",
        message: "interactionControllerForPresentation(using:)", result: "nil"),
      E(time: 0, kind: .hierarchy, receiver: "UIKit", message: "adds the container view (UITransitionView) to the window"),
      E(time: 0, kind: .call, receiver: "CardPresentationController", message: "presentationTransitionWillBegin()"),
      E(time: 0, kind: .call, receiver: "Detail", message: "viewWillAppear(true)"),
      E(time: 0, kind: .call, receiver: "CardAnimator", message: "transitionDuration(using:)", result: "0.35"),
      E(time: 0, kind: .call, receiver: "CardAnimator", message: "animateTransition(using:)"),
      E(time: 0.35, kind: .appCall, receiver: "CardAnimator", message: "completeTransition(true)"),
      E(time: 0.35, kind: .call, receiver: "CardPresentationController", message: "presentationTransitionDidEnd(true)",
        depth: 1),
      E(time: 0.35, kind: .call, receiver: "Detail", message: "viewDidAppear(true)", depth: 1),
      E(time: 0.35, kind: .call, receiver: "CardAnimator", message: "animationEnded(true)", depth: 1),
      E(time: 0.35, kind: .note, receiver: "UIKit", message: "present(_:animated:completion:) completion", depth: 1),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "present")
  }

  @Test func aCustomDismissal() {
    let trace: [E] = [
      E(time: 1, kind: .appCall, receiver: "Detail", message: "dismiss(animated: true)"),
      E(time: 1, kind: .call, receiver: "CardTransitionDelegate", message: "animationController(forDismissed:)",
        result: "CardAnimator"),
      E(time: 1, kind: .call, receiver: "CardTransitionDelegate", message: "interactionControllerForDismissal(using:)",
        result: "nil"),
      E(time: 1, kind: .call, receiver: "CardPresentationController", message: "dismissalTransitionWillBegin()"),
      E(time: 1, kind: .call, receiver: "Detail", message: "viewWillDisappear(true)"),
      E(time: 1, kind: .call, receiver: "CardAnimator", message: "transitionDuration(using:)", result: "0.35"),
      E(time: 1, kind: .call, receiver: "CardAnimator", message: "animateTransition(using:)"),
      E(time: 1.35, kind: .appCall, receiver: "CardAnimator", message: "completeTransition(true)"),
      E(time: 1.35, kind: .call, receiver: "CardPresentationController", message: "dismissalTransitionDidEnd(true)",
        depth: 1),
      E(time: 1.35, kind: .hierarchy, receiver: "UIKit", message: "removes the container view and everything in it",
        depth: 1),
      E(time: 1.35, kind: .call, receiver: "Detail", message: "viewDidDisappear(true)", depth: 1),
      E(time: 1.35, kind: .call, receiver: "CardAnimator", message: "animationEnded(true)", depth: 1),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "dismiss")
  }

  @Test func aPush() {
    let trace: [E] = [
      E(time: 0, kind: .appCall, receiver: "Navigation", message: "pushViewController(Detail, animated: true)"),
      E(time: 0, kind: .call, receiver: "NavigationDelegate",
        message: "navigationController(_:animationControllerFor: .push, from:to:)", result: "ZoomAnimator"),
      E(time: 0, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:interactionControllerFor:)",
        result: "nil"),
      E(time: 0, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:willShow: Detail, animated:)"),
      E(time: 0, kind: .call, receiver: "List", message: "viewWillDisappear(true)"),
      E(time: 0, kind: .call, receiver: "Detail", message: "viewWillAppear(true)"),
      E(time: 0, kind: .call, receiver: "ZoomAnimator", message: "transitionDuration(using:)", result: "0.4"),
      E(time: 0, kind: .call, receiver: "ZoomAnimator", message: "animateTransition(using:)"),
      E(time: 0.4, kind: .appCall, receiver: "ZoomAnimator", message: "completeTransition(true)"),
      E(time: 0.4, kind: .hierarchy, receiver: "UIKit", message: "removes List's view from the container", depth: 1),
      E(time: 0.4, kind: .call, receiver: "List", message: "viewDidDisappear(true)", depth: 1),
      E(time: 0.4, kind: .call, receiver: "Detail", message: "viewDidAppear(true)", depth: 1),
      E(time: 0.4, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:didShow: Detail, animated:)",
        depth: 1),
      E(time: 0.4, kind: .call, receiver: "ZoomAnimator", message: "animationEnded(true)", depth: 1),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "push")
  }

  @Test func aPop() {
    let trace: [E] = [
      E(time: 2, kind: .appCall, receiver: "Navigation", message: "popViewController(animated: true)"),
      E(time: 2, kind: .call, receiver: "NavigationDelegate",
        message: "navigationController(_:animationControllerFor: .pop, from:to:)", result: "ZoomAnimator"),
      E(time: 2, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:interactionControllerFor:)",
        result: "nil"),
      E(time: 2, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:willShow: List, animated:)"),
      E(time: 2, kind: .call, receiver: "Detail", message: "viewWillDisappear(true)"),
      E(time: 2, kind: .call, receiver: "List", message: "viewWillAppear(true)"),
      E(time: 2, kind: .call, receiver: "ZoomAnimator", message: "transitionDuration(using:)", result: "0.4"),
      E(time: 2, kind: .call, receiver: "ZoomAnimator", message: "animateTransition(using:)"),
      E(time: 2.4, kind: .appCall, receiver: "ZoomAnimator", message: "completeTransition(true)"),
      E(time: 2.4, kind: .hierarchy, receiver: "UIKit", message: "removes Detail's view from the container", depth: 1),
      E(time: 2.4, kind: .call, receiver: "Detail", message: "viewDidDisappear(true)", depth: 1),
      E(time: 2.4, kind: .call, receiver: "List", message: "viewDidAppear(true)", depth: 1),
      E(time: 2.4, kind: .call, receiver: "NavigationDelegate", message: "navigationController(_:didShow: List, animated:)",
        depth: 1),
      E(time: 2.4, kind: .call, receiver: "ZoomAnimator", message: "animationEnded(true)", depth: 1),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "pop")
  }

  @Test func anInteractivePopThatIsCancelled() {
    let trace: [E] = [
      E(time: 0, kind: .note, receiver: "touch", message: "down at (4, 300)"),
      E(time: 0.05, kind: .appCall, receiver: "Navigation", message: "popViewController(animated: true)"),
      E(time: 0.05, kind: .call, receiver: "NavigationDelegate",
        message: "navigationController(_:animationControllerFor: .pop, from:to:)", result: "SlideAnimator"),
      E(time: 0.05, kind: .call, receiver: "NavigationDelegate",
        message: "navigationController(_:interactionControllerFor:)", result: "UIPercentDrivenInteractiveTransition"),
      E(time: 0.05, kind: .call, receiver: "Detail", message: "viewWillDisappear(true)"),
      E(time: 0.05, kind: .call, receiver: "List", message: "viewWillAppear(true)"),
      E(time: 0.05, kind: .call, receiver: "SlideAnimator", message: "transitionDuration(using:)", result: "0.3"),
      E(time: 0.05, kind: .call, receiver: "UIPercentDrivenInteractiveTransition",
        message: "startInteractiveTransition(_:)"),
      E(time: 0.05, kind: .call, receiver: "SlideAnimator", message: "animateTransition(using:)", depth: 1),
      E(time: 0.1, kind: .appCall, receiver: "context", message: "updateInteractiveTransition(0.1)"),
      E(time: 0.2, kind: .appCall, receiver: "context", message: "updateInteractiveTransition(0.25)"),
      E(time: 0.3, kind: .note, receiver: "touch", message: "up at (84, 300)"),
      E(time: 0.3, kind: .appCall, receiver: "context", message: "cancelInteractiveTransition()"),
      E(time: 0.375, kind: .appCall, receiver: "SlideAnimator", message: "completeTransition(false)"),
      E(time: 0.375, kind: .hierarchy, receiver: "UIKit", message: "removes List's view from the container", depth: 1),
      E(time: 0.375, kind: .call, receiver: "List", message: "viewWillDisappear(true)", depth: 1),
      E(time: 0.375, kind: .call, receiver: "List", message: "viewDidDisappear(true)", depth: 1),
      E(time: 0.375, kind: .call, receiver: "Detail", message: "viewWillAppear(true)", depth: 1),
      E(time: 0.375, kind: .call, receiver: "Detail", message: "viewDidAppear(true)", depth: 1),
      E(time: 0.375, kind: .call, receiver: "SlideAnimator", message: "animationEnded(false)", depth: 1),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "interactive-pop-cancelled")
  }

  @Test func warningsStandOut() {
    let trace: [E] = [
      E(time: 0, kind: .appCall, receiver: "Home", message: "present(Detail, animated: true)"),
      E(time: 0, kind: .warning, receiver: "UIKit",
        message: "Attempt to present Detail on Home which is already presenting Sheet"),
    ]
    assertDiagramSnapshot(of: trace, as: .callTrace, named: "warning")
  }

  @Test func timesAreRoundedToMilliseconds() {
    let trace = [E(time: 1.0 / 3, kind: .note, receiver: "UIKit", message: "a third")]
    #expect(TraceRenderer().render(trace).contains("0.333  -- UIKit"))
  }
}
