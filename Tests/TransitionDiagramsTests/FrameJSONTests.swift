import Foundation
import Testing
import TransitionDiagrams
import TransitionEngine

// The frames as JSON for the site's player: golden text, valid JSON.

@Suite("Frame JSON")
struct FrameJSONTests {
  @Test func framesAsJSON() throws {
    let captures = Array(FilmstripTests.slideUp().prefix(2))
    let text = FrameJSONEncoder().encode(captures)
    assertDiagramSnapshot(text, named: "slide-up-2-frames")
    // It parses, and holds what the player needs.
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let frames = try #require(object?["frames"] as? [[String: Any]])
    #expect(frames.count == 2)
    let layers = try #require(frames[1]["layers"] as? [[String: Any]])
    #expect(layers.map { $0["label"] as? String } == ["UIWindow", "Home", "list", "dimming", "sheet"])
    #expect((layers[4]["quad"] as? [[Double]])?.count == 4)
  }

  @Test func stringsAreEscapedToASCII() {
    #expect(FrameJSONEncoder.stringLiteral("a\"b\\c\nd\u{e9}\u{1F600}") == "\"a\\\"b\\\\c\\nd\\u00e9\\ud83d\\ude00\"")
  }

  @Test func anEmptyListIsAValidDocument() throws {
    let text = FrameJSONEncoder().encode([ScreenCapture]())
    #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
  }
}
