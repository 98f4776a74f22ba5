import Testing
import TransitionDiagrams
import TransitionEngine

// Half-row resolution: thin layers, small views and a spring's small
// undershoot drawn in half blocks (▀ ▄ █) where a figure opts in; the
// default drawing does not change.

@Suite("Half-block diagrams")
struct HalfBlockTests {
  /// Thin views at different heights within their rows, a small dot, and a
  /// card seen edge-on (90° about x), on a white screen. Row r of the grid
  /// is line r + 1 of the text (after the caption; row 0 holds the screen's edge).
  func thinScene() -> ScreenCapture {
    captureScene { window in
      let screen = background(in: window)
      screen.addSubview(box("upper", 12, 98, 72, 6, .systemBlue))       // row 4 (96-120), upper half
      screen.addSubview(box("lower", 96, 110, 72, 6, .systemBlue))      // row 4, lower half
      screen.addSubview(box("hairline", 180, 107, 120, 2, .systemRed))  // row 4, across both halves
      screen.addSubview(box("dot", 60, 182, 8, 8, .systemGreen))        // row 7 (168-192), lower half
      let stage = box("stage", 0, 240, 320, 328)
      var perspective = CATransform3DIdentity
      perspective.m34 = -1.0 / 500
      stage.layer.sublayerTransform = perspective
      screen.addSubview(stage)
      let card = box("card", 60, 64, 200, 200, .systemOrange)
      card.layer.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
      stage.addSubview(card)
    }
  }

  @Test func thinLayersInHalfBlocks() {
    let capture = thinScene()
    assertDiagramSnapshot(of: capture, as: .frame(style: .halfBlocks), named: "thin-layers-half-blocks")
    let lines = FrameRenderer(style: .halfBlocks).render(capture).split(separator: "\n").map(String.init)
    let row4 = Array(lines[5])
    #expect(row4[2] == "\u{2580}" && row4[6] == "\u{2580}", "upper, in the upper half: \(lines[5])")
    #expect(row4[9] == "\u{2584}" && row4[13] == "\u{2584}", "lower, in the lower half: \(lines[5])")
    #expect(row4[16] == "\u{2588}" && row4[24] == "\u{2588}", "the hairline, across the halves: \(lines[5])")
    #expect(Array(lines[8])[5] == "\u{2584}", "the dot, in the lower half: \(lines[8])")
    #expect(lines.contains("looks: \u{2580}\u{2584}\u{2588} thin layers, to half a row"))
    // The edge-on card: one row of blocks where whole cells draw a line.
    #expect(lines.contains { $0.contains(String(repeating: "\u{2580}", count: 10)) || $0.contains(String(repeating: "\u{2584}", count: 10)) })
  }

  @Test func theDefaultDrawingDoesNotChange() {
    let capture = thinScene()
    assertDiagramSnapshot(of: capture, as: .frame, named: "thin-layers-cells")
    let text = FrameRenderer().render(capture)
    #expect(!text.contains("\u{2580}") && !text.contains("\u{2584}") && !text.contains("\u{2588}"))
    #expect(text.contains("+-card"), "whole cells draw the edge-on card as a line")
  }

  @Test("a spring's undershoot smaller than a row shows in half blocks, not in whole cells")
  func springUndershoot() throws {
    // A 6-point bar springs from y = 170 up to y = 110 (the lower half of
    // row 4) and goes past it, into the upper half, before it settles.
    let times = stride(from: 0.0, through: 2.0, by: 0.02).map { $0 }
    let captures = captureScene(at: times) { window in
      let screen = background(in: window)
      let bar = box("bar", 40, 170, 240, 6, .systemBlue)
      screen.addSubview(bar)
      UIView.animate(withDuration: 2, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                     options: [], animations: { bar.frame.origin.y = 110 })
    }
    func barY(_ capture: ScreenCapture) -> Double { Double(capture.layers.first { $0.label == "bar" }?.frame.minY ?? 0) }
    let peak = try #require(captures.min { barY($0) < barY($1) })
    let rest = try #require(captures.last)
    #expect(barY(peak) < 108 && barY(peak) > 96 && barY(rest) == 110, "the overshoot stays within row 4: \(barY(peak))")
    func picture(_ capture: ScreenCapture, _ style: DiagramStyle) -> String {
      FrameRenderer(style: style).render(capture).split(separator: "\n").dropFirst().joined(separator: "\n")
    }
    #expect(picture(peak, .default) == picture(rest, .default), "whole cells cannot tell them apart")
    #expect(picture(peak, .halfBlocks) != picture(rest, .halfBlocks))
    assertDiagramSnapshot(FrameRenderer(style: .halfBlocks).render(peak) + "\n" + FrameRenderer(style: .halfBlocks).render(rest),
                          named: "spring-undershoot-half-blocks")
  }
}
