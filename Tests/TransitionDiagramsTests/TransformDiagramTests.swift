import Testing
import TransitionDiagrams
import TransitionEngine

// Golden pictures of transformed views: affine rotation, scale and
// translation, and 3D flips projected through the superlayer's perspective.

@Suite("Transform diagrams")
struct TransformDiagramTests {
  // MARK: Affine

  @Test func rotatedViewsAreDrawnAsTheQuadsTheyAre() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let tilted = box("tilted 30deg", 40, 60, 240, 120, .systemBlue)
      tilted.transform = CGAffineTransform(rotationAngle: .pi / 6)
      let diamond = box("45deg", 100, 250, 120, 120, .systemOrange)
      diamond.transform = CGAffineTransform(rotationAngle: .pi / 4)
      let quarter = box("90deg", 60, 420, 200, 80, .systemGreen)
      quarter.transform = CGAffineTransform(rotationAngle: .pi / 2)
      screen.addSubview(tilted)
      screen.addSubview(diamond)
      screen.addSubview(quarter)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "rotation")
  }

  @Test func scaledViewsKeepTheirCentre() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("untouched", 40, 48, 240, 120))
      let half = box("half", 40, 48, 240, 120, .systemBlue)
      half.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
      let wide = box("2 x 0.5", 100, 264, 120, 144, .systemGreen)
      wide.transform = CGAffineTransform(scaleX: 2, y: 0.5)
      let pop = box("pop 0.1", 100, 432, 120, 96, .systemRed)
      pop.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      screen.addSubview(half)
      screen.addSubview(wide)
      screen.addSubview(pop)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "scale")
  }

  @Test func translatedViewsMoveWithoutChangingTheirFrameOrigin() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("home", 24, 96, 168, 144))
      let moved = box("moved", 24, 96, 168, 144, .systemBlue)
      moved.transform = CGAffineTransform(translationX: 96, y: 240)
      screen.addSubview(moved)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "translation")
  }

  // MARK: 3D

  /// A 200×300 card centred on the eye (the stage's centre, where its
  /// m34 = -1/500 perspective vanishes), rotated `degrees` about `axis`.
  private func flip(_ degrees: Double, about axis: (Double, Double), doubleSided: Bool = true) -> ScreenCapture {
    captureScene { window in
      let stage = box("stage", 0, 0, 320, 568, .white)
      var perspective = CATransform3DIdentity
      perspective.m34 = -1.0 / 500
      stage.layer.sublayerTransform = perspective
      window.addSubview(stage)
      let card = box("card", 60, 134, 200, 300, .systemBlue)
      card.addSubview(box("title", 20, 20, 160, 48, .systemYellow))
      card.layer.isDoubleSided = doubleSided
      card.layer.transform = CATransform3DMakeRotation(degrees * .pi / 180, axis.0, axis.1, 0)
      stage.addSubview(card)
    }
  }

  @Test func aCardFlippingAboutXIsATrapezoid() {
    assertDiagramSnapshot(of: flip(30, about: (1, 0)), as: .frame, named: "flip-x-30")
    assertDiagramSnapshot(of: flip(60, about: (1, 0)), as: .frame, named: "flip-x-60")
  }

  @Test func aCardFlippingAboutYIsATrapezoidStandingUp() {
    assertDiagramSnapshot(of: flip(45, about: (0, 1)), as: .frame, named: "flip-y-45")
  }

  @Test func aCardSeenEdgeOnIsALine() {
    let capture = flip(90, about: (1, 0))
    assertDiagramSnapshot(of: capture, as: .frame, named: "flip-x-90-edge-on")
    assertDiagramSnapshot(of: flip(90, about: (0, 1)), as: .frame, named: "flip-y-90-edge-on")
  }

  @Test func aDoubleSidedCardShowsItsBack() {
    assertDiagramSnapshot(of: flip(135, about: (1, 0)), as: .frame, named: "flip-x-135-double-sided")
  }

  @Test func aSingleSidedCardFacingAwayIsNotDrawn() {
    let capture = flip(135, about: (1, 0), doubleSided: false)
    #expect(!capture.layers.contains { $0.label == "card" })
    let text = FrameRenderer().render(capture)
    #expect(!text.contains("card"))
    assertDiagramSnapshot(text, named: "flip-x-135-single-sided")
  }

  @Test func aFlipAnimationAsAFilmstrip() {
    let captures = captureScene(at: [0, 0.25, 0.5, 0.75, 1]) { window in
      let stage = box("stage", 0, 0, 320, 568, .white)
      var perspective = CATransform3DIdentity
      perspective.m34 = -1.0 / 500
      stage.layer.sublayerTransform = perspective
      window.addSubview(stage)
      let card = box("card", 60, 134, 200, 300, .systemBlue)
      stage.addSubview(card)
      // The model value is the end of the flip; the animation shows the way there.
      card.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
      let flip = CABasicAnimation(keyPath: "transform.rotation.y")
      flip.fromValue = 0.0
      flip.toValue = Double.pi
      flip.duration = 1
      flip.timingFunction = CAMediaTimingFunction(name: .linear)
      card.layer.add(flip, forKey: "flip")
    }
    assertDiagramSnapshot(of: captures, as: .filmstrip, named: "flip-y-filmstrip")
  }
}
