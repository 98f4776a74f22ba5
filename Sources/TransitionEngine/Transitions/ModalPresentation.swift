// Modal presentation and dismissal: UIKit's transition dance.
//
// Order of a presentation (Apple's "Customizing the Transition Animations"
// and "Creating Custom Presentations"; the interleaving of appearance calls
// is not documented — the engine's order is the one suggested in
// UIKIT-SEMANTICS §1a):
//
//   present(_:animated:completion:)                      [the call; the delegate's answers at once, inside it]
//   (.custom) presentationController(forPresented:presenting:source:)
//   animationController(forPresented:presenting:source:)
//   interactionControllerForPresentation(using:)          [only if an animator was returned]
//   ---- the transition coordinator exists from here until the end ----
//   ---- the rest on the next run-loop turn ----
//   (.custom) presentationTransitionWillBegin()
//   presenter.viewWillDisappear                           [only if the presenter's view is removed]
//   presented.viewWillAppear
//   transitionDuration(using:)
//   animateTransition(using:) | startInteractiveTransition(_:)
//   … completeTransition(_:)
//   (.custom) presentationTransitionDidEnd(_:)
//   coordinator completion blocks
//   presenter.viewDidDisappear, presented.viewDidAppear
//   animationEnded(_:)
//   the completion block of present(_:animated:completion:)

enum ModalPresentation {
  // MARK: Styles

  /// The style a compact-width iPhone shows: `.automatic`, `.formSheet` and
  /// `.pageSheet` are sheets; a popover stays `.popover` here and adapts at
  /// `present` (UIPopoverPresentationController.swift: a sheet by default).
  static func resolvedStyle(_ style: UIModalPresentationStyle) -> UIModalPresentationStyle {
    switch style {
    case .automatic, .formSheet: return .pageSheet
    case .blurOverFullScreen, .none: return .fullScreen
    default: return style
    }
  }

  /// Whether the presenter's view leaves the window when the presentation completes.
  static func removesPresentersView(_ style: UIModalPresentationStyle, _ controller: UIPresentationController?) -> Bool {
    switch style {
    case .fullScreen, .currentContext: return true
    case .custom: return controller?.shouldRemovePresentersView ?? true
    default: return false
    }
  }

  /// The controller that actually presents: the presentation context.
  /// Full-screen styles present from the root of the presenter's parent
  /// chain; current-context styles from the nearest ancestor that
  /// `definesPresentationContext` (Apple: "the root view controller of the
  /// window, a parent view controller that is marked as defining the current
  /// context, or the last view controller that was presented").
  static func presentationContext(for presenter: UIViewController, style: UIModalPresentationStyle) -> UIViewController {
    if style == .currentContext || style == .overCurrentContext {
      var current: UIViewController? = presenter
      while let c = current {
        if c.definesPresentationContext { return c }
        current = c.parent
      }
    }
    var root = presenter
    while let parent = root.parent { root = parent }
    return root
  }

  /// A presentation controller for `presented`: the delegate's for `.custom`
  /// (nil → UIKit presents full screen), UIKit's own otherwise.
  static func makePresentationController(for presented: UIViewController, presenting: UIViewController?,
                                         source: UIViewController?) -> UIPresentationController {
    let style = resolvedStyle(for: presented)
    let simulation = presented.simulation
    if style == .custom, let delegate = presented.transitioningDelegate {
      let vended = simulation.askDelegate(delegate, "presentationController(forPresented:presenting:source:)",
                                          answer: objectName) {
        delegate.presentationController(forPresented: presented, presenting: presenting,
                                        source: source ?? presenting ?? presented)
      }
      if let controller = vended { return controller }
      // No presentation controller vended: UIKit's base presentation
      // controller, which fills the container and keeps the presenter's view
      // (shouldRemovePresentersView is false), as the iOS 7-era custom
      // transitions rely on.
      return UIPresentationController(presentedViewController: presented, presenting: presenting)
    }
    switch style {
    case .pageSheet: return UISheetPresentationController(presentedViewController: presented, presenting: presenting)
    case .popover: return UIPopoverPresentationController(presentedViewController: presented, presenting: presenting)
    case .overFullScreen, .overCurrentContext:
      return OverPresentationController(presentedViewController: presented, presenting: presenting)
    default: return FullscreenPresentationController(presentedViewController: presented, presenting: presenting)
    }
  }

  // MARK: Present

  static func present(_ presented: UIViewController, from source: UIViewController, animated: Bool,
                      completion: (() -> Void)?) {
    let simulation = source.simulation
    simulation.record(.appCall, source.traceName, "present(\(presented.traceName), animated: \(animated))")
    let style = resolvedStyle(for: presented)
    let presenter = presentationContext(for: source, style: style)
    // UIKit's checks, with UIKit's wording.
    if presented.presentingViewController != nil || presented.isBeingPresented {
      simulation.warn("Application tried to present modally a view controller \(presented.debugDescriptor) that is already being presented by \(presented.presentingViewController?.debugDescriptor ?? "another controller").")
      return
    }
    if let current = presenter.presentedViewController {
      simulation.warn("Attempt to present \(presented.debugDescriptor) on \(presenter.debugDescriptor) (from \(source.debugDescriptor)) which is already presenting \(current.debugDescriptor).")
      return
    }
    if !simulation.activeTransitions.filter({ $0.kind == .present || $0.kind == .dismiss }).isEmpty {
      simulation.warn("Attempt to present \(presented.debugDescriptor) on \(presenter.debugDescriptor) (from \(source.debugDescriptor)) while a presentation is in progress.")
      return
    }
    if presenter.window == nil {
      simulation.warn("[Presentation] Attempt to present \(presented.debugDescriptor) on \(presenter.debugDescriptor) (from \(source.debugDescriptor)) whose view is not in the window hierarchy.")
      return
    }
    if style == .custom && presented.transitioningDelegate == nil {
      simulation.engineChose("UIViewController.transitioningDelegate")
      simulation.warn("\(presented.debugDescriptor) has modalPresentationStyle .custom but no transitioningDelegate: UIKit asks nobody for an animator or a presentation controller and presents it full screen, with the default animation")
    }
    presenter.presentedViewController = presented
    presenter.presentedStrong = presented
    presented.presentingViewController = presenter
    presented.isBeingPresented = true
    // The delegate is asked at once, inside present(): an app that sets a
    // flag, presents and clears the flag has been answered by then. Only the
    // transition itself waits for the next run-loop turn (Apple: "Presentations
    // start during the next run loop iteration"). Engine choice where Apple
    // is silent; see Guides/TransitionEngine.md.
    let vended = presented.cachedPresentationController
      ?? makePresentationController(for: presented, presenting: presenter, source: source)
    presented.setPresentationController(vended)
    // A sheet's delegate may adapt it (the engine's iPhone is compact width).
    var adapted = (vended as? UISheetPresentationController).flatMap { adaptSheet($0, style: style) }
    // A popover adapts (a sheet by default) unless its delegate says `.none`;
    // a popover that became a sheet runs as its adaptive sheet.
    let popover = style == .popover ? vended as? UIPopoverPresentationController : nil
    if let popover { adapted = popover.adapt(traits: presenter.traitCollection) }
    let controller = popover?.runningController ?? vended
    var animator: UIViewControllerAnimatedTransitioning?
    var interactor: UIViewControllerInteractiveTransitioning?
    if let delegate = presented.transitioningDelegate, animated || style == .custom {
      animator = simulation.askDelegate(delegate, "animationController(forPresented:presenting:source:)",
                                        answer: objectName) {
        delegate.animationController(forPresented: presented, presenting: presenter, source: source)
      }
      if let animator {
        interactor = simulation.askDelegate(delegate, "interactionControllerForPresentation(using:)",
                                            answer: objectName) {
          delegate.interactionControllerForPresentation(using: animator)
        }
      }
    }
    // `.custom` with no delegate at all: UIKit presents full screen.
    let usedStyle: UIModalPresentationStyle = adapted
      ?? ((style == .custom && controller is FullscreenPresentationController) ? .fullScreen : style)
    // The transition and its coordinator exist from here on ("the transition
    // coordinator object associated with a currently active transition"):
    // right after present() returns, both controllers' transitionCoordinator
    // is this one. The container joins the window when the transition starts.
    let container = UITransitionView(frame: .zero)
    container.presentationController = controller
    let context = TransitionContext(containerView: container, isAnimated: animated, presentationStyle: usedStyle,
                                    from: presenter, to: presented)
    let run = TransitionRun(
      kind: .present, simulation: simulation, context: context,
      animator: animator ?? uikitAnimator(for: presented, style: usedStyle, animated: animated, presenting: true,
                                        source: source),
      interactor: interactor)
    simulation.enqueue {
      beginPresentation(presented, presenter: presenter, style: style, usedStyle: usedStyle, run: run,
                        controller: controller, completion: completion)
    }
  }

  private static func beginPresentation(_ presented: UIViewController, presenter: UIViewController,
                                        style: UIModalPresentationStyle, usedStyle: UIModalPresentationStyle,
                                        run: TransitionRun, controller: UIPresentationController,
                                        completion: (() -> Void)?) {
    let simulation = presented.simulation
    let context = run.context
    let animated = context.isAnimated
    presented.loadViewIfNeeded()
    let removesPresenter = removesPresentersView(usedStyle, controller)
    // The container: the window's bounds, or the context's frame for current-context styles.
    let container = context.containerView as! UITransitionView
    let presenterView = presenter.view!
    let presenterSuperview = presenterView.superview
    let presenterIndex = presenterSuperview?.subviews.firstIndex { $0 === presenterView }
    if usedStyle == .currentContext || usedStyle == .overCurrentContext, let parent = presenterSuperview {
      container.frame = presenterView.frame
      parent.insertSubview(container, aboveSubview: presenterView)
    } else if let window = presenter.window {
      container.frame = window.bounds
      container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      window.addSubview(container)
    }
    simulation.record(.hierarchy, "UIKit", "adds the container view (UITransitionView) to the window")
    controller.containerView = container
    if let popover = presented.cachedPresentationController as? UIPopoverPresentationController {
      if popover !== controller { popover.containerView = container }
      popover.popoverPresentationWillBegin()
    }
    // The context: who is where.
    let finalFrame = controller.frameOfPresentedViewInContainerView
    context.frames[ObjectIdentifier(presented)] = (.zero, finalFrame)
    if removesPresenter {
      context.fromView = presenterView
      context.frames[ObjectIdentifier(presenter)] = (container.bounds, .zero)
      // "UIKit temporarily relocates the presenting view controller's view to the container" (Apple sample).
      container.addSubview(presenterView)
      presenterView.frame = container.bounds
      simulation.record(.hierarchy, "UIKit", "moves \(presenter.traceName)'s view into the container")
    } else {
      let frame = presenterView.frame
      context.frames[ObjectIdentifier(presenter)] = (frame, frame)
    }
    if style == .custom {
      controller.traceHook("presentationTransitionWillBegin()")
      simulation.traced { controller.presentationTransitionWillBegin() }
    }
    // UIKit asks for `presentedView` after presentationTransitionWillBegin()
    // (Apple's "Creating Custom Presentations"), so a presentation controller
    // may build a wrapper view there and have the animator receive it.
    context.toView = controller.presentedView ?? presented.view!
    if usedStyle == .pageSheet, let sheet = controller as? UISheetPresentationController {
      sheet.sheetPresentationWillBegin(coordinator: run.coordinator)
    }
    // Appearance: the presenter disappears only if its view is removed.
    if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
    presented.beginAppearanceTransition(true, animated: animated)

    let record = PresentationRecord(
      container: container, controller: controller, style: usedStyle, removesPresenter: removesPresenter,
      presenterSuperview: presenterSuperview, presenterIndex: presenterIndex)
    run.finish = { completed in
      if style == .custom {
        controller.traceHook("presentationTransitionDidEnd(\(completed))")
        controller.presentationTransitionDidEnd(completed)
      }
      (controller as? UISheetPresentationController)?.sheetPresentationDidEnd(completed)
      run.coordinator.runCompletions()
      if completed {
        if removesPresenter {
          presenterView.removeFromSuperview()
          simulation.record(.hierarchy, "UIKit", "removes \(presenter.traceName)'s view from the window")
        }
        if removesPresenter { presenter.endAppearanceTransition() }
        presented.endAppearanceTransition()
        // Apple: true inside the presented controller's viewWillAppear and
        // viewDidAppear; the engine keeps it from present() until here.
        presented.isBeingPresented = false
      } else {
        // A cancelled presentation: the appearing controller disappears again.
        presented.beginAppearanceTransition(false, animated: animated)
        if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        tearDown(presented, presenter: presenter, record: record, fittingPresenterView: false)
        presented.isBeingPresented = false
        presenter.presentedStrong = nil
        presented.endAppearanceTransition()
        if removesPresenter { presenter.endAppearanceTransition() }
      }
    }
    run.didEnd = {
      // Engine choice: a cancelled presentation does not call the completion block.
      if !context.cancelled { completion?() }
    }
    presented.presentationRecord = record
    run.start()
  }

  // MARK: Dismiss

  /// A sheet's swipe down: UIKit dismisses the sheet interactively with its
  /// own animator and interaction controller (the transitioning delegate is
  /// not asked).
  static func dismissBySwipe(_ presented: UIViewController, animator: UIViewControllerAnimatedTransitioning,
                             interactor: UIViewControllerInteractiveTransitioning, completion: (() -> Void)?) {
    dismiss(from: presented, animated: true, completion: completion, swipe: (animator, interactor))
  }

  static func dismiss(from source: UIViewController, animated: Bool, completion: (() -> Void)?,
                      swipe: (UIViewControllerAnimatedTransitioning, UIViewControllerInteractiveTransitioning)? = nil) {
    let simulation = source.simulation
    let presented: UIViewController
    if let child = source.presentedViewController {
      presented = child
    } else if source.presentingViewController != nil {
      presented = source
    } else if let parent = source.parent, parent.presentingViewController != nil || parent.presentedViewController != nil {
      parent.dismiss(animated: animated, completion: completion)
      return
    } else {
      return
    }
    if swipe != nil {
      simulation.record(.note, "UIKit", "swipe down: dismisses \(presented.traceName) interactively")
    } else {
      simulation.record(.appCall, source.traceName, "dismiss(animated: \(animated))")
    }
    if !simulation.activeTransitions.filter({ $0.kind == .present || $0.kind == .dismiss }).isEmpty {
      simulation.warn("Warning: Attempt to dismiss from view controller \(source.debugDescriptor) while a presentation or dismiss is in progress!")
      return
    }
    // Anything the presented controller presents goes first, without animation.
    if let above = presented.presentedViewController {
      finishDismissalInstantly(above)
    }
    presented.isBeingDismissed = true
    // As for a presentation, the delegate is asked at once; the transition
    // starts on the next run-loop turn.
    var animator: UIViewControllerAnimatedTransitioning?
    var interactor: UIViewControllerInteractiveTransitioning?
    let style = presented.presentationRecord?.style
    if let swipe {
      animator = swipe.0
      interactor = swipe.1
    } else if let delegate = presented.transitioningDelegate, style != nil, animated || style == .custom {
      animator = simulation.askDelegate(delegate, "animationController(forDismissed:)", answer: objectName) {
        delegate.animationController(forDismissed: presented)
      }
      if let animator {
        interactor = simulation.askDelegate(delegate, "interactionControllerForDismissal(using:)",
                                            answer: objectName) {
          delegate.interactionControllerForDismissal(using: animator)
        }
      }
    }
    // As for a presentation, the transition and its coordinator exist from
    // the call on.
    var run: TransitionRun?
    if let presenter = presented.presentingViewController, let record = presented.presentationRecord {
      let context = TransitionContext(containerView: record.container, isAnimated: animated,
                                      presentationStyle: record.style, from: presented, to: presenter)
      run = TransitionRun(
        kind: .dismiss, simulation: simulation, context: context,
        animator: animator ?? uikitAnimator(for: presented, style: record.style, animated: animated, presenting: false),
        interactor: interactor)
    }
    simulation.enqueue {
      beginDismissal(presented, run: run, completion: completion)
    }
  }

  /// Ends a presentation, cancelled while presenting or dismissed: the
  /// presenter's view goes back where it was (when the presentation moved
  /// it into the container), sized to its superview when
  /// `fittingPresenterView`; the container goes, with whatever is still
  /// inside it; the two controllers are unlinked and the presentation
  /// controller released. The appearance calls are the callers': they differ.
  private static func tearDown(_ presented: UIViewController, presenter: UIViewController,
                               record: PresentationRecord, fittingPresenterView: Bool) {
    let simulation = presented.simulation
    let presenterView = presenter.view!
    if record.removesPresenter, let superview = record.presenterSuperview {
      // "The presentation controller places the presenting view controller's
      // view back in its previous superview" (Apple sample).
      let count = superview.subviews.count
      superview.insertSubview(presenterView, at: min(record.presenterIndex ?? count, count))
      if fittingPresenterView { presenterView.frame = superview.bounds }
      simulation.record(.hierarchy, "UIKit", "puts \(presenter.traceName)'s view back in the window")
    }
    record.container.removeFromSuperview()
    simulation.record(.hierarchy, "UIKit", "removes the container view and everything in it")
    presenter.presentedViewController = nil
    presented.presentingViewController = nil
    presented.presentationRecord = nil
    (presented.cachedPresentationController as? UIPopoverPresentationController)?.popoverPresentationDidEnd(onScreen: false)
    presented.setPresentationController(nil)
  }

  private static func finishDismissalInstantly(_ presented: UIViewController) {
    if let above = presented.presentedViewController { finishDismissalInstantly(above) }
    guard let record = presented.presentationRecord, let presenter = presented.presentingViewController else { return }
    if record.removesPresenter, let superview = record.presenterSuperview {
      superview.insertSubview(presenter.view, at: record.presenterIndex ?? superview.subviews.count)
    }
    record.container.removeFromSuperview()
    presenter.presentedViewController = nil
    presenter.presentedStrong = nil
    presented.presentingViewController = nil
    presented.presentationRecord = nil
  }

  private static func beginDismissal(_ presented: UIViewController, run: TransitionRun?,
                                     completion: (() -> Void)?) {
    let simulation = presented.simulation
    guard let run, let presenter = presented.presentingViewController, let record = presented.presentationRecord,
          run.context.toViewController === presenter, run.context.containerView === record.container else {
      run?.abandon()
      presented.isBeingDismissed = false
      return
    }
    let context = run.context
    let animated = context.isAnimated
    let controller = record.controller
    let style = record.style
    let container = record.container
    let presentedView = controller.presentedView ?? presented.view!
    context.fromView = presentedView
    context.frames[ObjectIdentifier(presented)] = (presentedView.frame, .zero)
    let presenterView = presenter.view!
    if record.removesPresenter {
      // The presenter's view was removed: the animator must add it back.
      context.toView = presenterView
      context.frames[ObjectIdentifier(presenter)] = (.zero, container.bounds)
    } else {
      context.frames[ObjectIdentifier(presenter)] = (presenterView.frame, presenterView.frame)
    }
    if style == .custom {
      controller.traceHook("dismissalTransitionWillBegin()")
      simulation.traced { controller.dismissalTransitionWillBegin() }
    }
    (controller as? UISheetPresentationController)?.sheetDismissalWillBegin(coordinator: run.coordinator)
    presented.beginAppearanceTransition(false, animated: animated)
    if record.removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }

    run.finish = { completed in
      if style == .custom {
        controller.traceHook("dismissalTransitionDidEnd(\(completed))")
        controller.dismissalTransitionDidEnd(completed)
      }
      (controller as? UISheetPresentationController)?.sheetDismissalDidEnd(completed)
      run.coordinator.runCompletions()
      if completed {
        tearDown(presented, presenter: presenter, record: record, fittingPresenterView: true)
        presented.endAppearanceTransition()
        if record.removesPresenter { presenter.endAppearanceTransition() }
        // Apple: true inside the dismissed controller's viewWillDisappear and
        // viewDidDisappear; the engine keeps it from dismiss() until here.
        presented.isBeingDismissed = false
        if presenter.viewIfLoaded?.window == nil {
          simulation.warn("After the dismissal, \(presenter.debugDescriptor)'s view is no longer in the window: the animator added the \"to\" view to the container, which UIKit removes when the dismissal ends (for .custom and .over… styles, view(forKey: .to) is nil: leave the presenter's view where it is)")
        }
        presenter.presentedStrong = nil
      } else {
        presented.beginAppearanceTransition(true, animated: animated)
        if record.removesPresenter {
          presenter.beginAppearanceTransition(false, animated: animated)
          if presenterView.superview === container { presenterView.removeFromSuperview() }
        }
        presented.isBeingDismissed = false
        presented.endAppearanceTransition()
        if record.removesPresenter { presenter.endAppearanceTransition() }
      }
    }
    run.didEnd = {
      if !context.cancelled { completion?() }
    }
    run.start()
  }
}

extension ModalPresentation {
  /// UIKit's own animator when the delegate vends none: the zoom or the
  /// transition style `preferredTransition` names, else the modal transition
  /// style's animation; an immediate swap when not animated.
  static func uikitAnimator(for presented: UIViewController, style: UIModalPresentationStyle, animated: Bool,
                            presenting: Bool, source: UIViewController? = nil) -> UIViewControllerAnimatedTransitioning {
    guard animated else { return ImmediateAnimator(presenting: presenting) }
    // iOS 18's `preferredTransition`: the zoom, or a transition style by name.
    if let zoom = zoomAnimator(for: presented, source: source, presenting: presenting) { return zoom }
    // A popover shown as one fades in and out (engine's choice: UIKit's popover animation is not documented).
    if style == .popover { return DefaultModalAnimator(style: .crossDissolve, sheet: false, presenting: presenting) }
    let transitionStyle = presented.preferredTransition?.modalTransitionStyle ?? presented.modalTransitionStyle
    return DefaultModalAnimator(style: transitionStyle, sheet: style == .pageSheet, presenting: presenting)
  }
}

/// How a presentation was set up, for its dismissal.
struct PresentationRecord {
  let container: UITransitionView
  let controller: UIPresentationController
  let style: UIModalPresentationStyle
  let removesPresenter: Bool
  weak var presenterSuperview: UIView?
  let presenterIndex: Int?
}

/// A short type name for traces.
func typeName(_ object: AnyObject) -> String { String(describing: type(of: object)) }

// MARK: - UIKit's own animators

/// UIKit's animations when no custom animator is vended: cover vertical
/// (slide up from the bottom, 0.5 s), cross dissolve (0.5 s), flip
/// horizontal (0.75 s); sheets slide up to their frame. Durations and
/// curves are the engine's approximation: UIKit does not document them.
final class DefaultModalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let style: UIModalTransitionStyle
  let sheet: Bool
  let presenting: Bool

  init(style: UIModalTransitionStyle, sheet: Bool, presenting: Bool) {
    self.style = style
    self.sheet = sheet
    self.presenting = presenting
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    style == .flipHorizontal ? 0.75 : 0.5
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let duration = transitionDuration(using: transitionContext)
    let effectiveStyle: UIModalTransitionStyle = sheet ? .coverVertical : style
    if presenting {
      guard let presented = transitionContext.viewController(forKey: .to),
            let view = transitionContext.view(forKey: .to) else { return }
      let final = transitionContext.finalFrame(for: presented)
      container.addSubview(view)
      view.frame = final
      switch effectiveStyle {
      case .crossDissolve:
        view.alpha = 0
        UIView.animate(withDuration: duration, animations: { view.alpha = 1 }) { _ in
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
      case .flipHorizontal:
        let from = transitionContext.view(forKey: .from) ?? container
        view.isHidden = true
        UIView.transition(from: from, to: view, duration: duration,
                          options: [.transitionFlipFromRight, .showHideTransitionViews]) { _ in
          from.isHidden = false
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
      default:
        view.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: { view.frame = final }) { _ in
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
      }
    } else {
      guard let view = transitionContext.view(forKey: .from) else { return }
      if let presenterView = transitionContext.view(forKey: .to), let presenter = transitionContext.viewController(forKey: .to) {
        container.insertSubview(presenterView, belowSubview: view)
        presenterView.frame = transitionContext.finalFrame(for: presenter)
      }
      let finish: (Bool) -> Void = { _ in
        let cancelled = transitionContext.transitionWasCancelled
        if !cancelled { view.removeFromSuperview() }
        transitionContext.completeTransition(!cancelled)
      }
      switch effectiveStyle {
      case .crossDissolve:
        UIView.animate(withDuration: duration, animations: { view.alpha = 0 }, completion: finish)
      default:
        let target = view.frame.offsetBy(dx: 0, dy: container.bounds.height)
        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn, animations: { view.frame = target },
                       completion: finish)
      }
    }
  }

  override var description: String { "UIKit default animator" }
}

/// What UIKit does for a non-animated presentation or dismissal: the views
/// go where they belong at once.
final class ImmediateAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let presenting: Bool
  init(presenting: Bool) { self.presenting = presenting }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    if presenting, let vc = transitionContext.viewController(forKey: .to), let view = transitionContext.view(forKey: .to) {
      transitionContext.containerView.addSubview(view)
      view.frame = transitionContext.finalFrame(for: vc)
    } else if !presenting {
      if let presenterView = transitionContext.view(forKey: .to), let presenter = transitionContext.viewController(forKey: .to) {
        transitionContext.containerView.insertSubview(presenterView, at: 0)
        presenterView.frame = transitionContext.finalFrame(for: presenter)
      }
      transitionContext.view(forKey: .from)?.removeFromSuperview()
    }
    transitionContext.completeTransition(true)
  }
}

extension ModalPresentation {
  /// Asks a sheet's delegate for the adaptive style in the engine's traits
  /// (compact width, regular height): `adaptivePresentationStyle(for:traitCollection:)`,
  /// else `adaptivePresentationStyle(for:)`. `.fullScreen` and
  /// `.overFullScreen` replace the sheet; `.none` and the sheet styles keep it.
  static func adaptSheet(_ sheet: UISheetPresentationController, style: UIModalPresentationStyle) -> UIModalPresentationStyle? {
    sheet.adaptedStyle = nil
    guard style == .pageSheet, let delegate = sheet.delegate else { return nil }
    let simulation = sheet.presentedViewController.simulation
    let traits = sheet.presentedViewController.traitCollection
    let describe: (UIModalPresentationStyle) -> String? = { ".\($0)" }
    var answer = OptionalRequirement.call { delegate.adaptivePresentationStyle(for: sheet, traitCollection: traits) }
    if answer.implemented {
      simulation.record(.call, typeName(delegate), "adaptivePresentationStyle(for:traitCollection:)", result: describe(answer.result))
    } else {
      answer = OptionalRequirement.call { delegate.adaptivePresentationStyle(for: sheet) }
      if answer.implemented {
        simulation.record(.call, typeName(delegate), "adaptivePresentationStyle(for:)", result: describe(answer.result))
      }
    }
    guard answer.implemented, answer.result == .fullScreen || answer.result == .overFullScreen else { return nil }
    sheet.adaptedStyle = answer.result
    return answer.result
  }
}
