// UIControl: target–action for events (the `Selector` it calls is in
// UIResponder.swift).

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
  /// Actions added with `addAction(_:for:)` (Controls/Actions.swift).
  private var actionHandlers: [(action: UIAction, events: Event)] = []
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

  /// iOS 14: calls the action's handler when `controlEvents` happen (once
  /// per action and events, as UIKit: adding it again does nothing).
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    guard !actionHandlers.contains(where: { $0.action === action && $0.events == controlEvents }) else { return }
    actionHandlers.append((action, controlEvents))
  }

  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    actionHandlers.removeAll { $0.action === action && $0.events.isSubset(of: controlEvents) }
  }

  open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
    actionHandlers.removeAll { $0.action.identifier == actionIdentifier && $0.events.isSubset(of: controlEvents) }
  }

  /// Sends the actions registered for `controlEvents` (what a tap does):
  /// the actions' handlers, then the targets' methods.
  open func sendActions(for controlEvents: UIControl.Event) {
    for entry in actionHandlers where !entry.events.isDisjoint(with: controlEvents) {
      entry.action.performHandler(sender: self)
    }
    for entry in targets where !entry.events.isDisjoint(with: controlEvents) {
      if let target = entry.target { entry.action.perform(on: target, sender: self) }
    }
  }
}
