// Core Graphics geometry that Foundation on Linux does not provide.
//
// Foundation on Linux already defines CGFloat, CGPoint, CGSize, CGRect and
// TimeInterval; this file only adds the missing types (CGVector,
// CFTimeInterval; UIKit's UIEdgeInsets is in UIKit/UIGeometry.swift) and extends Foundation's types with the
// members iOS code expects (`inset(by:)`, `applying(_:)`). Nothing here may
// redefine a Foundation type: that would make every use ambiguous.

// MARK: - CFTimeInterval

/// A time interval in seconds, as Core Animation uses for media timing.
public typealias CFTimeInterval = Double

// MARK: - CGVector

/// A two-dimensional vector, as Core Graphics defines it.
public struct CGVector: Equatable, Hashable, Sendable {
  /// The x component of the vector.
  public var dx: CGFloat
  /// The y component of the vector.
  public var dy: CGFloat

  /// Creates a zero vector.
  public init() {
    self.dx = 0
    self.dy = 0
  }

  /// Creates a vector with the given components.
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// Creates a vector from `Double` components (Apple's CoreGraphics overlay).
  public init(dx: Double, dy: Double) {
    self.init(dx: CGFloat(dx), dy: CGFloat(dy))
  }

  /// Creates a vector from integer components (Apple's CoreGraphics overlay).
  public init(dx: Int, dy: Int) {
    self.init(dx: CGFloat(dx), dy: CGFloat(dy))
  }

  /// The vector whose components are both zero.
  public static var zero: CGVector { CGVector(dx: 0, dy: 0) }
}

// MARK: - Applying affine transforms

extension CGPoint {
  /// Returns the point transformed by `t`: (x, y, 1) · M.
  ///
  /// Source: CGAffineTransform.h `CGPointApplyAffineTransform`:
  /// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// Returns the size transformed by `t`'s linear part (no translation).
  ///
  /// Source: CGAffineTransform.h `CGSizeApplyAffineTransform`:
  /// width' = a·w + c·h, height' = b·w + d·h. The result may be negative.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// Returns the smallest rectangle containing the transformed corners.
  ///
  /// Source: CGAffineTransform.h `CGRectApplyAffineTransform` ("returns the
  /// smallest rectangle that contains the transformed corner points"). The
  /// null rectangle is returned unchanged, and so is the infinite rectangle
  /// (its corners would overflow; the plane maps onto itself).
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull || isInfinite { return self }
    let p0 = CGPoint(x: minX, y: minY).applying(t)
    let p1 = CGPoint(x: maxX, y: minY).applying(t)
    let p2 = CGPoint(x: minX, y: maxY).applying(t)
    let p3 = CGPoint(x: maxX, y: maxY).applying(t)
    let left = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
    let right = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
    let top = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
    let bottom = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
    return CGRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}

// MARK: - equalTo

extension CGPoint {
  /// Whether the points are equal (`CGPointEqualToPoint`).
  public func equalTo(_ point2: CGPoint) -> Bool { x == point2.x && y == point2.y }
}

extension CGSize {
  /// Whether the sizes are equal (`CGSizeEqualToSize`).
  public func equalTo(_ size2: CGSize) -> Bool { width == size2.width && height == size2.height }
}

extension CGRect {
  /// Whether the rectangles are equal (`CGRectEqualToRect`). Apple: true "if
  /// the two specified rectangles have equal size and origin values, or if
  /// both rectangles are null rectangles": the stored values are compared,
  /// a rectangle with negative size is not standardised first.
  public func equalTo(_ rect2: CGRect) -> Bool {
    if isNull && rect2.isNull { return true }
    return origin.equalTo(rect2.origin) && size.equalTo(rect2.size)
  }
}

// MARK: - NSValue boxes of geometry

// UIKit adds these to NSValue (`NSValue(cgRect:)`, `.cgRectValue`, …).
// Foundation on Linux has the same boxes under AppKit's names
// (`NSValue(rect:)`, `.rectValue`, …); these forward to them. Transforms are
// boxed in QuartzCore/AnimatableValue.swift. Reading a box as a type it
// does not hold gives zero (on iOS it reinterprets the bytes).

extension NSValue {
  /// Boxes a point.
  public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
  /// Boxes a size.
  public convenience init(cgSize size: CGSize) { self.init(size: size) }
  /// Boxes a rectangle.
  public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

  /// Boxes a vector.
  public convenience init(cgVector vector: CGVector) {
    var copy = vector
    self.init(bytes: &copy, objCType: GeometryEncoding.vector)
  }

  /// Boxes edge insets.
  public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
    var copy = insets
    self.init(bytes: &copy, objCType: GeometryEncoding.edgeInsets)
  }

  /// The boxed point (zero if the value holds none).
  public var cgPointValue: CGPoint { boxedType.hasPrefix("{CGPoint") ? pointValue : .zero }
  /// The boxed size (zero if the value holds none).
  public var cgSizeValue: CGSize { boxedType.hasPrefix("{CGSize") ? sizeValue : .zero }
  /// The boxed rectangle (zero if the value holds none).
  public var cgRectValue: CGRect { boxedType.hasPrefix("{CGRect") ? rectValue : .zero }

  /// The boxed vector (zero if the value holds none).
  public var cgVectorValue: CGVector {
    guard boxedType == GeometryEncoding.vector else { return .zero }
    var vector = CGVector.zero
    getValue(&vector)
    return vector
  }

  /// The boxed edge insets (zero if the value holds none).
  public var uiEdgeInsetsValue: UIEdgeInsets {
    guard boxedType == GeometryEncoding.edgeInsets else { return .zero }
    var insets = UIEdgeInsets.zero
    getValue(&insets)
    return insets
  }

  private var boxedType: String { String(cString: objCType) }
}

/// Foundation on Linux cannot box arbitrary structs, so these travel as
/// arrays of doubles (as the transforms do).
private enum GeometryEncoding {
  static let vector = "[2d]"
  static let edgeInsets = "[4d]"
}
