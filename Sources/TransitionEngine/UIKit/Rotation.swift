// Orientation and rotation: the interface orientation masks, the scene's
// orientation and its geometry requests (iOS 16), and the rotation itself,
// run as UIKit runs it since iOS 8: a size change with a transition
// coordinator (Guides/TransitionEngine.md, "Devices, safe area and rotation").
//
// A rotation, in order:
//  1. The scene's `interfaceOrientation` and `UIScreen.main.bounds` take the
//     new orientation at once (in `viewWillTransition(to:with:)` the screen
//     is already landscape while the views still have their old size).
//  2. Without animation: each full-screen window's root controller gets
//     `willTransition(to:with:)` when the traits change, then
//     `viewWillTransition(to:with:)` with the window's new size; so does
//     every presentation controller presented from it. The controllers'
//     default implementations forward both to their children, a
//     presentation controller's to its presented controller.
//  3. One `UIView` animation block, ease-in-out, 0.4 s for a quarter turn
//     and 0.8 s for a half turn: the windows take their new bounds (their
//     content turns from where it was to upright), the traits and the safe
//     area take the new orientation, `traitCollectionDidChange(_:)` and the
//     trait-change handlers run, then the alongside animations, then layout
//     (so constraint changes and `layoutSubviews` animate with it).
//  4. At the end of the animation: the coordinator's completion blocks.

// MARK: - Orientation masks

/// The interface orientations a view controller supports (UIKit's raw values:
/// one bit per `UIInterfaceOrientation`).
public struct UIInterfaceOrientationMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
  public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

  /// The mask of one orientation.
  init(_ orientation: UIInterfaceOrientation) {
    self.init(rawValue: orientation == .unknown ? 0 : 1 << UInt(orientation.rawValue))
  }

  /// The orientations in the order UIKit's messages list them.
  var orientations: [UIInterfaceOrientation] {
    [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight].filter { contains(Self($0)) }
  }

  /// "portrait, landscapeLeft, landscapeRight", as UIKit's geometry errors name masks.
  var listed: String { orientations.map(\.name).joined(separator: ", ") }
}

extension UIInterfaceOrientation {
  /// The case's name ("landscapeLeft"), as Swift prints it.
  var name: String { String(describing: self) }

  /// How the device is held for this interface orientation (landscape left
  /// is the device's landscape right: UIKit's raw values say so).
  var deviceOrientation: UIDeviceOrientation {
    UIDeviceOrientation(rawValue: rawValue) ?? .unknown
  }

  /// The angle the device is turned by, clockwise as its user sees it, from
  /// upright: home button (or bottom edge) on the left is a quarter turn.
  var deviceAngle: CGFloat {
    switch self {
    case .landscapeLeft: .pi / 2
    case .landscapeRight: -.pi / 2
    case .portraitUpsideDown: .pi
    default: 0
    }
  }
}

extension UIDeviceOrientation {
  /// The interface orientation that shows upright when the device is held
  /// so (nil when face up, face down or unknown).
  var interfaceOrientation: UIInterfaceOrientation? {
    isValidInterfaceOrientation ? UIInterfaceOrientation(rawValue: rawValue) : nil
  }
}

// MARK: - The simulation's orientation

/// The orientation state of one simulation.
final class OrientationState {
  /// The scene's orientation (and the screen's bounds): the new one as soon as a rotation starts.
  var interfaceOrientation: UIInterfaceOrientation = .portrait
  /// The orientation the views are laid out for (traits, safe area): the
  /// new one from the rotation's animation block on.
  var appliedOrientation: UIInterfaceOrientation = .portrait
  /// How the device is held.
  var deviceOrientation: UIDeviceOrientation = .portrait
  /// The orientations the app supports (its Info.plist): Xcode's iPhone
  /// template lists portrait and both landscapes.
  var supportedByApplication: UIInterfaceOrientationMask = .allButUpsideDown
}

extension Simulation {
  /// The simulation's orientation state.
  var orientation: OrientationState { companion(OrientationState.self) { OrientationState() } }

  /// The device changed: the screen takes its size (in the interface
  /// orientation) and scale; layout passes look for safe-area changes if
  /// it has insets.
  func deviceDidChange() {
    screen.portraitSize = device.screenSize
    screen.bounds = CGRect(origin: .zero, size: device.screenSize(for: orientation.interfaceOrientation))
    screen.scale = device.scale
    if device.hasSafeAreaInsets { autoLayout.tracksSafeArea = true }
    needsLayoutPass = true
  }

  /// The traits of the device in the orientation the views are laid out for.
  var deviceTraitCollection: UITraitCollection { traits(for: orientation.appliedOrientation) }

  /// The device's traits in an orientation: compact width (regular in
  /// landscape on the large phones), regular height in portrait and compact
  /// in landscape (Apple's size-class table for iPhones); light; the scale.
  func traits(for orientation: UIInterfaceOrientation) -> UITraitCollection {
    let landscape = orientation.isLandscape
    return UITraitCollection(
      horizontalSizeClass: landscape && device.hasRegularWidthInLandscape ? .regular : .compact,
      verticalSizeClass: landscape ? .compact : .regular,
      userInterfaceStyle: .light, displayScale: device.scale, userInterfaceIdiom: .phone)
  }

  /// The status bar's height now: the device's in portrait; iPhones hide it in landscape.
  var statusBarHeight: CGFloat {
    orientation.appliedOrientation.isLandscape ? 0 : device.statusBarHeight
  }

  /// The orientations the interface may take now, and the controller that
  /// decides: the key window's root controller, or the topmost full-screen
  /// controller presented from it. Its `supportedInterfaceOrientations`,
  /// the app's and the device's orientations intersect.
  func allowedOrientations() -> (mask: UIInterfaceOrientationMask, decider: UIViewController?) {
    var mask = orientation.supportedByApplication
    if !device.supportsPortraitUpsideDown { mask.remove(.portraitUpsideDown) }
    let visible = windows.filter { !$0.isHidden && $0.rootViewController != nil }
    guard let root = (visible.last { $0.isKeyWindow } ?? visible.last)?.rootViewController else { return (mask, nil) }
    var decider = root
    while let presented = decider.presentedViewController, presented.presentingViewController === decider,
          presented.cachedPresentationController?.shouldPresentInFullscreen ?? false {
      decider = presented
    }
    return (mask.intersection(decider.supportedInterfaceOrientations), decider)
  }

  // MARK: Turning the device (the harness)

  /// The user turns the device so that `interface` shows upright: the
  /// device's orientation changes (with `UIDevice.orientationDidChangeNotification`
  /// while notifications are generated) and, if the app and the deciding
  /// controller support it, the interface rotates. Returns whether it did
  /// (true also when it already was in that orientation).
  @discardableResult
  package func turnDevice(toShow interface: UIInterfaceOrientation, animated: Bool = true) -> Bool {
    precondition(interface != .unknown, "The device cannot be turned to .unknown")
    let state = orientation
    if state.deviceOrientation != interface.deviceOrientation {
      state.deviceOrientation = interface.deviceOrientation
      record(.note, "device", "turned to \(interface.name) (device \(state.deviceOrientation.name))")
      let device = companion(UIDevice.self) { UIDevice() }
      if device.isGeneratingDeviceOrientationNotifications {
        notificationCenter.post(name: UIDevice.orientationDidChangeNotification, object: device)
      }
    }
    guard state.interfaceOrientation != interface else { return true }
    let allowed = allowedOrientations()
    // Apple: the system asks the supported orientations "only … if the view
    // controller's shouldAutorotate method returns true".
    if let decider = allowed.decider, !decider.shouldAutorotate {
      record(.note, "UIKit", "does not rotate to \(interface.name): \(decider.traceName).shouldAutorotate is false")
      return false
    }
    guard allowed.mask.contains(UIInterfaceOrientationMask(interface)) else {
      record(.note, "UIKit", "does not rotate to \(interface.name): supported \(allowed.mask.listed)")
      return false
    }
    rotateInterface(to: interface, animated: animated)
    return true
  }

  /// A new stage starts upright: portrait, the device and the interface,
  /// at once, without any callback (earlier windows are hidden).
  package func resetOrientation() {
    let state = orientation
    state.deviceOrientation = .portrait
    guard state.interfaceOrientation != .portrait || state.appliedOrientation != .portrait else { return }
    state.interfaceOrientation = .portrait
    state.appliedOrientation = .portrait
    screen.bounds = CGRect(origin: .zero, size: device.screenSize)
    needsLayoutPass = true
  }

  // MARK: The rotation

  /// Rotates the interface (see the top of this file). Returns the coordinator.
  @discardableResult
  func rotateInterface(to new: UIInterfaceOrientation, animated: Bool) -> RotationCoordinator? {
    let state = orientation
    let old = state.interfaceOrientation
    guard new != old, new != .unknown else { return nil }
    let oldSize = screen.bounds.size
    let newSize = device.screenSize(for: new)
    let oldTraits = traits(for: state.appliedOrientation)
    let newTraits = traits(for: new)
    let traitsChange = oldTraits.differs(from: newTraits)
    var turn = new.deviceAngle - old.deviceAngle
    if turn > .pi + 1e-9 { turn -= 2 * .pi }
    if turn <= -.pi + 1e-9 { turn += 2 * .pi }
    let quarterTurns = (abs(turn) / (.pi / 2)).rounded()
    let duration = animated ? RotationCoordinator.quarterTurnDuration * quarterTurns : 0
    // The windows that fill the screen turn with it; others keep their frames.
    let turning = windows.filter {
      !$0.isHidden && $0.windowScene != nil && untransformedFrame($0) == CGRect(origin: .zero, size: oldSize)
    }
    let container: UIView = turning.last { $0.isKeyWindow } ?? turning.last
      ?? UIView(frame: CGRect(origin: .zero, size: newSize))
    let coordinator = RotationCoordinator(simulation: self, duration: duration,
                                          targetTransform: CGAffineTransform(rotationAngle: -turn),
                                          containerView: container)
    state.interfaceOrientation = new
    screen.bounds = CGRect(origin: .zero, size: newSize)
    record(.note, "UIKit", "rotation from \(old.name) to \(new.name), to \(newSize), \(format(duration)) s")

    // 2. The controllers hear of it, before anything changes size.
    UIView.performWithoutAnimation {
      for window in turning {
        guard let root = window.rootViewController else { continue }
        let presentations = presentationControllers(above: root)
        if traitsChange {
          record(.call, root.traceName, "willTransition(to:with:)")
          traced { root.willTransition(to: newTraits, with: coordinator) }
          for presentation in presentations {
            presentation.traceHook("willTransition(to:with:)")
            traced { presentation.willTransition(to: newTraits, with: coordinator) }
          }
        }
        let size = "\(newSize)"
        record(.call, root.traceName, "viewWillTransition(to: \(size), with:)")
        traced { root.viewWillTransition(to: newSize, with: coordinator) }
        for presentation in presentations {
          presentation.traceHook("viewWillTransition(to: \(size), with:)")
          traced { presentation.viewWillTransition(to: newSize, with: coordinator) }
        }
      }
      // The windows' content starts where it was: turned with the device.
      for window in turning {
        if duration > 0 { window.transform = coordinator.targetTransform.inverted() }
        window.center = CGPoint(x: newSize.width / 2, y: newSize.height / 2)
      }
    }

    // 3. The animation.
    coordinator.startTime = now
    let animations = { [self] in
      coordinator.isInsideAnimationBlock = true
      state.appliedOrientation = new
      for window in turning {
        window.bounds = CGRect(origin: window.bounds.origin, size: newSize)
        window.transform = .identity
      }
      if traitsChange {
        for window in turning { notifyTraitChange(window, previous: oldTraits) }
      }
      coordinator.runStoredAlongsideAnimations()
      for window in turning { window.layoutIfNeeded() }
      coordinator.isInsideAnimationBlock = false
    }
    if duration > 0 {
      UIView.animate(withDuration: duration, animations: animations) { _ in coordinator.end() }
    } else {
      UIView.performWithoutAnimation(animations)
      enqueue { coordinator.end() }
    }
    return coordinator
  }

  /// The presentation controllers of the controllers presented from `root`, in order.
  private func presentationControllers(above root: UIViewController) -> [UIPresentationController] {
    var result: [UIPresentationController] = []
    var current = root
    while let presented = current.presentedViewController, presented !== root {
      if let controller = presented.cachedPresentationController,
         !result.contains(where: { $0 === controller }) {
        result.append(controller)
      }
      current = presented
    }
    return result
  }

  /// `traitCollectionDidChange(_:)` down the view tree: a root view's
  /// controller first, then the view, then its subviews; each followed by
  /// the handlers registered for a trait that changed.
  private func notifyTraitChange(_ view: UIView, previous: UITraitCollection) {
    if let controller = view.owningController {
      record(.call, controller.traceName, "traitCollectionDidChange(_:)")
      traced { controller.traitCollectionDidChange(previous) }
      traitChangeRegistry.fire(for: controller, previous: previous)
    }
    view.traitCollectionDidChange(previous)
    traitChangeRegistry.fire(for: view, previous: previous)
    for subview in view.subviews { notifyTraitChange(subview, previous: previous) }
  }
}

extension UITraitCollection {
  /// Whether any trait the engine models differs.
  func differs(from other: UITraitCollection) -> Bool {
    horizontalSizeClass != other.horizontalSizeClass || verticalSizeClass != other.verticalSizeClass
      || userInterfaceStyle != other.userInterfaceStyle || displayScale != other.displayScale
      || userInterfaceIdiom != other.userInterfaceIdiom
  }
}

extension UIDeviceOrientation {
  /// The case's name ("landscapeRight"), as Swift prints it.
  var name: String { String(describing: self) }
}

// MARK: - The rotation's coordinator

/// The transition coordinator of a rotation: alongside animations run in
/// the rotation's animation block (so they take its duration and curve);
/// completion blocks run when it ends. Never interactive.
final class RotationCoordinator: NSObject, UIViewControllerTransitionCoordinator {
  /// A quarter turn's duration: the engine's choice (UIKit does not
  /// document it; about 0.3–0.4 s is what devices show); a half turn takes
  /// twice as long, as Apple says of the status bar's rotation.
  static let quarterTurnDuration: TimeInterval = 0.4

  private unowned let simulation: Simulation
  let transitionDuration: TimeInterval
  let targetTransform: CGAffineTransform
  let containerView: UIView
  var startTime: TimeInterval?
  var isInsideAnimationBlock = false
  private(set) var ended = false
  private var stored: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []

  init(simulation: Simulation, duration: TimeInterval, targetTransform: CGAffineTransform, containerView: UIView) {
    self.simulation = simulation
    transitionDuration = duration
    self.targetTransform = targetTransform
    self.containerView = containerView
    super.init()
  }

  var isAnimated: Bool { transitionDuration > 0 }
  /// `.none`: a rotation is not a presentation.
  var presentationStyle: UIModalPresentationStyle { .none }
  var initiallyInteractive: Bool { false }
  var isInterruptible: Bool { false }
  var isInteractive: Bool { false }
  var isCancelled: Bool { false }
  /// How far the rotation is in time (0 before its animation starts).
  var percentComplete: CGFloat {
    guard let startTime else { return 0 }
    if ended { return 1 }
    guard transitionDuration > 0 else { return 1 }
    return CGFloat(min(max((simulation.now - startTime) / transitionDuration, 0), 1))
  }
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { .easeInOut }
  /// nil: no controller changes places in a rotation.
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
  func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

  @discardableResult
  func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
               completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
    animateAlongsideTransition(in: nil, animation: animation, completion: completion)
  }

  /// Before the animation block: kept for it. Inside it: run at once (so
  /// animated with it). After it, while it runs: animated for the time
  /// left, ease-in-out. Once ended: false, nothing kept.
  @discardableResult
  func animateAlongsideTransition(in view: UIView?,
                                  animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                  completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
    if view != nil { simulation.engineChose("UIViewControllerTransitionCoordinator.animateAlongsideTransition(in:animation:completion:)") }
    guard !ended else { return false }
    if let completion { completions.append(completion) }
    guard let animation else { return true }
    if isInsideAnimationBlock {
      animation(self)
    } else if let startTime {
      let left = max(0, transitionDuration - (simulation.now - startTime))
      UIView.animate(withDuration: left, animations: { animation(self) })
    } else {
      stored.append(animation)
    }
    return true
  }

  /// Never called: a rotation is not interactive.
  func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {}

  /// Inside the animation block: the blocks handed over before it.
  func runStoredAlongsideAnimations() {
    let blocks = stored
    stored = []
    for block in blocks { block(self) }
  }

  /// The animation ended: the completion blocks run.
  func end() {
    guard !ended else { return }
    ended = true
    simulation.record(.note, "UIKit", "rotation ended")
    let blocks = completions
    completions = []
    simulation.traced { for block in blocks { block(self) } }
  }
}

// MARK: - Scene geometry requests (iOS 16)

extension UIWindowScene {
  /// Preferences for a scene's geometry (`requestGeometryUpdate(_:errorHandler:)`).
  open class GeometryPreferences: NSObject {
    public override init() { super.init() }

    /// An iOS app's preferences: the interface orientations it asks for.
    open class iOS: GeometryPreferences {
      /// The orientations requested (nil: no request).
      open var interfaceOrientations: UIInterfaceOrientationMask?

      public override init() { super.init() }

      public convenience init(interfaceOrientations: UIInterfaceOrientationMask) {
        self.init()
        self.interfaceOrientations = interfaceOrientations
      }
    }
  }

  /// The scene's geometry now (iOS 16).
  open class Geometry: NSObject {
    /// The interface orientation.
    public let interfaceOrientation: UIInterfaceOrientation
    init(interfaceOrientation: UIInterfaceOrientation) {
      self.interfaceOrientation = interfaceOrientation
      super.init()
    }
  }

  /// The scene's geometry now.
  public var effectiveGeometry: Geometry { Geometry(interfaceOrientation: interfaceOrientation) }

  /// Asks the interface to take one of the requested orientations (iOS 16).
  ///
  /// If the current one is requested, nothing happens. If none of them is
  /// supported (the deciding controller's `supportedInterfaceOrientations`,
  /// the app's and the device's), `errorHandler` gets UIKit's error —
  /// `UISceneErrorDomain` code 101, "None of the requested orientations are
  /// supported by the view controller. Requested: …; Supported: …" — on the
  /// next run-loop turn (Apple: "may call the error handler
  /// asynchronously"). Otherwise the interface rotates on the next run-loop
  /// turn to the supported requested one: the one the device is held in if
  /// requested, else portrait, landscape right, landscape left, upside down
  /// in that order (the engine's choice). The device itself does not turn.
  public func requestGeometryUpdate(_ geometryPreferences: GeometryPreferences,
                                    errorHandler: ((Error) -> Void)? = nil) {
    let simulation = self.simulation
    guard let requested = (geometryPreferences as? GeometryPreferences.iOS)?.interfaceOrientations else { return }
    simulation.record(.appCall, "UIWindowScene",
                      "requestGeometryUpdate(.iOS(interfaceOrientations: \(requested.listed)))")
    let allowed = simulation.allowedOrientations().mask
    let possible = requested.intersection(allowed)
    guard !possible.isEmpty else {
      let message = "None of the requested orientations are supported by the view controller. "
        + "Requested: \(requested.listed); Supported: \(allowed.listed)"
      simulation.record(.note, "UIKit", "requestGeometryUpdate refused: \(message)")
      if let errorHandler {
        let error = NSError(domain: "UISceneErrorDomain", code: 101, userInfo: [NSLocalizedDescriptionKey: message])
        simulation.enqueue { errorHandler(error) }
      }
      return
    }
    simulation.enqueue { simulation.rotateToSupported(possible) }
  }
}

extension Simulation {
  /// Rotates to one of `mask`, if the interface is not in one already: the
  /// device's if it is among them, else the first of portrait, landscape
  /// right, landscape left, upside down.
  func rotateToSupported(_ mask: UIInterfaceOrientationMask) {
    let current = orientation.interfaceOrientation
    guard !mask.contains(UIInterfaceOrientationMask(current)) else { return }
    let held = orientation.deviceOrientation.interfaceOrientation
    let order: [UIInterfaceOrientation] = [.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown]
    let target = held.flatMap { mask.contains(UIInterfaceOrientationMask($0)) ? $0 : nil }
      ?? order.first { mask.contains(UIInterfaceOrientationMask($0)) }
    if let target { rotateInterface(to: target, animated: true) }
  }
}

extension UIViewController {
  /// Tells UIKit that `supportedInterfaceOrientations` changed (iOS 16): on
  /// the next run-loop turn the interface turns to the way the device is
  /// held if that is now allowed, or away from an orientation no longer allowed.
  public func setNeedsUpdateOfSupportedInterfaceOrientations() {
    let simulation = self.simulation
    simulation.enqueue {
      let allowed = simulation.allowedOrientations().mask
      let state = simulation.orientation
      if let held = state.deviceOrientation.interfaceOrientation, held != state.interfaceOrientation,
         allowed.contains(UIInterfaceOrientationMask(held)) {
        simulation.rotateInterface(to: held, animated: true)
      } else if !allowed.isEmpty {
        simulation.rotateToSupported(allowed)
      }
    }
  }
}

extension UIApplication {
  /// The duration of a quarter turn of the status bar (deprecated in iOS
  /// 13; Apple: double it for a half turn): the engine's rotation's.
  public var statusBarOrientationAnimationDuration: TimeInterval { RotationCoordinator.quarterTurnDuration }
}
