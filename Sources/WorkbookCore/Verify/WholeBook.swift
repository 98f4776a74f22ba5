// The one orchestration entry point of `workbook build` and `serve`: the
// whole book, loaded and verified (or read back from a verify report),
// which a renderer (WorkbookSite's `SiteBuilder.render(_:)`) then turns
// into pages, the way mdBook's `build` loads, preprocesses, then renders.
import WorkbookModel

extension Verifier {
  /// The whole book as a site shows it: loaded through `workspace` and
  /// verified there (every chapter; never recorded; `options.jobs` at
  /// once), or, given a verify report, read back from it with nothing
  /// compiled (CI verifies in shards, merges their reports, and builds the
  /// site once from the merged one).
  ///
  /// - Parameters:
  ///   - workspace: The book, the engine and the caches.
  ///   - loaded: The book as already loaded (serve keeps it between saves
  ///     and parses only the chapters that changed); nil: loaded here.
  ///   - report: A whole run's JSON report (`verify --format json`) or the
  ///     shards' merged one (`report merge --format json`), as given (errors
  ///     name it so); nil: verify.
  ///   - progress: Receives verify's events.
  /// - Throws: `.verify` for verify's setup problems (no book, no engine,
  ///   an unreadable `site.json`, …); `.report` when the report cannot be
  ///   read, is one shard's, or verified other chapters than the book holds.
  public func verifyWholeBook(
    in workspace: Workspace, book loaded: Book? = nil, fromReport report: String? = nil,
    progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }
  ) throws(SiteError) -> VerifiedBook {
    let book: Book
    if let loaded { book = loaded } else {
      do { book = try workspace.loadBook() } catch { throw .verify(error) }
    }
    if let report {
      do { return try ReportDocument.read(report).verifiedBook(book, file: report) } catch { throw .report(error) }
    }
    var options = self.options
    options.chapters = []
    options.record = false
    do { return try Verifier(options: options).verify(book, in: workspace, progress: progress) } catch {
      throw .verify(error)
    }
  }
}
