import Testing
import TransitionDiagrams
import TransitionEngine

// Golden filmstrips: frames side by side under captions, wrapping to the
// maximum width.

@Suite("Filmstrips")
struct FilmstripTests {
  /// A sheet sliding up over a dimming view that fades in: 0.5 s, ease out,
  /// captured every 0.1 s, with the transition's progress in each capture.
  static func slideUp(every step: Double = 0.1, frames: Int = 6) -> [ScreenCapture] {
    let times = (0..<frames).map { Double($0) * step }
    var captures = captureScene(at: times) { window in
      let home = box("Home", 0, 0, 320, 568, .white)
      window.addSubview(home)
      home.addSubview(box("list", 24, 72, 272, 336, .systemGray6))
      let dimming = box("dimming", 0, 0, 320, 568, UIColor.black.withAlphaComponent(0.4))
      dimming.alpha = 0
      window.addSubview(dimming)
      let sheet = box("sheet", 0, 568, 320, 300, .systemBlue)
      window.addSubview(sheet)
      UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseOut, animations: {
        sheet.frame.origin.y = 268
        dimming.alpha = 1
      })
    }
    for i in captures.indices { captures[i].transitionProgress = min(1, captures[i].time / 0.5) }
    return captures
  }

  @Test func fourFramesFitIn120Columns() {
    let text = FilmstripRenderer().render(Array(Self.slideUp().prefix(4)))
    let widest = text.split(separator: "\n").map { $0.unicodeScalars.count }.max() ?? 0
    #expect(widest <= 120)
    #expect(text.split(separator: "\n")[1].components(separatedBy: "\u{250C}").count - 1 == 4)
    assertDiagramSnapshot(text, named: "slide-up-4-frames")
  }

  @Test func moreFramesWrapOntoAnotherRow() {
    assertDiagramSnapshot(of: Self.slideUp(), as: .filmstrip, named: "slide-up-6-frames-wrapped")
  }

  @Test func aNarrowerMaximumWrapsSooner() {
    var style = DiagramStyle.default
    style.maxWidth = 60
    let text = FilmstripRenderer(style: style).render(Array(Self.slideUp().prefix(3)))
    #expect(text.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 60 })
    assertDiagramSnapshot(text, named: "slide-up-narrow")
  }

  @Test func aSmallerScaleFitsMoreFramesPerRow() {
    let style = DiagramStyle(pointsPerColumn: 20, pointsPerRow: 40, frameGap: 2)
    assertDiagramSnapshot(of: Self.slideUp(every: 0.05, frames: 11), as: .filmstrip(style: style),
                          named: "slide-up-small-scale")
  }

  @Test func noCapturesDrawNothing() {
    #expect(FilmstripRenderer().render([]) == "")
  }
}
