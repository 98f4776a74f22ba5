// CGPath and CGMutablePath: vector paths for CAShapeLayer and layer masks
// (the circular-reveal transition animates one); UIKit's UIBezierPath
// (UIKit/UIBezierPath.swift) wraps one.
//
// A path is a list of elements. Ovals and arcs are stored as cubic Bézier
// segments (as Core Graphics does), so two ovals interpolate point by point
// when a "path" animation runs between them.

// MARK: - Elements

/// One element of a path, with its points.
public enum CGPathElementKind: Equatable, Hashable {
  case moveToPoint(CGPoint)
  case addLineToPoint(CGPoint)
  case addQuadCurveToPoint(control: CGPoint, end: CGPoint)
  case addCurveToPoint(control1: CGPoint, control2: CGPoint, end: CGPoint)
  case closeSubpath

  var points: [CGPoint] {
    switch self {
    case .moveToPoint(let p), .addLineToPoint(let p): return [p]
    case .addQuadCurveToPoint(let c, let e): return [c, e]
    case .addCurveToPoint(let c1, let c2, let e): return [c1, c2, e]
    case .closeSubpath: return []
    }
  }

  func mapPoints(_ f: (CGPoint) -> CGPoint) -> CGPathElementKind {
    switch self {
    case .moveToPoint(let p): return .moveToPoint(f(p))
    case .addLineToPoint(let p): return .addLineToPoint(f(p))
    case .addQuadCurveToPoint(let c, let e): return .addQuadCurveToPoint(control: f(c), end: f(e))
    case .addCurveToPoint(let c1, let c2, let e):
      return .addCurveToPoint(control1: f(c1), control2: f(c2), end: f(e))
    case .closeSubpath: return .closeSubpath
    }
  }
}

// MARK: - CGPath

/// An immutable path, as Core Graphics' `CGPath`.
public class CGPath: Equatable, Hashable {
  var elements: [CGPathElementKind]

  init(elements: [CGPathElementKind]) { self.elements = elements }

  /// A path that is a rectangle.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addRect(rect, transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// A path that is an ellipse inscribed in `rect`.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// A rounded rectangle.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    let path = CGMutablePath()
    path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                        transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// True when the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  /// The smallest rectangle containing every point of the path, control points included.
  public var boundingBox: CGRect {
    let points = elements.flatMap(\.points)
    guard let first = points.first else { return .null }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in points.dropFirst() {
      minX = min(minX, p.x); maxX = max(maxX, p.x)
      minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The bounding box of the curve itself (sampled), without control points.
  public var boundingBoxOfPath: CGRect {
    let polygon = flattened(segmentsPerCurve: 16).flatMap { $0 }
    guard let first = polygon.first else { return .null }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in polygon.dropFirst() {
      minX = min(minX, p.x); maxX = max(maxX, p.x)
      minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The path as polygons (one per subpath), curves sampled into line segments.
  func flattened(segmentsPerCurve n: Int = 8) -> [[CGPoint]] {
    var result: [[CGPoint]] = []
    var current: [CGPoint] = []
    var last = CGPoint.zero
    for element in elements {
      switch element {
      case .moveToPoint(let p):
        if current.count > 1 { result.append(current) }
        current = [p]; last = p
      case .addLineToPoint(let p):
        if current.isEmpty { current = [last] }
        current.append(p); last = p
      case .addQuadCurveToPoint(let c, let e):
        if current.isEmpty { current = [last] }
        for i in 1...n {
          let t = CGFloat(i) / CGFloat(n), u = 1 - t
          current.append(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * e.x,
                                 y: u * u * last.y + 2 * u * t * c.y + t * t * e.y))
        }
        last = e
      case .addCurveToPoint(let c1, let c2, let e):
        if current.isEmpty { current = [last] }
        for i in 1...n {
          let t = CGFloat(i) / CGFloat(n), u = 1 - t
          let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
          current.append(CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * e.x,
                                 y: a * last.y + b * c1.y + c * c2.y + d * e.y))
        }
        last = e
      case .closeSubpath:
        if current.count > 1 { result.append(current) }
        if let start = current.first { last = start }
        current = []
      }
    }
    if current.count > 1 { result.append(current) }
    return result
  }

  /// Whether `point` is inside the path (non-zero winding of the flattened path).
  public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                       transform: CGAffineTransform = .identity) -> Bool {
    let p = point.applying(transform.inverted())
    var winding = 0
    var crossings = 0
    for polygon in flattened() {
      for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        if (a.y <= p.y) != (b.y <= p.y) {
          let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
          if x > p.x {
            crossings += 1
            winding += b.y > a.y ? 1 : -1
          }
        }
      }
    }
    return rule == .evenOdd ? crossings % 2 == 1 : winding != 0
  }

  /// A mutable copy of the path.
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

  /// An immutable copy of the path.
  public func copy() -> CGPath? { CGPath(elements: elements) }

  public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

/// How a path's interior is decided.
public enum CGPathFillRule: Int {
  case winding
  case evenOdd
}

// MARK: - CGMutablePath

/// A path under construction, as Core Graphics' `CGMutablePath`.
public final class CGMutablePath: CGPath {
  /// An empty path.
  public convenience init() { self.init(elements: []) }

  override init(elements: [CGPathElementKind]) { super.init(elements: elements) }

  private var currentPoint: CGPoint {
    for element in elements.reversed() {
      switch element {
      case .moveToPoint(let p), .addLineToPoint(let p): return p
      case .addQuadCurveToPoint(_, let e), .addCurveToPoint(_, _, let e): return e
      case .closeSubpath: continue
      }
    }
    return .zero
  }

  /// Starts a new subpath at `point`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    elements.append(.moveToPoint(point.applying(transform)))
  }

  /// Adds a straight line to `point`.
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    elements.append(.addLineToPoint(point.applying(transform)))
  }

  /// Adds a quadratic Bézier curve.
  public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
    elements.append(.addQuadCurveToPoint(control: control.applying(transform), end: end.applying(transform)))
  }

  /// Adds a cubic Bézier curve.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                       transform: CGAffineTransform = .identity) {
    elements.append(.addCurveToPoint(control1: control1.applying(transform),
                                     control2: control2.applying(transform), end: end.applying(transform)))
  }

  /// Closes the current subpath.
  public func closeSubpath() { elements.append(.closeSubpath) }

  /// Adds a rectangle as a closed subpath, clockwise from its origin.
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
    addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
    closeSubpath()
  }

  /// Adds an ellipse inscribed in `rect` as four cubic curves.
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    addArcSegments(center: CGPoint(x: r.midX, y: r.midY), radiusX: r.width / 2, radiusY: r.height / 2,
                   start: 0, end: 2 * .pi, clockwise: true, transform: transform, startWithMove: true)
    closeSubpath()
  }

  /// Adds a rounded rectangle.
  public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                             transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    let rx = min(cornerWidth, r.width / 2), ry = min(cornerHeight, r.height / 2)
    guard rx > 0, ry > 0 else { addRect(r, transform: transform); return }
    move(to: CGPoint(x: r.minX + rx, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX - rx, y: r.minY), transform: transform)
    addArcSegments(center: CGPoint(x: r.maxX - rx, y: r.minY + ry), radiusX: rx, radiusY: ry,
                   start: -.pi / 2, end: 0, clockwise: true, transform: transform, startWithMove: false)
    addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry), transform: transform)
    addArcSegments(center: CGPoint(x: r.maxX - rx, y: r.maxY - ry), radiusX: rx, radiusY: ry,
                   start: 0, end: .pi / 2, clockwise: true, transform: transform, startWithMove: false)
    addLine(to: CGPoint(x: r.minX + rx, y: r.maxY), transform: transform)
    addArcSegments(center: CGPoint(x: r.minX + rx, y: r.maxY - ry), radiusX: rx, radiusY: ry,
                   start: .pi / 2, end: .pi, clockwise: true, transform: transform, startWithMove: false)
    addLine(to: CGPoint(x: r.minX, y: r.minY + ry), transform: transform)
    addArcSegments(center: CGPoint(x: r.minX + rx, y: r.minY + ry), radiusX: rx, radiusY: ry,
                   start: .pi, end: 3 * .pi / 2, clockwise: true, transform: transform, startWithMove: false)
    closeSubpath()
  }

  /// Adds an arc. As in Core Graphics, `clockwise == true` means decreasing
  /// angles (clockwise in a y-up space, so counter-clockwise on a UIKit
  /// screen); `UIBezierPath` uses the opposite, on-screen convention.
  public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool, transform: CGAffineTransform = .identity) {
    addArcSegments(center: center, radiusX: radius, radiusY: radius, start: startAngle, end: endAngle,
                   clockwise: !clockwise, transform: transform, startWithMove: elements.isEmpty)
  }

  /// Appends another path's elements.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    elements += path.elements.map { $0.mapPoints { $0.applying(transform) } }
  }

  /// Adds arc segments of at most 90° each as cubic Béziers. `clockwise` is
  /// the on-screen direction (angles increasing).
  func addArcSegments(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, start: CGFloat, end: CGFloat,
                      clockwise: Bool, transform: CGAffineTransform, startWithMove: Bool) {
    var sweep = end - start
    if clockwise {
      while sweep < 0 { sweep += 2 * .pi }
      if sweep > 2 * .pi { sweep = 2 * .pi }
    } else {
      while sweep > 0 { sweep -= 2 * .pi }
      if sweep < -2 * .pi { sweep = -2 * .pi }
    }
    func point(_ angle: CGFloat) -> CGPoint {
      CGPoint(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    }
    let startPoint = point(start)
    if startWithMove { move(to: startPoint, transform: transform) }
    else { addLine(to: startPoint, transform: transform) }
    let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / CGFloat(count)
    let k = 4 / 3 * tan(step / 4)
    var angle = start
    for _ in 0..<count {
      let next = angle + step
      let p0 = point(angle), p3 = point(next)
      let c1 = CGPoint(x: p0.x - k * radiusX * sin(angle), y: p0.y + k * radiusY * cos(angle))
      let c2 = CGPoint(x: p3.x + k * radiusX * sin(next), y: p3.y - k * radiusY * cos(next))
      addCurve(to: p3, control1: c1, control2: c2, transform: transform)
      angle = next
    }
  }
}
