// UIView's Auto Layout API: anchors, installed constraints, layout guides,
// content priorities, the update-constraints pass and fitting sizes.

extension UIView: LayoutAnchorSource {}

/// Views and layout guides share the anchor properties.
public protocol LayoutAnchorSource: AnyObject {}

extension LayoutAnchorSource {
  private var item: LayoutItem { self as! LayoutItem }
  public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: item, attribute: .leading) }
  public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: item, attribute: .trailing) }
  public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: item, attribute: .left) }
  public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: item, attribute: .right) }
  public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: item, attribute: .centerX) }
  public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: item, attribute: .top) }
  public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: item, attribute: .bottom) }
  public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: item, attribute: .centerY) }
  public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: item, attribute: .width) }
  public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: item, attribute: .height) }
}

extension UIView {
  /// The spacing `constraint(equalToSystemSpacingAfter:multiplier:)` and VFL's `-` between siblings use.
  static let systemSpacing: CGFloat = 8
  /// VFL's `|-` and `-|`: the standard space between a view and its superview's edge.
  static let systemSpacingToSuperview: CGFloat = 20

  public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
  public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

  // MARK: Installed constraints

  /// The constraints installed on this view (it is their items' nearest common ancestor).
  public var constraints: [NSLayoutConstraint] { layoutStateStorage?.constraints ?? [] }

  /// Installs a constraint on this view (the old API; prefer `isActive`).
  public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.install(on: self) }
  public func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }

  /// Removes a constraint installed on this view.
  public func removeConstraint(_ constraint: NSLayoutConstraint) {
    if constraint.installedOn === self { constraint.uninstall() }
  }
  public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

  // MARK: Layout guides

  /// The layout guides this view owns.
  public var layoutGuides: [UILayoutGuide] { layoutStateStorage?.guides.filter { !$0.isSystemGuide } ?? [] }

  /// Adds a layout guide (a rectangle constraints can position, with no view).
  public func addLayoutGuide(_ guide: UILayoutGuide) {
    guide.owningView?.removeLayoutGuide(guide)
    guide.owningView = self
    layoutState.guides.append(guide)
    invalidateConstraintLayout()
  }

  public func removeLayoutGuide(_ guide: UILayoutGuide) {
    guard guide.owningView === self else { return }
    for constraint in layoutRoot.allInstalledConstraints()
    where constraint.firstLayoutItem === guide || constraint.secondLayoutItem === guide {
      constraint.isActive = false
    }
    layoutState.guides.removeAll { $0 === guide }
    guide.owningView = nil
    invalidateConstraintLayout()
  }

  /// The area inside the safe-area insets (see `safeAreaInsets`).
  public var safeAreaLayoutGuide: UILayoutGuide {
    if let guide = layoutState.safeAreaGuide { return guide }
    let guide = UILayoutGuide(system: .safeArea, owner: self)
    layoutState.safeAreaGuide = guide
    layoutState.guides.append(guide)
    return guide
  }

  /// The area inside the layout margins.
  public var layoutMarginsGuide: UILayoutGuide {
    if let guide = layoutState.marginsGuide { return guide }
    let guide = UILayoutGuide(system: .margins, owner: self)
    layoutState.marginsGuide = guide
    layoutState.guides.append(guide)
    return guide
  }

  func allInstalledConstraints() -> [NSLayoutConstraint] {
    (layoutStateStorage?.constraints ?? []) + subviews.flatMap { $0.allInstalledConstraints() }
  }

  // MARK: Content priorities

  public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    let p = layoutStateStorage?.huggingPriority ?? (.defaultLow, .defaultLow)
    return axis == .horizontal ? p.horizontal : p.vertical
  }

  public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
    if axis == .horizontal { layoutState.huggingPriority.horizontal = priority } else {
      layoutState.huggingPriority.vertical = priority
    }
    layoutInputsDidChange()
  }

  public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    let p = layoutStateStorage?.compressionResistance ?? (.defaultHigh, .defaultHigh)
    return axis == .horizontal ? p.horizontal : p.vertical
  }

  public func setContentCompressionResistancePriority(_ priority: UILayoutPriority,
                                                      for axis: NSLayoutConstraint.Axis) {
    if axis == .horizontal { layoutState.compressionResistance.horizontal = priority } else {
      layoutState.compressionResistance.vertical = priority
    }
    layoutInputsDidChange()
  }

  /// Tells the engine the intrinsic size changed.
  public func invalidateIntrinsicContentSize() { layoutInputsDidChange() }

  /// Something the engine reads changed (margins, insets, the autoresizing
  /// flag, intrinsic size): solve again if constraints are in use.
  func layoutInputsDidChange() {
    guard simulation.autoLayout.isInUse else { return }
    invalidateConstraintLayout()
  }

  // MARK: Update pass

  /// Asks for `updateConstraints()` before the next layout.
  public func setNeedsUpdateConstraints() {
    layoutState.needsUpdateConstraints = true
    setNeedsLayout()
  }

  /// Whether `updateConstraints()` is pending.
  public func needsUpdateConstraints() -> Bool { layoutStateStorage?.needsUpdateConstraints ?? false }

  /// Runs the update pass now if one is pending.
  public func updateConstraintsIfNeeded() { updateConstraintsPassIfNeeded() }

  /// The update pass of the view (its controller's `updateViewConstraints`
  /// for a controller's root view), before its layout.
  func updateConstraintsPassIfNeeded() {
    guard let state = layoutStateStorage, state.needsUpdateConstraints else { return }
    state.needsUpdateConstraints = false
    if let controller = owningController { controller.updateViewConstraints() } else { updateConstraints() }
  }

  // MARK: Fitting sizes

  /// `UIView.layoutFittingCompressedSize`: the smallest size.
  public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
  /// `UIView.layoutFittingExpandedSize`: the largest size.
  public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

  /// The size the view's constraints give it when its size is as close to
  /// `targetSize` as they allow (width and height at fitting priority 50).
  public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                            verticalFittingPriority: .fittingSizeLevel)
  }

  /// The fitting size with the given priorities for the target width and height.
  public func systemLayoutSizeFitting(_ targetSize: CGSize,
                                      withHorizontalFittingPriority horizontal: UILayoutPriority,
                                      verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
    let width = NSLayoutConstraint(item: self, attribute: .width, relatedBy: .equal, toItem: nil,
                                   attribute: .notAnAttribute, multiplier: 1, constant: targetSize.width)
    let height = NSLayoutConstraint(item: self, attribute: .height, relatedBy: .equal, toItem: nil,
                                    attribute: .notAnAttribute, multiplier: 1, constant: targetSize.height)
    width.priority = horizontal
    height.priority = vertical
    // Solve this view's subtree on its own, as a root sized by the two constraints.
    let problem = LayoutProblem(root: self, fitting: [width, height])
    let solution = problem.solve(generation: -1)
    return solution?.frame(of: self)?.size ?? bounds.size
  }
}

