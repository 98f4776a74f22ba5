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
  /// The coordinator. The run holds it until the transition ends; after
  /// that, whoever kept it (app code may) keeps the run alive through it,
  /// and when nobody does, both are released.
  var coordinator: TransitionCoordinator {
    if let existing = heldCoordinator ?? endedCoordinator { return existing }
    let made = TransitionCoordinator(run: self)
    endedCoordinator = made
    if !ended { heldCoordinator = made }
    return made
  }
  private var heldCoordinator: TransitionCoordinator?
  private weak var endedCoordinator: TransitionCoordinator?
  /// Whether the run has ended (or was abandoned) and let go of its closures.
  private var ended = false
  /// The controllers whose `transitionCoordinator` is this run's: the two
  /// that change places and the container controller that runs the
  /// transition (a navigation or tab bar controller). Their children find it
  /// through their ancestors.
  private var participants: [WeakController] = []
  /// The kind-specific work UIKit does on `completeTransition(_:)`.
  var finish: (Bool) -> Void = { _ in }
  /// Called after the transition fully ended (the run leaves the active list).
  var didEnd: () -> Void = {}

  private(set) var duration: TimeInterval = 0
  private(set) var startTime: TimeInterval = 0
  /// Whether `start()` ran (a presentation's run exists from `present` on,
  /// and starts on the next run-loop turn).
  private(set) var started = false
  /// Whether the transition started interactively (fixed when it starts).
  private(set) var startedInteractively = false
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

  /// Creates the run and its coordinator: from here until the transition
  /// ends, the participants' `transitionCoordinator` is this run's (Apple:
  /// the coordinator of "a currently active transition", "ephemeral … for the
  /// duration of the transition"). Callers create it in the call that starts
  /// the transition (`present`, `dismiss`, `push`, `pop`, a tab switch),
  /// before any appearance call.
  init(kind: Kind, simulation: Simulation, context: TransitionContext,
       animator: UIViewControllerAnimatedTransitioning, interactor: UIViewControllerInteractiveTransitioning?,
       container owner: UIViewController? = nil) {
    self.kind = kind
    self.simulation = simulation
    self.context = context
    self.animator = animator
    self.interactor = interactor
    context.run = self
    participants = [context.fromViewController, context.toViewController, owner].compactMap { $0 }
      .map(WeakController.init)
    for vc in participants { vc.controller?.activeCoordinator = coordinator }
  }

  /// Gives up a run that never started (its transition was called off
  /// before its run-loop turn came): the participants lose the coordinator.
  func abandon() {
    guard !started else { return }
    releaseCoordinator()
    letGo()
  }

  private func releaseCoordinator() {
    for vc in participants where vc.controller?.activeCoordinator === coordinator {
      vc.controller?.activeCoordinator = nil
    }
  }

  /// The duration the animator gives, asked now: before the transition
  /// starts, for the coordinator's `transitionDuration` (UIKit may ask more
  /// than once; the engine traces every question).
  func askedDuration() -> TimeInterval {
    if started { return duration }
    let answer = simulation.traced { animator.transitionDuration(using: context) }
    simulation.record(.call, animatorName, "transitionDuration(using:)", result: format(answer))
    return answer
  }

  /// Keeps animations made for this transition outside `animateTransition`
  /// (late alongside animations), for the percent-driven interaction.
  func track(_ created: [(layer: CALayer, attached: AttachedAnimation)]) {
    trackedAnimations += created
  }

  /// The name traces use for the animator.
  var animatorName: String { String(describing: type(of: animator)) }

  // MARK: Running

  /// Asks the duration, then starts the animator or the interaction controller.
  func start() {
    started = true
    simulation.activeTransitions.append(self)
    startTime = simulation.now
    simulation.currentTransitionProgress = { [weak self] in self?.progress }
    duration = simulation.traced { animator.transitionDuration(using: context) }
    simulation.record(.call, animatorName, "transitionDuration(using:)", result: format(duration))
    if interactor == nil, kind == .present || kind == .dismiss, !(animator is ZoomTransitionAnimator) {
      // UIKit's presentation controller ignores touches until a
      // non-interactive presentation or dismissal completes (not a zoom's,
      // which people "can stop … or drag", Apple).
      ignoresTouches = true
      simulation.ignoredInteractionEventsDepth += 1
    }
    if let interactor {
      context.interactive = interactor.wantsInteractiveStart
      // "It can only be YES if isAnimated is YES."
      startedInteractively = context.isAnimated && context.interactive
      simulation.record(.call, String(describing: type(of: interactor)), "startInteractiveTransition(_:)")
      simulation.traced { interactor.startInteractiveTransition(context) }
      // An interaction controller that never called animateTransition (one
      // that drives an interruptible animator): the alongside animations
      // start now, on that animator if there is one.
      if !didAnimate { coordinator.runAlongsideOutsideBlock() }
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
    coordinator.willRunAnimator()
    simulation.traced { animator.animateTransition(using: context) }
    coordinator.didRunAnimator()
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
      Self.warnCompletedAgain(kind, in: simulation)
      return
    }
    completed = true
    simulation.record(.appCall, animatorName, "completeTransition(\(didComplete))")
    // A cancel: the reversed appearance calls come from inside this call.
    if !didComplete { simulation.engineChose("UIViewControllerContextTransitioning.completeTransition(_:)") }
    if didComplete && context.cancelled {
      simulation.warn("completeTransition(true) was called after the interactive \(kind.name) transition was cancelled: UIKit completes it although its animations played back to the start (pass !transitionContext.transitionWasCancelled)")
    }
    // Alongside animations that never found an animation (a transition
    // that completed inside animateTransition) are applied now, unanimated.
    coordinator.flushAlongside()
    simulation.traced {
      finish(didComplete)
      // animationEnded is optional: traced only when the animator implements it.
      let ended = OptionalRequirement.call { animator.animationEnded(didComplete) }
      if ended.implemented { simulation.record(.call, animatorName, "animationEnded(\(didComplete))") }
    }
    end()
  }

  /// The engine's warning for a `completeTransition(_:)` after the first,
  /// made by the run or, once the run is gone, by its context.
  static func warnCompletedAgain(_ kind: Kind, in simulation: Simulation) {
    simulation.warn("completeTransition(_:) was called more than once for the \(kind.name) transition; the engine ignores the later calls (UIKit documents no behaviour for a second call)")
  }

  /// Runs the remaining completion blocks and leaves the active list.
  private func end() {
    if ignoresTouches {
      ignoresTouches = false
      simulation.ignoredInteractionEventsDepth = max(0, simulation.ignoredInteractionEventsDepth - 1)
    }
    releaseCoordinator()
    simulation.activeTransitions.removeAll { $0 === self }
    if simulation.activeTransitions.isEmpty { simulation.currentTransitionProgress = nil }
    didEnd()
    // The closures capture this run, its context and the controllers: let
    // them go, so the run (and the context that retains both controllers)
    // is released once the transition is over, as UIKit releases its own.
    letGo()
    context.ended = (kind, simulation)
  }

  /// Drops what keeps the run, its context and both controllers alive once
  /// the transition is over: the closures (they capture the run) and the
  /// run's own hold on its coordinator (the coordinator holds the run).
  private func letGo() {
    finish = { _ in }
    didEnd = {}
    ended = true
    heldCoordinator = nil
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
  /// Set when the run has ended (and may be gone): a later
  /// `completeTransition(_:)` is still reported.
  var ended: (kind: TransitionRun.Kind, simulation: Simulation)?
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
  /// The percent when the interaction last ended (the coordinator's
  /// `percentComplete` from then on: "the percentage of completion when an
  /// interactive transition moves to its noninteractive completion phase").
  var percentAtInteractionEnd: Double?

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
    percentAtInteractionEnd = nil
    guard let run else { return }
    for handler in interactionChangeHandlers { handler(run.coordinator) }
  }

  /// The interaction ended: handlers of `notifyWhenInteractionChanges` run
  /// (before the appearance calls of a cancel, as UIKit documents).
  private func endInteraction() {
    let wasInteractive = interactive
    interactive = false
    finishing = true
    guard let run else { return }
    percentAtInteractionEnd = run.progress
    // "When a transition changes from interactive to non-interactive then
    // handler is invoked": only then.
    guard wasInteractive else { return }
    for handler in interactionChangeHandlers { handler(run.coordinator) }
  }

  func completeTransition(_ didComplete: Bool) {
    if let run {
      run.complete(didComplete)
    } else if let ended {
      TransitionRun.warnCompletedAgain(ended.kind, in: ended.simulation)
    }
  }
}

// MARK: - Coordinator

/// The transition coordinator (UIKit's `_UIViewControllerTransitionCoordinator`):
/// alongside animations, completion blocks, interaction-change handlers, and
/// what the transition is doing now.
///
/// Alongside animations "will be run in the same animation context as the
/// transition" (Apple's header): the blocks stored until the transition's
/// animations begin run inside the first `UIView` animation block that
/// `animateTransition(using:)` opens, so they take its duration, delay, curve
/// or spring and options. For animators "that are not implemented with
/// UIView animations, the alongside animations will be run just after their
/// animateTransition: method returns": on the property animator that runs
/// the transition if there is one, else in a block of `transitionDuration`
/// with UIKit's default curve (engine choice). Blocks handed over after the
/// animations began run at once for the time that is left, in the same
/// manner, and a percent-driven interaction drives them with the rest.
final class TransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
  /// Strong: a coordinator kept after its transition still answers (the
  /// run no longer holds it then, so there is no cycle).
  private let run: TransitionRun
  private var alongside: [(view: UIView?, block: (UIViewControllerTransitionCoordinatorContext) -> Void)] = []
  private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var animationsStarted = false
  /// The animator's `UIView` animation block the alongside animations ran in.
  private var hostBlock: BlockAnimation?

  init(run: TransitionRun) { self.run = run }

  var isAnimated: Bool { run.context.isAnimated }
  var presentationStyle: UIModalPresentationStyle { run.context.presentationStyle }
  /// Fixed when the transition starts; before that, what it will be.
  var initiallyInteractive: Bool {
    if run.started { return run.startedInteractively }
    return run.context.isAnimated && (run.interactor?.wantsInteractiveStart ?? false)
  }
  /// True while an interaction controller drives an interruptible animator.
  var isInterruptible: Bool { (run.interactor as? UIPercentDrivenInteractiveTransition)?.drivesInterruptibleAnimator ?? false }
  var isInteractive: Bool { run.started ? run.context.interactive : initiallyInteractive }
  var isCancelled: Bool { run.context.cancelled }
  /// "The full expected duration of the transition if it is run non-interactively."
  var transitionDuration: TimeInterval { run.askedDuration() }
  /// Interactive: the interaction's percent, frozen when the interaction
  /// ends (Apple). Otherwise how far the transition is (engine choice).
  var percentComplete: CGFloat {
    guard run.started else { return 0 }
    if !run.context.interactive, let frozen = run.context.percentAtInteractionEnd { return CGFloat(frozen) }
    return CGFloat(run.progress)
  }
  /// The interaction controller's `completionSpeed` (Apple: "usually
  /// obtained from" it), else 1.
  var completionVelocity: CGFloat { run.interactor?.completionSpeed ?? 1 }
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

  /// Stores the blocks; returns false (and keeps nothing) once the
  /// transition has completed — there is nothing left to run alongside
  /// (engine choice: UIKit only says the coordinator is released then).
  @discardableResult
  func animateAlongsideTransition(in view: UIView?,
                                  animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                  completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
    if view != nil { run.simulation.engineChose("UIViewControllerTransitionCoordinator.animateAlongsideTransition(in:animation:completion:)") }
    guard !run.completed else { return false }
    if let completion { completions.append(completion) }
    guard let animation else { return true }
    if animationsStarted {
      runLate(animation)
    } else {
      alongside.append((view, animation))
    }
    return true
  }

  func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
    run.context.interactionChangeHandlers.append(handler)
  }

  // MARK: Running the alongside animations

  /// Before `animateTransition(using:)`: the first `UIView` animation block
  /// it opens (at its own depth) runs the stored blocks inside itself.
  func willRunAnimator() {
    let state = UIViewAnimationState.of(run.simulation)
    state.alongsideDepth = run.simulation.animationContexts.count
    state.alongsideHook = { [unowned self] block in
      self.hostBlock = block
      self.animationsStarted = true
      for entry in self.takeStored() { entry(self) }
    }
  }

  /// After `animateTransition(using:)` returned: blocks no animation block
  /// took run now.
  func didRunAnimator() {
    UIViewAnimationState.of(run.simulation).alongsideHook = nil
    if !animationsStarted { runAlongsideOutsideBlock() }
  }

  /// Runs the stored blocks outside any animator's block: on the property
  /// animator that runs the transition, else in a `UIView` block of
  /// `transitionDuration` with UIKit's default curve.
  func runAlongsideOutsideBlock() {
    animationsStarted = true
    let blocks = takeStored()
    guard !blocks.isEmpty else { return }
    let all: () -> Void = { for block in blocks { block(self) } }
    if run.completed {
      UIView.performWithoutAnimation(all)
    } else if let animator = drivingPropertyAnimator {
      animator.addAnimations(all)
    } else {
      UIView.animate(withDuration: run.duration, animations: all)
    }
  }

  /// A transition that completed before any animation took the stored
  /// blocks (one that completes inside `animateTransition`, not animated):
  /// their changes are made at once.
  func flushAlongside() {
    guard !animationsStarted else { return }
    animationsStarted = true
    UIViewAnimationState.of(run.simulation).alongsideHook = nil
    let blocks = takeStored()
    guard !blocks.isEmpty else { return }
    UIView.performWithoutAnimation { for block in blocks { block(self) } }
  }

  private func takeStored() -> [(UIViewControllerTransitionCoordinatorContext) -> Void] {
    let blocks = alongside.map(\.block)
    alongside = []
    return blocks
  }

  /// The property animator that runs the transition: an interaction
  /// controller's interruptible animator, or the first property animator
  /// that animated during it.
  private var drivingPropertyAnimator: UIViewPropertyAnimator? {
    let candidate = (run.interactor as? UIPercentDrivenInteractiveTransition)?.interruptibleAnimator
      as? UIViewPropertyAnimator ?? run.propertyAnimator
    guard let candidate, candidate.state == .active else { return nil }
    return candidate
  }

  /// A block handed over after the animations began: it runs now, as if in
  /// the animator's block — on the transition's property animator, or with
  /// the animator's block's curve for the time that is left; a
  /// percent-driven interaction drives it with the rest (over the whole
  /// duration, so it shows the same percent as they do).
  private func runLate(_ animation: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
    if let animator = drivingPropertyAnimator {
      animator.addAnimations { animation(self) }
      return
    }
    let simulation = run.simulation
    let driver = (run.interactor as? UIPercentDrivenInteractiveTransition).flatMap { $0.isDriving ? $0 : nil }
    let elapsed = max(0, simulation.now - run.startTime)
    let template = hostBlock
    var length = template?.duration ?? run.duration
    var delay = template?.delay ?? 0
    if driver == nil {
      let running = max(0, elapsed - delay)
      delay = max(0, delay - elapsed)
      length = max(0, length - running)
    } else {
      delay = 0
    }
    var created: [(layer: CALayer, attached: AttachedAnimation)] = []
    simulation.animationObservers.append { layer, attached in created.append((layer, attached)) }
    UIView.animateAlongside(like: template, duration: length, delay: delay) { animation(self) }
    simulation.animationObservers.removeLast()
    run.track(created)
    driver?.adopt(created)
  }

  /// Runs the completion blocks ("invoked after the transition completes").
  func runCompletions() {
    let blocks = completions
    completions = []
    for block in blocks { block(self) }
  }
}

extension UIViewControllerTransitionCoordinator {
  /// iOS 7–9's name for `notifyWhenInteractionChanges(_:)` (deprecated in
  /// iOS 10, where the two behave the same except that the newer one may be
  /// called again for interruptible transitions).
  public func notifyWhenInteractionEnds(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
    notifyWhenInteractionChanges(handler)
  }
}
