// CALayer: the model behind every view. It holds the model values of the
// animatable properties, the animations attached to it, and computes the
// presentation values (what the screen shows) at the current virtual time.

// MARK: - CALayerDelegate

/// The layer's delegate (a view, for a view's own layer). All optional.
public protocol CALayerDelegate: AnyObject {
  /// The action for a property change; nil to continue the default search,
  /// `NSNull()` for no action.
  func action(for layer: CALayer, forKey event: String) -> CAAction?
  /// Lays out the layer's sublayers.
  func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
  public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
  public func layoutSublayers(of layer: CALayer) {}
}

// MARK: - CALayer

/// A Core Animation layer: geometry, appearance, timing and animations.
///
/// Geometry follows Core Animation: `position` is where the `anchorPoint`
/// (in unit coordinates of `bounds`) sits in the superlayer; `transform`
/// applies about the anchor point; `frame` is derived from them.
open class CALayer: NSObject, CAMediaTiming {
  let simulation: Simulation

  // MARK: Model storage

  var _bounds = CGRect.zero
  var _position = CGPoint.zero
  var _anchorPoint = CGPoint(x: 0.5, y: 0.5)
  var _zPosition: CGFloat = 0
  var _transform = CATransform3DIdentity
  var _sublayerTransform = CATransform3DIdentity
  var _opacity: Float = 1
  var _cornerRadius: CGFloat = 0
  var _backgroundColor: CGColor?
  var _borderWidth: CGFloat = 0
  var _borderColor: CGColor? = CGColor.opaqueBlack
  var _shadowOpacity: Float = 0
  var _shadowRadius: CGFloat = 3
  var _shadowOffset = CGSize(width: 0, height: -3)

  /// Key-value observers of the layer's properties (UIKit/KeyValueObserving.swift).
  var keyValueObservers: KeyValueObserverList?

  /// Animations attached to the layer, in the order they were added.
  var attachedAnimations: [AttachedAnimation] = [] {
    didSet {
      cachedAnimatedKeys = nil
      simulation.invalidateEvents()
    }
  }
  private var cachedAnimatedKeys: [LayerKey]?
  /// Whether the simulation watches this layer's animations for events.
  var isRegisteredForEvents = false
  /// Whether the layer has been on screen (in a visible window) at a run-loop turn.
  private(set) var isCommitted = false

  /// Marks the layer, its mask and its standalone sublayers as rendered.
  func markCommitted() {
    isCommitted = true
    mask?.markCommitted()
    for sublayer in _sublayers where sublayer.owningView == nil { sublayer.markCommitted() }
  }
  /// Frozen content: what a snapshot view shows.
  var frozenContent: FrozenLayer?

  /// Creates a layer.
  public required override init() {
    simulation = Simulation.current
    super.init()
  }

  /// Creates a copy of `layer`'s properties (Core Animation uses this for presentation layers).
  public required init(layer: Any) {
    simulation = (layer as? CALayer)?.simulation ?? Simulation.current
    super.init()
    if let other = layer as? CALayer { copyModel(from: other) }
  }

  func copyModel(from other: CALayer) {
    _bounds = other._bounds
    _position = other._position
    _anchorPoint = other._anchorPoint
    _zPosition = other._zPosition
    _transform = other._transform
    _sublayerTransform = other._sublayerTransform
    _opacity = other._opacity
    _cornerRadius = other._cornerRadius
    _backgroundColor = other._backgroundColor
    _borderWidth = other._borderWidth
    _borderColor = other._borderColor
    _shadowOpacity = other._shadowOpacity
    _shadowRadius = other._shadowRadius
    _shadowOffset = other._shadowOffset
    isHidden = other.isHidden
    masksToBounds = other.masksToBounds
    isDoubleSided = other.isDoubleSided
    name = other.name
    anchorPointZ = other.anchorPointZ
  }

  // MARK: Geometry

  /// The layer's own coordinate space: origin and size.
  open var bounds: CGRect {
    get { _bounds }
    set { change(.bounds, to: .rect(newValue)) }
  }

  /// Where the anchor point sits in the superlayer's coordinates.
  open var position: CGPoint {
    get { _position }
    set { change(.position, to: .point(newValue)) }
  }

  /// The point of `bounds`, in unit coordinates, that `position` places and
  /// transforms pivot about. Default (0.5, 0.5).
  open var anchorPoint: CGPoint {
    get { _anchorPoint }
    set { change(.anchorPoint, to: .point(newValue)) }
  }

  /// The anchor point's z coordinate.
  open var anchorPointZ: CGFloat = 0

  /// The layer's z coordinate in the superlayer: a higher value draws above
  /// siblings with lower values, whatever their order.
  open var zPosition: CGFloat {
    get { _zPosition }
    set { change(.zPosition, to: .scalar(Double(newValue))) }
  }

  /// The layer's transform, applied about its anchor point.
  open var transform: CATransform3D {
    get { _transform }
    set { change(.transform, to: .transform(newValue)) }
  }

  /// A transform applied to every sublayer (m34 perspective lives here).
  open var sublayerTransform: CATransform3D {
    get { _sublayerTransform }
    set { change(.sublayerTransform, to: .transform(newValue)) }
  }

  /// The layer's frame in its superlayer: derived from bounds, anchorPoint,
  /// position and transform (the bounding box of the transformed bounds).
  ///
  /// Setting it with a non-identity transform is undefined in Core
  /// Animation; the engine keeps the transform and chooses bounds and
  /// position so that the frame reads back as set for scales and
  /// translations (rotations give the bounding box), as UIKit is observed to.
  open var frame: CGRect {
    get { Self.frame(bounds: _bounds, position: _position, anchorPoint: _anchorPoint, transform: _transform) }
    set {
      let t = _transform
      var size = newValue.size
      if !CATransform3DIsIdentity(t) {
        // Undo the transform's scale on the size (about the anchor).
        let a = CATransform3DGetAffineTransform(t)
        let sx = (a.a * a.a + a.b * a.b).squareRoot(), sy = (a.c * a.c + a.d * a.d).squareRoot()
        size = CGSize(width: sx > 0 ? size.width / sx : size.width, height: sy > 0 ? size.height / sy : size.height)
      }
      announcingChange(of: "frame") {
        bounds = CGRect(origin: _bounds.origin, size: size)
        position = CGPoint(x: newValue.minX + _anchorPoint.x * newValue.width,
                           y: newValue.minY + _anchorPoint.y * newValue.height)
      }
    }
  }

  static func frame(bounds: CGRect, position: CGPoint, anchorPoint: CGPoint, transform: CATransform3D) -> CGRect {
    let origin = CGPoint(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height)
    if CATransform3DIsIdentity(transform) { return CGRect(origin: origin, size: bounds.size) }
    let h = Homography.layerToSuperlayer(bounds: bounds, position: position, anchorPoint: anchorPoint,
                                         transform: transform, parentSublayerTransform: nil, parentBounds: nil,
                                         parentAnchor: nil)
    return h.map(rect: bounds)
  }

  // MARK: Appearance

  /// 0…1; multiplies with the superlayer's opacity.
  open var opacity: Float {
    get { _opacity }
    set { change(.opacity, to: .scalar(Double(newValue))) }
  }

  /// Hidden layers and their sublayers are not drawn.
  open var isHidden: Bool {
    get { _isHidden }
    set {
      announcingChange(of: "isHidden") {
        let oldValue = _isHidden
        _isHidden = newValue
        if newValue != oldValue { simulation.needsLayoutPass = true }
      }
    }
  }
  private var _isHidden = false

  /// Clips sublayers to the bounds (rounded by `cornerRadius`).
  open var masksToBounds = false

  /// When false, the layer is not drawn while it faces away from the viewer.
  open var isDoubleSided = true

  open var cornerRadius: CGFloat {
    get { _cornerRadius }
    set { change(.cornerRadius, to: .scalar(Double(newValue))) }
  }

  open var backgroundColor: CGColor? {
    get { _backgroundColor }
    set { change(.backgroundColor, to: .color(newValue?.rgba ?? .clear), color: newValue) }
  }

  open var borderWidth: CGFloat {
    get { _borderWidth }
    set { change(.borderWidth, to: .scalar(Double(newValue))) }
  }

  open var borderColor: CGColor? {
    get { _borderColor }
    set { change(.borderColor, to: .color(newValue?.rgba ?? .clear), color: newValue) }
  }

  // Shadows are kept as plain values; diagrams do not draw them.
  open var shadowOpacity: Float {
    get { _shadowOpacity }
    set { change(.shadowOpacity, to: .scalar(Double(newValue))) }
  }
  open var shadowRadius: CGFloat {
    get { _shadowRadius }
    set { change(.shadowRadius, to: .scalar(Double(newValue))) }
  }
  open var shadowOffset: CGSize {
    get { _shadowOffset }
    set { change(.shadowOffset, to: .size(newValue)) }
  }
  open var shadowColor: CGColor? = CGColor.opaqueBlack
  open var shadowPath: CGPath?

  /// The layer's content (an image); the engine only keeps the reference.
  open var contents: Any?
  open var contentsGravity = "resize"
  open var contentsScale: CGFloat = 1
  open var shouldRasterize = false
  open var rasterizationScale: CGFloat = 1
  open var isOpaque = false
  open var allowsGroupOpacity = true
  open var needsDisplayOnBoundsChange = false
  /// Which corners `cornerRadius` rounds (kept, not drawn differently).
  open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

  /// A name for debugging; diagrams use it as the layer's label.
  open var name: String?

  /// Actions by key, consulted after the delegate.
  open var actions: [String: CAAction]?

  /// The layer's delegate: a view, for a view's own layer. Weak, as in Core Animation.
  open weak var delegate: CALayerDelegate?

  /// The view that owns this layer (UIKit's layer delegate).
  var owningView: UIView? { delegate as? UIView }

  // MARK: Timing (CAMediaTiming)

  // Changing a layer's timing moves the events of the animations below it.
  open var beginTime: CFTimeInterval = 0 { didSet { simulation.invalidateEvents() } }
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1 { didSet { simulation.invalidateEvents() } }
  open var timeOffset: CFTimeInterval = 0 { didSet { simulation.invalidateEvents() } }
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed

  /// The layer's local time as an affine function of global time:
  /// local = scale · global + offset.
  func timeMapping() -> (scale: Double, offset: Double) {
    if let cached = cachedTimeMapping, cached.generation == simulation.timingGeneration { return cached.mapping }
    var scale = 1.0, offset = 0.0
    if let parent = superlayer { (scale, offset) = parent.timeMapping() }
    // local = (parentLocal − beginTime) · speed + timeOffset
    let s = Double(speed)
    let mapping = (scale * s, (offset - beginTime) * s + timeOffset)
    cachedTimeMapping = (simulation.timingGeneration, mapping)
    return mapping
  }

  /// The time mapping, valid while the simulation's timing generation is unchanged.
  private var cachedTimeMapping: (generation: Int, mapping: (scale: Double, offset: Double))?

  /// The layer's local time at the simulation's current time.
  var localTime: Double {
    if superlayer == nil && speed == 1 && beginTime == 0 && timeOffset == 0 { return simulation.now }
    let m = timeMapping()
    return m.scale * simulation.now + m.offset
  }

  /// Converts a time from another layer's time space (nil: global time) into this layer's.
  open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
    let global: Double
    if let l {
      let m = l.timeMapping()
      global = m.scale != 0 ? (t - m.offset) / m.scale : t
    } else {
      global = t
    }
    let mine = timeMapping()
    return mine.scale * global + mine.offset
  }

  /// Converts a time from this layer's time space into another's (nil: global time).
  open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
    let mine = timeMapping()
    let global = mine.scale != 0 ? (t - mine.offset) / mine.scale : t
    guard let l else { return global }
    let m = l.timeMapping()
    return m.scale * global + m.offset
  }

  // MARK: Layer tree

  /// The sublayers, back to front.
  open private(set) var sublayers: [CALayer]? {
    get { _sublayers.isEmpty ? nil : _sublayers }
    set { setSublayers(newValue ?? []) }
  }

  var _sublayers: [CALayer] = []

  /// The layer that contains this one.
  open private(set) weak var superlayer: CALayer?

  /// A layer whose opacity masks this layer's content (in this layer's coordinates).
  open var mask: CALayer? {
    didSet { simulation.needsLayoutPass = true }
  }

  private func setSublayers(_ layers: [CALayer]) {
    for layer in _sublayers { layer.superlayer = nil }
    _sublayers = []
    for layer in layers { addSublayer(layer) }
  }

  /// Appends a sublayer (on top of the others).
  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(_sublayers.count - (layer.superlayer === self ? 1 : 0)))
  }

  /// Inserts a sublayer at an index of `sublayers`.
  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    precondition(layer !== self, "A layer cannot be its own sublayer")
    layer.detachFromSuperlayer()
    let index = min(Int(idx), _sublayers.count)
    _sublayers.insert(layer, at: index)
    layer.superlayer = self
    simulation.invalidateEvents()
    simulation.needsLayoutPass = true
  }

  /// Inserts a sublayer below `sibling` (at the end when `sibling` is not a sublayer).
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    layer.detachFromSuperlayer()
    let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? _sublayers.count
    insertSublayer(layer, at: UInt32(index))
  }

  /// Inserts a sublayer above `sibling` (at the end when `sibling` is not a sublayer).
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    layer.detachFromSuperlayer()
    let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? _sublayers.count
    insertSublayer(layer, at: UInt32(index))
  }

  /// Replaces a sublayer.
  open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard let index = _sublayers.firstIndex(where: { $0 === oldLayer }) else { return }
    oldLayer.removeFromSuperlayer()
    insertSublayer(newLayer, at: UInt32(index))
  }

  /// Removes the layer from its superlayer.
  open func removeFromSuperlayer() {
    detachFromSuperlayer()
  }

  func detachFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent._sublayers.removeAll { $0 === self }
    superlayer = nil
    simulation.invalidateEvents()
  }

  // MARK: Layout

  private(set) var needsLayoutFlag = false

  /// Marks the layer as needing layout.
  open func setNeedsLayout() { needsLayoutFlag = true }
  /// Whether `setNeedsLayout` was called since the last layout.
  open func needsLayout() -> Bool { needsLayoutFlag }
  /// Lays out now if needed.
  open func layoutIfNeeded() {
    if needsLayoutFlag {
      needsLayoutFlag = false
      layoutSublayers()
    }
    for layer in _sublayers where layer.owningView == nil { layer.layoutIfNeeded() }
  }
  /// Lays out sublayers; asks the delegate.
  open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
  /// Display is not modelled; kept so code that calls it compiles.
  open func setNeedsDisplay() {
    Simulation.current.notModelled("CALayer.setNeedsDisplay()", instead: "there is no drawing: the call does nothing")
  }
  open func display() {
    Simulation.current.notModelled("CALayer.display()", instead: "there is no drawing: the call does nothing")
  }

  // MARK: Geometry conversion

  /// Converts a point from this layer's coordinates to another's (nil: the root).
  open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
    let toRoot = Homography.toRoot(from: self)
    guard let l else { return toRoot.map(p) }
    return Homography.toRoot(from: l).inverted().map(toRoot.map(p))
  }

  /// Converts a point from another layer's coordinates to this layer's.
  open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
    let fromRoot = Homography.toRoot(from: self).inverted()
    guard let l else { return fromRoot.map(p) }
    return fromRoot.map(Homography.toRoot(from: l).map(p))
  }

  /// Converts a rect (its bounding box after conversion) to another layer's coordinates.
  open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
    var h = Homography.toRoot(from: self)
    if let l { h = h.then(Homography.toRoot(from: l).inverted()) }
    return h.map(rect: r)
  }

  /// Converts a rect from another layer's coordinates.
  open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
    var h = Homography.identity
    if let l { h = Homography.toRoot(from: l) }
    return h.then(Homography.toRoot(from: self).inverted()).map(rect: r)
  }

  // MARK: Actions

  /// The action for a key: the delegate's, then `actions`, then the default.
  open func action(forKey event: String) -> CAAction? {
    if let delegate, let action = delegate.action(for: self, forKey: event) {
      return action is NSNull ? nil : action
    }
    if let action = actions?[event] { return action is NSNull ? nil : action }
    // A layer that was never on screen has nothing to animate from: Core
    // Animation runs implicit animations only for layers already rendered.
    guard isCommitted else { return nil }
    return Self.defaultAction(forKey: event)
  }

  /// Core Animation's implicit animation for standalone layers: the key's
  /// change animated for the current transaction's duration.
  open class func defaultAction(forKey event: String) -> CAAction? {
    guard let key = LayerKey(rawValue: event) else { return nil }
    _ = key
    return ImplicitAnimationAction()
  }

  /// Sets a model value, running the property's action (animation) if any.
  func change(_ key: LayerKey, to newValue: AnimatableValue, color: CGColor? = nil) {
    let old = modelValue(key)
    let transaction = simulation.transactions
    // Look the action up before the change, as Core Animation does.
    let action: CAAction?
    if old == newValue || transaction.disableActions {
      action = nil
    } else {
      action = self.action(forKey: key.rawValue)
      if let pending = action as? PendingChangeAction {
        pending.willChange(layer: self, key: key, oldModel: old, oldPresentation: presentationValue(key))
      }
    }
    announcingChange(of: key.rawValue) {
      setModelValue(key, newValue, color: color)
      if key == .bounds, let view = owningView { view.boundsDidChange(from: old, to: newValue) }
      // A view that moves may overlap the unsafe area differently (UIKit/SafeArea.swift).
      if key == .position, owningView != nil, simulation.autoLayout.tracksSafeArea { simulation.needsLayoutPass = true }
      action?.run(forKey: key.rawValue, object: self, arguments: nil)
    }
  }

  // MARK: Model values

  func modelValue(_ key: LayerKey) -> AnimatableValue {
    switch key {
    case .bounds: return .rect(_bounds)
    case .position: return .point(_position)
    case .anchorPoint: return .point(_anchorPoint)
    case .zPosition: return .scalar(Double(_zPosition))
    case .transform: return .transform(_transform)
    case .sublayerTransform: return .transform(_sublayerTransform)
    case .opacity: return .scalar(Double(_opacity))
    case .cornerRadius: return .scalar(Double(_cornerRadius))
    case .backgroundColor: return .color(_backgroundColor?.rgba ?? .clear)
    case .borderWidth: return .scalar(Double(_borderWidth))
    case .borderColor: return .color(_borderColor?.rgba ?? .clear)
    case .shadowOpacity: return .scalar(Double(_shadowOpacity))
    case .shadowRadius: return .scalar(Double(_shadowRadius))
    case .shadowOffset: return .size(_shadowOffset)
    default: return shapeModelValue(key)
    }
  }

  func setModelValue(_ key: LayerKey, _ value: AnimatableValue, color: CGColor? = nil) {
    switch (key, value) {
    case (.bounds, .rect(let r)): _bounds = r
    case (.position, .point(let p)): _position = p
    case (.anchorPoint, .point(let p)): _anchorPoint = p
    case (.zPosition, .scalar(let v)): _zPosition = CGFloat(v)
    case (.transform, .transform(let t)): _transform = t
    case (.sublayerTransform, .transform(let t)): _sublayerTransform = t
    case (.opacity, .scalar(let v)): _opacity = Float(v)
    case (.cornerRadius, .scalar(let v)): _cornerRadius = CGFloat(v)
    case (.backgroundColor, .color(let c)): _backgroundColor = color ?? (c == .clear ? nil : CGColor(rgba: c))
    case (.borderWidth, .scalar(let v)): _borderWidth = CGFloat(v)
    case (.borderColor, .color(let c)): _borderColor = color ?? CGColor(rgba: c)
    case (.shadowOpacity, .scalar(let v)): _shadowOpacity = Float(v)
    case (.shadowRadius, .scalar(let v)): _shadowRadius = CGFloat(v)
    case (.shadowOffset, .size(let s)): _shadowOffset = s
    default: setShapeModelValue(key, value, color: color)
    }
  }

  func shapeModelValue(_ key: LayerKey) -> AnimatableValue { .scalar(0) }
  func setShapeModelValue(_ key: LayerKey, _ value: AnimatableValue, color: CGColor?) {}

  // MARK: Animations

  /// Attaches a copy of `anim`, replacing any animation under the same key.
  ///
  /// A `beginTime` of 0 means "now" in the layer's time.
  open func add(_ anim: CAAnimation, forKey key: String?) {
    if let property = anim as? CAPropertyAnimation {
      precondition(property.keyPath != nil, "CAPropertyAnimation added without a keyPath")
    }
    if let key { removeAnimation(forKey: key) }
    let copy = anim.copy() as! CAAnimation
    copy.isAttached = true
    (copy as? CAAnimationGroup)?.animations?.forEach { $0.isAttached = true }
    simulation.transactions.track(copy)
    let begin = copy.beginTime == 0 ? localTime : copy.beginTime
    let attached = AttachedAnimation(key: key, animation: copy, begin: begin, sequence: simulation.nextSequence())
    attachedAnimations.append(attached)
    simulation.layerDidAddAnimation(self)
    for observer in simulation.animationObservers { observer(self, attached) }
    if let transition = copy as? CATransition { prepare(transition) }
  }

  /// The animation attached under `key` (a copy of what was added).
  open func animation(forKey key: String) -> CAAnimation? {
    attachedAnimations.last { $0.key == key && !$0.isFinished }?.animation
  }

  /// Whether a UIView animation made without `.allowUserInteraction` is
  /// attached (running or waiting for its delay).
  var hasInteractionBlockingAnimation: Bool {
    attachedAnimations.contains { !$0.isFinished && $0.animation.engineBlocksInteraction }
  }

  /// The keys of the attached animations.
  open func animationKeys() -> [String]? {
    let keys = attachedAnimations.filter { !$0.isFinished }.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }

  /// Removes the animation under `key`; its delegate hears `finished == false`.
  open func removeAnimation(forKey key: String) {
    for attached in attachedAnimations where attached.key == key && !attached.isFinished {
      detach(attached, finished: false)
    }
  }

  /// Removes every animation; their delegates hear `finished == false`.
  open func removeAllAnimations() {
    for attached in attachedAnimations where !attached.isFinished { detach(attached, finished: false) }
  }

  /// Detaches an animation and tells its delegate (on the next run-loop turn
  /// when it was removed early, as Core Animation reports removals).
  func detach(_ attached: AttachedAnimation, finished: Bool) {
    attached.isFinished = true
    attachedAnimations.removeAll { $0 === attached }
    let anim = attached.animation
    let notify = {
      for observer in anim.engineStopObservers { observer(finished) }
      anim.delegate?.animationDidStop(anim, finished: finished)
    }
    if finished { notify() } else { simulation.enqueue(notify) }
  }

  /// Called by the simulation when an attached animation reaches its end.
  func animationDidEnd(_ attached: AttachedAnimation) {
    let anim = attached.animation
    if anim.isRemovedOnCompletion {
      detach(attached, finished: true)
    } else {
      for observer in anim.engineStopObservers { observer(true) }
      anim.delegate?.animationDidStop(anim, finished: true)
    }
  }

  /// The `CATransition` running on the layer now, if any: its style, its
  /// eased progress and the content before it.
  func runningTransition() -> (style: String, progress: Double, before: FrozenLayer)? {
    guard let attached = attachedAnimations.last(where: { $0.animation is CATransition && !$0.isFinished }),
          let transition = attached.animation as? CATransition, let before = transition.frozenContent,
          let p = transition.currentFraction(parentTime: localTime, begin: attached.begin) else { return nil }
    let style = transition.engineTransitionStyle ?? transition.type.rawValue
    return (style, p, before)
  }

  /// Freezes the layer's current look as the transition's "before" content.
  func prepare(_ transition: CATransition) {
    if transition.frozenContent == nil {
      transition.frozenContent = FrozenLayer.freeze(self, presentation: true)
    }
  }

  // MARK: Presentation

  /// A copy of the layer with the values the screen shows now.
  open func presentation() -> Self? {
    let copy = Self(layer: self)
    copy.applyPresentation(of: self)
    return copy
  }

  /// The layer itself (Core Animation's model layer).
  open func model() -> Self { self }

  func applyPresentation(of source: CALayer) {
    guard !source.attachedAnimations.isEmpty else { return }
    let time = source.localTime
    for key in source.animatedKeys {
      setModelValue(key, source.presentationValue(key, layerTime: time))
    }
  }

  /// The keys the attached animations touch, each once.
  var animatedKeys: [LayerKey] {
    if let cachedAnimatedKeys { return cachedAnimatedKeys }
    var keys: [LayerKey] = []
    for attached in attachedAnimations {
      for key in attached.keys where !keys.contains(key) { keys.append(key) }
    }
    cachedAnimatedKeys = keys
    return keys
  }

  /// The render value of `key` at the current time: the model value with
  /// every attached animation applied in order.
  func presentationValue(_ key: LayerKey) -> AnimatableValue {
    guard !attachedAnimations.isEmpty else { return modelValue(key) }
    return presentationValue(key, layerTime: localTime)
  }

  func presentationValue(_ key: LayerKey, layerTime time: Double) -> AnimatableValue {
    var value = modelValue(key)
    for attached in attachedAnimations where attached.keys.contains(key) {
      value = attached.apply(to: value, key: key, layerTime: time)
    }
    return value
  }

  /// The render values of the geometry and appearance, in one pass.
  var presentationState: LayerState {
    var state = LayerState(modelOf: self)
    guard !attachedAnimations.isEmpty else { return state }
    let time = localTime
    func eval(_ key: LayerKey) -> AnimatableValue { presentationValue(key, layerTime: time) }
    let keys = animatedKeys
    if keys.contains(.bounds), case .rect(let r) = eval(.bounds) { state.bounds = r }
    if keys.contains(.position), case .point(let p) = eval(.position) { state.position = p }
    if keys.contains(.anchorPoint), case .point(let p) = eval(.anchorPoint) { state.anchorPoint = p }
    if keys.contains(.zPosition) { state.zPosition = CGFloat(eval(.zPosition).scalar) }
    if keys.contains(.transform), case .transform(let t) = eval(.transform) { state.transform = t }
    if keys.contains(.sublayerTransform), case .transform(let t) = eval(.sublayerTransform) { state.sublayerTransform = t }
    if keys.contains(.opacity) { state.opacity = eval(.opacity).scalar }
    if keys.contains(.cornerRadius) { state.cornerRadius = CGFloat(eval(.cornerRadius).scalar) }
    if keys.contains(.backgroundColor), case .color(let c) = eval(.backgroundColor) { state.backgroundColor = c }
    if keys.contains(.path), case .path(let p) = eval(.path) { state.path = p }
    return state
  }
}

/// Which corners a layer's corner radius rounds.
public struct CACornerMask: OptionSet, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

// MARK: - Attached animations

/// An animation attached to a layer, with its begin time resolved.
final class AttachedAnimation {
  let key: String?
  let animation: CAAnimation
  /// Begin time in the layer's local time.
  let begin: Double
  let sequence: Int
  var didNotifyStart = false
  /// True once the simulation reported the animation's end.
  var didNotifyStop = false
  /// True once the animation was detached from its layer.
  var isFinished = false
  /// The layer keys this animation touches.
  let keys: [LayerKey]
  private let paths: [(CAPropertyAnimation, LayerKeyPath)]

  /// from/to resolved once for basic animations that give both.
  private var fixed: (from: AnimatableValue, to: AnimatableValue, additive: Bool)?
  private var fixedResolved = false

  private func fixedEndpoints(_ anim: CAPropertyAnimation, like value: AnimatableValue)
    -> (from: AnimatableValue, to: AnimatableValue, additive: Bool)? {
    if fixedResolved { return fixed }
    fixedResolved = true
    guard anim === animation, let basic = anim as? CABasicAnimation, basic.byValue == nil,
          let from = AnimatableValue.unbox(basic.fromValue, like: value),
          let to = AnimatableValue.unbox(basic.toValue, like: value) else { return nil }
    fixed = (from, to, basic.isAdditive)
    return fixed
  }

  init(key: String?, animation: CAAnimation, begin: Double, sequence: Int) {
    self.key = key
    self.animation = animation
    self.begin = begin
    self.sequence = sequence
    var paths: [(CAPropertyAnimation, LayerKeyPath)] = []
    func collect(_ anim: CAAnimation) {
      if let property = anim as? CAPropertyAnimation, let path = property.keyPath.flatMap(LayerKeyPath.init) {
        paths.append((property, path))
      } else if let group = anim as? CAAnimationGroup {
        group.animations?.forEach(collect)
      }
    }
    collect(animation)
    self.paths = paths
    keys = paths.map(\.1.key)
  }

  /// The time, in the layer's local time, at which the animation ends (∞ if never).
  var endLayerTime: Double {
    if animation.engineDriver != nil { return .infinity }
    return animation.endParentTime(begin: begin)
  }

  /// The local time at which the animation starts.
  var startLayerTime: Double { animation.startParentTime(begin: begin) }

  /// Applies this animation's contribution to `value` of `key` at `layerTime`.
  func apply(to value: AnimatableValue, key: LayerKey, layerTime: Double) -> AnimatableValue {
    var result = value
    for (anim, path) in paths where path.key == key {
      if anim === animation {
        result = contribute(anim, path, result, parentTime: layerTime, begin: begin)
      } else if let group = animation as? CAAnimationGroup {
        // A grouped animation runs in the group's local time, clipped to the group's active time.
        if animation.engineDriver == nil {
          guard let groupTime = group.localTime(atParentTime: layerTime, begin: begin) else { continue }
          result = contribute(anim, path, result, parentTime: groupTime, begin: anim.beginTime)
        } else {
          result = contribute(anim, path, result, parentTime: 0, begin: 0)
        }
      }
    }
    return result
  }

  private func contribute(_ anim: CAPropertyAnimation, _ path: LayerKeyPath, _ value: AnimatableValue,
                          parentTime: Double, begin: Double) -> AnimatableValue {
    if case .whole = path.component, let fixed = fixedEndpoints(anim, like: value) {
      // Fast path (every UIView animation): both ends given, whole property.
      guard let f = anim.currentFraction(parentTime: parentTime, begin: begin) else { return value }
      let v = fixed.from.interpolated(to: fixed.to, fraction: f)
      return fixed.additive ? value.adding(v) : v
    }
    let base = path.extract(from: value)
    guard let v = anim.value(atParentTime: parentTime, begin: begin, base: anim.isAdditive ? base.zero : base) else {
      return value
    }
    return path.inject(v, into: value, additive: anim.isAdditive)
  }
}

// MARK: - Implicit animations

/// An action that needs the values before the change (UIKit's and Core
/// Animation's implicit actions capture them when looked up).
protocol PendingChangeAction: CAAction {
  func willChange(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue)
}

/// Core Animation's implicit animation of a standalone layer's property:
/// from the previous presentation value to the new model value, for the
/// transaction's duration and timing function (0.25 s, default curve).
final class ImplicitAnimationAction: PendingChangeAction {
  private var from: AnimatableValue?

  func willChange(layer: CALayer, key: LayerKey, oldModel: AnimatableValue, oldPresentation: AnimatableValue) {
    from = oldPresentation
  }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer, let from else { return }
    let transaction = layer.simulation.transactions
    let animation = CABasicAnimation(keyPath: event)
    animation.fromValue = from.boxed
    animation.duration = transaction.animationDuration
    animation.timingFunction = transaction.animationTimingFunction ?? CAMediaTimingFunction(name: .default)
    animation.engineTag = "implicit"
    layer.add(animation, forKey: event)
  }
}
