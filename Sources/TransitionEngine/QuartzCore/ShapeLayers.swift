// Layers with content of their own: CAShapeLayer (a path, for masks and
// the circular reveal), CAGradientLayer (kept as plain properties),
// CATransformLayer.

/// A layer that draws a path.
open class CAShapeLayer: CALayer {
  var _path: CGPath?
  var _fillColor: CGColor? = CGColor.opaqueBlack
  var _strokeColor: CGColor?
  var _lineWidth: CGFloat = 1
  var _strokeStart: CGFloat = 0
  var _strokeEnd: CGFloat = 1

  /// The path, in the layer's coordinates (animatable: "path").
  open var path: CGPath? {
    get { _path }
    set { change(.path, to: .path(newValue?.elements ?? [])) }
  }
  open var fillColor: CGColor? {
    get { _fillColor }
    set { change(.fillColor, to: .color(newValue?.rgba ?? .clear), color: newValue) }
  }
  open var strokeColor: CGColor? {
    get { _strokeColor }
    set { change(.strokeColor, to: .color(newValue?.rgba ?? .clear), color: newValue) }
  }
  open var lineWidth: CGFloat {
    get { _lineWidth }
    set { change(.lineWidth, to: .scalar(Double(newValue))) }
  }
  open var strokeStart: CGFloat {
    get { _strokeStart }
    set { change(.strokeStart, to: .scalar(Double(newValue))) }
  }
  open var strokeEnd: CGFloat {
    get { _strokeEnd }
    set { change(.strokeEnd, to: .scalar(Double(newValue))) }
  }
  open var fillRule = "non-zero"
  open var lineCap = "butt"
  open var lineJoin = "miter"
  open var lineDashPattern: [NSNumber]?

  override func copyModel(from other: CALayer) {
    super.copyModel(from: other)
    guard let other = other as? CAShapeLayer else { return }
    _path = other._path
    _fillColor = other._fillColor
    _strokeColor = other._strokeColor
    _lineWidth = other._lineWidth
    _strokeStart = other._strokeStart
    _strokeEnd = other._strokeEnd
  }

  override func shapeModelValue(_ key: LayerKey) -> AnimatableValue {
    switch key {
    case .path: return .path(_path?.elements ?? [])
    case .fillColor: return .color(_fillColor?.rgba ?? .clear)
    case .strokeColor: return .color(_strokeColor?.rgba ?? .clear)
    case .lineWidth: return .scalar(Double(_lineWidth))
    case .strokeStart: return .scalar(Double(_strokeStart))
    case .strokeEnd: return .scalar(Double(_strokeEnd))
    default: return .scalar(0)
    }
  }

  override func setShapeModelValue(_ key: LayerKey, _ value: AnimatableValue, color: CGColor?) {
    switch (key, value) {
    case (.path, .path(let e)): _path = e.isEmpty ? nil : CGPath(elements: e)
    case (.fillColor, .color(let c)): _fillColor = color ?? (c == .clear ? nil : CGColor(rgba: c))
    case (.strokeColor, .color(let c)): _strokeColor = color ?? (c == .clear ? nil : CGColor(rgba: c))
    case (.lineWidth, .scalar(let v)): _lineWidth = CGFloat(v)
    case (.strokeStart, .scalar(let v)): _strokeStart = CGFloat(v)
    case (.strokeEnd, .scalar(let v)): _strokeEnd = CGFloat(v)
    default: break
    }
  }
}

/// A layer that draws a gradient (colours kept; diagrams fill it with its first colour).
open class CAGradientLayer: CALayer {
  open var colors: [Any]? {
    didSet {
      Simulation.current.notModelled("CAGradientLayer", instead: "no gradient is drawn: films fill the layer with its first colour")
    }
  }
  open var locations: [NSNumber]?
  open var startPoint = CGPoint(x: 0.5, y: 0)
  open var endPoint = CGPoint(x: 0.5, y: 1)
  open var type = "axial"
}

/// A layer that does not flatten its sublayers (kept for API compatibility;
/// the engine flattens every layer).
open class CATransformLayer: CALayer {}
