// Haptic feedback generators.
//
// The engine has no Taptic Engine: a generator does nothing observable.
// Apple documents that triggering feedback only tells the system an event
// happened ("the generator may play the appropriate haptics"), so playing
// nothing is within the contract. Every call is recorded in the
// simulation's trace as a call the app made, saying that nothing was played,
// so a driver or a test can see when an app asked for feedback.

/// The base of the feedback generators (Apple: do not instantiate it directly).
@MainActor @preconcurrency
open class UIFeedbackGenerator: NSObject {
  let simulation: Simulation

  public override init() {
    simulation = Simulation.current
    super.init()
  }

  /// Creates a generator for a view (iOS 17.5). The view is kept, not used.
  public convenience init(view: UIView) {
    self.init()
    self.view = view
  }

  /// The view the generator plays its feedback for (iOS 17.5).
  open weak var view: UIView?

  /// Apple: puts the Taptic Engine in a prepared state for a short time. The
  /// engine has none; the call is only traced.
  open func prepare() { trace("prepare()") }

  /// The engine class's name, as the ledger has it (an app's subclass has its parent's).
  var ledgerName: String { "UIFeedbackGenerator" }

  /// The name the trace uses for this generator.
  var traceName: String { String(describing: type(of: self)) }

  func trace(_ message: String) {
    simulation.record(.appCall, traceName, message + " [no haptics in the engine]")
    simulation.notModelled(ledgerName, instead: "there is no Taptic Engine: the call is traced and nothing is played")
  }
}

/// Feedback for physical impacts.
@MainActor @preconcurrency
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  override var ledgerName: String { "UIImpactFeedbackGenerator" }
  /// The mass of the colliding objects (UIKit's raw values).
  public enum FeedbackStyle: Int, Sendable {
    case light, medium, heavy, soft, rigid
  }

  /// The style the generator was made with.
  let style: FeedbackStyle

  /// A generator of the given style.
  public init(style: FeedbackStyle) {
    self.style = style
    super.init()
  }

  /// A generator of the medium style (UIKit's default for `init()`; not documented).
  public convenience override init() { self.init(style: .medium) }

  /// A generator of the given style, for a view (iOS 17.5).
  public convenience init(style: FeedbackStyle, view: UIView) {
    self.init(style: style)
    self.view = view
  }

  override var traceName: String { "UIImpactFeedbackGenerator(.\(style))" }

  /// Triggers impact feedback (traced only).
  open func impactOccurred() { trace("impactOccurred()") }

  /// Triggers impact feedback with an intensity between 0 and 1 (traced only, with the intensity as given).
  open func impactOccurred(intensity: CGFloat) {
    trace("impactOccurred(intensity: \(format(Double(intensity))))")
  }

  /// Triggers impact feedback at a location in the generator's view (iOS 17.5; traced only).
  open func impactOccurred(at location: CGPoint) {
    trace("impactOccurred(at: (\(format(Double(location.x))), \(format(Double(location.y)))))")
  }

  /// Triggers impact feedback with an intensity at a location (iOS 17.5; traced only).
  open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
    trace("impactOccurred(intensity: \(format(Double(intensity))), at: (\(format(Double(location.x))), "
      + "\(format(Double(location.y)))))")
  }
}

/// Feedback for a change of selection.
@MainActor @preconcurrency
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  override var ledgerName: String { "UISelectionFeedbackGenerator" }
  /// Triggers selection feedback (traced only).
  open func selectionChanged() { trace("selectionChanged()") }

  /// Triggers selection feedback at a location (iOS 17.5; traced only).
  open func selectionChanged(at location: CGPoint) {
    trace("selectionChanged(at: (\(format(Double(location.x))), \(format(Double(location.y)))))")
  }
}

/// Feedback for a success, a warning or an error.
@MainActor @preconcurrency
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  override var ledgerName: String { "UINotificationFeedbackGenerator" }
  /// The kind of outcome (UIKit's raw values).
  public enum FeedbackType: Int, Sendable {
    case success, warning, error
  }

  /// Triggers notification feedback (traced only).
  open func notificationOccurred(_ notificationType: FeedbackType) {
    trace("notificationOccurred(.\(notificationType))")
  }

  /// Triggers notification feedback at a location (iOS 17.5; traced only).
  open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
    trace("notificationOccurred(.\(notificationType), at: (\(format(Double(location.x))), "
      + "\(format(Double(location.y)))))")
  }
}
