// LivePreview: `workbook serve` as a library call. Serves the book's site
// from memory on 127.0.0.1, watches the book and the engine's sources, and
// on every save builds the site again (verify's result cache makes every
// unchanged chapter free) and tells the open pages to reload. A failing
// snippet does not stop the site: its page is served, marked, and the
// overlay shows the failure at its Markdown file and line.
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport
import WorkbookSite

/// What to serve and how.
public struct ServeOptions: Sendable {
  /// Where the book, the engine and the caches are.
  public var workspace = Workspace.Configuration()
  /// How the book is verified (how many chapters at once).
  public var verify = Verifier.Options()
  /// How the site is rendered (the theme; the render cache).
  public var site = SiteOptions()
  /// The port on 127.0.0.1; 0: any free port.
  public var port = 8000
  /// Seconds between two scans of the watched folders when polling; with
  /// inotify, the longest wait before `run`'s `shouldStop` is asked again.
  public var pollInterval = 0.1
  /// Poll the watched folders even where inotify is available.
  public var polling = false
  /// Seconds between keep-alive comments on the open event streams.
  public var keepAliveInterval = 15.0

  public init() {}
}

/// What happened, for the command to print.
public enum ServeEvent: Sendable {
  /// A build started; `changed` is empty for the first.
  case building(changed: [String])
  /// A build finished and is served.
  case built(BuildSummary)
  /// A build failed as a whole (the last good site stays served).
  case buildFailed(String)
}

/// A finished build, in numbers.
public struct BuildSummary: Sendable {
  public var seconds: Double
  public var chapters: Int
  /// Chapters whose result came from the cache (no compiler was started).
  public var cachedChapters: Int
  public var problems: [PreviewProblem]
  public var engineBuilt: Bool
}

public final class LivePreview: @unchecked Sendable {
  public let options: ServeOptions
  private let state = PreviewState()
  private let channel = ReloadChannel()
  private let describe: @Sendable (SiteError) -> String
  private let report: @Sendable (ServeEvent) -> Void
  private var server: PreviewServer?
  /// Runs and checks from the pages, prepared once per build.
  private let runs: RunEndpoint
  /// Where the book is; worked out once for every build.
  private let workspace: Workspace
  /// The book as the last build loaded it (see `book(after:)`).
  private var loaded: Book?

  /// - Parameters:
  ///   - describe: The message for a failed build.
  ///   - report: Receives what happens (on the builder's thread).
  public init(
    options: ServeOptions, describe: @escaping @Sendable (SiteError) -> String = { "\($0)" },
    report: @escaping @Sendable (ServeEvent) -> Void = { _ in }
  ) {
    var options = options
    // After a save only the chapter that changed is rendered again.
    if options.site.renderCache == nil { options.site.renderCache = RenderedChapterCache() }
    self.options = options
    self.workspace = Workspace(options.workspace)
    self.runs = RunEndpoint(configuration: options.workspace)
    self.describe = describe
    self.report = report
  }

  /// Binds 127.0.0.1 and starts answering (a page that waits for the first
  /// build until it is done). Returns the site's address with this run's
  /// key (`http://127.0.0.1:PORT/?token=…`, new at each start): only a
  /// browser that opened it is served (AccessKey.swift), so show it to the
  /// user alone.
  public func listen() throws(ServeError) -> String {
    // A page closed while it is sent to must not end the server.
    signal(SIGPIPE, SIG_IGN)
    let server = PreviewServer(state: state, channel: channel, script: Self.previewScript, runs: runs)
    let port = try server.start(port: options.port)
    self.server = server
    return server.key.address(port: port)
  }

  /// The folders whose changes rebuild the site: the book (its chapters,
  /// `site.json`, `theme/`), the theme given, and the engine's and the
  /// diagrams harness's sources.
  package func watchedFolders() -> [FileWatcher.Folder] {
    var folders = [FileWatcher.Folder(workspace.book)]
    if let theme = options.site.theme { folders.append(FileWatcher.Folder(Files.absolute(theme))) }
    // The engine and the diagrams harness beside it: the snippets are built
    // with both; the engine's fidelity ledger (each folder's Fidelity.md)
    // is the site's fidelity.html and its code links.
    for folder in (try? workspace.engineFolders()) ?? [] {
      folders.append(FileWatcher.Folder(folder, suffixes: [".swift", "Fidelity.md"]))
    }
    var seen = Set<String>()
    return folders.filter { seen.insert($0.path).inserted }
  }

  /// Builds the site, then rebuilds it after every change, until
  /// `shouldStop` says so (checked between scans). Call `listen()` first.
  /// Throws when the server stopped taking connections (it should never:
  /// a server that is gone must not look as if it served).
  public func run(shouldStop: () -> Bool = { false }) throws(ServeError) {
    let watcher = FileWatcher(folders: watchedFolders(), polling: options.polling)
    build(changed: [])
    var lastKeepAlive = Date()
    while !shouldStop() {
      if let failure = server?.failure.value { throw failure }
      // With inotify the wait ends at the first save; polling, it is the
      // time between two scans.
      // An editor may write a file in steps: the changes once a scan sees
      // no more (at most half a second), without its scratch files.
      let changed = watcher.wait(timeout: options.pollInterval) ? watcher.settledChanges() : []
      guard !changed.isEmpty else {
        if Date().timeIntervalSince(lastKeepAlive) >= options.keepAliveInterval {
          channel.keepAlive()
          lastKeepAlive = Date()
        }
        continue
      }
      build(changed: changed)
    }
  }

  /// Stops answering event streams (before the process exits).
  public func stop() {
    channel.closeAll()
  }

  /// Open event streams (pages that would reload).
  public var openPages: Int { channel.count }

  private func build(changed: [String]) {
    state.setBuilding(true)
    runs.invalidate()
    report(.building(changed: changed))
    channel.send(PreviewEvent("building", data: changed.map(Self.display).joined(separator: "\n")))
    let start = Date()
    let generation: Int
    do {
      // The driver (the book as loaded after this change: only saved
      // chapters are parsed again; the caches make every unchanged chapter
      // free), then the renderer.
      // A knob's slider runs the exact value here: its stops are not run.
      var verify = options.verify
      verify.knobStops = false
      let verified = try Verifier(options: verify).verifyWholeBook(in: workspace, book: try book(after: changed))
      var siteOptions = options.site
      siteOptions.engineSources = try? workspace.engineSources()
      let site = try SiteBuilder(options: siteOptions).render(verified)
      generation = state.publish(site)
      report(.built(BuildSummary(
        seconds: Date().timeIntervalSince(start), chapters: site.report.chapters.count,
        cachedChapters: site.report.chapters.filter(\.cached).count,
        problems: state.snapshot.problems, engineBuilt: site.report.engineBuilt)))
    } catch {
      if error == .verify(.interrupted) { return }
      let message = describe(error)
      generation = state.publish(failure: message)
      report(.buildFailed(message))
    }
    channel.send(PreviewEvent("reload", data: state.tag(generation)))
  }

  /// The book to build after `changed` (empty: the first build): loaded
  /// once; after a save in the book folder, loaded again reusing every
  /// chapter whose bytes did not change (only the saved one is parsed);
  /// after changes elsewhere only (the engine's sources, a theme given),
  /// the same book.
  package func book(after changed: [String]) throws(SiteError) -> Book {
    let folder = workspace.book
    let inBook = changed.contains { $0 == folder || $0.hasPrefix(folder + "/") }
    if let loaded, !changed.isEmpty, !inBook { return loaded }
    let book: Book
    do {
      if let loaded { book = try Book.load(folder, reusing: loaded) } else { book = try workspace.loadBook() }
    } catch {
      throw .verify(error)
    }
    loaded = book
    return book
  }

  /// `path` relative to the working directory, when it is inside it.
  public static func display(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
  }

  /// The script injected into served pages (Preview/preview.js).
  static let previewScript: [UInt8] = resource("preview")

  /// The script that runs code boxes, injected into served chapter pages
  /// (Preview/run.js; RunEndpoint.swift).
  static let runScript: [UInt8] = resource("run")

  private static func resource(_ name: String) -> [UInt8] {
    guard let url = Bundle.module.url(forResource: "Preview/\(name)", withExtension: "js")
      ?? Bundle.module.resourceURL?.appendingPathComponent("Preview/\(name).js"),
      let data = FileManager.default.contents(atPath: url.path)
    else { return Array("console.error('workbook serve: \(name).js is missing; reinstall the workbook')".utf8) }
    return Array(data)
  }
}
