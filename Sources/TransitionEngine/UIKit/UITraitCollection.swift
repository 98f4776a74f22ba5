// UITraitCollection: the size classes, appearance, scale and idiom of the
// environment a view or view controller lives in (trait-change
// registration is in TraitChanges.swift).

/// Whether a dimension is compact or roomy.
public enum UIUserInterfaceSizeClass: Int {
  case unspecified, compact, regular
}

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int {
  case unspecified, light, dark
}

/// The traits of the environment a view or view controller lives in.
///
/// The engine's devices are iPhones in light mode: compact width and
/// regular height in portrait; compact height in landscape, with a regular
/// width on the large ones; the device's scale. Traits change only when the
/// interface rotates (UIKit/Rotation.swift), which calls
/// `traitCollectionDidChange(_:)` where they did.
open class UITraitCollection: NSObject {
  public let horizontalSizeClass: UIUserInterfaceSizeClass
  public let verticalSizeClass: UIUserInterfaceSizeClass
  public let userInterfaceStyle: UIUserInterfaceStyle
  public let displayScale: CGFloat
  /// The kind of device: `.phone` for the engine's devices.
  public let userInterfaceIdiom: UIUserInterfaceIdiom

  public init(horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
              verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
              userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
              displayScale: CGFloat = 0, userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.userInterfaceStyle = userInterfaceStyle
    self.displayScale = displayScale
    self.userInterfaceIdiom = userInterfaceIdiom
    super.init()
  }

  /// The traits of the current simulation's device in its interface orientation.
  static var current: UITraitCollection { Simulation.current.deviceTraitCollection }
}

extension UIView {
  /// The device's traits (see `UITraitCollection`).
  public var traitCollection: UITraitCollection { effectiveTraitCollection() }
}

extension UIViewController {
  /// The device's traits (see `UITraitCollection`).
  public var traitCollection: UITraitCollection { effectiveTraitCollection() }
}
