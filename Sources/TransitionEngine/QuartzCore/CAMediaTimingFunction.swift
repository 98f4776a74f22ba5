// A model of Core Animation's CAMediaTimingFunction: a cubic Bézier curve
// from (0, 0) to (1, 1) that maps an animation's linear time fraction (x)
// to its progress (y).

// MARK: - CAMediaTimingFunctionName

/// The name of one of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  /// The string value of the name (for example "easeInEaseOut").
  public var rawValue: String

  /// Creates a name from its string value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Linear pacing: control points (0, 0) and (1, 1).
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// Ease-in pacing: control points (0.42, 0) and (1, 1).
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// Ease-out pacing: control points (0, 0) and (0.58, 1).
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// Ease-in-ease-out pacing: control points (0.42, 0) and (0.58, 1).
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// The system default: control points (0.25, 0.1) and (0.25, 1).
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

// MARK: - CAMediaTimingFunction

/// A function that defines the pacing of an animation as a cubic Bézier curve.
///
/// The curve runs from (0, 0) through the control points c1 and c2 to
/// (1, 1). Control-point values come from Apple's CAMediaTimingFunction
/// documentation for each predefined name.
open class CAMediaTimingFunction: NSObject {
  // The four numbers as given (getControlPoint returns these).
  private let c1x: Float
  private let c1y: Float
  private let c2x: Float
  private let c2y: Float
  private let name: CAMediaTimingFunctionName?

  // Power-basis coefficients: x(s) = ((ax·s + bx)·s + cx)·s, same for y.
  private let ax: Double, bx: Double, cx: Double
  private let ay: Double, by: Double, cy: Double
  // y(s) ≡ x(s) (control points on the diagonal): progress is the identity.
  private let isLinear: Bool

  /// Creates one of the predefined timing functions.
  public convenience init(name: CAMediaTimingFunctionName) {
    let points: (Float, Float, Float, Float)
    switch name {
    case .linear: points = (0, 0, 1, 1)
    case .easeIn: points = (0.42, 0, 1, 1)
    case .easeOut: points = (0, 0, 0.58, 1)
    case .easeInEaseOut: points = (0.42, 0, 0.58, 1)
    default: points = (0.25, 0.1, 0.25, 1)  // .default, and unknown names
    }
    self.init(points.0, points.1, points.2, points.3, name: name)
  }

  /// Creates a timing function from the two inner control points of the curve.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
    self.name = nil
    (ax, bx, cx, ay, by, cy, isLinear) = Self.coefficients(c1x, c1y, c2x, c2y)
    super.init()
  }

  private init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float, name: CAMediaTimingFunctionName) {
    (self.c1x, self.c1y, self.c2x, self.c2y) = (c1x, c1y, c2x, c2y)
    self.name = name
    (ax, bx, cx, ay, by, cy, isLinear) = Self.coefficients(c1x, c1y, c2x, c2y)
    super.init()
  }

  /// Power-basis coefficients of the Bézier polynomials. The x coordinates
  /// are clamped to [0, 1] so that x(s) is monotonic and the curve is a
  /// function of time (as CSS requires of cubic-bezier()).
  private static func coefficients(
    _ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float
  ) -> (Double, Double, Double, Double, Double, Double, Bool) {
    let x1 = min(max(Double(c1x), 0), 1), x2 = min(max(Double(c2x), 0), 1)
    let y1 = Double(c1y), y2 = Double(c2y)
    // B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³ = (1 − 3p2 + 3p1)s³ + (3p2 − 6p1)s² + 3p1·s.
    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
    return (ax, bx, cx, ay, by, cy, x1 == y1 && x2 == y2)
  }

  /// Writes control point `idx` (0…3) as two Floats into `ptr`.
  ///
  /// Index 0 is (0, 0), 1 and 2 are the inner control points, 3 is (1, 1).
  public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    precondition((0...3).contains(idx), "CAMediaTimingFunction control point index \(idx) out of 0...3")
    switch idx {
    case 0: ptr[0] = 0; ptr[1] = 0
    case 1: ptr[0] = c1x; ptr[1] = c1y
    case 2: ptr[0] = c2x; ptr[1] = c2y
    default: ptr[0] = 1; ptr[1] = 1
    }
  }

  // MARK: Evaluation

  /// The progress (y) at the time fraction `x`: y(s) where x(s) = x.
  ///
  /// `x` is clamped to [0, 1]; s is found by Newton's method from s = x,
  /// falling back to bisection, to |x(s) − x| < 1e-9. Allocation-free.
  final func progress(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if isLinear { return x }
    return sampleY(solveParameter(forX: x))
  }

  @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inline(__always) private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The curve parameter s in [0, 1] with x(s) = x, for x in (0, 1).
  private func solveParameter(forX x: Double) -> Double {
    let tolerance = 1e-9
    // Newton's method: quadratic convergence where x'(s) is not tiny.
    var s = x
    for _ in 0..<8 {
      let error = sampleX(s) - x
      if abs(error) < tolerance { return s }
      let slope = slopeX(s)
      if abs(slope) < 1e-7 { break }
      s -= error / slope
    }
    // Bisection: x(s) is monotonic on [0, 1] because x1, x2 ∈ [0, 1].
    var low = 0.0, high = 1.0
    s = x
    for _ in 0..<64 {
      let value = sampleX(s)
      if abs(value - x) < tolerance { return s }
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return s
  }

  // MARK: NSObject

  /// Two timing functions are equal when their control points are equal.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CAMediaTimingFunction else { return false }
    return c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y
  }

  /// A hash of the control points, consistent with `isEqual(_:)`.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(c1x)
    hasher.combine(c1y)
    hasher.combine(c2x)
    hasher.combine(c2y)
    return hasher.finalize()
  }

  /// The name, if predefined, and the control points.
  open override var description: String {
    let points = "(\(c1x), \(c1y)) (\(c2x), \(c2y))"
    if let name { return "CAMediaTimingFunction \(name.rawValue) \(points)" }
    return "CAMediaTimingFunction \(points)"
  }
}
