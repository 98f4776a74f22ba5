import Testing
@testable import TransitionEngine

// Tests for CGAffineTransform: construction, Apple's composition order
// (new operation first for scaledBy/translatedBy/rotated; concatenating =
// self then other), inversion and equality.

@Suite("CGAffineTransform")
struct AffineTransformTests {
  // MARK: - Helpers

  private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-12) -> Bool {
    abs(a - b) <= tolerance
  }

  private func close(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-12) -> Bool {
    close(p.x, q.x, tolerance) && close(p.y, q.y, tolerance)
  }

  private func close(_ s: CGAffineTransform, _ t: CGAffineTransform, _ tolerance: CGFloat = 1e-12) -> Bool {
    close(s.a, t.a, tolerance) && close(s.b, t.b, tolerance) && close(s.c, t.c, tolerance)
      && close(s.d, t.d, tolerance) && close(s.tx, t.tx, tolerance) && close(s.ty, t.ty, tolerance)
  }

  // MARK: - Construction

  @Test func defaultInitIsIdentity() {
    #expect(CGAffineTransform() == .identity)
    #expect(CGAffineTransform().isIdentity)
    let identity = CGAffineTransform.identity
    #expect(identity.a == 1 && identity.b == 0 && identity.c == 0 && identity.d == 1)
    #expect(identity.tx == 0 && identity.ty == 0)
    #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
  }

  @Test func makersProduceApplesMatrices() {
    #expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
    #expect(CGAffineTransform(translationX: 4, y: -5) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 4, ty: -5))
    let r = CGAffineTransform(rotationAngle: 0.3)
    #expect(r == CGAffineTransform(a: cos(0.3), b: sin(0.3), c: -sin(0.3), d: cos(0.3), tx: 0, ty: 0))
  }

  @Test func positiveRotationTurnsXAxisTowardsY() {
    // In UIKit's y-down space this is clockwise on screen.
    let r = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(close(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1)))
    #expect(close(CGPoint(x: 0, y: 1).applying(r), CGPoint(x: -1, y: 0)))
  }

  // MARK: - Composition order

  @Test func concatenatingAppliesSelfFirst() {
    let scale = CGAffineTransform(scaleX: 2, y: 2)
    let move = CGAffineTransform(translationX: 10, y: 0)
    let p = CGPoint(x: 1, y: 1)
    // scale then move: (2, 2) + (10, 0).
    #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))
    // move then scale: (11, 1)·2.
    #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))
    // Explicit product entries: t1·t2.
    let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
    #expect(t1.concatenating(t2) == CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
  }

  @Test func scaledTranslatedRotatedPutTheNewOperationFirst() {
    let t = CGAffineTransform(a: 1.5, b: 0.25, c: -0.5, d: 2, tx: 30, ty: -7)
    #expect(t.scaledBy(x: 2, y: 3) == CGAffineTransform(scaleX: 2, y: 3).concatenating(t))
    #expect(t.translatedBy(x: 4, y: -6) == CGAffineTransform(translationX: 4, y: -6).concatenating(t))
    #expect(t.rotated(by: 0.7) == CGAffineTransform(rotationAngle: 0.7).concatenating(t))
  }

  @Test func chainedBuildersActInLocalSpace() {
    // The UIKit idiom: translation then .scaledBy scales about the local origin first.
    let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
    #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
    let u = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
    #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 22, y: 2))
    // Rotations add up.
    #expect(close(CGAffineTransform(rotationAngle: 0.4).rotated(by: 0.5), CGAffineTransform(rotationAngle: 0.9)))
  }

  // MARK: - Inversion

  @Test func invertedHasTheExpectedEntries() {
    let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 3, tx: 5, ty: -4)
    // det = 5: inverse = [3 −1; −1 2]/5, translation −(tx, ty)·inverse.
    #expect(close(t.inverted(), CGAffineTransform(a: 0.6, b: -0.2, c: -0.2, d: 0.4, tx: -3.8, ty: 2.6)))
    #expect(close(t.concatenating(t.inverted()), .identity))
    #expect(close(t.inverted().concatenating(t), .identity))
    let p = CGPoint(x: 3, y: 7)
    #expect(close(p.applying(t).applying(t.inverted()), p))
  }

  @Test func invertingASingularTransformReturnsItUnchanged() {
    let singular = CGAffineTransform(scaleX: 0, y: 2).translatedBy(x: 3, y: 4)
    #expect(singular.inverted() == singular)
    let collapsed = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
    #expect(collapsed.inverted() == collapsed)
  }

  // MARK: - Equality and hashing

  @Test func equalityAndHashing() {
    let a = CGAffineTransform(rotationAngle: 0.5)
    let b = CGAffineTransform(rotationAngle: 0.5)
    #expect(a == b)
    #expect(a != CGAffineTransform(rotationAngle: 0.6))
    #expect(Set([a, b, .identity]).count == 2)
  }
}
