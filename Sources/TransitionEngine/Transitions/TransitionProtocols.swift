// The protocols of custom view-controller transitions, with UIKit's Swift
// names and signatures.
//
// UIKit's requirements marked `optional` are Objective-C optionals: UIKit
// asks `responds(to:)` before calling them. Swift on Linux has no optional
// requirements, so the engine gives them default implementations that
// record that they ran: the engine then knows a method was "not
// implemented" and behaves (and traces) as UIKit does.

// MARK: - Keys and styles

/// Keys for `viewController(forKey:)`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
  public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// Keys for `view(forKey:)`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// How a presented view controller is shown.
public enum UIModalPresentationStyle: Int {
  case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
  case blurOverFullScreen
  case none = -1
  case automatic = -2
}

/// UIKit's built-in presentation animations.
public enum UIModalTransitionStyle: Int {
  case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

// MARK: - Default-implementation tracking

/// Records that a protocol's default (i.e. "not implemented") method ran.
enum OptionalRequirement {
  static func markDefault() { Simulation.current.defaultImplementationRan = true }

  /// Runs `call`, and reports whether the app implemented the method.
  static func call<R>(_ call: () -> R) -> (result: R, implemented: Bool) {
    let simulation = Simulation.current
    let saved = simulation.defaultImplementationRan
    simulation.defaultImplementationRan = false
    let result = call()
    let implemented = !simulation.defaultImplementationRan
    simulation.defaultImplementationRan = saved
    return (result, implemented)
  }
}

extension Simulation {
  /// Calls an optional method of the app's `delegate`, and traces the call
  /// (with what it answered) only when the app implements the method — as
  /// UIKit calls only what `responds(to:)`.
  func askDelegate<R>(_ delegate: AnyObject, _ message: String, answer describe: (R) -> String? = { _ in nil },
                      _ call: () -> R) -> R {
    let answer = OptionalRequirement.call(call)
    if answer.implemented { record(.call, typeName(delegate), message, result: describe(answer.result)) }
    return answer.result
  }
}

/// How traces show a returned object: its type name, or "nil".
func objectName<T>(_ object: T?) -> String? { object.map { typeName($0 as AnyObject) } ?? "nil" }

// MARK: - Transitioning delegate

/// Vends the objects of a custom modal transition. All methods optional.
@MainActor @preconcurrency
public protocol UIViewControllerTransitioningDelegate: AnyObject {
  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning?
  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
  func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning?
  func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning?
  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
  public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                  source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                     source: UIViewController) -> UIPresentationController? {
    OptionalRequirement.markDefault()
    return nil
  }
}

// MARK: - Animator

/// Animates a transition: UIKit asks for its duration, then calls `animateTransition(using:)`.
@MainActor @preconcurrency
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
  func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
  /// Optional: called after `completeTransition(_:)`.
  func animationEnded(_ transitionCompleted: Bool)
  /// Optional (iOS 10): the interruptible animator of the transition.
  func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) { OptionalRequirement.markDefault() }
  public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning)
    -> UIViewImplicitlyAnimating {
    OptionalRequirement.markDefault()
    return UIViewPropertyAnimator(duration: 0, curve: .linear)
  }
}

// MARK: - Interaction controller

/// Drives a transition interactively.
@MainActor @preconcurrency
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
  func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
  /// Optional: the speed of the completion after the interaction (default 1).
  var completionSpeed: CGFloat { get }
  /// Optional: the curve of the completion (default ease-in-out).
  var completionCurve: UIView.AnimationCurve { get }
  /// Optional (iOS 10): whether the transition starts interactively (default true).
  var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var completionCurve: UIView.AnimationCurve { .easeInOut }
  public var wantsInteractiveStart: Bool { true }
}

// MARK: - Context

/// What UIKit gives the animator: the container, the controllers and views, the frames.
@MainActor @preconcurrency
public protocol UIViewControllerContextTransitioning: AnyObject {
  var containerView: UIView { get }
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var transitionWasCancelled: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  func finishInteractiveTransition()
  func cancelInteractiveTransition()
  func pauseInteractiveTransition()
  func completeTransition(_ didComplete: Bool)
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  var targetTransform: CGAffineTransform { get }
  func initialFrame(for vc: UIViewController) -> CGRect
  func finalFrame(for vc: UIViewController) -> CGRect
}

// MARK: - Coordinator

/// What alongside animations and completion blocks receive.
@MainActor @preconcurrency
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  var isAnimated: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  var initiallyInteractive: Bool { get }
  var isInterruptible: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
  var transitionDuration: TimeInterval { get }
  var percentComplete: CGFloat { get }
  var completionVelocity: CGFloat { get }
  var completionCurve: UIView.AnimationCurve { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  var containerView: UIView { get }
  var targetTransform: CGAffineTransform { get }
}

/// Runs animations alongside a transition and blocks after it
/// (`UIViewController.transitionCoordinator`, non-nil only during a transition).
@MainActor @preconcurrency
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  @discardableResult
  func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
               completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
  @discardableResult
  func animateAlongsideTransition(in view: UIView?,
                                  animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                  completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
  func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
  /// `animate(alongsideTransition:completion:)` with no completion.
  @discardableResult
  public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?)
    -> Bool {
    animate(alongsideTransition: animation, completion: nil)
  }
}
