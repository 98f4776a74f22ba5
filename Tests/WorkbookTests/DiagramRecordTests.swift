// The diagram record is one typed object on the wire,
// `{"v": 1, "kind", "text", "frames": {…}}`, decoded once in WorkbookCore:
// the frames an object (not a string), each filmstrip frame with what was
// drawn for it, so that nobody cuts drawn text apart.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct DiagramRecordTests {
  static let record = #"""
    {"v": 1, "kind": "filmstrip", "text": "t=0s      t=0.5s\n┌──────┐  ┌──────┐\n│a.....│  │.a....│\n└──────┘  └──────┘\nfills: . white\n",
     "frames": {"screen": {"width": 390, "height": 844},
       "frames": [
         {"time": 0, "progress": null, "caption": "t=0s", "text": "┌──────┐\n│a.....│\n└──────┘",
          "layers": [{"z": 0, "parent": null, "depth": 0, "label": "UIWindow", "view": true,
                      "quad": [[0, 0], [390, 0], [390, 844], [0, 844]], "alpha": 1, "shows": 1,
                      "fill": {"name": "white", "hex": "#ffffff", "alpha": 1}, "dimmed": false, "clips": [],
                      "transform": "identity"}]},
         {"time": 0.5, "progress": 1, "caption": "t=0.5s", "text": "┌──────┐\n│.a....│\n└──────┘", "layers": []}],
       "key": ["fills: . white"],
       "motion": {"fps": 60, "times": [0, 0.5], "progress": [null, 1], "keys": [0, 1],
         "layers": [{"parent": null, "depth": 0, "label": "UIWindow", "view": true, "shows": 1, "fill": null,
                     "vary": {"quad": [[[0, 0], [1, 0], [1, 1], [0, 1]], null]}}],
         "order": [[0, [0]], [1, []]],
         "series": [{"layer": 0, "label": "UIWindow", "property": "x", "values": [0, null]}]}}}
    """#

  @Test func theRecordAndItsFramesAreDecodedIntoValues() throws {
    let record = try DiagramRecord.decode(Array(Self.record.utf8))
    #expect(record.version == 1)
    #expect(record.kind == .filmstrip)
    #expect(record.text.hasPrefix("t=0s      t=0.5s\n┌"))
    #expect(record.film == DiagramRecord.Film(width: 390, height: 844, times: [0, 0.5]))
    let frames = try #require(record.frames)
    #expect(frames.frames[0].layers?.first?.fill?.hex == "#ffffff")
    #expect(frames.frames[0].layers?.first?.quad?[2] == [390, 844])
    #expect(frames.frames[1].progress == 1)
    let motion = try #require(frames.motion)
    #expect(motion.order == [.init(frame: 0, layers: [0]), .init(frame: 1, layers: [])])
    #expect(motion.layers[0].vary?.quad?[1] == nil)
    #expect(motion.series?.first?.values == [0, nil])
  }

  @Test func eachFrameComesWithWhatWasDrawnForIt() throws {
    let record = try DiagramRecord.decode(Array(Self.record.utf8))
    let panels = try #require(record.panels)
    #expect(panels.frames.map(\.caption) == ["t=0s", "t=0.5s"])
    #expect(panels.frames[1].text == "┌──────┐\n│.a....│\n└──────┘")
    #expect(panels.key == ["fills: . white"])
    // Frames without their drawing (a timeline's, a hand-made record's) have no panels.
    var bare = record
    bare.frames?.frames[1].text = nil
    #expect(bare.panels == nil)
  }

  @Test func theRecordRoundTripsThroughTheReportAndTheCache() throws {
    var record = try DiagramRecord.decode(Array(Self.record.utf8))
    record.offset = 6  // set by the splitter: where the output was when it was published
    let report = SnippetReport(index: 0, line: 3, kind: "run", hidden: false, verdict: .passed, diagrams: [record])
    let encoded = try JSONEncoder().encode(report)
    #expect(try JSONDecoder().decode(SnippetReport.self, from: encoded) == report)
    // On the wire the frames are an object, not a string.
    let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    let diagram = try #require((object["diagrams"] as? [[String: Any]])?.first)
    #expect(diagram["frames"] is [String: Any])
    #expect(diagram["v"] as? Int == 1)
    #expect(diagram["offset"] as? Int == 6)
  }

  /// The result cache keeps frames as JSON text, decoded only when read:
  /// a warm verify, which compares text output, never decodes them.
  @Test func theCacheKeepsFramesAsTextUntilTheyAreRead() throws {
    var record = try DiagramRecord.decode(Array(Self.record.utf8))
    record.offset = 6
    let output = SnippetOutput(snippet: 2, text: "hello\n", droppedBytes: 0, diagrams: [record])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]  // as the cache writes
    let encoded = try encoder.encode(output)
    let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect((object["diagrams"] as? [[String: Any]])?.first?["frames"] is String)

    let loaded = try JSONDecoder().decode(SnippetOutput.self, from: encoded)
    let cached = try #require(loaded.diagrams.first)
    #expect(!cached.storedFrames.isDecoded)
    #expect(cached.kind == .filmstrip && cached.text == record.text && cached.offset == 6)
    #expect(!cached.storedFrames.isDecoded)
    #expect(cached.frames == record.frames)
    #expect(cached.storedFrames.isDecoded)
    #expect(loaded == output)
    // Stored again, the text is written back as it was read.
    #expect(try encoder.encode(loaded) == encoded)
    // A changed copy leaves the original alone.
    var changed = cached
    changed.frames?.frames[0].caption = "changed"
    #expect(cached.frames?.frames[0].caption == "t=0s")
    #expect(changed != cached)
  }

  @Test func aRecordWithoutFramesOrWithEmptyFramesHasNoFilm() throws {
    let trace = try DiagramRecord.decode(Array(#"{"v": 1, "kind": "trace", "text": "a -> b"}"#.utf8))
    #expect(trace.frames == nil && trace.film == nil && trace.panels == nil)
    let empty = try DiagramRecord.decode(Array(#"{"v": 1, "kind": "frame", "text": "x", "frames": {}}"#.utf8))
    #expect(empty.frames?.frames == [] && empty.film == nil)
    let flat = try DiagramRecord.decode(Array(#"{"v": 1, "kind": "frame", "text": "x", "frames": {"screen": {"width": 0, "height": 10}, "frames": [{"time": 0}]}}"#.utf8))
    #expect(flat.film == nil, "a screen without area")
  }

  @Test func whatIsNotARecordOfThisVersionIsRejected() {
    #expect(throws: DecodingError.self) { try DiagramRecord.decode(Array("{}".utf8)) }
    #expect(throws: DecodingError.self) { try DiagramRecord.decode(Array("[1, 2]".utf8)) }
    #expect(throws: DecodingError.self) {
      try DiagramRecord.decode(Array(#"{"v": 1, "kind": "x", "text": "t", "frames": "{\"frames\": []}"}"#.utf8))
    }
    #expect(throws: DiagramRecord.UnsupportedVersion(version: 2)) {
      try DiagramRecord.decode(Array(#"{"v": 2, "kind": "x", "text": "t"}"#.utf8))
    }
  }
}
