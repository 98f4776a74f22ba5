// UIResponder, and the Selector that target–action calls (UIControl.swift,
// UIGestureRecognizer.swift).
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
  /// Appearance overrides, toolbars and bar appearances (UIKit/Controls/Bars.swift).
  var controlsStorage: ControlsStorage?
  /// The next responder (a view's superview or controller).
  open var next: UIResponder? { nil }
  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }
}
