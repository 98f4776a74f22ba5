// UIBezierPath: UIKit's vector path over Core Graphics' `CGPath`
// (CoreGraphics/CGPath.swift); `cgPath` feeds `CAShapeLayer` and masks.

/// A vector path, as UIKit's `UIBezierPath`; `cgPath` feeds `CAShapeLayer`.
open class UIBezierPath: NSObject {
  private var path: CGMutablePath

  /// The path as a Core Graphics path.
  open var cgPath: CGPath {
    get { CGPath(elements: path.elements) }
    set { path = CGMutablePath(elements: newValue.elements) }
  }

  /// Stroke width (kept for API compatibility; the engine does not stroke).
  open var lineWidth: CGFloat = 1

  /// An empty path.
  public override init() {
    path = CGMutablePath()
    super.init()
  }

  /// A rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    path.addRect(rect)
  }

  /// An oval inscribed in `rect`.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    path.addEllipse(in: rect)
  }

  /// A rounded rectangle.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
  }

  /// An arc of a circle.
  public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                          endAngle: CGFloat, clockwise: Bool) {
    self.init()
    path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: !clockwise)
  }

  /// A path wrapping a Core Graphics path.
  public convenience init(cgPath: CGPath) {
    self.init()
    path = CGMutablePath(elements: cgPath.elements)
  }

  /// Starts a new subpath.
  open func move(to point: CGPoint) { path.move(to: point) }
  /// Adds a straight line.
  open func addLine(to point: CGPoint) { path.addLine(to: point) }
  /// Adds a cubic curve.
  open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
  }
  /// Adds a quadratic curve.
  open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
    path.addQuadCurve(to: end, control: controlPoint)
  }
  /// Adds an arc.
  open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat,
                   endAngle: CGFloat, clockwise: Bool) {
    path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: !clockwise)
  }
  /// Closes the current subpath.
  open func close() { path.closeSubpath() }
  /// Appends another path.
  open func append(_ other: UIBezierPath) { path.addPath(other.cgPath) }
  /// Applies an affine transform to every point.
  open func apply(_ transform: CGAffineTransform) {
    path = CGMutablePath(elements: path.elements.map { $0.mapPoints { $0.applying(transform) } })
  }
  /// Removes every element.
  open func removeAllPoints() { path = CGMutablePath() }
  /// The bounding box, control points included.
  open var bounds: CGRect { path.boundingBox }
  /// True when the path has no elements.
  open var isEmpty: Bool { path.isEmpty }
  /// Whether the point is inside the path.
  open func contains(_ point: CGPoint) -> Bool { path.contains(point) }
}
