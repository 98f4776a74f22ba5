// UIEdgeInsets, as UIKit's UIGeometry.h defines it, and the `CGRect`
// method that applies it (`inset(by:)`).

/// The inset distances for the edges of a rectangle, as UIKit defines them.
public struct UIEdgeInsets: Equatable, Sendable {
  /// The inset at the top edge.
  public var top: CGFloat
  /// The inset at the left edge.
  public var left: CGFloat
  /// The inset at the bottom edge.
  public var bottom: CGFloat
  /// The inset at the right edge.
  public var right: CGFloat

  /// Creates insets that are all zero.
  public init() {
    self.init(top: 0, left: 0, bottom: 0, right: 0)
  }

  /// Creates insets with the given distance for each edge.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets that are zero on every edge.
  public static var zero: UIEdgeInsets { UIEdgeInsets() }
}

// MARK: - CGRect + UIEdgeInsets

extension CGRect {
  /// Returns the rectangle shrunk (or, for negative insets, grown) by `insets`.
  ///
  /// Source: UIKit's UIGeometry.h `UIEdgeInsetsInsetRect`, which is plain
  /// arithmetic on the stored origin and size: the rectangle is not
  /// standardised first and a result with negative size is returned as is.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    var rect = self
    rect.origin.x += insets.left
    rect.origin.y += insets.top
    rect.size.width -= insets.left + insets.right
    rect.size.height -= insets.top + insets.bottom
    return rect
  }
}
