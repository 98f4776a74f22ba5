// UIView: a rectangle on screen, backed by a CALayer that holds its
// geometry and appearance. Hierarchy, geometry conversion, autoresizing,
// layout and snapshots behave as UIKit's do.

/// A view, as UIKit's `UIView`.
///
/// The view's `frame`, `bounds`, `center`, `transform` and `alpha` are its
/// layer's `frame`, `bounds`, `position`, affine `transform` and `opacity`.
/// Inside a `UIView.animate` block, changing them animates (see
/// `UIView+Animation.swift`); outside, they change at once.
@MainActor @preconcurrency
open class UIView: UIResponder, @preconcurrency CALayerDelegate {
  /// The class of the layer every instance creates; override to use another.
  open class var layerClass: AnyClass { CALayer.self }

  /// The view's layer; the view is its delegate.
  public let layer: CALayer

  let simulation: Simulation
  /// A number that identifies the view in diagnostics, deterministically.
  let debugID: Int

  // MARK: Initialisers

  /// Creates a view with a frame.
  public init(frame: CGRect) {
    simulation = Simulation.current
    debugID = simulation.nextSequence()
    layer = (Self.layerClass as! CALayer.Type).init()
    super.init()
    layer.delegate = self
    UIView.performWithoutAnimation { self.frame = frame }
  }

  /// Views are not decoded from archives in the engine; subclasses may still
  /// declare `required init?(coder:)`, as UIKit subclasses must.
  public required init?(coder: NSCoder) {
    simulation = Simulation.current
    debugID = simulation.nextSequence()
    layer = (Self.layerClass as! CALayer.Type).init()
    super.init()
    layer.delegate = self
  }

  /// Creates a view with a zero frame.
  public convenience override init() { self.init(frame: .zero) }

  // MARK: Geometry

  /// The view's frame in its superview's coordinates.
  ///
  /// UIKit: "If the transform property is not the identity transform, the
  /// value of this property is undefined." The engine returns the bounding
  /// box of the transformed bounds, as Core Animation computes it.
  open var frame: CGRect {
    get { layer.frame }
    set { announcingChange(of: "frame") { layer.frame = newValue } }
  }

  /// The view's own coordinate space.
  open var bounds: CGRect {
    get { layer.bounds }
    set { announcingChange(of: "bounds") { layer.bounds = newValue } }
  }

  /// The centre of the frame, in the superview's coordinates (the layer's position).
  open var center: CGPoint {
    get { layer.position }
    set { announcingChange(of: "center") { layer.position = newValue } }
  }

  /// The view's affine transform, applied about its centre (the affine part
  /// of the layer's 3D transform).
  open var transform: CGAffineTransform {
    get { CATransform3DGetAffineTransform(layer.transform) }
    set { announcingChange(of: "transform") { layer.transform = CATransform3DMakeAffineTransform(newValue) } }
  }

  /// The layer's 3D transform (iOS 13's `transform3D`).
  open var transform3D: CATransform3D {
    get { layer.transform }
    set { layer.transform = newValue }
  }

  // MARK: Appearance

  /// 0…1, stored as the layer's `Float` opacity (so 0.3 reads back as 0.30000001, as on iOS).
  open var alpha: CGFloat {
    get { CGFloat(layer.opacity) }
    set { announcingChange(of: "alpha") { layer.opacity = Float(newValue) } }
  }

  /// Hidden views and their subviews are not drawn.
  open var isHidden: Bool {
    get { layer.isHidden }
    set {
      announcingChange(of: "isHidden") { layer.isHidden = newValue }
      // A bar shown or hidden changes its container's children's safe areas (UIKit/SafeArea.swift).
      if simulation.autoLayout.tracksSafeArea { simulation.needsLayoutPass = true }
    }
  }

  /// Clips subviews to the bounds.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  private var _backgroundColor: UIColor?

  /// The fill colour (animatable).
  open var backgroundColor: UIColor? {
    get { _backgroundColor }
    set {
      _backgroundColor = newValue
      layer.backgroundColor = newValue?.cgColor
    }
  }

  private var _tintColor: UIColor?

  /// The tint colour: the nearest explicitly set one up the hierarchy, else system blue.
  open var tintColor: UIColor! {
    get { _tintColor ?? superview?.tintColor ?? .systemBlue }
    set {
      _tintColor = newValue
      tintColorDidChange()
    }
  }

  /// Whether the view shows its tint dimmed (presenters behind a popover-like
  /// presentation are dimmed with `.dimmed`).
  open var tintAdjustmentMode: UIView.TintAdjustmentMode = .automatic {
    didSet { if oldValue != tintAdjustmentMode { notifyTintChange() } }
  }

  /// Whether the view or an ancestor is dimmed (`.automatic` inherits).
  var isEffectivelyDimmed: Bool {
    switch tintAdjustmentMode {
    case .dimmed: return true
    case .normal: return false
    case .automatic: return superview?.isEffectivelyDimmed ?? false
    }
  }

  private func notifyTintChange() {
    tintColorDidChange()
    for view in subviews where view.tintAdjustmentMode == .automatic { view.notifyTintChange() }
  }

  /// Called when the tint colour or adjustment mode changes.
  open func tintColorDidChange() {}

  /// Whether touches reach this view (diagrams do not draw it differently).
  open var isUserInteractionEnabled = true
  open var isMultipleTouchEnabled = false
  open var isExclusiveTouch = false
  open var isOpaque = true
  open var contentMode: UIView.ContentMode = .scaleToFill
  open var tag = 0
  /// The label diagrams show for this view, before the controller's title and the class name.
  open var accessibilityIdentifier: String?
  open var accessibilityLabel: String?
  open var isAccessibilityElement = false
  /// Whether VoiceOver should ignore this view's siblings (stored; VoiceOver's
  /// navigation is not modelled, see UIKit/UIAccessibility.swift).
  open var accessibilityViewIsModal = false {
    didSet {
      if accessibilityViewIsModal {
        Simulation.current.notModelled("UIView.accessibilityViewIsModal", instead: "there is no VoiceOver: the flag is kept and nothing else happens")
      }
    }
  }
  /// Whether this view and its subviews are hidden from VoiceOver (stored only).
  open var accessibilityElementsHidden = false
  /// Whether the autoresizing mask becomes constraints (true, the default
  /// for views made in code): the view keeps its frame and the engine does
  /// not move it. Set false to position the view with constraints.
  open var translatesAutoresizingMaskIntoConstraints = true {
    didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { layoutInputsDidChange() } }
  }
  /// The insets of the safe area: a window's are the device's (status bar,
  /// sensor housing, home indicator) in the interface orientation where
  /// they overlap it; any other view's are the part of its superview's it
  /// overlaps, plus its controller's `additionalSafeAreaInsets`; zero off
  /// screen (Apple). See UIKit/SafeArea.swift.
  open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets() }
  /// Called when the safe-area insets changed, in the layout pass, before
  /// the view's `layoutSubviews` (the controller's
  /// `viewSafeAreaInsetsDidChange()` follows, for a root view).
  open func safeAreaInsetsDidChange() {}
  /// The insets last reported by `safeAreaInsetsDidChange()`.
  var reportedSafeAreaInsets = UIEdgeInsets.zero
  open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
    didSet { if oldValue != layoutMargins { layoutInputsDidChange() } }
  }
  open var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

  /// Supplies the owning controller's title for diagram labels.
  var owningTitle: (() -> String?)?
  /// The controller whose root view this is (weakly held).
  var owningControllerBox: WeakController?
  /// Attached gesture recognizers.
  var recognizers: [UIGestureRecognizer] = []
  /// Key-value observers of the view's properties (UIKit/KeyValueObserving.swift).
  var keyValueObservers: KeyValueObserverList?
  /// Motion effects added with `addMotionEffect(_:)` (UIKit/UIMotionEffect.swift).
  var motionEffectList: [UIMotionEffect] = []
  /// Constraints, layout guides and priorities, once Auto Layout is used (AutoLayout/LayoutEngine.swift).
  var layoutStateStorage: ViewLayoutState?

  /// The label a diagram shows: the accessibility identifier, else the owning
  /// controller's title, else the class name.
  var diagramLabel: String {
    if let id = accessibilityIdentifier, !id.isEmpty { return id }
    if let title = owningTitle?(), !title.isEmpty { return title }
    return String(describing: type(of: self))
  }

  // MARK: Hierarchy

  /// The view that contains this one.
  open private(set) weak var superview: UIView?

  /// The subviews, strongly held (as UIKit's superviews retain their
  /// subviews); their order is the layer tree's.
  private var retainedSubviews: [UIView] = []

  /// The subviews, back to front.
  open var subviews: [UIView] { layer._sublayers.compactMap(\.owningView) }

  /// The window the view is in, if any.
  open var window: UIWindow? {
    var view: UIView? = self
    while let v = view {
      if let window = v as? UIWindow { return window }
      view = v.superview
    }
    return nil
  }

  /// Adds `view` on top of the other subviews (moving it if it has a superview).
  open func addSubview(_ view: UIView) {
    insert(view) { layer.addSublayer(view.layer) }
  }

  /// Inserts `view` at `index` in `subviews`.
  open func insertSubview(_ view: UIView, at index: Int) {
    insert(view) {
      // Indices count subviews; translate to the sublayer array.
      let others = layer._sublayers.filter { $0 !== view.layer }
      let viewLayers = others.filter { $0.owningView != nil }
      if index < viewLayers.count, let target = others.firstIndex(where: { $0 === viewLayers[max(index, 0)] }) {
        layer.insertSublayer(view.layer, at: UInt32(target))
      } else {
        layer.addSublayer(view.layer)
      }
    }
  }

  /// Inserts `view` just below `siblingSubview`.
  open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    insert(view) { layer.insertSublayer(view.layer, below: siblingSubview.superview === self ? siblingSubview.layer : nil) }
  }

  /// Inserts `view` just above `siblingSubview`.
  open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    insert(view) { layer.insertSublayer(view.layer, above: siblingSubview.superview === self ? siblingSubview.layer : nil) }
  }

  /// Moves a subview to the front.
  open func bringSubviewToFront(_ view: UIView) {
    guard view.superview === self else { return }
    layer.addSublayer(view.layer)
  }

  /// Moves a subview to the back.
  open func sendSubviewToBack(_ view: UIView) {
    guard view.superview === self else { return }
    layer.insertSublayer(view.layer, at: 0)
  }

  /// Swaps the subviews at two indices of `subviews`.
  open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    let views = subviews
    guard views.indices.contains(index1), views.indices.contains(index2), index1 != index2 else { return }
    let a = views[index1].layer, b = views[index2].layer
    guard let i = layer._sublayers.firstIndex(where: { $0 === a }),
          let j = layer._sublayers.firstIndex(where: { $0 === b }) else { return }
    layer._sublayers.swapAt(i, j)
  }

  /// Removes the view from its superview.
  open func removeFromSuperview() {
    guard let parent = superview else { return }
    removeConstraintsCrossing(fromParent: parent)
    let oldWindow = window
    parent.willRemoveSubview(self)
    if oldWindow != nil { notifyWillMove(toWindow: nil) }
    willMove(toSuperview: nil)
    layer.removeFromSuperlayer()
    superview = nil
    defer { parent.retainedSubviews.removeAll { $0 === self } }
    didMoveToSuperview()
    if oldWindow != nil { notifyDidMoveToWindow() }
  }

  private func insert(_ view: UIView, _ attach: () -> Void) {
    precondition(view !== self, "Can't add self as subview")
    precondition(!isDescendant(of: view), "Can't add a view's ancestor as its subview")
    if view.superview === self {
      attach()
      return
    }
    let oldWindow = view.window
    let newWindow = window
    if let old = view.superview { old.willRemoveSubview(view) }
    if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
    view.willMove(toSuperview: self)
    view.layer.removeFromSuperlayer()
    attach()
    view.superview?.retainedSubviews.removeAll { $0 === view }
    retainedSubviews.append(view)
    view.superview = self
    view.didMoveToSuperview()
    if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
    didAddSubview(view)
    view.hierarchyDidChangeForLayout()
    view.setNeedsLayout()
    setNeedsLayout()
  }

  private func notifyWillMove(toWindow newWindow: UIWindow?) {
    willMove(toWindow: newWindow)
    owningController?.viewWillMove(toWindow: newWindow)
    for view in subviews { view.notifyWillMove(toWindow: newWindow) }
  }

  private func notifyDidMoveToWindow() {
    didMoveToWindow()
    owningController?.viewDidMoveToWindow()
    for view in subviews { view.notifyDidMoveToWindow() }
  }

  /// Whether the view is `view` or inside it.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let v = current {
      if v === view { return true }
      current = v.superview
    }
    return false
  }

  /// The first view with `tag` in this subtree (depth first, self included).
  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for view in subviews { if let found = view.viewWithTag(tag) { return found } }
    return nil
  }

  // Hierarchy callbacks, for subclasses.
  open func willMove(toSuperview newSuperview: UIView?) {}
  open func didMoveToSuperview() {}
  open func willMove(toWindow newWindow: UIWindow?) {}
  open func didMoveToWindow() {}
  /// Called when the traits changed (a rotation that changes a size class), with the old ones.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
  open func didAddSubview(_ subview: UIView) {}
  open func willRemoveSubview(_ subview: UIView) {}

  // MARK: Coordinate conversion

  /// Converts a point from this view's bounds to `view`'s (nil: the window).
  ///
  /// Transforms are included, 3D ones projected onto the superview's plane
  /// at every level, as Core Animation flattens layers.
  open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    layer.convert(point, to: (view ?? window)?.layer)
  }

  /// Converts a point from `view`'s bounds (nil: the window) to this view's.
  open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    layer.convert(point, from: (view ?? window)?.layer)
  }

  /// Converts a rect (the bounding box of its converted corners).
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    layer.convert(rect, to: (view ?? window)?.layer)
  }

  /// Converts a rect from another view's coordinates.
  open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    layer.convert(rect, from: (view ?? window)?.layer)
  }

  /// Whether a point in the view's bounds coordinates is inside it.
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

  /// The deepest visible, interactive subview containing `point` (UIKit's hit testing).
  /// A view being animated by a UIView block animation without
  /// `.allowUserInteraction` is skipped (Apple, `isUserInteractionEnabled`:
  /// "During an animation, user interactions are temporarily disabled for
  /// all views involved in the animation").
  open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard isUserInteractionEnabled, !isHidden, alpha > 0.01, !layer.hasInteractionBlockingAnimation,
          self.point(inside: point, with: event) else {
      return nil
    }
    for view in subviews.reversed() {
      if let hit = view.hitTest(view.convert(point, from: self), with: event) { return hit }
    }
    return self
  }

  /// Whether a recognizer attached to this view (or above it) may begin;
  /// true by default. Apple: "Subclasses may override this method and use
  /// it to prevent the recognition of particular gestures." Consulted
  /// with the recognizer's delegate when it would begin.
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

  // MARK: Autoresizing and layout

  /// How the view resizes when its superview's bounds size changes.
  open var autoresizingMask: UIView.AutoresizingMask = []

  /// Whether a bounds size change resizes the subviews by their masks (default true).
  open var autoresizesSubviews = true

  /// Called by the layer when the bounds change.
  func boundsDidChange(from old: AnimatableValue, to new: AnimatableValue) {
    guard case .rect(let oldBounds) = old, case .rect(let newBounds) = new,
          oldBounds.size != newBounds.size else { return }
    if autoresizesSubviews {
      for view in subviews where !view.autoresizingMask.isEmpty {
        view.resize(withOldSuperviewSize: oldBounds.size, newSize: newBounds.size)
      }
    }
    setNeedsLayout()
  }

  /// UIKit's autoresizing: along each axis the size difference is shared
  /// among the flexible parts (left margin, width, right margin) in
  /// proportion to their current sizes (equally when they are all zero).
  private func resize(withOldSuperviewSize old: CGSize, newSize new: CGSize) {
    var f = frame
    let m = autoresizingMask
    func distribute(_ delta: CGFloat, _ parts: [(flexible: Bool, size: CGFloat)]) -> [CGFloat] {
      let flexible = parts.filter(\.flexible)
      guard !flexible.isEmpty, delta != 0 else { return parts.map { _ in 0 } }
      let total = flexible.map { max($0.size, 0) }.reduce(0, +)
      return parts.map { part in
        guard part.flexible else { return 0 }
        return total > 0 ? delta * max(part.size, 0) / total : delta / CGFloat(flexible.count)
      }
    }
    let h = distribute(new.width - old.width, [
      (m.contains(.flexibleLeftMargin), f.minX), (m.contains(.flexibleWidth), f.width),
      (m.contains(.flexibleRightMargin), old.width - f.maxX),
    ])
    let v = distribute(new.height - old.height, [
      (m.contains(.flexibleTopMargin), f.minY), (m.contains(.flexibleHeight), f.height),
      (m.contains(.flexibleBottomMargin), old.height - f.maxY),
    ])
    f.origin.x += h[0]
    f.size.width += h[1]
    f.origin.y += v[0]
    f.size.height += v[1]
    if f != frame { frame = f }
  }

  private var needsLayout = true

  /// Marks the view as needing layout; `layoutSubviews` runs on the next run-loop turn.
  open func setNeedsLayout() {
    needsLayout = true
    simulation.needsLayoutPass = true
  }

  /// Lays out now if layout is pending. As `CALayer.layoutIfNeeded` does,
  /// it first climbs through the superviews that need layout too and lays
  /// out from the highest of them.
  open func layoutIfNeeded() {
    var top: UIView = self
    while let parent = top.superview, parent.needsLayout { top = parent }
    top.layoutSubtreeIfNeeded()
  }

  /// Override to position subviews. Before it runs, Auto Layout has given
  /// the subviews positioned by constraints their frames; autoresizing
  /// masks are applied when the bounds change.
  open func layoutSubviews() {}

  /// Override to update constraints in the update pass (call super last).
  open func updateConstraints() {}

  /// Whether the view needs constraint-based layout (UIKit: calls `updateConstraints`).
  open class var requiresConstraintBasedLayout: Bool { false }

  /// The size that fits the view's content (its current size by default).
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to `sizeThatFits(bounds.size)`.
  open func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    bounds = CGRect(origin: bounds.origin, size: size)
  }

  /// The view's natural size (none by default).
  open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

  /// Top-down layout pass of this subtree; also marks views as rendered.
  func layoutSubtreeIfNeeded(inWindow: Bool? = nil) {
    if simulation.autoLayout.tracksSafeArea { reportSafeAreaChange() }
    if needsLayout {
      needsLayout = false
      updateConstraintsPassIfNeeded()
      owningController?.viewWillLayoutSubviews()
      applyConstraintLayout()
      needsLayout = false  // after the engine, which marks the views it moves
      layoutSubviews()
      owningController?.viewDidLayoutSubviews()
    }
    let inWindow = inWindow ?? (window != nil)
    if inWindow && !isHidden {
      hasBeenRendered = true
      layer.markCommitted()
    }
    if inWindow { owningController?.callViewIsAppearingIfPending() }
    for sublayer in layer._sublayers {
      (sublayer.delegate as? UIView)?.layoutSubtreeIfNeeded(inWindow: inWindow)
    }
  }

  /// Whether the view has been on screen during a layout pass (UIKit's "rendered at least once").
  var hasBeenRendered = false

  // MARK: CALayerDelegate

  /// UIKit's actions: inside an animation block, an animation of the change;
  /// otherwise none (view-backed layers have no implicit animations).
  open func action(for layer: CALayer, forKey event: String) -> CAAction? {
    guard layer === self.layer, let key = LayerKey(rawValue: event) else { return NSNull() }
    return viewAction(forKey: key) ?? NSNull()
  }

  /// Forwards the layer's layout to `layoutSubviews`.
  open func layoutSublayers(of layer: CALayer) {
    if layer === self.layer { layoutSubviews() }
  }

  // MARK: Snapshots

  /// A new view showing a frozen copy of this view's current look.
  ///
  /// The snapshot has no superview; its frame is `(0, 0)` with this view's
  /// bounds size. It shows the view's content and subviews as they are
  /// on screen now (`afterUpdates == false`) or with pending changes
  /// (`true`, the model values). The view's own transform and alpha are
  /// not baked in. Later changes to the view do not affect the snapshot.
  open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    simulation.engineChose("UIView.snapshotView(afterScreenUpdates:)")
    let snapshot = SnapshotView(frame: CGRect(origin: .zero, size: bounds.size))
    snapshot.sourceLabel = diagramLabel
    if !afterUpdates && !hasBeenRendered {
      simulation.report(Simulation.Diagnostic(
        kind: .snapshotOfUnrenderedView,
        message: "[Snapshotting] Snapshotting a view (\(debugPointer), \(type(of: self))) that has not been rendered at least once requires afterScreenUpdates:YES."))
      return snapshot
    }
    snapshot.layer.frozenContent = FrozenLayer.freeze(layer, presentation: !afterUpdates)
    return snapshot
  }

  /// A deterministic stand-in for the object's address in diagnostics.
  nonisolated var debugPointer: String { "0x" + String(debugID, radix: 16) }

  open override var description: String {
    let f = mainActorState { frame }
    return "<\(type(of: self)): \(debugPointer); frame = (\(format(Double(f.minX))) \(format(Double(f.minY))); \(format(Double(f.width))) \(format(Double(f.height))))>"
  }
}

/// The view `snapshotView(afterScreenUpdates:)` returns.
final class SnapshotView: UIView {
  var sourceLabel = ""
  override var diagramLabel: String {
    if let id = accessibilityIdentifier, !id.isEmpty { return id }
    return "snapshot of \(sourceLabel)"
  }
}

// MARK: - Nested types

extension UIView {
  /// How tint is adjusted.
  public enum TintAdjustmentMode: Int {
    case automatic, normal, dimmed
  }

  /// How content fills the view.
  public enum ContentMode: Int {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
  }

  /// Which parts of the view stretch when the superview's bounds change.
  public struct AutoresizingMask: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// "No intrinsic size" for one dimension.
  public static let noIntrinsicMetric: CGFloat = -1
}

/// Edge insets with leading/trailing (kept so layout code compiles).
public struct NSDirectionalEdgeInsets: Equatable {
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
  public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
