// Timeline: one property of one or more views over time, as a compact
// ASCII chart — to show curves, springs and overshoot.

import TransitionEngine

/// One property of one view, sampled over time.
public struct TimelineSeries: Equatable, Sendable {
  /// One sample: a time in seconds and the value then.
  public struct Sample: Equatable, Sendable {
    /// The time, in seconds.
    public var time: Double
    /// The value then.
    public var value: Double

    /// Creates a sample.
    public init(time: Double, value: Double) {
      self.time = time
      self.value = value
    }
  }

  /// What the chart's key calls the series ("card x").
  public var name: String
  /// The samples, in time order.
  public var samples: [Sample]

  /// Creates a series from samples in time order.
  public init(name: String, samples: [Sample]) {
    self.name = name
    self.samples = samples
  }

  /// The value of `property` of the layer labelled `label`, in each capture
  /// that shows it.
  ///
  /// ```swift
  /// let x = TimelineSeries(.x, of: "card", in: captures)   // named "card x"
  /// ```
  ///
  /// - Parameters:
  ///   - property: What to read from the layer.
  ///   - label: The layer's label; the first (backmost) layer with it is read.
  ///   - captures: The captures, in time order.
  ///   - name: The series' name; "<label> <property>" by default.
  public init(_ property: CapturedProperty, of label: String, in captures: [ScreenCapture], name: String? = nil) {
    self.name = name ?? "\(label) \(property.name)"
    samples = captures.compactMap { capture in
      capture.layers.first { $0.label == label }.map { Sample(time: capture.time, value: property.value($0)) }
    }
  }
}

/// A number read from a captured layer, with its name: a value, so that
/// charts can plot any property.
///
/// ```swift
/// let scale = CapturedProperty(name: "scale") { ($0.transform[0] * $0.transform[0] + $0.transform[1] * $0.transform[1]).squareRoot() }
/// ```
public struct CapturedProperty: Sendable {
  /// The property's name in keys ("x", "alpha").
  public var name: String
  /// Reads the property.
  public var value: @Sendable (CapturedLayer) -> Double

  /// Creates a property called `name` that `value` reads.
  public init(name: String, value: @escaping @Sendable (CapturedLayer) -> Double) {
    self.name = name
    self.value = value
  }

  /// The frame's x (superview coordinates).
  public static let x = CapturedProperty(name: "x") { Double($0.frame.minX) }
  /// The frame's y (superview coordinates).
  public static let y = CapturedProperty(name: "y") { Double($0.frame.minY) }
  /// The frame's width.
  public static let width = CapturedProperty(name: "width") { Double($0.frame.width) }
  /// The frame's height.
  public static let height = CapturedProperty(name: "height") { Double($0.frame.height) }
  /// The layer's own alpha.
  public static let alpha = CapturedProperty(name: "alpha") { $0.alpha }
  /// How strongly the layer shows: its alpha times its ancestors'.
  public static let effectiveAlpha = CapturedProperty(name: "shown alpha") { $0.effectiveAlpha }
  /// The x scale of the layer's transform (length of its first row's x, y).
  public static let scale = CapturedProperty(name: "scale") { layer in
    let t = layer.transform
    return t.count == 16 ? (t[0] * t[0] + t[1] * t[1]).squareRoot() : 1
  }
  /// The transform's x scale with its sign (m11): negative when the layer is
  /// mirrored left to right. Exact for scales and translations; mixed with
  /// rotation it is the cosine part only.
  public static let scaleX = CapturedProperty(name: "x scale") { layer in
    layer.transform.count == 16 ? layer.transform[0] : 1
  }
  /// The transform's y scale with its sign (m22): negative when the layer is
  /// upside down.
  public static let scaleY = CapturedProperty(name: "y scale") { layer in
    layer.transform.count == 16 ? layer.transform[5] : 1
  }
}

/// Charts series of values over time, with the final value marked and the
/// overshoot spelled out.
///
/// ```swift
/// print(TimelineRenderer().render([TimelineSeries(.x, of: "card", in: captures)]))
/// // card x
/// // 112.3 |          ****
/// //       |        **    **
/// //   100 |-------*--------*******
/// //       |      *
/// //    20 |******
/// //       +-----------------------
/// //        0s                  1s
/// // * card x: 20 -> 100, peak 112.3 at 0.35s (overshoot 15.4%)
/// ```
public struct TimelineRenderer: Sendable {
  /// Rows of the plot area.
  public var height: Int
  /// The widest line, in columns.
  public var maxWidth: Int

  /// Creates a renderer drawing `height` rows of plot, no line wider than `maxWidth`.
  public init(height: Int = 10, maxWidth: Int = 120) {
    precondition(height >= 2, "A timeline needs at least two rows")
    self.height = height
    self.maxWidth = maxWidth
  }

  /// Markers of the series, in order.
  static let markers: [Unicode.Scalar] = ["*", "o", "+", "x", "#", "@"]

  /// Renders the series as one chart.
  ///
  /// - Parameter title: The first line; the series' names by default.
  /// - Returns: the chart and one key line per series; "(no samples)" when
  ///   there is nothing to plot.
  public func render(_ series: [TimelineSeries], title: String? = nil) -> String {
    let all = series.flatMap(\.samples).filter { $0.time.isFinite && $0.value.isFinite }
    let heading = Text.ascii(title ?? series.map(\.name).joined(separator: ", "))
    guard let first = all.first else { return Text.joined([heading, "(no samples)"]) }
    // Quantise, so that a last-bit difference in a libm function cannot move a point.
    func q(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
    var lo = q(first.value), hi = lo, t0 = first.time, t1 = first.time
    for s in all { lo = min(lo, q(s.value)); hi = max(hi, q(s.value)); t0 = min(t0, s.time); t1 = max(t1, s.time) }
    let flat = hi == lo

    // The value axis: top, bottom and each series' final value.
    func row(_ v: Double) -> Int {
      flat ? (height - 1) / 2 : Int((((hi - q(v)) / (hi - lo)) * Double(height - 1)).rounded())
    }
    var axisLabels = Array(repeating: "", count: height)
    axisLabels[row(hi)] = diagramNumber(hi)
    if axisLabels[row(lo)].isEmpty { axisLabels[row(lo)] = diagramNumber(lo) }
    let finals = series.compactMap { $0.samples.last?.value }.filter(\.isFinite)
    for v in finals where axisLabels[row(v)].isEmpty { axisLabels[row(v)] = diagramNumber(v) }
    let axisWidth = axisLabels.map(\.count).max() ?? 0

    // The time axis: one column per distinct sample time, up to the width.
    var times: [Double] = []
    for s in all.sorted(by: { $0.time < $1.time }) where times.last != s.time { times.append(s.time) }
    let plotWidth = max(2, min(times.count, maxWidth - axisWidth - 2))
    func column(_ t: Double) -> Int {
      t1 == t0 ? 0 : Int(((t - t0) / (t1 - t0) * Double(plotWidth - 1)).rounded())
    }

    var grid = Array(repeating: Array(repeating: Unicode.Scalar(" "), count: plotWidth), count: height)
    for v in finals { let r = row(v); for c in 0..<plotWidth { grid[r][c] = "-" } }
    for (n, s) in series.enumerated() {
      let marker = Self.markers[n % Self.markers.count]
      for sample in s.samples where sample.time.isFinite && sample.value.isFinite {
        grid[row(sample.value)][column(sample.time)] = marker
      }
    }

    var lines = [heading]
    for r in 0..<height {
      var line = String.UnicodeScalarView()
      line.append(contentsOf: grid[r])
      lines.append(Text.rightAligned(axisLabels[r], to: axisWidth) + " |" + String(line))
    }
    let indent = String(repeating: " ", count: axisWidth + 1)
    lines.append(indent + "+" + String(repeating: "-", count: plotWidth))
    lines.append(indent + " " + Self.timeAxis(t0: t0, t1: t1, width: plotWidth))
    for (n, s) in series.enumerated() {
      lines.append("\(Self.markers[n % Self.markers.count]) " + Self.summary(of: s))
    }
    return Text.joined(lines)
  }

  /// "0s", the middle time and the last time, placed under their columns.
  static func timeAxis(t0: Double, t1: Double, width: Int) -> String {
    var axis = Array(repeating: Character(" "), count: width + 8)
    func put(_ text: String, at column: Int) {
      let chars = Array(text)
      let start = max(0, min(column, axis.count - chars.count))
      guard axis[start..<(start + chars.count)].allSatisfy({ $0 == " " }),
            start == 0 || axis[start - 1] == " " else { return }
      for (i, c) in chars.enumerated() { axis[start + i] = c }
    }
    let last = "\(diagramNumber(t1))s"
    put("\(diagramNumber(t0))s", at: 0)
    put(last, at: width - last.count)
    if width >= 24 {
      let mid = "\(diagramNumber((t0 + t1) / 2))s"
      put(mid, at: (width - 1) / 2 - mid.count / 2)
    }
    return String(axis)
  }

  /// "card x: 20 -> 100, peak 112.3 at 0.35s (overshoot 15.4%)".
  static func summary(of series: TimelineSeries) -> String {
    let name = Text.ascii(series.name)
    let samples = series.samples.filter { $0.value.isFinite && $0.time.isFinite }
    guard let start = samples.first, let end = samples.last else { return "\(name): no samples" }
    var text = "\(name): \(diagramNumber(start.value)) -> \(diagramNumber(end.value))"
    let span = end.value - start.value
    if abs(span) > 1e-9 {
      // Past the final value, in the direction of travel?
      let beyond = samples.max { (a, b) in (a.value - end.value) * span < (b.value - end.value) * span }!
      let past = (beyond.value - end.value) / span
      if past > 1e-6 {
        text += ", \(span > 0 ? "peak" : "low") \(diagramNumber(beyond.value)) at \(diagramNumber(beyond.time))s"
          + " (overshoot \(diagramNumber((past * 1000).rounded() / 10))%)"
      }
    } else if let low = samples.map(\.value).min(), let high = samples.map(\.value).max(), high > low {
      text += ", range \(diagramNumber(low))...\(diagramNumber(high))"
    }
    return text
  }
}
