// RenderedChapterCache: chapters rendered by an earlier build, reused while
// nothing their page depends on has changed. Rendering (swift-syntax's
// parser for every snippet above all) is most of a build once verify's
// result cache has the runs, so `workbook serve` keeps one across rebuilds:
// after a save only the chapter that changed is rendered again.
import Foundation
import WorkbookModel
import WorkbookFidelity

public final class RenderedChapterCache: @unchecked Sendable {
  /// Everything a chapter's rendering depends on.
  struct Key: Hashable {
    var bytes: [UInt8]
    var path: String
    var displayPath: String
    /// The report without what changes from run to run (its duration,
    /// whether it came from the cache).
    var report: ChapterReport
    var pages: [String: String]
    var config: Book.SiteMetadata
    /// The ledger's names the code links to.
    var links: APIUsage?

    init(bytes: [UInt8], path: String, report: ChapterReport, pages: [String: String], config: Book.SiteMetadata,
         links: APIUsage? = nil) {
      self.bytes = bytes
      self.path = path
      displayPath = report.path
      var report = report
      report.duration = 0
      report.cached = false
      self.report = report
      self.pages = pages
      self.config = config
      self.links = links
    }
  }

  private let lock = NSLock()
  /// The last rendering of each chapter file (one per path: the cache
  /// never grows past the book).
  private var entries: [String: (key: Key, rendered: RenderedChapter)] = [:]

  public init() {}

  /// The cached rendering for `key`, or `render()`'s, remembered.
  func rendered(_ key: Key, _ render: () -> RenderedChapter) -> RenderedChapter {
    lock.lock()
    if let entry = entries[key.path], entry.key == key {
      lock.unlock()
      return entry.rendered
    }
    lock.unlock()
    let rendered = render()
    lock.lock()
    entries[key.path] = (key, rendered)
    lock.unlock()
    return rendered
  }
}
