import Testing
@testable import TransitionEngine

/// The y of Core Animation's cubic Bézier timing curve at time x, computed
/// independently of the engine: bisection on x(s), then y(s).
func referenceBezier(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
  func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
    3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
  }
  var lo = 0.0, hi = 1.0
  for _ in 0..<200 {
    let mid = (lo + hi) / 2
    if bez(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
  }
  return bez(c1y, c2y, (lo + hi) / 2)
}

/// Float control points, as Core Animation stores them.
func f(_ v: Double) -> Double { Double(Float(v)) }

func expectClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6,
                 sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b)", sourceLocation: sourceLocation)
}

func expectClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: Double = 1e-6,
                 sourceLocation: SourceLocation = #_sourceLocation) {
  expectClose(Double(a), Double(b), tolerance, sourceLocation: sourceLocation)
}

func expectClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-6,
                 sourceLocation: SourceLocation = #_sourceLocation) {
  expectClose(a.x, b.x, tolerance, sourceLocation: sourceLocation)
  expectClose(a.y, b.y, tolerance, sourceLocation: sourceLocation)
}

func expectClose(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-6,
                 sourceLocation: SourceLocation = #_sourceLocation) {
  expectClose(a.origin, b.origin, tolerance, sourceLocation: sourceLocation)
  expectClose(a.width, b.width, tolerance, sourceLocation: sourceLocation)
  expectClose(a.height, b.height, tolerance, sourceLocation: sourceLocation)
}

/// A view's presentation layer, which must exist.
func shown(_ view: UIView) -> CALayer { view.layer.presentation()! }
