import Foundation
import Testing
import TransitionTesting
import UIKit

@MainActor @Suite struct RecorderTests {
  /// A presentation's frames: the card starts below the screen and ends at
  /// its final frame (Apple: the animator puts the "to" view at
  /// `finalFrame(for:)`); frames come every 1/60 s.
  @Test func recordsEveryFrameOfAPresentation() throws {
    let recording = TransitionRecorder().record(makeHome) { scene in
      scene.root.present(CardViewController(), animated: true)
    }
    let grid = recording.frames.filter(\.isOnGrid)
    #expect(grid.count >= 18)
    #expect(zip(grid, grid.dropFirst()).allSatisfy { abs($1.time - $0.time - 1.0 / 60) < 1e-6 })
    #expect(recording.keyMoments == [0, 0.075, 0.15, 0.225, 0.3])
    #expect(recording.value(.y, of: "Card", at: 0) == 568)
    #expect(recording.value(.y, of: "Card", at: 0.3) == 0)
    // Ease-in-out (Apple: "slow at the beginning and end"): less than a
    // quarter of the way at a quarter of the time.
    #expect(try #require(recording.value(.y, of: "Card", at: 0.075)) > 568 * 0.75)
  }

  /// A probe samples what the capture does not hold, at every frame: here
  /// the presentation layer's corner radius (Apple, `presentation()`: "a
  /// copy of the layer that represents the state of the layer as it
  /// currently appears onscreen").
  @Test func probesSamplePresentationValuesAtEveryFrame() {
    let recording = TransitionRecorder().record(makeHome) { scene in
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      badge.accessibilityIdentifier = "badge"
      badge.backgroundColor = .systemRed
      scene.root.view.addSubview(badge)
      scene.watch("radius") { Double(badge.layer.presentation()?.cornerRadius ?? badge.layer.cornerRadius) }
      UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
        badge.layer.cornerRadius = 20
        badge.transform = CGAffineTransform(scaleX: 2, y: 2)
        badge.alpha = 0
      })
    }
    let radius = recording.probe("radius")
    // Watched from inside the scenario: from the first frame after it.
    #expect(abs((radius.first?.value ?? 0) - 20.0 / 12) < 1e-6)
    #expect(abs((radius.first { abs($0.time - 0.1) < 1e-6 }?.value ?? 0) - 10) < 1e-6)
    #expect(radius.last?.value == 20)
    #expect(recording.value(.scale, of: "badge", at: 0.1) == 1.5)
    #expect(abs((recording.value(.alpha, of: "badge", at: 0.15) ?? 0) - 0.25) < 1e-9)
    #expect(recording.keyMoments.isEmpty)
    assertValue(recording, .alpha, of: "badge", at: 0.05, equals: 0.75)
    #expect(recording.flickerViolations(FlickerRules(monotonic: [
      MonotonicValue(probe: "radius", .increasing), MonotonicValue(.alpha, of: "badge", .decreasing),
    ])) == [])
  }

  /// Calls in order, the app's and UIKit's, with what they returned.
  @Test func callsInOrder() {
    let recording = TransitionRecorder().record(makeHome) { scene in
      scene.root.present(CardViewController(), animated: true)
    }
    #expect(recording.calls.prefix(2) == [
      "Home: present(Card, animated: true)",
      "CardTransitions: animationController(forPresented:presenting:source:) => SlideAnimator",
    ])
    assertCalls(recording, inOrder: [
      "animationController(forPresented:",
      "Home: viewWillDisappear(true)",
      "SlideAnimator: transitionDuration(using:) => 0.3",
      "SlideAnimator: animateTransition(using:)",
      "SlideAnimator: completeTransition(true)",
      "Card: viewDidAppear(true)",
    ])
    #expect(recording.trace.first { $0.message == "completeTransition(true)" }?.time == 0.3)
  }
}
