// UIResponder and target–action: Selector, UIControl, UIButton.
//
// Linux has no Objective-C runtime, so `#selector(...)` cannot name a
// method. The workbook rewrites `#selector(handlePan(_:))` into
// `Selector(Self.handlePan(_:))` (and `#selector(Type.method)` into
// `Selector(Type.method)`) and drops `@objc`; the engine's `Selector` holds
// the typed method reference and calls it on the target.

/// A reference to a method that takes the sender (or nothing), called on a target.
/// `Sendable`, as the SDK's `Selector` is (a method name): it holds an
/// unapplied method and no state, and is called only on the target's
/// (the simulation's) thread.
public struct Selector: CustomStringConvertible, @unchecked Sendable {
  private let call: (AnyObject, Any?) -> Void
  /// The method's name, for diagnostics.
  public let name: String

  /// A method of `T` that takes one argument (the sender).
  public init<T: AnyObject, Sender>(_ method: @escaping (T) -> (Sender) -> Void, name: String = "") {
    call = { target, sender in
      guard let target = target as? T else { return }
      if let sender = sender as? Sender { method(target)(sender) }
    }
    self.name = name.isEmpty ? "\(T.self) method" : name
  }

  /// A method of `T` that takes no argument.
  public init<T: AnyObject>(_ method: @escaping (T) -> () -> Void, name: String = "") {
    call = { target, _ in
      guard let target = target as? T else { return }
      method(target)()
    }
    self.name = name.isEmpty ? "\(T.self) method" : name
  }

  /// Calls the method on `target` with `sender`.
  public func perform(on target: AnyObject, sender: Any?) { call(target, sender) }

  public var description: String { name }
}

/// An object that responds to events (the base of views and view controllers).
@MainActor @preconcurrency
open class UIResponder: NSObject {
  /// The next responder (a view's superview or controller).
  open var next: UIResponder? { nil }
  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }
}

/// A control: target–action for events.
@MainActor @preconcurrency
open class UIControl: UIView {
  /// Control events.
  public struct Event: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  /// Control states.
  public struct State: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }

  private var targets: [(target: AnyObject?, action: Selector, events: Event)] = []
  open var isEnabled = true
  open var isSelected = false
  open var isHighlighted = false

  /// Calls `action` on `target` when `controlEvents` happen.
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
    targets.append((target as AnyObject?, action, controlEvents))
  }

  /// Removes target–action pairs.
  open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
    targets.removeAll { $0.target === (target as AnyObject?) && $0.events.isSubset(of: controlEvents) }
  }

  /// Sends the actions registered for `controlEvents` (what a tap does).
  open func sendActions(for controlEvents: UIControl.Event) {
    for entry in targets where !entry.events.isDisjoint(with: controlEvents) {
      if let target = entry.target { entry.action.perform(on: target, sender: self) }
    }
  }
}

/// A button with a title (kept for example screens; `sendActions(for: .touchUpInside)` taps it).
@MainActor @preconcurrency
open class UIButton: UIControl {
  /// Button types.
  public enum ButtonType: Int {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
  }

  private var titles: [(UInt, String)] = []
  public let buttonType: ButtonType

  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    buttonType = .custom
    super.init(coder: coder)
  }

  /// Sets the title for a state.
  open func setTitle(_ title: String?, for state: UIControl.State) {
    titles.removeAll { $0.0 == state.rawValue }
    if let title { titles.append((state.rawValue, title)) }
  }

  /// The title for a state.
  open func title(for state: UIControl.State) -> String? {
    titles.first { $0.0 == state.rawValue }?.1 ?? titles.first { $0.0 == 0 }?.1
  }

  open var currentTitle: String? { title(for: .normal) }
  open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {}
  open func setImage(_ image: UIImage?, for state: UIControl.State) {}
}
