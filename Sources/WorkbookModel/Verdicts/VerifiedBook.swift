// VerifiedBook: what verify returns — the book as it was loaded, each
// chapter beside its verdict. The site renders it and the report is made
// from it: nothing is listed, read or parsed again, and nothing is paired
// by position.
import WorkbookSupport

/// A verified book: every chapter beside its verdict.
public struct VerifiedBook: Sendable {
  /// The book as it was loaded.
  public var book: Book
  /// The chapters, in the book's order, each with its report.
  public var chapters: [VerifiedBook.VerifiedChapter]
  /// Seconds the verification took.
  public var duration: Double
  /// Whether the engine was built for it.
  public var engineBuilt: Bool
  /// The engine and compiler, as the JSON report names them.
  public var engine: ReportDocument.EngineIdentity

  public init(book: Book, chapters: [VerifiedBook.VerifiedChapter], duration: Double, engineBuilt: Bool,
              engine: ReportDocument.EngineIdentity = ReportDocument.EngineIdentity(identity: "", compiler: "")) {
    self.book = book
    self.chapters = chapters
    self.duration = duration
    self.engineBuilt = engineBuilt
    self.engine = engine
  }

  /// The report (what `verify` prints and `--format json` writes).
  public var report: VerifyReport {
    VerifyReport(chapters: chapters.map(\.report), duration: duration, engineBuilt: engineBuilt)
  }

  /// Every chapter's failures (see `VerifiedChapter.failures`).
  public var failures: [VerifiedBook.Failure] { chapters.flatMap(\.failures) }
}

extension VerifiedBook {
  /// A chapter and what verify made of it.
  public struct VerifiedChapter: Sendable {
    /// The chapter as it was read (before `--record` wrote anything).
    public var chapter: Chapter
    public var report: ChapterReport

    public init(chapter: Chapter, report: ChapterReport) {
      self.chapter = chapter
      self.report = report
    }

    /// The verdict on the snippet at `index` (its position in the chapter).
    public func report(ofSnippet index: Int) -> SnippetReport? {
      report.snippets.first { $0.index == index }
    }

    /// The failures a published page would carry: every error finding, then
    /// each failed or unrun snippet that no error finding is about, with its
    /// verdict's explanation.
    public var failures: [VerifiedBook.Failure] {
      var out: [VerifiedBook.Failure] = []
      for finding in report.findings where finding.severity == .error {
        out.append(VerifiedBook.Failure(file: finding.file, line: finding.line, message: finding.message, details: finding.details))
      }
      let reported = Set(report.findings.filter { $0.severity == .error }.compactMap(\.snippet))
      for snippet in report.snippets where !reported.contains(snippet.index) {
        guard let explanation = snippet.verdict.explanation else { continue }
        out.append(VerifiedBook.Failure(file: report.path, line: explanation.line ?? snippet.line, message: explanation.message))
      }
      return out
    }
  }
}

extension VerifiedBook {
  /// One failure of a verified book, as a report line gives it.
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    /// The finding's details (a diff, the compiler's excerpt); empty for a
    /// snippet's verdict.
    public var details: [String] = []

    public init(file: String, line: Int?, message: String, details: [String] = []) {
      self.file = file
      self.line = line
      self.message = message
      self.details = details
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
  }
}
