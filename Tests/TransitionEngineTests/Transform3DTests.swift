import Testing
@testable import TransitionEngine

// Tests for CATransform3D: the QuartzCore functions (row-vector convention,
// Concat(a, b) = a·b, Translate/Scale/Rotate = op·t), perspective, inversion
// and the decomposing interpolation used for `transform` animations.

@Suite("CATransform3D")
struct Transform3DTests {
  // MARK: - Helpers

  private func entries(_ t: CATransform3D) -> [Double] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
  }

  private func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-12) -> Bool {
    zip(entries(a), entries(b)).allSatisfy { abs($0 - $1) <= tolerance }
  }

  private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
  }

  /// Transforms the point (x, y, z) and divides by w.
  private func project(_ t: CATransform3D, _ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
    let v = t.transform(Vector4(x: x, y: y, z: z, w: 1))
    return (v.x / v.w, v.y / v.w, v.z / v.w)
  }

  /// Rodrigues' rotation formula, independent of the matrix code:
  /// v' = v·cosθ + (k × v)·sinθ + k·(k·v)·(1 − cosθ), k the unit axis.
  private func rodrigues(
    _ v: (Double, Double, Double), angle: Double, axis: (Double, Double, Double)
  ) -> (Double, Double, Double) {
    let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
    let k = (axis.0 / n, axis.1 / n, axis.2 / n)
    let cross = (k.1 * v.2 - k.2 * v.1, k.2 * v.0 - k.0 * v.2, k.0 * v.1 - k.1 * v.0)
    let dot = k.0 * v.0 + k.1 * v.1 + k.2 * v.2
    let c = cos(angle), s = sin(angle)
    return (v.0 * c + cross.0 * s + k.0 * dot * (1 - c),
            v.1 * c + cross.1 * s + k.1 * dot * (1 - c),
            v.2 * c + cross.2 * s + k.2 * dot * (1 - c))
  }

  /// A general matrix with rotation, non-uniform scale, shear, translation and perspective.
  private let general: CATransform3D = {
    var shear = CATransform3DIdentity
    shear.m21 = 0.3  // x += 0.3·y
    shear.m31 = -0.2
    shear.m32 = 0.1
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    perspective.m14 = 0.0004
    let rotation = CATransform3DMakeRotation(0.9, 1, -2, 0.5)
    return CATransform3DMakeScale(1.5, 0.8, 2) * shear * rotation
      * CATransform3DMakeTranslation(40, -25, 12) * perspective
  }()

  // MARK: - Identity, zero, equality

  @Test func defaultInitIsAllZerosAndIdentityIsIdentity() {
    #expect(entries(CATransform3D()).allSatisfy { $0 == 0 })
    #expect(entries(CATransform3DIdentity) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(!CATransform3DIsIdentity(CATransform3D()))
    #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeScale(2, 2, 2)))
    #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeScale(2, 2, 1)))
    #expect(Set([CATransform3DIdentity, CATransform3DIdentity, CATransform3D()]).count == 2)
  }

  @Test func makersPutValuesWhereAppleDoes() {
    let t = CATransform3DMakeTranslation(4, 5, 6)
    #expect(t.m41 == 4 && t.m42 == 5 && t.m43 == 6 && t.m44 == 1 && t.m11 == 1)
    let s = CATransform3DMakeScale(2, 3, 4)
    #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1 && s.m41 == 0)
  }

  // MARK: - Rotation

  @Test func rotationMatchesTheHeaderFormula() {
    let angle = 0.7
    let (x, y, z) = (1.0 / 14.0.squareRoot(), 2.0 / 14.0.squareRoot(), 3.0 / 14.0.squareRoot())
    let c = cos(angle), s = sin(angle), t = 1 - c
    let r = CATransform3DMakeRotation(CGFloat(angle), 1, 2, 3)  // axis normalised inside
    let expected: [Double] = [
      t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
      t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
      t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
      0, 0, 0, 1,
    ]
    #expect(zip(entries(r), expected).allSatisfy { abs($0 - $1) <= 1e-15 })
  }

  @Test func rotationAgreesWithRodrigues() {
    let axis = (0.3, -1.2, 0.8)
    for angle in [0.0, 0.5, -1.3, 2.9, .pi] {
      let r = CATransform3DMakeRotation(CGFloat(angle), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
      for v in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (2.0, -3.0, 5.0)] {
        let expected = rodrigues(v, angle: angle, axis: axis)
        let got = r.transform(Vector4(x: v.0, y: v.1, z: v.2, w: 0))
        #expect(close(got.x, expected.0, 1e-12) && close(got.y, expected.1, 1e-12) && close(got.z, expected.2, 1e-12))
        #expect(got.w == 0)
      }
    }
  }

  @Test func rotationAboutZEqualsTheAffineRotation() {
    for angle: CGFloat in [0, 0.3, 1, .pi / 2, 2.2, .pi, -2.7, 4] {
      let r3 = CATransform3DMakeRotation(angle, 0, 0, 1)
      #expect(r3 == CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle)))
      #expect(CATransform3DIsAffine(r3))
    }
    // Unnormalised z axis gives the same rotation.
    #expect(close(CATransform3DMakeRotation(0.4, 0, 0, 5), CATransform3DMakeRotation(0.4, 0, 0, 1)))
  }

  @Test func rotationWithZeroAxisIsIdentity() {
    #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    let t = CATransform3DMakeTranslation(1, 2, 3)
    #expect(CATransform3DRotate(t, 1, 0, 0, 0) == t)
  }

  @Test func rotationAboutXAndYMoveTheExpectedAxes() {
    // +90° about x sends y to z; +90° about y sends z to x (right-handed).
    let (x1, y1, z1) = project(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 0, 1, 0)
    #expect(close(x1, 0) && close(y1, 0) && close(z1, 1))
    let (x2, y2, z2) = project(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0, 0, 1)
    #expect(close(x2, 1) && close(y2, 0) && close(z2, 0))
  }

  // MARK: - Composition order

  @Test func concatAppliesTheFirstArgumentFirst() {
    let scale = CATransform3DMakeScale(2, 2, 2)
    let move = CATransform3DMakeTranslation(10, 0, 0)
    let (ax, ay, az) = project(CATransform3DConcat(scale, move), 1, 1, 1)
    #expect(ax == 12 && ay == 2 && az == 2)
    let (bx, by, bz) = project(CATransform3DConcat(move, scale), 1, 1, 1)
    #expect(bx == 22 && by == 2 && bz == 2)
    #expect(CATransform3DConcat(scale, move) == scale * move)
  }

  @Test func translateScaleRotatePrependTheNewOperation() {
    let t = general
    #expect(CATransform3DTranslate(t, 3, -4, 5) == CATransform3DConcat(CATransform3DMakeTranslation(3, -4, 5), t))
    #expect(CATransform3DScale(t, 2, 0.5, 3) == CATransform3DConcat(CATransform3DMakeScale(2, 0.5, 3), t))
    #expect(CATransform3DRotate(t, 0.8, 1, 1, 0) == CATransform3DConcat(CATransform3DMakeRotation(0.8, 1, 1, 0), t))

    // Numbers: rotate in local space first, then the existing translation.
    let moved = CATransform3DMakeTranslation(100, 0, 0)
    let (x, y, z) = project(CATransform3DRotate(moved, .pi / 2, 0, 0, 1), 1, 0, 0)
    #expect(close(x, 100) && close(y, 1) && close(z, 0))
    // Translate applies before the existing scale: (1 + 10)·2.
    let (sx, sy, _) = project(CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0), 1, 1, 1)
    #expect(sx == 22 && sy == 2)
  }

  @Test func productMatchesExplicitSum() {
    let a = general
    let b = CATransform3DMakeRotation(0.3, 0, 1, 1) * CATransform3DMakeTranslation(1, 2, 3)
    let p = a * b
    let ea = entries(a), eb = entries(b), ep = entries(p)
    for i in 0..<4 {
      for j in 0..<4 {
        let sum = (0..<4).reduce(0.0) { $0 + ea[i * 4 + $1] * eb[$1 * 4 + j] }
        #expect(close(ep[i * 4 + j], sum, 1e-12))
      }
    }
  }

  // MARK: - Perspective

  @Test func perspectiveDividesByW() {
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    // w' = z·m34 + 1 = 100·(−1/500) + 1 = 0.8 (the point is nearer the eye).
    let v = p.transform(Vector4(x: 100, y: 50, z: 100, w: 1))
    #expect(close(v.w, 0.8))
    #expect(close(v.x / v.w, 125) && close(v.y / v.w, 62.5))
  }

  @Test func rotatedLayerUnderPerspectiveShrinksItsFarEdge() {
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    let t = CATransform3DRotate(p, .pi / 4, 0, 1, 0)  // rotation first, then perspective
    let s = sin(Double.pi / 4), c = cos(Double.pi / 4)
    // (100, 0, 0) → (100c, 0, −100s); w = 1 + 100s/500.
    let (x, _, _) = project(t, 100, 0, 0)
    #expect(close(x, 100 * c / (1 + 100 * s / 500)))
    #expect(close(x, 61.95, 0.01))
    let (xl, _, _) = project(t, -100, 0, 0)
    #expect(close(xl, -100 * c / (1 - 100 * s / 500)))
  }

  // MARK: - Inversion

  @Test func invertTimesOriginalIsIdentity() {
    let inverse = CATransform3DInvert(general)
    #expect(close(CATransform3DConcat(inverse, general), CATransform3DIdentity, 1e-12))
    #expect(close(CATransform3DConcat(general, inverse), CATransform3DIdentity, 1e-12))
    #expect(close(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)), CATransform3DMakeScale(0.5, 0.25, 0.125)))
    #expect(close(CATransform3DInvert(CATransform3DMakeTranslation(3, -4, 5)), CATransform3DMakeTranslation(-3, 4, -5)))
    let r = CATransform3DMakeRotation(0.6, 1, 2, 2)
    #expect(close(CATransform3DInvert(r), CATransform3DMakeRotation(-0.6, 1, 2, 2), 1e-15))
  }

  @Test func invertingASingularMatrixReturnsItUnchanged() {
    let flat = CATransform3DTranslate(CATransform3DMakeScale(1, 0, 1), 5, 6, 7)
    #expect(CATransform3DInvert(flat) == flat)
    #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
  }

  // MARK: - Affine transforms

  @Test func affineRoundTripAndDetection() {
    let affine = CGAffineTransform(a: 1.5, b: 0.5, c: -0.25, d: 2, tx: 30, ty: -12)
    let t = CATransform3DMakeAffineTransform(affine)
    #expect(entries(t) == [1.5, 0.5, 0, 0, -0.25, 2, 0, 0, 0, 0, 1, 0, 30, -12, 0, 1])
    #expect(CATransform3DIsAffine(t))
    #expect(CATransform3DGetAffineTransform(t) == affine)

    var p = t
    p.m34 = -0.002
    #expect(!CATransform3DIsAffine(p))
    #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 1, 0, 0)))
    #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
    #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))

    // Concatenation agrees with the affine product.
    let other = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
    #expect(close(CATransform3DConcat(t, CATransform3DMakeAffineTransform(other)),
                  CATransform3DMakeAffineTransform(affine.concatenating(other))))
  }

  // MARK: - Interpolation

  @Test func interpolationEndpointsAreExact() {
    let a = general
    let b = CATransform3DMakeRotation(2, 0, 1, 0)
    #expect(CATransform3D.interpolate(from: a, to: b, fraction: 0) == a)
    #expect(CATransform3D.interpolate(from: a, to: b, fraction: 1) == b)
    #expect(CATransform3D.interpolate(from: a, to: a, fraction: 0.37) == a)
    #expect(CATransform3D.interpolate(from: a, to: a, fraction: 1.3) == a)
  }

  @Test func interpolatesRotationsAlongTheArc() {
    let to = CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)
    let half = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 0.5)
    #expect(close(half, CATransform3DMakeRotation(-.pi / 4, 1, 0, 0)))
    let quarter = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 0.25)
    #expect(close(quarter, CATransform3DMakeRotation(-.pi / 8, 1, 0, 0)))
    // Spring overshoot extrapolates the angle: 1.2 · −90° = −108°.
    let over = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 1.2)
    #expect(close(over, CATransform3DMakeRotation(-0.6 * .pi, 1, 0, 0)))
    // And undershoot: −0.2 · −90° = +18°.
    let under = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: -0.2)
    #expect(close(under, CATransform3DMakeRotation(0.1 * .pi, 1, 0, 0)))
  }

  @Test func interpolatesBetweenTwoRotationsAboutAGeneralAxis() {
    let from = CATransform3DMakeRotation(0.2, 1, 1, 1)
    let to = CATransform3DMakeRotation(1.4, 1, 1, 1)
    let mid = CATransform3D.interpolate(from: from, to: to, fraction: 0.25)
    #expect(close(mid, CATransform3DMakeRotation(0.5, 1, 1, 1)))
  }

  @Test func rotationTakesTheShorterArc() {
    // 270° about z is the same matrix as −90°: the animation turns by −45° at half way.
    let to = CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)
    let half = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 0.5)
    #expect(close(half, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)))
  }

  @Test func interpolatesScalesAndTranslationsLinearly() {
    let scale = CATransform3DMakeScale(2, 2, 2)
    #expect(close(CATransform3D.interpolate(from: CATransform3DIdentity, to: scale, fraction: 0.5),
                  CATransform3DMakeScale(1.5, 1.5, 1.5)))
    #expect(close(CATransform3D.interpolate(from: CATransform3DIdentity, to: scale, fraction: 0.25),
                  CATransform3DMakeScale(1.25, 1.25, 1.25)))
    #expect(close(CATransform3D.interpolate(from: CATransform3DIdentity, to: scale, fraction: 1.2),
                  CATransform3DMakeScale(2.2, 2.2, 2.2)))
    let move = CATransform3DMakeTranslation(100, -40, 10)
    #expect(close(CATransform3D.interpolate(from: CATransform3DIdentity, to: move, fraction: 0.25),
                  CATransform3DMakeTranslation(25, -10, 2.5)))
    #expect(close(CATransform3D.interpolate(from: CATransform3DIdentity, to: move, fraction: 1.2),
                  CATransform3DMakeTranslation(120, -48, 12), 1e-12))
  }

  @Test func interpolatesACombinedTransformPartByPart() {
    // to = scale(2) → rotate 90° about z → translate (100, 50): parts interpolate separately.
    let to = CATransform3DMakeScale(2, 2, 1) * CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
      * CATransform3DMakeTranslation(100, 50, 0)
    let half = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 0.5)
    let expected = CATransform3DMakeScale(1.5, 1.5, 1) * CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
      * CATransform3DMakeTranslation(50, 25, 0)
    #expect(close(half, expected))
    // A 2D animation stays exactly 2D.
    #expect(CATransform3DIsAffine(half))
    let over = CATransform3D.interpolate(from: CATransform3DIdentity, to: to, fraction: 1.2)
    let expectedOver = CATransform3DMakeScale(2.2, 2.2, 1) * CATransform3DMakeRotation(0.6 * .pi, 0, 0, 1)
      * CATransform3DMakeTranslation(120, 60, 0)
    #expect(close(over, expectedOver, 1e-12))
  }

  @Test func negatingBothScalesAnimatesAsAHalfTurn() {
    // scale(−6, −6) is scale 6 plus a 180° turn about z (det > 0), so the
    // decomposition rotates rather than shrinking through zero (the
    // behaviour UIKit users report for this animation).
    let from = CATransform3DMakeScale(6, 6, 1)
    let to = CATransform3DMakeScale(-6, -6, 1)
    let half = CATransform3D.interpolate(from: from, to: to, fraction: 0.5)
    #expect(close(half, CATransform3DMakeScale(6, 6, 1) * CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
  }

  @Test func interpolatesUnderAConstantPerspective() {
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    let to = CATransform3DRotate(p, .pi / 2, 0, 1, 0)
    let half = CATransform3D.interpolate(from: p, to: to, fraction: 0.5)
    #expect(close(half, CATransform3DRotate(p, .pi / 4, 0, 1, 0)))
  }

  @Test func decompositionRoundTripsGeneralAndFlippedMatrices() {
    // A fraction of 1e-15 returns (almost) the recomposed `from`.
    var flipped = CATransform3DMakeScale(-1, 1, 1)
    flipped = CATransform3DTranslate(flipped, 5, 6, 7)
    for m in [general, flipped, CATransform3DMakeScale(1, -2, 3), CATransform3DMakeRotation(.pi, 1, 1, 0)] {
      let almostFrom = CATransform3D.interpolate(from: m, to: CATransform3DIdentity, fraction: 1e-15)
      #expect(close(almostFrom, m, 1e-9))
      let almostTo = CATransform3D.interpolate(from: CATransform3DIdentity, to: m, fraction: 1 - 1e-15)
      #expect(close(almostTo, m, 1e-9))
    }
  }

  @Test func singularMatricesFallBackToEntrywiseInterpolation() {
    let flat = CATransform3DMakeScale(0, 0, 1)
    let half = CATransform3D.interpolate(from: flat, to: CATransform3DIdentity, fraction: 0.5)
    #expect(half == CATransform3DMakeScale(0.5, 0.5, 1))
    let over = CATransform3D.interpolate(from: flat, to: CATransform3DIdentity, fraction: 1.2)
    #expect(close(over, CATransform3DMakeScale(1.2, 1.2, 1)))
  }
}
