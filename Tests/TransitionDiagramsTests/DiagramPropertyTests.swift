import Foundation
import TestSupport
import Testing
import TransitionDiagrams
import TransitionEngine

// Properties of the renderers over many generated scenes (seeded, so every
// run checks the same scenes).

@Suite("Diagram properties")
struct DiagramPropertyTests {
  static let colors: [(UIColor, String, Character)] = [
    (.white, "white", "."), (.systemRed, "systemRed", "#"), (.systemGreen, "systemGreen", "="),
    (.systemBlue, "systemBlue", "%"), (.systemOrange, "systemOrange", "@"), (.systemGray6, "systemGray6", ":"),
  ]

  /// Every colour pinned, so that a hidden colour cannot shift the others' characters.
  static let pinnedStyle = DiagramStyle(palette: FillPalette(
    pinned: colors.map { FillPalette.Entry(colorName: $0.1, character: $0.2) }, lightFills: [","], darkFills: ["$"]))

  /// A scene of random views; with `victim`, a view (and a child) wholly
  /// inside an opaque cover that is added after it.
  static func coveredScene(seed: UInt64, victim: Bool) -> ScreenCapture {
    var random = SplitMix64(seed: seed)
    func number(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &random) / 4).rounded() * 4 }
    func color() -> UIColor? {
      let i = Int.random(in: 0...colors.count, using: &random)
      return i == colors.count ? nil : colors[i].0
    }
    return captureScene { window in
      let screen = background(in: window)
      // Views below, anywhere, some translucent, clipping or rotated.
      for i in 0..<Int.random(in: 2...6, using: &random) {
        let view = box("back\(i)", number(-60...300), number(-60...540), number(12...220), number(12...300), color())
        view.alpha = [1, 1, 0.6, 0.2][Int.random(in: 0...3, using: &random)]
        view.clipsToBounds = Bool.random(using: &random)
        if Int.random(in: 0...4, using: &random) == 0 {
          view.transform = CGAffineTransform(rotationAngle: CGFloat(Double.random(in: -1...1, using: &random)))
        }
        screen.addSubview(view)
        if Bool.random(using: &random) {
          view.addSubview(box("kid\(i)", number(-20...100), number(-20...100), number(12...120), number(12...120), color()))
        }
      }
      let cover = CGRect(x: number(0...200), y: number(0...360), width: number(48...240), height: number(72...300))
      // The victim, drawn with the same random numbers whether it is added or not.
      let w = number(0...Double(cover.width)), h = number(0...Double(cover.height))
      let x = Double(cover.minX) + number(0...(Double(cover.width) - w))
      let y = Double(cover.minY) + number(0...(Double(cover.height) - h))
      let hidden = box("victim", x, y, w, h, color())
      hidden.clipsToBounds = Bool.random(using: &random)
      hidden.alpha = Bool.random(using: &random) ? 1 : 0.5
      hidden.tintAdjustmentMode = Bool.random(using: &random) ? .dimmed : .automatic
      let childX = number(0...w), childY = number(0...h)
      hidden.addSubview(box("victim child", childX, childY, number(0...(w - childX)), number(0...(h - childY)), color()))
      // Sometimes turned, when it stays a cell away from the cover's edges.
      let angle = Double.random(in: -0.8...0.8, using: &random)
      let turned = hidden.frame.applying(CGAffineTransform(rotationAngle: CGFloat(angle)))
      let inset = cover.insetBy(dx: 12, dy: 24)
      if Bool.random(using: &random), inset.contains(CGRect(x: hidden.center.x - turned.width / 2,
                                                             y: hidden.center.y - turned.height / 2,
                                                             width: turned.width, height: turned.height)) {
        hidden.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
      }
      if victim { screen.addSubview(hidden) }
      let opaque = colors[Int.random(in: 0..<colors.count, using: &random)].0
      screen.addSubview(box("cover", Double(cover.minX), Double(cover.minY), Double(cover.width),
                            Double(cover.height), opaque))
      // Views above, sometimes.
      if Bool.random(using: &random) {
        screen.addSubview(box("above", number(0...300), number(0...540), number(12...200), number(12...200), color()))
      }
    }
  }

  @Test(arguments: 0..<200)
  func aViewWhollyCoveredByAnOpaqueViewLeavesNoMark(seed: Int) {
    let renderer = FrameRenderer(style: Self.pinnedStyle)
    let with = Self.coveredScene(seed: UInt64(seed), victim: true)
    let without = Self.coveredScene(seed: UInt64(seed), victim: false)
    #expect(with.layers.contains { $0.label == "victim" })
    let a = renderer.render(with), b = renderer.render(without)
    #expect(a == b, "seed \(seed):\n\(lineDiff(expected: b, actual: a))")
  }

  @Test(arguments: 0..<20)
  func renderingTwiceGivesTheSameText(seed: Int) {
    let first = Self.coveredScene(seed: UInt64(seed), victim: true)
    let second = Self.coveredScene(seed: UInt64(seed), victim: true)
    #expect(first == second)
    #expect(FrameRenderer().render(first) == FrameRenderer().render(second))
    #expect(FrameRenderer().render(first) == FrameRenderer().render(first))
    #expect(LegendRenderer().render(first) == LegendRenderer().render(second))
    #expect(FrameJSONEncoder().encode(first) == FrameJSONEncoder().encode(second))
    #expect(FilmstripRenderer().render([first, second]) == FilmstripRenderer().render([second, first]))
  }

  @Test func everyCharacterIsASCIIOrBoxDrawing() {
    for seed in 0..<50 {
      let capture = Self.coveredScene(seed: UInt64(seed), victim: true)
      let text = FrameRenderer().render(capture) + LegendRenderer().render(capture)
        + FrameJSONEncoder().encode(capture)
      for scalar in text.unicodeScalars {
        #expect(scalar.value < 0x7F || (0x2500...0x257F).contains(scalar.value), "'\(scalar)' in seed \(seed)")
      }
    }
  }

  /// The shared generator draws the scenes these properties were written
  /// against: SplitMix64's reference stream for seed 0 (Vigna's first value,
  /// 0xE220A8397B1DCDAF), and the first draws of a scene for seed 42.
  @Test func seedsDrawThePinnedValues() {
    var zero = SplitMix64(seed: 0)
    #expect((0..<3).map { _ in zero.next() } == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    var random = SplitMix64(seed: 42)
    let draws = [Int.random(in: 2...6, using: &random), Int.random(in: 0...1000, using: &random)]
    #expect("\(draws) \(Double.random(in: -60...300, using: &random))" == "[5, 160] 40.296406891849955")
  }

  @Test(arguments: 0..<10)
  func captionsMatchTheClock(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    // Times in even milliseconds, so that times and progress (t / 2) print exactly.
    var millis = (0..<Int.random(in: 1...7, using: &random)).map { _ in 2 * Int.random(in: 0...1000, using: &random) }
    millis = Array(Set(millis)).sorted()
    let times = millis.map { Double($0) / 1000 }
    var captures = captureScene(at: times) { window in
      let card = box("card", 0, 0, 100, 100, .systemBlue)
      window.addSubview(card)
      UIView.animate(withDuration: 2, animations: { card.frame.origin.x = 200 })
    }
    for i in captures.indices { captures[i].transitionProgress = captures[i].time / 2 }
    #expect(captures.map(\.time) == times)
    func seconds(_ ms: Int) -> String {
      var text = "\(ms / 1000)"
      if ms % 1000 != 0 {
        var fraction = String(ms % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
      }
      return text
    }
    let expected = millis.map { "t=\(seconds($0))s progress=\(seconds($0 / 2))" }
    let text = FilmstripRenderer().render(captures)
    let captions = text.split(separator: "\n").filter { $0.hasPrefix("t=") }
      .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true) }
    var found: [String] = []
    var i = 0
    while i + 1 < captions.count { found.append("\(captions[i]) \(captions[i + 1])"); i += 2 }
    #expect(found == expected.map { $0 })
    #expect(FrameRenderer().render(captures[0]).hasPrefix(expected[0] + "\n"))
  }
}
