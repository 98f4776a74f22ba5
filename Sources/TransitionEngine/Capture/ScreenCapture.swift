// ScreenCapture: what the screen shows at one instant, as plain values.
//
// Capturing walks the visible windows' layer trees with presentation values
// (what the eye sees mid-animation) and projects every layer onto the
// screen. Renderers (ASCII frames, filmstrips, legends, JSON for the site's
// player) are pure functions of a capture, so they never touch the engine.

/// Everything visible on the screen at one instant, back to front.
public struct ScreenCapture: Equatable, Sendable, Codable {
  /// The simulation time of the capture, in seconds.
  public var time: TimeInterval
  /// The screen's size in points.
  public var screenSize: CGSize
  /// How far the running view-controller transition is (0…1), if one runs.
  public var transitionProgress: Double?
  /// The drawn layers in paint order: back to front, parents before children.
  public var layers: [CapturedLayer]
  /// Why the motion shown is the engine's own model rather than a
  /// documented one (a zoom transition runs: Apple publishes no curve);
  /// nil otherwise.
  public var engineChoice: String?

  public init(time: TimeInterval, screenSize: CGSize, transitionProgress: Double?, layers: [CapturedLayer]) {
    self.time = time
    self.screenSize = screenSize
    self.transitionProgress = transitionProgress
    self.layers = layers
  }
}

/// One layer as it appears on screen.
public struct CapturedLayer: Equatable, Sendable, Codable {
  /// The layer's index in `ScreenCapture.layers`.
  public var id: Int
  /// The index of the nearest drawn ancestor, if any.
  public var parent: Int?
  /// The nesting depth (0 for a window).
  public var depth: Int
  /// What diagrams call it: the view's accessibility identifier, else its
  /// controller's title, else its class name; a layer's `name` for plain layers.
  public var label: String
  /// True for a view's layer, false for a standalone layer.
  public var isView: Bool
  /// The layer's bounds corners projected onto the screen: top-left,
  /// top-right, bottom-right, bottom-left.
  public var quad: [CGPoint]
  /// The frame in the superview's coordinates (presentation values).
  public var frame: CGRect
  /// The layer's own opacity.
  public var alpha: Double
  /// Its opacity multiplied by every ancestor's: how strongly it shows.
  public var effectiveAlpha: Double
  /// The background fill, if any.
  public var fill: CapturedColor?
  /// Whether the view is dimmed (`tintAdjustmentMode`, inherited).
  public var isDimmed: Bool
  /// Clipping polygons from ancestors that clip to bounds or masks, in
  /// screen coordinates; the layer shows only inside all of them.
  public var clips: [[CGPoint]]
  /// A short description of the transform ("identity", "scale 0.5", "rotate 30deg", "3D"), ASCII only.
  public var transformSummary: String
  /// The layer's transform (presentation value), row by row: m11, m12, … m44.
  public var transform: [Double]
  /// The corner radius in points.
  public var cornerRadius: Double
  /// A label's text or an image's name.
  public var content: String?
  /// Whether the user can interact with the view.
  public var isUserInteractionEnabled: Bool

  public init(
    id: Int, parent: Int?, depth: Int, label: String, isView: Bool, quad: [CGPoint], frame: CGRect,
    alpha: Double, effectiveAlpha: Double, fill: CapturedColor?, isDimmed: Bool, clips: [[CGPoint]],
    transformSummary: String, transform: [Double], cornerRadius: Double, content: String?,
    isUserInteractionEnabled: Bool
  ) {
    self.id = id
    self.parent = parent
    self.depth = depth
    self.label = label
    self.isView = isView
    self.quad = quad
    self.frame = frame
    self.alpha = alpha
    self.effectiveAlpha = effectiveAlpha
    self.fill = fill
    self.isDimmed = isDimmed
    self.clips = clips
    self.transformSummary = transformSummary
    self.transform = transform
    self.cornerRadius = cornerRadius
    self.content = content
    self.isUserInteractionEnabled = isUserInteractionEnabled
  }
}

/// A fill colour: its UIKit name when it has one, and its components.
public struct CapturedColor: Equatable, Hashable, Sendable, Codable {
  public var name: String?
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(name: String?, red: Double, green: Double, blue: Double, alpha: Double) {
    self.name = name
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The name, or a hex spelling (`#RRGGBB`).
  public var displayName: String {
    if let name { return name }
    func hex(_ v: Double) -> String {
      let n = Int((min(max(v, 0), 1) * 255).rounded())
      let digits = String(n, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }
}

// MARK: - Capturing

extension Simulation {
  /// Captures what the screen shows now: every visible window, back to front.
  public func capture() -> ScreenCapture {
    drainRunLoop()
    var builder = CaptureBuilder(screen: CGRect(origin: .zero, size: screen.bounds.size))
    let visible = windows.filter { !$0.isHidden }.enumerated()
      .sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
      .map(\.element)
    for window in visible {
      builder.addLayer(window.layer, parentState: nil, toScreen: .identity, parent: nil, depth: 0, clips: [],
                       opacity: 1, dimmed: false)
    }
    var capture = ScreenCapture(time: now, screenSize: screen.bounds.size,
                                transitionProgress: transitionProgressForCapture, layers: builder.layers)
    capture.engineChoice = activeTransitions.lazy.compactMap { ($0.animator as? EngineChosenMotion)?.engineChoiceNote }
      .first
    return capture
  }
}

extension Simulation {
  /// The progress of the running view-controller transition, if any.
  package var transitionProgressForCapture: Double? { currentTransitionProgress?() }
}

/// Walks a layer tree and flattens it into captured layers.
struct CaptureBuilder {
  let screen: CGRect
  var layers: [CapturedLayer] = []

  init(screen: CGRect) { self.screen = screen }

  mutating func addLayer(_ layer: CALayer, parentState: LayerState?, toScreen parentToScreen: Homography,
                         parent: Int?, depth: Int, clips: [[CGPoint]], opacity: Double, dimmed: Bool) {
    var state = layer.presentationState
    // A window's own placement is its frame on the screen.
    let view = layer.owningView
    let isDimmed = view.map { $0.tintAdjustmentMode == .dimmed || (dimmed && $0.tintAdjustmentMode == .automatic) }
      ?? dimmed
    var label = view?.diagramLabel ?? layer.name ?? String(describing: type(of: layer))
    var content: String?
    if let labelView = view as? UILabel { content = labelView.text }
    if let imageView = view as? UIImageView { content = imageView.image?.diagramContent }
    if let control = view as? DiagramContentProviding { content = control.diagramContent }
    if view == nil, layer is CAShapeLayer, layer.name == nil { label = "CAShapeLayer" }
    // UIKit's private containers (the transition views) have no look of
    // their own: draw what they hold, not them.
    let isPrivateContainer = (view is UITransitionView || view is NavigationTransitionView)
      && state.backgroundColor == nil
    if let transition = layer.runningTransition() {
      addTransition(transition, state: state, layer: layer, parentState: parentState, parentToScreen: parentToScreen,
                    parent: parent, depth: depth, clips: clips, opacity: opacity, dimmed: isDimmed, label: label,
                    content: content, isView: view != nil, interactive: view?.isUserInteractionEnabled ?? false,
                    drawn: !isPrivateContainer)
      return
    }
    addState(&state, layer: layer, frozen: nil, parentState: parentState, parentToScreen: parentToScreen,
             parent: parent, depth: depth, clips: clips, opacity: opacity, dimmed: isDimmed, label: label,
             content: content, isView: view != nil,
             interactive: view?.isUserInteractionEnabled ?? false, drawn: !isPrivateContainer)
  }

  private mutating func addState(
    _ state: inout LayerState, layer: CALayer?, frozen: FrozenLayer?, parentState: LayerState?,
    parentToScreen: Homography, parent: Int?, depth: Int, clips: [[CGPoint]], opacity: Double, dimmed: Bool,
    label: String, content: String?, isView: Bool, interactive: Bool, drawn: Bool = true
  ) {
    guard !state.isHidden else { return }
    let alpha = state.opacity
    let effective = opacity * alpha
    guard effective > 0 else { return }
    let toParent = state.toSuperlayer(parent: parentState)
    let toScreen = toParent.then(parentToScreen)
    let quad = Self.corners(of: state.bounds).map(toScreen.map)
    if !state.isDoubleSided && Self.signedArea(quad) < 0 {  // facing away
      Simulation.current.engineChose("CALayer.isDoubleSided")
      return
    }
    let fill = state.backgroundColor.flatMap { c -> CapturedColor? in
      c.alpha > 0 ? CapturedColor(name: state.backgroundColorName, red: c.red, green: c.green, blue: c.blue,
                                  alpha: c.alpha) : nil
    }
    let frame = CALayer.frame(bounds: state.bounds, position: state.position, anchorPoint: state.anchorPoint,
                              transform: state.transform)
    let index: Int? = drawn ? layers.count : parent
    let childDepth = drawn ? depth + 1 : depth
    if drawn {
      layers.append(CapturedLayer(
        id: layers.count, parent: parent, depth: depth, label: label, isView: isView, quad: quad, frame: frame,
        alpha: alpha, effectiveAlpha: effective, fill: fill, isDimmed: dimmed, clips: clips,
        transformSummary: Self.summary(of: state.transform), transform: state.transform.elements.map { Double($0) },
        cornerRadius: Double(state.cornerRadius),
        content: content, isUserInteractionEnabled: interactive))
    }
    var childClips = clips
    if state.masksToBounds { childClips.append(quad) }
    if let mask = layer?.mask {
      let maskState = mask.presentationState
      let maskToScreen = maskState.toSuperlayer(parent: nil).then(toScreen)
      if let path = maskState.path {
        let polygons = CGPath(elements: path).flattened(segmentsPerCurve: 8)
        // An empty mask path shows nothing (an empty polygon lets no point in).
        if polygons.isEmpty { childClips.append([]) }
        for polygon in polygons {
          childClips.append(polygon.map(maskToScreen.map))
        }
      } else if (mask as? CAShapeLayer) != nil {
        childClips.append([])
      } else {
        childClips.append(Self.corners(of: maskState.bounds).map(maskToScreen.map))
      }
      // The mask clips the layer itself too.
      if drawn, let index { layers[index].clips = childClips }
    }
    // Frozen content (a snapshot) fills the bounds, scaled to them.
    let frozenContent = frozen?.content ?? layer?.frozenContent
    if let content = frozenContent {
      let source = content.state.bounds
      var scaleToBounds = Homography.identity
      if source.width > 0, source.height > 0 {
        let sx = Double(state.bounds.width / source.width), sy = Double(state.bounds.height / source.height)
        scaleToBounds = Homography.translation(-Double(source.minX), -Double(source.minY))
          .then(Homography(m: (sx, 0, 0, 0, sy, 0, Double(state.bounds.minX), Double(state.bounds.minY), 1)))
      }
      var rootState = content.state
      rootState.isHidden = false
      addFrozenRoot(content, state: rootState, toScreen: scaleToBounds.then(toScreen), parent: index ?? 0,
                    depth: childDepth, clips: childClips, opacity: effective, dimmed: dimmed)
    }
    // Sublayers, sorted by zPosition (stable), back to front.
    if let layer {
      let sublayers = layer._sublayers.enumerated()
        .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
      for sublayer in sublayers {
        addLayer(sublayer, parentState: state, toScreen: toScreen, parent: index, depth: childDepth,
                 clips: childClips, opacity: effective, dimmed: dimmed)
      }
    } else if let frozen {
      for sub in frozen.sublayers {
        var subState = sub.state
        addState(&subState, layer: nil, frozen: sub, parentState: state, parentToScreen: toScreen, parent: index,
                 depth: childDepth, clips: childClips, opacity: effective, dimmed: dimmed,
                 label: sub.label ?? "CALayer", content: nil, isView: sub.label != nil, interactive: false)
      }
    }
  }

  /// A layer in the middle of a `CATransition` (`UIView.transition`): a
  /// fade shows the content before fading out over the content after; a
  /// flip turns the content before away (0 to 90°, first half) and the
  /// content after in (−90° to 0, second half) about the layer's centre,
  /// with perspective. Curls are drawn as fades.
  private mutating func addTransition(
    _ transition: (style: String, progress: Double, before: FrozenLayer), state: LayerState, layer: CALayer,
    parentState: LayerState?, parentToScreen: Homography, parent: Int?, depth: Int, clips: [[CGPoint]],
    opacity: Double, dimmed: Bool, label: String, content: String?, isView: Bool, interactive: Bool, drawn: Bool
  ) {
    let p = transition.progress
    func before(_ state: LayerState) -> FrozenLayer {
      var merged = state
      merged.backgroundColor = transition.before.state.backgroundColor
      merged.backgroundColorName = transition.before.state.backgroundColorName
      return FrozenLayer(state: merged, label: label, sublayers: transition.before.sublayers, mask: nil,
                         content: transition.before.content)
    }
    let flip = transition.style.hasPrefix("flip")
    if flip {
      let horizontal = transition.style == "flipFromLeft" || transition.style == "flipFromRight"
      let sign: CGFloat = transition.style == "flipFromLeft" || transition.style == "flipFromTop" ? 1 : -1
      let angle = sign * CGFloat.pi * CGFloat(p < 0.5 ? p : p - 1)
      var perspective = CATransform3DIdentity
      perspective.m34 = -1 / 1000
      var turned = state
      turned.transform = CATransform3DConcat(
        CATransform3DRotate(perspective, angle, horizontal ? 0 : 1, horizontal ? 1 : 0, 0), state.transform)
      if p < 0.5 {
        var frozenState = before(turned).state
        addState(&frozenState, layer: nil, frozen: before(turned), parentState: parentState,
                 parentToScreen: parentToScreen, parent: parent, depth: depth, clips: clips, opacity: opacity,
                 dimmed: dimmed, label: label, content: content, isView: isView, interactive: false, drawn: drawn)
      } else {
        addState(&turned, layer: layer, frozen: nil, parentState: parentState, parentToScreen: parentToScreen,
                 parent: parent, depth: depth, clips: clips, opacity: opacity, dimmed: dimmed, label: label,
                 content: content, isView: isView, interactive: interactive, drawn: drawn)
      }
      return
    }
    var after = state
    after.opacity *= p
    addState(&after, layer: layer, frozen: nil, parentState: parentState, parentToScreen: parentToScreen,
             parent: parent, depth: depth, clips: clips, opacity: opacity, dimmed: dimmed, label: label,
             content: content, isView: isView, interactive: interactive, drawn: drawn)
    var faded = state
    faded.opacity *= 1 - p
    let frozen = before(faded)
    var old = frozen.state
    addState(&old, layer: nil, frozen: frozen, parentState: parentState, parentToScreen: parentToScreen,
             parent: parent, depth: depth, clips: clips, opacity: opacity, dimmed: dimmed, label: label,
             content: content, isView: isView, interactive: false, drawn: drawn)
  }

  /// Draws a frozen tree's root (its background and sublayers) directly in
  /// the snapshot's bounds: the source's own placement is not part of a snapshot.
  private mutating func addFrozenRoot(_ root: FrozenLayer, state: LayerState, toScreen: Homography, parent: Int,
                                      depth: Int, clips: [[CGPoint]], opacity: Double, dimmed: Bool) {
    var rootState = state
    rootState.transform = CATransform3DIdentity
    rootState.anchorPoint = .zero
    rootState.position = rootState.bounds.origin
    rootState.opacity = 1
    addState(&rootState, layer: nil, frozen: root, parentState: nil, parentToScreen: toScreen, parent: parent,
             depth: depth, clips: clips, opacity: opacity, dimmed: dimmed, label: root.label ?? "snapshot",
             content: nil, isView: root.label != nil, interactive: false)
  }

  static func corners(of r: CGRect) -> [CGPoint] {
    [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
     CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
  }

  /// Positive for a quad wound as the untransformed bounds are (clockwise on screen).
  static func signedArea(_ q: [CGPoint]) -> Double {
    var sum = 0.0
    for i in q.indices {
      let a = q[i], b = q[(i + 1) % q.count]
      sum += Double(a.x * b.y - b.x * a.y)
    }
    return sum / 2
  }

  /// A short, deterministic description of a transform.
  static func summary(of t: CATransform3D) -> String {
    if CATransform3DIsIdentity(t) { return "identity" }
    guard CATransform3DIsAffine(t) else { return "3D" }
    let a = CATransform3DGetAffineTransform(t)
    var parts: [String] = []
    // The y scale carries the determinant's sign, so that a mirrored layer
    // reads "scale 0.113x-0.016" (a flip about x reads as a turn of 180°
    // and a y scale of -1: the same transform).
    let sx = (Double(a.a * a.a + a.b * a.b)).squareRoot()
    let mirrored = Double(a.a * a.d - a.b * a.c) < 0
    let sy = (Double(a.c * a.c + a.d * a.d)).squareRoot() * (mirrored ? -1 : 1)
    let angle = atan2(Double(a.b), Double(a.a)) * 180 / .pi
    if abs(a.tx) > 1e-9 || abs(a.ty) > 1e-9 { parts.append("translate \(format(Double(a.tx))),\(format(Double(a.ty)))") }
    if abs(angle) > 1e-6 { parts.append("rotate \(format(angle))deg") }
    if abs(sx - 1) > 1e-9 || abs(sy - 1) > 1e-9 {
      parts.append(abs(sx - sy) < 1e-9 ? "scale \(format(sx))" : "scale \(format(sx))x\(format(sy))")
    }
    return parts.isEmpty ? "identity" : parts.joined(separator: ", ")
  }
}
