// UIViewController: a lazily loaded view, appearance callbacks, child
// containment, and the entry points of modal presentation (the dance
// itself is in Transitions/ModalPresentation.swift).

/// A view controller, as UIKit's `UIViewController`.
@MainActor @preconcurrency
open class UIViewController: UIResponder {
  let simulation: Simulation
  let debugID: Int

  // MARK: Initialisers

  /// Creates a controller (nib loading is not modelled; the names are kept).
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    simulation = Simulation.current
    debugID = simulation.nextSequence()
    nibName = nibNameOrNil
    super.init()
    if nibNameOrNil != nil {
      simulation.notModelled("UIViewController.init(nibName:bundle:)", instead: "no nib is loaded: the name is kept and the view is made in code")
    }
  }

  /// Controllers are not decoded from storyboards in the engine; subclasses
  /// may still declare `required init?(coder:)`, as UIKit subclasses must.
  public required init?(coder: NSCoder) {
    simulation = Simulation.current
    debugID = simulation.nextSequence()
    nibName = nil
    super.init()
  }

  /// Creates a controller.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public let nibName: String?

  // MARK: The view

  private var _view: UIView?

  /// The root view, loaded on first access (`loadView`, then `viewDidLoad`).
  open var view: UIView! {
    get {
      if _view == nil { loadViewIfNeeded() }
      return _view
    }
    set {
      _view?.owningTitle = nil
      _view = newValue
      attachOwnership()
    }
  }

  /// The view if it is loaded, else nil (does not load it).
  open var viewIfLoaded: UIView? { _view }

  /// Whether the view is loaded.
  open var isViewLoaded: Bool { _view != nil }

  /// Loads the view now if it is not loaded.
  open func loadViewIfNeeded() {
    guard _view == nil else { return }
    loadView()
    if _view == nil {
      let root = UIView(frame: UIScreen.main.bounds)
      root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      _view = root
    }
    attachOwnership()
    viewDidLoad()
  }

  private func attachOwnership() {
    _view?.owningTitle = { [weak self] in self?.title ?? self?.navigationItem.title }
    _view?.owningController = self
  }

  /// Creates the view: override to build your own (set `view`); the default
  /// is a plain view the size of the screen that resizes with its superview
  /// (`[.flexibleWidth, .flexibleHeight]`, as iOS gives a controller's root
  /// view: its descriptions read `autoresize = W+H`), so it follows its window.
  open func loadView() {
    let root = UIView(frame: UIScreen.main.bounds)
    root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view = root
  }

  /// Called once, after the view is loaded.
  open func viewDidLoad() {}

  /// The title (diagrams label the controller's view with it).
  open var title: String? {
    didSet { if navigationItem.title == nil || navigationItem.title == oldValue { navigationItem.title = title } }
  }

  /// The navigation item (its title shows in the navigation bar).
  public private(set) lazy var navigationItem: UINavigationItem = {
    let item = UINavigationItem(title: title ?? "")
    item.owner = self
    return item
  }()

  /// The tab bar item.
  open var tabBarItem: UITabBarItem! = UITabBarItem(title: nil, image: nil, tag: 0)

  /// Whether a navigation controller hides the tab bar while this controller is on top.
  open var hidesBottomBarWhenPushed = false

  /// The size the content prefers (`UIContentContainer`). Setting a new
  /// value tells the parent, or the presentation controller of a presented
  /// controller, through `preferredContentSizeDidChange(forChildContentContainer:)`.
  open var preferredContentSize = CGSize.zero {
    didSet {
      guard preferredContentSize != oldValue else { return }
      if let parent {
        parent.preferredContentSizeDidChange(forChildContentContainer: self)
      } else if presentingViewController != nil, let presentation = cachedPresentationController {
        presentation.preferredContentSizeDidChange(forChildContentContainer: self)
      }
    }
  }

  // MARK: UIContentContainer defaults

  /// A child's preferred size changed (default: nothing).
  open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}

  /// A child's Auto Layout fitting size changed (default: nothing; the engine never calls it by itself).
  open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}

  /// The size for a child (default: the parent's size).
  open func size(forChildContentContainer container: UIContentContainer,
                 withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }

  /// The view is about to change size (default, as UIKit documents: each
  /// child gets `viewWillTransition` with `size(forChildContentContainer:…)`).
  open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    for child in children {
      child.viewWillTransition(to: self.size(forChildContentContainer: child, withParentContainerSize: size),
                               with: coordinator)
    }
  }

  /// The traits are about to change (default: each child gets
  /// `willTransition(to:with:)` too, as the size change is forwarded).
  open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
    for child in children { child.willTransition(to: newCollection, with: coordinator) }
  }

  /// Insets added to the view's safe area (its subviews' safe areas and
  /// `safeAreaLayoutGuide` follow; `viewSafeAreaInsetsDidChange()` is
  /// called in the next layout pass).
  open var additionalSafeAreaInsets = UIEdgeInsets.zero {
    didSet {
      guard additionalSafeAreaInsets != oldValue else { return }
      additionalSafeAreaInsetsDidChange()
      viewIfLoaded?.layoutInputsDidChange()
    }
  }

  /// The root view's safe-area insets changed (called after the view's
  /// `safeAreaInsetsDidChange()`, before its layout).
  open func viewSafeAreaInsetsDidChange() {}

  // MARK: Orientation

  /// The interface orientations this controller supports (UIKit's default
  /// on an iPhone: all but upside down). The window's root controller, or
  /// the topmost full-screen presented one, decides whether the interface
  /// may turn (UIKit/Rotation.swift).
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
  /// Whether the controller's contents should rotate (deprecated in iOS 16; default true).
  open var shouldAutorotate: Bool { true }
  /// The orientation to present this controller in (default: the current one).
  open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
    simulation.orientation.interfaceOrientation
  }

  /// Called before the root view's `layoutSubviews` (before Auto Layout sets the subviews' frames).
  open func viewWillLayoutSubviews() {}
  /// Called after the root view's `layoutSubviews`.
  open func viewDidLayoutSubviews() {}
  /// Called when the traits changed (a rotation that changes a size class), with the old ones.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
  /// The root view's update-constraints pass (after `setNeedsUpdateConstraints`); default: the view's `updateConstraints()`.
  open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }

  // MARK: Appearance

  /// Where the controller is in its appearance cycle.
  enum AppearanceState { case disappeared, appearing, appeared, disappearing }
  var appearanceState: AppearanceState = .disappeared
  private var appearanceAnimated = false

  open func viewWillAppear(_ animated: Bool) {}
  /// Called once each time the view appears, after `viewWillAppear`: once
  /// the view is in a window and its superview has laid it out (the next
  /// layout pass), and before `viewDidAppear` at the latest.
  open func viewIsAppearing(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  /// Whether containers forward appearance callbacks to their children (default true).
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Starts an appearance transition: calls `viewWillAppear` or `viewWillDisappear`.
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    switch (appearanceState, isAppearing) {
    case (.appearing, true), (.disappearing, false):
      simulation.warn("Unbalanced calls to begin/end appearance transitions for \(debugDescriptor).")
      return
    case (.appeared, true), (.disappeared, false):
      return  // already there: UIKit sends nothing
    default: break
    }
    appearanceState = isAppearing ? .appearing : .disappearing
    appearanceAnimated = animated
    loadViewIfNeeded()
    simulation.record(.call, traceName, isAppearing ? "viewWillAppear(\(animated))" : "viewWillDisappear(\(animated))")
    simulation.traced { if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) } }
    isAppearingPending = isAppearing
    if shouldAutomaticallyForwardAppearanceMethods {
      for child in visibleChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }
  }

  /// Set from `viewWillAppear` until `viewIsAppearing` has been called.
  private var isAppearingPending = false

  /// Calls `viewIsAppearing` if it is due: the view is in a window and laid
  /// out (called by the layout pass), or `viewDidAppear` comes next.
  func callViewIsAppearingIfPending() {
    guard isAppearingPending, appearanceState == .appearing else { return }
    isAppearingPending = false
    let animated = appearanceAnimated
    simulation.traced { viewIsAppearing(animated) }
  }

  /// Ends the appearance transition: calls `viewDidAppear` or `viewDidDisappear`.
  open func endAppearanceTransition() {
    let appearing: Bool
    switch appearanceState {
    case .appearing: appearing = true
    case .disappearing: appearing = false
    default:
      return
    }
    if appearing { callViewIsAppearingIfPending() }
    appearanceState = appearing ? .appeared : .disappeared
    let animated = appearanceAnimated
    simulation.record(.call, traceName, appearing ? "viewDidAppear(\(animated))" : "viewDidDisappear(\(animated))")
    simulation.traced { if appearing { viewDidAppear(animated) } else { viewDidDisappear(animated) } }
    if shouldAutomaticallyForwardAppearanceMethods {
      for child in visibleChildren { child.endAppearanceTransition() }
    }
  }

  /// A child controller whose view enters or leaves a window while its parent
  /// is on screen gets its appearance calls, as UIKit sends them when you
  /// add a child's view (containers and transitions send their own).
  func viewWillMove(toWindow window: UIWindow?) {
    guard let parent, parent.appearanceState == .appeared, !isInTransition else { return }
    if window != nil, appearanceState == .disappeared {
      appearanceStartedByViewMove = true
      beginAppearanceTransition(true, animated: false)
    } else if window == nil, appearanceState == .appeared {
      appearanceStartedByViewMove = true
      beginAppearanceTransition(false, animated: false)
    }
  }

  func viewDidMoveToWindow() {
    guard appearanceStartedByViewMove else { return }
    appearanceStartedByViewMove = false
    endAppearanceTransition()
  }

  /// Whether a running transition manages this controller's appearance.
  private var isInTransition: Bool {
    activeCoordinator != nil || parent?.activeCoordinator != nil || inChildTransition
  }
  /// Set while `transition(from:to:…)` moves this child's view (it sends the
  /// appearance calls itself).
  private var inChildTransition = false
  /// Set between the will and did calls that a view move started.
  private var appearanceStartedByViewMove = false

  /// Children whose views are shown (containers override: the top or selected child).
  var visibleChildren: [UIViewController] {
    children.filter { child in child.viewIfLoaded.map { $0.isDescendant(of: view) } ?? false }
  }

  // MARK: Containment

  /// The child controllers, in the order they were added.
  open private(set) var children: [UIViewController] = []

  /// The parent controller.
  open private(set) weak var parent: UIViewController?

  /// Adds a child: calls its `willMove(toParent:)`; call `didMove(toParent:)` after adding its view.
  open func addChild(_ childController: UIViewController) {
    if childController.parent === self { return }
    childController.removeFromParent()
    childController.willMove(toParent: self)
    children.append(childController)
    childController.parent = self
  }

  /// Removes the controller from its parent: calls `didMove(toParent: nil)`.
  /// Call `willMove(toParent: nil)` before, and remove its view yourself.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}

  /// Whether the controller is being added to a parent: true from the push
  /// (or `setViewControllers` that adds it on top) through its
  /// `viewDidAppear` (Apple: true inside `viewWillAppear`/`viewDidAppear`).
  open internal(set) var isMovingToParent = false
  /// Whether it is being removed from its parent: true from the pop through
  /// its `viewDidDisappear` (Apple: true inside `viewWillDisappear`/`viewDidDisappear`).
  open internal(set) var isMovingFromParent = false

  /// The nearest ancestor navigation controller.
  open var navigationController: UINavigationController? {
    var current = parent
    while let c = current {
      if let nav = c as? UINavigationController { return nav }
      current = c.parent
    }
    return nil
  }

  /// The nearest ancestor tab bar controller.
  open var tabBarController: UITabBarController? {
    var current = parent
    while let c = current {
      if let tab = c as? UITabBarController { return tab }
      current = c.parent
    }
    return nil
  }

  // MARK: Presentation state

  /// The controller this one presents.
  open internal(set) weak var presentedViewController: UIViewController?
  /// Kept alive while presented (UIKit retains presented controllers).
  var presentedStrong: UIViewController?
  /// The controller that presented this one.
  open internal(set) weak var presentingViewController: UIViewController?

  /// How `present` shows this controller. Set to `.automatic` (the
  /// default), it reads as a concrete style: `.pageSheet` for a plain
  /// controller (Apple's header: "reading it will always return a concrete
  /// presentation style. By default UIViewController resolves
  /// UIModalPresentationAutomatic to UIModalPresentationPageSheet"); an
  /// alert controller resolves it to `.custom`.
  open var modalPresentationStyle: UIModalPresentationStyle {
    get { storedPresentationStyle == .automatic ? automaticPresentationStyle : storedPresentationStyle }
    set { storedPresentationStyle = newValue }
  }
  private var storedPresentationStyle: UIModalPresentationStyle = .automatic
  /// The concrete style `.automatic` reads as (system subclasses choose their own).
  var automaticPresentationStyle: UIModalPresentationStyle { .pageSheet }
  /// UIKit's animation when no custom animator is vended.
  open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
  /// The transition UIKit runs when this controller is presented or pushed
  /// (iOS 18): `.zoom(options:sourceViewProvider:)` for both, a transition
  /// style by name for presentations (default nil: the usual transitions).
  open var preferredTransition: Transition?

  // MARK: Status bar (the engine draws none; the preferences are kept for code that reads them)

  /// The status bar style this controller wants (UIKit's default: `.default`).
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }
  /// Whether this controller hides the status bar (UIKit's default: `false`).
  open var prefersStatusBarHidden: Bool { false }
  /// Whether a non-full-screen presented controller takes over the status bar.
  open var modalPresentationCapturesStatusBarAppearance = false
  /// Asks UIKit to read the status bar preferences again: accepted, nothing to redraw.
  open func setNeedsStatusBarAppearanceUpdate() {}
  /// Vends custom animators and the presentation controller. Weak, as in UIKit.
  open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
  /// Whether this controller's view is the context for `.currentContext` presentations.
  open var definesPresentationContext = false
  /// Whether presentations in this context use this controller's transition style.
  open var providesPresentationContextTransitionStyle = false
  /// Whether the presented controller may be dismissed by a swipe (sheets; kept).
  open var isModalInPresentation = false

  /// True from `present` through the presented controller's `viewDidAppear`
  /// (Apple: true inside its `viewWillAppear` and `viewDidAppear`).
  open internal(set) var isBeingPresented = false
  /// True from `dismiss` through the dismissed controller's `viewDidDisappear`
  /// (Apple: true inside its `viewWillDisappear` and `viewDidDisappear`).
  open internal(set) var isBeingDismissed = false

  /// The coordinator of the transition in progress: this controller's, from
  /// the call that starts it (`present`, `dismiss`, `push`, `pop`, a tab
  /// switch — the two controllers and the container that runs it have it)
  /// until it ends; else its parent's ("UIKit checks the view controller's
  /// ancestors"); nil when no transition is in progress.
  open var transitionCoordinator: UIViewControllerTransitionCoordinator? {
    if let coordinator = activeCoordinator { return coordinator }
    return parent?.transitionCoordinator
  }
  weak var activeCoordinator: TransitionCoordinator?

  private var _presentationController: UIPresentationController?

  /// The presentation controller of this controller's presentation, created
  /// on first access and cached (so reading it before setting
  /// `transitioningDelegate` means the delegate is never asked, as in UIKit).
  open var presentationController: UIPresentationController? {
    if let existing = _presentationController { return existing }
    let controller = ModalPresentation.makePresentationController(for: self, presenting: presentingViewController,
                                                                  source: presentingViewController)
    _presentationController = controller
    return controller
  }

  /// How the current presentation of this controller was set up.
  var presentationRecord: PresentationRecord?

  func setPresentationController(_ controller: UIPresentationController?) { _presentationController = controller }
  var cachedPresentationController: UIPresentationController? { _presentationController }

  // MARK: Present and dismiss

  /// Presents a controller modally. The transition starts on the next
  /// run-loop turn and ends when the animator calls `completeTransition(_:)`.
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                    completion: (() -> Void)? = nil) {
    ModalPresentation.present(viewControllerToPresent, from: self, animated: flag, completion: completion)
  }

  /// Dismisses the controller this one presents (or this one, if it presents none).
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    ModalPresentation.dismiss(from: self, animated: flag, completion: completion)
  }

  // MARK: Segues (AppFlow/UIStoryboardSegue.swift)

  /// The storyboard the controller came from: always nil (loading
  /// storyboards is not modelled).
  open var storyboard: UIStoryboard? { nil }

  /// Called before a segue from this controller performs (default: nothing).
  open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

  /// Whether the segue with this identifier should perform (default: true).
  open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

  /// Initiates the segue with this identifier from the controller's
  /// storyboard. The engine loads no storyboards, so no controller has a
  /// segue: it traps with UIKit's "has no segue with identifier" exception
  /// (make a `UIStoryboardSegue` in code, call `prepare(for:sender:)` and
  /// `perform()` instead).
  open func performSegue(withIdentifier identifier: String, sender: Any?) {
    StoryboardSegues.perform(withIdentifier: identifier, from: self, sender: sender)
  }

  // MARK: Transitions between children

  /// Transitions between two children of this controller (a custom
  /// container's own transition). As Apple documents it: "adds the second
  /// view controller's view to the view hierarchy and then performs the
  /// animations defined in your animations block. After the animation
  /// completes, it removes the first view controller's view". The new view
  /// goes into the old one's superview, above it; when this controller is on
  /// screen the children get their appearance calls (old: will-disappear,
  /// new: will-appear, and after the animations did-disappear and
  /// did-appear, before `completion`). A transition style among `options`
  /// (`.transitionCrossDissolve`, flips, curls) runs as
  /// `UIView.transition(with:)` on the superview. Containment
  /// (`addChild`, `willMove`, `didMove`, `removeFromParent`) stays the
  /// caller's job. Both must be children of this controller: UIKit raises
  /// otherwise, and so does the engine.
  open func transition(from fromViewController: UIViewController, to toViewController: UIViewController,
                       duration: TimeInterval, options: UIView.AnimationOptions = [],
                       animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    precondition(fromViewController.parent === self && toViewController.parent === self,
                 "Children view controllers \(fromViewController.debugDescriptor) and \(toViewController.debugDescriptor) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
    let fromView = fromViewController.view!
    let toView = toViewController.view!
    guard let superview = fromView.superview else {
      preconditionFailure("\(fromViewController.debugDescriptor)'s view must be in a view hierarchy when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
    }
    simulation.record(.appCall, traceName,
                      "transition(from: \(fromViewController.traceName), to: \(toViewController.traceName), duration: \(format(duration)))")
    let animated = duration > 0
    let sendsAppearance = shouldAutomaticallyForwardAppearanceMethods && appearanceState == .appeared
    if sendsAppearance {
      fromViewController.beginAppearanceTransition(false, animated: animated)
      toViewController.beginAppearanceTransition(true, animated: animated)
    }
    fromViewController.inChildTransition = true
    toViewController.inChildTransition = true
    let finish: (Bool) -> Void = { finished in
      fromView.removeFromSuperview()
      fromViewController.inChildTransition = false
      toViewController.inChildTransition = false
      if sendsAppearance {
        fromViewController.endAppearanceTransition()
        toViewController.endAppearanceTransition()
      }
      completion?(finished)
    }
    if options.transitionStyle != 0 {
      UIView.transition(with: superview, duration: duration, options: options, animations: {
        superview.insertSubview(toView, aboveSubview: fromView)
        animations?()
      }, completion: finish)
    } else {
      superview.insertSubview(toView, aboveSubview: fromView)
      UIView.animate(withDuration: duration, delay: 0, options: options, animations: { animations?() },
                     completion: finish)
    }
  }

  /// Puts a child's view into `container`, filling it and resizing with it
  /// (how navigation and tab controllers show their children).
  func embedView(of child: UIViewController, in container: UIView) {
    let view = child.view!
    view.frame = container.bounds
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(view)
  }

  // MARK: Naming

  /// How traces and diagnostics name this controller: its title, else its class.
  var traceName: String {
    if let title, !title.isEmpty { return title }
    return String(describing: type(of: self))
  }

  /// UIKit's `<ClassName: 0x…>` with a deterministic address.
  nonisolated var debugDescriptor: String { "<\(type(of: self)): 0x\(String(debugID, radix: 16))>" }

  open override var description: String { debugDescriptor }

  /// The window the controller's view is in.
  var window: UIWindow? { viewIfLoaded?.window }
}

extension Simulation {
  /// Reports a UIKit console warning and records it in the trace.
  func warn(_ message: String, kind: Diagnostic.Kind = .other) {
    report(Diagnostic(kind: kind, message: message))
    record(.warning, "UIKit", message)
  }
}

extension UIView {
  /// The controller whose root view this is.
  var owningController: UIViewController? {
    get { owningControllerBox?.controller }
    set { owningControllerBox = newValue.map(WeakController.init) }
  }
}

/// A weak reference to a controller.
final class WeakController {
  weak var controller: UIViewController?
  init(_ controller: UIViewController) { self.controller = controller }
}

// MARK: - Items

/// The title (and more, in UIKit) a navigation bar shows for a controller.
@MainActor @preconcurrency
open class UINavigationItem: NSObject {
  /// The title; a navigation bar showing this item shows a new one at once.
  open var title: String? {
    didSet { if let owner { owner.navigationController?.itemTitleDidChange(of: owner) } }
  }
  /// The controller whose item this is.
  weak var owner: UIViewController?
  open var prompt: String?
  open var hidesBackButton = false
  /// Appearances and the search controller (UIKit/Controls/Bars.swift).
  var controlsStorage: ControlsStorage?
  public init(title: String) {
    self.title = title.isEmpty ? nil : title
    super.init()
  }
}

/// The title and image a tab bar shows for a controller.
@MainActor @preconcurrency
open class UITabBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var tag: Int = 0
  /// An item with no title or image (UIKit's designated initializer).
  public override init() { super.init() }
  public convenience init(title: String?, image: UIImage?, tag: Int) {
    self.init()
    self.title = title
    self.image = image
    self.tag = tag
  }
}
