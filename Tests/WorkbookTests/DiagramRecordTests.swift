// The diagram record is decoded once, in WorkbookCore: the wire object
// (kind, text, framesJSON), the film inside framesJSON, and the drawn
// filmstrip cut into its frames.
import Foundation
import Testing
@testable import WorkbookCore

@Suite struct DiagramRecordTests {
  static let strip = """
    t=0s      t=0.5s
    ┌──────┐  ┌──────┐
    │a.....│  │.a....│
    └──────┘  └──────┘
    fills: . white
    """

  static func wire(kind: String = "filmstrip", text: String = strip, frames: String? = nil) throws -> String {
    var object: [String: Any] = ["kind": kind, "text": text]
    if let frames { object["framesJSON"] = frames }
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  @Test func theWireObjectAndItsFramesAreDecodedIntoValues() throws {
    let frames = #"{"screen": {"width": 390, "height": 844}, "frames": [{"time": 0, "layers": []}, {"time": 0.5}]}"#
    let record = try #require(DiagramRecord.decode(try Self.wire(frames: frames)))
    #expect(record.kind == "filmstrip")
    #expect(record.text == Self.strip)
    #expect(record.framesJSON == frames)
    #expect(record.film?.width == 390 && record.film?.height == 844)
    #expect(record.film?.times == [0, 0.5])
  }

  @Test func aMissingScreenIsTheDefaultOneAndNoFramesIsNoFilm() throws {
    let record = try #require(DiagramRecord.decode(try Self.wire(frames: #"{"frames": [{"time": 1}]}"#)))
    #expect(record.film?.width == 320 && record.film?.height == 568)
    #expect(DiagramRecord.decode(try Self.wire(frames: #"{"frames": []}"#))?.film == nil)
    #expect(DiagramRecord.decode(try Self.wire(frames: "not json"))?.film == nil)
    #expect(DiagramRecord.decode(try Self.wire(frames: nil))?.film == nil)
  }

  @Test func whatIsNotARecordIsSkipped() throws {
    #expect(DiagramRecord.decode("{}") == nil)
    #expect(DiagramRecord.decode("[1, 2]") == nil)
    #expect(DiagramRecord.decode(["garbage", try Self.wire()]).count == 1)
  }

  @Test func theFilmstripIsCutIntoPanelsWithCaptionsAndTheKey() throws {
    let drawing = try #require(FilmstripDrawing(Self.strip))
    #expect(drawing.panels.count == 2)
    #expect(drawing.panels[1].caption == ["t=0.5s"])
    #expect(drawing.panels[1].lines == ["┌──────┐", "│.a....│", "└──────┘"])
    #expect(drawing.panels[0].rows == ["t=0s    ", "┌──────┐", "│a.....│", "└──────┘"])
    #expect(drawing.key == ["fills: . white"])
  }

  @Test func textThatIsNotBoxesSideBySideIsNotCut() {
    #expect(FilmstripDrawing("0s ──── 1s\n") == nil)
    #expect(FilmstripDrawing("┌─┐ ┌─┐ stray\n└─┘ └─┘\n") == nil)
    #expect(FilmstripDrawing("") == nil)
  }
}
