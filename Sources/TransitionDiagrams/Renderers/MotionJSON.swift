// MotionJSON: a film's frames at 60 fps, for the site's player to play at
// real speed and to graph the values that move.
//
// The key moments (`frames`) are what a chapter prints; the motion is every
// frame between its first and last moment, written compactly: each layer
// once, with the properties that change listed frame by frame.

import TransitionEngine

/// The dense frames of a film as the `"motion"` key of the frames JSON.
///
/// ```json
/// "motion": {
///   "fps": 60,
///   "times": [0, 0.017, 0.033],
///   "progress": [0, 0.048, 0.095],
///   "keys": [0, 2],
///   "layers": [
///     {"parent": null, "depth": 0, "label": "UIWindow", "view": true, "quad": [[0, 0], …], "shows": 1,
///      "fill": null, "dimmed": false, "clips": [], "transform": "identity"},
///     {"parent": 0, "depth": 1, "label": "menu", …, "vary": {"quad": [[…], [[0, 560], …], null]}}
///   ],
///   "order": [[0, [0, 1]], [2, [0]]],
///   "series": [{"layer": 1, "label": "menu", "property": "y", "values": [568, 560, null]}]
/// }
/// ```
///
/// - `times` and `progress` (null when no transition runs) are per frame.
/// - `keys`: the motion frame of each key moment in `frames`, in order.
/// - `layers`: every layer that shows in some frame, in order of first
///   appearance; a layer is the same from frame to frame when its label and
///   its parent are (the n-th child with the same label stays the n-th).
///   Its fields are those of `frames` (without `z`; `parent` is an index in
///   `layers`); a field that changes is in `vary`, one value per frame
///   (`quad` is null in frames where the layer does not show).
/// - `order`: the paint order, back to front, as `[first frame, layers]`
///   runs: it holds from that frame until the next run.
/// - `series`: for each layer whose frame origin (`x`, `y`, superview
///   coordinates), scale (`scale`, or `x scale` and `y scale`), `alpha` or
///   rotation (`rotation`, degrees about z; `x rotation`, `y rotation` for
///   3D turns) changes, that value per frame (null where the layer does not
///   show). These are the curves the player graphs.
public struct MotionJSONEncoder: Sendable {
  /// Frames per second the stage films at.
  public static let framesPerSecond = 60
  /// The most frames a film's motion holds (20 s): a longer film keeps its
  /// key moments only, so that a page stays light.
  public static let maximumFrames = 1200

  /// Creates an encoder (it has no options: the format is fixed).
  public init() {}

  /// The value of the `"motion"` key for `motion` (dense captures, in time
  /// order) and the `keys` (the key moments' captures); nil for fewer than
  /// two frames, which have nothing to play.
  public func encode(_ motion: [ScreenCapture], keys: [ScreenCapture]) -> String? {
    guard motion.count >= 2 else { return nil }
    let n = motion.count
    // Identify layers across frames.
    var identities: [String: Int] = [:]
    var tracks: [Track] = []
    var orders: [[Int]] = []
    for (f, capture) in motion.enumerated() {
      var frameIndex: [Int] = []  // capture layer index -> track
      var seen: [String: Int] = [:]
      for layer in capture.layers {
        let parentTrack = layer.parent.map { frameIndex[$0] }
        let base = "\(parentTrack.map(String.init) ?? "-")/\(layer.label)"
        let occurrence = seen[base, default: 0]
        seen[base] = occurrence + 1
        let key = base + "#\(occurrence)"
        let track: Int
        if let existing = identities[key] {
          track = existing
        } else {
          track = tracks.count
          identities[key] = track
          tracks.append(Track(parent: parentTrack, frames: n))
        }
        frameIndex.append(track)
        tracks[track].layers[f] = layer
      }
      orders.append(frameIndex)
    }

    var out = "{\n"
    out += "    \"fps\": \(Self.framesPerSecond),\n"
    out += "    \"times\": [" + motion.map { FrameJSONEncoder.number($0.time) }.joined(separator: ", ") + "],\n"
    let progress = motion.map(\.transitionProgress)
    out += "    \"progress\": " + (progress.allSatisfy { $0 == nil }
      ? "null" : "[" + progress.map { $0.map(FrameJSONEncoder.number) ?? "null" }.joined(separator: ", ") + "]") + ",\n"
    out += "    \"keys\": [" + keys.map { key in
      String(Self.nearest(key.time, in: motion))
    }.joined(separator: ", ") + "],\n"
    out += "    \"layers\": ["
    for (i, track) in tracks.enumerated() {
      out += (i == 0 ? "\n" : ",\n") + "      " + track.json()
    }
    out += "\n    ],\n"
    var runs: [String] = []
    var last: [Int]?
    for (f, order) in orders.enumerated() where order != last {
      runs.append("[\(f), [" + order.map(String.init).joined(separator: ", ") + "]]")
      last = order
    }
    out += "    \"order\": [" + runs.joined(separator: ", ") + "],\n"
    var series: [String] = []
    for (i, track) in tracks.enumerated() {
      for (name, values) in track.series() {
        series.append("{\"layer\": \(i), \"label\": \(FrameJSONEncoder.stringLiteral(track.label)), "
          + "\"property\": \"\(name)\", \"values\": ["
          + values.map { $0.map(FrameJSONEncoder.number) ?? "null" }.joined(separator: ", ") + "]}")
      }
    }
    out += "    \"series\": [" + (series.isEmpty ? "" : "\n      " + series.joined(separator: ",\n      ") + "\n    ")
    out += "]\n  }"
    return out
  }

  /// The index of the capture whose time is closest to `time` (the first on a tie).
  static func nearest(_ time: Double, in captures: [ScreenCapture]) -> Int {
    var best = 0
    for (i, c) in captures.enumerated() where abs(c.time - time) < abs(captures[best].time - time) - 1e-12 {
      best = i
    }
    return best
  }

  /// One layer over the frames.
  struct Track {
    var parent: Int?
    var layers: [CapturedLayer?]

    init(parent: Int?, frames: Int) {
      self.parent = parent
      layers = Array(repeating: nil, count: frames)
    }

    var label: String { layers.first { $0 != nil }??.label ?? "" }

    /// Its fields, constant ones directly and changing ones under `vary`.
    func json() -> String {
      let present = layers.compactMap { $0 }
      let first = present[0]
      var fields = ["\"parent\": \(parent.map(String.init) ?? "null")", "\"depth\": \(first.depth)",
                    "\"label\": \(FrameJSONEncoder.stringLiteral(first.label))", "\"view\": \(first.isView)"]
      var varying: [String] = []
      // Each field as FrameJSONEncoder writes it, per frame.
      let perFrame: [(String, (CapturedLayer) -> String)] = [
        ("quad", { FrameJSONEncoder.points($0.quad) }),
        ("shows", { FrameJSONEncoder.number($0.effectiveAlpha) }),
        ("fill", { FrameJSONEncoder.fill($0.fill) }),
        ("dimmed", { "\($0.isDimmed)" }),
        ("clips", { "[" + $0.clips.map(FrameJSONEncoder.points).joined(separator: ", ") + "]" }),
        ("transform", { FrameJSONEncoder.stringLiteral($0.transformSummary) }),
        ("content", { $0.content.map(FrameJSONEncoder.stringLiteral) ?? "null" }),
      ]
      let gaps = present.count < layers.count
      for (name, encode) in perFrame {
        let values = layers.map { $0.map(encode) }
        let distinct = Set(values.compactMap { $0 })
        if distinct.count == 1 && !(gaps && name == "quad") {
          if !(name == "content" && distinct.first == "null") { fields.append("\"\(name)\": \(distinct.first!)") }
        } else {
          varying.append("\"\(name)\": [" + values.map { $0 ?? "null" }.joined(separator: ", ") + "]")
        }
      }
      if !varying.isEmpty { fields.append("\"vary\": {" + varying.joined(separator: ", ") + "}") }
      return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The graphable values that change, in a fixed order.
    func series() -> [(String, [Double?])] {
      guard layers.compactMap({ $0 }).count >= 2 else { return [] }
      func values(_ read: (CapturedLayer) -> Double?) -> [Double?] { layers.map { $0.flatMap(read) } }
      func changes(_ v: [Double?]) -> Bool {
        let present = v.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return false }
        return high - low > 0.0005
      }
      var result: [(String, [Double?])] = []
      func add(_ name: String, _ v: [Double?]) { if changes(v) { result.append((name, v)) } }
      add("x", values { Double($0.frame.minX) })
      add("y", values { Double($0.frame.minY) })
      let scaleX = values { Self.parts($0.transform)?.scaleX }
      let scaleY = values { Self.parts($0.transform)?.scaleY }
      if zip(scaleX, scaleY).allSatisfy({ a, b in a == nil && b == nil || (a != nil && b != nil && abs(a! - b!) < 0.0005) }) {
        add("scale", scaleX)
      } else {
        add("x scale", scaleX)
        add("y scale", scaleY)
      }
      add("alpha", values { $0.alpha })
      add("rotation", values { Self.parts($0.transform)?.rotation })
      add("x rotation", values { Self.parts($0.transform)?.rotationX })
      add("y rotation", values { Self.parts($0.transform)?.rotationY })
      return result
    }

    /// Scale and rotation read from a transform (row-major m11 … m44):
    /// an affine transform gives its scales (signed when it does not
    /// rotate) and its rotation about z; a 3D turn about x or y alone gives
    /// that angle. Other transforms give nothing.
    static func parts(_ t: [Double]) -> (scaleX: Double?, scaleY: Double?, rotation: Double?, rotationX: Double?,
                                         rotationY: Double?)? {
      guard t.count == 16 else { return nil }
      let tiny = 1e-9
      let affine = abs(t[2]) < tiny && abs(t[3]) < tiny && abs(t[6]) < tiny && abs(t[7]) < tiny
        && abs(t[8]) < tiny && abs(t[9]) < tiny && abs(t[10] - 1) < tiny && abs(t[11]) < tiny && abs(t[14]) < tiny
        && abs(t[15] - 1) < tiny
      let degrees = 180 / Double.pi
      if affine {
        let rotates = abs(t[1]) > tiny || abs(t[4]) > tiny
        let sx = rotates ? (t[0] * t[0] + t[1] * t[1]).squareRoot() : t[0]
        let sy = rotates ? (t[4] * t[4] + t[5] * t[5]).squareRoot() : t[5]
        return (sx, sy, atan2(t[1], t[0]) * degrees, 0, 0)
      }
      // A turn about y: m11 = cos, m13 = -sin, row 2 untouched.
      if abs(t[1]) < tiny && abs(t[4]) < tiny && abs(t[6]) < tiny && abs(t[5] - 1) < tiny {
        return (nil, nil, 0, 0, atan2(-t[2], t[0]) * degrees)
      }
      // A turn about x: m22 = cos, m23 = sin, row 1 untouched.
      if abs(t[1]) < tiny && abs(t[4]) < tiny && abs(t[2]) < tiny && abs(t[0] - 1) < tiny {
        return (nil, nil, 0, atan2(t[6], t[5]) * degrees, 0)
      }
      return nil
    }
  }
}
