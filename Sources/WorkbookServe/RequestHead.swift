// RequestHead: the request line and header fields of one HTTP/1.1 request,
// read by the preview server itself, as the bytes arrive, before anything
// else looks at them. Any web page can make the browser send a request
// here, so the head is bounded (8 KB of request line, 32 KB and 100 lines
// of fields) and every byte is looked at once: a long line costs time in
// proportion to its length, and at most the limit. (FlyingFox's decoder
// reads lines in time quadratic in their length, without a bound: one
// 128 KB request line took 12 s of CPU. RELIABILITY-REVIEW-3, M1.)
import FlyingFox
import Foundation

/// A request's head, once it is all in.
struct RequestHead: Equatable, Sendable {
  struct Field: Equatable, Sendable {
    var name: String
    var value: String
  }

  var method: String
  /// As sent: `/path?query` (origin form; nothing else is accepted).
  var target: String
  /// `HTTP/1.1` or `HTTP/1.0`.
  var version: String
  var fields: [Field]

  /// The first field named `name` (any case).
  func field(_ name: String) -> String? {
    fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// The values of every field named `name` (any case), in order.
  func fields(named name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
  }

  /// A body follows the head (this server reads none: the connection
  /// ends after the answer, so the body is never taken for a request).
  var hasBody: Bool {
    field("Transfer-Encoding") != nil || (field("Content-Length").map { $0 != "0" } ?? false)
  }

  /// The client wants the connection kept for another request.
  var keepsAlive: Bool {
    let tokens = (field("Connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return version == "HTTP/1.1" && !tokens.contains("close")
  }

  /// The request, in FlyingFox's type (which the routes take).
  var request: HTTPRequest {
    var headers = HTTPHeaders()
    for field in fields { headers.addValue(field.value, for: HTTPHeader(field.name)) }
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    return HTTPRequest(method: HTTPMethod(method), version: HTTPVersion(version),
                       target: HTTPRequest.Target(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
                       headers: headers, body: HTTPBodySequence())
  }
}

/// Collects a connection's bytes until a request's head is complete, and
/// refuses it as soon as it breaks a limit or the grammar.
struct HeadReader {
  /// The request line, without its line end (browsers send URLs up to 2 MB;
  /// a book's pages have short names).
  static let maxRequestLine = 8 * 1024
  /// The header fields together, with their line ends.
  static let maxFieldBytes = 32 * 1024
  static let maxFields = 100

  enum Outcome: Equatable {
    /// The head is not all in yet.
    case needMore
    case head(RequestHead)
    /// Answer with this status and end the connection.
    case refused(HTTPStatusCode, String)
  }

  /// Bytes received and not yet used by a head.
  private var buffer: [UInt8] = []
  /// Where the line being read starts, and how far it has been looked at.
  private var lineStart = 0
  private var scanned = 0
  private var requestLine: Range<Int>?
  private var fieldLines: [Range<Int>] = []
  private var fieldBytes = 0

  /// Some bytes of the next head have arrived.
  var hasStarted: Bool { !buffer.isEmpty }

  /// The bytes received after the last head (the start of its body),
  /// taken out of the reader.
  mutating func takeReceived() -> [UInt8] {
    defer { buffer = []; lineStart = 0; scanned = 0 }
    return buffer
  }

  /// Adds `bytes` and says whether a head is complete. After a head, the
  /// bytes that followed it stay for the next one (pass `[]` to read it).
  mutating func read(_ bytes: some Collection<UInt8>) -> Outcome {
    buffer.append(contentsOf: bytes)
    while let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
      scanned = newline + 1
      var end = newline
      if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let line = lineStart..<end
      lineStart = scanned
      if requestLine == nil {
        // Empty lines before a request line are skipped (RFC 9112 §2.2).
        if line.isEmpty {
          if lineStart > 16 { return .refused(.badRequest, "Empty lines instead of a request\n") }
          continue
        }
        guard line.count <= Self.maxRequestLine else { return Self.uriTooLong }
        requestLine = line
      } else if line.isEmpty {
        return complete()
      } else {
        fieldLines.append(line)
        fieldBytes += scanned - line.lowerBound
        guard fieldBytes <= Self.maxFieldBytes, fieldLines.count <= Self.maxFields else { return Self.fieldsTooLarge }
      }
    }
    scanned = buffer.count
    // The line being read is already too long: no need to wait for its end.
    let pending = scanned - lineStart
    if requestLine == nil && pending > Self.maxRequestLine + 1 { return Self.uriTooLong }
    if requestLine != nil && fieldBytes + pending > Self.maxFieldBytes { return Self.fieldsTooLarge }
    return .needMore
  }

  private static let uriTooLong = Outcome.refused(.uriTooLong, "The request line is longer than \(maxRequestLine / 1024) KB\n")
  private static let fieldsTooLarge = Outcome.refused(
    .requestHeaderFieldsTooLarge, "The header fields are longer than \(maxFieldBytes / 1024) KB or \(maxFields) lines\n")

  /// Parses the lines of the complete head, then forgets them.
  private mutating func complete() -> Outcome {
    defer {
      buffer.removeSubrange(..<lineStart)
      lineStart = 0
      scanned = 0
      requestLine = nil
      fieldLines = []
      fieldBytes = 0
    }
    let buffer = self.buffer
    let text = { (range: Range<Int>) in String(decoding: buffer[range], as: UTF8.self) }
    let parts = text(requestLine!).split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy(Self.isTokenByte) else {
      return .refused(.badRequest, "The request line is not METHOD TARGET HTTP/1.1\n")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
      return .refused(.httpVersionNotSupported, "Only HTTP/1.1 and HTTP/1.0 are served here\n")
    }
    // Origin form only: no `http://host/…`, no `*`.
    guard parts[1].hasPrefix("/") else { return .refused(.badRequest, "The request target does not start with /\n") }
    var fields: [RequestHead.Field] = []
    for line in fieldLines {
      let bytes = buffer[line]
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound,
        bytes[..<colon].allSatisfy(Self.isTokenByte)
      else {
        // This includes folded lines (a line that starts with a space).
        return .refused(.badRequest, "A header line is not NAME: VALUE\n")
      }
      let value = text(colon + 1..<line.upperBound).trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
      fields.append(.init(name: text(line.lowerBound..<colon), value: value))
    }
    let head = RequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: fields)
    guard fields.filter({ $0.name.caseInsensitiveCompare("Host") == .orderedSame }).count <= 1 else {
      return .refused(.badRequest, "More than one Host\n")
    }
    return .head(head)
  }

  /// A byte of an HTTP token (RFC 9110 §5.6.2).
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
