// Shared helpers: fixture books in temporary folders, the stand-in engine,
// a `workbook serve` process, and a small HTTP client on raw sockets (so
// that a request can send a path no client library would, `/../..`).
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@_exported import TestSupport
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

enum ServeFixtures {
  /// The stand-in engine the verify fixtures use.
  static let engineSources = TestPackage.standInEngine

  /// Copies Tests/Fixtures/site/`name` into a fresh folder; returns the
  /// copy's root (which holds `Chapters`).
  static func book(_ name: String) throws -> String {
    try TestPackage.copy("site/" + name)
  }

  static func temporaryDirectory() throws -> String { try TestPackage.temporaryDirectory() }

  static func read(_ path: String) -> String { TestPackage.read(path) }

  static func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// `workbook serve` running on a book, its output in files.
final class ServeProcess {
  let process = Process()
  let stdoutPath: String
  let stderrPath: String
  private(set) var port = 0
  /// The address serve printed, with its key (`http://127.0.0.1:PORT/?token=…`).
  private(set) var address = ""
  /// The key's cookie (`workbook-serve-PORT=…`) that opening the address set.
  private(set) var cookie = ""

  /// Starts `workbook serve --port 0` in `directory`, waits for its
  /// address and opens it as a browser would: the key's cookie is kept
  /// for the port, and `HTTP` sends it with every request (`key: false`
  /// sends none).
  /// With `descriptorLimit`, serve runs under `ulimit -n` of it (set by
  /// a shell that then becomes serve: same process).
  init(directory: String, arguments: [String] = [], engineSources: String = ServeFixtures.engineSources,
       timeout: Double = 60, descriptorLimit: Int? = nil) throws {
    let logs = try ServeFixtures.temporaryDirectory()
    stdoutPath = logs + "/stdout"
    stderrPath = logs + "/stderr"
    _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: TestPackage.binary)
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.arguments = ["serve", "--port", "0", "--engine-sources", engineSources,
                         "--cache-dir", TestPackage.engineCache, "--jobs", "2"] + arguments
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", TestPackage.binary] + process.arguments!
    }
    process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
    process.standardError = FileHandle(forWritingAtPath: stderrPath)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline && process.isRunning {
      let out = ServeFixtures.read(stdoutPath)
      if let range = out.range(of: "Serving http://127.0.0.1:"),
        let port = Int(out[range.upperBound...].prefix { $0.isNumber }),
        let line = out[range.lowerBound...].split(separator: "\n").first, line.contains(" (Ctrl-C")
      {
        self.port = port
        address = String(line.split(separator: " ")[1])
        let target = String(address.dropFirst("http://127.0.0.1:\(port)".count))
        let first = try HTTP.request(port: port, target, key: false)
        guard first.status == 303, let set = first.headers["set-cookie"] else {
          throw ServeTestError("opening \(address) did not set the key's cookie: \(first.status) \(first.headers)")
        }
        cookie = String(set.prefix { $0 != ";" })
        HTTP.keep(cookie: cookie, port: port)
        return
      }
      usleep(20_000)
    }
    throw ServeTestError("serve did not print its address: \(ServeFixtures.read(stdoutPath)) \(stderr)")
  }

  var stderr: String { ServeFixtures.read(stderrPath) }

  /// Waits until the server has served a build with no open rebuild:
  /// `/__workbook/status` says it is not building and has a generation.
  func waitUntilBuilt(timeout: Double = 240) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = try? HTTP.get(port: port, "/__workbook/status"), status.status == 200,
        let json = try? JSONSerialization.jsonObject(with: Data(status.body.utf8)) as? [String: Any],
        json["building"] as? Bool == false, let generation = json["generation"] as? String, !generation.hasSuffix("-0")
      {
        return generation
      }
      usleep(100_000)
    }
    throw ServeTestError("the first build did not finish: \(stderr)")
  }

  /// Sends `signal` and waits for the exit status.
  func stop(_ signal: Int32 = SIGINT, timeout: Double = 20) -> Int32? {
    guard process.isRunning else { return process.terminationStatus }
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}

struct ServeTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// HTTP/1.1 on a raw socket to 127.0.0.1.
enum HTTP {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  /// The key cookies kept, by port (as a browser's cookie jar keeps them).
  nonisolated(unsafe) private static var jar: [Int: String] = [:]
  private static let jarLock = NSLock()

  /// Sends `cookie` with every later request to `port`.
  static func keep(cookie: String, port: Int) {
    jarLock.withLock { jar[port] = cookie }
  }

  /// The `Cookie` field for `port` (with its line end), or "" when none is kept.
  static func cookieField(port: Int) -> String {
    jarLock.withLock { jar[port] }.map { "Cookie: \($0)\r\n" } ?? ""
  }

  /// A connected socket with a receive timeout.
  static func connect(port: Int, timeout: Double = 10) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServeTestError("socket: \(errno)") }
    var tv = timeval()
    tv.tv_sec = .init(timeout)
    tv.tv_usec = .init((timeout - timeout.rounded(.down)) * 1_000_000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
      close(fd)
      throw ServeTestError("connect to port \(port): errno \(errno)")
    }
    return fd
  }

  static func send(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n <= 0 { return }
      sent += n
    }
  }

  /// Sends a request with `target` exactly as given and reads the whole
  /// response (the server closes the connection). With `key`, the key's
  /// cookie kept for `port` goes with it.
  static func request(port: Int, method: String = "GET", _ target: String, host: String? = nil,
                      headers: [String: String] = [:], key: Bool = true, timeout: Double = 10) throws -> Response {
    let fd = try connect(port: port, timeout: timeout)
    defer { close(fd) }
    let fields = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
      + (key ? cookieField(port: port) : "")
    send(fd, "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(fields)Connection: close\r\n\r\n")
    return try readResponse(fd, to: target)
  }

  /// Reads a response on `fd` until it is complete or the server closes.
  static func readResponse(_ fd: Int32, to target: String) throws -> Response {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      data += buffer[..<n]
      if let response = parse(data), response.complete { return response.response }
    }
    guard let response = parse(data) else { throw ServeTestError("no HTTP response to \(target)") }
    return response.response
  }

  static func get(port: Int, _ target: String) throws -> Response {
    try request(port: port, target)
  }

  /// A response once its header is in: whether the body is all there
  /// (by Content-Length).
  static func parse(_ data: [UInt8]) -> (response: Response, complete: Bool)? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0...max(0, data.count - 4)).first(where: { data.count >= 4 && Array(data[$0..<$0 + 4]) == separator }) else {
      return nil
    }
    let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = Array(data[(end + 4)...])
    let length = headers["content-length"].flatMap { Int($0) }
    return (Response(status: status, headers: headers, body: String(decoding: body, as: UTF8.self)),
            length.map { body.count >= $0 } ?? false)
  }
}

/// An open `/__workbook/events` stream, read as events arrive.
final class EventStream {
  let fd: Int32
  private var received = ""

  init(port: Int, generation: String) throws {
    fd = try HTTP.connect(port: port, timeout: 0.2)
    HTTP.send(fd, "GET /__workbook/events?generation=\(generation) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
      + HTTP.cookieField(port: port) + "\r\n")
  }

  deinit { close(fd) }

  /// Everything received so far (chunk sizes included).
  var text: String { received }

  /// Waits for a `reload` to a generation other than `generation` (the
  /// build that made `generation` may announce itself after the stream
  /// opened, as a page's script also knows); returns the new generation.
  func waitForReload(after generation: String, timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      guard let data = wait(for: "reload", timeout: deadline.timeIntervalSinceNow) else { return nil }
      if data != generation { return data }
    }
    return nil
  }

  /// Waits until an event named `name` arrives; returns its data.
  func wait(for name: String, timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while Date() < deadline {
      if let range = received.range(of: "event: \(name)\n"), let end = received[range.upperBound...].range(of: "\n\n") {
        let data = received[range.upperBound..<end.lowerBound].split(separator: "\n")
          .map { $0.hasPrefix("data: ") ? String($0.dropFirst(6)) : "" }
        received = String(received[end.upperBound...])
        return data.joined(separator: "\n")
      }
      let n = recv(fd, &buffer, buffer.count, 0)
      if n > 0 {
        received += String(decoding: buffer[..<n], as: UTF8.self)
      } else if n == 0 {
        return nil
      }
    }
    return nil
  }
}
