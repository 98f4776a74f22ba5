// Touches and events: the scripted finger of `UIWindow.drag`/`tap(at:)`
// as a UITouch in a UIEvent, delivered to the hit-tested view's
// `touchesBegan/Moved/Ended/Cancelled(_:with:)` (UIResponder.swift) after
// the gesture recognizers have seen it (UIGestureRecognizer.swift), as
// UIKit delivers them.

/// A finger on the screen, as UIKit's `UITouch`.
@MainActor @preconcurrency
open class UITouch: NSObject {
  /// Where a touch is in its life.
  public enum Phase: Int, Sendable {
    case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
  }

  /// The kind of touch (scripted touches are fingers: `.direct`).
  public enum TouchType: Int, Sendable {
    case direct, indirect, pencil, indirectPointer
  }

  /// The phase.
  open internal(set) var phase: Phase = .began
  /// How many times the finger tapped here in quick succession (1 for a
  /// first tap; see `UIWindow.drag` for the engine's interval).
  open internal(set) var tapCount: Int = 1
  /// When the touch last changed, on the engine's clock (seconds).
  open internal(set) var timestamp: TimeInterval = 0
  /// The hit-tested view the touch is delivered to (it stays the same
  /// while the finger moves, as UIKit's).
  open internal(set) var view: UIView?
  /// The window the touch is in.
  open internal(set) weak var window: UIWindow?
  /// Scripted touches are fingers.
  open var type: TouchType { .direct }
  /// A finger's radius (UIKit reports an estimate; the engine a fixed 20 pt, its choice).
  open var majorRadius: CGFloat { 20 }
  /// No pressure sensing: 0, as on devices without 3D Touch.
  open var force: CGFloat { 0 }
  open var maximumPossibleForce: CGFloat { 0 }
  /// The recognizers receiving the touch.
  open internal(set) var gestureRecognizers: [UIGestureRecognizer]?

  /// The current and previous locations, in window coordinates.
  var windowLocation = CGPoint.zero
  var previousWindowLocation = CGPoint.zero

  /// The touch's location in `view`'s coordinates (nil: the window's).
  open func location(in view: UIView?) -> CGPoint {
    guard let view else { return windowLocation }
    return view.convert(windowLocation, from: nil)
  }

  /// The location before the last move, in `view`'s coordinates (nil: the window's).
  open func previousLocation(in view: UIView?) -> CGPoint {
    guard let view else { return previousWindowLocation }
    return view.convert(previousWindowLocation, from: nil)
  }

  open override var description: String {
    mainActorState {
      "<UITouch: phase: \(phase), tap count: \(tapCount), location in window: (\(format(Double(windowLocation.x))), \(format(Double(windowLocation.y))))>"
    }
  }
}

/// An event: the touches of one scripted gesture, as UIKit's `UIEvent`.
@MainActor @preconcurrency
open class UIEvent: NSObject {
  /// The kind of event.
  public enum EventType: Int, Sendable {
    case touches, motion, remoteControl, presses, scroll = 10, hover = 11, transform = 14
  }

  /// Scripted events are touches.
  open var type: EventType { .touches }
  /// When the event last changed, on the engine's clock.
  open internal(set) var timestamp: TimeInterval = 0
  var touchList: [UITouch] = []

  /// Every touch of the event (one: scripts have one finger).
  open var allTouches: Set<UITouch>? { Set(touchList) }

  /// The touches delivered to `view`.
  open func touches(for view: UIView) -> Set<UITouch>? { Set(touchList.filter { $0.view === view }) }

  /// The touches in `window`.
  open func touches(for window: UIWindow) -> Set<UITouch>? { Set(touchList.filter { $0.window === window }) }

  /// The touches `gesture` receives.
  open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
    Set(touchList.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false })
  }
}

extension UIResponder {
  /// UIKit's responder chain: a view's controller (for a root view), else
  /// its superview; a controller's view's superview (or its parent or
  /// presenter); a window's application.
  var defaultNextResponder: UIResponder? {
    if let window = self as? UIWindow {
      _ = window
      return UIApplication.shared
    }
    if let view = self as? UIView { return view.owningController ?? view.superview }
    if let controller = self as? UIViewController {
      return controller.viewIfLoaded?.superview ?? controller.parent ?? controller.presentingViewController
    }
    return nil
  }
}

/// The scripted touch's delivery to its view (UIWindow.drag).
@MainActor
final class TouchDelivery {
  let touch = UITouch()
  let event = UIEvent()
  /// Whether the view still receives the touch (not cancelled by a recognizer).
  private var viewReceives: Bool
  /// Whether `touchesBegan` is held back by a recognizer's `delaysTouchesBegan`.
  private var beganHeld = false
  private var recognizers: [UIGestureRecognizer]
  private let touchDownPoint: CGPoint

  /// The interval and distance within which a touch continues a run of
  /// taps (UIKit does not publish them; the engine's choice).
  static let multiTapInterval: TimeInterval = 0.35
  static let multiTapDistance: CGFloat = 20

  init(view: UIView?, window: UIWindow, at point: CGPoint, time: TimeInterval, recognizers: [UIGestureRecognizer]) {
    self.recognizers = recognizers
    touchDownPoint = point
    viewReceives = view != nil
    touch.view = view
    touch.window = window
    touch.windowLocation = point
    touch.previousWindowLocation = point
    touch.timestamp = time
    touch.phase = .began
    touch.gestureRecognizers = recognizers
    event.touchList = [touch]
    event.timestamp = time
    let last = window.simulation.lastTap
    if let last, time - last.time <= Self.multiTapInterval + Simulation.tolerance,
       hypot(point.x - last.point.x, point.y - last.point.y) <= Self.multiTapDistance {
      touch.tapCount = last.count + 1
    }
  }

  /// The recognizers that receive the touch: those whose delegate's
  /// `gestureRecognizer(_:shouldReceive:)` says yes (asked at touch-down).
  static func receivers(of touch: UITouch, among recognizers: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
    recognizers.filter { $0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true }
  }

  /// Whether a recognizer that cancels touches in its view has recognized.
  private var recognizedCancelling: Bool {
    recognizers.contains { r in
      r.cancelsTouchesInView && [.began, .changed, .ended].contains(r.state)
    }
  }

  /// Whether a recognizer that delays `touchesBegan` is still deciding.
  private var heldByRecognizer: Bool {
    recognizers.contains { $0.delaysTouchesBegan && $0.state == .possible }
  }

  /// Touch-down, after the recognizers have seen it.
  func began() {
    guard viewReceives else { return }
    if recognizedCancelling {
      viewReceives = false
    } else if heldByRecognizer {
      beganHeld = true
    } else {
      touch.view?.touchesBegan([touch], with: event)
    }
  }

  /// A move to `point` at `time`, before the recognizers see it.
  func update(to point: CGPoint, time: TimeInterval, phase: UITouch.Phase) {
    // A finger that did not move is stationary: no touchesMoved (UIKit).
    let moved = point != touch.windowLocation
    if moved || phase != .moved {
      touch.previousWindowLocation = touch.windowLocation
      touch.windowLocation = point
    }
    touch.timestamp = time
    touch.phase = phase == .moved && !moved ? .stationary : phase
    event.timestamp = time
  }

  /// A move, after the recognizers have seen it: a recognizer that began
  /// and cancels touches in its view cancels the view's touch (Apple:
  /// "When this property is true (the default) and the gesture recognizer
  /// recognizes its gesture, the touches of that gesture that are pending
  /// are not delivered to the view and previously delivered touches are
  /// cancelled through a touchesCancelled(_:with:) message").
  func moved() {
    guard viewReceives else { return }
    if recognizedCancelling {
      cancelView()
      return
    }
    if beganHeld {
      if heldByRecognizer { return }
      beganHeld = false
      let phase = touch.phase
      touch.phase = .began
      touch.view?.touchesBegan([touch], with: event)
      touch.phase = phase
    }
    if touch.phase == .moved { touch.view?.touchesMoved([touch], with: event) }
  }

  /// The lift, after the recognizers have seen it.
  func ended() {
    let window = touch.window
    let down = touchDownPoint
    let isTap = hypot(touch.windowLocation.x - down.x, touch.windowLocation.y - down.y) <= UIPanGestureRecognizer.hysteresis
    window?.simulation.lastTap = isTap ? (touch.timestamp, touch.windowLocation, touch.tapCount) : nil
    guard viewReceives else { return }
    if recognizedCancelling {
      cancelView()
      return
    }
    if beganHeld {
      // Apple, delaysTouchesBegan: the view receives the touches once the
      // recognizers fail; at lift it gets the whole sequence.
      beganHeld = false
      let phase = touch.phase
      touch.phase = .began
      touch.view?.touchesBegan([touch], with: event)
      touch.phase = phase
    }
    touch.view?.touchesEnded([touch], with: event)
  }

  /// The system cancelled the touch.
  func cancelled() {
    guard viewReceives else { return }
    cancelView()
  }

  private func cancelView() {
    viewReceives = false
    guard !beganHeld else {
      beganHeld = false
      return
    }
    let phase = touch.phase
    touch.phase = .cancelled
    touch.view?.touchesCancelled([touch], with: event)
    if phase == .ended { touch.phase = .ended }
  }
}
