// TransitionRun: one running view-controller transition — its context (what
// the animator sees), its coordinator (alongside animations, completion
// blocks), the animations its animator created, and what UIKit does when
// the animator calls `completeTransition(_:)`.
//
// Presentation, dismissal, push, pop and tab switches all run through here;
// each kind supplies its container, its view(forKey:) answers and frames,
// and its own completion work.

/// One running transition.
final class TransitionRun {
  enum Kind: String {
    case present, dismiss, push, pop, tabSwitch
    /// The name warnings use ("tab switch", not "tabSwitch").
    var name: String { self == .tabSwitch ? "tab switch" : rawValue }
  }

  let kind: Kind
  let simulation: Simulation
  let context: TransitionContext
  let animator: UIViewControllerAnimatedTransitioning
  let interactor: UIViewControllerInteractiveTransitioning?
  private(set) lazy var coordinator = TransitionCoordinator(run: self)
  /// The kind-specific work UIKit does on `completeTransition(_:)`.
  var finish: (Bool) -> Void = { _ in }
  /// Called after the transition fully ended (the run leaves the active list).
  var didEnd: () -> Void = {}

  private(set) var duration: TimeInterval = 0
  private(set) var startTime: TimeInterval = 0
  private(set) var completed = false
  private(set) var didAnimate = false
  private var reportedStall = false
  /// Whether this run holds one of UIKit's `beginIgnoringInteractionEvents`.
  private var ignoresTouches = false
  /// The percent of an interactive transition (set by update/finish/cancel).
  var interactivePercent: Double = 0
  /// The property animator that runs this transition (an interruptible
  /// transition's), once one has animated during it.
  weak var propertyAnimator: UIViewPropertyAnimator?
  /// Animations created by the animator (and alongside blocks), for percent-driven interaction.
  private(set) var trackedAnimations: [(layer: CALayer, attached: AttachedAnimation)] = []

  init(kind: Kind, simulation: Simulation, context: TransitionContext,
       animator: UIViewControllerAnimatedTransitioning, interactor: UIViewControllerInteractiveTransitioning?) {
    self.kind = kind
    self.simulation = simulation
    self.context = context
    self.animator = animator
    self.interactor = interactor
    context.run = self
    // The coordinator exists from here on, so that presentationTransitionWillBegin can use it.
    for vc in [context.fromViewController, context.toViewController] { vc?.activeCoordinator = coordinator }
  }

  /// The name traces use for the animator.
  var animatorName: String { String(describing: type(of: animator)) }

  // MARK: Running

  /// Asks the duration, then starts the animator or the interaction controller.
  func start() {
    simulation.activeTransitions.append(self)
    startTime = simulation.now
    simulation.currentTransitionProgress = { [weak self] in self?.progress }
    duration = simulation.traced { animator.transitionDuration(using: context) }
    simulation.record(.call, animatorName, "transitionDuration(using:)", result: format(duration))
    if interactor == nil, kind == .present || kind == .dismiss {
      // UIKit's presentation controller ignores touches until a
      // non-interactive presentation or dismissal completes.
      ignoresTouches = true
      simulation.ignoredInteractionEventsDepth += 1
    }
    if let interactor {
      context.interactive = interactor.wantsInteractiveStart
      simulation.record(.call, String(describing: type(of: interactor)), "startInteractiveTransition(_:)")
      simulation.traced { interactor.startInteractiveTransition(context) }
      if !didAnimate { coordinator.runAlongsideAnimations() }
    } else {
      animate()
    }
  }

  /// Calls `animateTransition(using:)` and then the alongside animations,
  /// and returns the animations they created.
  @discardableResult
  func animate() -> [(layer: CALayer, attached: AttachedAnimation)] {
    didAnimate = true
    var created: [(CALayer, AttachedAnimation)] = []
    simulation.animationObservers.append { layer, attached in created.append((layer, attached)) }
    simulation.record(.call, animatorName, "animateTransition(using:)")
    simulation.traced { animator.animateTransition(using: context) }
    coordinator.runAlongsideAnimations()
    simulation.animationObservers.removeLast()
    trackedAnimations += created
    return created
  }

  /// How far the transition is, 0…1: the interaction's percent, else elapsed time over duration.
  var progress: Double {
    if completed { return 1 }
    if let percentDriven = interactor as? UIPercentDrivenInteractiveTransition, percentDriven.isDriving {
      return percentDriven.currentPercent
    }
    if let propertyAnimator, propertyAnimator.state != .inactive { return propertyAnimator.forwardFraction }
    if interactor != nil { return interactivePercent }
    guard duration > 0 else { return 0 }
    return min(max((simulation.now - startTime) / duration, 0), 1)
  }

  // MARK: Completion

  /// What UIKit does when the animator calls `completeTransition(_:)`.
  func complete(_ didComplete: Bool) {
    guard !completed else {
      simulation.warn("completeTransition(_:) was called more than once for the \(kind.name) transition; UIKit ignores the later calls")
      return
    }
    completed = true
    simulation.record(.appCall, animatorName, "completeTransition(\(didComplete))")
    if didComplete && context.cancelled {
      simulation.warn("completeTransition(true) was called after the interactive \(kind.name) transition was cancelled: UIKit completes it although its animations played back to the start (pass !transitionContext.transitionWasCancelled)")
    }
    simulation.traced {
      finish(didComplete)
      // animationEnded is optional: traced only when the animator implements it.
      let ended = OptionalRequirement.call { animator.animationEnded(didComplete) }
      if ended.implemented { simulation.record(.call, animatorName, "animationEnded(\(didComplete))") }
    }
    end()
  }

  /// Runs the remaining completion blocks and leaves the active list.
  private func end() {
    if ignoresTouches {
      ignoresTouches = false
      simulation.ignoredInteractionEventsDepth = max(0, simulation.ignoredInteractionEventsDepth - 1)
    }
    for vc in [context.fromViewController, context.toViewController] where vc?.activeCoordinator === coordinator {
      vc?.activeCoordinator = nil
    }
    simulation.activeTransitions.removeAll { $0 === self }
    if simulation.activeTransitions.isEmpty { simulation.currentTransitionProgress = nil }
    didEnd()
  }

  /// Warns once when nothing is scheduled any more but the transition has
  /// not completed (UIKit would wait for ever).
  func checkStall() {
    guard !completed, !reportedStall, !context.interactive else { return }
    reportedStall = true
    simulation.warn("The \(kind.name) transition never called completeTransition(_:) although every animation has ended; UIKit waits for ever and the screen stays as it is")
  }
}

// MARK: - Context

/// The transition context UIKit passes to animators (UIKit's private
/// `_UIViewControllerOneToOneTransitionContext`).
final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
  weak var run: TransitionRun?
  let containerView: UIView
  let isAnimated: Bool
  let presentationStyle: UIModalPresentationStyle
  let fromViewController: UIViewController?
  let toViewController: UIViewController?
  /// What `view(forKey:)` answers (nil where UIKit gives nil).
  var fromView: UIView?
  var toView: UIView?
  var frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
  var interactive = false
  var cancelled = false
  var finishing = false
  var interactionChangeHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []

  init(containerView: UIView, isAnimated: Bool, presentationStyle: UIModalPresentationStyle,
       from: UIViewController?, to: UIViewController?) {
    self.containerView = containerView
    self.isAnimated = isAnimated
    self.presentationStyle = presentationStyle
    fromViewController = from
    toViewController = to
    super.init()
  }

  var isInteractive: Bool { interactive }
  var transitionWasCancelled: Bool { cancelled }
  var targetTransform: CGAffineTransform { .identity }

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? fromViewController : key == .to ? toViewController : nil
  }

  func view(forKey key: UITransitionContextViewKey) -> UIView? {
    key == .from ? fromView : key == .to ? toView : nil
  }

  func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
  func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

  /// Who calls the context's interactive methods: the interaction controller
  /// (UIPercentDrivenInteractiveTransition forwards update/finish/cancel to them).
  private var interactiveCaller: String {
    run?.interactor.map { String(describing: type(of: $0)) } ?? "context"
  }

  func updateInteractiveTransition(_ percentComplete: CGFloat) {
    run?.interactivePercent = Double(percentComplete)
    run?.simulation.record(.appCall, interactiveCaller, "updateInteractiveTransition(\(format(Double(percentComplete))))")
  }

  func finishInteractiveTransition() {
    run?.simulation.record(.appCall, interactiveCaller, "finishInteractiveTransition()")
    cancelled = false   // an interruptible transition cancelled, grabbed again and finished completes
    endInteraction()
  }

  func cancelInteractiveTransition() {
    run?.simulation.record(.appCall, interactiveCaller, "cancelInteractiveTransition()")
    cancelled = true
    endInteraction()
  }

  func pauseInteractiveTransition() {
    run?.simulation.record(.appCall, interactiveCaller, "pauseInteractiveTransition()")
    guard !interactive else { return }
    // Back in interactive mode: the handlers of notifyWhenInteractionChanges
    // run again ("when a transition moves in and out of an interactive mode").
    interactive = true
    finishing = false
    guard let run else { return }
    for handler in interactionChangeHandlers { handler(run.coordinator) }
  }

  /// The interaction ended: handlers of `notifyWhenInteractionChanges` run
  /// (before the appearance calls of a cancel, as UIKit documents).
  private func endInteraction() {
    interactive = false
    finishing = true
    guard let run else { return }
    for handler in interactionChangeHandlers { handler(run.coordinator) }
  }

  func completeTransition(_ didComplete: Bool) {
    run?.complete(didComplete)
  }
}

// MARK: - Coordinator

/// The transition coordinator: alongside animations and completion blocks.
final class TransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
  private unowned let run: TransitionRun
  private var alongside: [(view: UIView?, block: (UIViewControllerTransitionCoordinatorContext) -> Void)] = []
  private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var animationsStarted = false

  init(run: TransitionRun) { self.run = run }

  var isAnimated: Bool { run.context.isAnimated }
  var presentationStyle: UIModalPresentationStyle { run.context.presentationStyle }
  var initiallyInteractive: Bool { run.interactor?.wantsInteractiveStart ?? false }
  var isInterruptible: Bool { false }
  var isInteractive: Bool { run.context.interactive }
  var isCancelled: Bool { run.context.cancelled }
  var transitionDuration: TimeInterval { run.duration }
  var percentComplete: CGFloat { CGFloat(run.progress) }
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { run.interactor?.completionCurve ?? .easeInOut }
  var containerView: UIView { run.context.containerView }
  var targetTransform: CGAffineTransform { .identity }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    run.context.viewController(forKey: key)
  }
  func view(forKey key: UITransitionContextViewKey) -> UIView? { run.context.view(forKey: key) }

  @discardableResult
  func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
               completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
    animateAlongsideTransition(in: nil, animation: animation, completion: completion)
  }

  @discardableResult
  func animateAlongsideTransition(in view: UIView?,
                                  animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                  completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
    if let completion { completions.append(completion) }
    guard let animation else { return true }
    if animationsStarted {
      // Late: run now for the time that is left.
      let remaining = max(0, run.duration * (1 - run.progress))
      UIView.animate(withDuration: remaining, animations: { animation(self) })
    } else {
      alongside.append((view, animation))
    }
    return true
  }

  func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
    run.context.interactionChangeHandlers.append(handler)
  }

  /// "The blocks are stored until the transition animations begin, at which
  /// point they are executed along with the rest of the transition
  /// animations", with the transition's duration and ease-in-out (engine
  /// choice: UIKit does not document the curve).
  func runAlongsideAnimations() {
    animationsStarted = true
    let blocks = alongside
    alongside = []
    guard !blocks.isEmpty else { return }
    UIView.animate(withDuration: run.duration, animations: {
      for entry in blocks { entry.block(self) }
    })
  }

  /// Runs the completion blocks ("invoked after the transition completes").
  func runCompletions() {
    let blocks = completions
    completions = []
    for block in blocks { block(self) }
  }
}
