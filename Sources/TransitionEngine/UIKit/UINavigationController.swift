// UINavigationController: a stack of controllers, a navigation bar, push
// and pop transitions (custom through the delegate), and the interactive
// pop from the left edge.

/// Vends custom push/pop animators and hears what is shown. All optional.
@MainActor @preconcurrency
public protocol UINavigationControllerDelegate: AnyObject {
  func navigationController(_ navigationController: UINavigationController,
                            animationControllerFor operation: UINavigationController.Operation,
                            from fromVC: UIViewController,
                            to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
  func navigationController(_ navigationController: UINavigationController,
                            interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning?
  func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                            animated: Bool)
  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                            animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(_ navigationController: UINavigationController,
                                   animationControllerFor operation: UINavigationController.Operation,
                                   from fromVC: UIViewController,
                                   to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func navigationController(_ navigationController: UINavigationController,
                                   interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func navigationController(_ navigationController: UINavigationController,
                                   willShow viewController: UIViewController, animated: Bool) {
    OptionalRequirement.markDefault()
  }
  public func navigationController(_ navigationController: UINavigationController,
                                   didShow viewController: UIViewController, animated: Bool) {
    OptionalRequirement.markDefault()
  }
}

/// A stack of view controllers with a navigation bar.
@MainActor @preconcurrency
open class UINavigationController: UIViewController {
  /// A push or a pop.
  public enum Operation: Int {
    case none, push, pop
  }

  /// The bar at the top: 44 pt tall below a 20 pt status bar.
  public let navigationBar = UINavigationBar(frame: .zero)
  /// The delegate (weak, as in UIKit).
  open weak var delegate: UINavigationControllerDelegate?
  /// The left-edge swipe that pops interactively. Its delegate is the
  /// navigation controller's own (see `InteractivePopGate`) until the app
  /// sets another.
  open private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?
  /// Holds the recognizer's default delegate (`delegate` is weak).
  private let interactivePopGate = InteractivePopGate()

  private var stack: [UIViewController] = []
  /// The view that holds the children's views (UIKit's `UINavigationTransitionView`).
  let transitionView = NavigationTransitionView(frame: .zero)

  /// Creates a navigation controller with a root.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    setViewControllers([rootViewController], animated: false)
  }

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open override func loadView() {
    let root = ContainerTransition.rootView(transitionView: transitionView, bar: navigationBar, barResizing: [.flexibleWidth]) {
      CGRect(x: 0, y: 20, width: $0.width, height: 44)
    }
    view = root
    let edge = UIScreenEdgePanGestureRecognizer(target: self, action: Selector(UINavigationController.handleInteractivePop(_:)))
    edge.edges = .left
    interactivePopGate.navigationController = self
    edge.delegate = interactivePopGate
    root.addGestureRecognizer(edge)
    interactivePopGestureRecognizer = edge
    if let top = topViewController { embedView(of: top, in: transitionView) }
    updateBar()
    if !isToolbarHidden { placeToolbar(animated: false) }
    // The bar covers the top of the children's views: their safe areas say so.
    barCoverageDidChange()
  }

  // MARK: The stack

  /// The controllers on the stack, root first.
  open var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The controller on top of the stack.
  open var topViewController: UIViewController? { stack.last }

  /// The top controller, or what it presents.
  open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }

  override var visibleChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

  /// Whether the navigation bar is hidden. A shown bar covers the top of
  /// the children's views: their safe areas take it in (UIKit/SafeArea.swift).
  open var isNavigationBarHidden: Bool {
    get { navigationBar.isHidden }
    set {
      navigationBar.isHidden = newValue
      barCoverageDidChange()
    }
  }

  /// Hides or shows the bar at once (the engine does not animate it): the
  /// children's safe areas change in the next layout pass.
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

  /// How long UIKit takes to hide or show the bars, in seconds: code that
  /// animates alongside the bars uses it as its duration.
  ///
  /// Apple documents the constant but not its value; 0.33 is the value
  /// public reports print on iOS (UNCONFIRMED; see Guides/TransitionEngine.md).
  /// The engine's own `setNavigationBarHidden(_:animated:)` does not animate.
  public static let hideShowBarDuration: CGFloat = 0.33

  /// Pushes a controller: it becomes the top, with the push transition.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    simulation.record(.appCall, traceName, "pushViewController(\(viewController.traceName), animated: \(animated))")
    if stack.contains(where: { $0 === viewController }) {
      simulation.warn("Pushing the same view controller instance more than once is not supported (\(viewController.debugDescriptor))")
      return
    }
    guard let from = topViewController else {
      setViewControllers([viewController], animated: false)
      return
    }
    addChild(viewController)
    stack.append(viewController)
    // Apple: true inside the pushed controller's viewWillAppear/viewDidAppear.
    viewController.isMovingToParent = true
    transition(from: from, to: viewController, operation: .push, animated: animated) { completed in
      viewController.isMovingToParent = false
      if completed {
        viewController.didMove(toParent: self)
      } else {
        self.stack.removeAll { $0 === viewController }
        viewController.willMove(toParent: nil)
        viewController.removeFromParent()
      }
    }
  }

  /// Pops the top controller; returns it.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard stack.count > 1 else { return nil }
    simulation.record(.appCall, traceName, "popViewController(animated: \(animated))")
    return pop(to: stack[stack.count - 2], animated: animated).first
  }

  /// Pops to the root; returns the popped controllers.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard stack.count > 1 else { return nil }
    simulation.record(.appCall, traceName, "popToRootViewController(animated: \(animated))")
    return pop(to: stack[0], animated: animated)
  }

  /// Pops to `viewController`; returns the popped controllers.
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard stack.contains(where: { $0 === viewController }), topViewController !== viewController else { return nil }
    simulation.record(.appCall, traceName, "popToViewController(\(viewController.traceName), animated: \(animated))")
    return pop(to: viewController, animated: animated)
  }

  private func pop(to target: UIViewController, animated: Bool) -> [UIViewController] {
    guard let from = topViewController, let index = stack.firstIndex(where: { $0 === target }) else { return [] }
    let popped = Array(stack[(index + 1)...])
    stack.removeSubrange((index + 1)...)
    for vc in popped { vc.willMove(toParent: nil) }
    from.isMovingFromParent = true
    transition(from: from, to: target, operation: .pop, animated: animated) { completed in
      from.isMovingFromParent = false
      if completed {
        for vc in popped { vc.removeFromParent() }
      } else {
        self.stack += popped
      }
    }
    return popped
  }

  /// Replaces the stack; animated like a push (or a pop when the new top was on the stack).
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    let oldTop = topViewController
    let newTop = viewControllers.last
    let onScreen = isViewLoaded && view.window != nil
    // The old top, when it leaves and a transition shows the new one, stays
    // in place (a child, its view in the container) until the transition
    // ends, as a popped controller does.
    let leavingTop = oldTop.flatMap { top in
      onScreen && newTop != nil && newTop !== top && !viewControllers.contains(where: { $0 === top }) ? top : nil
    }
    for vc in stack where !viewControllers.contains(where: { $0 === vc }) {
      vc.willMove(toParent: nil)
      if vc === leavingTop { continue }
      vc.viewIfLoaded?.removeFromSuperview()
      vc.removeFromParent()
    }
    for vc in viewControllers where vc.parent !== self { addChild(vc) }
    let wasOnStack = stack.contains { $0 === viewControllers.last }
    stack = viewControllers
    for vc in viewControllers { vc.didMove(toParent: self) }
    guard let newTop = stack.last, newTop !== oldTop else { updateBar(); return }
    if let oldTop, onScreen {
      if !wasOnStack { newTop.isMovingToParent = true }
      leavingTop?.isMovingFromParent = true
      transition(from: oldTop, to: newTop, operation: wasOnStack ? .pop : .push, animated: animated) { _ in
        newTop.isMovingToParent = false
        leavingTop?.isMovingFromParent = false
        leavingTop?.removeFromParent()
      }
    } else if isViewLoaded {
      oldTop?.viewIfLoaded?.removeFromSuperview()
      embedView(of: newTop, in: transitionView)
      updateBar()
    }
  }

  /// A controller's navigation item has a new title: the bar shows it
  /// now when the controller is on top and no push or pop is running (one
  /// that is running shows the top item's title when it ends).
  func itemTitleDidChange(of controller: UIViewController) {
    guard controller === topViewController,
      !simulation.activeTransitions.contains(where: { $0.context.containerView === transitionView })
    else { return }
    updateBar()
  }

  private func updateBar() {
    navigationBar.topItemTitle = topViewController.map { $0.navigationItem.title ?? $0.title ?? "" }
    barsDidChangeTop()
  }

  // MARK: Transitions

  /// The interaction of UIKit's own interactive pops (the edge swipe, the zoom's drag).
  var builtInInteraction: UIPercentDrivenInteractiveTransition?

  private func transition(from: UIViewController, to: UIViewController, operation: Operation, animated: Bool,
                          update: @escaping (Bool) -> Void) {
    guard isViewLoaded, view.window != nil else {
      // Off screen: swap without a transition.
      if isViewLoaded {
        from.viewIfLoaded?.removeFromSuperview()
        embedView(of: to, in: transitionView)
      }
      update(true)
      updateBar()
      return
    }
    if simulation.activeTransitions.contains(where: { $0.kind == .push || $0.kind == .pop }) {
      simulation.warn("nested push animation can result in corrupted navigation bar")
    }
    var animator: UIViewControllerAnimatedTransitioning?
    var interactor: UIViewControllerInteractiveTransitioning?
    if let delegate {
      let name = operation == .push ? "push" : "pop"
      animator = simulation.askDelegate(delegate, "navigationController(_:animationControllerFor: .\(name), from:to:)",
                                        answer: objectName) {
        delegate.navigationController(self, animationControllerFor: operation, from: from, to: to)
      }
      if let animator {
        interactor = simulation.askDelegate(delegate, "navigationController(_:interactionControllerFor:)",
                                            answer: objectName) {
          delegate.navigationController(self, interactionControllerFor: animator)
        }
      }
    }
    if animator == nil, operation == .pop, let builtIn = builtInInteraction { interactor = builtIn }
    // iOS 18: the controller that comes (push) or goes (pop) may prefer the zoom.
    if animator == nil, animated, let zoom = ZoomTransitionAnimator.navigation(operation, from: from, to: to) {
      animator = zoom
    }
    if to.hidesBottomBarWhenPushed || from.hidesBottomBarWhenPushed {
      tabBarController?.tabBar.isHidden = to.hidesBottomBarWhenPushed
    }
    var request = ContainerTransition.Request(
      kind: operation == .push ? .push : .pop, owner: self, container: transitionView, from: from, to: to,
      animated: animated,
      animator: animator, interactor: interactor, defaultAnimator: NavigationDefaultAnimator(operation: operation))
    request.willBegin = { [weak self] in
      guard let self, let delegate = self.delegate else { return }
      self.simulation.askDelegate(delegate, "navigationController(_:willShow: \(to.traceName), animated:)") {
        delegate.navigationController(self, willShow: to, animated: animated)
      }
    }
    request.didFinish = { [weak self] completed in
      guard let self else { return }
      update(completed)
      self.updateBar()
      if !completed, to.hidesBottomBarWhenPushed != from.hidesBottomBarWhenPushed {
        self.tabBarController?.tabBar.isHidden = from.hidesBottomBarWhenPushed
      }
      if completed, let delegate = self.delegate {
        self.simulation.askDelegate(delegate, "navigationController(_:didShow: \(to.traceName), animated:)") {
          delegate.navigationController(self, didShow: to, animated: animated)
        }
      }
    }
    ContainerTransition.run(request)
  }

  /// The built-in interactive pop: a left-edge swipe pops with UIKit's
  /// animation under the finger; released past half way (or flung right) it
  /// finishes, otherwise it cancels.
  func handleInteractivePop(_ gesture: UIScreenEdgePanGestureRecognizer) {
    let width = view.bounds.width
    switch gesture.state {
    case .began:
      guard stack.count > 1 else { return }
      let interaction = UIPercentDrivenInteractiveTransition()
      builtInInteraction = interaction
      popViewController(animated: true)
    case .changed:
      builtInInteraction?.update(max(0, min(1, gesture.translation(in: view).x / width)))
    case .ended:
      guard let interaction = builtInInteraction else { return }
      builtInInteraction = nil
      let velocity = gesture.velocity(in: view).x
      if interaction.percentComplete > 0.5 || velocity > 300 { interaction.finish() } else { interaction.cancel() }
    case .cancelled, .failed:
      builtInInteraction?.cancel()
      builtInInteraction = nil
    default:
      break
    }
  }
}

/// The navigation controller's own delegate for its interactive pop (UIKit's
/// is a private object): the swipe begins only when there is a controller
/// to go back to, no push or pop is running, and the navigation bar shows.
///
/// Apple documents none of the three. The first two keep the stack sound;
/// the third is widely reported (hiding the bar with
/// `setNavigationBarHidden(_:animated:)` turns the swipe off) and is the
/// engine's choice. An app that sets its own delegate decides for itself.
final class InteractivePopGate: UIGestureRecognizerDelegate {
  weak var navigationController: UINavigationController?

  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard let navigationController else { return false }
    let running = navigationController.simulation.activeTransitions.contains { $0.kind == .push || $0.kind == .pop }
    if navigationController.isNavigationBarHidden {
      navigationController.simulation.engineChose("UINavigationController.interactivePopGestureRecognizer")
    }
    return navigationController.viewControllers.count > 1 && !running && !navigationController.isNavigationBarHidden
  }
}

/// The holder of a navigation controller's child views.
final class NavigationTransitionView: UIView {
  override var diagramLabel: String { accessibilityIdentifier ?? "UINavigationTransitionView" }
}

/// A navigation bar: shows the top controller's title.
@MainActor @preconcurrency
open class UINavigationBar: UIView {
  /// The title shown (the top item's).
  var topItemTitle: String? {
    didSet { titleLabel.text = topItemTitle }
  }
  let titleLabel = UILabel(frame: .zero)
  open var prefersLargeTitles = false
  open var isTranslucent = true
  open var barTintColor: UIColor?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .secondarySystemBackground
    titleLabel.frame = CGRect(x: 0, y: 0, width: frame.width, height: 44)
    titleLabel.autoresizingMask = [.flexibleWidth]
    titleLabel.textAlignment = .center
    addSubview(titleLabel)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open override func layoutSubviews() {
    titleLabel.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
  }
}
