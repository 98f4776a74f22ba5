// The preview server's own reading of request heads (bounded, one pass),
// its answer to failed accepts, and its connection limit.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import WorkbookServe

@Suite struct RequestHeadTests {
  static func read(_ text: String) -> HeadReader.Outcome {
    var reader = HeadReader()
    return reader.read(Array(text.utf8))
  }

  static func status(_ outcome: HeadReader.Outcome) -> Int? {
    if case .refused(let status, _) = outcome { return status.code }
    return nil
  }

  @Test func readsAHeadThatArrivesOneByteAtATime() throws {
    let text = "GET /01-basics.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nSec-Fetch-Site:  same-origin \r\nX-Empty:\r\n\r\n"
    var reader = HeadReader()
    var outcomes: [HeadReader.Outcome] = []
    for byte in text.utf8 { outcomes.append(reader.read([byte])) }
    #expect(outcomes.dropLast().allSatisfy { $0 == .needMore })
    guard case .head(let head) = outcomes.last else { Issue.record("\(outcomes.last!)"); return }
    #expect(head.method == "GET" && head.target == "/01-basics.html?x=1" && head.version == "HTTP/1.1")
    #expect(head.fields.map(\.name) == ["Host", "Sec-Fetch-Site", "X-Empty"])
    #expect(head.field("sec-fetch-site") == "same-origin")
    #expect(head.field("X-Empty") == "")
    #expect(head.keepsAlive && !head.hasBody)
    let request = head.request
    #expect(request.path == "/01-basics.html" && request.query["x"] == "1")
    #expect(request.headers[.host] == "127.0.0.1:8000")
  }

  @Test func keepsTheBytesOfTheNextRequest() {
    var reader = HeadReader()
    guard case .head(let first) = reader.read(Array("GET /a HTTP/1.1\nHost: x\n\nGET /b HTTP/1.0\r\n\r\n".utf8)) else {
      Issue.record("no first head"); return
    }
    #expect(first.target == "/a")
    guard case .head(let second) = reader.read([]) else { Issue.record("no second head"); return }
    #expect(second.target == "/b" && !second.keepsAlive)
    #expect(reader.read([]) == .needMore && !reader.hasStarted)
  }

  @Test func refusesALongRequestLineBeforeItEnds() {
    let line = "GET /?" + String(repeating: "a", count: HeadReader.maxRequestLine)
    #expect(Self.status(Self.read(line)) == 414)
    #expect(Self.status(Self.read("GET /?" + String(repeating: "a", count: HeadReader.maxRequestLine - 20) + " HTTP/1.1\r\n")) == nil)
  }

  @Test func refusesLargeHeaderBlocks() {
    let head = "GET / HTTP/1.1\r\n"
    #expect(Self.status(Self.read(head + "X-Long: " + String(repeating: "b", count: HeadReader.maxFieldBytes))) == 431)
    let many = (0...HeadReader.maxFields).map { "X-\($0): 1\r\n" }.joined()
    #expect(Self.status(Self.read(head + many + "\r\n")) == 431)
    let fitting = (0..<HeadReader.maxFields).map { "X-\($0): 1\r\n" }.joined()
    guard case .head(let fits) = Self.read(head + fitting + "\r\n") else { Issue.record("100 fields refused"); return }
    #expect(fits.fields.count == HeadReader.maxFields)
  }

  @Test(arguments: [
    ("GET  / HTTP/1.1\r\n\r\n", 400), ("GET /\r\n\r\n", 400), ("G(T / HTTP/1.1\r\n\r\n", 400),
    ("GET http://evil.example/ HTTP/1.1\r\n\r\n", 400), ("OPTIONS * HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\n\r\n", 505), ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", 400), ("GET / HTTP/1.1\r\nBad Name: 1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", 400),
    (String(repeating: "\r\n", count: 20) + "GET / HTTP/1.1\r\n\r\n", 400),
  ])
  func refusesWhatIsNotAnHTTP1Head(text: String, status: Int) {
    #expect(Self.status(Self.read(text)) == status, "\(text.debugDescription)")
  }

  @Test func aRequestWithABodyEndsItsConnection() {
    guard case .head(let post) = Self.read("POST / HTTP/1.1\r\nContent-Length: 262144\r\n\r\n") else { return }
    #expect(post.hasBody)
    guard case .head(let chunked) = Self.read("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") else { return }
    #expect(chunked.hasBody)
    guard case .head(let close) = Self.read("GET / HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\n") else { return }
    #expect(!close.keepsAlive)
  }

  /// Every byte is looked at once: the largest head there can be, fed a
  /// byte at a time, is read in well under a second even in a debug build
  /// (a quadratic reader takes minutes).
  @Test func readsInOnePass() {
    let line = "GET /?" + String(repeating: "a", count: HeadReader.maxRequestLine - 20) + " HTTP/1.1\r\n"
    let fields = (0..<90).map { "X-\($0): " + String(repeating: "b", count: 340) + "\r\n" }.joined()
    let bytes = Array((line + fields + "\r\n").utf8)
    let clock = ContinuousClock()
    var outcome = HeadReader.Outcome.needMore
    let elapsed = clock.measure {
      var reader = HeadReader()
      for byte in bytes { outcome = reader.read(CollectionOfOne(byte)) }
    }
    guard case .head(let head) = outcome else { Issue.record("\(outcome)"); return }
    #expect(head.fields.count == 90)
    #expect(elapsed < .seconds(10), "\(elapsed) for \(bytes.count) bytes")
  }

  @Test func acceptWaitsOutAFullDescriptorTableAndStopsOnlyOnABrokenSocket() {
    #expect(AcceptFailure(errno: EMFILE) == .backOff)
    #expect(AcceptFailure(errno: ENFILE) == .backOff)
    #expect(AcceptFailure(errno: ENOBUFS) == .backOff)
    #expect(AcceptFailure(errno: ECONNABORTED) == .retry)
    #expect(AcceptFailure(errno: EINTR) == .retry)
    #expect(AcceptFailure(errno: EPROTO) == .retry)
    #expect(AcceptFailure(errno: EBADF) == .stop)
    #expect(AcceptFailure(errno: EINVAL) == .stop)
  }

  @Test func theConnectionLimitLeavesDescriptorsForTheBuild() {
    let limits = ConnectionLimits.fromDescriptorLimit()
    var limit = rlimit()
    _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    #expect(limits.connections >= 8 && limits.connections <= 1024)
    #expect(limits.connections <= max(8, Int(clamping: limit.rlim_cur) - 128))
    let count = ConnectionCount()
    #expect(count.enter(limit: 2) && count.enter(limit: 2) && !count.enter(limit: 2))
    count.leave()
    #expect(count.enter(limit: 2) && count.value == 2)
  }
}
