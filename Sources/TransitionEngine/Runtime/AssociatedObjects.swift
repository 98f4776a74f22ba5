// objc_setAssociatedObject and friends: a shim, since Linux has no
// Objective-C runtime.
//
// iOS apps attach state to objects they do not own with the Objective-C
// runtime's associated objects, typically a stored property in an extension:
//
//     private var interactorKey: UInt8 = 0
//     extension UIViewController {
//       var swipeInteractor: SwipeInteractor? {
//         get { objc_getAssociatedObject(self, &interactorKey) as? SwipeInteractor }
//         set { objc_setAssociatedObject(self, &interactorKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
//       }
//     }
//
// The shim keeps a process-wide table keyed by the owner's identity and the
// key's address, with Apple's signatures and policy values, so such files
// compile and behave as on iOS with these differences (also in
// Guides/TransitionEngine.md):
//
// - The runtime releases an owner's values when the owner is deallocated. The
//   shim holds the owner weakly and drops its values the next time any
//   associated object is set or read, so a retained value's `deinit` runs
//   later than on iOS, not at the owner's `deinit`.
// - `.OBJC_ASSOCIATION_ASSIGN` is an unretained reference on iOS (it dangles
//   when the value goes away); the shim holds the value weakly, so it reads
//   back as `nil` instead of crashing. A value type stored with `ASSIGN` is
//   kept (on iOS its box would be freed at once).
// - An owner that is not a class instance gets no associations (on iOS each
//   use boxes the value anew, so they would be lost as well).

import Foundation

/// How an associated value is held, with the Objective-C runtime's values.
public enum objc_AssociationPolicy: UInt, Sendable {
  /// An unretained reference (the shim: a weak one).
  case OBJC_ASSOCIATION_ASSIGN = 0
  /// A strong reference, not atomic.
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  /// A copy (`NSCopying`), not atomic.
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  /// A strong reference, atomic.
  case OBJC_ASSOCIATION_RETAIN = 769
  /// A copy (`NSCopying`), atomic.
  case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key`; `nil` removes the association.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  guard let owner = AssociatedObjects.owner(object) else { return }
  AssociatedObjects.shared.set(owner: owner, key: key, value: value, policy: policy)
}

/// The value associated with `object` under `key`, or `nil`.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  guard let owner = AssociatedObjects.owner(object) else { return nil }
  return AssociatedObjects.shared.value(owner: owner, key: key)
}

/// Removes every association of `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
  guard let owner = AssociatedObjects.owner(object) else { return }
  AssociatedObjects.shared.removeAll(owner: owner)
}

/// The table behind the shim. Tests run simulations side by side on
/// several threads, so every access takes the lock.
final class AssociatedObjects: @unchecked Sendable {
  static let shared = AssociatedObjects()

  private struct Key: Hashable {
    let owner: ObjectIdentifier
    let address: UInt
  }

  private enum Held {
    case strong(Any)
    case weak(WeakBox)
  }

  private final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  private struct Entry {
    weak var owner: AnyObject?
    let held: Held
  }

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]

  /// The object itself when it is a class instance.
  static func owner(_ object: Any) -> AnyObject? {
    guard type(of: object) is AnyClass else { return nil }
    return object as AnyObject
  }

  func set(owner: AnyObject, key: UnsafeRawPointer, value: Any?, policy: objc_AssociationPolicy) {
    let tableKey = Key(owner: ObjectIdentifier(owner), address: UInt(bitPattern: key))
    // Build the new value before taking the lock: a copy may run app code.
    var held: Held?
    if let value {
      switch policy {
      case .OBJC_ASSOCIATION_ASSIGN:
        held = type(of: value) is AnyClass ? .weak(WeakBox(value as AnyObject)) : .strong(value)
      case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
        held = .strong(value)
      case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
        held = .strong((value as? NSCopying)?.copy(with: nil) ?? value)
      }
    }
    // Released values are dropped after unlocking: their deinit may call back in.
    var released: [Entry] = []
    lock.lock()
    released = dropEntriesOfDeallocatedOwners()
    if let old = entries.removeValue(forKey: tableKey) { released.append(old) }
    if let held { entries[tableKey] = Entry(owner: owner, held: held) }
    lock.unlock()
    released.removeAll()
  }

  func value(owner: AnyObject, key: UnsafeRawPointer) -> Any? {
    let tableKey = Key(owner: ObjectIdentifier(owner), address: UInt(bitPattern: key))
    var released: [Entry] = []
    lock.lock()
    released = dropEntriesOfDeallocatedOwners()
    let entry = entries[tableKey]
    lock.unlock()
    released.removeAll()
    guard let entry, entry.owner === owner else { return nil }
    switch entry.held {
    case .strong(let value): return value
    case .weak(let box): return box.object
    }
  }

  func removeAll(owner: AnyObject) {
    let identity = ObjectIdentifier(owner)
    var released: [Entry] = []
    lock.lock()
    released = dropEntriesOfDeallocatedOwners()
    for key in entries.keys where key.owner == identity {
      if let entry = entries.removeValue(forKey: key) { released.append(entry) }
    }
    lock.unlock()
    released.removeAll()
  }

  /// Removes the entries whose owner has gone (its identity may be reused by
  /// a new object) and returns them, to be released outside the lock.
  private func dropEntriesOfDeallocatedOwners() -> [Entry] {
    var dropped: [Entry] = []
    for (key, entry) in entries where entry.owner == nil {
      dropped.append(entry)
      entries.removeValue(forKey: key)
    }
    return dropped
  }
}
