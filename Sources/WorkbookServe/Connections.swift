// Connections: the socket side of the preview server. It accepts
// connections, reads each request's head itself (RequestHead.swift),
// hands the request to the routes (PreviewServer.respond) and writes the
// answer. The sockets are FlyingSocks' non-blocking ones, waiting on
// epoll; FlyingFox's HTTPServer is not used, for three of its ways
// (RELIABILITY-REVIEW-3): it reads heads in quadratic time without a
// bound (M1), lets a connection wait for its head forever, and its
// accept loop ends for good when the process runs out of descriptors (M5).
//
// Here:
// - at most `limits.connections` connections are open; one more is
//   answered 503 and closed at once (so connections alone never use up
//   the descriptors);
// - a head must be in within `limits.headSeconds` of waiting for it
//   (a slow client is closed: 408); a write must be taken within
//   `limits.writeSeconds` (a client that stopped reading is closed);
// - the accept loop waits and tries again when descriptors run out;
//   anything else that stops it is reported (`failure`), never a
//   server that is silently gone;
// - on Linux, a connection from another user's socket is refused at once
//   (PeerOwner.swift);
// - a request with a body, over HTTP/1.0 or with `Connection: close`
//   ends its connection after the answer; the event stream (chunked)
//   is the last answer on its connection.
import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
import Glibc
#endif

struct ConnectionLimits: Sendable {
  /// Connections open at once.
  var connections: Int
  var headSeconds = 10.0
  var writeSeconds = 30.0

  /// Room for every connection in the descriptor limit, with 128 kept for
  /// the build (files, compilers' pipes) and the watcher; at most 1,024.
  static func fromDescriptorLimit() -> ConnectionLimits {
    var limit = rlimit()
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    let resource = RLIMIT_NOFILE
    #endif
    let soft = getrlimit(resource, &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
    return ConnectionLimits(connections: max(8, min(1024, soft - 128)))
  }
}

/// The connections open now, counted against the limit.
final class ConnectionCount: @unchecked Sendable {
  private let lock = NSLock()
  private var open = 0

  /// Counts one more, unless `limit` are open.
  func enter(limit: Int) -> Bool {
    lock.lock(); defer { lock.unlock() }
    guard open < limit else { return false }
    open += 1
    return true
  }

  func leave() {
    lock.lock(); open -= 1; lock.unlock()
  }

  var value: Int {
    lock.lock(); defer { lock.unlock() }
    return open
  }
}

/// What the accept loop does after `accept` failed with `code`.
enum AcceptFailure: Equatable {
  /// The connection went away before it was taken, or a signal came.
  case retry
  /// Out of descriptors or memory: the connections stay queued in the
  /// kernel until some close; wait a little and try again.
  case backOff
  /// The listening socket itself is broken.
  case stop

  init(errno code: Int32) {
    switch code {
    case EMFILE, ENFILE, ENOBUFS, ENOMEM: self = .backOff
    case EBADF, EINVAL, ENOTSOCK, EFAULT, EOPNOTSUPP: self = .stop
    // ECONNABORTED, EINTR, EPROTO, EPERM and the network errors Linux
    // passes on from the new connection (accept(2)): try again.
    default: self = .retry
    }
  }
}

/// A wait that took longer than its deadline.
struct DeadlineExceeded: Error {}

/// `body`'s result, or `DeadlineExceeded` once `seconds` have passed (the
/// body is cancelled then: FlyingSocks' waits end at cancellation).
func withDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      throw DeadlineExceeded()
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

extension PreviewServer {
  /// Takes connections until the listening socket breaks (it throws then).
  func acceptConnections(on listener: Socket, pool: some AsyncSocketPool) async throws {
    var pause = 0.05
    while true {
      let fd = Self.acceptOne(listener)
      guard fd >= 0 else {
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK {
          try await pool.suspendSocket(listener, untilReadyFor: .connection)
          continue
        }
        switch AcceptFailure(errno: code) {
        case .retry:
          await Task.yield()
          continue
        case .backOff:
          try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
          pause = min(pause * 2, 1)
          continue
        case .stop:
          throw SocketError.failed(type: "Accept", errno: code, message: String(cString: strerror(code)))
        }
      }
      pause = 0.05
      let socket = Socket(file: .init(rawValue: fd))
      guard connections.enter(limit: limits.connections) else {
        // Full: a short answer without waiting (a fresh socket takes it
        // at once), then closed.
        _ = try? socket.write(Self.tooManyConnections)
        try? socket.close()
        continue
      }
      Task {
        defer { connections.leave() }
        guard let client = try? AsyncSocket(socket: socket, pool: pool) else {
          try? socket.close()
          return
        }
        await serve(client)
      }
    }
  }

  /// accept(2): a new connection, not inherited by the programs the build
  /// starts; -1 and `errno` when none was taken.
  private static func acceptOne(_ listener: Socket) -> Int32 {
    let fd = accept(listener.file.rawValue, nil, nil)
    if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return fd
  }

  /// Answers the requests of one connection, one after the other.
  private func serve(_ client: AsyncSocket) async {
    var reader = HeadReader()
    defer { try? client.close() }
    // Another user's program is refused before it is heard (PeerOwner.swift).
    if let (status, reason) = peers.refusal(forConnection: client.socket.file.rawValue) {
      _ = try? await write(Self.refusal(status, reason), to: client)
      await Self.drain(client)
      return
    }
    let headDeadline = { Date().addingTimeInterval(self.limits.headSeconds) }
    var deadline = headDeadline()
    var bytes: [UInt8] = []
    while true {
      switch reader.read(bytes) {
      case .needMore:
        do {
          bytes = try await withDeadline(deadline.timeIntervalSinceNow) { try await client.read(atMost: 16 * 1024) }
        } catch is DeadlineExceeded {
          // Nothing yet on an idle kept-alive connection: just close it.
          if reader.hasStarted { _ = try? await write(Self.refusal(.requestTimeout, "The request took too long to arrive\n"), to: client) }
          return
        } catch {
          return
        }
      case .refused(let status, let reason):
        guard (try? await write(Self.refusal(status, reason), to: client)) != nil else { return }
        await Self.drain(client)
        return
      case .head(let head):
        bytes = []
        // Running code: its own gate, its body read; the connection ends.
        if let runs, RunEndpoint.handles(head) {
          await serveRun(head, runs: runs, received: reader.takeReceived(), client: client)
          return
        }
        let request = head.request
        var response = respond(to: request)
        let keep = head.keepsAlive && !head.hasBody
        if !keep { response.headers[.connection] = "close" }
        guard (try? await write(response, to: client)) != nil, keep, response.payload.isFinite else { return }
        deadline = headDeadline()
      }
    }
  }

  /// Writes `response`: its head and body with a Content-Length, or
  /// chunked when the body has no length (the event stream).
  func write(_ response: HTTPResponse, to client: AsyncSocket) async throws {
    guard case .httpBody(let body) = response.payload else { return }
    let seconds = limits.writeSeconds
    let send = { @Sendable (data: Data) in try await withDeadline(seconds) { try await client.write(data) } }
    var head = response
    if let count = body.count {
      if head.headers[.contentLength] == nil { head.headers[.contentLength] = String(count) }
      var data = Self.encodeHead(head)
      for try await chunk in body { data += chunk }
      try await send(data)
    } else {
      head.headers[.transferEncoding] = "chunked"
      try await send(Self.encodeHead(head))
      for try await chunk in body where !chunk.isEmpty {
        try await send(Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
      }
      try await send(Data("0\r\n\r\n".utf8))
    }
  }

  /// A refusal from the connection itself (before or instead of routing).
  static func refusal(_ status: HTTPStatusCode, _ reason: String) -> HTTPResponse {
    var response = text(status, reason)
    response.headers[.connection] = "close"
    return response
  }

  static func encodeHead(_ response: HTTPResponse) -> Data {
    var text = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      text += "\(name.rawValue): \(value)\r\n"
    }
    return Data((text + "\r\n").utf8)
  }

  /// The answer to a connection over the limit, whole.
  static let tooManyConnections: Data = {
    let body = Data("Too many connections; try again\n".utf8)
    var head = refusal(.serviceUnavailable, "")
    head.headers[.contentLength] = String(body.count)
    return encodeHead(head) + body
  }()

  /// After a refusal, reads what the client is still sending (at most
  /// 1 MB, for at most a second) so that closing does not reset the
  /// connection before the client has read the answer.
  static func drain(_ client: AsyncSocket) async {
    shutdownWriting(client.socket)
    let end = Date().addingTimeInterval(1)
    var total = 0
    while total < 1 << 20 {
      guard let bytes = try? await withDeadline(end.timeIntervalSinceNow, { try await client.read(atMost: 64 * 1024) }) else { return }
      total += bytes.count
    }
  }

  private static func shutdownWriting(_ socket: Socket) {
    _ = shutdown(socket.file.rawValue, Int32(SHUT_WR))
  }
}

extension HTTPResponse.Payload {
  /// The body has a length (not the event stream).
  var isFinite: Bool {
    if case .httpBody(let body) = self { return body.count != nil }
    return false
  }
}
