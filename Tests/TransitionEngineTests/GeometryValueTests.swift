import Testing
import TransitionEngine

// CGPoint/CGSize/CGRect.equalTo and UIKit's NSValue boxes of geometry, which
// Foundation on Linux lacks under UIKit's names.

@Suite("Geometry values")
struct GeometryValueTests {
  @Test func equalToComparesStoredValues() {
    #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
    #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    #expect(!CGSize(width: 3, height: 4).equalTo(CGSize(width: 4, height: 3)))
    let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
    #expect(rect.equalTo(CGRect(x: 1, y: 2, width: 3, height: 4)))
    #expect(!rect.equalTo(CGRect(x: 1, y: 2, width: 3, height: 5)))
    // Apple: "equal size and origin values, or … both rectangles are null rectangles".
    #expect(CGRect.null.equalTo(CGRect.null))
    #expect(CGRect.null.equalTo(CGRect(x: CGFloat.infinity, y: CGFloat.infinity, width: 5, height: 5)))
    #expect(!CGRect(x: 0, y: 0, width: -10, height: -10).equalTo(CGRect(x: -10, y: -10, width: 10, height: 10)))
  }

  @Test func nsValueBoxesRoundTrip() {
    let rect = CGRect(x: 0, y: 352, width: 320, height: 216)
    #expect(NSValue(cgRect: rect).cgRectValue == rect)
    #expect(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgPointValue == CGPoint(x: 3, y: 4))
    #expect(NSValue(cgSize: CGSize(width: 5, height: 6)).cgSizeValue == CGSize(width: 5, height: 6))
    #expect(NSValue(cgVector: CGVector(dx: 1, dy: -1)).cgVectorValue == CGVector(dx: 1, dy: -1))
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue == insets)
    let transform = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2)
    #expect(NSValue(cgAffineTransform: transform).cgAffineTransformValue == transform)
    #expect(NSValue(cgRect: rect) == NSValue(cgRect: rect))
  }

  @Test func aBoxReadAsAnotherTypeGivesZero() {
    #expect(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgRectValue == .zero)
    #expect(NSValue(cgRect: CGRect(x: 1, y: 1, width: 1, height: 1)).cgSizeValue == .zero)
    #expect(NSValue(cgRect: CGRect(x: 1, y: 1, width: 1, height: 1)).cgVectorValue == .zero)
  }
}
