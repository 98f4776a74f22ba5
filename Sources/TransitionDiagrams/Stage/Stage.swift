// Stage: the harness a chapter's snippets use around real UIKit code — a
// window on a device, the virtual clock, and diagrams to print. It is the
// only engine-specific API the book needs:
//
//     let stage = Stage(home)                // a window showing `home`
//     home.present(menu, animated: true)      // real UIKit code
//     print(stage.film())                     // the transition at its key moments
//     print(stage.trace())                    // what UIKit asked, of whom, in order
//
// Every figure it makes is also published (`DiagramChannel.publish`) with its
// frame data, so the book's site can animate it.

import TransitionEngine

/// A window on a device, with the means to look at what it shows.
public final class Stage {
  /// The window showing the root controller.
  public let window: UIWindow
  /// The simulation the stage runs (its clock, trace and diagnostics).
  public let simulation: Simulation
  /// How figures are drawn.
  public var style: DiagramStyle
  private var traceMark: Int
  private var diagnosticsMark: Int
  /// The clock's time when the stage was made: `frame()` counts from it.
  private let startTime: TimeInterval
  /// The clock's time of the last `capture`'s t=0.
  private var filmZero: TimeInterval = 0

  /// Puts `root` in a window filling the screen and shows it; the clock runs
  /// until the window has appeared.
  ///
  /// - Parameters:
  ///   - root: The window's root view controller.
  ///   - device: The screen (default: the simulation's, an iPhone SE 320 × 568
  ///     unless set): one of `Device.all`, e.g. `.iPhone15`, with its safe area.
  ///   - style: How figures are drawn.
  ///
  /// The device is upright: a new stage starts in portrait.
  public init(_ root: UIViewController, device: Device? = nil, style: DiagramStyle = .default) {
    simulation = Simulation.current
    if let device { simulation.device = device }
    simulation.resetOrientation()
    self.style = style
    window = UIWindow(frame: CGRect(origin: .zero, size: simulation.device.screenSize))
    window.rootViewController = root
    // A new stage takes over the screen: earlier stages' windows are hidden.
    for other in simulation.windows where other !== window { other.isHidden = true }
    window.makeKeyAndVisible()
    simulation.advance(by: 0)
    traceMark = simulation.trace.count
    diagnosticsMark = simulation.diagnostics.count
    startTime = simulation.now
  }

  // MARK: Figures

  /// The screen now, as a frame (with the table of exact values when
  /// `legend` is true), thin layers in half rows when `resolution` says so.
  ///
  /// The caption gives the time of the frame: while a transition runs, the
  /// time since it started and its progress, as a film's captions do;
  /// otherwise the time since the stage was made.
  public func frame(legend: Bool = false, resolution: DiagramResolution? = nil) -> Figure {
    var capture = simulation.capture()
    if let run = simulation.runningTransitionTiming, capture.transitionProgress != nil {
      capture.time = Self.snap(simulation.now - run.startTime)
    } else {
      capture.time = Self.snap(simulation.now - startTime)
    }
    let style = self.style(resolution)
    var text = legend ? Diagram.frameWithLegend.render(capture) : Diagram.frame(style: style).render(capture)
    if legend, resolution != nil {
      var tableStyle = DiagramStyle.default
      tableStyle.showsCaption = false
      text = Diagram.frame(style: style).followed(by: .legend(style: tableStyle)).render(capture)
    }
    return publish(Figure(kind: "frame", text: text, captures: [capture]))
  }

  /// Runs the clock and captures the screen at `moments`: by default the key
  /// moments of the transition that is running (or about to start): its
  /// start, 25 %, 50 %, 75 % and end. Captions give the time since the
  /// transition started and its progress.
  ///
  /// `resolution: .halfBlocks` draws layers thinner than a row in half
  /// rows (`▀ ▄ █`) for this figure; the stage's `style` is the default.
  ///
  /// Every frame at 60 fps is held to the flicker check (Guides/Stage.md):
  /// a flash of the window's background, a view jumping, a transition
  /// completed twice is a warning at the call's line; `allowing` declares
  /// an intended jump or uncovered moment.
  public func film(_ moments: Moments = .keyMoments, legend: Bool = false,
                   resolution: DiagramResolution? = nil, allowing: FlickerAllowance = [],
                   line: Int = #line) -> Figure {
    let style = self.style(resolution)
    let traceStart = simulation.trace.count
    let (captures, motion) = capture(moments)
    checkFlicker(motion, since: traceStart, zero: filmZero, allowing: allowing, line: line)
    let renderer = FilmstripRenderer(style: style)
    let strip = renderer.panels(captures)
    var text = renderer.render(strip)
    if legend {
      text += "\n" + captures.map { LegendRenderer(style: style).render($0) }.joined(separator: "\n")
    }
    // With the legend the text is more than the strip: no frame stands alone.
    return publish(Figure(kind: "filmstrip", text: text, captures: captures, motion: motion,
                          strip: legend ? nil : strip))
  }

  /// Plays a drag on the window (touch down at `start`, move to `end` over
  /// `duration`, lift or cancel) and films it every `interval` seconds,
  /// then lets what the drag started finish.
  @discardableResult
  public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval, ending: TouchEnding = .lift,
                   filmingEvery interval: TimeInterval? = nil, allowing: FlickerAllowance = [],
                   line: Int = #line) -> Figure {
    drag(along: [start, end], duration: duration, ending: ending, filmingEvery: interval, allowing: allowing,
         line: line)
  }

  /// Plays a drag along a polyline (touch down at its first point, then at
  /// constant speed along its length to the last, over `duration`), filmed
  /// every `interval` seconds like `drag(from:to:duration:ending:filmingEvery:)`:
  /// a finger that goes out and comes back, a flick at the end. A filmed
  /// drag is held to the flicker check, as `film` is; after a cancel, the
  /// screen must be as it was before the touch.
  @discardableResult
  public func drag(along path: [CGPoint], duration: TimeInterval, ending: TouchEnding = .lift,
                   filmingEvery interval: TimeInterval? = nil, allowing: FlickerAllowance = [],
                   line: Int = #line) -> Figure {
    let t0 = simulation.now
    let traceStart = simulation.trace.count
    var captures: [ScreenCapture] = []
    var motion: [ScreenCapture] = []
    var nextCapture = t0
    var nextMotionFrame = 0
    func motionTime(_ frame: Int) -> TimeInterval { t0 + Double(frame) / Double(MotionJSONEncoder.framesPerSecond) }
    func captureIfDue() {
      guard let interval else { return }
      let keyDue = simulation.now + Simulation.tolerance >= nextCapture
      let motionDue = simulation.now + Simulation.tolerance >= motionTime(nextMotionFrame)
      guard keyDue || motionDue else { return }
      var c = simulation.capture()
      c.time = Self.snap(simulation.now - t0)
      c.transitionProgress = simulation.transitionProgressForCapture
      if motion.last?.time != c.time, motion.count <= MotionJSONEncoder.maximumFrames { motion.append(c) }
      while simulation.now + Simulation.tolerance >= motionTime(nextMotionFrame) { nextMotionFrame += 1 }
      guard keyDue else { return }
      captures.append(c)
      nextCapture += interval
    }
    let observer = simulation.stepObservers.count
    simulation.stepObservers.append(captureIfDue)
    captureIfDue()
    window.drag(along: path, duration: duration, ending: ending)
    simulation.stepObservers.remove(at: observer)
    if interval != nil {
      // Film the rest: the finish or the snap back.
      while let next = simulation.nextEventTime(), next < t0 + 600 {
        let target = max(min(nextCapture, motionTime(nextMotionFrame)), simulation.now)
        simulation.advance(to: min(next, target))
        captureIfDue()
        if simulation.runningTransitionTiming == nil && simulation.nextEventTime() == nil { break }
      }
      var last = simulation.capture()
      last.time = Self.snap(simulation.now - t0)
      if captures.last?.time != last.time { captures.append(last) }
      if motion.last?.time != last.time { motion.append(last) }
      if motion.count > MotionJSONEncoder.maximumFrames { motion = [] }
      checkFlicker(motion, since: traceStart, zero: t0, allowing: allowing, line: line)
    } else {
      simulation.runUntilIdle()
      var last = simulation.capture()
      last.time = Self.snap(simulation.now - t0)
      captures = [last]
    }
    let renderer = FilmstripRenderer(style: style)
    let strip = renderer.panels(captures)
    return publish(Figure(kind: "filmstrip", text: renderer.render(strip), captures: captures,
                          motion: interval == nil ? [] : motion, strip: strip))
  }

  /// The transition dance since the stage was made or since the last call:
  /// who asked whom for what, in order, with virtual times.
  public func trace() -> Figure {
    simulation.drainRunLoop()
    let events = Self.collapsingRepeats(Array(simulation.trace[traceMark...]))
    traceMark = simulation.trace.count
    return publish(Figure(kind: "trace", text: Diagram.callTrace.render(events), captures: []))
  }

  /// Folds a run of the same call with different numeric arguments (a
  /// finger's `updateInteractiveTransition` every 1/60 s) into one line:
  /// `updateInteractiveTransition(0.04 ... 0.405), 28 calls`. Calls that
  /// share a base name but not a numeric argument (a delegate's
  /// `tabBarController(_:shouldSelect:)` then
  /// `tabBarController(_:animationControllerForTransitionFrom:to:)`) stay apart.
  package static func collapsingRepeats(_ events: [TraceEvent]) -> [TraceEvent] {
    func name(_ e: TraceEvent) -> Substring { e.message.prefix { $0 != "(" } }
    func argument(_ e: TraceEvent) -> Substring {
      guard let open = e.message.firstIndex(of: "("), e.message.hasSuffix(")") else { return "" }
      return e.message[e.message.index(after: open)..<e.message.index(before: e.message.endIndex)]
    }
    func hasNumericArgument(_ e: TraceEvent) -> Bool { Double(argument(e)) != nil }
    var result: [TraceEvent] = []
    var i = 0
    while i < events.count {
      var j = i + 1
      while hasNumericArgument(events[i]), j < events.count, events[j].kind == events[i].kind,
            events[j].receiver == events[i].receiver,
            events[j].depth == events[i].depth, name(events[j]) == name(events[i]),
            hasNumericArgument(events[j]), events[j].message != events[i].message {
        j += 1
      }
      if j - i >= 3 {
        var folded = events[i]
        folded.message = "\(name(events[i]))(\(argument(events[i])) ... \(argument(events[j - 1])))"
        folded.result = "\(j - i) calls"
        result.append(folded)
      } else {
        result.append(contentsOf: events[i..<j])
      }
      i = j
    }
    return result
  }

  /// One property of the views labelled `labels` over time, as a chart.
  public func timeline(_ property: CapturedProperty, of labels: [String], _ moments: Moments,
                       height: Int = 10) -> Figure {
    let (captures, motion) = capture(moments)
    let series = labels.map { TimelineSeries(property, of: $0, in: captures) }
    let text = Diagram.timeline(height: height).render(series)
    return publish(Figure(kind: "timeline", text: text, captures: captures, motion: motion))
  }

  /// Several properties of the view labelled `label` over the same moments,
  /// as one chart (its x and y scale, say).
  public func timeline(_ properties: [CapturedProperty], of label: String, _ moments: Moments,
                       height: Int = 10) -> Figure {
    let (captures, motion) = capture(moments)
    let series = properties.map { TimelineSeries($0, of: label, in: captures) }
    let text = Diagram.timeline(height: height).render(series)
    return publish(Figure(kind: "timeline", text: text, captures: captures, motion: motion))
  }

  /// The warnings UIKit would have logged since the last call, one per line
  /// ("no warnings" when there were none).
  public func warnings() -> String {
    let new = simulation.diagnostics[diagnosticsMark...].map(\.message)
    diagnosticsMark = simulation.diagnostics.count
    return new.isEmpty ? "no warnings" : new.joined(separator: "\n")
  }

  /// Runs the clock until nothing is scheduled.
  public func settle() { simulation.runUntilIdle() }

  /// Turns the device so that the interface would show upright in
  /// `orientation` (`.landscapeLeft`: the top of the screen on the left,
  /// the device turned a quarter clockwise). If the root controller (or the
  /// topmost full-screen presented one) supports it, the interface rotates
  /// as UIKit rotates it: `viewWillTransition(to:with:)` now, then a 0.4 s
  /// animation (0.8 s for a half turn) that the clock plays, as a
  /// transition's does — film it with `film()`, or `settle()`. Returns
  /// whether the interface took (or already had) that orientation; the
  /// device turns either way (`UIDevice.current.orientation`).
  @discardableResult
  public func rotate(to orientation: UIInterfaceOrientation, animated: Bool = true) -> Bool {
    simulation.turnDevice(toShow: orientation, animated: animated)
  }

  /// The stage's style, with `resolution` when one is given.
  private func style(_ resolution: DiagramResolution?) -> DiagramStyle {
    var style = self.style
    if let resolution { style.resolution = resolution }
    return style
  }

  // MARK: Capturing

  /// Captures the screen at `moments` (the key moments, printed) and at
  /// every 1/60 s between the first and the last of them (the motion, for
  /// the site's player): the clock stops at those times too, which changes
  /// nothing it fires.
  private func capture(_ moments: Moments) -> (keys: [ScreenCapture], motion: [ScreenCapture]) {
    simulation.advance(by: 0)  // a presentation starts on the next run-loop turn
    let run = simulation.runningTransitionTiming
    let origin = run?.startTime ?? simulation.now
    var plan: [(time: TimeInterval, progress: Double?)]
    switch moments {
    case .keyMoments, .progress:
      let fractions: [Double]
      if case .progress(let given) = moments { fractions = given } else { fractions = [0, 0.25, 0.5, 0.75, 1] }
      if let run {
        plan = fractions.map { (origin + $0 * run.duration, $0) }
      } else {
        let end = simulation.lastAnimationEnd() ?? simulation.now
        plan = fractions.map { (simulation.now + $0 * (end - simulation.now), nil) }
      }
    case .times(let times):
      plan = times.map { (simulation.now + $0, nil) }
    case .every(let interval, let total):
      precondition(interval > 0, "Moments.every needs a positive interval")
      let count = Int((total / interval + 1e-9).rounded(.down))
      let start = simulation.now
      plan = (0...count).map { (start + Double($0) * interval, nil) }
    }
    let base = plan.first?.time ?? simulation.now
    let zero = min(base, origin)
    filmZero = zero
    let sorted = plan.sorted(by: { $0.time < $1.time })
    // The motion: from now (or the film's zero, if later) to the last key
    // moment, on a 60 fps grid from the film's zero, with the key moments.
    var motionPlan: [(time: TimeInterval, progress: Double?, key: Bool)] = sorted.map { ($0.time, $0.progress, true) }
    let fps = Double(MotionJSONEncoder.framesPerSecond)
    let last = sorted.last?.time ?? zero
    // A film longer than the motion may be keeps its key moments only.
    let filmsMotion = (last - max(simulation.now, zero)) * fps <= Double(MotionJSONEncoder.maximumFrames)
    if filmsMotion {
      let start = max(simulation.now, zero)
      var k = Int(((start - zero) * fps - 1e-6).rounded(.up))
      while zero + Double(k) / fps < last - 1e-6 {
        let t = zero + Double(k) / fps
        if !sorted.contains(where: { abs($0.time - t) < 1e-6 }) { motionPlan.append((t, nil, false)) }
        k += 1
      }
    }
    motionPlan.sort { ($0.time, $0.key ? 0 : 1) < ($1.time, $1.key ? 0 : 1) }
    var captures: [ScreenCapture] = []
    var motion: [ScreenCapture] = []
    for entry in motionPlan {
      simulation.advance(to: max(entry.time, simulation.now))
      var c = simulation.capture()
      c.time = Self.snap(entry.time - zero)
      c.transitionProgress = entry.progress ?? (run == nil ? nil : simulation.transitionProgressForCapture ?? 1)
      if entry.key { captures.append(c) }
      if filmsMotion, motion.last?.time != c.time { motion.append(c) }
    }
    return (captures, motion)
  }

  /// Rounds a time to the nanosecond, so that 0.1 + 0.2 reads 0.3.
  static func snap(_ t: TimeInterval) -> TimeInterval { (t * 1e9).rounded() / 1e9 }

  private func publish(_ figure: Figure) -> Figure {
    let json = figure.captures.isEmpty ? nil
      : FrameJSONEncoder().encode(figure.captures, motion: figure.motion, strip: figure.strip)
    let choices = figure.kind == "filmstrip" ? DiagramChannel.choicesSinceLastFilm(of: simulation) : []
    DiagramChannel.publish(PublishedDiagram(kind: figure.kind, text: figure.text, framesJSON: json, choices: choices),
                           from: simulation)
    return figure
  }
}

/// When a stage captures the screen.
public enum Moments: Equatable, Sendable {
  /// The running transition's start, 25 %, 50 %, 75 % and end (or, with no
  /// transition, the same fractions of the time until every animation ends).
  case keyMoments
  /// Given fractions of the running transition.
  case progress([Double])
  /// Given times, in seconds from now.
  case times([TimeInterval])
  /// Every `interval` seconds from now, for `duration` seconds.
  case every(TimeInterval, for: TimeInterval)
}

/// A figure a stage made: print it to show its text.
public struct Figure: CustomStringConvertible, Sendable {
  /// "frame", "filmstrip", "trace" or "timeline".
  public let kind: String
  /// The text that `print` shows.
  public let text: String
  /// The captures it was drawn from.
  public let captures: [ScreenCapture]
  /// Every frame from the first capture to the last at 60 fps (with the
  /// captures among them), for the site's player; empty for a still frame.
  public let motion: [ScreenCapture]
  /// A filmstrip's frames, each drawn alone, and its key (published with
  /// the frames, so that `workbook play` shows what was drawn); nil for
  /// other figures.
  public let strip: FilmstripRenderer.Panels?

  /// A figure of `kind` showing `text`, drawn from `captures`, with its
  /// `motion` and, for a filmstrip, its `strip`.
  public init(kind: String, text: String, captures: [ScreenCapture], motion: [ScreenCapture] = [],
              strip: FilmstripRenderer.Panels? = nil) {
    self.kind = kind
    self.text = text
    self.captures = captures
    self.motion = motion
    self.strip = strip
  }

  public var description: String { text.hasSuffix("\n") ? String(text.dropLast()) : text }
}
