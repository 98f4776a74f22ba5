// Gesture recognizers driven by scripted touches.
//
// A script (`UIWindow.drag(…)`, `UIWindow.tap(at:)`) touches down, moves
// along a path while advancing the virtual clock at 60 Hz, and lifts (or is
// cancelled). The recognizers attached to the touched view and its
// ancestors receive the touch and report began/changed/ended/cancelled
// with the translations and velocities UIKit would.

/// Which screen edges.
public struct UIRectEdge: OptionSet, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = UIRectEdge(rawValue: 1 << 0)
  public static let left = UIRectEdge(rawValue: 1 << 1)
  public static let bottom = UIRectEdge(rawValue: 1 << 2)
  public static let right = UIRectEdge(rawValue: 1 << 3)
  public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// Decides whether recognizers begin (all optional).
@MainActor @preconcurrency
public protocol UIGestureRecognizerDelegate: AnyObject {
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
  /// Whether the recognizer receives a touch, asked at touch-down before
  /// it sees it (UITouch.swift); a recognizer told no ignores the touch.
  func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
  public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

/// The base recognizer: target–action, state, the touched location.
@MainActor @preconcurrency
open class UIGestureRecognizer: NSObject {
  /// A recognizer's state.
  public enum State: Int {
    case possible, began, changed, ended, cancelled, failed
    /// A discrete gesture was recognized (same as `.ended`).
    public static let recognized = State.ended
  }

  private var targets: [(target: AnyObject, action: Selector)] = []
  /// The current state.
  open internal(set) var state: State = .possible
  /// The view the recognizer is attached to.
  open internal(set) weak var view: UIView?
  open var isEnabled = true
  open var cancelsTouchesInView = true
  open var delaysTouchesBegan = false
  open var delaysTouchesEnded = true
  open weak var delegate: UIGestureRecognizerDelegate?

  /// The touch's current location, in window coordinates.
  var touchLocation = CGPoint.zero
  var touching = false

  /// Creates a recognizer that calls `action` on `target`. Both may be nil
  /// (UIKit: "you can pass nil … and add targets later with `addTarget(_:action:)`").
  public init(target: Any?, action: Selector?) {
    super.init()
    if let target, let action { targets.append((target as AnyObject, action)) }
  }

  /// Creates a recognizer with no target yet (`init(target: nil, action: nil)`,
  /// what `NSObject`'s `init()` gives on iOS); add one with `addTarget(_:action:)`.
  public convenience override init() { self.init(target: nil, action: nil) }

  open func addTarget(_ target: Any, action: Selector) { targets.append((target as AnyObject, action)) }
  open func removeTarget(_ target: Any?, action: Selector?) {
    targets.removeAll { target == nil || $0.target === (target as AnyObject) }
  }

  /// The touch's location in `view`'s coordinates (nil: the window).
  open func location(in view: UIView?) -> CGPoint {
    guard let view else { return touchLocation }
    return view.convert(touchLocation, from: nil)
  }

  /// How many touches are down.
  open var numberOfTouches: Int { touching ? 1 : 0 }

  /// Makes this recognizer wait for `otherGestureRecognizer` to fail.
  ///
  /// UIKit's header: this recognizer's actions are not called "until
  /// otherGestureRecognizer transitions to UIGestureRecognizerStateFailed";
  /// if the other "transitions to UIGestureRecognizerStateRecognized or
  /// UIGestureRecognizerStateBegan" this one fails instead. A required
  /// recognizer that is disabled or not touched counts as failed. In the
  /// engine a pan that has moved far enough stays possible while the other
  /// is still possible and decides on a later step; a tap or a swipe only
  /// checks, when it would recognize, that the other has not begun.
  open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
    failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
  }

  private struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
  }
  private var failureRequirements: [WeakRecognizer] = []
  /// Whether the current scripted touch is delivered to this recognizer.
  var receivesCurrentTouch = false

  /// Where this recognizer's failure requirements stand in the current touch.
  enum Dependencies { case clear, waiting, blocked }

  func dependencies() -> Dependencies {
    var result = Dependencies.clear
    for entry in failureRequirements {
      guard let other = entry.recognizer, other.receivesCurrentTouch, other.isEnabled else { continue }
      switch other.state {
      case .possible: result = .waiting
      case .began, .changed, .ended: return .blocked
      case .failed, .cancelled: continue
      }
    }
    return result
  }

  /// Sends the action to every target.
  func sendActions() {
    for entry in targets { entry.action.perform(on: entry.target, sender: self) }
  }

  func set(_ newState: State) {
    state = newState
    sendActions()
  }

  // Touch handling, overridden by concrete recognizers.
  func touchBegan(at point: CGPoint, time: TimeInterval) {
    touching = true
    touchLocation = point
  }
  func touchMoved(to point: CGPoint, time: TimeInterval) { touchLocation = point }
  func touchEnded(at point: CGPoint, time: TimeInterval) {
    touching = false
    touchLocation = point
  }
  func touchCancelled() { touching = false }

  /// Whether the delegate lets it begin.
  func shouldBegin() -> Bool {
    guard view?.gestureRecognizerShouldBegin(self) ?? true else { return false }
    return delegate?.gestureRecognizerShouldBegin(self) ?? true
  }
}

/// A pan: begins once the touch has moved 10 pt, reports translation and velocity.
@MainActor @preconcurrency
open class UIPanGestureRecognizer: UIGestureRecognizer {
  open var minimumNumberOfTouches = 1
  open var maximumNumberOfTouches = Int.max
  /// UIKit's slop before a pan begins.
  static let hysteresis: CGFloat = 10

  private var start = CGPoint.zero
  private var base = CGPoint.zero
  private var samples: [(point: CGPoint, time: TimeInterval)] = []

  /// The movement since the touch went down (or since `setTranslation`), in `view`'s coordinates.
  open func translation(in view: UIView?) -> CGPoint {
    guard let view else { return CGPoint(x: touchLocation.x - base.x, y: touchLocation.y - base.y) }
    let a = view.convert(base, from: nil), b = view.convert(touchLocation, from: nil)
    return CGPoint(x: b.x - a.x, y: b.y - a.y)
  }

  /// Resets the translation to `translation`.
  open func setTranslation(_ translation: CGPoint, in view: UIView?) {
    base = CGPoint(x: touchLocation.x - translation.x, y: touchLocation.y - translation.y)
  }

  /// The velocity in points per second over the last sample, in `view`'s coordinates.
  open func velocity(in view: UIView?) -> CGPoint {
    guard samples.count >= 2 else { return .zero }
    let a = samples[samples.count - 2], b = samples[samples.count - 1]
    let dt = b.time - a.time
    guard dt > 0 else { return .zero }
    var pa = a.point, pb = b.point
    if let view {
      pa = view.convert(pa, from: nil)
      pb = view.convert(pb, from: nil)
    }
    return CGPoint(x: (pb.x - pa.x) / CGFloat(dt), y: (pb.y - pa.y) / CGFloat(dt))
  }

  /// Whether a touch at `point` (window coordinates) may start this pan.
  func accepts(startAt point: CGPoint) -> Bool { true }

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    start = point
    base = point
    samples = [(point, time)]
    state = .possible
  }

  override func touchMoved(to point: CGPoint, time: TimeInterval) {
    super.touchMoved(to: point, time: time)
    samples.append((point, time))
    if samples.count > 8 { samples.removeFirst(samples.count - 8) }
    switch state {
    case .possible:
      let distance = hypot(point.x - start.x, point.y - start.y)
      guard distance >= Self.hysteresis else { return }
      switch dependencies() {
      case .waiting: return                      // decide on a later step
      case .blocked: state = .failed; return
      case .clear: break
      }
      guard accepts(startAt: start), shouldBegin() else {
        state = .failed
        return
      }
      // The 10-point threshold (and, for an edge pan, the 20-point edge).
      Simulation.current.engineChose("UIPanGestureRecognizer")
      if self is UIScreenEdgePanGestureRecognizer { Simulation.current.engineChose("UIScreenEdgePanGestureRecognizer") }
      set(.began)
    case .began, .changed:
      set(.changed)
    default:
      break
    }
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    switch state {
    case .began, .changed: set(.ended)
    case .possible: state = .failed
    default: break
    }
  }

  override func touchCancelled() {
    super.touchCancelled()
    if state == .began || state == .changed { set(.cancelled) } else { state = .failed }
  }
}

/// A pan that starts at a screen edge (within 20 pt).
@MainActor @preconcurrency
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  /// The edges it starts from.
  open var edges: UIRectEdge = []
  static let edgeWidth: CGFloat = 20

  override func accepts(startAt point: CGPoint) -> Bool {
    guard let bounds = view?.window?.bounds else { return false }
    let w = Self.edgeWidth
    return (edges.contains(.left) && point.x <= bounds.minX + w)
      || (edges.contains(.right) && point.x >= bounds.maxX - w)
      || (edges.contains(.top) && point.y <= bounds.minY + w)
      || (edges.contains(.bottom) && point.y >= bounds.maxY - w)
  }
}

/// A tap: recognized when the touch lifts within 10 pt of where it went down.
@MainActor @preconcurrency
open class UITapGestureRecognizer: UIGestureRecognizer {
  open var numberOfTapsRequired = 1
  open var numberOfTouchesRequired = 1
  private var start = CGPoint.zero

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    start = point
    state = .possible
  }

  override func touchMoved(to point: CGPoint, time: TimeInterval) {
    super.touchMoved(to: point, time: time)
    if hypot(point.x - start.x, point.y - start.y) > UIPanGestureRecognizer.hysteresis { state = .failed }
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    guard state == .possible else { return }
    if dependencies() != .blocked, shouldBegin() { set(.ended) } else { state = .failed }
  }
}

/// A swipe: a discrete gesture, recognized once while the finger moves far
/// enough, mostly in a permitted direction.
///
/// Apple documents the shape of the rule, not its numbers: "A slow swipe
/// requires high directional precision but a small distance; a fast swipe
/// requires low directional precision but a large distance." The engine's
/// numbers (its choice): measured from where the touch went down, a swipe
/// slower than 500 pt/s is recognized after 30 pt within 20° of a permitted
/// direction; a faster one after 60 pt within 40°. It must be recognized
/// within 0.5 s of touch-down, and fails once the touch has moved 10 pt or
/// more in no permitted direction (the angle to every one above the fast
/// tolerance), or if the finger lifts first. The action is sent once, with
/// the state `.ended` (`.recognized`). As Apple documents, `location(in:)`
/// then gives where the swipe began. Scripted touches have one finger, so a
/// recognizer that requires more touches never recognizes.
@MainActor @preconcurrency
open class UISwipeGestureRecognizer: UIGestureRecognizer {
  /// Permitted directions (an option set: one recognizer may accept several).
  public struct Direction: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The permitted directions; `.right` by default (Apple docs).
  open var direction: Direction = .right
  /// The number of fingers the swipe needs; 1 by default (Apple docs).
  open var numberOfTouchesRequired = 1

  /// The engine's thresholds (see the class's documentation).
  static let fastSpeed: CGFloat = 500
  static let slowDistance: CGFloat = 30
  static let fastDistance: CGFloat = 60
  static let slowTolerance: CGFloat = 20
  static let fastTolerance: CGFloat = 40
  static let maximumDuration: TimeInterval = 0.5

  private var start = CGPoint.zero
  private var startTime: TimeInterval = 0

  /// Where the swipe began, once recognized (Apple: "You may determine the
  /// location where a swipe began by calling … location(in:)").
  open override func location(in view: UIView?) -> CGPoint {
    guard state == .ended else { return super.location(in: view) }
    guard let view else { return start }
    return view.convert(start, from: nil)
  }

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    start = point
    startTime = time
    state = numberOfTouches >= numberOfTouchesRequired ? .possible : .failed
  }

  override func touchMoved(to point: CGPoint, time: TimeInterval) {
    super.touchMoved(to: point, time: time)
    guard state == .possible else { return }
    let dx = point.x - start.x, dy = point.y - start.y
    let distance = hypot(dx, dy)
    let elapsed = time - startTime
    guard elapsed <= Self.maximumDuration + 1e-9 else {
      state = .failed
      return
    }
    guard distance > 0 else { return }
    let speed = elapsed > 0 ? distance / CGFloat(elapsed) : .infinity
    let fast = speed >= Self.fastSpeed
    let angle = Self.angle(dx: dx, dy: dy, to: direction)
    if distance >= (fast ? Self.fastDistance : Self.slowDistance),
       angle <= (fast ? Self.fastTolerance : Self.slowTolerance) {
      guard dependencies() != .blocked, shouldBegin() else {
        state = .failed
        return
      }
      set(.ended)
    } else if distance >= UIPanGestureRecognizer.hysteresis, angle > Self.fastTolerance {
      state = .failed
    }
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    if state == .possible { state = .failed }
  }

  override func touchCancelled() {
    super.touchCancelled()
    if state == .possible { state = .failed }
  }

  /// The smallest angle, in degrees, between the movement and a permitted direction.
  static func angle(dx: CGFloat, dy: CGFloat, to direction: Direction) -> CGFloat {
    var best = CGFloat.infinity
    let movement = atan2(dy, dx)
    let axes: [(Direction, CGFloat)] = [(.right, 0), (.down, .pi / 2), (.left, .pi), (.up, -.pi / 2)]
    for (d, a) in axes where direction.contains(d) {
      var delta = abs(movement - a)
      if delta > .pi { delta = 2 * .pi - delta }
      best = min(best, delta * 180 / .pi)
    }
    return best
  }
}

// MARK: - Attaching

extension UIView {
  /// The recognizers attached to the view.
  public var gestureRecognizers: [UIGestureRecognizer]? {
    get { recognizers.isEmpty ? nil : recognizers }
    set {
      recognizers.forEach { $0.view = nil }
      recognizers = []
      newValue?.forEach(addGestureRecognizer)
    }
  }

  /// Attaches a recognizer.
  public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
    gestureRecognizer.view = self
    recognizers.append(gestureRecognizer)
  }

  /// Detaches a recognizer.
  public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    recognizers.removeAll { $0 === gestureRecognizer }
    if gestureRecognizer.view === self { gestureRecognizer.view = nil }
  }
}

// MARK: - Scripted touches

/// How a scripted touch ends.
public enum TouchEnding: Equatable, Sendable {
  /// The finger lifts.
  case lift
  /// The system cancels the touch.
  case cancel
}

extension UIWindow {
  /// Plays a drag: the finger goes down at `start`, moves in a straight line
  /// to `end` over `duration` seconds (one step per 1/60 s, advancing the
  /// clock), and lifts or is cancelled.
  public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval, ending: TouchEnding = .lift) {
    drag(along: [start, end], duration: duration, ending: ending)
  }

  /// Plays a drag along a polyline, at constant speed along its length.
  public func drag(along path: [CGPoint], duration: TimeInterval, ending: TouchEnding = .lift) {
    guard let first = path.first else { return }
    let simulation = self.simulation
    simulation.drainRunLoop()
    // While the app ignores interaction events (UIKit's own, during a
    // non-interactive presentation), the whole touch is dropped.
    let ignored = simulation.ignoredInteractionEventsDepth > 0
    var recognizers: [UIGestureRecognizer] = []
    let touchedView = ignored ? nil : (hitTest(first, with: nil) ?? self)
    var current: UIView? = touchedView
    while let view = current {
      recognizers += view.recognizers.filter(\.isEnabled)
      current = view.superview
    }
    let down = "down at (\(format(Double(first.x))), \(format(Double(first.y))))"
    simulation.record(.note, "touch", ignored ? down + ", ignored: the app is ignoring interaction events" : down)
    let t0 = simulation.now
    // The touch, for the hit-tested view (UITouch.swift): recognizers see
    // each change first, then the view, unless a recognizer cancelled it.
    let delivery = TouchDelivery(view: touchedView, window: self, at: first, time: t0, recognizers: recognizers)
    recognizers = TouchDelivery.receivers(of: delivery.touch, among: recognizers)
    delivery.touch.gestureRecognizers = recognizers
    for r in recognizers { r.receivesCurrentTouch = true }
    defer { for r in recognizers { r.receivesCurrentTouch = false } }
    for r in recognizers { r.touchBegan(at: first, time: t0) }
    delivery.began()
    let steps = max(1, Int((duration * 60).rounded()))
    var last = first
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      simulation.advance(to: t0 + duration * f)
      last = Self.point(along: path, at: f)
      delivery.update(to: last, time: simulation.now, phase: .moved)
      for r in recognizers { r.touchMoved(to: last, time: simulation.now) }
      delivery.moved()
      for observer in simulation.stepObservers { observer() }
    }
    switch ending {
    case .lift:
      simulation.record(.note, "touch", "up at (\(format(Double(last.x))), \(format(Double(last.y))))")
      delivery.update(to: last, time: simulation.now, phase: .ended)
      for r in recognizers { r.touchEnded(at: last, time: simulation.now) }
      delivery.ended()
    case .cancel:
      simulation.record(.note, "touch", "cancelled")
      delivery.update(to: last, time: simulation.now, phase: .cancelled)
      for r in recognizers { r.touchCancelled() }
      delivery.cancelled()
    }
    simulation.drainRunLoop()
  }

  /// Plays a tap at `point`.
  public func tap(at point: CGPoint) {
    drag(along: [point, point], duration: 0.1)
  }

  private static func point(along path: [CGPoint], at fraction: Double) -> CGPoint {
    guard path.count > 1 else { return path[0] }
    var lengths: [Double] = []
    for i in 1..<path.count {
      lengths.append(Double(hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y)))
    }
    let total = lengths.reduce(0, +)
    guard total > 0 else { return path.last! }
    var remaining = fraction * total
    for (i, length) in lengths.enumerated() {
      if remaining <= length || i == lengths.count - 1 {
        let f = length > 0 ? CGFloat(min(remaining / length, 1)) : 1
        let a = path[i], b = path[i + 1]
        return CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
      }
      remaining -= length
    }
    return path.last!
  }
}
