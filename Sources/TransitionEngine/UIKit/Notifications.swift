// NotificationCenter for app code, and the names and user-info keys of
// UIKit's notifications.
//
// Foundation on Linux has `NotificationCenter`, but not the selector-based
// `addObserver(_:selector:name:object:)` (it needs the Objective-C runtime),
// and its methods cannot be overridden. The engine therefore declares its
// own `NotificationCenter` class, with Foundation's methods and signatures
// (`Notification` and `NSNotification.Name` stay Foundation's). Like the
// run-loop types (Runtime/Dispatch.swift), it shadows Foundation's in code
// that imports the engine alone, and, through the SDK modules' scoped
// re-exports (Sources/CoreGraphics), in code that imports Foundation and
// UIKit side by side. An
// extension of Foundation's class would not do: its members and
// Foundation's are both visible to a file that imports Foundation, and
// every call would be ambiguous. Each center keeps one dispatch table:
//
// - `NotificationCenter.default` is the current simulation's center: two
//   simulations (tests side by side) never hear each other's notifications,
//   as two devices would not.
// - Observers are called synchronously by `post`, in the order they were
//   added, whatever `queue` the block was added with (the engine is
//   single-threaded; on iOS a nil queue means "synchronously on the posting
//   thread").
// - A selector-based observer is held weakly and skipped once it has gone
//   (Apple: since iOS 9 such observers need not be removed); its method is
//   called with the `Notification` (or `NSNotification`) as its argument.
// - `object` matches by identity for class instances, by equality for
//   hashable values.
// - An entry removed while a post is being delivered is not called.
//
// The engine itself posts `UIWindow`'s key and visibility notifications, and
// `UIAccessibility`'s status notifications when the harness switches a
// setting (UIKit/UIAccessibility.swift). It
// has no keyboard, no application life cycle and no device motion, so it
// never posts the keyboard, application or orientation notifications: a
// test or a driver posts them, with the user info UIKit documents, to see
// how app code reacts.

import Foundation

/// A notification dispatch mechanism (Foundation's `NotificationCenter`),
/// with the selector-based observers iOS has; see the file's header.
open class NotificationCenter: NSObject {
  /// This center's registrations, in the order they were made.
  let dispatchTable = NotificationDispatchTable()

  public override init() {
    super.init()
  }

  /// The current simulation's notification center (see the file's header).
  open class var `default`: NotificationCenter { Simulation.current.notificationCenter }

  /// Calls `aSelector` on `observer` with each matching notification.
  ///
  /// Apple: the method "must have one and only one argument (an instance of
  /// NSNotification)"; a nil `aName` or `anObject` matches any name or sender.
  /// Adding the same observer twice makes it called twice.
  open func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?,
                        object anObject: Any?) {
    guard let target = AssociatedObjects.owner(observer) else { return }
    dispatchTable.add(NotificationEntry(name: aName, object: anObject, observer: target, selector: aSelector))
  }

  /// Calls `block` with each matching notification; returns the token to remove it with.
  open func addObserver(forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
                        using block: @escaping @Sendable (Notification) -> Void) -> NSObjectProtocol {
    let token = NotificationObserverToken()
    dispatchTable.add(NotificationEntry(name: name, object: obj, token: token, block: block))
    return token
  }

  /// Removes every entry of `observer` (an observer or a block's token).
  open func removeObserver(_ observer: Any) {
    removeObserver(observer, name: nil, object: nil)
  }

  /// Removes the entries of `observer` for `aName` and `anObject` (nil: any).
  open func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?) {
    guard let target = AssociatedObjects.owner(observer) else { return }
    dispatchTable.remove(target, name: aName, object: anObject)
  }

  /// Delivers `notification` to every matching observer, in the order they were added.
  open func post(_ notification: Notification) {
    dispatchTable.deliver(notification)
  }

  /// Posts a notification with a name, a sender and user info.
  open func post(name aName: NSNotification.Name, object anObject: Any?,
                 userInfo aUserInfo: [AnyHashable: Any]? = nil) {
    post(Notification(name: aName, object: anObject, userInfo: aUserInfo))
  }
}

/// The token `addObserver(forName:object:queue:using:)` returns.
final class NotificationObserverToken: NSObject {}

/// One registration: a name and sender to match, and whom to call.
struct NotificationEntry {
  final class State {
    var isRegistered = true
  }

  let name: NSNotification.Name?
  let object: NotificationSender?
  /// The selector-based observer (weak), or nil for a block.
  weak var observer: AnyObject?
  let selector: Selector?
  /// A block's token (strong: the center keeps a block's registration until it is removed).
  let token: NotificationObserverToken?
  let block: ((Notification) -> Void)?
  let state = State()

  init(name: NSNotification.Name?, object: Any?, observer: AnyObject, selector: Selector) {
    self.name = name
    self.object = object.map(NotificationSender.init)
    self.observer = observer
    self.selector = selector
    token = nil
    block = nil
  }

  init(name: NSNotification.Name?, object: Any?, token: NotificationObserverToken,
       block: @escaping (Notification) -> Void) {
    self.name = name
    self.object = object.map(NotificationSender.init)
    observer = nil
    selector = nil
    self.token = token
    self.block = block
  }

  /// Who registered: the observer or the block's token.
  var registrant: AnyObject? { token ?? observer }

  func matches(_ notification: Notification) -> Bool {
    if let name, name != notification.name { return false }
    if let object, !object.matches(notification.object) { return false }
    return true
  }
}

/// A sender to match: an object by identity, a hashable value by equality.
struct NotificationSender {
  private weak var instance: AnyObject?
  private let isInstance: Bool
  private let value: AnyHashable?

  init(_ sender: Any) {
    if let object = AssociatedObjects.owner(sender) {
      instance = object
      isInstance = true
      value = nil
    } else {
      isInstance = false
      value = sender as? AnyHashable
    }
  }

  func matches(_ other: Any?) -> Bool {
    guard let other else { return false }
    if isInstance {
      guard let instance, let otherObject = AssociatedObjects.owner(other) else { return false }
      return instance === otherObject
    }
    guard let value, let otherValue = other as? AnyHashable else { return false }
    return value == otherValue
  }
}

/// A center's registrations, in the order they were made.
final class NotificationDispatchTable {
  private var entries: [NotificationEntry] = []

  func add(_ entry: NotificationEntry) { entries.append(entry) }

  /// Apple: a name or sender given removes "only entries that specify" it; nil is no criterion.
  func remove(_ registrant: AnyObject, name: NSNotification.Name?, object: Any?) {
    entries.removeAll { entry in
      guard entry.registrant === registrant else { return false }
      if let name, entry.name != name { return false }
      if let object {
        guard let registered = entry.object, registered.matches(object) else { return false }
      }
      entry.state.isRegistered = false
      return true
    }
  }

  func deliver(_ notification: Notification) {
    // Observers whose object has gone are dropped (Apple: "the system cleans
    // up the next time it would have posted to it").
    entries.removeAll { entry in
      let gone = entry.selector != nil && entry.observer == nil
      if gone { entry.state.isRegistered = false }
      return gone
    }
    for entry in entries where entry.matches(notification) {
      guard entry.state.isRegistered else { continue }
      if let block = entry.block {
        block(notification)
      } else if let observer = entry.observer, let selector = entry.selector {
        selector.perform(on: observer, sender: notification)
      }
    }
  }
}

extension Simulation {
  /// The simulation's `NotificationCenter.default`.
  var notificationCenter: NotificationCenter {
    companion(NotificationCenterBox.self) { NotificationCenterBox() }.center
  }

  /// A per-simulation object of type `T`, made by `make` on first use.
  func companion<T: AnyObject>(_ type: T.Type, _ make: () -> T) -> T {
    if let existing = companions[ObjectIdentifier(type)] as? T { return existing }
    let made = make()
    companions[ObjectIdentifier(type)] = made
    return made
  }
}

private final class NotificationCenterBox {
  let center = NotificationCenter()
}

// MARK: - UIKit's notification names and keys

extension UIResponder {
  /// Posted just before the keyboard appears (never by the engine: it has no keyboard).
  public static let keyboardWillShowNotification = NSNotification.Name("UIKeyboardWillShowNotification")
  /// Posted just after the keyboard appears (never by the engine).
  public static let keyboardDidShowNotification = NSNotification.Name("UIKeyboardDidShowNotification")
  /// Posted just before the keyboard disappears (never by the engine).
  public static let keyboardWillHideNotification = NSNotification.Name("UIKeyboardWillHideNotification")
  /// Posted just after the keyboard disappears (never by the engine).
  public static let keyboardDidHideNotification = NSNotification.Name("UIKeyboardDidHideNotification")
  /// Posted just before the keyboard's frame changes (never by the engine).
  public static let keyboardWillChangeFrameNotification = NSNotification.Name("UIKeyboardWillChangeFrameNotification")
  /// Posted just after the keyboard's frame changes (never by the engine).
  public static let keyboardDidChangeFrameNotification = NSNotification.Name("UIKeyboardDidChangeFrameNotification")

  /// User-info key: an `NSValue` holding the keyboard's starting frame, in screen coordinates.
  public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// User-info key: an `NSValue` holding the keyboard's final frame, in screen coordinates.
  public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// User-info key: an `NSNumber` holding the animation's duration in seconds (a `Double`).
  public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
  /// User-info key: an `NSNumber` holding the animation's `UIView.AnimationCurve` raw value.
  public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
  /// User-info key: an `NSNumber` holding a `Bool`: whether the keyboard belongs to this app.
  public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

extension UIApplication {
  /// Posted when the app becomes active (never by the engine: its app is always active).
  public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
  /// Posted when the app is about to become inactive (never by the engine).
  public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
  /// Posted when the app enters the background (never by the engine).
  public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
  /// Posted when the app is about to enter the foreground (never by the engine).
  public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
  /// Posted when the app has finished launching (never by the engine).
  public static let didFinishLaunchingNotification = NSNotification.Name("UIApplicationDidFinishLaunchingNotification")
  /// Posted when the app is about to terminate (never by the engine).
  public static let willTerminateNotification = NSNotification.Name("UIApplicationWillTerminateNotification")
  /// Posted on a low-memory warning (never by the engine).
  public static let didReceiveMemoryWarningNotification =
    NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
  /// Posted when the user takes a screenshot (never by the engine).
  public static let userDidTakeScreenshotNotification =
    NSNotification.Name("UIApplicationUserDidTakeScreenshotNotification")
}

extension UIWindow {
  /// Posted (object: the window) when a window becomes the key window.
  public static let didBecomeKeyNotification = NSNotification.Name("UIWindowDidBecomeKeyNotification")
  /// Posted (object: the window) when a window stops being the key window.
  public static let didResignKeyNotification = NSNotification.Name("UIWindowDidResignKeyNotification")
  /// Posted (object: the window) when a window becomes visible.
  public static let didBecomeVisibleNotification = NSNotification.Name("UIWindowDidBecomeVisibleNotification")
  /// Posted (object: the window) when a window becomes hidden.
  public static let didBecomeHiddenNotification = NSNotification.Name("UIWindowDidBecomeHiddenNotification")
}

// MARK: - Swift 4.1 spellings

// Before Swift 4.2 the names were `NSNotification.Name` constants and global
// keys. The SDK rejects them in Swift 5 mode with a "renamed" fix-it; so
// does the engine (as in UIKit/Swift4Names.swift).

extension NSNotification.Name {
  @available(*, unavailable, renamed: "UIResponder.keyboardWillShowNotification")
  public static var UIKeyboardWillShow: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIResponder.keyboardDidShowNotification")
  public static var UIKeyboardDidShow: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIResponder.keyboardWillHideNotification")
  public static var UIKeyboardWillHide: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIResponder.keyboardDidHideNotification")
  public static var UIKeyboardDidHide: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIResponder.keyboardWillChangeFrameNotification")
  public static var UIKeyboardWillChangeFrame: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIApplication.didBecomeActiveNotification")
  public static var UIApplicationDidBecomeActive: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIApplication.willResignActiveNotification")
  public static var UIApplicationWillResignActive: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIApplication.didEnterBackgroundNotification")
  public static var UIApplicationDidEnterBackground: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIApplication.willEnterForegroundNotification")
  public static var UIApplicationWillEnterForeground: NSNotification.Name { fatalError() }
  @available(*, unavailable, renamed: "UIDevice.orientationDidChangeNotification")
  public static var UIDeviceOrientationDidChange: NSNotification.Name { fatalError() }
}

@available(*, unavailable, renamed: "UIResponder.keyboardFrameBeginUserInfoKey")
public var UIKeyboardFrameBeginUserInfoKey: String { fatalError() }
@available(*, unavailable, renamed: "UIResponder.keyboardFrameEndUserInfoKey")
public var UIKeyboardFrameEndUserInfoKey: String { fatalError() }
@available(*, unavailable, renamed: "UIResponder.keyboardAnimationDurationUserInfoKey")
public var UIKeyboardAnimationDurationUserInfoKey: String { fatalError() }
@available(*, unavailable, renamed: "UIResponder.keyboardAnimationCurveUserInfoKey")
public var UIKeyboardAnimationCurveUserInfoKey: String { fatalError() }
