// RequestGate: who may ask `workbook serve` to run code. Running code is
// what any web page open in the same browser would like to make the
// preview do, so a request to run (POST /__workbook/run or /check) passes
// every check below before its body is read:
//
// - POST only (405 for anything else, OPTIONS included, with no CORS
//   header on any answer: a cross-origin preflight fails, so a page of
//   another origin cannot even send the request with a JSON body);
// - `Host` is 127.0.0.1 or localhost with the server's own port (403: DNS
//   rebinding — another site's name resolved to 127.0.0.1 — sends its
//   own name);
// - `Sec-Fetch-Site`, when the browser sends it, is `same-origin` (403);
// - `Origin` is there and is the page's own origin, `http://` + Host
//   (403: a form or fetch from another origin says where it comes from);
// - the cookie that opening the address `serve` printed set (403: another
//   user of the machine, or a browser that did not open it; AccessKey.swift);
// - `Content-Type` is `application/json` (415: an HTML form can only send
//   `application/x-www-form-urlencoded`, `multipart/form-data` or
//   `text/plain`);
// - a `Content-Length` (411 without one) of at most 256 KB (413).
import FlyingFox
import Foundation

struct RequestGate: Sendable {
  /// The port the server listens on (the Host and Origin must name it).
  var port: Int
  /// This run's secret, which the request's cookie must carry.
  var key: AccessKey

  /// The largest body accepted (an edited snippet, or a learner's file).
  static let maxBody = 256 * 1024

  /// Why a request is refused: the status and a sentence.
  struct Refusal: Error, Equatable {
    var status: HTTPStatusCode
    var reason: String
    var headers: [String: String] = [:]
  }

  /// Checks a request's head; returns the length of the body to read.
  func check(_ head: RequestHead) -> Result<Int, Refusal> {
    guard head.method == "POST" else {
      return .failure(Refusal(status: .methodNotAllowed, reason: "Only POST runs code here\n", headers: ["Allow": "POST"]))
    }
    guard let host = head.field("Host"), isOwnHost(host) else {
      return .failure(Refusal(status: .forbidden, reason: "Only http://127.0.0.1:\(port) and http://localhost:\(port) run code here\n"))
    }
    if let site = head.field("Sec-Fetch-Site"), site.lowercased() != "same-origin" {
      return .failure(Refusal(status: .forbidden, reason: "Only the preview's own pages run code here\n"))
    }
    guard let origin = head.field("Origin"), origin.lowercased() == "http://" + host.lowercased() else {
      return .failure(Refusal(status: .forbidden, reason: "Only the preview's own pages run code here (Origin)\n"))
    }
    guard key.isPresented(in: head.fields(named: "Cookie"), port: port) else {
      return .failure(Refusal(status: .forbidden, reason: "This browser has not got this preview's key: open the address workbook serve printed\n"))
    }
    let type = (head.field("Content-Type") ?? "").split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard type == "application/json" else {
      return .failure(Refusal(status: .unsupportedMediaType, reason: "Send the request as application/json\n"))
    }
    guard head.field("Transfer-Encoding") == nil, let text = head.field("Content-Length"), let length = Int(text),
      length >= 0
    else {
      return .failure(Refusal(status: .lengthRequired, reason: "Send the body with a Content-Length\n"))
    }
    guard length <= Self.maxBody else {
      return .failure(Refusal(status: .payloadTooLarge, reason: "The body is longer than \(Self.maxBody / 1024) KB\n"))
    }
    return .success(length)
  }

  /// `127.0.0.1:port` or `localhost:port`, any case.
  func isOwnHost(_ host: String) -> Bool {
    let name = host.lowercased()
    return name == "127.0.0.1:\(port)" || name == "localhost:\(port)"
  }
}
