// Inside WorkbookCore, public types nested for a small public surface go by
// their short names; other modules write the nested names (`Verifier.Options`,
// `SnippetReport.Status`, `ReportDocument.Problem`, …).
import WorkbookSupport

package typealias SnippetStatus = SnippetReport.Status
package typealias SnippetVerdict = SnippetReport.Verdict
package typealias DiffRow = LineDiff.Row
package typealias VerifiedChapter = VerifiedBook.VerifiedChapter
package typealias Failure = VerifiedBook.Failure
package typealias DiagramChoice = DiagramRecord.Choice
package typealias DiagramChoiceError = DiagramRecord.ChoiceError
package typealias ReportSummary = ReportDocument.Summary
package typealias ReportBook = ReportDocument.BookIdentity
package typealias ReportEngine = ReportDocument.EngineIdentity
package typealias ReportShard = ReportDocument.Shard
package typealias ReportError = ReportDocument.Problem
package typealias ReportMerger = ReportDocument.Merger
package typealias JUnitRenderer = ReportRenderer.JUnit
package typealias ShardSpec = ShardPlan.Spec
package typealias ChapterCost = ShardPlan.Cost
package typealias ShardPlanner = ShardPlan.Planner
package typealias ChapterCostFile = ShardPlan.CostFile
package typealias ChapterEstimate = ShardPlan.Estimate
package typealias Snippet = Chapter.Snippet
package typealias SnippetKind = Chapter.Snippet.Kind
package typealias OutputBlock = Chapter.OutputBlock
package typealias Severity = Finding.Severity
package typealias FindingKind = Finding.Kind
