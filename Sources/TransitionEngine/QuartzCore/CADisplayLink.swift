// CADisplayLink on the virtual clock: a callback once per frame of the
// screen (60 frames per second), at the frame's instant.

/// A range of frame rates (Core Animation's `CAFrameRateRange`).
public struct CAFrameRateRange: Hashable, Sendable {
  public var minimum: Float
  public var maximum: Float
  public var preferred: Float?

  public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// The default range: the screen's rate.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// A timer synchronized with the screen's refresh (Core Animation's
/// `CADisplayLink`).
///
/// Once added to a run loop it calls `selector` on `target` (with the
/// link as its argument, when it takes one) at every frame of the screen
/// after the one it was added (or unpaused) in: frame n is at n/60 s of the
/// virtual clock. In the callback, `timestamp` is the frame's time,
/// `targetTimestamp` the time of the frame the app prepares (the next one
/// the link fires at), `duration` the screen's frame interval. A preferred
/// rate below the screen's fires every k-th frame (k = 60 / rate, rounded).
/// The link keeps its target until `invalidate()`.
open class CADisplayLink: NSObject {
  private var target: AnyObject?
  private var selector: Selector?
  private var isAdded = false

  /// The frame index of the next callback; nil while not running.
  private(set) var nextFrame: Int?

  public init(target: Any, selector sel: Selector) {
    self.target = target as AnyObject
    self.selector = sel
    super.init()
  }

  /// The time of the frame of the last callback (0 before the first).
  open private(set) var timestamp: CFTimeInterval = 0
  /// The time of the next frame, which the callback's work is shown at.
  open private(set) var targetTimestamp: CFTimeInterval = 0
  /// The screen's frame interval (1/60 s).
  open var duration: CFTimeInterval { 1 / Double(MainRunLoop.framesPerSecond) }

  /// While true, the link does not fire. Unpausing resumes at the next frame.
  open var isPaused = false {
    didSet {
      guard isPaused != oldValue else { return }
      if isPaused { nextFrame = nil } else { scheduleFromNow() }
    }
  }

  /// Frames per second the app prefers (0: the screen's rate).
  open var preferredFramesPerSecond: Int = 0 {
    didSet { if nextFrame != nil { scheduleFromNow() } }
  }

  /// The frame-rate range the app prefers; its `preferred` rate is honored
  /// like `preferredFramesPerSecond`.
  open var preferredFrameRateRange: CAFrameRateRange = .default {
    didSet { if nextFrame != nil { scheduleFromNow() } }
  }

  /// Starts the link on `runloop` (any mode, once).
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
    guard target != nil, !isAdded else { return }
    isAdded = true
    Simulation.current.runLoop.add(self)
    if !isPaused { scheduleFromNow() }
  }

  /// Stops the link; it can be added again.
  open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
    guard isAdded else { return }
    isAdded = false
    nextFrame = nil
    Simulation.current.runLoop.remove(self)
  }

  /// Stops the link for good and releases its target.
  open func invalidate() {
    if isAdded { remove(from: .main, forMode: .default) }
    target = nil
    selector = nil
  }

  /// Frames between callbacks.
  private var step: Int {
    let fps = MainRunLoop.framesPerSecond
    let preferred = Double(preferredFrameRateRange.preferred ?? 0) > 0
      ? Double(preferredFrameRateRange.preferred!) : Double(preferredFramesPerSecond)
    guard preferred > 0, preferred < Double(fps) else { return 1 }
    return max(1, Int((Double(fps) / preferred).rounded()))
  }

  private func scheduleFromNow() {
    guard isAdded, !isPaused, target != nil else { return }
    let current = MainRunLoop.frame(at: Simulation.current.now)
    let k = step
    nextFrame = (current / k + 1) * k
  }

  /// Called by the run loop at frame `index`.
  func fire(frame index: Int) {
    let k = step
    timestamp = MainRunLoop.time(ofFrame: index)
    targetTimestamp = MainRunLoop.time(ofFrame: index + k)
    nextFrame = index + k
    if let target, let selector { selector.perform(on: target, sender: self) }
  }
}

extension UIScreen {
  /// The screen's refresh rate: 60 frames per second.
  public var maximumFramesPerSecond: Int { MainRunLoop.framesPerSecond }
}
