// Appearance overrides and small stored properties of views, controllers
// and presentation controllers.
//
// `overrideUserInterfaceStyle` (iOS 13) changes the `userInterfaceStyle`
// of the trait collection the view (or controller) and everything below it
// sees, as Apple documents; the engine still resolves dynamic colours in
// their light appearance whatever the style (there is no dark palette),
// and setting it calls no `traitCollectionDidChange(_:)`.

extension UIView {
  /// The style this view and its subviews use, whatever the system's
  /// (`.unspecified`, the default: inherit it).
  public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { controlsStorage?.overrideUserInterfaceStyle ?? .unspecified }
    set { controls.overrideUserInterfaceStyle = newValue }
  }

  /// Whether the view is left alone by Smart Invert (kept; the engine never inverts colours).
  public var accessibilityIgnoresInvertColors: Bool {
    get { controlsStorage?.accessibilityIgnoresInvertColors ?? false }
    set { controls.accessibilityIgnoresInvertColors = newValue }
  }

  /// The nearest override up the view tree (a view's own, or the
  /// controller's whose root view it is, or its parents').
  func overriddenUserInterfaceStyle() -> UIUserInterfaceStyle? {
    var view: UIView? = self
    while let current = view {
      if let style = current.controlsStorage?.overrideUserInterfaceStyle, style != .unspecified { return style }
      if let controller = current.owningController, let style = controller.ownOrParentsOverride() { return style }
      view = current.superview
    }
    return nil
  }

  /// The device's traits with the overridden style, if any (UITraitCollection.swift).
  func effectiveTraitCollection() -> UITraitCollection {
    guard let style = overriddenUserInterfaceStyle() else { return .current }
    return UITraitCollection.current.replacingStyle(with: style)
  }
}

extension UIViewController {
  /// The style the controller's view and its children use (`.unspecified`: inherit).
  public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { controlsStorage?.overrideUserInterfaceStyle ?? .unspecified }
    set { controls.overrideUserInterfaceStyle = newValue }
  }

  func ownOrParentsOverride() -> UIUserInterfaceStyle? {
    var controller: UIViewController? = self
    while let current = controller {
      if let style = current.controlsStorage?.overrideUserInterfaceStyle, style != .unspecified { return style }
      controller = current.parent
    }
    return nil
  }

  /// The device's traits with the nearest overridden style (UITraitCollection.swift).
  func effectiveTraitCollection() -> UITraitCollection {
    if let style = ownOrParentsOverride() ?? viewIfLoaded?.superview?.overriddenUserInterfaceStyle() {
      return UITraitCollection.current.replacingStyle(with: style)
    }
    return .current
  }
}

extension UITraitCollection {
  func replacingStyle(with style: UIUserInterfaceStyle) -> UITraitCollection {
    UITraitCollection(horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
                      userInterfaceStyle: style, displayScale: displayScale, userInterfaceIdiom: userInterfaceIdiom)
  }
}

extension UIPresentationController {
  /// The presentation controller's traits: the presenting controller's (the
  /// engine's reading; Apple documents `overrideTraitCollection` as
  /// overriding "values in the iOS trait environment").
  public var traitCollection: UITraitCollection { presentingViewController.traitCollection }
}

extension UIButton {
  /// Sets the background image for a state (kept; no image is drawn).
  public func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
    controls.backgroundImages.removeAll { $0.state == state.rawValue }
    if let image { controls.backgroundImages.append((state.rawValue, image)) }
  }

  /// The background image for a state, else the normal state's (as `title(for:)`).
  public func backgroundImage(for state: UIControl.State) -> UIImage? {
    let images = controlsStorage?.backgroundImages ?? []
    return images.first { $0.state == state.rawValue }?.image ?? images.first { $0.state == 0 }?.image
  }

  /// The background image for the current state.
  public var currentBackgroundImage: UIImage? { backgroundImage(for: .normal) }
}
