// Trait environments and iOS 17's trait-change registration.
//
// Views and view controllers are trait environments: they have a
// `traitCollection` and hear `traitCollectionDidChange(_:)` when it changed.
// iOS 17 adds `registerForTraitChanges(_:handler:)`: the handler runs, with
// the object and its previous traits, when one of the listed traits
// changed. In the engine traits change only when the interface rotates
// (UIKit/Rotation.swift); handlers run right after the object's
// `traitCollectionDidChange(_:)`, in the rotation's animation block.

/// An object with traits: views and view controllers.
@MainActor @preconcurrency
public protocol UITraitEnvironment: AnyObject {
  /// The object's traits.
  var traitCollection: UITraitCollection { get }
  /// Called when the traits changed, with the previous ones.
  func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}

/// A trait that can be observed (iOS 17): the system traits below.
public protocol UITraitDefinition {}

/// A trait type, as listed to `registerForTraitChanges(_:handler:)`.
public typealias UITrait = any UITraitDefinition.Type

/// The horizontal size class trait.
public struct UITraitHorizontalSizeClass: UITraitDefinition {}
/// The vertical size class trait.
public struct UITraitVerticalSizeClass: UITraitDefinition {}
/// The light or dark appearance trait.
public struct UITraitUserInterfaceStyle: UITraitDefinition {}
/// The display scale trait.
public struct UITraitDisplayScale: UITraitDefinition {}
/// The idiom trait.
public struct UITraitUserInterfaceIdiom: UITraitDefinition {}

/// A trait-change registration, to pass to `unregisterForTraitChanges(_:)`.
public protocol UITraitChangeRegistration: AnyObject {}

/// Objects whose trait changes can be observed: views and view controllers.
@MainActor @preconcurrency
public protocol UITraitChangeObservable: AnyObject {}

extension UIView: UITraitChangeObservable {}
extension UIViewController: UITraitChangeObservable {}

extension UITraitChangeObservable {
  /// Calls `handler` with the object and its previous traits whenever one
  /// of `traits` changes (iOS 17). No need to unregister: the registration
  /// ends with the object.
  @discardableResult
  public func registerForTraitChanges<Environment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
  ) -> UITraitChangeRegistration {
    let registration = TraitChangeRegistration(
      owner: self, traits: traits.map { ObjectIdentifier($0) },
      handler: { object, previous in
        if let environment = object as? Environment { handler(environment, previous) }
      })
    Simulation.current.traitChangeRegistry.entries.append(registration)
    return registration
  }

  /// Ends a registration made by `registerForTraitChanges(_:handler:)`.
  public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) {
    Simulation.current.traitChangeRegistry.entries.removeAll { $0 === registration }
  }
}

/// One registration: who, for which traits, what to call.
final class TraitChangeRegistration: UITraitChangeRegistration {
  weak var owner: AnyObject?
  let traits: [ObjectIdentifier]
  let handler: (AnyObject, UITraitCollection) -> Void

  init(owner: AnyObject, traits: [ObjectIdentifier], handler: @escaping (AnyObject, UITraitCollection) -> Void) {
    self.owner = owner
    self.traits = traits
    self.handler = handler
  }

  /// Whether one of the registered traits differs between two collections.
  func observesChange(from old: UITraitCollection, to new: UITraitCollection) -> Bool {
    traits.contains { trait in
      switch trait {
      case ObjectIdentifier(UITraitHorizontalSizeClass.self): old.horizontalSizeClass != new.horizontalSizeClass
      case ObjectIdentifier(UITraitVerticalSizeClass.self): old.verticalSizeClass != new.verticalSizeClass
      case ObjectIdentifier(UITraitUserInterfaceStyle.self): old.userInterfaceStyle != new.userInterfaceStyle
      case ObjectIdentifier(UITraitDisplayScale.self): old.displayScale != new.displayScale
      case ObjectIdentifier(UITraitUserInterfaceIdiom.self): old.userInterfaceIdiom != new.userInterfaceIdiom
      default: false
      }
    }
  }
}

/// The registrations of one simulation.
final class TraitChangeRegistry {
  var entries: [TraitChangeRegistration] = []

  /// Runs the handlers `object` registered for a trait that changed since `previous`.
  func fire(for object: UITraitEnvironment, previous: UITraitCollection) {
    entries.removeAll { $0.owner == nil }
    let current = object.traitCollection
    for entry in entries where entry.owner === object && entry.observesChange(from: previous, to: current) {
      entry.handler(object, previous)
    }
  }
}

extension Simulation {
  /// The simulation's trait-change registrations.
  var traitChangeRegistry: TraitChangeRegistry { companion(TraitChangeRegistry.self) { TraitChangeRegistry() } }
}
