// ProgressDisplay: a live progress line on a terminal, plain lines otherwise
// (on standard error, so that standard output holds only the report).
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSupport

final class ProgressDisplay: @unchecked Sendable {
  private let live: Bool
  private let plainLines: Bool
  private let lock = NSLock()
  private var total = 0
  private var done = 0
  private var snippets = 0
  private var current: [String] = []
  private var shown = false

  /// What the live line says is happening, before the chapter it is at
  /// (`play`: "Running the chapter to play its films"); nil: verify's
  /// count of chapters and snippets.
  private let activity: String?

  init(live: Bool, plainLines: Bool, activity: String? = nil) {
    self.live = live
    self.plainLines = plainLines
    self.activity = activity
  }

  func handle(_ event: Verifier.Event) {
    lock.lock(); defer { lock.unlock() }
    switch event {
    case .buildingEngine(let sources):
      write("Building TransitionEngine for the snippets from \(sources) (once per engine version on this machine)…\n", replacingLine: true)
    case .started(let total):
      self.total = total
    case .chapterStarted(let path):
      current.append(path)
    case .chapterFinished(let report, let done, _):
      self.done = done
      snippets += report.checkedSnippetCount
      current.removeAll { $0 == report.path }
      if !live && plainLines {
        write(ReportRenderer.chapterLine(report) + "\n", replacingLine: false)
      } else if live && report.failed {
        write(ReportRenderer.chapterLine(report) + "\n", replacingLine: true)
      }
    }
    if live { drawLine() }
  }

  private func drawLine() {
    let chapter = current.first.map { " · \($0)" } ?? ""
    var line = activity.map { $0 + chapter + "…" } ?? "[\(done)/\(total)] \(snippets) snippets checked\(chapter)"
    let width = terminalWidth()
    if line.count > width - 1 { line = String(line.prefix(width - 2)) + "…" }
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    shown = true
  }

  private func write(_ text: String, replacingLine: Bool) {
    if live && shown && replacingLine {
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
      shown = false
    }
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Removes the live line.
  func clear() {
    lock.lock(); defer { lock.unlock() }
    if live && shown {
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
      shown = false
    }
  }

  private func terminalWidth() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 10 { return Int(size.ws_col) }
    return 80
  }
}
