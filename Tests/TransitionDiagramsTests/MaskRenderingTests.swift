// Masks as the frame renderer draws them.
import Testing
import TransitionDiagrams
import TransitionEngine

@Suite struct MaskRenderingTests {
  @Test("A shape-layer mask with an empty path shows nothing")
  func emptyMask() {
    Simulation.run { sim in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let card = UIView(frame: CGRect(x: 40, y: 40, width: 200, height: 200))
      card.accessibilityIdentifier = "card"
      card.backgroundColor = .systemBlue
      window.addSubview(card)
      let mask = CAShapeLayer()
      mask.path = UIBezierPath().cgPath
      card.layer.mask = mask
      sim.advance(by: 0)
      let rendered = FrameRenderer().render(sim.capture())
      #expect(!rendered.contains("card"))
    }
  }
}
