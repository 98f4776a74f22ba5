// A model of Core Graphics' CGAffineTransform with Apple's Swift API.
//
// Convention (Apple, CGAffineTransform.h): points are row vectors and
//
//       [x' y' 1] = [x y 1] · | a  b  0 |
//                             | c  d  0 |
//                             | tx ty 1 |
//
// so x' = a·x + c·y + tx and y' = b·x + d·y + ty.

// MARK: - CGAffineTransform

/// An affine transformation matrix for 2D drawing, as Core Graphics defines it.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
  /// The entry at position [1,1] of the matrix.
  public var a: CGFloat
  /// The entry at position [1,2] of the matrix.
  public var b: CGFloat
  /// The entry at position [2,1] of the matrix.
  public var c: CGFloat
  /// The entry at position [2,2] of the matrix.
  public var d: CGFloat
  /// The entry at position [3,1] of the matrix (x translation).
  public var tx: CGFloat
  /// The entry at position [3,2] of the matrix (y translation).
  public var ty: CGFloat

  /// Creates the identity transform (as Apple's Swift overlay does).
  public init() {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  }

  /// Creates a transform with the given matrix entries.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The identity transform.
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Whether the transform is exactly the identity.
  public var isIdentity: Bool { self == .identity }
}

// MARK: - Making transforms

extension CGAffineTransform {
  /// Creates a transform that scales by `sx` horizontally and `sy` vertically.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Creates a transform that translates by (`tx`, `ty`).
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// Creates a transform that rotates by `angle` radians.
  ///
  /// Source: CGAffineTransformMakeRotation: a = cos, b = sin, c = −sin,
  /// d = cos. In UIKit's y-down space a positive angle turns clockwise.
  public init(rotationAngle angle: CGFloat) {
    let cosine = cos(angle)
    let sine = sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }
}

// MARK: - Composing transforms

extension CGAffineTransform {
  /// Returns the transform that applies `self` first, then `t2` (self · t2).
  ///
  /// Source: CGAffineTransform.h `CGAffineTransformConcat(t1, t2)` = t1 · t2.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c,
      b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c,
      d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx,
      ty: tx * t2.b + ty * t2.d + t2.ty
    )
  }

  /// Returns `self` preceded by a scale: `CGAffineTransform(scaleX:y:).concatenating(self)`.
  ///
  /// Source: CGAffineTransformScale(t, sx, sy) = scale(sx, sy) · t, i.e. the
  /// scale applies first, in the transform's local space.
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(a: sx * a, b: sx * b, c: sy * c, d: sy * d, tx: tx, ty: ty)
  }

  /// Returns `self` preceded by a translation: `CGAffineTransform(translationX:y:).concatenating(self)`.
  ///
  /// Source: CGAffineTransformTranslate(t, tx, ty) = translate(tx, ty) · t.
  public func translatedBy(x dx: CGFloat, y dy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(
      a: a, b: b, c: c, d: d,
      tx: dx * a + dy * c + tx,
      ty: dx * b + dy * d + ty
    )
  }

  /// Returns `self` preceded by a rotation: `CGAffineTransform(rotationAngle:).concatenating(self)`.
  ///
  /// Source: CGAffineTransformRotate(t, angle) = rotate(angle) · t.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    let cosine = cos(angle)
    let sine = sin(angle)
    return CGAffineTransform(
      a: cosine * a + sine * c,
      b: cosine * b + sine * d,
      c: cosine * c - sine * a,
      d: cosine * d - sine * b,
      tx: tx,
      ty: ty
    )
  }

  /// Returns the inverse transform, or `self` unchanged if it has no inverse.
  ///
  /// Source: CGAffineTransformInvert ("If the affine transform cannot be
  /// inverted, the affine transform is returned unchanged"). The transform is
  /// treated as singular when its determinant is zero or negligible relative
  /// to the lengths of its rows (|det| ≤ 1e-14·|(a,b)|·|(c,d)|), or not finite.
  public func inverted() -> CGAffineTransform {
    let det = a * d - b * c
    let scale = (a * a + b * b).squareRoot() * (c * c + d * d).squareRoot()
    guard det.isFinite, abs(det) > 1e-14 * scale else { return self }
    return CGAffineTransform(
      a: d / det,
      b: -b / det,
      c: -c / det,
      d: a / det,
      tx: (c * ty - d * tx) / det,
      ty: (b * tx - a * ty) / det
    )
  }
}
