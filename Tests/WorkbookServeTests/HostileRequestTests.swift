// The preview against what a web page (or another local process) can send
// it, from RELIABILITY-REVIEW-3: long request lines and header blocks
// (M1), a head that trickles in, other sites including the preview's files
// (M2), more connections than descriptors (M5), and the overlay's link to
// a chapter named `javascript:…` (L3). Each talks only to 127.0.0.1, with a
// bounded number of bytes and a deadline.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookServe

@Suite(.serialized) struct HostileRequestTests {
  /// The review's page: `<img src="http://127.0.0.1:PORT/?aaaa…256 KB">`.
  static func longRequest(port: Int) -> String {
    "GET /?" + String(repeating: "a", count: 256 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
  }

  @Test func longRequestLinesAndHeaderBlocksAreRefusedAtOnceWhileOthersAreServed() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }

    // Three such requests at once (the review's two cores were busy for
    // minutes): refused with 414, and another request is answered meanwhile.
    var attackers: [Int32] = []
    defer { attackers.forEach { close($0) } }
    for _ in 0..<3 {
      let fd = try HTTP.connect(port: serve.port, timeout: 5)
      attackers.append(fd)
      HTTP.send(fd, Self.longRequest(port: serve.port))
    }
    // Answered within the socket's 5 s timeout, or the request throws.
    let status = try HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
    #expect(status.status == 200)
    for fd in attackers {
      let response = try HTTP.readResponse(fd, to: "a 256 KB request line")
      #expect(response.status == 414)
      #expect(response.headers["connection"] == "close")
    }

    // 700 header lines (45 KB), and one header line of 40 KB: 431.
    let many = (0..<700).map { "X-Filler-\($0): " + String(repeating: "b", count: 50) + "\r\n" }.joined()
    let long = "X-Long: " + String(repeating: "c", count: 40 * 1024) + "\r\n"
    for fields in [many, long] {
      let fd = try HTTP.connect(port: serve.port, timeout: 5)
      defer { close(fd) }
      HTTP.send(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\n" + fields + "\r\n")
      #expect(try HTTP.readResponse(fd, to: "a large header block").status == 431)
    }

  }

  /// Ctrl-C and SIGTERM must not wait for the requests being read (the
  /// review's serve went on for 20 s after SIGINT, then needed kill -9).
  @Test(arguments: [SIGINT, SIGTERM]) func stopsAtOnceWhileLongRequestsKeepComing(signal: Int32) throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }
    let stop = Box(false)
    let sent = Box(0)
    let port = serve.port
    // Three clients, each sending the review's request ten times a
    // second (at most 60 in all).
    let attackers = (0..<3).map { _ in
      Thread {
        while !stop.value && sent.value < 60 {
          guard let fd = try? HTTP.connect(port: port, timeout: 2) else { return }
          HTTP.send(fd, Self.longRequest(port: port))
          _ = try? HTTP.readResponse(fd, to: "")
          close(fd)
          sent.value += 1
          usleep(100_000)
        }
      }
    }
    attackers.forEach { $0.start() }
    defer { stop.value = true }
    usleep(1_000_000)
    #expect(serve.stop(signal, timeout: 5) == 130, "serve did not stop within 5 s of signal \(signal)")
  }

  @Test func aHeadThatTricklesInIsCutOff() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }
    let fd = try HTTP.connect(port: serve.port, timeout: 0.5)
    defer { close(fd) }
    let start = Date()
    HTTP.send(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\n")
    var closedAfter: Double?
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    // One header line every half second, for at most 16 s.
    while closedAfter == nil && Date().timeIntervalSince(start) < 16 {
      let line = Array("X-Slow: 1\r\n".utf8)
      let sent = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      let n = recv(fd, &buffer, buffer.count, 0)
      if n > 0 { received += buffer[..<n] }
      if sent < 0 || n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        closedAfter = Date().timeIntervalSince(start)
      }
    }
    let seconds = try #require(closedAfter, "the connection was still open after 16 s")
    #expect((8...14).contains(seconds), "closed after \(seconds) s")
    #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
  }

  /// The review's M5: under `ulimit -n 256`, 400 connections held, then
  /// closed; the server must answer again (it stopped listening for good).
  @Test func moreConnectionsThanDescriptorsDoNotEndTheServer() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root, descriptorLimit: 256)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }
    var held: [Int32] = []
    defer { held.forEach { close($0) } }
    for _ in 0..<400 {
      held.append(try HTTP.connect(port: serve.port, timeout: 0.2))
    }
    usleep(2_000_000)
    // The ones over the server's limit were told so.
    var busy = 0
    var buffer = [UInt8](repeating: 0, count: 512)
    for fd in held.suffix(20) {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n > 0 && String(decoding: buffer[..<n], as: UTF8.self).hasPrefix("HTTP/1.1 503") { busy += 1 }
    }
    held.forEach { close($0) }
    held = []
    // The server answers again once it has seen the closed connections go
    // (each was accepted, and its owner looked up, one at a time): within
    // seconds, then every time.
    var first = try HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
    let deadline = Date().addingTimeInterval(20)
    while first.status == 503 && Date() < deadline {
      usleep(250_000)
      first = try HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
    }
    #expect(first.status == 200, "\(first.status): \(first.body)")
    for _ in 0..<3 {
      let response = try HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
      #expect(response.status == 200, "\(response.status): \(response.body)")
    }
    #expect(busy > 0, "no connection over the limit was answered 503")
    #expect(serve.process.isRunning)
  }

  /// The descriptor table itself full: the limit is lowered under the
  /// running server (prlimit) to 20 more than it has open, well below its
  /// connection limit, so that accept fails with EMFILE. The server waits
  /// that out and answers again once the clients leave.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
  func aFullDescriptorTableIsWaitedOut() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }
    _ = try serve.waitUntilBuilt()
    let pid = serve.process.processIdentifier
    let descriptors = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0 }
    let limit = descriptors() + 20
    let lowered = try ChildProcess.run("/usr/bin/prlimit", ["--pid", String(pid), "--nofile=\(limit):\(limit)"],
                                       directory: NSTemporaryDirectory(), timeout: 30)
    try #require(lowered.termination == .exited(0), "\(String(decoding: lowered.stderr, as: UTF8.self))")
    var held: [Int32] = []
    defer { held.forEach { close($0) } }
    for _ in 0..<60 {
      held.append(try HTTP.connect(port: serve.port, timeout: 0.2))
    }
    usleep(1_500_000)
    #expect(descriptors() >= limit - 1, "the table did not fill: \(descriptors()) of \(limit)")
    held.forEach { close($0) }
    held = []
    // The server answers again once it has seen the clients leave (it
    // backs off while accept fails): within seconds, then every time.
    let deadline = Date().addingTimeInterval(20)
    var first = try? HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
    while first?.status != 200 && Date() < deadline {
      usleep(250_000)
      first = try? HTTP.request(port: serve.port, "/__workbook/status", timeout: 5)
    }
    #expect(first?.status == 200, "no answer within 20 s of the clients leaving")
    for _ in 0..<3 {
      #expect(try HTTP.request(port: serve.port, "/__workbook/status", timeout: 5).status == 200)
    }
    #expect(serve.process.isRunning)
  }

  @Test func otherSitesPagesCannotIncludeThePreviewsFiles() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop(SIGKILL, timeout: 5) }
    let generation = try serve.waitUntilBuilt()

    // `<script src="http://127.0.0.1:PORT/search-index.js">` on another site.
    let script = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"]
    let refused = try HTTP.request(port: serve.port, "/search-index.js", headers: script)
    #expect(refused.status == 403)
    #expect(!refused.body.contains("WORKBOOK_SEARCH"))
    for target in ["/index.html", "/01-basics.html", "/__workbook/status", "/style.css"] {
      #expect(try HTTP.request(port: serve.port, target, headers: script).status == 403, "\(target)")
    }
    let fetch = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"]
    #expect(try HTTP.request(port: serve.port, "/search-index.js", headers: fetch).status == 403)
    let frame = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"]
    #expect(try HTTP.request(port: serve.port, "/index.html", headers: frame).status == 403)

    // The preview's own pages, a typed address and a link from elsewhere
    // (which cannot read the page) are served.
    let own = ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"]
    let index = try HTTP.request(port: serve.port, "/search-index.js", headers: own)
    #expect(index.status == 200 && index.body.contains("WORKBOOK_SEARCH"))
    let typed = ["Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]
    #expect(try HTTP.request(port: serve.port, "/index.html", headers: typed).status == 200)
    let link = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]
    #expect(try HTTP.request(port: serve.port, "/index.html", headers: link).status == 200)

    // Every answer tells browsers to keep it from other origins.
    for (target, expected) in [("/search-index.js", 200), ("/index.html", 200), ("/nothing.html", 404), ("/__workbook/preview.js", 200)] {
      let response = try HTTP.get(port: serve.port, target)
      #expect(response.status == expected, "\(target)")
      #expect(response.headers["cross-origin-resource-policy"] == "same-origin", "\(target): \(response.headers)")
      #expect(response.headers["x-content-type-options"] == "nosniff", "\(target)")
    }
    #expect(refused.headers["cross-origin-resource-policy"] == "same-origin")
    #expect(try HTTP.request(port: serve.port, method: "POST", "/").headers["cross-origin-resource-policy"] == "same-origin")
    #expect(try HTTP.request(port: serve.port, "/", host: "evil.example").headers["cross-origin-resource-policy"] == "same-origin")

    // The reload channel, as the page's EventSource asks for it.
    let fd = try HTTP.connect(port: serve.port, timeout: 5)
    defer { close(fd) }
    HTTP.send(fd, "GET /__workbook/events?generation=old HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\n" + HTTP.cookieField(port: serve.port)
      + "Accept: text/event-stream\r\nSec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n\r\n")
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(5)
    while !text.contains("data: \(generation)") && Date() < deadline {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      text += String(decoding: buffer[..<n], as: UTF8.self)
    }
    #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
    #expect(text.lowercased().contains("content-type: text/event-stream"))
    #expect(text.contains("event: reload\ndata: \(generation)"), "\(text)")
  }

  static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The overlay of preview.js, run by Node on a small stand-in for the
  /// page's DOM: a chapter named `javascript:document.title='PWNED';[].md`
  /// that fails is linked as `./` + its encoded page name, and the texts
  /// of a failure (markup in them) are only ever text.
  @Test(.enabled(if: node != nil, "needs Node")) func theOverlayLinksAFailingChapterByItsEncodedPageName() throws {
    let page = "javascript:document.title='PWNED';[].html"
    let status: [String: Any] = [
      "generation": "g-1", "building": false,
      "problems": [[
        "file": "Chapters/javascript:document.title='PWNED';[].md", "line": 5, "page": page,
        "message": "<img src=x onerror=alert(1)>", "details": ["-<b>expected</b>", "+</pre><script>alert(2)</script>"],
      ]],
    ]
    let json = String(decoding: try JSONSerialization.data(withJSONObject: status), as: UTF8.self)
    let harness = try ServeFixtures.temporaryDirectory() + "/overlay.js"
    try ServeFixtures.write(Self.domStandIn, to: harness)
    let script = TestPackage.root + "/Sources/WorkbookServe/Preview/preview.js"
    let result = try ChildProcess.run(try #require(Self.node), [harness, script, json], directory: NSTemporaryDirectory(), timeout: 30)
    let output = String(decoding: result.stdout, as: UTF8.self)
    #expect(result.termination == .exited(0), "\(output) \(String(decoding: result.stderr, as: UTF8.self))")
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    let links = seen["links"] as? [String] ?? []
    #expect(links == ["./javascript%3Adocument.title%3D'PWNED'%3B%5B%5D.html"], "\(links)")
    // Markup is set once, the overlay's own (no failure's text in it).
    let markup = seen["markup"] as? [String] ?? []
    #expect(markup.count == 1)
    for text in ["onerror=alert(1)", "alert(2)", "PWNED", "expected"] {
      #expect(!markup.joined().contains(text), "\(text) was set as markup")
    }
    let texts = (seen["texts"] as? [String] ?? []).joined(separator: "\n")
    #expect(texts.contains("<img src=x onerror=alert(1)>") && texts.contains("+</pre><script>alert(2)</script>"), "\(texts)")
  }

  /// Runs preview.js (argv[2]) with the status JSON (argv[3]) on stand-ins
  /// for `document` and its elements; prints the links' `href`s, every
  /// `innerHTML` set and every text set, as JSON.
  static let domStandIn = #"""
    const fs = require("fs");
    const seen = { links: [], markup: [], texts: [] };
    function element(tag) {
      const named = {};
      const node = {
        tag, dataset: {}, hidden: false, className: "", id: "", children: [], _text: "", _href: undefined,
        get textContent() { return this._text; },
        set textContent(value) { this._text = String(value); if (value !== "") seen.texts.push(String(value)); },
        get innerHTML() { return ""; },
        set innerHTML(value) { seen.markup.push(String(value)); },
        get href() { return this._href; },
        set href(value) { this._href = String(value); seen.links.push(String(value)); },
        append(...items) { for (const item of items) { if (typeof item === "string") seen.texts.push(item); this.children.push(item); } },
        addEventListener() {},
        attachShadow() { return element("#shadow-root"); },
        querySelector(selector) { return named[selector] || (named[selector] = element(selector)); },
        getElementById(id) { return named["#" + id] || (named["#" + id] = element("#" + id)); },
      };
      return node;
    }
    const status = { textContent: process.argv[3] };
    globalThis.window = globalThis;
    globalThis.location = { pathname: "/index.html", reload() {} };
    globalThis.document = {
      currentScript: { dataset: { generation: "g-1" } },
      body: element("body"),
      // The status is found as the script element it is (a heading's
      // anchor could take its id, RELIABILITY-REVIEW-4 L2).
      querySelector: (selector) => (selector === "script#workbook-preview-status" ? status : null),
      createElement: element,
      addEventListener() {},
    };
    eval(fs.readFileSync(process.argv[2], "utf8"));
    process.stdout.write(JSON.stringify(seen));
    """#
}
