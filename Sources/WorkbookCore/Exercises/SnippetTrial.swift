// SnippetTrial: one snippet of a chapter run with other code in its place,
// as `verify` would run the chapter had the author saved that code — for
// `workbook serve`'s code boxes, where a reader edits a snippet and runs
// it. The edited chapter lives in memory only: its bytes are parsed again
// (so the edit is the chapter's, fences and all), its program is compiled
// in a temporary folder, and neither the chapter file nor any cache is
// written.
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// What running an edited snippet gave.
public struct SnippetTrial: Sendable {
  /// The edited snippet's verdict, decided by the Evaluator as verify
  /// decides it; its lines are the edited chapter's Markdown lines.
  public var report: SnippetReport
  /// The edited snippet in the edited chapter (its fence line is where
  /// the Markdown lines of `report` count from).
  public var snippet: Chapter.Snippet
  /// The verdicts of the chapter's other snippets that the same programs
  /// ran, in the chapter's order (a later snippet that the edit broke).
  public var others: [SnippetReport]
  /// Seconds spent compiling and running.
  public var duration: Double
}

extension Chapter {
  /// The chapter with snippet `index`'s code replaced by `code`, parsed
  /// again from the edited bytes (nothing is written). Nil when there is
  /// no such snippet, or when `code` would not stay inside the snippet's
  /// fence (a line that closes it, for example).
  public func replacingCode(ofSnippet index: Int, with code: String) -> Chapter? {
    guard snippets.indices.contains(index), let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let snippet = snippets[index]
    var code = code.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    if !code.isEmpty && !code.hasSuffix("\n") { code += "\n" }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard snippet.fenceLine >= 1, snippet.closingFenceLine <= lines.count, snippet.closingFenceLine > snippet.fenceLine else {
      return nil
    }
    // Code lines carry what stands before the fence (a quote's `>`, a
    // list item's indentation), so that the parser takes them back off.
    let fence = lines[snippet.fenceLine - 1]
    let before = fence.prefix { $0 != "`" && $0 != "~" }
    let prefix = String(before.map { $0 == ">" ? ">" : " " })
    let codeLines = code.isEmpty ? [] : code.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
      .map { prefix + $0 }
    lines.replaceSubrange(snippet.fenceLine..<(snippet.closingFenceLine - 1), with: codeLines)
    let edited = ChapterLoader.load(bytes: Array(lines.joined(separator: "\n").utf8), path: path, displayPath: displayPath)
    guard edited.snippets.count == snippets.count, edited.snippets[index].code == code,
      edited.snippets[index].kind == snippet.kind
    else { return nil }
    return edited
  }
}

extension ExerciseChecker {
  /// Runs snippet `index` of `chapter` with `code` in its place: the
  /// chapter program (for a snippet that is part of it, with every other
  /// snippet of it), the `no-run` type check, the `compile-fail` check or
  /// the exercise program the snippet belongs to, and nothing else. Bounded
  /// as verify's runs are (the timeout, the output cap, the process group).
  ///
  /// - Returns: Nil when `code` does not fit in the snippet's fence (see
  ///   `Chapter.replacingCode(ofSnippet:with:)`) or the snippet is `ignore`.
  /// - Throws: `VerifyError.interrupted` on Ctrl-C,
  ///   `.temporaryFolderUnwritable` when no temporary folder can be made.
  ///
  /// - Parameter laterSnippets: Whether the chapter program runs on past the
  ///   snippet (to report the later snippets an edit broke, `others`); a
  ///   knob's run needs only the snippet's own output.
  public func trial(_ chapter: Chapter, snippet index: Int, code: String, laterSnippets: Bool = true) throws(VerifyError)
    -> SnippetTrial?
  {
    guard chapter.inputErrors.isEmpty, let edited = chapter.replacingCode(ofSnippet: index, with: code) else { return nil }
    return try SnippetTrial.run(edited, snippet: index, runner: runner, laterSnippets: laterSnippets)
  }
}

extension SnippetTrial {
  /// Runs what snippet `index` of `chapter` belongs to, and nothing else:
  /// the chapter program (for a snippet that is part of it, with every
  /// other snippet of it), the `no-run` type check, the `compile-fail`
  /// check or the exercise program; with `laterSnippets` false, the
  /// chapter program stops after the snippet. Nil for an `ignore` snippet.
  static func run(_ chapter: Chapter, snippet index: Int, runner: ChapterRunner, laterSnippets: Bool = true)
    throws(VerifyError) -> SnippetTrial?
  {
    let start = monotonicSeconds()
    var edited = chapter
    let kind = edited.snippets[index].kind
    guard kind != .ignore else { return nil }
    // Only what the edited snippet belongs to runs.
    for i in edited.snippets.indices where i != index {
      let keep = kind.isInChapterProgram && edited.snippets[i].kind.isInChapterProgram
      if !keep { edited.snippets[i].kind = .ignore }
    }
    for i in edited.snippets.indices where i != index {
      // A run snippet needs the chapter program only (not the no-run type
      // check); a no-run snippet the type check only (nothing runs).
      if kind == .run && edited.snippets[i].kind == .noRun { edited.snippets[i].kind = .ignore }
      if kind == .noRun && edited.snippets[i].kind == .run { edited.snippets[i].kind = .noRun }
      // What runs after the snippet cannot change what it printed.
      if !laterSnippets && kind == .run && i > index { edited.snippets[i].kind = .ignore }
    }
    let run = try runner.runRecoveringFromToolchainFailure(runner.builder.translate(edited))
    let evaluation = Evaluator.evaluate(edited, run: run, outputCap: runner.settings.outputCap,
                                        engine: runner.settings.engineSources)
    guard let report = evaluation.snippets.first(where: { $0.index == index }) else { return nil }
    let others = evaluation.snippets.filter { $0.index != index && $0.status != .ignored }
    return SnippetTrial(report: report, snippet: edited.snippets[index], others: others,
                        duration: monotonicSeconds() - start)
  }
}
