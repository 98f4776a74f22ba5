// VerifyReport: the verdict on a whole run, as `workbook verify` prints it.
import WorkbookSupport

/// The verdict on a whole run.
public struct VerifyReport: Sendable, Codable {
  public var chapters: [ChapterReport]
  public var duration: Double
  public var engineBuilt: Bool

  public var failed: Bool { chapters.contains { $0.failed } }
  public var snippetCount: Int { chapters.reduce(0) { $0 + $1.checkedSnippetCount } }
  public var passedCount: Int { chapters.reduce(0) { $0 + $1.passedSnippetCount } }
  public var failedCount: Int { chapters.reduce(0) { $0 + $1.failedSnippetCount } }
  public var findings: [Finding] { chapters.flatMap(\.findings) }
}
