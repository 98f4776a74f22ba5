// UIStackView: a row or column of views laid out by the engine's Auto
// Layout. The stack view makes constraints for its arranged subviews as
// UIKit's does (the `UISV-…` constraints a UIKit console prints), rebuilt
// whenever the arrangement or one of its properties changes:
//
// - along the axis, the first view's leading (top) edge on the stack's
//   (or its layout margins'), the last view's trailing (bottom) edge
//   likewise, and between neighbours the spacing (or the custom spacing
//   after the earlier one); `.equalSpacing` and `.equalCentering` put a
//   spacer layout guide between neighbours and make the spacers equal;
//   `.fillEqually` makes the sizes equal; `.fillProportionally` makes them
//   proportional to the intrinsic sizes;
// - across it, the alignment: `.fill` pins both edges, `.leading`/`.top`
//   and `.trailing`/`.bottom` one edge (the other stays inside), `.center`
//   the centres; the baselines are the engine's top and bottom edges (it
//   has no font metrics);
// - a hidden arranged view keeps its place in the list but has zero length
//   along the axis and no spacing, as UIKit's `UISV-hiding` constraint does.
//
// The stack view observes its arranged views' `isHidden`; inside an
// animation block a change lays the tree out at once, so the neighbours
// slide on the clock (Apple: changes to `isHidden` "can be animated").

/// A row or a column of views, laid out with Auto Layout.
@MainActor @preconcurrency
open class UIStackView: UIView {
  /// How the arranged views share the length along the axis.
  public enum Distribution: Int, @unchecked Sendable {
    case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
  }

  /// How the arranged views sit across the axis.
  public enum Alignment: Int, @unchecked Sendable {
    case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
    /// `.leading` for a horizontal stack.
    public static var top: Alignment { .leading }
    /// `.trailing` for a horizontal stack.
    public static var bottom: Alignment { .trailing }
  }

  /// The value of `customSpacing(after:)` when none is set: use `spacing`.
  /// (UIKit's value is `FLT_MAX`.)
  public class var spacingUseDefault: CGFloat { CGFloat(Float.greatestFiniteMagnitude) }
  /// Spacing that asks for the system spacing (UIKit's value is `FLT_MIN`):
  /// the engine's is 8 points.
  public class var spacingUseSystem: CGFloat { CGFloat(Float.leastNormalMagnitude) }

  /// The views the stack lays out, in order (a subset of `subviews`).
  open private(set) var arrangedSubviews: [UIView] = []
  /// The axis the views are stacked along (default `.horizontal`).
  open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementDidChange() } }
  /// Default `.fill`.
  open var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
  /// Default `.fill`.
  open var alignment: Alignment = .fill { didSet { arrangementDidChange() } }
  /// The space between neighbours (default 0).
  open var spacing: CGFloat = 0 { didSet { arrangementDidChange() } }
  /// Whether the spacing is measured between baselines (not modelled: the
  /// engine has no font metrics, so it is measured between edges).
  open var isBaselineRelativeArrangement = false { didSet { arrangementDidChange() } }
  /// Whether the views are laid out inside the layout margins (default false).
  open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementDidChange() } }

  private var customSpacings: [(view: ObjectIdentifier, spacing: CGFloat)] = []
  private var managedConstraints: [NSLayoutConstraint] = []
  private var spacerGuides: [UILayoutGuide] = []
  private var hiddenObservations: [ObjectIdentifier: NSKeyValueObservation] = [:]
  private var rebuilding = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init(coder: NSCoder) {
    super.init(coder: coder)!
  }

  /// A stack of `views` (they become subviews).
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// A stack view has no size of its own: it takes it from its views.
  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  // MARK: Arranging

  /// Adds `view` at the end of the arrangement (and as a subview, if it is not one).
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` into the arrangement at `stackIndex`; a view already
  /// arranged moves there. Apple: the view is added as a subview if it is
  /// not one (at the end of `subviews`, UIKit's order is not the arrangement's).
  open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
    precondition(stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
                 "UIStackView: index \(stackIndex) is out of bounds of the arranged subviews")
    var index = stackIndex
    if let old = arrangedSubviews.firstIndex(where: { $0 === view }) {
      arrangedSubviews.remove(at: old)
      if old < index { index -= 1 }
    }
    view.translatesAutoresizingMaskIntoConstraints = false
    arrangedSubviews.insert(view, at: min(index, arrangedSubviews.count))
    if view.superview !== self { addSubview(view) }
    observeHidden(of: view)
    arrangementDidChange()
  }

  /// Removes `view` from the arrangement. Apple: it stays a subview; call
  /// `removeFromSuperview()` to take it off the screen.
  open func removeArrangedSubview(_ view: UIView) {
    guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
    arrangedSubviews.remove(at: index)
    hiddenObservations[ObjectIdentifier(view)]?.invalidate()
    hiddenObservations[ObjectIdentifier(view)] = nil
    customSpacings.removeAll { $0.view == ObjectIdentifier(view) }
    arrangementDidChange()
  }

  /// Apple: an arranged view that leaves its superview leaves the arrangement.
  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    if arrangedSubviews.contains(where: { $0 === subview }) {
      arrangedSubviews.removeAll { $0 === subview }
      hiddenObservations[ObjectIdentifier(subview)]?.invalidate()
      hiddenObservations[ObjectIdentifier(subview)] = nil
      arrangementDidChange(excluding: subview)
    }
  }

  /// Sets the space after `arrangedSubview` (instead of `spacing`).
  open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
    customSpacings.removeAll { $0.view == ObjectIdentifier(arrangedSubview) }
    if spacing != Self.spacingUseDefault { customSpacings.append((ObjectIdentifier(arrangedSubview), spacing)) }
    arrangementDidChange()
  }

  /// The space after `arrangedSubview`: `spacingUseDefault` when none was set.
  open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
    customSpacings.first { $0.view == ObjectIdentifier(arrangedSubview) }?.spacing ?? Self.spacingUseDefault
  }

  private func observeHidden(of view: UIView) {
    guard hiddenObservations[ObjectIdentifier(view)] == nil else { return }
    hiddenObservations[ObjectIdentifier(view)] = view.observe(\.isHidden, options: [.old, .new]) { [weak self] _, change in
      guard let self, change.oldValue != change.newValue else { return }
      self.arrangedSubviewHiddenDidChange()
    }
  }

  /// Apple: the stack updates its layout when an arranged view's `isHidden`
  /// changes, and the change can be animated in an animation block: there
  /// the engine lays the tree out at once, so the frames animate.
  private func arrangedSubviewHiddenDidChange() {
    arrangementDidChange()
    if case .block? = simulation.animationContexts.last { layoutIfNeeded() }
  }

  // MARK: Constraints

  private func arrangementDidChange(excluding leaving: UIView? = nil) {
    guard !rebuilding else { return }
    rebuilding = true
    defer { rebuilding = false }
    NSLayoutConstraint.deactivate(managedConstraints)
    managedConstraints = []
    for guide in spacerGuides { removeLayoutGuide(guide) }
    spacerGuides = []
    let views = arrangedSubviews.filter { $0 !== leaving && $0.superview === self }
    guard !views.isEmpty else { return }
    var made: [NSLayoutConstraint] = []
    let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
    let horizontal = axis == .horizontal
    let lead: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
    let trail: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
    let length: NSLayoutConstraint.Attribute = horizontal ? .width : .height
    let centre: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
    func make(_ a: LayoutItem, _ aa: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
              _ b: LayoutItem?, _ ba: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant c: CGFloat = 0,
              priority: UILayoutPriority = .required, _ name: String) {
      let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: relation, toItem: b, attribute: ba,
                                          multiplier: multiplier, constant: c)
      constraint.priority = priority
      constraint.identifier = name
      made.append(constraint)
    }

    // Along the axis: the visible views in a chain; hidden ones collapse
    // where they stand (zero length, after the visible view before them).
    let visible = views.filter { !$0.isHidden }
    var previousVisible: UIView?
    for view in views {
      if view.isHidden {
        make(view, length, .equal, nil, .notAnAttribute, "UISV-hiding")
        if let previousVisible {
          make(view, lead, .equal, previousVisible, trail, "UISV-hiding-position")
        } else {
          make(view, lead, .equal, canvas, lead, "UISV-hiding-position")
        }
      } else {
        previousVisible = view
      }
    }
    if let first = visible.first, let last = visible.last {
      make(first, lead, .equal, canvas, lead, "UISV-canvas-connection")
      make(canvas, trail, .equal, last, trail, "UISV-canvas-connection")
    }
    let proportional = distribution == .fillProportionally ? proportions(of: visible, horizontal: horizontal) : nil
    for (i, pair) in zip(visible, visible.dropFirst()).enumerated() {
      let (before, after) = pair
      let custom = customSpacing(after: before)
      var gap = custom == Self.spacingUseDefault ? spacing : custom
      if gap == Self.spacingUseSystem { gap = UIView.systemSpacing }
      switch distribution {
      case .fill, .fillEqually, .fillProportionally:
        make(after, lead, .equal, before, trail, constant: gap, "UISV-spacing")
      case .equalSpacing, .equalCentering:
        let guide = UILayoutGuide()
        guide.identifier = "UISV-distributing"
        addLayoutGuide(guide)
        spacerGuides.append(guide)
        let centred = distribution == .equalCentering
        make(guide, lead, .equal, before, centred ? centre : trail, "UISV-distributing-edge")
        make(guide, trail, .equal, after, centred ? centre : lead, "UISV-distributing-edge")
        make(after, lead, .greaterThanOrEqual, before, trail, constant: gap, "UISV-spacing")
        if i > 0 {
          // Equal centres give way to the minimum spacing (Apple: "it shrinks
          // the spacing until it reaches the minimum spacing").
          make(guide, length, .equal, spacerGuides[0], length,
               priority: centred ? UILayoutPriority(999) : .required, "UISV-fill-equally")
        }
      }
    }
    if distribution == .fillEqually, let first = visible.first {
      for view in visible.dropFirst() { make(view, length, .equal, first, length, "UISV-fill-equally") }
    }
    if let proportional, let first = visible.first {
      // Each view's length is its share of the length left after the spacing.
      for (view, share) in zip(visible, proportional) where view !== first {
        make(view, length, .equal, first, length, multiplier: share / proportional[0],
             priority: UILayoutPriority(999), "UISV-fill-proportionally")
      }
    }

    // Across the axis: the alignment.
    let crossLead: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
    let crossTrail: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
    let crossCentre: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
    for view in views {
      switch alignment {
      case .fill:
        make(view, crossLead, .equal, canvas, crossLead, "UISV-alignment")
        make(canvas, crossTrail, .equal, view, crossTrail, "UISV-alignment")
      case .leading, .firstBaseline:
        make(view, crossLead, .equal, canvas, crossLead, "UISV-alignment")
        make(canvas, crossTrail, .greaterThanOrEqual, view, crossTrail, "UISV-canvas-fit")
      case .trailing, .lastBaseline:
        make(canvas, crossTrail, .equal, view, crossTrail, "UISV-alignment")
        make(view, crossLead, .greaterThanOrEqual, canvas, crossLead, "UISV-canvas-fit")
      case .center:
        make(view, crossCentre, .equal, canvas, crossCentre, "UISV-alignment")
        make(view, crossLead, .greaterThanOrEqual, canvas, crossLead, "UISV-canvas-fit")
      }
    }
    managedConstraints = made
    NSLayoutConstraint.activate(made)
  }

  /// The shares of `.fillProportionally`: each view's intrinsic length over
  /// the sum. Views without an intrinsic length count as zero; when no view
  /// has one the stack lays out as `.fill` (the engine's choice).
  private func proportions(of views: [UIView], horizontal: Bool) -> [CGFloat]? {
    let lengths = views.map { view -> CGFloat in
      let size = view.intrinsicContentSize
      let value = horizontal ? size.width : size.height
      return value == UIView.noIntrinsicMetric ? 0 : max(0, value)
    }
    let total = lengths.reduce(0, +)
    guard total > 0, lengths.first.map({ $0 > 0 }) == true else { return nil }
    return lengths.map { $0 / total }
  }
}
