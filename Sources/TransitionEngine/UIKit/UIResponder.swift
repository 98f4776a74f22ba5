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
  /// The next responder: a root view's controller, else the superview; a
  /// controller's view's superview (or its parent, or its presenter); a
  /// window's application (Apple's responder chain).
  open var next: UIResponder? { defaultNextResponder }
  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }

  // Touches (UIKit/UITouch.swift): the hit-tested view receives them
  // during scripted drags and taps. Apple: "The default implementation of
  // this method forwards the message up the responder chain."

  /// A finger went down on this view.
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
  /// The finger moved.
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
  /// The finger lifted.
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
  /// The system (or a recognizer that began) cancelled the touch.
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesCancelled(touches, with: event)
  }
}
