// ChapterReport: the verdict on one chapter.

/// What happened to one snippet.
public enum SnippetStatus: String, Sendable, Codable {
  case passed
  case failed
  /// Not checked because something before it failed (a compile error, a
  /// crash, a timeout, bad input).
  case notRun = "not-run"
  /// `ignore`: never checked.
  case ignored
}

public struct SnippetReport: Hashable, Sendable, Codable {
  public var index: Int
  public var line: Int
  public var kind: String
  public var hidden: Bool
  public var status: SnippetStatus
  /// The diagrams the snippet published (JSON objects: kind, text,
  /// framesJSON), for the site's player and `workbook play`.
  public var diagrams: [String] = []
}

/// The verdict on one chapter.
public struct ChapterReport: Hashable, Sendable, Codable {
  /// The chapter's path as shown to the user.
  public var path: String
  public var title: String?
  public var snippets: [SnippetReport]
  public var findings: [Finding]
  /// Whether the result came from the cache (no compiler was started).
  public var cached: Bool
  /// Output blocks written by `--record` (created, updated or removed).
  public var recordedBlocks: Int
  /// Seconds spent on the chapter.
  public var duration: Double

  public var failed: Bool { findings.contains { $0.severity == .error } }
  public var checkedSnippetCount: Int { snippets.filter { $0.status != .ignored }.count }
  public var passedSnippetCount: Int { snippets.filter { $0.status == .passed }.count }
  public var failedSnippetCount: Int { snippets.filter { $0.status == .failed || $0.status == .notRun }.count }
}
