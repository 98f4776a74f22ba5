// Inside WorkbookCore, public types nested for a small public surface go by
// their short names; other modules write the nested names (`Verifier.Options`,
// `SnippetReport.Status`, `ReportDocument.Problem`, …).

typealias SnippetStatus = SnippetReport.Status
typealias SnippetVerdict = SnippetReport.Verdict
typealias DiffRow = LineDiff.Row
typealias VerifyOptions = Verifier.Options
typealias VerifyEvent = Verifier.Event
typealias VerifiedChapter = VerifiedBook.VerifiedChapter
typealias Failure = VerifiedBook.Failure
typealias DiagramChoice = DiagramRecord.Choice
typealias DiagramChoiceError = DiagramRecord.ChoiceError
typealias ReportSummary = ReportDocument.Summary
typealias ReportBook = ReportDocument.BookIdentity
typealias ReportEngine = ReportDocument.EngineIdentity
typealias ReportShard = ReportDocument.Shard
typealias ReportError = ReportDocument.Problem
typealias ReportMerger = ReportDocument.Merger
typealias JUnitRenderer = ReportRenderer.JUnit
typealias ShardSpec = ShardPlan.Spec
typealias ChapterCost = ShardPlan.Cost
typealias ShardPlanner = ShardPlan.Planner
typealias ChapterCostFile = ShardPlan.CostFile
typealias ChapterEstimate = ShardPlan.Estimate
typealias FileDiagnostic = ExerciseCheck.FileDiagnostic
typealias ProgressFile = ExerciseBook.ProgressFile
typealias BookScaffold = Book.Scaffold
typealias CompilerPipeline = Verifier.Options.Pipeline
typealias Snippet = Chapter.Snippet
typealias SnippetKind = Chapter.Snippet.Kind
typealias OutputBlock = Chapter.OutputBlock
typealias Severity = Finding.Severity
typealias FindingKind = Finding.Kind
