import Testing
import TransitionDiagrams
import TransitionEngine

// Golden timelines: one property over time, to show curves and overshoot.

@Suite("Timelines")
struct TimelineTests {
  /// Captures of `build` at 60 fps over `duration` seconds.
  private func film(_ duration: Double, fps: Double = 60, _ build: (UIWindow) -> Void) -> [ScreenCapture] {
    let count = Int((duration * fps).rounded())
    return captureScene(at: (0...count).map { Double($0) / fps }, build)
  }

  @Test func aSpringOvershootsItsTarget() {
    let captures = film(1) { window in
      let card = box("card", 20, 100, 100, 100, .systemBlue)
      window.addSubview(card)
      UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
                     options: [], animations: { card.frame.origin.x = 200 })
    }
    let series = TimelineSeries(.x, of: "card", in: captures)
    let text = TimelineRenderer().render([series])
    #expect(text.contains("overshoot"))
    assertDiagramSnapshot(text, named: "spring-overshoot")
  }

  @Test func easeInOutAgainstLinear() {
    let captures = film(0.5, fps: 120) { window in
      let linear = box("linear", 0, 100, 50, 50)
      let eased = box("eased", 0, 200, 50, 50)
      window.addSubview(linear)
      window.addSubview(eased)
      UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { linear.frame.origin.x = 100 })
      UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseInOut, animations: { eased.frame.origin.x = 100 })
    }
    let series = [TimelineSeries(.x, of: "linear", in: captures), TimelineSeries(.x, of: "eased", in: captures)]
    assertDiagramSnapshot(of: series, as: .timeline(height: 8, title: "x: linear (*) and ease in-out (o)"),
                          named: "ease-in-out-vs-linear")
  }

  @Test func aFadeOutAndBack() {
    let captures = film(0.6, fps: 50) { window in
      let banner = box("banner", 0, 0, 320, 44, .systemYellow)
      window.addSubview(banner)
      UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: [], animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { banner.alpha = 0.2 }
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { banner.alpha = 1 }
      })
    }
    assertDiagramSnapshot(of: [TimelineSeries(.alpha, of: "banner", in: captures)], as: .timeline(height: 6),
                          named: "keyframe-alpha")
  }

  @Test func anEmptySeriesSaysSo() {
    let text = TimelineRenderer().render([TimelineSeries(name: "nothing", samples: [])])
    #expect(text == "nothing\n(no samples)\n")
  }
}
