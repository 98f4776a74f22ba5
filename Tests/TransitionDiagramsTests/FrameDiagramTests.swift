import Testing
import TransitionDiagrams
import TransitionEngine

// Golden pictures of one frame: one rule each. Every golden was read
// and checked to show what the test's name says.

@Suite("Frame diagrams")
struct FrameDiagramTests {
  @Test func nestedViewsAreDrawnInsideTheirParents() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let outer = box("outer", 24, 48, 272, 432, .systemBlue)
      let middle = box("middle", 24, 72, 224, 288, .systemGreen)
      let inner = box("inner", 24, 72, 176, 144, .systemGray6)
      screen.addSubview(outer)
      outer.addSubview(middle)
      middle.addSubview(inner)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "nesting")
  }

  @Test func laterSiblingsCoverEarlierOnes() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("back", 24, 72, 168, 192, .systemRed))
      screen.addSubview(box("middle", 84, 168, 168, 192, .systemGreen))
      screen.addSubview(box("front", 144, 264, 144, 192, .systemBlue))
      // An outline-only view above them all: its edges cross theirs.
      screen.addSubview(box("glass", 48, 408, 120, 96))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "z-order")
  }

  @Test func bringingASubviewToFrontChangesWhatCovers() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let back = box("back", 24, 72, 192, 240, .systemRed)
      screen.addSubview(back)
      screen.addSubview(box("front", 108, 192, 192, 240, .systemBlue))
      screen.bringSubviewToFront(back)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "z-order-bring-to-front")
  }

  @Test func clipsToBoundsCutsChildrenAtTheParentsEdge() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let clipping = box("clips", 24, 48, 132, 216, .systemGray6)
      clipping.clipsToBounds = true
      let spilling = box("spills", 168, 48, 132, 216, .systemGray6)
      screen.addSubview(clipping)
      screen.addSubview(spilling)
      clipping.addSubview(box("child", 48, 96, 168, 192, .systemBlue))
      spilling.addSubview(box("child", 48, 96, 168, 192, .systemBlue))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "clipping")
  }

  @Test func aShapeMaskClipsToItsPathEvenWhenNotConvex() {
    // At 1 s: the engine animates a fresh shape layer's path implicitly (0.25 s).
    let capture = captureScene(at: 1) { window in
      let screen = background(in: window)
      let card = box("masked", 40, 100, 240, 336, .systemBlue)
      screen.addSubview(card)
      // An L-shaped mask: the top-right quarter is cut away.
      let path = CGMutablePath()
      path.move(to: CGPoint(x: 0, y: 0))
      path.addLine(to: CGPoint(x: 120, y: 0))
      path.addLine(to: CGPoint(x: 120, y: 168))
      path.addLine(to: CGPoint(x: 240, y: 168))
      path.addLine(to: CGPoint(x: 240, y: 336))
      path.addLine(to: CGPoint(x: 0, y: 336))
      path.closeSubpath()
      let mask = CAShapeLayer()
      mask.frame = card.bounds
      mask.path = path
      card.layer.mask = mask
      card.addSubview(box("child", 24, 24, 192, 48, .systemOrange))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "mask-non-convex")
  }

  // MARK: Alpha

  /// A striped background, and a card over it with `alpha`.
  private func card(alpha: Double) -> ScreenCapture {
    captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("under", 24, 120, 272, 96, .systemRed))
      screen.addSubview(box("under2", 24, 312, 272, 96, .systemRed))
      let card = box("card", 60, 72, 200, 384, .systemBlue)
      card.alpha = CGFloat(alpha)
      screen.addSubview(card)
    }
  }

  @Test func anOpaqueViewHidesWhatIsBehindIt() {
    assertDiagramSnapshot(of: card(alpha: 1), as: .frame, named: "alpha-opaque")
  }

  @Test func aTranslucentViewIsDashedAndLetsHalfShowThrough() {
    assertDiagramSnapshot(of: card(alpha: 0.6), as: .frame, named: "alpha-translucent")
  }

  @Test func aFaintViewIsDottedAndSparse() {
    assertDiagramSnapshot(of: card(alpha: 0.2), as: .frame, named: "alpha-faint")
  }

  @Test func alphaZeroAndHiddenViewsAreNotDrawn() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let transparent = box("transparent", 24, 72, 272, 144, .systemBlue)
      transparent.alpha = 0
      let hidden = box("hidden", 24, 264, 272, 144, .systemBlue)
      hidden.isHidden = true
      screen.addSubview(transparent)
      screen.addSubview(hidden)
      screen.addSubview(box("visible", 24, 456, 272, 72, .systemGreen))
    }
    let text = FrameRenderer().render(capture)
    #expect(!text.contains("transparent") && !text.contains("hidden"))
    assertDiagramSnapshot(text, named: "alpha-zero-and-hidden")
  }

  @Test func aTranslucentParentMakesItsChildrenTranslucent() {
    let capture = captureScene { window in
      let screen = background(in: window)
      let parent = box("parent", 24, 72, 272, 384, .systemGray6)
      parent.alpha = 0.5
      screen.addSubview(parent)
      parent.addSubview(box("child", 24, 72, 224, 168, .systemBlue))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "alpha-inherited")
  }

  @Test func aDimmingViewWithATranslucentFillShowsWhatIsBelow() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("content", 24, 72, 272, 240, .systemBlue))
      screen.addSubview(box("dimming", 0, 0, 320, 568, UIColor.black.withAlphaComponent(0.5)))
      screen.addSubview(box("sheet", 0, 336, 320, 232, .white))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "translucent-fill")
  }

  // MARK: Dimming

  @Test func dimmedViewsAreMarked() {
    let capture = captureScene { window in
      let home = box("Home", 0, 0, 320, 568, .white)
      window.addSubview(home)
      home.addSubview(box("list", 24, 72, 272, 288, .systemGray6))
      home.tintAdjustmentMode = .dimmed
      let alert = box("alert", 48, 192, 224, 168, .systemBlue)
      window.addSubview(alert)
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "dimmed")
  }

  // MARK: The screen's edge

  @Test func viewsPartlyOffScreenAreCutAtTheScreenEdge() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("left", -120, 48, 216, 120, .systemBlue))
      screen.addSubview(box("right", 216, 216, 216, 120, .systemGreen))
      screen.addSubview(box("top", 120, -72, 120, 120, .systemOrange))
      screen.addSubview(box("bottom", 24, 504, 168, 144, .systemRed))
      screen.addSubview(box("gone", 400, 400, 100, 100, .systemPurple))
    }
    let text = FrameRenderer().render(capture)
    #expect(!text.contains("gone"))
    assertDiagramSnapshot(text, named: "off-screen")
  }

  @Test func smallViewsStayLegible() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("navigationBar", 0, 0, 320, 44, .systemGray6))
      screen.addSubview(box("button", 24, 96, 120, 20, .systemBlue))
      screen.addSubview(box("dot", 200, 96, 10, 10, .systemRed))
      screen.addSubview(box("separator", 24, 200, 272, 0.5, .systemGray))
      screen.addSubview(box("a-very-long-accessibility-identifier", 24, 264, 144, 96))
      let label = kept(UILabel(frame: CGRect(x: 24, y: 408, width: 272, height: 48)))
      label.text = "Hello"
      screen.addSubview(label)
      screen.addSubview(box("tabBar", 0, 519, 320, 49, .systemGray6))
    }
    assertDiagramSnapshot(of: capture, as: .frame, named: "small-views-and-labels")
  }

  @Test func aLargerScaleDrawsMoreDetail() {
    let capture = captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("card", 40, 100, 240, 300, .systemBlue))
    }
    let style = DiagramStyle(pointsPerColumn: 8, pointsPerRow: 16)
    assertDiagramSnapshot(of: capture, as: .frame(style: style), named: "scale-8x16")
  }
}

@Suite("Frame diagrams: odd captures")
struct OddCaptureTests {
  private func layer(_ id: Int, _ quad: [CGPoint], fill: CapturedColor? = nil) -> CapturedLayer {
    CapturedLayer(id: id, parent: nil, depth: 0, label: "odd \(id)", isView: true, quad: quad,
                  frame: .zero, alpha: 1, effectiveAlpha: 1, fill: fill, isDimmed: false, clips: [],
                  transformSummary: "3D", transform: [], cornerRadius: 0, content: nil,
                  isUserInteractionEnabled: true)
  }

  @Test func farAwayAndBrokenQuadsAreDrawnQuicklyOrNotAtAll() {
    let blue = CapturedColor(name: "systemBlue", red: 0, green: 0.478, blue: 1, alpha: 1)
    let layers = [
      layer(0, [CGPoint(x: -1e12, y: -1e12), CGPoint(x: 1e12, y: -3e11), CGPoint(x: 160, y: 300),
                CGPoint(x: -5e11, y: 2e12)], fill: blue),
      layer(1, [CGPoint(x: Double.nan, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]),
      layer(2, [CGPoint(x: Double.infinity, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]),
      layer(3, [CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 50)]),
      layer(4, [CGPoint(x: 50, y: 50)]),
      layer(5, []),
      layer(6, [CGPoint(x: 1e300, y: 1e300), CGPoint(x: 2e300, y: 1e300), CGPoint(x: 2e300, y: 2e300),
                CGPoint(x: 1e300, y: 2e300)]),
    ]
    let capture = ScreenCapture(time: 0, screenSize: CGSize(width: 320, height: 568), transitionProgress: nil,
                                layers: layers)
    let start = ContinuousClock.now
    let text = FrameRenderer().render(capture)
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(text.split(separator: "\n").count == 26)
    _ = LegendRenderer().render(capture)
    _ = FrameJSONEncoder().encode(capture)
  }

  @Test func anEmptyScreenIsJustItsEdge() {
    let empty = ScreenCapture(time: 0, screenSize: CGSize(width: 320, height: 568), transitionProgress: nil, layers: [])
    let lines = FrameRenderer().render(empty).split(separator: "\n")
    #expect(lines.count == 25 && lines[1] == "\u{250C}" + String(repeating: "\u{2500}", count: 25) + "\u{2510}")
    let tiny = ScreenCapture(time: 0, screenSize: .zero, transitionProgress: nil, layers: [])
    #expect(FrameRenderer().render(tiny) == "t=0s\n\n")
  }
}
