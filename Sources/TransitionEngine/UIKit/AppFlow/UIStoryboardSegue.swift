// UIStoryboardSegue and UIStoryboard: storyboard-era code, without storyboards.
//
// Apple: "Subclasses override this method [perform()] and use it to perform
// the animations from the views in source to the views in destination …
// at the end of it, you're responsible for installing the destination view
// controller (and its views) in the right place"; "When a segue is
// triggered, but before the visual transition occurs, the storyboard
// runtime calls the current view controller's prepare(for:sender:)".
// The engine has no storyboard runtime: code that makes a segue itself
// (`init(identifier:source:destination:)`), calls `prepare(for:sender:)`
// and then `perform()` runs as on a device; loading a storyboard, and
// `performSegue(withIdentifier:sender:)` (which looks the segue up in one),
// trap with a sentence saying so.

/// A transition between two view controllers (UIKit's `UIStoryboardSegue`).
@MainActor @preconcurrency
open class UIStoryboardSegue: NSObject {
  /// The identifier the segue was made with.
  open private(set) var identifier: String?
  /// The controller visible at the start of the segue.
  open private(set) var source: UIViewController
  /// The controller to display after the segue.
  open private(set) var destination: UIViewController
  private let performHandler: (() -> Void)?

  /// Creates a segue (subclasses override it to set up their own state).
  public init(identifier: String?, source: UIViewController, destination: UIViewController) {
    self.identifier = identifier
    self.source = source
    self.destination = destination
    performHandler = nil
    super.init()
  }

  /// Creates a segue whose `perform()` calls `performHandler`.
  public init(identifier: String?, source: UIViewController, destination: UIViewController,
              performHandler: @escaping () -> Void) {
    self.identifier = identifier
    self.source = source
    self.destination = destination
    self.performHandler = performHandler
    super.init()
  }

  /// Performs the visual transition: the base class calls the perform
  /// handler if it has one and otherwise does nothing (a custom segue's
  /// subclass overrides it, animates, and installs the destination itself).
  open func perform() {
    source.simulation.record(.appCall, typeName(self), "perform()")
    performHandler?()
  }
}

/// A storyboard (UIKit's `UIStoryboard`): the type exists so that code
/// reading `storyboard` compiles; loading one is not modelled.
@MainActor @preconcurrency
open class UIStoryboard: NSObject {
  /// Traps: the engine loads no storyboard files.
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
    preconditionFailure(StoryboardSegues.loadingIsNotModelled("UIStoryboard(name: \"\(name)\", bundle:)"))
  }

  /// Traps: the engine loads no storyboard files.
  open func instantiateInitialViewController() -> UIViewController? {
    preconditionFailure(StoryboardSegues.loadingIsNotModelled("instantiateInitialViewController()"))
  }

  /// Traps: the engine loads no storyboard files.
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    preconditionFailure(StoryboardSegues.loadingIsNotModelled("instantiateViewController(withIdentifier: \"\(identifier)\")"))
  }
}

enum StoryboardSegues {
  static func loadingIsNotModelled(_ call: String) -> String {
    "\(call): loading storyboards and nibs is not modelled by the engine; build the controller in code (its init and loadView)"
  }

  /// `performSegue(withIdentifier:sender:)`: a controller made in code has
  /// no storyboard, so it has no segue with any identifier, and UIKit
  /// raises; the engine traps with UIKit's reason and says what to do.
  static func perform(withIdentifier identifier: String, from source: UIViewController, sender: Any?) {
    source.simulation.record(.appCall, source.traceName, "performSegue(withIdentifier: \"\(identifier)\")")
    preconditionFailure("Receiver (\(source.debugDescriptor)) has no segue with identifier '\(identifier)': storyboard segues are not modelled by the engine; make the segue in code (UIStoryboardSegue(identifier:source:destination:)), call prepare(for:sender:), then perform()")
  }
}
