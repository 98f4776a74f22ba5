// PreviewServer: the preview's HTTP server on 127.0.0.1, serving the
// snapshot from memory (the sockets and the reading of requests are in
// Connections.swift and RequestHead.swift; FlyingFox gives the types). A request path is looked up among the built site's
// file names, never on disk, so `..`, `%2e%2e` and links cannot reach a
// file outside the site. HTML pages get the preview script injected as they
// are served; the built files are never changed. Every answer needs this
// run's key (AccessKey.swift): the cookie set by the address `serve` printed.
import FlyingFox
import FlyingSocks
import Foundation

/// Why the server could not start, or stopped.
public enum ServeError: Error, Hashable, Sendable {
  /// Another program listens on the port.
  case portInUse(port: Int)
  case cannotListen(port: Int, reason: String)
  /// The server stopped taking connections (it should never).
  case stoppedListening(port: Int, reason: String)
}

final class PreviewServer: @unchecked Sendable {
  /// Paths of the server's own resources; no site file starts so.
  static let prefix = "/__workbook/"

  let state: PreviewState
  let channel: ReloadChannel
  let script: [UInt8]
  let limits: ConnectionLimits
  let connections = ConnectionCount()
  /// Running code from the pages (RunEndpoint.swift); nil: not offered.
  let runs: RunEndpoint?
  /// This run's secret: every request must carry it (AccessKey.swift).
  let key: AccessKey
  /// The port the server listens on, once it does.
  let port = Box(0)
  /// Who owns each connection's other end (PeerOwner.swift).
  let peers = PeerOwner()
  /// Why the server stopped taking connections, once it has.
  let failure = Box<ServeError?>(nil)

  init(state: PreviewState, channel: ReloadChannel, script: [UInt8], limits: ConnectionLimits = .fromDescriptorLimit(),
       runs: RunEndpoint? = nil, key: AccessKey = AccessKey()) {
    self.runs = runs
    self.key = key
    self.state = state
    self.channel = channel
    self.script = script
    self.limits = limits
  }

  /// Binds 127.0.0.1:`port` (0: any free port) and serves in the
  /// background (Connections.swift). Returns the port it listens on.
  func start(port: Int) throws(ServeError) -> Int {
    let listener: Socket
    let bound: Int
    do {
      listener = try Self.listen(port: port)
      guard case .ip4(_, let number) = try listener.sockname() else { throw SocketError.unsupportedAddress }
      bound = Int(number)
    } catch {
      if case .failed(_, let code, let message) = error as? SocketError {
        if code == EADDRINUSE { throw .portInUse(port: port) }
        throw .cannotListen(port: port, reason: message)
      }
      throw .cannotListen(port: port, reason: "\(error)")
    }
    self.port.value = bound
    let pool = SocketPool<Poll>.make(maxEvents: 64)
    Task.detached { [self] in
      do {
        try await pool.prepare()
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { try await pool.run() }
          group.addTask { try await self.acceptConnections(on: listener, pool: pool) }
          // Neither ends while all is well.
          try await group.next()
          group.cancelAll()
        }
        failure.value = .stoppedListening(port: bound, reason: "the connection loop ended")
      } catch {
        failure.value = .stoppedListening(port: bound, reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
      }
      try? listener.close()
    }
    return bound
  }

  /// A listening socket on 127.0.0.1:`port`, not inherited by the
  /// compilers and programs the build starts.
  private static func listen(port: Int) throws -> Socket {
    #if canImport(Glibc)
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw SocketError.makeFailed("Socket") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let socket = Socket(file: .init(rawValue: fd))
    do {
      try socket.setValue(true, for: .localAddressReuse)
      try socket.bind(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
      try socket.listen()
      try socket.setFlags(.nonBlocking)
      return socket
    } catch {
      try? socket.close()
      throw error
    }
  }

  /// The checks in front of the run endpoints.
  var gate: RequestGate { RequestGate(port: port.value, key: key) }

  // MARK: - Requests

  func respond(to request: HTTPRequest) -> HTTPResponse {
    let response = route(request)
    guard request.method == .HEAD, case .httpBody(let body) = response.payload else { return response }
    // HEAD: the headers a GET would get, no body.
    var headers = response.headers
    headers[.contentLength] = String(body.count ?? 0)
    return HTTPResponse(statusCode: response.statusCode, headers: headers, body: Data())
  }

  private func route(_ request: HTTPRequest) -> HTTPResponse {
    guard request.method == .GET || request.method == .HEAD else {
      return Self.text(.methodNotAllowed, "Only GET and HEAD are served here\n", headers: [HTTPHeader("Allow"): "GET, HEAD"])
    }
    // A page on another site that resolves its own name to 127.0.0.1 (DNS
    // rebinding) sends its own host name: it is not served.
    if let host = request.headers[.host], !Self.isLocalHost(host) {
      return Self.text(.forbidden, "Only http://127.0.0.1 and http://localhost are served here\n")
    }
    // Another site's page may include `<script src=…/search-index.js>`,
    // which no Host check stops: browsers say where a request comes from.
    if Self.isCrossSiteSubresource(request) {
      return Self.text(.forbidden, "Requests from other sites' pages are not served here\n")
    }
    // Any user of this machine can send the request: only the browser that
    // opened the printed address has the key.
    let access = key.decide(path: request.target.path(), query: request.target.query(),
                            cookies: request.headers.values(for: .cookie), port: port.value)
    if let answer = AccessKey.response(to: access) { return answer }
    let snapshot = state.snapshot
    let path = request.path
    if path.hasPrefix(Self.prefix) {
      switch String(path.dropFirst(Self.prefix.count)) {
      case "events":
        let since = request.query["generation"] ?? ""
        return events(since: since, snapshot: snapshot)
      case "preview.js":
        return HTTPResponse(statusCode: .ok, headers: Self.headers(contentType: "text/javascript; charset=utf-8"), body: Data(script))
      case "run.js" where runs != nil:
        return HTTPResponse(statusCode: .ok, headers: Self.headers(contentType: "text/javascript; charset=utf-8"),
                            body: Data(LivePreview.runScript))
      case "status":
        return HTTPResponse(statusCode: .ok, headers: Self.headers(contentType: "application/json"),
                            body: Data(Self.statusJSON(snapshot, tag: state.tag(snapshot.generation)).utf8))
      default:
        return Self.notFound()
      }
    }
    guard let file = Self.sitePath(forRequestPath: path) else { return Self.notFound() }
    if snapshot.files.isEmpty {
      // The first build has not finished: a page that waits for it.
      guard file.hasSuffix(".html") else { return Self.notFound() }
      return page(Self.waitingPage, snapshot: snapshot)
    }
    guard let bytes = snapshot.files[file] else {
      // Browsers ask for an icon the site may not have: no content, no error.
      if file == "favicon.ico" { return HTTPResponse(statusCode: .noContent, headers: Self.headers(contentType: "image/x-icon")) }
      return Self.notFound()
    }
    let type = Self.contentType(file)
    if type.hasPrefix("text/html") { return page(bytes, snapshot: snapshot, file: file) }
    return HTTPResponse(statusCode: .ok, headers: Self.headers(contentType: type), body: Data(bytes))
  }

  private func page(_ bytes: [UInt8], snapshot: Snapshot, file: String? = nil) -> HTTPResponse {
    let run = file.flatMap { runs?.pageTag(page: $0) } ?? ""
    let html = Self.inject(into: bytes, tag: Self.previewTag(snapshot, tag: state.tag(snapshot.generation)) + run)
    return HTTPResponse(statusCode: .ok, headers: Self.headers(contentType: "text/html; charset=utf-8"), body: Data(html))
  }

  private func events(since: String, snapshot: Snapshot) -> HTTPResponse {
    var first = Array("retry: 500\n\n".utf8)
    let current = state.tag(snapshot.generation)
    // The site changed between the page's load and this request.
    if since != current && !snapshot.building { first += PreviewEvent("reload", data: current).encoded }
    if snapshot.building { first += PreviewEvent("building", data: "").encoded }
    var headers = Self.headers(contentType: "text/event-stream")
    headers[HTTPHeader("X-Accel-Buffering")] = "no"
    return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: channel.open(first: first)))
  }

  // MARK: - Paths and pages

  /// The site file a request path names, or nil: `/` and `/dir/` name
  /// their `index.html`; a path with an empty, `.` or `..` part, a
  /// backslash or a NUL names nothing (it is not looked for).
  static func sitePath(forRequestPath requestPath: String) -> String? {
    var path = requestPath
    if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
    path = path.removingPercentEncoding ?? ""
    guard path.hasPrefix("/") else { return nil }
    path.removeFirst()
    if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") }) else {
      return nil
    }
    return path
  }

  /// A request a page of another site made for something in it (a
  /// script, an image, a frame, a fetch), as the browser's
  /// `Sec-Fetch-Site` says. Following a link from another site to a page
  /// is served: that site cannot read the page. (Vite refuses the same,
  /// GHSA-vg6x-rcgg-rjx6; RELIABILITY-REVIEW-3, M2.)
  static func isCrossSiteSubresource(_ request: HTTPRequest) -> Bool {
    guard request.headers[HTTPHeader("Sec-Fetch-Site")]?.lowercased() == "cross-site" else { return false }
    let navigation = request.headers[HTTPHeader("Sec-Fetch-Mode")]?.lowercased() == "navigate"
      && request.headers[HTTPHeader("Sec-Fetch-Dest")]?.lowercased() == "document"
    return !navigation
  }

  static func isLocalHost(_ host: String) -> Bool {
    var name = host.lowercased()
    if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") { name = String(name[..<colon]) }
    return name == "127.0.0.1" || name == "localhost"
  }

  /// The tag put into every served page: the overlay's problems (JSON,
  /// with `<` escaped so that it cannot close the script element) and the
  /// preview script, which knows the page's generation.
  static func previewTag(_ snapshot: Snapshot, tag: String) -> String {
    "<script type=\"application/json\" id=\"workbook-preview-status\">"
      + statusJSON(snapshot, tag: tag)
      + "</script>\n<script src=\"\(prefix)preview.js\" data-generation=\"\(tag)\"></script>\n"
  }

  static func statusJSON(_ snapshot: Snapshot, tag: String) -> String {
    struct Status: Encodable {
      var generation: String
      var building: Bool
      var problems: [PreviewProblem]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = (try? encoder.encode(Status(generation: tag, building: snapshot.building, problems: snapshot.problems))) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "<", with: "\\u003c")
      .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
      .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
  }

  /// `html` with `tag` before its last `</body>` (or at its end).
  static func inject(into html: [UInt8], tag: String) -> [UInt8] {
    let close = Array("</body>".utf8)
    var index = html.count - close.count
    while index >= 0 {
      if zip(html[index..<index + close.count], close).allSatisfy({ Self.lower($0) == $1 }) {
        return Array(html[..<index]) + Array(tag.utf8) + Array(html[index...])
      }
      index -= 1
    }
    return html + Array(tag.utf8)
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (byte >= 65 && byte <= 90) ? byte + 32 : byte
  }

  static let waitingPage = Array("""
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Building the book…</title></head>
    <body><p>Building the book… this page reloads when the site is ready.</p></body></html>

    """.utf8)

  static func contentType(_ path: String) -> String {
    switch (path as NSString).pathExtension.lowercased() {
    case "html", "htm": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "json": return "application/json"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "ico": return "image/x-icon"
    case "woff2": return "font/woff2"
    case "txt", "md": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }

  static func headers(contentType: String) -> HTTPHeaders {
    var headers = HTTPHeaders()
    headers[.contentType] = contentType
    // Every request sees the latest build.
    headers[HTTPHeader("Cache-Control")] = "no-store"
    headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
    // Browsers give no other site's page what is served here (a script
    // or image included from another origin is blocked).
    headers[HTTPHeader("Cross-Origin-Resource-Policy")] = "same-origin"
    return headers
  }

  static func text(_ status: HTTPStatusCode, _ body: String, headers extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
    var headers = Self.headers(contentType: "text/plain; charset=utf-8")
    for (key, value) in extra { headers[key] = value }
    return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
  }

  static func notFound() -> HTTPResponse {
    text(.notFound, "Not found\n")
  }
}

/// A value handed between a task and a waiting thread.
final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.lock(); defer { lock.unlock() }; return stored }
    set { lock.lock(); stored = newValue; lock.unlock() }
  }
}
