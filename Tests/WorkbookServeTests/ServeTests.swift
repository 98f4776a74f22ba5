// `workbook serve`: the pieces (paths, injection, events, the watcher) and
// the command end to end — a fixture book served, edited, broken and fixed,
// hostile requests, a busy port, and Ctrl-C during a snippet's run.
#if canImport(Glibc)
import Glibc
#endif
import FlyingFox
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport
@testable import WorkbookServe

@Suite struct PreviewServerTests {
  @Test func requestPathsNameSiteFilesOnly() {
    #expect(PreviewServer.sitePath(forRequestPath: "/") == "index.html")
    #expect(PreviewServer.sitePath(forRequestPath: "/01-basics.html") == "01-basics.html")
    #expect(PreviewServer.sitePath(forRequestPath: "/01-basics.html?x=1#top") == "01-basics.html")
    #expect(PreviewServer.sitePath(forRequestPath: "/assets/") == "assets/index.html")
    #expect(PreviewServer.sitePath(forRequestPath: "/a%20b.html") == "a b.html")
    for hostile in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/a/../../b",
                    "/./index.html", "//etc/passwd", "/a\\..\\b", "/a%00.html", "etc/passwd", "/%zz"] {
      #expect(PreviewServer.sitePath(forRequestPath: hostile) == nil, "\(hostile)")
    }
  }

  @Test func theScriptGoesBeforeTheLastBodyEndTag() {
    let html = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
    let out = String(decoding: PreviewServer.inject(into: html, tag: "<script></script>"), as: UTF8.self)
    #expect(out == "<html><body><p>&lt;/body&gt;</p><script></script></BODY></html>")
    #expect(String(decoding: PreviewServer.inject(into: Array("text".utf8), tag: "<x>"), as: UTF8.self) == "text<x>")
  }

  @Test func theStatusCannotCloseItsScriptElement() {
    var snapshot = Snapshot()
    snapshot.problems = [PreviewProblem(file: "Chapters/a.md", line: 3, message: "</script><script>alert(1)</script>",
                                        details: ["-\u{2028}"])]
    let tag = PreviewServer.previewTag(snapshot, tag: "s-1")
    #expect(tag.components(separatedBy: "</script>").count == 3)  // the two script elements' own
    #expect(tag.contains("\\u003c\\/script>\\u003cscript>alert(1)"))
    #expect(!tag.contains("\u{2028}"))
    #expect(tag.contains("data-generation=\"s-1\""))
  }

  @Test func onlyLocalHostNamesAreServed() {
    for host in ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:4000"] { #expect(PreviewServer.isLocalHost(host)) }
    for host in ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""] { #expect(!PreviewServer.isLocalHost(host)) }
  }

  @Test func eventsAreFramedOnePerDataLine() {
    #expect(String(decoding: PreviewEvent("reload", data: "abc-2").encoded, as: UTF8.self) == "event: reload\ndata: abc-2\n\n")
    #expect(String(decoding: PreviewEvent("building", data: "a.md\r\nb.md").encoded, as: UTF8.self)
      == "event: building\ndata: a.md\ndata: b.md\n\n")
    #expect(String(decoding: PreviewEvent("x\nevent: y", data: "").encoded, as: UTF8.self) == "event: xevent: y\ndata: \n\n")
  }

  @Test func theChannelForgetsStreamsWhoseClientLeft() async {
    let channel = ReloadChannel()
    do {
      let body = channel.open(first: Array("hello\n".utf8))
      var iterator = body.makeAsyncIterator()
      #expect(channel.count == 1)
      #expect(await iterator.nextBuffer(suggested: 100) == Array("hello\n".utf8))
      channel.send(PreviewEvent("reload", data: "1"))
      #expect(await iterator.nextBuffer(suggested: 100) == PreviewEvent("reload", data: "1").encoded)
    }
    #expect(channel.count == 0)
  }

  static func request(_ fields: [String: String]) -> HTTPRequest {
    var headers = HTTPHeaders()
    for (name, value) in fields { headers[HTTPHeader(name)] = value }
    return HTTPRequest(method: .GET, version: .http11, path: "/search-index.js", query: [], headers: headers, body: HTTPBodySequence())
  }

  @Test func onlyOtherSitesSubresourcesAreCrossSite() {
    #expect(PreviewServer.isCrossSiteSubresource(Self.request(["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "script", "Sec-Fetch-Mode": "no-cors"])))
    #expect(PreviewServer.isCrossSiteSubresource(Self.request(["sec-fetch-site": "Cross-Site"])))
    #expect(PreviewServer.isCrossSiteSubresource(Self.request(["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate"])))
    #expect(!PreviewServer.isCrossSiteSubresource(Self.request(["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate"])))
    for site in ["same-origin", "same-site", "none"] {
      #expect(!PreviewServer.isCrossSiteSubresource(Self.request(["Sec-Fetch-Site": site, "Sec-Fetch-Dest": "script"])))
    }
    // Old browsers and tools send no Sec-Fetch-Site: CORP is their guard.
    #expect(!PreviewServer.isCrossSiteSubresource(Self.request([:])))
  }
}

@Suite struct LivePreviewTests {
  @Test func watchesTheBookTheEngineTheDiagramsHarnessAndTheSDKModules() throws {
    let root = try ServeFixtures.book("book")
    var options = ServeOptions()
    options.workspace.book = root + "/Chapters"
    options.workspace.engineSources = ServeFixtures.engineSources
    options.site.theme = root + "/Chapters"  // the same folder twice is watched once
    let folders = LivePreview(options: options).watchedFolders()
    let fixtures = TestPackage.root + "/Tests/Fixtures/verify"
    #expect(folders == [FileWatcher.Folder(root + "/Chapters"), FileWatcher.Folder(fixtures + "/engine", suffixes: [".swift", "Fidelity.md"]),
                        FileWatcher.Folder(fixtures + "/TransitionDiagrams", suffixes: [".swift", "Fidelity.md"]),
                        FileWatcher.Folder(fixtures + "/CoreGraphics", suffixes: [".swift", "Fidelity.md"]),
                        FileWatcher.Folder(fixtures + "/QuartzCore", suffixes: [".swift", "Fidelity.md"]),
                        FileWatcher.Folder(fixtures + "/UIKit", suffixes: [".swift", "Fidelity.md"])])
  }
}

@Suite struct FileWatcherTests {
  @Test(arguments: [false, true]) func seesSavesAdditionsRemovalsAndRenamesOver(polling: Bool) throws {
    let folder = try ServeFixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/engine/UIKit", withIntermediateDirectories: true)
    try ServeFixtures.write("# One\n", to: folder + "/01.md")
    try ServeFixtures.write("let a = 1\n", to: folder + "/engine/UIKit/View.swift")
    try ServeFixtures.write("notes\n", to: folder + "/engine/notes.txt")
    let watcher = FileWatcher(folders: [FileWatcher.Folder(folder + "/book-missing"), FileWatcher.Folder(folder, suffixes: [".md"]),
                                        FileWatcher.Folder(folder + "/engine", suffixes: [".swift"])], polling: polling)
    #expect(watcher.changes() == [])

    try ServeFixtures.write("# One, longer\n", to: folder + "/01.md")
    #expect(watcher.changes() == [folder + "/01.md"])
    try ServeFixtures.write("let a = 2\n", to: folder + "/engine/UIKit/View.swift")  // same size, new inode
    #expect(watcher.changes() == [folder + "/engine/UIKit/View.swift"])
    try ServeFixtures.write("other notes\n", to: folder + "/engine/notes.txt")  // not a watched kind of file
    #expect(watcher.changes() == [])
    try ServeFixtures.write("# Two\n", to: folder + "/02.md")
    try FileManager.default.removeItem(atPath: folder + "/01.md")
    #expect(watcher.changes() == [folder + "/01.md", folder + "/02.md"])
    try ServeFixtures.write("hidden\n", to: folder + "/.02.md.swp")
    #expect(watcher.changes() == [])
  }

  /// serve's "Changed:" line and its rebuilds name the book's files, not
  /// an editor's scratch files: `sed -i`'s temporary file that came and
  /// went within the save, vim's `4913`, backups (`01.md~`, `#01.md#`).
  @Test func settledChangesLeaveOutEditorsScratchFiles() throws {
    let folder = try ServeFixtures.temporaryDirectory()
    try ServeFixtures.write("# One\n", to: folder + "/01.md")
    try ServeFixtures.write("# Two\n", to: folder + "/02.md")
    let watcher = FileWatcher(folders: [FileWatcher.Folder(folder)], polling: true)
    #expect(watcher.settledChanges() == [])

    // sed -i: a temporary file beside the chapter, renamed over it. The
    // scratch file is seen by the first scan, gone by a later one.
    try ServeFixtures.write("# One, edited\n", to: folder + "/sedHD5Si")
    try ServeFixtures.write("# Two, edited\n", to: folder + "/02.md")
    let sed = Thread {
      usleep(30_000)
      _ = rename(folder + "/sedHD5Si", folder + "/01.md")
    }
    sed.start()
    #expect(watcher.settledChanges(pause: 0.15) == [folder + "/01.md", folder + "/02.md"])

    for scratch in ["01.md~", "#01.md#", "4913", "01.md.swp"] { try ServeFixtures.write("x", to: folder + "/" + scratch) }
    #expect(watcher.settledChanges() == [], "scratch files alone rebuild nothing")
    // A chapter removed is a change.
    try FileManager.default.removeItem(atPath: folder + "/02.md")
    #expect(watcher.settledChanges() == [folder + "/02.md"])
    #expect(FileWatcher.isEditorsScratch("4913") && !FileWatcher.isEditorsScratch("01-intro.md"))
  }

  #if os(Linux)
  /// inotify wakes the wait at once for a save in a folder made after the
  /// watcher started (the scan that finds a folder watches it), and a quiet
  /// folder lets the wait run to its end.
  @Test func inotifyWakesOnSavesInNestedAndNewFolders() throws {
    let folder = try ServeFixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/engine/UIKit", withIntermediateDirectories: true)
    try ServeFixtures.write("let a = 1\n", to: folder + "/engine/UIKit/View.swift")
    let watcher = FileWatcher(folders: [FileWatcher.Folder(folder + "/engine", suffixes: [".swift"])])
    #expect(watcher.usesInotify)
    #expect(!watcher.wait(timeout: 0.05))

    // With inotify, `wait` is true only when an event woke it, never at
    // its deadline: the save itself ended the wait.
    try ServeFixtures.write("let a = 22\n", to: folder + "/engine/UIKit/View.swift")
    #expect(watcher.wait(timeout: 60))
    #expect(watcher.changes() == [folder + "/engine/UIKit/View.swift"])

    // A new folder: its creation wakes the wait, the scan watches it…
    try FileManager.default.createDirectory(atPath: folder + "/engine/Timing", withIntermediateDirectories: true)
    #expect(watcher.wait(timeout: 60))
    #expect(watcher.changes() == [])
    // …so a save inside it wakes the next one.
    try ServeFixtures.write("let t = 1\n", to: folder + "/engine/Timing/Clock.swift")
    #expect(watcher.wait(timeout: 60))
    #expect(watcher.changes() == [folder + "/engine/Timing/Clock.swift"])
    // The save's last events (the write after the file's creation) may come
    // after the scan that saw it: let them settle; then the folder is quiet
    // and the wait runs to its end.
    var settling = 0
    while settling < 10 && watcher.wait(timeout: 0.2) {
      _ = watcher.changes()
      settling += 1
    }
    #expect(!watcher.wait(timeout: 0.05))
  }
  #endif

  @Test func watchingOtherFoldersStartsAFreshBaseline() throws {
    let folder = try ServeFixtures.temporaryDirectory()
    for name in ["a", "b"] {
      try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
      try ServeFixtures.write("x\n", to: folder + "/\(name)/one.swift")
    }
    let watcher = FileWatcher(folders: [FileWatcher.Folder(folder + "/a")])
    watcher.watch([FileWatcher.Folder(folder + "/b")])
    #expect(watcher.changes() == [])
    try ServeFixtures.write("changed\n", to: folder + "/a/one.swift")
    #expect(watcher.changes() == [])
    try ServeFixtures.write("changed\n", to: folder + "/b/one.swift")
    #expect(watcher.changes() == [folder + "/b/one.swift"])
    #expect(FileWatcher.stamp(of: folder + "/b/one.swift") != nil)
    #expect(FileWatcher.stamp(of: folder + "/b/missing.swift") == nil)
  }

  @Test func doesNotFollowLinksToFolders() throws {
    let folder = try ServeFixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/book", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/book/loop", withDestinationPath: folder)
    try ServeFixtures.write("# One\n", to: folder + "/book/01.md")
    let stamps = FileWatcher.scan([FileWatcher.Folder(folder + "/book")])
    #expect(stamps.keys.sorted() == [folder + "/book/01.md", folder + "/book/loop"])
  }
}

@Suite(.serialized) struct ServeCommandTests {
  static let basics = "Chapters/01-basics.md"

  /// The served book's generation, from a page.
  static func generation(of html: String) -> String? {
    guard let range = html.range(of: "data-generation=\"") else { return nil }
    return String(html[range.upperBound...].prefix { $0 != "\"" })
  }

  static func problems(port: Int) throws -> [[String: Any]] {
    let status = try HTTP.get(port: port, "/__workbook/status")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(status.body.utf8)) as? [String: Any])
    return try #require(json["problems"] as? [[String: Any]])
  }

  @Test func servesTheBookReloadsAfterAnEditAndShowsAFailureUntilItIsFixed() throws {
    let root = try ServeFixtures.book("book")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop() }
    _ = try serve.waitUntilBuilt()

    let index = try HTTP.get(port: serve.port, "/")
    #expect(index.status == 200)
    #expect(index.headers["content-type"] == "text/html; charset=utf-8")
    #expect(index.body.contains("<script src=\"/__workbook/preview.js\""))
    let css = try HTTP.get(port: serve.port, "/style.css")
    #expect(css.status == 200 && css.headers["content-type"] == "text/css; charset=utf-8")
    #expect(!css.body.contains("__workbook"))
    let script = try HTTP.get(port: serve.port, "/__workbook/preview.js")
    #expect(script.status == 200 && script.body.contains("EventSource"))
    #expect(try Self.problems(port: serve.port).isEmpty)

    // A prose edit: a reload event, then the new text.
    let page = try HTTP.get(port: serve.port, "/01-basics.html")
    let generation = try #require(Self.generation(of: page.body))
    var events = try EventStream(port: serve.port, generation: generation)
    let chapter = root + "/" + Self.basics
    let original = ServeFixtures.read(chapter)
    let edited = original.replacingOccurrences(of: "Visit https://example.com for nothing.",
                                               with: "Visit https://example.com for nothing. EDITED-BY-THE-TEST.")
    #expect(edited != original)
    let saved = Date()
    try ServeFixtures.write(edited, to: chapter)
    let reload = try #require(events.waitForReload(after: generation, timeout: 60), "no reload event: \(events.text) \(serve.stderr)")
    let seconds = Date().timeIntervalSince(saved)
    print("serve: save to reload event after a prose edit: \(String(format: "%.2f", seconds)) s")
    #expect(reload != generation)
    #expect(try HTTP.get(port: serve.port, "/01-basics.html").body.contains("EDITED-BY-THE-TEST"))
    #expect(!FileManager.default.fileExists(atPath: root + "/Site"), "serve wrote a site folder")

    // A wrong output: the page is still served, the overlay has the diff at
    // the Markdown file and line.
    events = try EventStream(port: serve.port, generation: reload)
    try ServeFixtures.write(edited.replacingOccurrences(of: "</script> 320.0", with: "</script> 321.0"), to: chapter)
    let broken = try #require(events.waitForReload(after: reload, timeout: 120), "no reload event: \(serve.stderr)")
    let brokenPage = try HTTP.get(port: serve.port, "/01-basics.html")
    #expect(brokenPage.status == 200)
    #expect(brokenPage.body.contains("EDITED-BY-THE-TEST"))
    #expect(Self.generation(of: brokenPage.body) == broken)
    let problems = try Self.problems(port: serve.port)
    let problem = try #require(problems.first)
    #expect((problem["file"] as? String)?.hasSuffix("Chapters/01-basics.md") == true, "\(problems)")
    let line = try #require(problem["line"] as? Int)
    let lines = edited.components(separatedBy: "\n")
    let outputLine = try #require(lines.firstIndex { $0.contains("</script> 320.0") }) + 1
    let snippetLine = try #require(lines.firstIndex { $0.contains("// A view and its width.") })
    #expect((snippetLine...outputLine).contains(line), "line \(line) is not at the failing snippet")
    let details = (problem["details"] as? [String] ?? []).joined(separator: "\n")
    #expect(details.contains("320.0") && details.contains("321.0"), "\(details)")
    #expect(problem["page"] as? String == "01-basics.html")
    // The overlay's data is in the page itself.
    #expect(brokenPage.body.contains("id=\"workbook-preview-status\"") && brokenPage.body.contains("321.0"))

    // Fixed: the overlay's problems are gone.
    events = try EventStream(port: serve.port, generation: broken)
    try ServeFixtures.write(edited, to: chapter)
    _ = try #require(events.waitForReload(after: broken, timeout: 120), "no reload event: \(serve.stderr)")
    #expect(try Self.problems(port: serve.port).isEmpty)

    #expect(serve.stop() == 130)
    #expect(serve.stderr.contains("Stopped"))
  }

  @Test func anEngineThatStopsCompilingKeepsTheLastSiteAndShowsWhy() throws {
    let root = try ServeFixtures.book("book")
    let engine = root + "/engine"
    try FileManager.default.copyItem(atPath: ServeFixtures.engineSources, toPath: engine)
    for module in ["TransitionDiagrams", "CoreGraphics", "QuartzCore", "UIKit"] {
      let folder = TestPackage.root + "/Tests/Fixtures/verify/" + module
      try FileManager.default.copyItem(atPath: folder, toPath: root + "/" + module)
    }
    let serve = try ServeProcess(directory: root, engineSources: engine)
    defer { _ = serve.stop() }
    let first = try serve.waitUntilBuilt()
    var events = try EventStream(port: serve.port, generation: first)

    // The engine is watched: a change that does not compile is a failed
    // build, shown in the overlay; the last good site stays served.
    let source = engine + "/TransitionEngine.swift"
    let original = ServeFixtures.read(source)
    try ServeFixtures.write(original + "\nlet brokenByTheServeTest: Int = \"not a number\"\n", to: source)
    let broken = try #require(events.waitForReload(after: first, timeout: 240), "no reload event: \(serve.stderr)")
    let problems = try Self.problems(port: serve.port)
    #expect(problems.count == 1)
    #expect(problems.first?["file"] == nil)
    #expect(problems.first?["message"] as? String == "The site could not be built")
    let details = (problems.first?["details"] as? [String] ?? []).joined(separator: "\n")
    #expect(details.contains("TransitionEngine"), "\(problems)")
    let page = try HTTP.get(port: serve.port, "/01-basics.html")
    #expect(page.status == 200 && page.body.contains("Setting up"))
    #expect(serve.stderr.contains("The site could not be built; the last good one stays served"))

    events = try EventStream(port: serve.port, generation: broken)
    try ServeFixtures.write(original, to: source)
    _ = try #require(events.waitForReload(after: broken, timeout: 240), "no reload event: \(serve.stderr)")
    #expect(try Self.problems(port: serve.port).isEmpty)
  }

  @Test func refusesHostileRequestsAndListensOnLoopbackOnly() throws {
    let root = try ServeFixtures.book("book")
    try FileManager.default.createSymbolicLink(atPath: root + "/Chapters/passwd", withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(atPath: root + "/Chapters/secrets.html", withDestinationPath: "/etc/passwd")
    let serve = try ServeProcess(directory: root)
    defer { _ = serve.stop() }
    _ = try serve.waitUntilBuilt()

    for target in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                   "/passwd", "/Chapters/passwd", "/secrets.html", "/../Chapters/01-basics.md", "/01-basics.md"] {
      let response = try HTTP.get(port: serve.port, target)
      #expect(response.status == 404, "\(target): \(response.status)")
      #expect(!response.body.contains("root:"), "\(target) served /etc/passwd")
    }
    #expect(try HTTP.request(port: serve.port, "/", host: "evil.example:\(serve.port)").status == 403)
    #expect(try HTTP.request(port: serve.port, method: "POST", "/").status == 405)
    let index = try HTTP.get(port: serve.port, "/index.html")
    #expect(index.status == 200)
    let head = try HTTP.request(port: serve.port, method: "HEAD", "/index.html")
    #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(index.body.utf8.count))

    // The only listening socket on the port is 127.0.0.1's.
    let listening = Self.listeningAddresses(port: serve.port)
    #expect(listening == ["0100007F"], "\(listening)")
  }

  @Test func aPortInUseIsAClearErrorWithStatus2() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &size) == 0 }
    }
    try #require(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let root = try ServeFixtures.book("book")
    let result = try ChildProcess.run(TestPackage.binary, ["serve", "--port", String(port), "--engine-sources", ServeFixtures.engineSources,
                                                             "--cache-dir", TestPackage.engineCache], directory: root, timeout: 60)
    #expect(result.termination == .exited(2))
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    #expect(stderr.contains("error: Port \(port) on 127.0.0.1 is in use"), "\(stderr)")
    #expect(stderr.contains("--port 0"))
  }

  @Test func ctrlCStopsTheServerAndEverySnippet() throws {
    let root = try ServeFixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: root + "/Chapters", withIntermediateDirectories: true)
    try ServeFixtures.write("# Slow\n\n```swift\nimport Foundation\nprint(\"waiting\")\nwhile true { usleep(10_000) }\n```\n",
                            to: root + "/Chapters/01-slow.md")
    let serve = try ServeProcess(directory: root, arguments: ["--timeout", "120"])
    let needle = "workbook-verify-\(serve.process.processIdentifier)-"
    let deadline = Date().addingTimeInterval(240)
    var program: [pid_t] = []
    while program.isEmpty && Date() < deadline && serve.process.isRunning {
      usleep(100_000)
      program = Processes.pids(containing: needle).filter {
        // Compiled as written, or its skeleton run through the literal table.
        Processes.commandLine($0).hasSuffix("/chapter/program\0") || Processes.commandLine($0).hasSuffix("/chapter-tabled/program\0")
      }
    }
    try #require(!program.isEmpty, "the chapter's program never started: \(serve.stderr)")
    #expect(serve.stop(SIGINT) == 130)
    let end = Date().addingTimeInterval(5)
    while !Processes.pids(containing: needle).isEmpty && Date() < end { usleep(50_000) }
    let left = Processes.pids(containing: needle)
    for pid in left { kill(pid, SIGKILL) }
    #expect(left == [], "processes of the stopped server still run")
    #expect((try? HTTP.connect(port: serve.port)).map { close($0) } == nil, "the port still accepts connections")
  }

  /// Local addresses (hex, as /proc/net/tcp writes them) listening on `port`.
  static func listeningAddresses(port: Int) -> [String] {
    var out: [String] = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      for line in ServeFixtures.read(table).split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 3, fields[3] == "0A" else { continue }
        let local = fields[1].split(separator: ":")
        guard local.count == 2, Int(local[1], radix: 16) == port else { continue }
        out.append(String(local[0]))
      }
    }
    return out
  }
}

enum Processes {
  static func commandLine(_ pid: pid_t) -> String {
    FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Live (not zombie) processes whose command line contains `needle`.
  static func pids(containing needle: String) -> [pid_t] {
    var found: [pid_t] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = pid_t(name) else { continue }
      if let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat"),
        let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count, stat[close + 2] == UInt8(ascii: "Z")
      {
        continue
      }
      if commandLine(pid).contains(needle) { found.append(pid) }
    }
    return found
  }
}

/// serve declares no options of its own where verify and build have them:
/// the shared `@OptionGroup`s give every command the same help text.
@Suite struct ServeOptionsTests {
  /// The help of each `--option` of `command`, joined to one line.
  static func optionHelp(_ command: String) throws -> [String: String] {
    let result = try ChildProcess.run(TestPackage.binary, [command, "--help"], directory: NSTemporaryDirectory(), timeout: 60)
    var options: [String: String] = [:]
    var current: String?
    for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("--") {
        let name = String(text.prefix { $0 != " " })
        current = name
        options[name] = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
      } else if let name = current, line.hasPrefix("      ") {
        options[name, default: ""] += " " + text
      } else {
        current = nil
      }
    }
    return options
  }

  @Test func serveSharesVerifysAndBuildsOptionsWordForWord() throws {
    let serve = try Self.optionHelp("serve")
    let verify = try Self.optionHelp("verify")
    let build = try Self.optionHelp("build")
    for name in ["--book", "--jobs", "--timeout", "--engine-sources", "--cache-dir"] {
      #expect(serve[name] != nil, "serve has no \(name)")
      #expect(serve[name] == verify[name], "\(name) differs between serve and verify")
    }
    #expect(serve["--theme"] != nil)
    #expect(serve["--theme"] == build["--theme"])
  }
}
