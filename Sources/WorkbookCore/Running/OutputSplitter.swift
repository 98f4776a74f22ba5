// OutputSplitter: splits a chapter program's standard output at the snippet
// markers as it arrives, keeping at most `cap` bytes per snippet.

final class OutputSplitter: OutputSink {
  private let cap: Int
  private var current: Int? = nil
  private var pending: [UInt8] = []
  private(set) var outputs: [Int: [UInt8]] = [:]
  private(set) var dropped: [Int: Int] = [:]
  private(set) var order: [Int] = []
  private(set) var diagrams: [Int: [String]] = [:]
  /// Output printed before any marker (cannot happen in a generated
  /// program, but a standalone program has none).
  private let defaultSnippet: Int?

  init(cap: Int, defaultSnippet: Int? = nil) {
    self.cap = cap
    self.defaultSnippet = defaultSnippet
    if let defaultSnippet { start(defaultSnippet) }
  }

  var lastStarted: Int? { current }

  private func start(_ snippet: Int) {
    current = snippet
    if outputs[snippet] == nil {
      outputs[snippet] = []
      order.append(snippet)
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
    var buffer: [UInt8]
    if pending.isEmpty {
      buffer = Array(chunk)
    } else {
      buffer = pending + Array(chunk)
      pending = []
    }
    let prefix = ProgramBuilder.markerPrefix
    var position = 0
    let n = buffer.count
    while position < n {
      guard let i = buffer[position...].firstIndex(of: 0x1E) else {
        append(buffer[position...])
        return
      }
      append(buffer[position..<i])
      // A published diagram: "\u{1E}workbook-diagram {json}\u{1E}\n".
      switch readDiagram(buffer, at: i) {
      case .incomplete:
        pending = Array(buffer[i...])
        return
      case .diagram(let json, let end):
        if let current { diagrams[current, default: []].append(json) }
        position = end
        continue
      case .none:
        break
      }
      // Try to read "\u{1E}workbook-snippet N\u{1E}\n" at i.
      var j = i
      var k = 0
      while k < prefix.count && j < n && buffer[j] == prefix[k] { j += 1; k += 1 }
      if j == n && k <= prefix.count {
        pending = Array(buffer[i...])  // may be a marker cut in two
        return
      }
      guard k == prefix.count else {
        append(buffer[i...i])
        position = i + 1
        continue
      }
      var number = 0
      var digits = 0
      while j < n, buffer[j] >= 48, buffer[j] <= 57, digits < 9 {
        number = number * 10 + Int(buffer[j] - 48); j += 1; digits += 1
      }
      if j + 2 > n {
        pending = Array(buffer[i...])
        return
      }
      if digits > 0 && buffer[j] == 0x1E && buffer[j + 1] == 10 {
        start(number)
        position = j + 2
      } else {
        append(buffer[i...i])
        position = i + 1
      }
    }
  }

  private enum DiagramRead { case none, incomplete, diagram(String, end: Int) }

  /// Reads a diagram marker at `i` (which holds 0x1E).
  private func readDiagram(_ buffer: [UInt8], at i: Int) -> DiagramRead {
    let prefix = ProgramBuilder.diagramPrefix
    let n = buffer.count
    var j = i
    var k = 0
    while k < prefix.count && j < n && buffer[j] == prefix[k] { j += 1; k += 1 }
    if k < prefix.count { return j == n ? .incomplete : .none }
    guard let close = buffer[j...].firstIndex(of: 0x1E) else { return .incomplete }
    guard close + 1 < n else { return .incomplete }
    guard buffer[close + 1] == 10 else { return .none }
    return .diagram(String(decoding: buffer[j..<close], as: UTF8.self), end: close + 2)
  }

  /// Call when the stream ends: a cut marker is plain output after all.
  func finish() {
    if !pending.isEmpty {
      let rest = pending
      pending = []
      append(rest)
    }
  }

  func snippetOutputs() -> [SnippetOutput] {
    order.map { SnippetOutput(snippet: $0, text: String(decoding: outputs[$0] ?? [], as: UTF8.self),
                              droppedBytes: dropped[$0] ?? 0, diagrams: diagrams[$0] ?? []) }
  }
}
