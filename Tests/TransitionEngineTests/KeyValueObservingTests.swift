import Testing
import TransitionEngine

// Swift key-path KVO (`observe(_:options:changeHandler:)`) of the engine's
// views, scroll views and layers, checked against Foundation's documented
// options and the token's documented lifetime.

private final class ObservedCardView: UIView {}

@Suite("Key-value observing")
struct KeyValueObservingTests {
  @Test func newAndOldValuesOfAViewsFrame() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
      var changes: [(old: CGRect?, new: CGRect?)] = []
      let observation = view.observe(\.frame, options: [.old, .new]) { _, change in
        changes.append((change.oldValue, change.newValue))
        #expect(change.kind == .setting)
        #expect(!change.isPrior)
      }
      view.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
      #expect(changes.count == 1)
      #expect(changes.first?.old == CGRect(x: 0, y: 0, width: 100, height: 50))
      #expect(changes.first?.new == CGRect(x: 10, y: 20, width: 100, height: 50))
      _ = observation
    }
  }

  @Test func withoutOptionsTheChangeCarriesNoValues() {
    Simulation.run { _ in
      let view = UIView()
      var count = 0
      let observation = view.observe(\.center) { _, change in
        count += 1
        #expect(change.newValue == nil && change.oldValue == nil)
      }
      view.center = CGPoint(x: 5, y: 5)
      #expect(count == 1)
      _ = observation
    }
  }

  @Test func initialAndPriorNotifications() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var log: [String] = []
      // Foundation: .initial sends a notification at once (new value if .new, never the old one);
      // .prior sends one before each change (isPrior, old value if .old, never the new one).
      let observation = view.observe(\.bounds, options: [.initial, .prior, .old, .new]) { _, change in
        log.append("prior=\(change.isPrior) old=\(change.oldValue?.width.description ?? "nil") new=\(change.newValue?.width.description ?? "nil")")
      }
      view.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
      #expect(log == [
        "prior=false old=nil new=10.0",
        "prior=true old=10.0 new=nil",
        "prior=false old=10.0 new=30.0",
      ])
      _ = observation
    }
  }

  @Test func theObservationStopsWhenInvalidatedOrReleased() {
    Simulation.run { _ in
      let view = UIView()
      var count = 0
      let observation = view.observe(\.frame) { _, _ in count += 1 }
      view.frame.origin.x = 1
      observation.invalidate()
      view.frame.origin.x = 2
      #expect(count == 1)
      do {
        let released = view.observe(\.frame) { _, _ in count += 1 }
        _ = released
      }
      view.frame.origin.x = 3
      #expect(count == 1, "an observation that is deinitialised stops observing")
    }
  }

  @Test func eachSetterNotifiesItsOwnKeyOnly() {
    Simulation.run { _ in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var frames = 0, centers = 0
      let a = view.observe(\.frame) { _, _ in frames += 1 }
      let b = view.observe(\.center) { _, _ in centers += 1 }
      // Observed on iOS: setting center does not notify frame observers, nor frame center observers.
      view.center = CGPoint(x: 50, y: 50)
      #expect(frames == 0 && centers == 1)
      view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
      #expect(frames == 1 && centers == 1)
      // Automatic KVO notifies on every set, even of an equal value.
      view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
      #expect(frames == 2)
      _ = (a, b)
    }
  }

  @Test func subclassesAndLayerKeyPathsAreObserved() {
    Simulation.run { _ in
      let card = ObservedCardView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      var alphas: [CGFloat?] = [], radii: [CGFloat?] = []
      let a = card.observe(\.alpha, options: [.new]) { _, change in alphas.append(change.newValue) }
      let b = card.observe(\.layer.cornerRadius, options: [.new]) { view, change in
        #expect(view === card)
        radii.append(change.newValue)
      }
      card.alpha = 0.5
      card.layer.cornerRadius = 12
      #expect(alphas == [0.5])
      #expect(radii == [12])
      _ = (a, b)
    }
  }

  @Test func layerProperties() {
    Simulation.run { _ in
      let layer = CALayer()
      let shape = CAShapeLayer()
      var positions: [CGPoint?] = [], opacities: [Float?] = [], strokeEnds: [CGFloat?] = []
      let a = layer.observe(\.position, options: [.new]) { _, change in positions.append(change.newValue) }
      let b = layer.observe(\.opacity, options: [.new]) { _, change in opacities.append(change.newValue) }
      let c = shape.observe(\.strokeEnd, options: [.new]) { _, change in strokeEnds.append(change.newValue) }
      layer.position = CGPoint(x: 3, y: 4)
      layer.opacity = 0.25
      shape.strokeEnd = 0.5
      #expect(positions == [CGPoint(x: 3, y: 4)])
      #expect(opacities == [0.25])
      #expect(strokeEnds == [0.5])
      _ = (a, b, c)
    }
  }

  @Test func aLayersFrameChangesItsBoundsAndPosition() {
    Simulation.run { _ in
      let layer = CALayer()
      var keys: [String] = []
      let a = layer.observe(\.bounds) { _, _ in keys.append("bounds") }
      let b = layer.observe(\.position) { _, _ in keys.append("position") }
      let c = layer.observe(\.frame) { _, _ in keys.append("frame") }
      layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
      #expect(keys.sorted() == ["bounds", "frame", "position"])
      _ = (a, b, c)
    }
  }

  @Test func scrollViewContentOffset() {
    Simulation.run { _ in
      let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      var offsets: [CGPoint?] = [], sizes: [CGSize?] = []
      let a = scrollView.observe(\.contentOffset, options: [.new]) { _, change in offsets.append(change.newValue) }
      let b = scrollView.observe(\.contentSize, options: [.new]) { _, change in sizes.append(change.newValue) }
      scrollView.contentSize = CGSize(width: 320, height: 1000)
      scrollView.contentOffset = CGPoint(x: 0, y: 120)
      scrollView.setContentOffset(CGPoint(x: 0, y: 40), animated: false)
      #expect(offsets == [CGPoint(x: 0, y: 120), CGPoint(x: 0, y: 40)])
      #expect(sizes == [CGSize(width: 320, height: 1000)])
      _ = (a, b)
    }
  }

  @Test func insideAnAnimationTheModelValueIsReported() {
    Simulation.run { simulation in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var values: [CGPoint?] = []
      let observation = view.observe(\.center, options: [.new]) { _, change in values.append(change.newValue) }
      UIView.animate(withDuration: 1) { view.center = CGPoint(x: 100, y: 100) }
      simulation.runUntilIdle()
      #expect(values == [CGPoint(x: 100, y: 100)], "one change, at once: the model value")
      _ = observation
    }
  }

  @Test func anUnsupportedKeyPathHonoursInitialAndIsReported() {
    final class Model: NSObject {
      var progress = 0.0
    }
    Simulation.run { simulation in
      let model = Model()
      var values: [Double?] = []
      let observation = model.observe(\.progress, options: [.initial, .new]) { _, change in values.append(change.newValue) }
      model.progress = 1
      #expect(values == [0.0], "only the initial notification: the engine cannot see app properties change")
      #expect(simulation.diagnostics.contains { $0.message.contains("not supported by the engine") })
      _ = observation
    }
  }
}
