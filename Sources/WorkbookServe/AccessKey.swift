// AccessKey: who may read the preview and run code through it. Any user
// of this machine can connect to 127.0.0.1, and the Host, Origin and
// Sec-Fetch-* checks only stop a browser, never a program that writes its
// own headers (RELIABILITY-REVIEW-4, H2). So every request `serve` answers
// must carry this run's secret, handed out of band as Jupyter does:
//
// - `serve` prints (and `--open` opens) `http://127.0.0.1:PORT/?token=…`;
// - a visit with the right token is answered with a redirect to the same
//   address without it, setting the cookie `workbook-serve-PORT` to the
//   token (`HttpOnly; SameSite=Strict; Path=/`);
// - from then on every page, script, event stream, site file and run
//   needs that cookie (compared in constant time); without it the answer
//   is 403 with a page that says to open the address `serve` printed.
//
// The secret is 32 random bytes, new each time `serve` starts, and is in
// no page: another user who fetches a chapter finds the 403 page.
import FlyingFox
import Foundation

struct AccessKey: Sendable {
  /// 32 random bytes as hex.
  let token: String

  init(token: String = AccessKey.makeToken()) {
    self.token = token
  }

  /// A fresh token: 32 random bytes (the system's generator), as hex.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }

  /// The name of the query item that carries the token in the printed address.
  static let queryName = "token"

  /// The cookie's name: one per port, since a browser sends 127.0.0.1's
  /// cookies to every port (two previews must not take each other's).
  static func cookieName(port: Int) -> String { "workbook-serve-\(port)" }

  /// The address `serve` prints: the site's root, with the token.
  func address(port: Int) -> String {
    "http://127.0.0.1:\(port)/?\(Self.queryName)=\(token)"
  }

  /// The `Set-Cookie` value of the first visit's answer (a session
  /// cookie: the next start of `serve` has another token anyway).
  func cookie(port: Int) -> String {
    "\(Self.cookieName(port: port))=\(token); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Whether `sent` is the token, in time that does not depend on where
  /// they first differ.
  func accepts(_ sent: String) -> Bool {
    let a = Array(sent.utf8), b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
  }

  /// Whether the `Cookie` fields sent (`cookies`, each `a=1; b=2`) hold
  /// this key for `port`.
  func isPresented(in cookies: [String], port: Int) -> Bool {
    let name = Self.cookieName(port: port)
    return cookies.lazy.flatMap { $0.split(whereSeparator: { $0 == ";" || $0 == "," }) }.contains { pair in
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { return false }
      return accepts(parts[1].trimmingCharacters(in: .whitespaces))
    }
  }

  // MARK: - Requests for pages

  /// What a GET or HEAD gets, as far as the key goes.
  enum Decision: Equatable {
    /// The cookie is there: serve the request.
    case allowed
    /// The address carried a token: go to `location`, the same address
    /// without it; `cookie` is set when the token is right.
    case redirect(location: String, cookie: String?)
    /// Neither the cookie nor the right token: the 403 page.
    case refused(wrongToken: Bool)
  }

  /// The decision for a request for `path` with `query` (percent-encoded,
  /// as sent) and the `Cookie` fields `cookies`.
  func decide(path: String, query: String, cookies: [String], port: Int) -> Decision {
    let items = query.split(separator: "&", omittingEmptySubsequences: false)
    let tokens = items.filter { $0 == Self.queryName || $0.hasPrefix(Self.queryName + "=") }
    let presented = isPresented(in: cookies, port: port)
    guard !tokens.isEmpty else { return presented ? .allowed : .refused(wrongToken: false) }
    let right = tokens.count == 1 && accepts(String(tokens[0].dropFirst(Self.queryName.count + 1)))
    guard right || presented else { return .refused(wrongToken: true) }
    let rest = items.filter { !($0 == Self.queryName || $0.hasPrefix(Self.queryName + "=")) }.joined(separator: "&")
    // Only a path on this server: `//host` would send the browser elsewhere.
    let local = path.hasPrefix("/") && !path.hasPrefix("//") && !path.hasPrefix("/\\") ? path : "/"
    return .redirect(location: local + (rest.isEmpty ? "" : "?" + rest), cookie: right ? cookie(port: port) : nil)
  }

  /// The answer to `decision`; nil when the request is to be served.
  static func response(to decision: Decision) -> HTTPResponse? {
    switch decision {
    case .allowed:
      return nil
    case .redirect(let location, let cookie):
      var headers = PreviewServer.headers(contentType: "text/plain; charset=utf-8")
      headers[.location] = location
      if let cookie { headers[.setCookie] = cookie }
      // The address with the token is sent to no other site.
      headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
      return HTTPResponse(statusCode: .seeOther, headers: headers, body: Data("See \(location)\n".utf8))
    case .refused(let wrongToken):
      return HTTPResponse(statusCode: .forbidden, headers: PreviewServer.headers(contentType: "text/html; charset=utf-8"),
                          body: Data(refusalPage(wrongToken: wrongToken).utf8))
    }
  }

  /// The 403 page: what to do, in a sentence.
  static func refusalPage(wrongToken: Bool) -> String {
    let why = wrongToken
      ? "The key in this address is not this preview’s: <code>workbook serve</code> makes a new one each time it starts."
      : "This preview shows the book only to the browser that opened the address <code>workbook serve</code> printed."
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Open the address workbook serve printed</title></head>
      <body><h1>Open the address <code>workbook serve</code> printed</h1>
      <p>\(why)</p>
      <p>Copy the address from the terminal where <code>workbook serve</code> runs (it ends in
      <code>?token=…</code>) and open it here: it lets this browser in, and no other user of this machine.</p>
      </body></html>

      """
  }
}
