import Testing
import TransitionDiagrams
import TransitionEngine

// Golden tables of exact values behind a frame.

@Suite("Legends")
struct LegendTests {
  static func scene() -> ScreenCapture {
    captureScene(at: 0.15) { window in
      let home = box("Home", 0, 0, 320, 568, .white)
      home.tintAdjustmentMode = .dimmed
      window.addSubview(home)
      let card = box("card", 40, 100, 240, 300, .systemBlue)
      card.layer.cornerRadius = 12
      card.clipsToBounds = true
      window.addSubview(card)
      let title = kept(UILabel(frame: CGRect(x: 12, y: 12, width: 216, height: 44)))
      title.text = "Hello"
      card.addSubview(title)
      let badge = box("badge", 180, 240, 96, 96, .systemRed)
      badge.alpha = 0.5
      card.addSubview(badge)
      UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
        card.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        card.alpha = 0.5
      })
    }
  }

  @Test func theLegendListsEveryVisibleViewWithExactValues() {
    let capture = Self.scene()
    let text = LegendRenderer().render(capture)
    // Half way through: scale 0.75, alpha 0.75; the badge shows at 0.75 × 0.5.
    #expect(text.contains("scale 0.75"))
    #expect(text.contains("0.375"))
    assertDiagramSnapshot(text, named: "legend")
  }

  @Test func aFrameWithItsLegend() {
    assertDiagramSnapshot(of: Self.scene(), as: .frameWithLegend, named: "frame-with-legend")
  }

  @Test("a mirrored layer's scale is signed: upside down is a negative y scale")
  func aMirroredLayerHasASignedScale() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let upsideDown = box("upsideDown", 40, 100, 240, 40, .systemBlue)
      upsideDown.transform = CGAffineTransform(scaleX: 0.5, y: -0.25)
      screen.addSubview(upsideDown)
      let upright = box("upright", 40, 300, 240, 40, .systemRed)
      upright.transform = CGAffineTransform(scaleX: 0.5, y: 0.25)
      screen.addSubview(upright)
    }
    let rows = LegendRenderer().render(capture).split(separator: "\n")
    #expect(rows.first { $0.contains("upsideDown") }?.contains("scale 0.5x-0.25") == true)
    #expect(rows.first { $0.contains("upright") }?.contains("scale 0.5x0.25") == true)
  }
}
