import Testing
import TransitionEngine

// Tests for GeometryDescriptions.swift: geometry prints as on iOS.
// Expected strings are Apple's: the CoreGraphics overlay's debugDescription
// for points, sizes, vectors and rects; reflection of an imported C struct
// (`__C.` where reflection qualifies names) for the rest.

@Suite("Geometry prints as on iOS")
struct GeometryPrintingTests {
  /// What `print(value)` writes, without the newline.
  private func printed(_ value: Any) -> String {
    var out = ""
    print(value, terminator: "", to: &out)
    return out
  }

  /// What `debugPrint(value)` writes, without the newline.
  private func debugPrinted(_ value: Any) -> String {
    var out = ""
    debugPrint(value, terminator: "", to: &out)
    return out
  }

  private func dumped(_ value: Any) -> String {
    var out = ""
    dump(value, to: &out)
    return out
  }

  @Test func rectPrintsItsFourNumbers() {
    let rect = CGRect(x: 120, y: 40, width: 80, height: 80)
    #expect(printed(rect) == "(120.0, 40.0, 80.0, 80.0)")
    #expect("\(rect)" == "(120.0, 40.0, 80.0, 80.0)")
    #expect(String(describing: rect) == "(120.0, 40.0, 80.0, 80.0)")
    #expect(debugPrinted(rect) == "(120.0, 40.0, 80.0, 80.0)")
    #expect(printed([rect, .zero]) == "[(120.0, 40.0, 80.0, 80.0), (0.0, 0.0, 0.0, 0.0)]")
    #expect(printed(Optional(rect)) == "Optional((120.0, 40.0, 80.0, 80.0))")
  }

  @Test func rectPrintsStoredValuesNotStandardised() {
    let rect = CGRect(x: 10, y: 10, width: -20, height: 5.5)
    #expect(printed(rect) == "(10.0, 10.0, -20.0, 5.5)")
    #expect(printed(CGRect.null) == "(inf, inf, 0.0, 0.0)")
  }

  @Test func pointSizeAndVector() {
    #expect(printed(CGPoint(x: 160, y: 284)) == "(160.0, 284.0)")
    #expect(printed(CGSize(width: 320, height: 568)) == "(320.0, 568.0)")
    #expect(printed(CGVector(dx: -1.5, dy: 0)) == "(-1.5, 0.0)")
    #expect(debugPrinted(CGPoint(x: 0.1, y: 2)) == "(0.1, 2.0)")
    #expect("centre \(CGPoint(x: 1, y: 2)), size \(CGSize(width: 3, height: 4))"
      == "centre (1.0, 2.0), size (3.0, 4.0)")
  }

  @Test func geometryInsideUserTypesPrintsTheSame() {
    struct Card { var frame: CGRect; var center: CGPoint }
    let card = Card(frame: CGRect(x: 0, y: 0, width: 10, height: 20), center: CGPoint(x: 5, y: 10))
    #expect(printed(card) == "Card(frame: (0.0, 0.0, 10.0, 20.0), center: (5.0, 10.0))")
    #expect(printed((CGPoint(x: 1, y: 1), 2)) == "((1.0, 1.0), 2)")
  }

  @Test func dumpUsesTheSameText() {
    let expected = """
      ▿ (1.0, 2.0, 3.0, 4.0)
        ▿ origin: (1.0, 2.0)
          - x: 1.0
          - y: 2.0
        ▿ size: (3.0, 4.0)
          - width: 3.0
          - height: 4.0

      """
    #expect(dumped(CGRect(x: 1, y: 2, width: 3, height: 4)) == expected)
  }

  @Test func affineTransformPrintsAsAnImportedCStruct() {
    let t = CGAffineTransform(translationX: 10, y: -5)
    let plain = "CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 10.0, ty: -5.0)"
    #expect(printed(t) == plain)
    #expect("\(t)" == plain)
    #expect(debugPrinted(t) == "__C." + plain)
    #expect(printed([CGAffineTransform.identity])
      == "[__C.CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)]")
  }

  @Test func transform3DPrintsAllSixteenEntries() {
    var t = CATransform3DIdentity
    t.m34 = -1.0 / 500
    #expect(printed(t) == "CATransform3D(m11: 1.0, m12: 0.0, m13: 0.0, m14: 0.0, "
      + "m21: 0.0, m22: 1.0, m23: 0.0, m24: 0.0, m31: 0.0, m32: 0.0, m33: 1.0, m34: -0.002, "
      + "m41: 0.0, m42: 0.0, m43: 0.0, m44: 1.0)")
    #expect(debugPrinted(t).hasPrefix("__C.CATransform3D(m11: 1.0, "))
  }

  @Test func edgeInsets() {
    let insets = UIEdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
    #expect(printed(insets) == "UIEdgeInsets(top: 20.0, left: 0.0, bottom: 34.0, right: 0.0)")
    #expect(printed([insets]) == "[__C.UIEdgeInsets(top: 20.0, left: 0.0, bottom: 34.0, right: 0.0)]")
    let directional = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    #expect(printed(directional)
      == "NSDirectionalEdgeInsets(top: 8.0, leading: 16.0, bottom: 8.0, trailing: 16.0)")
  }

  @Test func viewGeometryPrintsAsInAnApp() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 50))
      #expect("\(view.frame) \(view.bounds) \(view.center)"
        == "(20.0, 100.0, 100.0, 50.0) (0.0, 0.0, 100.0, 50.0) (70.0, 125.0)")
    }
  }
}
