// `workbook serve`: the live preview. A thin layer over WorkbookServe's
// LivePreview: options, messages, Ctrl-C.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport
import WorkbookServe
import WorkbookSite

extension Workbook {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Preview the book as a site that rebuilds and reloads on every save.",
      discussion: """
        Builds the site in memory and serves it on http://127.0.0.1:PORT/ \
        (this machine only; nothing is written to Site/). Open the address it \
        prints: it ends in ?token=… , a key made anew each time serve \
        starts, and only the browser that opened it is served (not another \
        user of the machine, nor any program without the key). It then watches the \
        book (chapters, site.json, theme/) and the engine's sources: every \
        save verifies the book again — unchanged chapters come from the \
        cache, so only what changed is compiled and run — and the open pages \
        reload. A prose edit shows within about a second; a changed snippet \
        takes as long as compiling its chapter.

        A failing snippet does not stop the preview: its page is served, \
        marked, and every page shows an overlay with the failure at its \
        Markdown file and line, with the diff or the compiler's error. Fix \
        it and save: the overlay clears. (workbook build, by contrast, \
        refuses to publish a failing book.)

        Ctrl-C stops the server and every compiler and snippet process it \
        started.

        Exit status: 130 when stopped with Ctrl-C, 2 for usage or setup \
        errors (the port is in use, the book is missing).

        Examples:
          workbook serve                       Serve Chapters/ on port 8000
          workbook serve --open                … and open it in the browser
          workbook serve --port 0              Any free port (the address is printed)
          workbook serve --book ~/mybook/Chapters --port 4000
        """)

    @OptionGroup var common: VerifyRunOptions

    @Option(help: ArgumentHelp("The port on 127.0.0.1; 0 picks a free one.", valueName: "n"))
    var port: Int = 8000

    @Flag(help: "Open the site's address, with its key, in the browser (xdg-open, or open on macOS).")
    var open = false

    @OptionGroup var themeOptions: ThemeOptions

    func validate() throws {
      guard (0...65535).contains(port) else { throw ValidationError("'--port' must be from 0 to 65535, got '\(port)'") }
    }

    func run() throws {
      var options = ServeOptions()
      options.port = port
      options.workspace = common.configuration
      // Edits follow: a chapter first compiled as written gets its skeleton after its result.
      options.workspace.skeletonsInBackground = true
      options.verify = common.verifyOptions
      options.site.theme = themeOptions.theme

      guard Files.isDirectory(Files.absolute(common.book)) else { throw VerifyError.bookNotFound(path: common.book) }
      let preview = LivePreview(options: options, describe: { ErrorText.message(for: $0) }, report: { Self.show($0) })
      let url = try preview.listen()
      Interruption.install(text: "\nStopped the server and every snippet and compiler\n", tidy: { preview.stop() })
      // The address first, alone on a line, for people and scripts: with
      // the key, which no page holds (only this terminal and the browser).
      FileHandle.standardOutput.write(Data("Serving \(url) (Ctrl-C stops)\n".utf8))
      if open { Self.openBrowser(url) }
      try preview.run()
    }

    static func show(_ event: ServeEvent) {
      let line: String
      switch event {
      case .building(let changed):
        line = changed.isEmpty ? "Building the site…" : "Changed: " + changed.map(LivePreview.display).joined(separator: ", ")
      case .built(let summary):
        let verified = summary.chapters - summary.cachedChapters
        var text = String(format: "Built in %.2f s: %d chapter(s), %d verified again", summary.seconds, summary.chapters, verified)
        if summary.engineBuilt { text += ", engine rebuilt" }
        if summary.problems.isEmpty {
          text += "; no failures"
        } else {
          text += "; \(summary.problems.count) failure(s), shown on the pages:"
          for problem in summary.problems { text += "\n  " + problem.location }
        }
        line = text
      case .buildFailed(let message):
        line = "error: The site could not be built; the last good one stays served:\n" + message
      }
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Opens `url` in the desktop's browser; says so when it cannot.
    static func openBrowser(_ url: String) {
      #if os(macOS)
      let opener: String? = "/usr/bin/open"
      #else
      let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first { FileManager.default.isExecutableFile(atPath: $0) }
      #endif
      guard let opener else {
        FileHandle.standardError.write(Data("note: No xdg-open here; open \(url) in your browser\n".utf8))
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: opener)
      process.arguments = [url]
      // A run ID of its own: the browser is no snippet's escaped process,
      // whichever session it starts (ProcessTable.killEscapedDescendants).
      process.environment = ProcessInfo.processInfo.environment.merging(
        [ChildProcess.runVariable: "workbook-browser"]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch {
        FileHandle.standardError.write(Data("note: Could not open a browser (\(ErrorText.message(for: error))); open \(url) yourself\n".utf8))
      }
    }
  }
}
