// Issue 11, items 4 and 9: the marker stream. Markers carry the run's
// secret, name existing snippets in order, may be cut anywhere between
// reads; diagram data is capped; parsing is linear.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct OutputChannelTests {
  static let secret = "5eb7x91ax22cx0f1"

  static func marker(_ n: Int, secret: String = secret) -> [UInt8] {
    Array("\u{1E}workbook-snippet \(secret) \(n)\u{1E}\n".utf8)
  }

  static func diagram(_ json: String, secret: String = secret) -> [UInt8] {
    Array("\u{1E}workbook-diagram \(secret) \(json)\u{1E}\n".utf8)
  }

  static func split(_ chunks: [[UInt8]], expected: [Int] = [0, 1], diagramCap: Int = 4 << 20,
                    chapterCap: Int = 16 << 20) -> OutputSplitter {
    let splitter = OutputSplitter(cap: 1 << 20, secret: secret, expected: expected,
                                  diagramCapPerSnippet: diagramCap, diagramCapPerChapter: chapterCap)
    for chunk in chunks { splitter.consume(chunk) }
    splitter.finish()
    return splitter
  }

  static func texts(_ splitter: OutputSplitter) -> [Int: String] {
    Dictionary(uniqueKeysWithValues: splitter.snippetOutputs().map { ($0.snippet, $0.text) })
  }

  @Test func aMarkerWithoutTheSecretIsOutput() {
    let forged = Array("\u{1E}workbook-snippet 1\u{1E}\nforged\n".utf8)
    let guessed = Self.marker(1, secret: "0000")
    let s = Self.split([Self.marker(0), forged, guessed, Self.marker(1), Array("real\n".utf8)])
    #expect(Self.texts(s)[0] == String(decoding: forged + guessed, as: UTF8.self))
    #expect(Self.texts(s)[1] == "real\n")
    #expect(s.problems == [])
  }

  @Test func markersNamingNoSnippetOrOutOfOrderAreProblems() {
    let s = Self.split([Self.marker(0), Self.marker(99), Self.marker(1), Self.marker(0)])
    #expect(s.problems.map(\.message) == [
      "The program announced snippet 99, which does not exist",
      "The program announced snippet 0 out of order",
    ])
    #expect(s.problems.map(\.snippet) == [0, 1])
  }

  @Test func markersAndDiagramsCutAnywhereAcrossReads() {
    let stream = Self.marker(0) + Array("a\u{1E}b\n".utf8) + Self.diagram("{\"v\":1,\"kind\":\"x\",\"text\":\"t\"}") + Self.marker(1)
      + Array("c\n\u{1E}workbook-snip".utf8)
    let whole = Self.split([stream])
    #expect(Self.texts(whole) == [0: "a\u{1E}b\n", 1: "c\n\u{1E}workbook-snip"])
    #expect(whole.diagrams[0] == [DiagramRecord(kind: .other("x"), text: "t", offset: 4)])
    for cut in 0...stream.count {
      for second in cut...min(stream.count, cut + 7) {
        let s = Self.split([Array(stream[..<cut]), Array(stream[cut..<second]), Array(stream[second...])])
        #expect(Self.texts(s) == Self.texts(whole), "cut at \(cut), \(second)")
        #expect(s.diagrams == whole.diagrams)
      }
    }
    // One byte at a time.
    let bytewise = Self.split(stream.map { [$0] })
    #expect(Self.texts(bytewise) == Self.texts(whole))
  }

  /// The program writes a diagram's marker when it publishes the diagram,
  /// so the record keeps where the snippet's output was then, in UTF-8
  /// bytes: where `print(stage.film())` prints the text.
  @Test func aDiagramKeepsWhereTheOutputWasWhenItWasPublished() {
    let record = "{\"v\":1,\"kind\":\"x\",\"text\":\"t\"}"
    let stream = Self.marker(0) + Self.diagram(record) + Array("t\nvoilà\n".utf8) + Self.diagram(record)
      + Self.marker(1) + Array("é".utf8) + Self.diagram(record)
    let s = Self.split([stream])
    #expect(s.diagrams[0]?.map(\.offset) == [0, 9])  // "t\n" 2 bytes, "voilà\n" 7 ("à" is 2)
    #expect(s.diagrams[1]?.map(\.offset) == [2])
    // Output beyond the cap still counts: the offset is in the whole output.
    let capped = OutputSplitter(cap: 3, secret: Self.secret, expected: [0])
    capped.consume(Self.marker(0) + Array("12345".utf8) + Self.diagram(record))
    capped.finish()
    #expect(capped.diagrams[0]?.map(\.offset) == [5])
  }

  @Test func diagramDataIsCappedPerSnippetAndPerChapter() {
    let big = "{\"v\":1,\"kind\":\"x\",\"text\":\"" + String(repeating: "a", count: 1000) + "\"}"
    var stream = Self.marker(0)
    for _ in 0..<10 { stream += Self.diagram(big) }
    stream += Self.marker(1)
    for _ in 0..<10 { stream += Self.diagram(big) }
    let s = Self.split([stream], diagramCap: 5000, chapterCap: 8000)
    #expect(s.diagrams[0]?.count == 4)
    #expect(s.diagrams[1]?.count == 3)
    #expect(s.problems.map(\.snippet) == [0, 1])
    #expect(s.problems[0].message.hasPrefix("The snippet published more than"))
    #expect(s.problems[1].message.hasPrefix("The chapter published more than"))
  }

  @Test func aDiagramThatIsNotARecordIsAProblemOfItsSnippet() {
    let s = Self.split([Self.marker(0) + Self.diagram("{\"kind\":\"x\"}") + Self.diagram("not json")
                        + Self.diagram("{\"v\":2,\"kind\":\"x\",\"text\":\"t\"}")])
    #expect(s.diagrams.isEmpty)
    #expect(s.problems.map(\.snippet) == [0, 0, 0])
    #expect(s.problems.map(\.message) == [
      "The snippet published a diagram that cannot be read (.v is missing); publish diagrams through the diagrams harness",
      "The snippet published a diagram that cannot be read (not JSON); publish diagrams through the diagrams harness",
      "The snippet published a diagram record of version 2; this workbook reads version 1. Rebuild the engine with this workbook's sources",
    ])
  }

  @Test func anUnterminatedDiagramIsReadInLinearTime() {
    var stream = Self.marker(0) + Array("\u{1E}workbook-diagram \(Self.secret) {".utf8)
    stream += [UInt8](repeating: UInt8(ascii: "a"), count: 50 << 20)
    let chunks = stride(from: 0, to: stream.count, by: 65536).map { Array(stream[$0..<min(stream.count, $0 + 65536)]) }
    let start = threadCPUSeconds()
    let s = Self.split(chunks)
    let seconds = threadCPUSeconds() - start
    #expect(seconds < 10, "50 MB took \(seconds) s of CPU time")
    #expect(s.problems.count == 1)
    #expect(s.diagrams.isEmpty)
  }

  @Test func plainOutputIsReadInLinearTime() {
    let line = Array("0123456789abcdef\u{1E}x\n".utf8)
    var stream = Self.marker(0)
    for _ in 0..<200_000 { stream += line }
    let chunks = stride(from: 0, to: stream.count, by: 4096).map { Array(stream[$0..<min(stream.count, $0 + 4096)]) }
    let start = threadCPUSeconds()
    let s = Self.split(chunks)
    #expect(threadCPUSeconds() - start < 10)
    #expect(s.outputs[0]?.count == 1 << 20)
  }
}
