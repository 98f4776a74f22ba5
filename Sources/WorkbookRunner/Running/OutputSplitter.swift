// OutputSplitter: splits a chapter program's standard output at the snippet
// markers as it arrives, keeping at most `cap` bytes per snippet.
//
// A marker carries the run's secret (see `ProgramBuilder.prelude`): text a
// snippet prints cannot forge one, because the snippet never sees the
// secret. Each byte is looked at once (a marker's head is at most a few
// dozen bytes, and a diagram's body is copied, never rescanned), so the
// time is linear in the output however it is cut into reads. The program
// writes a diagram's marker when it publishes the diagram, so the splitter
// keeps where the snippet's output was then (`DiagramRecord.offset`): the
// diagram's text, when the snippet prints it, starts there.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookModel
import WorkbookSupport

/// Something wrong with the marker stream (never produced by a correct
/// program that only prints).
package struct ChannelProblem: Hashable, Sendable, Codable {
  /// The snippet it concerns, when known.
  package var snippet: Int?
  package var message: String
}

final class OutputSplitter: OutputSink {
  private let cap: Int
  /// Snippets in the order their markers must come.
  private let expected: [Int]
  private var nextExpected = 0
  private let diagramCapPerSnippet: Int
  private let diagramCapPerChapter: Int
  private var diagramBytesTotal = 0
  private var diagramBytes: [Int: Int] = [:]

  private var current: Int? = nil
  private(set) var outputs: [Int: [UInt8]] = [:]
  private(set) var dropped: [Int: Int] = [:]
  private(set) var order: [Int] = []
  private(set) var diagrams: [Int: [DiagramRecord]] = [:]
  private(set) var problems: [ChannelProblem] = []

  /// `\u{1E}workbook-snippet SECRET ` and `\u{1E}workbook-diagram SECRET `.
  private let snippetHead: [UInt8]
  private let diagramHead: [UInt8]

  private enum State {
    case text
    /// Bytes after a 0x1E that still match one of the heads.
    case head
    case number(Int, digits: Int)
    case numberEnd(Int)
    case diagram
    case diagramEnd
  }
  private var state = State.text
  private var held: [UInt8] = []
  private var snippetAlive = false
  private var diagramAlive = false
  private var diagram: [UInt8] = []
  private var diagramOverflow = false

  /// - Parameters:
  ///   - cap: Bytes of output kept per snippet.
  ///   - secret: The run's secret (markers without it are output).
  ///   - expected: The snippets whose markers the program prints, in order.
  ///   - defaultSnippet: Output before any marker belongs to it (a
  ///     standalone program).
  init(cap: Int, secret: String = "", expected: [Int]? = nil, defaultSnippet: Int? = nil,
       diagramCapPerSnippet: Int = 4 << 20, diagramCapPerChapter: Int = 16 << 20) {
    self.cap = cap
    self.snippetHead = Array("\u{1E}workbook-snippet \(secret) ".utf8)
    self.diagramHead = Array("\u{1E}workbook-diagram \(secret) ".utf8)
    self.expected = expected ?? []
    self.validatesOrder = expected != nil
    self.defaultSnippet = defaultSnippet
    self.diagramCapPerSnippet = diagramCapPerSnippet
    self.diagramCapPerChapter = diagramCapPerChapter
    if let defaultSnippet { start(defaultSnippet) }
  }

  private let validatesOrder: Bool
  private let defaultSnippet: Int?

  var lastStarted: Int? { current }

  private func start(_ snippet: Int) {
    current = snippet
    if outputs[snippet] == nil {
      outputs[snippet] = []
      order.append(snippet)
    }
  }

  private func marker(_ snippet: Int) {
    guard validatesOrder else { start(snippet); return }
    if nextExpected < expected.count && expected[nextExpected] == snippet {
      nextExpected += 1
      start(snippet)
    } else if !expected.contains(snippet) {
      problems.append(ChannelProblem(snippet: current, message: "The program announced snippet \(snippet), which does not exist"))
    } else {
      problems.append(ChannelProblem(snippet: current, message: "The program announced snippet \(snippet) out of order"))
    }
  }

  private func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    guard let current, !bytes.isEmpty else { return }
    let have = outputs[current]!.count
    let room = max(0, cap - have)
    if room >= bytes.count {
      outputs[current]!.append(contentsOf: bytes)
    } else {
      outputs[current]!.append(contentsOf: bytes.prefix(room))
      dropped[current, default: 0] += bytes.count - room
    }
  }

  func consume(_ chunk: UnsafeRawBufferPointer) {
    consume(UnsafeBufferPointer(start: chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), count: chunk.count))
  }

  /// Feeds bytes (tests cut a stream anywhere).
  func consume(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { consume($0) }
  }

  func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    var i = 0
    let n = bytes.count
    while i < n {
      let byte = bytes[i]
      switch state {
      case .text:
        // memchr: plain output is passed on in one piece.
        if let found = memchr(base + i, 0x1E, n - i) {
          let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          append(bytes[i..<at])
          held = [0x1E]
          snippetAlive = true
          diagramAlive = true
          state = .head
          i = at + 1
        } else {
          append(bytes[i..<n])
          i = n
        }
      case .head:
        let k = held.count
        snippetAlive = snippetAlive && k < snippetHead.count && snippetHead[k] == byte
        diagramAlive = diagramAlive && k < diagramHead.count && diagramHead[k] == byte
        if snippetAlive || diagramAlive {
          held.append(byte)
          i += 1
          if snippetAlive && held.count == snippetHead.count { state = .number(0, digits: 0) }
          if diagramAlive && held.count == diagramHead.count { state = .diagram; diagram = []; diagramOverflow = false }
        } else {
          notAMarker()  // the byte is looked at again as text
        }
      case .number(let value, let digits):
        if byte >= 48 && byte <= 57 && digits < 9 {
          held.append(byte)
          state = .number(value * 10 + Int(byte - 48), digits: digits + 1)
          i += 1
        } else if byte == 0x1E && digits > 0 {
          held.append(byte)
          state = .numberEnd(value)
          i += 1
        } else {
          notAMarker()
        }
      case .numberEnd(let value):
        if byte == 10 {
          held = []
          state = .text
          marker(value)
          i += 1
        } else {
          notAMarker()
        }
      case .diagram:
        // Copy up to the next 0x1E in one go.
        let j = memchr(base + i, 0x1E, n - i).map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? n
        addDiagramBytes(bytes[i..<j])
        if j < n { state = .diagramEnd; i = j + 1 } else { i = j }
      case .diagramEnd:
        if byte == 10 {
          finishDiagram()
          i += 1
        } else {
          // JSON never holds a raw 0x1E; the published data is broken.
          finishDiagram(broken: true)
        }
        state = .text
      }
    }
  }

  /// The held bytes were output after all.
  private func notAMarker() {
    append(held)
    held = []
    state = .text
  }

  private func addDiagramBytes<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    guard !diagramOverflow, !bytes.isEmpty else { return }
    let snippet = current ?? -1
    let perSnippet = diagramBytes[snippet, default: 0] + diagram.count + bytes.count
    let total = diagramBytesTotal + diagram.count + bytes.count
    if perSnippet > diagramCapPerSnippet || total > diagramCapPerChapter {
      diagramOverflow = true
      diagram = []
      let message = perSnippet > diagramCapPerSnippet
        ? "The snippet published more than \(diagramCapPerSnippet >> 20) MB of diagram data; the rest was dropped. Publish fewer or smaller diagrams"
        : "The chapter published more than \(diagramCapPerChapter >> 20) MB of diagram data; the rest was dropped. Publish fewer or smaller diagrams"
      if !problems.contains(where: { $0.message == message && $0.snippet == current }) {
        problems.append(ChannelProblem(snippet: current, message: message))
      }
      return
    }
    diagram.append(contentsOf: bytes)
  }

  private func finishDiagram(broken: Bool = false) {
    held = []
    defer { diagram = []; diagramOverflow = false }
    guard !diagramOverflow, !broken else { return }
    let snippet = current ?? -1
    diagramBytes[snippet, default: 0] += diagram.count
    diagramBytesTotal += diagram.count
    guard let current else { return }
    do {
      var record = try DiagramRecord.decode(diagram)
      record.offset = outputs[current]!.count + (dropped[current] ?? 0)
      diagrams[current, default: []].append(record)
    } catch let error as DiagramRecord.UnsupportedVersion {
      problems.append(ChannelProblem(
        snippet: current, message: "The snippet published a diagram record of version \(error.version); this workbook reads version \(DiagramRecord.currentVersion). Rebuild the engine with this workbook's sources"))
    } catch {
      problems.append(ChannelProblem(
        snippet: current, message: "The snippet published a diagram that cannot be read (\(Self.describe(error))); publish diagrams through the diagrams harness"))
    }
  }

  /// A decoding error in one line: what was wrong, and where.
  static func describe(_ error: Error) -> String {
    func path(_ keys: [CodingKey]) -> String {
      keys.isEmpty ? "the record" : keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?: return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "\(path(context.codingPath)) has the wrong type"
    case .dataCorrupted(let context)?: return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)) is not valid"
    default: return "\(error)"
    }
  }

  /// Call when the stream ends: a cut marker is plain output after all, a
  /// cut diagram is dropped.
  func finish() {
    switch state {
    case .head, .number, .numberEnd: notAMarker()
    case .diagram, .diagramEnd: held = []; diagram = []; state = .text
    case .text: break
    }
    // Markers still expected are not a problem: a trap or a timeout stops
    // a program early, and the evaluator reports that.
  }

  func snippetOutputs() -> [SnippetOutput] {
    order.map { SnippetOutput(snippet: $0, text: String(decoding: outputs[$0] ?? [], as: UTF8.self),
                              droppedBytes: dropped[$0] ?? 0, diagrams: diagrams[$0] ?? []) }
  }
}
