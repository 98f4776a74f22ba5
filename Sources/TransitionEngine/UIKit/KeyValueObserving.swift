// Key-value observing with Swift key paths: `observe(\.frame, options: [.new])
// { view, change in … }`, returning a token that stops observing when it is
// invalidated or deinitialised.
//
// Foundation on Linux has no key-value observing at all (no Objective-C
// runtime, no `NSKeyValueObservation`, no `observe(_:options:changeHandler:)`),
// so the engine provides the Swift API itself. On iOS, KVO works by swizzling
// the observed object's setters; here the engine's own setters announce their
// changes, so only the properties listed below can be observed:
//
// - UIView: `frame`, `bounds`, `center`, `transform`, `alpha`, `isHidden`,
//   and `layer.<property>` for the layer properties below;
// - UIScrollView: also `contentOffset`, `contentSize`, `contentInset`;
// - CALayer: `frame`, `bounds`, `position`, `anchorPoint`, `zPosition`,
//   `transform`, `sublayerTransform`, `opacity`, `cornerRadius`,
//   `backgroundColor`, `borderWidth`, `borderColor`, `shadowOpacity`,
//   `shadowRadius`, `shadowOffset`, `isHidden`;
// - CAShapeLayer: also `path`, `fillColor`, `strokeColor`, `lineWidth`,
//   `strokeStart`, `strokeEnd`.
//
// Each fires when that property's setter runs (every call, even when the
// value does not change, as automatic KVO does), as UIKit is observed to:
// setting a view's `center` does not notify observers of its `frame`.
// Setting a frame also sets its layer's bounds and position, so their
// observers hear of it (the engine sets bounds first, then position; iOS is
// reported to do the opposite). Observing any other key path returns a token
// that only honours `.initial`; the engine reports it in its diagnostics.

/// What an observation reports (Foundation's values).
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The change carries the new value.
  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  /// The change carries the old value.
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  /// The handler runs once at once, before `observe` returns.
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  /// The handler also runs before each change (`isPrior` true).
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of change (Foundation's values). Properties only ever report `.setting`.
public enum NSKeyValueChange: UInt, Sendable {
  case setting = 1, insertion, removal, replacement
}

/// One change, as the change handler receives it.
public struct NSKeyValueObservedChange<Value> {
  public typealias Kind = NSKeyValueChange
  /// Always `.setting` for the properties the engine observes.
  public let kind: Kind
  /// The value after the change, if `.new` was asked for (nil in a prior notification).
  public let newValue: Value?
  /// The value before the change, if `.old` was asked for (nil in the initial notification).
  public let oldValue: Value?
  /// For to-many relationships; always nil here.
  public let indexes: IndexSet?
  /// True in the notification sent before a change (`.prior`).
  public let isPrior: Bool
}

/// An observation: it stops when `invalidate()` is called or when it is
/// deinitialised, as Foundation's does.
public final class NSKeyValueObservation: NSObject {
  private var entry: KeyValueObserverEntry?

  init(entry: KeyValueObserverEntry?) {
    self.entry = entry
    super.init()
  }

  /// Stops observing; called by `deinit`.
  public func invalidate() {
    guard let entry else { return }
    self.entry = nil
    entry.remove()
  }

  deinit { invalidate() }
}

/// The protocol that gives every `NSObject` Foundation's `observe(_:options:changeHandler:)`.
public protocol _KeyValueCodingAndObserving: AnyObject {}

extension NSObject: _KeyValueCodingAndObserving {}

// MARK: - observe(_:options:changeHandler:)

extension _KeyValueCodingAndObserving {
  /// Observes `keyPath`. An object the engine cannot observe honours only
  /// `.initial` and is reported in the simulation's diagnostics.
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    KeyValueObserving.observe(self, keyPath, options, changeHandler, keys: [])
  }
}

extension _KeyValueCodingAndObserving where Self: CALayer {
  /// Observes one of the layer's properties (see the file's header for the list).
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    KeyValueObserving.observe(self, keyPath, options, changeHandler, keys: KeyValueObserving.layerKeys(Self.self))
  }
}

extension _KeyValueCodingAndObserving where Self: CAShapeLayer {
  /// Observes one of the shape layer's properties (see the file's header for the list).
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    KeyValueObserving.observe(self, keyPath, options, changeHandler, keys: KeyValueObserving.shapeLayerKeys(Self.self))
  }
}

extension _KeyValueCodingAndObserving where Self: UIView {
  /// Observes one of the view's properties (see the file's header for the list).
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    KeyValueObserving.observe(self, keyPath, options, changeHandler, keys: KeyValueObserving.viewKeys(Self.self))
  }
}

extension _KeyValueCodingAndObserving where Self: UIScrollView {
  /// Observes one of the scroll view's properties (see the file's header for the list).
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    KeyValueObserving.observe(self, keyPath, options, changeHandler, keys: KeyValueObserving.scrollViewKeys(Self.self))
  }
}

// MARK: - Machinery

/// An object whose setters announce changes to observers.
protocol KeyValueObservable: AnyObject {
  var keyValueObservers: KeyValueObserverList? { get set }
}

extension UIView: KeyValueObservable {}
extension CALayer: KeyValueObservable {}

/// Where a key path's changes are announced: the object's setter of `key`.
struct KeyValueObservedKey {
  let keyPath: AnyKeyPath
  /// The object whose setter announces the change (the observed object, or its layer).
  let target: (AnyObject) -> KeyValueObservable?
  let key: String
}

/// The observers of one object, by key.
final class KeyValueObserverList {
  fileprivate var entries: [KeyValueObserverEntry] = []

  /// Runs `change`, telling the observers of `key` before and after.
  @inline(__always)
  func notifying(_ key: String, _ change: () -> Void) {
    let observing = entries.filter { $0.key == key }
    guard !observing.isEmpty else { return change() }
    for entry in observing where entry.isActive { entry.willChange() }
    change()
    for entry in observing where entry.isActive { entry.didChange() }
  }
}

/// One registration: a key on a target, and what to do around its changes.
final class KeyValueObserverEntry {
  let key: String
  fileprivate weak var list: KeyValueObserverList?
  fileprivate(set) var isActive = true
  let willChange: () -> Void
  let didChange: () -> Void

  init(key: String, willChange: @escaping () -> Void, didChange: @escaping () -> Void) {
    self.key = key
    self.willChange = willChange
    self.didChange = didChange
  }

  func remove() {
    isActive = false
    list?.entries.removeAll { $0 === self }
    list = nil
  }
}

extension KeyValueObservable {
  /// Runs `change` (the body of the setter of `key`), telling observers before and after.
  @inline(__always)
  func announcingChange(of key: String, _ change: () -> Void) {
    guard let observers = keyValueObservers else { return change() }
    observers.notifying(key, change)
  }
}

enum KeyValueObserving {
  /// The key paths of a layer's observable properties, reached from `R` through `path`.
  static func layerKeys<R>(via path: KeyPath<R, CALayer>, layer: @escaping (AnyObject) -> CALayer?)
    -> [KeyValueObservedKey]
  {
    func key<V>(_ property: KeyPath<CALayer, V>, _ name: String) -> KeyValueObservedKey {
      KeyValueObservedKey(keyPath: path.appending(path: property), target: { layer($0) }, key: name)
    }
    return [
      key(\.frame, "frame"), key(\.bounds, "bounds"), key(\.position, "position"),
      key(\.anchorPoint, "anchorPoint"), key(\.zPosition, "zPosition"), key(\.transform, "transform"),
      key(\.sublayerTransform, "sublayerTransform"), key(\.opacity, "opacity"),
      key(\.cornerRadius, "cornerRadius"), key(\.backgroundColor, "backgroundColor"),
      key(\.borderWidth, "borderWidth"), key(\.borderColor, "borderColor"),
      key(\.shadowOpacity, "shadowOpacity"), key(\.shadowRadius, "shadowRadius"),
      key(\.shadowOffset, "shadowOffset"), key(\.isHidden, "isHidden"),
    ]
  }

  static func layerKeys<R: CALayer>(_: R.Type) -> [KeyValueObservedKey] {
    // Written out with `\R.…` so the key paths equal the ones app code writes.
    func key<V>(_ keyPath: KeyPath<R, V>, _ name: String) -> KeyValueObservedKey {
      KeyValueObservedKey(keyPath: keyPath, target: { $0 as? CALayer }, key: name)
    }
    return [
      key(\R.frame, "frame"), key(\R.bounds, "bounds"), key(\R.position, "position"),
      key(\R.anchorPoint, "anchorPoint"), key(\R.zPosition, "zPosition"), key(\R.transform, "transform"),
      key(\R.sublayerTransform, "sublayerTransform"), key(\R.opacity, "opacity"),
      key(\R.cornerRadius, "cornerRadius"), key(\R.backgroundColor, "backgroundColor"),
      key(\R.borderWidth, "borderWidth"), key(\R.borderColor, "borderColor"),
      key(\R.shadowOpacity, "shadowOpacity"), key(\R.shadowRadius, "shadowRadius"),
      key(\R.shadowOffset, "shadowOffset"), key(\R.isHidden, "isHidden"),
    ]
  }

  static func shapeLayerKeys<R: CAShapeLayer>(_: R.Type) -> [KeyValueObservedKey] {
    func key<V>(_ keyPath: KeyPath<R, V>, _ name: String) -> KeyValueObservedKey {
      KeyValueObservedKey(keyPath: keyPath, target: { $0 as? CALayer }, key: name)
    }
    return layerKeys(R.self) + [
      key(\R.path, "path"), key(\R.fillColor, "fillColor"), key(\R.strokeColor, "strokeColor"),
      key(\R.lineWidth, "lineWidth"), key(\R.strokeStart, "strokeStart"), key(\R.strokeEnd, "strokeEnd"),
    ]
  }

  static func viewKeys<R: UIView>(_: R.Type) -> [KeyValueObservedKey] {
    func key<V>(_ keyPath: KeyPath<R, V>, _ name: String) -> KeyValueObservedKey {
      KeyValueObservedKey(keyPath: keyPath, target: { $0 as? UIView }, key: name)
    }
    return [
      key(\R.frame, "frame"), key(\R.bounds, "bounds"), key(\R.center, "center"),
      key(\R.transform, "transform"), key(\R.alpha, "alpha"), key(\R.isHidden, "isHidden"),
    ] + layerKeys(via: \R.layer, layer: { ($0 as? UIView)?.layer })
  }

  static func scrollViewKeys<R: UIScrollView>(_: R.Type) -> [KeyValueObservedKey] {
    func key<V>(_ keyPath: KeyPath<R, V>, _ name: String) -> KeyValueObservedKey {
      KeyValueObservedKey(keyPath: keyPath, target: { $0 as? UIView }, key: name)
    }
    return viewKeys(R.self) + [
      key(\R.contentOffset, "contentOffset"), key(\R.contentSize, "contentSize"),
      key(\R.contentInset, "contentInset"),
    ]
  }

  static func observe<Root: AnyObject, Value>(
    _ root: Root, _ keyPath: KeyPath<Root, Value>, _ options: NSKeyValueObservingOptions,
    _ handler: @escaping (Root, NSKeyValueObservedChange<Value>) -> Void, keys: [KeyValueObservedKey]
  ) -> NSKeyValueObservation {
    if options.contains(.initial) {
      handler(root, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? root[keyPath: keyPath] : nil,
                                             oldValue: nil, indexes: nil, isPrior: false))
    }
    guard let match = keys.first(where: { $0.keyPath == keyPath }), let target = match.target(root) else {
      let simulation = (root as? UIView)?.simulation ?? (root as? CALayer)?.simulation ?? Simulation.current
      simulation.report(Simulation.Diagnostic(kind: .other, message: """
        Key-value observing of \(keyPath) on \(type(of: root)) is not supported by the engine: \
        only the UIView, UIScrollView and CALayer properties it lists (Guides/TransitionEngine.md) \
        announce their changes. The observation will not report changes.
        """))
      return NSKeyValueObservation(entry: nil)
    }
    // The entry holds the observed object weakly, as Foundation's observation does.
    weak var weakRoot = root
    var olds: [Value] = []
    let entry = KeyValueObserverEntry(key: match.key, willChange: {
      guard let root = weakRoot else { return }
      let old = root[keyPath: keyPath]
      olds.append(old)
      if options.contains(.prior) {
        handler(root, NSKeyValueObservedChange(kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil,
                                               indexes: nil, isPrior: true))
      }
    }, didChange: {
      let old = olds.popLast()
      guard let root = weakRoot else { return }
      handler(root, NSKeyValueObservedChange(kind: .setting,
                                             newValue: options.contains(.new) ? root[keyPath: keyPath] : nil,
                                             oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
    })
    let list = target.keyValueObservers ?? KeyValueObserverList()
    target.keyValueObservers = list
    entry.list = list
    list.entries.append(entry)
    return NSKeyValueObservation(entry: entry)
  }
}
