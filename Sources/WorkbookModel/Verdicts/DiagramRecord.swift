// DiagramRecord: a diagram a snippet published, as the diagrams harness
// writes it (`PublishedDiagram.record` in Sources/TransitionDiagrams) and
// as it travels from there on: one JSON object,
//
//     {"v": 1, "kind": "filmstrip", "text": "…", "frames": {
//       "screen": {"width": 320, "height": 568},
//       "frames": [{"time": 0, "progress": 0, "caption": "t=0s progress=0",
//                   "text": "┌──…", "layers": [{"z": 0, "label": "UIWindow", …}]}, …],
//       "key": ["fills: . white"],
//       "motion": {"fps": 60, "times": […], "layers": […], "order": […], "series": […]}}}
//
// decoded once, in the output splitter, into these types. The report, the
// site's player, `workbook play` and the stepper read the typed values;
// nobody cuts drawn text apart. Only the result cache keeps a record's
// frames as JSON text, decoded when first read (`StoredFrames`).
// The frames' fields are described in FrameJSON.swift and MotionJSON.swift
// (TransitionDiagrams), which write them.
import Foundation
import WorkbookSupport

/// A published diagram.
public struct DiagramRecord: Hashable, Sendable, Codable {
  /// The format's version (`v`); this reader knows 1.
  public var version: Int
  /// What it is: what the Stage drew, or a finding about the snippet.
  public var kind: Kind
  /// The diagram as the snippet printed it.
  public var text: String
  /// The captured frames behind it; nil for a diagram without captures (a trace).
  public var frames: Frames? {
    get { storedFrames.value }
    set { storedFrames = StoredFrames(newValue) }
  }
  /// The frames, or their JSON until someone reads them (`StoredFrames`).
  package var storedFrames: StoredFrames
  /// The Markdown line of the call that published it, when the harness
  /// gave one (a flicker warning's `stage.film` call).
  public var line: Int?
  /// Where the snippet's output was when the program published it, in
  /// UTF-8 bytes from the start of that output: the diagram's text, when
  /// the snippet printed it (`print(stage.film())`), starts there. Nil for
  /// a record that did not come through a program's output.
  public var offset: Int?
  /// For a film: the fidelity ledger's `engine-choice` rows whose choice
  /// the engine made while the film was made (since the film before it),
  /// sorted; what the film's note names.
  public var choices: [String]

  /// The version this reader knows.
  public static let currentVersion = 1

  public init(kind: Kind, text: String, frames: Frames? = nil, line: Int? = nil, offset: Int? = nil,
              choices: [String] = []) {
    self.init(version: Self.currentVersion, kind: kind, text: text, storedFrames: StoredFrames(frames), line: line,
              offset: offset, choices: choices)
  }

  package init(version: Int, kind: Kind, text: String, storedFrames: StoredFrames, line: Int? = nil, offset: Int? = nil,
               choices: [String] = []) {
    self.version = version
    self.kind = kind
    self.text = text
    self.storedFrames = storedFrames
    self.line = line
    self.offset = offset
    self.choices = choices
  }

  /// Where the diagram's text (without its final line break) is in
  /// `output`, the output of the snippet that published it (or the block
  /// recorded from it): at `offset`. Nil when the text is not there: the
  /// snippet printed something else first, or did not print it.
  public func printed(in output: String) -> Range<String.Index>? {
    var text = Substring(self.text)
    while text.last == "\n" { text = text.dropLast() }
    let utf8 = output.utf8
    guard !text.isEmpty, let offset, offset >= 0,
          let start = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex),
          let end = utf8.index(start, offsetBy: text.utf8.count, limitedBy: utf8.endIndex),
          utf8[start..<end].elementsEqual(text.utf8) else { return nil }
    return start..<end
  }

  /// What a record is. Its JSON spelling (`rawValue`) is the harness's
  /// (`PublishedDiagram.kind`): `frame`, `filmstrip`, `timeline`, `trace`,
  /// `warning`, `not-modelled`.
  public enum Kind: Hashable, Sendable, RawRepresentable {
    /// `stage.frame()`: one moment.
    case frame
    /// `stage.film()`: key frames of a transition, with its motion.
    case filmstrip
    /// `stage.timeline()`: values over time.
    case timeline
    /// `stage.trace()`: the calls UIKit and the app made.
    case trace
    /// A warning about the snippet (its text the message), not a diagram:
    /// verify reports it as a finding.
    case warning
    /// The snippet used an API whose effect the engine does not model (its
    /// text the message): verify reports it as a warning, and the site
    /// marks the output.
    case notModelled
    /// A kind this reader does not know, kept as the harness spelled it.
    case other(String)

    public init(rawValue: String) {
      switch rawValue {
      case "frame": self = .frame
      case "filmstrip": self = .filmstrip
      case "timeline": self = .timeline
      case "trace": self = .trace
      case "warning": self = .warning
      case "not-modelled": self = .notModelled
      default: self = .other(rawValue)
      }
    }

    public var rawValue: String {
      switch self {
      case .frame: "frame"
      case .filmstrip: "filmstrip"
      case .timeline: "timeline"
      case .trace: "trace"
      case .warning: "warning"
      case .notModelled: "not-modelled"
      case .other(let name): name
      }
    }
  }

  /// Whether the record is a finding about the snippet (a warning, an API
  /// not modelled) rather than a diagram.
  public var isFinding: Bool { kind == .warning || kind == .notModelled }

  private enum CodingKeys: String, CodingKey {
    case version = "v", kind, text, frames, line, offset, choices
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(version: try c.decode(Int.self, forKey: .version), kind: Kind(rawValue: try c.decode(String.self, forKey: .kind)),
              text: try c.decode(String.self, forKey: .text),
              storedFrames: StoredFrames(try c.decodeIfPresent(Frames.self, forKey: .frames)),
              line: try c.decodeIfPresent(Int.self, forKey: .line),
              offset: try c.decodeIfPresent(Int.self, forKey: .offset),
              choices: try c.decodeIfPresent([String].self, forKey: .choices) ?? [])
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(kind.rawValue, forKey: .kind)
    try c.encode(text, forKey: .text)
    try c.encodeIfPresent(frames, forKey: .frames)
    try c.encodeIfPresent(line, forKey: .line)
    try c.encodeIfPresent(offset, forKey: .offset)
    if !choices.isEmpty { try c.encode(choices, forKey: .choices) }
  }

  public static func == (a: DiagramRecord, b: DiagramRecord) -> Bool {
    a.version == b.version && a.kind == b.kind && a.text == b.text && a.line == b.line && a.offset == b.offset
      && a.choices == b.choices && a.frames == b.frames
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(kind)
    hasher.combine(text)
    hasher.combine(line)
    hasher.combine(offset)
    hasher.combine(choices)
    hasher.combine(frames)
  }

  /// Decodes a record as the harness wrote it.
  ///
  /// - Throws: `DecodingError` when it is not a record, or
  ///   `UnsupportedVersion` when it is one of another version.
  public static func decode(_ bytes: [UInt8]) throws -> DiagramRecord {
    let record = try JSONDecoder().decode(DiagramRecord.self, from: Data(bytes))
    guard record.version == currentVersion else { throw UnsupportedVersion(version: record.version) }
    return record
  }

  /// A record of a version this reader does not know.
  public struct UnsupportedVersion: Error, Hashable {
    public var version: Int
  }

  /// The screen the frames are drawn on and each frame's time; nil when
  /// there is nothing to play (no frames, or a screen without area).
  public var film: Film? {
    guard let frames, !frames.frames.isEmpty else { return nil }
    let width = frames.screen?.width ?? 320, height = frames.screen?.height ?? 568
    guard width > 0, height > 0 else { return nil }
    return Film(width: width, height: height, times: frames.frames.map { $0.time ?? 0 })
  }

  /// The screen and the frames' times.
  public struct Film: Hashable, Sendable {
    /// The screen's size in points.
    public var width: Double
    public var height: Double
    /// Each frame's time in seconds, in order.
    public var times: [Double]
  }

  /// Each frame as the engine drew it (its caption and its box) and the
  /// key under them: a filmstrip's panels. Nil unless every frame carries
  /// its drawing.
  public var panels: (frames: [(caption: String, text: String)], key: [String])? {
    guard let frames, !frames.frames.isEmpty else { return nil }
    var drawn: [(caption: String, text: String)] = []
    for frame in frames.frames {
      guard let text = frame.text else { return nil }
      drawn.append((frame.caption ?? "", text))
    }
    return (drawn, frames.key ?? [])
  }
}

extension DiagramRecord {
  /// The frames object: the screen, the key moments, the key under a
  /// filmstrip, and the dense motion for the site's player.
  public struct Frames: Hashable, Sendable, Codable {
    public var screen: Size?
    /// The key moments, in order.
    public var frames: [Frame]
    /// A filmstrip's key (`fills: …`, `looks: …`), one string per line.
    public var key: [String]?
    /// Every frame at 60 fps between the first and last key moment.
    public var motion: Motion?

    public init(screen: Size?, frames: [Frame], key: [String]? = nil, motion: Motion? = nil) {
      self.screen = screen
      self.frames = frames
      self.key = key
      self.motion = motion
    }

    public init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      screen = try c.decodeIfPresent(Size.self, forKey: .screen)
      frames = try c.decodeIfPresent([Frame].self, forKey: .frames) ?? []
      key = try c.decodeIfPresent([String].self, forKey: .key)
      motion = try c.decodeIfPresent(Motion.self, forKey: .motion)
    }
  }

  public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
  }

  /// One key moment.
  public struct Frame: Hashable, Sendable, Codable {
    /// Seconds since the film's start.
    public var time: Double?
    /// The running transition's progress, when one runs.
    public var progress: Double?
    /// A filmstrip frame's caption as drawn (`t=0.1s progress=0.333`).
    public var caption: String?
    /// A filmstrip frame's box as drawn, rows joined by newlines.
    public var text: String?
    /// The layers, back to front.
    public var layers: [Layer]?

    public init(time: Double?, progress: Double? = nil, caption: String? = nil, text: String? = nil,
                layers: [Layer]? = nil) {
      self.time = time
      self.progress = progress
      self.caption = caption
      self.text = text
      self.layers = layers
    }
  }

  /// A point as `[x, y]` (null for a value that is not finite).
  public typealias Point = [Double?]

  /// One layer of a frame (or, in `Motion`, of every frame, with what
  /// changes in `vary`).
  public struct Layer: Hashable, Sendable, Codable {
    public var z: Int?
    public var parent: Int?
    public var depth: Int?
    public var label: String?
    public var view: Bool?
    public var quad: [Point]?
    public var alpha: Double?
    public var shows: Double?
    public var fill: Fill?
    public var dimmed: Bool?
    public var clips: [[Point]]?
    public var transform: String?
    public var content: String?
    /// In `Motion`: the fields that change, one value per frame.
    public var vary: Vary?

    /// In `Motion`: the layer in motion frame `frame`, each field that
    /// changes given its value for that frame (nil past the end of its
    /// list), and without `vary`.
    func at(_ frame: Int) -> Layer {
      guard let vary else { return self }
      func value<T>(_ values: [T?]?, _ constant: T?) -> T? {
        guard let values else { return constant }
        return values.indices.contains(frame) ? values[frame] : nil
      }
      var layer = self
      layer.quad = value(vary.quad, quad)
      layer.shows = value(vary.shows, shows)
      layer.fill = value(vary.fill, fill)
      layer.dimmed = value(vary.dimmed, dimmed)
      layer.clips = value(vary.clips, clips)
      layer.transform = value(vary.transform, transform)
      layer.content = value(vary.content, content)
      layer.vary = nil
      return layer
    }
  }

  public struct Fill: Hashable, Sendable, Codable {
    public var name: String?
    public var hex: String?
    public var alpha: Double?
  }

  /// A motion layer's fields that change from frame to frame.
  public struct Vary: Hashable, Sendable, Codable {
    public var quad: [[Point]?]?
    public var shows: [Double?]?
    public var fill: [Fill?]?
    public var dimmed: [Bool?]?
    public var clips: [[[Point]]?]?
    public var transform: [String?]?
    public var content: [String?]?
  }

  /// The dense frames (see MotionJSON.swift in TransitionDiagrams).
  public struct Motion: Hashable, Sendable, Codable {
    public var fps: Int?
    public var times: [Double]
    public var progress: [Double?]?
    /// The motion frame of each key moment.
    public var keys: [Int]?
    public var layers: [Layer]
    public var order: [PaintOrder]
    public var series: [Series]?

    /// The layers painted in motion frame `frame`, back to front (the
    /// paint order's run holding at that frame), each with its values for
    /// that frame (`vary` resolved, so `vary` is nil); a layer without a
    /// quad in that frame does not show and is left out, as are paint-order
    /// indexes that name no layer. What the site's player draws for a frame
    /// (`filmOf` in the theme's site.js).
    public func layers(at frame: Int) -> [Layer] {
      guard let run = order.last(where: { $0.frame <= frame }) ?? order.first else { return [] }
      return run.layers.compactMap { index -> Layer? in
        guard layers.indices.contains(index) else { return nil }
        let shown = layers[index].at(frame)
        return shown.quad == nil ? nil : shown
      }
    }
  }

  /// From `frame` on, the layers painted, back to front (`[frame, [layers]]`).
  public struct PaintOrder: Hashable, Sendable, Codable {
    public var frame: Int
    public var layers: [Int]

    public init(frame: Int, layers: [Int]) {
      self.frame = frame
      self.layers = layers
    }

    public init(from decoder: Decoder) throws {
      var c = try decoder.unkeyedContainer()
      frame = try c.decode(Int.self)
      layers = try c.decode([Int].self)
    }

    public func encode(to encoder: Encoder) throws {
      var c = encoder.unkeyedContainer()
      try c.encode(frame)
      try c.encode(layers)
    }
  }

  /// A value the player graphs: a layer's property, frame by frame.
  public struct Series: Hashable, Sendable, Codable {
    public var layer: Int
    public var label: String
    public var property: String
    public var values: [Double?]
  }
}

/// A record's frames, decoded when first read. The result cache keeps each
/// record's frames as JSON text (`CachedDiagram`); most commands that load
/// a cached run never look at them (a warm `verify` compares text output
/// only), and decoding them was most of a warm verify of the book: its
/// films carry every frame at 60 fps. Reading `value` decodes them once;
/// the box is never changed otherwise (a new value is a new box), so
/// records keep value semantics.
package final class StoredFrames: @unchecked Sendable {
  private let lock = NSLock()
  /// `.some` once known (`.some(nil)`: a record without frames).
  private var decoded: DiagramRecord.Frames??
  private let json: [UInt8]?

  package init(_ frames: DiagramRecord.Frames?) {
    decoded = .some(frames)
    json = nil
  }

  /// Frames kept as their JSON, decoded on first read (nil frames when it
  /// does not decode: the cache wrote it, so only damage does that).
  package init(json: [UInt8]) {
    decoded = nil
    self.json = json
  }

  package var value: DiagramRecord.Frames? {
    lock.lock()
    defer { lock.unlock() }
    if let decoded { return decoded }
    let frames = json.flatMap { try? JSONDecoder().decode(DiagramRecord.Frames.self, from: Data($0)) }
    decoded = .some(frames)
    return frames
  }

  /// Whether the frames have been decoded (or never were JSON).
  package var isDecoded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return decoded != nil
  }

  /// The frames' JSON: what it was loaded from, else encoded (sorted keys,
  /// so the same frames give the same bytes); nil for no frames.
  package var encoded: [UInt8]? {
    if let json { return json }
    guard let frames = value else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(frames)).map { [UInt8]($0) }
  }
}
