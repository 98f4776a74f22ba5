import Testing
@testable import TransitionEngine

// Tests for CoreGraphics/CoreGraphicsAdditions.swift and UIKit/UIGeometry.swift: CGVector, UIEdgeInsets,
// CFTimeInterval, CGRect.inset(by:) and applying(_:) on points, sizes, rects.

@Suite("Geometry additions")
struct GeometryTests {
  // MARK: - Helpers

  private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
  }

  private func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin.x, b.origin.x, tolerance) && close(a.origin.y, b.origin.y, tolerance)
      && close(a.size.width, b.size.width, tolerance) && close(a.size.height, b.size.height, tolerance)
  }

  // MARK: - CGVector, UIEdgeInsets, CFTimeInterval

  @Test func vectorInitialisersAndZero() {
    #expect(CGVector() == .zero)
    #expect(CGVector.zero.dx == 0 && CGVector.zero.dy == 0)
    let v = CGVector(dx: 3, dy: -4)
    #expect(v.dx == 3 && v.dy == -4)
    #expect(CGVector(dx: 1.5 as Double, dy: 2.5 as Double) == CGVector(dx: CGFloat(1.5), dy: CGFloat(2.5)))
    #expect(CGVector(dx: 2 as Int, dy: 7 as Int) == CGVector(dx: CGFloat(2), dy: CGFloat(7)))
    #expect(Set([CGVector(dx: 1, dy: 2), CGVector(dx: 1, dy: 2), CGVector(dx: 2, dy: 1)]).count == 2)
  }

  @Test func edgeInsetsInitialisersAndZero() {
    #expect(UIEdgeInsets() == .zero)
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(insets.top == 1 && insets.left == 2 && insets.bottom == 3 && insets.right == 4)
    #expect(insets != .zero)
  }

  @Test func cfTimeIntervalIsDouble() {
    let interval: CFTimeInterval = 0.25
    let seconds: Double = interval
    #expect(seconds == 0.25)
  }

  // MARK: - CGRect.inset(by:)

  @Test func rectInsetByEdgeInsets() {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
    let insets = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
    #expect(rect.inset(by: insets) == CGRect(x: 20, y: 25, width: 70, height: 30))
    #expect(rect.inset(by: .zero) == rect)
  }

  @Test func rectInsetByNegativeInsetsGrows() {
    let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
    let grown = rect.inset(by: UIEdgeInsets(top: -1, left: -2, bottom: -3, right: -4))
    #expect(grown == CGRect(x: -2, y: -1, width: 16, height: 14))
  }

  @Test func rectInsetPastItsSizeKeepsUIKitArithmetic() {
    // UIEdgeInsetsInsetRect does plain arithmetic: the size may go negative.
    let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
    let result = rect.inset(by: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    #expect(result.origin == CGPoint(x: 8, y: 8))
    #expect(result.size == CGSize(width: -6, height: -6))
  }

  // MARK: - applying(_:)

  @Test func pointApplyingUsesRowVectorConvention() {
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    // x' = a·x + c·y + tx = 10 + 60 + 5, y' = b·x + d·y + ty = 20 + 80 + 6.
    #expect(CGPoint(x: 10, y: 20).applying(t) == CGPoint(x: 75, y: 106))
    #expect(CGPoint(x: 10, y: 20).applying(.identity) == CGPoint(x: 10, y: 20))
  }

  @Test func sizeApplyingIgnoresTranslation() {
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(CGSize(width: 10, height: 20).applying(t) == CGSize(width: 70, height: 100))
    #expect(CGSize(width: 10, height: 20).applying(CGAffineTransform(translationX: 99, y: 99))
      == CGSize(width: 10, height: 20))
    // Apple does not take absolute values: a flip gives a negative width.
    #expect(CGSize(width: 10, height: 20).applying(CGAffineTransform(scaleX: -1, y: 1))
      == CGSize(width: -10, height: 20))
  }

  @Test func rectApplyingRotationGivesBoundingBox() {
    // 90°: (x, y) → (−y, x); corners (0,0) (100,0) (0,50) (100,50) → box x −50…0, y 0…100.
    let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
    let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(close(rotated, CGRect(x: -50, y: 0, width: 50, height: 100)))

    // 45° of a centred 100×100 square: half-diagonal 50·√2.
    let square = CGRect(x: -50, y: -50, width: 100, height: 100)
    let h = 50 * CGFloat(2).squareRoot()
    let box = square.applying(CGAffineTransform(rotationAngle: .pi / 4))
    #expect(close(box, CGRect(x: -h, y: -h, width: 2 * h, height: 2 * h)))
  }

  @Test func rectApplyingScaleThenTranslation() {
    let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 5, y: -5))
    let rect = CGRect(x: 10, y: 10, width: 20, height: 20)
    #expect(rect.applying(t) == CGRect(x: 25, y: 25, width: 40, height: 60))
  }

  @Test func rectApplyingNullNegativeAndFlips() {
    #expect(CGRect.null.applying(CGAffineTransform(rotationAngle: 1)).isNull)
    // A rect with negative size is read through minX/maxX: the result is standardised.
    let negative = CGRect(x: 10, y: 10, width: -10, height: -10)
    #expect(negative.applying(.identity) == CGRect(x: 0, y: 0, width: 10, height: 10))
    // A flip still yields a positive-size box.
    let flipped = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(scaleX: -1, y: 1))
    #expect(flipped == CGRect(x: -10, y: 0, width: 10, height: 20))
  }
}
