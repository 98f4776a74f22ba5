// Run in the page, while serving: the key every request needs (the
// address serve prints sets a cookie; another user of the machine, who can
// connect but has no key, gets nothing and runs nothing), the gate in front
// of POST /__workbook/run and /check (each check attacked as a page of
// another site, a rebinding host name or a plain form would), a run round trip (an edited snippet's
// output, a compile error at its line, a loop stopped by the timeout, the
// chapter file untouched), an exercise attempted as `workbook step` checks
// it, and the built site without any of it.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookServe

@Suite struct RequestGateTests {
  let gate = RequestGate(port: 8123, key: AccessKey(token: "secret"))

  func head(_ fields: [String: String], method: String = "POST") -> RequestHead {
    RequestHead(method: method, target: "/__workbook/run", version: "HTTP/1.1",
                fields: fields.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) })
  }

  var good: [String: String] {
    ["Host": "127.0.0.1:8123", "Origin": "http://127.0.0.1:8123", "Sec-Fetch-Site": "same-origin",
     "Cookie": "other=1; workbook-serve-8123=secret", "Content-Type": "application/json", "Content-Length": "12"]
  }

  @Test func aSameOriginJSONPostPasses() {
    #expect(gate.check(head(good)) == .success(12))
    var localhost = good
    localhost["Host"] = "localhost:8123"
    localhost["Origin"] = "http://localhost:8123"
    localhost["Content-Type"] = "application/json; charset=utf-8"
    localhost["Sec-Fetch-Site"] = nil  // an older browser
    #expect(gate.check(head(localhost)) == .success(12))
  }

  @Test func everyCheckRefusesWhatItIsFor() {
    func status(_ change: (inout [String: String]) -> Void, method: String = "POST") -> Int? {
      var fields = good
      change(&fields)
      if case .failure(let refusal) = gate.check(head(fields, method: method)) { return refusal.status.code }
      return nil
    }
    #expect(status({ _ in }, method: "GET") == 405)
    #expect(status({ _ in }, method: "OPTIONS") == 405)
    #expect(status({ $0["Host"] = "evil.example:8123" }) == 403)  // DNS rebinding
    #expect(status({ $0["Host"] = "127.0.0.1:9999" }) == 403)
    #expect(status({ $0["Host"] = nil }) == 403)
    #expect(status({ $0["Sec-Fetch-Site"] = "cross-site" }) == 403)
    #expect(status({ $0["Sec-Fetch-Site"] = "same-site" }) == 403)
    #expect(status({ $0["Origin"] = "http://evil.example" }) == 403)
    #expect(status({ $0["Origin"] = "null" }) == 403)
    #expect(status({ $0["Origin"] = nil }) == 403)
    #expect(status({ $0["Cookie"] = nil }) == 403)  // no key: another user, or a browser that did not open the address
    #expect(status({ $0["Cookie"] = "workbook-serve-8123=secreT" }) == 403)
    #expect(status({ $0["Cookie"] = "workbook-serve-9999=secret" }) == 403)  // another preview's
    #expect(status({ $0["Content-Type"] = "text/plain" }) == 415)
    #expect(status({ $0["Content-Type"] = "application/x-www-form-urlencoded" }) == 415)
    #expect(status({ $0["Content-Type"] = "multipart/form-data; boundary=x" }) == 415)
    #expect(status({ $0["Content-Length"] = nil }) == 411)
    #expect(status({ $0["Transfer-Encoding"] = "chunked" }) == 411)
    #expect(status({ $0["Content-Length"] = String(RequestGate.maxBody + 1) }) == 413)
  }

  @Test func theTokenIsComparedWhole() {
    #expect(gate.key.accepts("secret"))
    #expect(!gate.key.accepts("secreT"))
    #expect(!gate.key.accepts("secret2"))
    #expect(!gate.key.accepts(""))
    let a = AccessKey.makeToken(), b = AccessKey.makeToken()
    #expect(a.count == 64 && a != b)
  }
}

@Suite struct AccessKeyTests {
  let key = AccessKey(token: "secret")

  @Test func theAddressSetsAnHttpOnlyStrictCookieAndLeavesTheTokenOutOfTheAddressBar() {
    #expect(key.address(port: 8123) == "http://127.0.0.1:8123/?token=secret")
    let cookie = "workbook-serve-8123=secret; Path=/; HttpOnly; SameSite=Strict"
    #expect(key.decide(path: "/", query: "token=secret", cookies: [], port: 8123) == .redirect(location: "/", cookie: cookie))
    #expect(key.decide(path: "/01-basics.html", query: "a=1&token=secret&b=2", cookies: [], port: 8123)
      == .redirect(location: "/01-basics.html?a=1&b=2", cookie: cookie))
    // Never a redirect to another server.
    #expect(key.decide(path: "//evil.example/", query: "token=secret", cookies: [], port: 8123)
      == .redirect(location: "/", cookie: cookie))
    let answer = AccessKey.response(to: key.decide(path: "/", query: "token=secret", cookies: [], port: 8123))
    #expect(answer?.statusCode == .seeOther)
    #expect(answer?.headers[.setCookie] == cookie && answer?.headers[.location] == "/")
  }

  @Test func withoutTheCookieOrWithAWrongTokenTheAnswerIs403() {
    #expect(key.decide(path: "/", query: "", cookies: [], port: 8123) == .refused(wrongToken: false))
    #expect(key.decide(path: "/", query: "token=secreT", cookies: [], port: 8123) == .refused(wrongToken: true))
    #expect(key.decide(path: "/", query: "token=secret&token=x", cookies: [], port: 8123) == .refused(wrongToken: true))
    #expect(key.decide(path: "/", query: "token", cookies: [], port: 8123) == .refused(wrongToken: true))
    #expect(key.decide(path: "/", query: "", cookies: ["workbook-serve-8000=secret"], port: 8123) == .refused(wrongToken: false))
    #expect(key.decide(path: "/", query: "", cookies: ["workbook-serve-8123=secret2"], port: 8123) == .refused(wrongToken: false))
    let page = AccessKey.response(to: .refused(wrongToken: false))
    #expect(page?.statusCode == .forbidden && page?.headers[.setCookie] == nil)
    #expect(AccessKey.refusalPage(wrongToken: false).contains("Open the address <code>workbook serve</code> printed"))
    #expect(!AccessKey.refusalPage(wrongToken: true).contains("secret"))
  }

  @Test func theCookieServesTheRequest() {
    #expect(key.decide(path: "/a.html", query: "", cookies: ["x=1; workbook-serve-8123=secret"], port: 8123) == .allowed)
    #expect(key.decide(path: "/a.html", query: "", cookies: ["x=1", "workbook-serve-8123 = secret "], port: 8123) == .allowed)
    #expect(AccessKey.response(to: .allowed) == nil)
    // A stale token in the address, with the cookie: the address is cleaned, no cookie set.
    #expect(key.decide(path: "/a.html", query: "token=old", cookies: ["workbook-serve-8123=secret"], port: 8123)
      == .redirect(location: "/a.html", cookie: nil))
  }
}

@Suite struct PeerOwnerTests {
  /// /proc/net/tcp on a machine where uid 65534 connected from port 40000
  /// to a server of uid 0 on 127.0.0.1:8000 (0x1F40), and uid 1000 from
  /// port 40001 (0x9C41) then closed its end (a closed socket is listed as root's).
  static let table = """
      sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
       0: 0100007F:1F40 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1001 1 0 100 0 0 10 0
       1: 0100007F:9C40 0100007F:1F40 01 00000000:00000000 00:00000000 00000000 65534        0 1002 1 0 20 4 30 10 -1
       2: 0100007F:1F40 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 1003 1 0 20 4 30 10 -1
       3: 0100007F:9C41 0100007F:1F40 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0

    """

  @Test func theTableSaysWhoOwnsEachEnd() {
    let table = Array(Self.table.utf8)
    let listener = PeerOwner.entry(in: table, local: "0100007F:1F40", remote: "00000000:0000")
    #expect(listener?.state == PeerOwner.listening && listener?.uid == 0)
    let nobody = PeerOwner.entry(in: table, local: "0100007F:9C40", remote: "0100007F:1F40")
    #expect(nobody?.state == PeerOwner.established && nobody?.uid == 65534)
    let server = PeerOwner.entry(in: table, local: "0100007F:1F40", remote: "0100007F:9C40")
    #expect(server?.uid == 0)
    let closed = PeerOwner.entry(in: table, local: "0100007F:9C41", remote: "0100007F:1F40")
    #expect(closed?.state == "06" && closed?.uid == 0)
    #expect(PeerOwner.entry(in: table, local: "0100007F:9C42", remote: "0100007F:1F40") == nil)
  }

  @Test func anEndIsWrittenAsTheTablesWriteIt() {
    let loopback = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1, as sockaddr_in holds it
    let end = PeerOwner.Endpoint(address: loopback, port: 8000)
    #if _endian(little)
    #expect(end.ip4 == "0100007F:1F40")
    #expect(end.ip6 == "0000000000000000FFFF00000100007F:1F40")
    #endif
  }
}

/// A POST with a body on a raw socket.
enum RunClient {
  static func post(port: Int, _ path: String = "/__workbook/run", body: String, host: String? = nil,
                   headers: [String: String]? = nil, key: Bool = true, timeout: Double = 60) throws -> HTTP.Response {
    let fd = try HTTP.connect(port: port, timeout: timeout)
    defer { close(fd) }
    let host = host ?? "127.0.0.1:\(port)"
    let fields = headers ?? ["Origin": "http://\(host)", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"]
    let lines = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
    let cookie = key ? HTTP.cookieField(port: port) : ""
    HTTP.send(fd, "POST \(path) HTTP/1.1\r\nHost: \(host)\r\n\(lines)\(cookie)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    return try HTTP.readResponse(fd, to: path)
  }

  static func json(_ value: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: value), as: UTF8.self)
  }

  static func object(_ response: HTTP.Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body.utf8))) as? [String: Any] ?? [:]
  }

  /// The run data a served chapter page carries (its snippets).
  static func pageData(port: Int, page: String) throws -> [String: Any] {
    let html = try HTTP.get(port: port, "/" + page).body
    guard let start = html.range(of: "<script type=\"application/json\" id=\"workbook-run\">"),
      let end = html[start.upperBound...].range(of: "</script>")
    else { throw ServeTestError("no run data in \(page)") }
    return (try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))) as? [String: Any] ?? [:]
  }
}

@Suite(.serialized) struct RunInPageTests {
  @Test func theRunEndpointRefusesWhatAnotherSiteCouldSend() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    _ = try serve.waitUntilBuilt()
    let port = serve.port
    let body = RunClient.json(["chapter": "01-basics", "snippet": 1, "code": "print(1)\n"])
    var answers: [HTTP.Response] = []
    func expect(_ status: Int, _ response: HTTP.Response, _ comment: Comment) {
      #expect(response.status == status, comment)
      answers.append(response)
    }
    expect(403, try RunClient.post(port: port, body: body, key: false), "no key")
    expect(403, try RunClient.post(port: port, body: body, headers: [
      "Origin": "http://127.0.0.1:\(port)", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json",
      "Cookie": "workbook-serve-\(port)=" + String(repeating: "0", count: 64)], key: false), "a wrong key")
    expect(403, try RunClient.post(port: port, body: body, headers: [
      "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"]), "cross-site")
    expect(403, try RunClient.post(port: port, body: body, headers: [
      "Origin": "http://evil.example", "Content-Type": "application/json"]), "a foreign Origin")
    expect(403, try RunClient.post(port: port, body: body, host: "rebound.example:\(port)"), "another host name (DNS rebinding)")
    expect(415, try RunClient.post(port: port, body: "chapter=01-basics", headers: [
      "Origin": "http://127.0.0.1:\(port)", "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded"]), "a form's body")
    expect(405, try HTTP.request(port: port, "/__workbook/run"), "GET")
    expect(405, try HTTP.request(port: port, method: "OPTIONS", "/__workbook/run", headers: [
      "Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type"]), "a CORS preflight")
    // A body over the limit is refused from its head, before it is read.
    let fd = try HTTP.connect(port: port)
    HTTP.send(fd, "POST /__workbook/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + HTTP.cookieField(port: port) + "Content-Type: application/json\r\nContent-Length: \(RequestGate.maxBody + 1)\r\n\r\n{")
    expect(413, try HTTP.readResponse(fd, to: "oversized"), "an oversized body")
    close(fd)
    for response in answers {
      #expect(!response.headers.keys.contains { $0.hasPrefix("access-control-") }, "no CORS header: \(response.headers)")
    }
    #expect(answers[0].headers["cross-origin-resource-policy"] == "same-origin")
    #expect(try RunClient.post(port: port, body: body).status == 200, "the same request with the key")
    // The key is new with each start: the first run's cookie opens nothing.
    #expect(serve.stop() == 130)
    let again = try ServeProcess(directory: root)
    _ = try again.waitUntilBuilt()
    #expect(again.address != serve.address && again.cookie != serve.cookie)
    let stale = ["Origin": "http://127.0.0.1:\(again.port)", "Sec-Fetch-Site": "same-origin",
                 "Content-Type": "application/json", "Cookie": serve.cookie.replacingOccurrences(of: "-\(port)=", with: "-\(again.port)=")]
    #expect(try RunClient.post(port: again.port, body: body, headers: stale, key: false).status == 403, "the first run's key")
    #expect(try HTTP.request(port: again.port, "/01-basics.html", headers: ["Cookie": stale["Cookie"]!], key: false).status == 403)
    #expect(again.stop() == 130)
  }

  /// The review's H2: any local user could fetch a chapter page, read the
  /// token in it and post code to run as you, writing its own headers.
  /// Now a client without the key finds no secret in any answer, and runs
  /// nothing; the address's token is the only way in.
  @Test func aClientWithoutTheKeyGetsNoSecretAndRunsNothing() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    _ = try serve.waitUntilBuilt()
    let port = serve.port
    let token = String(serve.address.split(separator: "=").last ?? "")
    #expect(token.count == 64)
    // Every kind of answer needs the key: pages, site files, the preview's
    // own scripts, its status and its event stream.
    for target in ["/", "/01-basics.html", "/style.css", "/search-index.js", "/__workbook/preview.js",
                   "/__workbook/run.js", "/__workbook/status", "/__workbook/events?generation=x", "/nothing.html"] {
      let response = try HTTP.request(port: port, target, key: false)
      #expect(response.status == 403, "\(target)")
      #expect(!response.body.contains(token) && !response.body.contains("workbook-run"), "\(target)")
      #expect(response.headers["set-cookie"] == nil, "\(target)")
      #expect(response.body.contains("Open the address <code>workbook serve</code> printed"), "\(target)")
    }
    // A wrong token in the address is refused, and sets nothing.
    let wrong = try HTTP.request(port: port, "/?token=" + String(repeating: "0", count: 64), key: false)
    #expect(wrong.status == 403 && wrong.headers["set-cookie"] == nil)
    #expect(wrong.body.contains("not this preview"))
    // The address's token: a redirect to the same address without it, and the cookie.
    let first = try HTTP.request(port: port, "/01-basics.html?token=" + token, key: false)
    #expect(first.status == 303 && first.headers["location"] == "/01-basics.html")
    #expect(first.headers["set-cookie"] == "workbook-serve-\(port)=\(token); Path=/; HttpOnly; SameSite=Strict")
    // With the key, the page is served, and even then holds no secret.
    let page = try HTTP.get(port: port, "/01-basics.html")
    #expect(page.status == 200 && page.body.contains("workbook-run") && !page.body.contains(token))
    // A run without the key: refused, and the code never runs.
    let marker = try ServeFixtures.temporaryDirectory() + "/ran"
    let code = "import Foundation\nFileManager.default.createFile(atPath: \"\(marker)\", contents: nil)\n"
    let body = RunClient.json(["chapter": "01-basics", "snippet": 1, "code": code])
    #expect(try RunClient.post(port: port, body: body, key: false).status == 403)
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(serve.stop() == 130)
  }

  /// The review's own reproduction: another user (nobody, by setpriv) asks
  /// for a chapter page and posts code with the headers a browser would
  /// send. Refused: no key. And with the key itself (as if it had leaked:
  /// from a browser's command line in `ps`, or a cookie sent to that user's
  /// own server on another port), still refused: on Linux the preview
  /// serves only connections from this user's (or root's) sockets.
  @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs root, setpriv and /usr/bin/python3"))
  func anotherLocalUserCannotReadThePagesNorRunCode() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    _ = try serve.waitUntilBuilt()
    let folder = try ServeFixtures.temporaryDirectory()
    let marker = folder + "/RAN"
    let code = "import Foundation\nFileManager.default.createFile(atPath: \"\(marker)\", contents: nil)\n"
    let token = String(serve.address.split(separator: "=").last ?? "")
    // The client: the page (status, whether it holds the token), then a run.
    let client = """
      import http.client, json, sys
      port, cookie, code = int(sys.argv[1]), sys.argv[2], sys.argv[3]
      def ask(method, path, body=None, headers={}):
          c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
          h = dict(headers)
          if cookie: h["Cookie"] = cookie
          c.request(method, path, body=body, headers=h)
          r = c.getresponse()
          return r.status, r.read().decode()
      status, page = ask("GET", "/01-basics.html")
      run, _ = ask("POST", "/__workbook/run", json.dumps({"token": sys.argv[4], "chapter": "01-basics", "snippet": 1,
                   "code": code}), {"Origin": "http://127.0.0.1:%d" % port, "Sec-Fetch-Site": "same-origin",
                   "Content-Type": "application/json"})
      print(status, sys.argv[4] in page or "workbook-run" in page, run)
      """
    func asNobody(cookie: String) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", client,
                           String(serve.port), cookie, code, token]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(try asNobody(cookie: "") == "403 False 403")
    #expect(try asNobody(cookie: serve.cookie) == "403 False 403", "the key alone does not let another user in")
    #expect(!FileManager.default.fileExists(atPath: marker), "another user's request ran code")
    // The same requests from this user, with the key, are served.
    #expect(try HTTP.get(port: serve.port, "/01-basics.html").status == 200)
    #expect(serve.stop() == 130)
  }

  @Test func anEditedSnippetRunsWithoutTouchingTheChapter() throws {
    let root = try ServeFixtures.book("book")
    let chapterPath = root + "/Chapters/01-basics.md"
    let before = try #require(FileManager.default.contents(atPath: chapterPath))
    let listing = try FileManager.default.contentsOfDirectory(atPath: root + "/Chapters").sorted()
    let serve = try ServeProcess(directory: root, arguments: ["--timeout", "3"])
    _ = try serve.waitUntilBuilt()
    let port = serve.port
    let data = try RunClient.pageData(port: port, page: "01-basics.html")
    let snippets = try #require(data["snippets"] as? [[String: Any]])
    // Hidden and ignored snippets have no box to run.
    #expect(snippets.map { $0["index"] as? Int } == [1, 2, 3, 5])
    func run(_ index: Int, _ code: String) throws -> [String: Any] {
      let response = try RunClient.post(port: port, body: RunClient.json(["chapter": "01-basics", "snippet": index, "code": code]))
      #expect(response.status == 200, "\(response.body)")
      return RunClient.object(response)
    }

    // The book's code: its output, as verified.
    let card = try #require(snippets.first { $0["index"] as? Int == 1 }?["code"] as? String)
    let same = try run(1, card)
    #expect(same["status"] as? String == "passed")
    #expect(same["output"] as? String == "<script>alert('output')</script> 320.0\n")
    #expect((same["outputHTML"] as? String)?.contains("&lt;script&gt;") == true)

    // Edited: the new output, against the book's.
    let edited = try run(1, card.replacingOccurrences(of: "width: 320", with: "width: 100"))
    #expect(edited["status"] as? String == "mismatch")
    #expect(edited["output"] as? String == "<script>alert('output')</script> 100.0\n")
    #expect((edited["diff"] as? [String])?.contains("+<script>alert('output')</script> 100.0") == true)

    // A compile error, at its line of the box.
    let broken = try run(1, "let a = 1\nlet b: Int = \"two\"\nprint(a)\n")
    #expect(broken["status"] as? String == "compile-error")
    let errors = try #require(broken["errors"] as? [[String: Any]])
    #expect(errors.first?["line"] as? Int == 2, "\(errors)")

    // A film: the site's player markup, with its frames.
    let filmCode = try #require(snippets.first { $0["index"] as? Int == 2 }?["code"] as? String)
    let film = try run(2, filmCode)
    #expect(film["status"] as? String == "passed")
    let html = try #require(film["outputHTML"] as? String)
    #expect(html.contains("<figure class=\"diagram diagram-filmstrip\">"))
    #expect(html.contains("<script type=\"application/json\" class=\"frames\">"))
    #expect(!html.contains("card</script>"))

    // A loop that never ends: stopped by the timeout, at its line.
    let start = Date()
    let loop = try run(1, "var n = 0\nwhile true { n += 1 }\n")
    #expect(loop["status"] as? String == "timeout")
    #expect(Date().timeIntervalSince(start) < 30)
    #expect((loop["summary"] as? String)?.contains("3 s") == true)

    // A line that would close the fence cannot stand in the snippet's place.
    let closing = try RunClient.post(port: port, body: RunClient.json([
      "chapter": "01-basics", "snippet": 1, "code": "print(1)\n```\nprint(2)\n"]))
    #expect(closing.status == 422)
    #expect(try RunClient.post(port: port, body: RunClient.json([
      "chapter": "../secret", "snippet": 1, "code": "print(1)\n"])).status == 404)
    #expect(try RunClient.post(port: port, body: RunClient.json([
      "chapter": "01-basics", "snippet": 99, "code": "print(1)\n"])).status == 404)

    // Nothing reached the book.
    #expect(FileManager.default.contents(atPath: chapterPath) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Chapters").sorted() == listing)
    #expect(serve.stop() == 130)
  }

  @Test func anExerciseIsCheckedAsStepChecksIt() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    _ = try serve.waitUntilBuilt()
    let port = serve.port
    let data = try RunClient.pageData(port: port, page: "02-exercises.html")
    let snippets = try #require(data["snippets"] as? [[String: Any]])
    let starter = try #require(snippets.first { $0["exercise"] as? String == "fade-out" }?["code"] as? String)
    func check(_ code: String) throws -> [String: Any] {
      let response = try RunClient.post(port: port, "/__workbook/check",
                                        body: RunClient.json(["chapter": "02-exercises", "exercise": "fade-out", "code": code]))
      #expect(response.status == 200, "\(response.body)")
      return RunClient.object(response)
    }
    // The starter as it is: its symptom, the expected output, hints, the solution's change.
    let wrong = try check(starter)
    #expect(wrong["outcome"] as? String == "wrong-output")
    #expect((wrong["summary"] as? String)?.hasPrefix("✗ WRONG OUTPUT") == true)
    #expect(wrong["output"] as? String == "1.0\n")
    #expect(wrong["expected"] as? String == "0.0\n")
    #expect(wrong["symptom"] as? String == "1.0\n")
    #expect(wrong["stillTheSymptom"] as? Bool == true)
    #expect(wrong["hints"] as? [String] == ["Set `alpha` on the view.", "The value to print is `0.0`."])
    #expect((wrong["diff"] as? [String])?.contains("-0.0") == true)
    let solution = try #require(wrong["solution"] as? [[String: String]])
    #expect(solution.contains { $0["kind"] == "added" && $0["text"] == "view.alpha = 0" })
    #expect(solution.contains { $0["kind"] == "removed" && $0["text"] == "// TODO: fade the view out" })
    // A compile error at the attempt's own line.
    let broken = try check("import UIKit\nlet view = UIView()\nview.alpha = \"zero\"\nprint(view.alpha)\n")
    #expect(broken["outcome"] as? String == "compile-error")
    #expect((broken["errors"] as? [[String: Any]])?.first?["line"] as? Int == 3)
    // The fix.
    let right = try check(starter.replacingOccurrences(of: "// TODO: fade the view out", with: "view.alpha = 0"))
    #expect(right["outcome"] as? String == "passed")
    #expect(right["summary"] as? String == "✓ PASS — the output matches")
    #expect(try RunClient.post(port: port, "/__workbook/check", body: RunClient.json([
      "chapter": "02-exercises", "exercise": "nope", "code": ""])).status == 404)
    #expect(serve.stop() == 130)
  }

  @Test func onlyServedChapterPagesCarryRunDataNeverTheBuiltSite() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    _ = try serve.waitUntilBuilt()
    #expect(try RunClient.pageData(port: serve.port, page: "01-basics.html")["chapter"] as? String == "01-basics")
    let token = String(serve.address.split(separator: "=").last ?? "")
    let index = try HTTP.get(port: serve.port, "/index.html").body
    #expect(!index.contains("workbook-run") && !index.contains(token))
    let script = try HTTP.get(port: serve.port, "/__workbook/run.js")
    #expect(script.status == 200 && script.body.contains("Edit and run"))
    #expect(serve.stop() == 130)

    // `workbook build`: no key, no run script, no run data in any file.
    let build = Process()
    build.executableURL = URL(fileURLWithPath: TestPackage.binary)
    build.currentDirectoryURL = URL(fileURLWithPath: root)
    build.arguments = ["build", "--engine-sources", ServeFixtures.engineSources, "--cache-dir", TestPackage.engineCache,
                       "--out", root + "/Site"]
    build.standardOutput = FileHandle.nullDevice
    build.standardError = FileHandle.nullDevice
    try build.run()
    build.waitUntilExit()
    #expect(build.terminationStatus == 0)
    let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Site")
    #expect(files.contains("01-basics.html"))
    for file in files {
      let text = ServeFixtures.read(root + "/Site/" + file)
      #expect(!text.contains("workbook-run") && !text.contains("run.js") && !text.contains(token), "\(file)")
    }
  }
}

@Suite struct SnippetEditTests {
  let chapter = ChapterLoader.load(bytes: Array("""
    # Edits

    - In a list:

      ```swift
      let a = 1
      ```

    > ```swift
    > let b = 2
    > ```

    ```swift
    let c = 3
    ```

    ```output
    3
    ```

    """.utf8), path: "/book/01-edits.md", displayPath: "01-edits.md")

  @Test func anEditIsParsedBackInItsPlaceWhateverStandsBeforeTheFence() throws {
    #expect(chapter.snippets.map(\.code) == ["let a = 1\n", "let b = 2\n", "let c = 3\n"])
    let listed = try #require(chapter.replacingCode(ofSnippet: 0, with: "let a = 10\nprint(a)"))
    #expect(listed.snippets.map(\.code) == ["let a = 10\nprint(a)\n", "let b = 2\n", "let c = 3\n"])
    #expect(listed.snippets[2].fenceLine == chapter.snippets[2].fenceLine + 1)
    #expect(listed.snippets[2].output?.content == "3\n")
    let quoted = try #require(chapter.replacingCode(ofSnippet: 1, with: "let b = 20\r\nlet d = b\r\n"))
    #expect(quoted.snippets[1].code == "let b = 20\nlet d = b\n")
    #expect(quoted.path == chapter.path && quoted.displayPath == chapter.displayPath)
  }

  @Test func codeThatWouldLeaveItsFenceIsRefused() {
    #expect(chapter.replacingCode(ofSnippet: 2, with: "print(1)\n```\n\n```swift\nprint(2)\n") == nil)
    #expect(chapter.replacingCode(ofSnippet: 2, with: "print(1)\n~~~\n") != nil)  // another fence's character
    #expect(chapter.replacingCode(ofSnippet: 3, with: "print(1)\n") == nil)
    #expect(chapter.replacingCode(ofSnippet: -1, with: "print(1)\n") == nil)
  }
}
