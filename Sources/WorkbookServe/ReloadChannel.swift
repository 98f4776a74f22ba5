// ReloadChannel: tells the open pages that the site changed, as
// server-sent events (`text/event-stream`). Each page's script keeps one
// EventSource open on /__workbook/events; the channel writes to all of them.
import FlyingFox
import FlyingSocks
import Foundation

/// One server-sent event.
public struct PreviewEvent: Hashable, Sendable {
  /// `building` (a rebuild started; data: the changed files) or `reload`
  /// (a new build is served; data: its generation).
  public var name: String
  public var data: String

  public init(_ name: String, data: String) {
    self.name = name
    self.data = data
  }

  /// The event on the wire: `event:` and one `data:` line per line of data,
  /// then a blank line. Carriage returns cannot end up in a field.
  public var encoded: [UInt8] {
    let name = self.name.filter { $0 != "\n" && $0 != "\r" }
    var text = "event: \(name)\n"
    for line in data.replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line)\n"
    }
    return Array((text + "\n").utf8)
  }
}

/// The open event streams, and what is sent to them.
final class ReloadChannel: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [Int: AsyncStream<[UInt8]>.Continuation] = [:]
  private var nextID = 0

  /// Streams open now.
  var count: Int {
    lock.lock(); defer { lock.unlock() }
    return streams.count
  }

  /// A new stream that starts with `first`, then receives every event
  /// sent until the client goes away.
  func open(first: [UInt8]) -> EventStreamBody {
    // A stalled client holds a few events, never an unbounded queue.
    let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(32))
    continuation.yield(first)
    lock.lock()
    let id = nextID
    nextID += 1
    streams[id] = continuation
    lock.unlock()
    continuation.onTermination = { [weak self] _ in self?.close(id) }
    return EventStreamBody(stream: stream, subscription: Subscription { [weak self] in self?.close(id) })
  }

  /// Sends `event` to every open stream.
  func send(_ event: PreviewEvent) {
    send(bytes: event.encoded)
  }

  /// Sends a comment line: it keeps idle connections alive and finds the
  /// ones whose client left (their next write fails).
  func keepAlive() {
    send(bytes: Array(": keep-alive\n\n".utf8))
  }

  /// Ends every stream (the server is stopping).
  func closeAll() {
    lock.lock()
    let all = streams
    streams = [:]
    lock.unlock()
    for continuation in all.values { continuation.finish() }
  }

  private func send(bytes: [UInt8]) {
    lock.lock()
    let all = Array(streams.values)
    lock.unlock()
    for continuation in all { continuation.yield(bytes) }
  }

  private func close(_ id: Int) {
    lock.lock()
    let continuation = streams.removeValue(forKey: id)
    lock.unlock()
    continuation?.finish()
  }
}

/// Calls `onEnd` once, when the last copy of the response body's iterator
/// is gone (the connection closed), so that the channel forgets the stream.
final class Subscription: @unchecked Sendable {
  private let onEnd: @Sendable () -> Void
  init(_ onEnd: @escaping @Sendable () -> Void) { self.onEnd = onEnd }
  deinit { onEnd() }
}

/// A response body that never ends by itself: the bytes of each event as it
/// is sent. FlyingFox writes it with chunked transfer encoding, one chunk
/// per event, as soon as it is sent.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let stream: AsyncStream<[UInt8]>
  let subscription: Subscription

  func makeAsyncIterator() -> Iterator {
    Iterator(base: stream.makeAsyncIterator(), subscription: subscription)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    var base: AsyncStream<[UInt8]>.Iterator
    let subscription: Subscription
    var pending: ArraySlice<UInt8> = []

    mutating func next() async -> UInt8? {
      guard let buffer = await nextBuffer(suggested: 1) else { return nil }
      return buffer.first
    }

    mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
      if pending.isEmpty {
        guard let bytes = await base.next() else { return nil }
        pending = bytes[...]
      }
      let take = pending.prefix(Swift.max(1, count))
      pending = pending.dropFirst(take.count)
      return Array(take)
    }
  }
}
