// A model of Core Animation's CATransform3D and the QuartzCore functions
// that build and combine it, named exactly as Swift imports them.
//
// Convention (Apple, CATransform3D.h): points are row vectors and
// p' = p · M, so the translation lives in m41 m42 m43 and the perspective
// divisor is w' = x·m14 + y·m24 + z·m34 + m44. `Concat(a, b)` = a · b
// applies `a` first; `Translate`, `Scale` and `Rotate` put the new
// operation in front (t' = op · t), so it applies first, in local space.

// MARK: - CATransform3D

/// The standard 4×4 transform matrix used throughout Core Animation.
public struct CATransform3D: Equatable, Hashable, Sendable {
  /// Row 1, column 1.
  public var m11: CGFloat
  /// Row 1, column 2.
  public var m12: CGFloat
  /// Row 1, column 3.
  public var m13: CGFloat
  /// Row 1, column 4.
  public var m14: CGFloat
  /// Row 2, column 1.
  public var m21: CGFloat
  /// Row 2, column 2.
  public var m22: CGFloat
  /// Row 2, column 3.
  public var m23: CGFloat
  /// Row 2, column 4.
  public var m24: CGFloat
  /// Row 3, column 1.
  public var m31: CGFloat
  /// Row 3, column 2.
  public var m32: CGFloat
  /// Row 3, column 3.
  public var m33: CGFloat
  /// Row 3, column 4 (perspective: −1/eye distance).
  public var m34: CGFloat
  /// Row 4, column 1 (x translation).
  public var m41: CGFloat
  /// Row 4, column 2 (y translation).
  public var m42: CGFloat
  /// Row 4, column 3 (z translation).
  public var m43: CGFloat
  /// Row 4, column 4.
  public var m44: CGFloat

  /// Creates a matrix whose entries are all zero, as the imported C struct does.
  public init() {
    self.init(
      m11: 0, m12: 0, m13: 0, m14: 0,
      m21: 0, m22: 0, m23: 0, m24: 0,
      m31: 0, m32: 0, m33: 0, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 0)
  }

  /// Creates a matrix with the given entries.
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
    m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
    m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
    self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
    self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
    self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
  }
}

// MARK: - Identity and equality

/// The identity transform: [1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1].
public let CATransform3DIdentity = CATransform3D(
  m11: 1, m12: 0, m13: 0, m14: 0,
  m21: 0, m22: 1, m23: 0, m24: 0,
  m31: 0, m32: 0, m33: 1, m34: 0,
  m41: 0, m42: 0, m43: 0, m44: 1)

/// Returns whether `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
  t == CATransform3DIdentity
}

/// Returns whether the two transforms are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
  a == b
}

// MARK: - Making transforms

/// Returns a transform that translates by (`tx`, `ty`, `tz`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  var t = CATransform3DIdentity
  t.m41 = tx
  t.m42 = ty
  t.m43 = tz
  return t
}

/// Returns a transform that scales by (`sx`, `sy`, `sz`).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  var t = CATransform3DIdentity
  t.m11 = sx
  t.m22 = sy
  t.m33 = sz
  return t
}

/// Returns a transform that rotates by `angle` radians about the vector (`x`, `y`, `z`).
///
/// Source: CATransform3D.h, "If the vector has length zero the identity
/// transform is returned." The axis is normalised; with c = cos, s = sin,
/// t = 1 − c the rotation block is (row-vector convention)
///
///     | t·x·x + c     t·x·y + s·z   t·x·z − s·y |
///     | t·x·y − s·z   t·y·y + c     t·y·z + s·x |
///     | t·x·z + s·y   t·y·z − s·x   t·z·z + c   |
///
/// which about (0, 0, 1) equals `CGAffineTransform(rotationAngle:)`.
public func CATransform3DMakeRotation(
  _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  var ax = Double(x), ay = Double(y), az = Double(z)
  let length = (ax * ax + ay * ay + az * az).squareRoot()
  guard length > 0, length.isFinite else { return CATransform3DIdentity }
  if length != 1 {
    ax /= length
    ay /= length
    az /= length
  }
  let c = cos(Double(angle))
  let s = sin(Double(angle))
  let t = 1 - c
  // The diagonal t·u² + c equals 1 − t·(1 − u²); use the second form for
  // large u so that an exact axis such as (0, 0, 1) yields exactly 1 there
  // (and the rotation stays exactly affine), the first for small u.
  func diagonal(_ u: Double) -> Double {
    let u2 = u * u
    return u2 >= 0.5 ? 1 - t * (1 - u2) : t * u2 + c
  }
  var r = CATransform3DIdentity
  r.m11 = CGFloat(diagonal(ax))
  r.m12 = CGFloat(t * ax * ay + s * az)
  r.m13 = CGFloat(t * ax * az - s * ay)
  r.m21 = CGFloat(t * ax * ay - s * az)
  r.m22 = CGFloat(diagonal(ay))
  r.m23 = CGFloat(t * ay * az + s * ax)
  r.m31 = CGFloat(t * ax * az + s * ay)
  r.m32 = CGFloat(t * ay * az - s * ax)
  r.m33 = CGFloat(diagonal(az))
  return r
}

// MARK: - Combining transforms

/// Returns `t` preceded by a translation: MakeTranslation(tx, ty, tz) · t.
///
/// Source: CATransform3D.h, "t' = translate(tx, ty, tz) * t".
public func CATransform3DTranslate(
  _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
  CATransform3DMakeTranslation(tx, ty, tz) * t
}

/// Returns `t` preceded by a scale: MakeScale(sx, sy, sz) · t.
///
/// Source: CATransform3D.h, "t' = scale(sx, sy, sz) * t".
public func CATransform3DScale(
  _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
  CATransform3DMakeScale(sx, sy, sz) * t
}

/// Returns `t` preceded by a rotation: MakeRotation(angle, x, y, z) · t.
///
/// Source: CATransform3D.h, "t' = rotation(angle, x, y, z) * t". (Apple
/// leaves a zero-length axis undefined; here it leaves `t` unchanged.)
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  CATransform3DMakeRotation(angle, x, y, z) * t
}

/// Returns `a` followed by `b`: the product a · b.
///
/// Source: CATransform3D.h, "Concatenate 'b' to 'a' and return the result:
/// t' = a * b".
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  a * b
}

/// Returns the inverse of `t`, or `t` unchanged if it has no inverse.
///
/// Source: CATransform3D.h, "Returns the original matrix if 't' has no
/// inverse". The matrix counts as singular when its determinant is not
/// finite or is negligible (≤ 1e-14) relative to the product of its row
/// lengths (Hadamard's bound), which is scale-invariant.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
  t.inverse ?? t
}

// MARK: - Affine transforms

/// Returns a transform with the same effect as the affine transform `m`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  var t = CATransform3DIdentity
  t.m11 = m.a
  t.m12 = m.b
  t.m21 = m.c
  t.m22 = m.d
  t.m41 = m.tx
  t.m42 = m.ty
  return t
}

/// Returns whether `t` can be represented exactly by an affine transform.
///
/// True when every entry outside a, b, c, d, tx, ty matches the identity:
/// m13 m14 m23 m24 m31 m32 m34 m43 are 0 and m33, m44 are 1 (the same test
/// WebKit's TransformationMatrix::isAffine makes).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
  t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
    && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
    && t.m43 == 0 && t.m44 == 1
}

/// Returns the affine transform held by `t` (undefined if `t` is not affine).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

// MARK: - Internal: vectors and products

/// A homogeneous point or direction multiplied from the left: v' = v · M.
internal struct Vector4: Equatable {
  var x, y, z, w: Double
}

extension CATransform3D {
  /// Returns the row vector `v` times the matrix (v · M).
  internal func transform(_ v: Vector4) -> Vector4 {
    let m = self
    return Vector4(
      x: v.x * Double(m.m11) + v.y * Double(m.m21) + v.z * Double(m.m31) + v.w * Double(m.m41),
      y: v.x * Double(m.m12) + v.y * Double(m.m22) + v.z * Double(m.m32) + v.w * Double(m.m42),
      z: v.x * Double(m.m13) + v.y * Double(m.m23) + v.z * Double(m.m33) + v.w * Double(m.m43),
      w: v.x * Double(m.m14) + v.y * Double(m.m24) + v.z * Double(m.m34) + v.w * Double(m.m44))
  }

  /// Returns the matrix product lhs · rhs (apply `lhs`, then `rhs`).
  internal static func * (lhs: CATransform3D, rhs: CATransform3D) -> CATransform3D {
    // Each row of the product is that row of `lhs`, as a row vector, times `rhs`.
    func row(
      _ x: CGFloat, _ y: CGFloat, _ z: CGFloat, _ w: CGFloat
    ) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
      (x * rhs.m11 + y * rhs.m21 + z * rhs.m31 + w * rhs.m41,
       x * rhs.m12 + y * rhs.m22 + z * rhs.m32 + w * rhs.m42,
       x * rhs.m13 + y * rhs.m23 + z * rhs.m33 + w * rhs.m43,
       x * rhs.m14 + y * rhs.m24 + z * rhs.m34 + w * rhs.m44)
    }
    let r1 = row(lhs.m11, lhs.m12, lhs.m13, lhs.m14)
    let r2 = row(lhs.m21, lhs.m22, lhs.m23, lhs.m24)
    let r3 = row(lhs.m31, lhs.m32, lhs.m33, lhs.m34)
    let r4 = row(lhs.m41, lhs.m42, lhs.m43, lhs.m44)
    return CATransform3D(
      m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3,
      m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
      m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3,
      m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
  }
}

// MARK: - Internal: inverse

extension CATransform3D {
  /// Whether a determinant is negligible relative to the product of the
  /// lengths of the matrix rows (Hadamard's bound |det| ≤ Π‖row‖).
  fileprivate static func isNegligibleDeterminant(_ det: Double, rowLengthProduct: Double) -> Bool {
    !(det.isFinite && abs(det) > 1e-14 * rowLengthProduct)
  }

  /// The inverse matrix, or nil when the matrix is (numerically) singular.
  ///
  /// Cofactor expansion through 2×2 sub-determinants (Laplace expansion by
  /// the first two rows against the last two).
  fileprivate var inverse: CATransform3D? {
    let a00 = Double(m11), a01 = Double(m12), a02 = Double(m13), a03 = Double(m14)
    let a10 = Double(m21), a11 = Double(m22), a12 = Double(m23), a13 = Double(m24)
    let a20 = Double(m31), a21 = Double(m32), a22 = Double(m33), a23 = Double(m34)
    let a30 = Double(m41), a31 = Double(m42), a32 = Double(m43), a33 = Double(m44)

    let s0 = a00 * a11 - a10 * a01
    let s1 = a00 * a12 - a10 * a02
    let s2 = a00 * a13 - a10 * a03
    let s3 = a01 * a12 - a11 * a02
    let s4 = a01 * a13 - a11 * a03
    let s5 = a02 * a13 - a12 * a03

    let c5 = a22 * a33 - a32 * a23
    let c4 = a21 * a33 - a31 * a23
    let c3 = a21 * a32 - a31 * a22
    let c2 = a20 * a33 - a30 * a23
    let c1 = a20 * a32 - a30 * a22
    let c0 = a20 * a31 - a30 * a21

    let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    func length(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double {
      (x * x + y * y + z * z + w * w).squareRoot()
    }
    let bound = length(a00, a01, a02, a03) * length(a10, a11, a12, a13)
      * length(a20, a21, a22, a23) * length(a30, a31, a32, a33)
    if Self.isNegligibleDeterminant(det, rowLengthProduct: bound) { return nil }

    let inv = CATransform3D(
      m11: CGFloat((a11 * c5 - a12 * c4 + a13 * c3) / det),
      m12: CGFloat((-a01 * c5 + a02 * c4 - a03 * c3) / det),
      m13: CGFloat((a31 * s5 - a32 * s4 + a33 * s3) / det),
      m14: CGFloat((-a21 * s5 + a22 * s4 - a23 * s3) / det),
      m21: CGFloat((-a10 * c5 + a12 * c2 - a13 * c1) / det),
      m22: CGFloat((a00 * c5 - a02 * c2 + a03 * c1) / det),
      m23: CGFloat((-a30 * s5 + a32 * s2 - a33 * s1) / det),
      m24: CGFloat((a20 * s5 - a22 * s2 + a23 * s1) / det),
      m31: CGFloat((a10 * c4 - a11 * c2 + a13 * c0) / det),
      m32: CGFloat((-a00 * c4 + a01 * c2 - a03 * c0) / det),
      m33: CGFloat((a30 * s4 - a31 * s2 + a33 * s0) / det),
      m34: CGFloat((-a20 * s4 + a21 * s2 - a23 * s0) / det),
      m41: CGFloat((-a10 * c3 + a11 * c1 - a12 * c0) / det),
      m42: CGFloat((a00 * c3 - a01 * c1 + a02 * c0) / det),
      m43: CGFloat((-a30 * s3 + a31 * s1 - a32 * s0) / det),
      m44: CGFloat((a20 * s3 - a21 * s1 + a22 * s0) / det))
    return inv
  }
}

// MARK: - Internal: interpolation

extension CATransform3D {
  /// Interpolates between two transforms the way Core Animation animates
  /// `transform`: by decomposing both matrices and interpolating the parts.
  ///
  /// Source: W3C CSS Transforms Level 2, "Interpolation of 3D matrices"
  /// (itself Graphics Gems II, "unmatrix"), in the row-vector convention:
  /// M = scale · skew · rotation · translation · perspective. Translation,
  /// scale, skew and perspective are interpolated linearly and the rotation
  /// quaternion spherically (shortest arc), with formulas that extrapolate
  /// for fractions outside [0, 1] (spring overshoot). Fractions 0 and 1,
  /// and `from == to`, return an endpoint exactly. If either matrix cannot be
  /// decomposed (m44 == 0 or a singular 3×3 part) the entries are
  /// interpolated linearly instead. The decomposition works on M / m44; the
  /// factor m44 is itself interpolated linearly and multiplied back.
  internal static func interpolate(
    from: CATransform3D, to: CATransform3D, fraction: Double
  ) -> CATransform3D {
    if fraction == 0 { return from }
    if fraction == 1 { return to }
    if from == to { return from }
    guard let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) else {
      return lerp(from, to, fraction)
    }
    let result = DecomposedTransform3D.interpolate(a, b, fraction).recomposed()
    // The decomposition normalises m44 to 1. Homogeneous matrices that differ
    // by a factor act identically, but to keep the entries continuous at the
    // endpoints the common factor is interpolated too (when both m44 have the
    // same sign; with m44 == 1 on both sides this multiplies by exactly 1).
    let wa = Double(from.m44), wb = Double(to.m44)
    guard wa != 1 || wb != 1, (wa > 0) == (wb > 0) else { return result }
    return result.multiplied(by: wa + (wb - wa) * fraction)
  }

  /// Every entry multiplied by `factor`.
  private func multiplied(by factor: Double) -> CATransform3D {
    let f = CGFloat(factor)
    return CATransform3D(
      m11: m11 * f, m12: m12 * f, m13: m13 * f, m14: m14 * f,
      m21: m21 * f, m22: m22 * f, m23: m23 * f, m24: m24 * f,
      m31: m31 * f, m32: m32 * f, m33: m33 * f, m34: m34 * f,
      m41: m41 * f, m42: m42 * f, m43: m43 * f, m44: m44 * f)
  }

  /// Entry-by-entry linear interpolation (extrapolates outside [0, 1]).
  private static func lerp(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
    let f = CGFloat(f)
    func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * f }
    return CATransform3D(
      m11: mix(a.m11, b.m11), m12: mix(a.m12, b.m12), m13: mix(a.m13, b.m13), m14: mix(a.m14, b.m14),
      m21: mix(a.m21, b.m21), m22: mix(a.m22, b.m22), m23: mix(a.m23, b.m23), m24: mix(a.m24, b.m24),
      m31: mix(a.m31, b.m31), m32: mix(a.m32, b.m32), m33: mix(a.m33, b.m33), m34: mix(a.m34, b.m34),
      m41: mix(a.m41, b.m41), m42: mix(a.m42, b.m42), m43: mix(a.m43, b.m43), m44: mix(a.m44, b.m44))
  }
}

// MARK: - Decomposition helpers

// Nested in CATransform3D so that these helper names cannot collide with
// other files of the module.
extension CATransform3D {
  /// A 3-component vector used by the decomposition.
  fileprivate struct Vector3 {
    var x, y, z: Double

    static func + (l: Vector3, r: Vector3) -> Vector3 { Vector3(x: l.x + r.x, y: l.y + r.y, z: l.z + r.z) }
    static func - (l: Vector3, r: Vector3) -> Vector3 { Vector3(x: l.x - r.x, y: l.y - r.y, z: l.z - r.z) }
    static func * (l: Vector3, s: Double) -> Vector3 { Vector3(x: l.x * s, y: l.y * s, z: l.z * s) }
    static prefix func - (v: Vector3) -> Vector3 { Vector3(x: -v.x, y: -v.y, z: -v.z) }

    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 {
      Vector3(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
    var length: Double { dot(self).squareRoot() }

    func mix(_ o: Vector3, _ f: Double) -> Vector3 {
      Vector3(x: x + (o.x - x) * f, y: y + (o.y - y) * f, z: z + (o.z - z) * f)
    }
  }

  /// A rotation quaternion (x, y, z) = axis·sin(θ/2), w = cos(θ/2).
  fileprivate struct Quaternion {
    var x, y, z, w: Double

    func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }
    var length: Double { dot(self).squareRoot() }
    static func + (l: Quaternion, r: Quaternion) -> Quaternion {
      Quaternion(x: l.x + r.x, y: l.y + r.y, z: l.z + r.z, w: l.w + r.w)
    }
    static func - (l: Quaternion, r: Quaternion) -> Quaternion {
      Quaternion(x: l.x - r.x, y: l.y - r.y, z: l.z - r.z, w: l.w - r.w)
    }
    static func * (q: Quaternion, s: Double) -> Quaternion {
      Quaternion(x: q.x * s, y: q.y * s, z: q.z * s, w: q.w * s)
    }
    var normalized: Quaternion { self * (1 / length) }

    /// The quaternion of an orthonormal, right-handed row-vector rotation
    /// matrix with rows r0 r1 r2 (Shepperd's method: divide by the largest of
    /// 4w², 4x², 4y², 4z², which stays accurate near 180° turns).
    init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
      // Row-vector rotation: m_ij = R_ji of the column-vector matrix R.
      let m11 = r0.x, m12 = r0.y, m13 = r0.z
      let m21 = r1.x, m22 = r1.y, m23 = r1.z
      let m31 = r2.x, m32 = r2.y, m33 = r2.z
      let trace = m11 + m22 + m33
      if trace > 0 {
        let s = 2 * (1 + trace).squareRoot()  // 4w
        self.init(x: (m23 - m32) / s, y: (m31 - m13) / s, z: (m12 - m21) / s, w: s / 4)
      } else if m11 >= m22 && m11 >= m33 {
        let s = 2 * (1 + m11 - m22 - m33).squareRoot()  // 4x
        self.init(x: s / 4, y: (m12 + m21) / s, z: (m13 + m31) / s, w: (m23 - m32) / s)
      } else if m22 >= m33 {
        let s = 2 * (1 + m22 - m11 - m33).squareRoot()  // 4y
        self.init(x: (m12 + m21) / s, y: s / 4, z: (m23 + m32) / s, w: (m31 - m13) / s)
      } else {
        let s = 2 * (1 + m33 - m11 - m22).squareRoot()  // 4z
        self.init(x: (m13 + m31) / s, y: (m23 + m32) / s, z: s / 4, w: (m12 - m21) / s)
      }
      self = normalized
    }

    init(x: Double, y: Double, z: Double, w: Double) {
      self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The rows of the row-vector rotation matrix (inverse of `init(rows:)`),
    /// matching CATransform3DMakeRotation for q = (axis·sin(θ/2), cos(θ/2)).
    var rows: (Vector3, Vector3, Vector3) {
      (Vector3(x: 1 - 2 * (y * y + z * z), y: 2 * (x * y + z * w), z: 2 * (x * z - y * w)),
       Vector3(x: 2 * (x * y - z * w), y: 1 - 2 * (x * x + z * z), z: 2 * (y * z + x * w)),
       Vector3(x: 2 * (x * z + y * w), y: 2 * (y * z - x * w), z: 1 - 2 * (x * x + y * y)))
    }

    /// Spherical interpolation along the shorter arc; extrapolates outside [0, 1].
    ///
    /// q(f) = q0·sin((1−f)θ)/sin θ + q1·sin(fθ)/sin θ with the half-angle θ
    /// computed as 2·atan2(|q1 − q0|, |q1 + q0|) (accurate for small θ); for
    /// θ ≈ 0 a normalised linear blend is used.
    static func slerp(_ q0: Quaternion, _ q1: Quaternion, _ f: Double) -> Quaternion {
      var q1 = q1
      if q0.dot(q1) < 0 { q1 = q1 * -1 }
      let theta = 2 * atan2((q1 - q0).length, (q1 + q0).length)
      let sinTheta = sin(theta)
      if theta < 1e-9 || sinTheta < 1e-12 {
        return (q0 * (1 - f) + q1 * f).normalized
      }
      return q0 * (sin((1 - f) * theta) / sinTheta) + q1 * (sin(f * theta) / sinTheta)
    }
  }

  /// The parts of a 3D matrix: M = scale · skew · rotation · translation · perspective.
  fileprivate struct DecomposedTransform3D {
    var translation: Vector3
    var scale: Vector3
    /// Shear factors (xy, xz, yz).
    var skew: Vector3
    var perspective: Vector4
    var quaternion: Quaternion

    /// Decomposes `t`, or fails when m44 is 0 or the 3×3 part is singular.
    init?(_ t: CATransform3D) {
      let w = Double(t.m44)
      guard w != 0, w.isFinite else { return nil }
      // Normalise so that m44 == 1.
      var r0 = Vector3(x: Double(t.m11) / w, y: Double(t.m12) / w, z: Double(t.m13) / w)
      var r1 = Vector3(x: Double(t.m21) / w, y: Double(t.m22) / w, z: Double(t.m23) / w)
      var r2 = Vector3(x: Double(t.m31) / w, y: Double(t.m32) / w, z: Double(t.m33) / w)
      let column = Vector3(x: Double(t.m14) / w, y: Double(t.m24) / w, z: Double(t.m34) / w)
      translation = Vector3(x: Double(t.m41) / w, y: Double(t.m42) / w, z: Double(t.m43) / w)

      // The 3×3 part must be invertible (CSS: determinant(perspectiveMatrix) != 0).
      let cofactors = (r1.cross(r2), r2.cross(r0), r0.cross(r1))
      let det = r0.dot(cofactors.0)
      guard !CATransform3D.isNegligibleDeterminant(det, rowLengthProduct: r0.length * r1.length * r2.length) else {
        return nil
      }

      // Perspective: M = N · P with N = [A 0; t 1] and P = I with last column p,
      // so the last column of M is N · p, i.e. p = A⁻¹·column, p4 = 1 − t·p.
      if column.x != 0 || column.y != 0 || column.z != 0 {
        // A⁻¹ has the columns r1×r2, r2×r0, r0×r1 divided by det.
        let p = (cofactors.0 * column.x + cofactors.1 * column.y + cofactors.2 * column.z) * (1 / det)
        perspective = Vector4(x: p.x, y: p.y, z: p.z, w: 1 - translation.dot(p))
      } else {
        perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
      }

      // Scale and shear by Gram–Schmidt on the rows (unmatrix).
      var scale = Vector3(x: 0, y: 0, z: 0)
      var skew = Vector3(x: 0, y: 0, z: 0)
      scale.x = r0.length
      r0 = r0 * (1 / scale.x)
      skew.x = r0.dot(r1)
      r1 = r1 - r0 * skew.x
      scale.y = r1.length
      r1 = r1 * (1 / scale.y)
      skew.x /= scale.y
      skew.y = r0.dot(r2)
      r2 = r2 - r0 * skew.y
      skew.z = r1.dot(r2)
      r2 = r2 - r1 * skew.z
      scale.z = r2.length
      r2 = r2 * (1 / scale.z)
      skew.y /= scale.z
      skew.z /= scale.z

      // A coordinate-system flip (det < 0): negate the scales and the rows
      // (unmatrix / CSS), leaving a proper rotation.
      if r0.dot(r1.cross(r2)) < 0 {
        scale = -scale
        r0 = -r0
        r1 = -r1
        r2 = -r2
      }
      self.scale = scale
      self.skew = skew
      self.quaternion = Quaternion(rows: r0, r1, r2)
    }

    init(translation: Vector3, scale: Vector3, skew: Vector3, perspective: Vector4, quaternion: Quaternion) {
      self.translation = translation
      self.scale = scale
      self.skew = skew
      self.perspective = perspective
      self.quaternion = quaternion
    }

    /// Interpolates part by part (linear, and spherical for the rotation).
    static func interpolate(
      _ a: DecomposedTransform3D, _ b: DecomposedTransform3D, _ f: Double
    ) -> DecomposedTransform3D {
      let pa = a.perspective, pb = b.perspective
      return DecomposedTransform3D(
        translation: a.translation.mix(b.translation, f),
        scale: a.scale.mix(b.scale, f),
        skew: a.skew.mix(b.skew, f),
        perspective: Vector4(
          x: pa.x + (pb.x - pa.x) * f, y: pa.y + (pb.y - pa.y) * f,
          z: pa.z + (pb.z - pa.z) * f, w: pa.w + (pb.w - pa.w) * f),
        quaternion: Quaternion.slerp(a.quaternion, b.quaternion, f))
    }

    /// Rebuilds M = scale · skew · rotation · translation · perspective.
    func recomposed() -> CATransform3D {
      let (q0, q1, q2) = quaternion.rows
      // (scale · skew) has rows (sx, 0, 0), sy·(xy, 1, 0), sz·(xz, yz, 1).
      let a0 = q0 * scale.x
      let a1 = (q0 * skew.x + q1) * scale.y
      let a2 = (q0 * skew.y + q1 * skew.z + q2) * scale.z
      let p = Vector3(x: perspective.x, y: perspective.y, z: perspective.z)
      return CATransform3D(
        m11: CGFloat(a0.x), m12: CGFloat(a0.y), m13: CGFloat(a0.z), m14: CGFloat(a0.dot(p)),
        m21: CGFloat(a1.x), m22: CGFloat(a1.y), m23: CGFloat(a1.z), m24: CGFloat(a1.dot(p)),
        m31: CGFloat(a2.x), m32: CGFloat(a2.y), m33: CGFloat(a2.z), m34: CGFloat(a2.dot(p)),
        m41: CGFloat(translation.x), m42: CGFloat(translation.y), m43: CGFloat(translation.z),
        m44: CGFloat(translation.dot(p) + perspective.w))
    }
  }
}
