// Diagram: a way to draw a value as text, as a value.
//
// Strategies as values (after swift-snapshot-testing's `Snapshotting`): a
// diagram is a pure function to `String`, with static members for the
// renderers (`.frame`, `.filmstrip`, `.legend`, `.callTrace`, `.timeline`,
// `.json`) and `pullback` to reuse one for another type.

import TransitionEngine

/// A way to draw a value as deterministic text.
///
/// ```swift
/// let diagram: Diagram<ScreenCapture> = .frame
/// print(diagram.render(sim.capture()))
///
/// // Reuse a diagram for a type that holds its value:
/// struct Moment { var capture: ScreenCapture }
/// let momentDiagram = Diagram<ScreenCapture>.frame.pullback(\Moment.capture)
/// ```
public struct Diagram<Value>: Sendable {
  /// Draws a value.
  public var render: @Sendable (Value) -> String

  /// Creates a diagram from a function that draws a value.
  public init(render: @escaping @Sendable (Value) -> String) {
    self.render = render
  }

  /// This diagram for values of another type, through `transform`.
  public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) -> Value) -> Diagram<NewValue> {
    let render = self.render
    return Diagram<NewValue> { render(transform($0)) }
  }

  /// This diagram followed by `other`, a blank line between them.
  public func followed(by other: Diagram<Value>) -> Diagram<Value> {
    let first = render, second = other.render
    return Diagram { first($0) + "\n" + second($0) }
  }
}

extension Diagram where Value == ScreenCapture {
  /// The screen as a picture, in the default style.
  public static var frame: Diagram { frame(style: .default) }

  /// The screen as a picture, in `style`.
  public static func frame(style: DiagramStyle) -> Diagram {
    let renderer = FrameRenderer(style: style)
    return Diagram { renderer.render($0) }
  }

  /// The table of exact values of the visible layers.
  public static var legend: Diagram { legend(style: .default) }

  /// The table of exact values, with fill characters from `style`'s palette.
  public static func legend(style: DiagramStyle) -> Diagram {
    let renderer = LegendRenderer(style: style)
    return Diagram { renderer.render($0) }
  }

  /// The picture, then its table (one caption).
  public static var frameWithLegend: Diagram {
    var tableStyle = DiagramStyle.default
    tableStyle.showsCaption = false
    return frame.followed(by: legend(style: tableStyle))
  }

  /// The frame as JSON for the site's player.
  public static var json: Diagram {
    let encoder = FrameJSONEncoder()
    return Diagram { encoder.encode($0) }
  }
}

extension Diagram where Value == [ScreenCapture] {
  /// Frames side by side, captioned, in the default style.
  public static var filmstrip: Diagram { filmstrip(style: .default) }

  /// Frames side by side, captioned, wrapping at `style.maxWidth`.
  public static func filmstrip(style: DiagramStyle) -> Diagram {
    let renderer = FilmstripRenderer(style: style)
    return Diagram { renderer.render($0) }
  }

  /// The frames as JSON for the site's player.
  public static var json: Diagram {
    let encoder = FrameJSONEncoder()
    return Diagram { encoder.encode($0) }
  }
}

extension Diagram where Value == [TraceEvent] {
  /// The transition dance, one step per line.
  public static var callTrace: Diagram {
    let renderer = TraceRenderer()
    return Diagram { renderer.render($0) }
  }
}

extension Diagram where Value == [TimelineSeries] {
  /// The series as one chart, ten rows high.
  public static var timeline: Diagram { timeline(height: 10) }

  /// The series as one chart, `height` rows high, titled `title`.
  public static func timeline(height: Int, title: String? = nil) -> Diagram {
    let renderer = TimelineRenderer(height: height)
    return Diagram { renderer.render($0, title: title) }
  }
}
