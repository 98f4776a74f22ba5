import Testing
import TransitionEngine

// Gesture recognisers made without a target, and the swipe recogniser,
// checked against Apple's documentation of UIGestureRecognizer and
// UISwipeGestureRecognizer.

private final class Receiver {
  var states: [UIGestureRecognizer.State] = []
  var startPoints: [CGPoint] = []
  func handle(_ recognizer: UIGestureRecognizer) {
    states.append(recognizer.state)
    startPoints.append(recognizer.location(in: nil))
  }
}

@Suite("Gesture recognizer API")
struct GestureAPITests {
  /// A visible window with a full-screen view to attach recognizers to.
  private func stage() -> (UIWindow, UIView) {
    let window = UIWindow()
    let root = UIViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    Simulation.current.runUntilIdle()
    return (window, root.view)
  }

  @Test func recognizersMadeWithoutATargetCallTargetsAddedLater() {
    Simulation.run { simulation in
      let (window, view) = stage()
      // Apple: init(target:action:) accepts nil; targets are added with addTarget(_:action:).
      let pan = UIPanGestureRecognizer()
      let tap = UITapGestureRecognizer(target: nil, action: nil)
      let receiver = Receiver()
      pan.addTarget(receiver, action: Selector(Receiver.handle))
      tap.addTarget(receiver, action: Selector(Receiver.handle))
      view.addGestureRecognizer(pan)
      view.addGestureRecognizer(tap)
      #expect(pan.state == .possible)
      window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), duration: 0.3)
      #expect(receiver.states.first == .began)
      #expect(receiver.states.last == .ended)
      receiver.states = []
      window.tap(at: CGPoint(x: 50, y: 50))
      #expect(receiver.states == [.ended], "a tap is discrete: one action, recognized")
      _ = simulation
    }
  }

  @Test func aRecognizerWithoutTargetsRecognizesSilently() {
    Simulation.run { _ in
      let (window, view) = stage()
      let swipe = UISwipeGestureRecognizer()
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 40, y: 200), to: CGPoint(x: 240, y: 200), duration: 0.2)
      #expect(swipe.state == .ended)
    }
  }

  @Test func swipeDefaultsAreRightAndOneTouch() {
    let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
    // Apple: "The default direction is right"; numberOfTouchesRequired defaults to 1.
    #expect(swipe.direction == .right)
    #expect(swipe.numberOfTouchesRequired == 1)
    // UISwipeGestureRecognizer.Direction raw values: right 1, left 2, up 4, down 8.
    #expect(UISwipeGestureRecognizer.Direction.right.rawValue == 1)
    #expect(UISwipeGestureRecognizer.Direction.left.rawValue == 2)
    #expect(UISwipeGestureRecognizer.Direction.up.rawValue == 4)
    #expect(UISwipeGestureRecognizer.Direction.down.rawValue == 8)
  }

  @Test func aSwipeInThePermittedDirectionIsRecognizedOnce() {
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      swipe.direction = .left
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 280, y: 300), to: CGPoint(x: 60, y: 310), duration: 0.2)
      // Apple: a swipe is discrete, "the associated action message is sent only once per gesture".
      #expect(receiver.states == [.recognized])
      // Apple: "You may determine the location where a swipe began by calling … location(in:)".
      #expect(receiver.startPoints == [CGPoint(x: 280, y: 300)])
      #expect(swipe.location(in: view) == CGPoint(x: 280, y: 300))
    }
  }

  @Test func aSwipeInAnotherDirectionIsNotRecognized() {
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      swipe.direction = .up
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.2)
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 0.2)
      #expect(receiver.states.isEmpty)
      #expect(swipe.state == .failed)
    }
  }

  @Test func oneRecognizerCanPermitSeveralDirections() {
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      swipe.direction = [.left, .right]
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.2)
      window.drag(from: CGPoint(x: 280, y: 300), to: CGPoint(x: 60, y: 300), duration: 0.2)
      #expect(receiver.states == [.recognized, .recognized])
      // The property stays what the app set: it is the permitted set, not the one detected.
      #expect(swipe.direction == [.left, .right])
    }
  }

  @Test func aSlowSwipeNeedsPrecisionAFastOneDistance() {
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      view.addGestureRecognizer(swipe)
      // Apple: "A slow swipe requires high directional precision but a small
      // distance; a fast swipe requires low directional precision but a large distance."
      // Slow, short and straight: recognized.
      window.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 140, y: 300), duration: 0.3)
      #expect(receiver.states == [.recognized])
      // Slow, short and 30° off: not.
      window.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 135, y: 320), duration: 0.3)
      #expect(receiver.states == [.recognized])
      // Fast, long and 30° off: recognized.
      window.drag(from: CGPoint(x: 40, y: 300), to: CGPoint(x: 210, y: 398), duration: 0.15)
      #expect(receiver.states == [.recognized, .recognized])
    }
  }

  @Test func aSwipeNeedingTwoFingersIsNotRecognizedWithOne() {
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      swipe.numberOfTouchesRequired = 2
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 40, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.2)
      #expect(receiver.states.isEmpty, "scripted touches have one finger")
    }
  }

  @Test func theDelegateCanStopASwipe() {
    final class Refuser: UIGestureRecognizerDelegate {
      func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }
    Simulation.run { _ in
      let (window, view) = stage()
      let receiver = Receiver()
      let refuser = Refuser()
      let swipe = UISwipeGestureRecognizer(target: receiver, action: Selector(Receiver.handle))
      swipe.delegate = refuser
      view.addGestureRecognizer(swipe)
      window.drag(from: CGPoint(x: 40, y: 300), to: CGPoint(x: 280, y: 300), duration: 0.2)
      #expect(receiver.states.isEmpty)
      #expect(swipe.state == .failed)
    }
  }
}
