// Verifier: `workbook verify` as a library call. Finds the book and the
// engine, builds the engine if needed, then checks chapters in parallel
// (each chapter: parse, cache lookup, compile and run, evaluate, record).
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

public struct Verifier: Sendable {
  public var options: Verifier.Options

  public init(options: Verifier.Options = Verifier.Options()) {
    self.options = options
  }

  /// Runs verify in `workspace` and returns the report (see
  /// `verify(in:progress:)`).
  public func run(
    in workspace: Workspace, progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }
  ) throws(VerifyError) -> VerifyReport {
    try verify(in: workspace, progress: progress).report
  }

  /// Loads the book of `workspace` (the chapters in `options.chapters`)
  /// and verifies it there.
  ///
  /// - Parameter progress: Receives events as chapters finish.
  /// - Returns: The verified book; failures in the book are findings in it.
  /// - Throws: `VerifyError` for setup problems (missing book, no engine, …).
  public func verify(
    in workspace: Workspace, progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }
  ) throws(VerifyError) -> VerifiedBook {
    try verify(try workspace.loadBook(selecting: options.chapters), in: workspace, progress: progress)
  }

  /// Verifies a loaded book: builds the engine if needed, then checks the
  /// chapters in parallel (each: cache lookup, compile and run, evaluate,
  /// record). How snippets are compiled and run, and which caches, is the
  /// workspace's (`Workspace.Configuration`); what to check and whether to
  /// record is `options`'.
  ///
  /// - Parameters:
  ///   - book: The book, as `Book.load` read it.
  ///   - workspace: Its caches, toolchain and engine.
  ///   - progress: Receives events as chapters finish.
  /// - Returns: Each chapter with its report, in the book's order.
  /// - Throws: `VerifyError` for setup problems (no engine, no cache, …).
  public func verify(
    _ book: Book, in workspace: Workspace, progress: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(VerifyError) -> VerifiedBook {
    let start = monotonicSeconds()
    let chapters = book.chapters
    ChildProcess.endProcessesOfDeadRuns()
    Files.removeTemporaryFoldersOfDeadRuns()
    // What a killed `--record` (SIGKILL, SIGXFSZ) left beside its chapter.
    for (folder, files) in book.temporaryFileFolders { Files.removeTemporaryFilesOfDeadRuns(writing: files, in: folder) }
    let cache = try workspace.resultCache()
    if chapters.isEmpty {
      // Nothing to run (a shard with no chapters): the report still names
      // the engine, whose identity is a hash of sources and compiler, so
      // the engine is not built and no compiler is started.
      progress(.started(total: 0))
      return VerifiedBook(book: book, chapters: [], duration: monotonicSeconds() - start,
                          engineBuilt: false, engine: try workspace.engineIdentity())
    }
    // The book's language mode is in its site.json: a book whose file
    // cannot be read is not verified in a mode it may not be written for.
    if let problem = book.siteProblem { throw .siteSettingsUnreadable(path: problem.path, reason: problem.reason) }
    let settings = try workspace.prepare(languageMode: book.site.swiftLanguageMode, site: book.site,
                                         willBuild: { progress(.buildingEngine(sources: $0)) })
    let engine = settings.engine
    // Each program's run is cached too: an edit recompiles only the programs it touches.
    let configuration = workspace.configuration
    var chapterRunner = ChapterRunner(settings: settings, programCache: configuration.useCache ? cache : nil)
    // A literal-only edit runs the program built before with a new table.
    // Without the cache the store lives for this run only: nothing built
    // before is read, and a knob's stops still run the program built for
    // the first of them.
    var storeOfThisRun: String? = nil
    if configuration.useCache {
      chapterRunner.programStore = ProgramStore(beside: cache)
    } else if let folder = try? Files.makeTemporaryDirectory(prefix: "workbook-verify") {
      storeOfThisRun = folder
      chapterRunner.programStore = ProgramStore(directory: folder)
    }
    defer { if let storeOfThisRun { Files.removeTemporaryDirectory(storeOfThisRun) } }
    chapterRunner.skeletonsInBackground = configuration.skeletonsInBackground && storeOfThisRun == nil
    let runner = chapterRunner

    progress(.started(total: chapters.count))
    let state = RunState(count: chapters.count)
    let options = self.options
    let counter = ChapterAnalysisCounter.current  // the tests' seam reaches the workers
    WorkerPool.run(count: chapters.count, jobs: max(1, options.jobs)) { index in
      ChapterAnalysisCounter.$current.withValue(counter) {
        if state.error != nil { return }
        progress(.chapterStarted(path: chapters[index].displayPath))
        do throws(VerifyError) {
          let report = try Self.verifyChapter(chapters[index], runner: runner, cache: cache, options: options,
                                              configuration: configuration)
          let done = state.finish(index, report)
          progress(.chapterFinished(report, done: done, total: chapters.count))
        } catch {
          state.fail(error)
        }
      }
    }
    if let error = state.error { throw error }
    let verified = zip(chapters, state.reports).compactMap { chapter, report in
      report.map { VerifiedBook.VerifiedChapter(chapter: chapter, report: $0) }
    }
    return VerifiedBook(book: book, chapters: verified, duration: monotonicSeconds() - start,
                        engineBuilt: engine.wasBuilt, engine: ReportDocument.EngineIdentity(settings))
  }

  /// Verifies one chapter.
  static func verifyChapter(
    _ chapter: Chapter, runner: ChapterRunner, cache: ResultCache, options: Verifier.Options,
    configuration: Workspace.Configuration
  ) throws(VerifyError) -> ChapterReport {
    let start = monotonicSeconds()
    let path = chapter.path
    let display = chapter.displayPath
    guard chapter.inputErrors.isEmpty else {
      let evaluation = Evaluator.evaluateProblems(chapter)
      return ChapterReport(path: display, title: chapter.title, snippets: evaluation.snippets,
                           findings: evaluation.findings, cached: false, recordedBlocks: 0,
                           duration: chapter.wasRead ? monotonicSeconds() - start : 0)
    }
    // The snippets are translated once: the key and every program use it.
    let translated = runner.builder.translate(chapter)
    let key = ResultCache.key(for: translated, settings: runner.settings)
    var cached = false
    let run: ChapterRun
    if configuration.useCache, let hit = cache.load(key) {
      run = hit
      cached = true
    } else {
      run = try runner.runRecoveringFromToolchainFailure(translated)
      if configuration.useCache && run.isCacheable { cache.store(run, key: key) }
    }
    let evaluation = Evaluator.evaluate(chapter, run: run, outputCap: runner.settings.outputCap,
                                        engine: runner.settings.engineSources)
    var findings = evaluation.findings
    var snippets = evaluation.snippets
    var recorded = 0
    if options.record && !evaluation.changes.isEmpty {
      let updated = OutputRecorder.apply(evaluation.changes, to: chapter)
      if updated != chapter.bytes,
        let problem = OutputRecorder.readBackProblem(updated, original: chapter, changes: evaluation.changes)
      {
        findings.append(Finding(.error, .record, file: display, line: nil,
                                message: "Not recorded, nothing was written: \(problem)"))
      } else if updated != chapter.bytes {
        // Someone edited the chapter while we worked: keep their version.
        if Files.read(path) != chapter.bytes {
          findings.append(Finding(.error, .record, file: display, line: nil,
                                  message: "Chapter changed while verify ran; not recorded, run verify again"))
        } else {
          do {
            // A chapter that is a link (to a file inside the book) is
            // recorded into the file it names; the link stays.
            try Files.writeAtomically(updated, to: Files.resolved(path) ?? path)
            recorded = evaluation.changes.count
            // Written: the chapter is what the Evaluator said it would be.
            (findings, snippets) = evaluation.afterRecording
          } catch {
            findings.append(Finding(.error, .record, file: display, line: nil,
                                    message: "Cannot write the chapter: \(Files.reason(error))"))
          }
        }
      }
    }
    // Each knob's snippet at its stops, for the site's sliders.
    var knobs: [KnobReport]? = nil
    if chapter.snippets.contains(where: { !$0.knobs.isEmpty }) {
      let stops = try KnobStops.run(chapter, verdicts: snippets, runner: runner, runningStops: options.knobStops)
      knobs = stops.knobs
      findings += stops.findings
    }
    // The chapter's own warnings (it ran: it has no input errors) follow.
    return ChapterReport(path: display, title: chapter.title, snippets: snippets, findings: findings + chapter.problems,
                         cached: cached, recordedBlocks: recorded, duration: monotonicSeconds() - start, knobs: knobs)
  }
}

/// Results gathered from worker threads.
private final class RunState: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var reports: [ChapterReport?]
  private var done = 0
  private var firstError: VerifyError?

  init(count: Int) { reports = Array(repeating: nil, count: count) }

  var error: VerifyError? { lock.lock(); defer { lock.unlock() }; return firstError }

  func finish(_ index: Int, _ report: ChapterReport) -> Int {
    lock.lock(); defer { lock.unlock() }
    reports[index] = report
    done += 1
    return done
  }

  func fail(_ error: VerifyError) {
    lock.lock(); defer { lock.unlock() }
    if firstError == nil { firstError = error }
  }
}

/// Runs `body(0..<count)` on up to `jobs` threads (blocking work: each
/// chapter waits on a compiler and a program).
enum WorkerPool {
  static func run(count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Counter()
    let threads = min(jobs, count)
    let group = DispatchGroup()
    for _ in 0..<threads {
      group.enter()
      let thread = Thread {
        while let index = next.take(below: count) { body(index) }
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
      lock.lock(); defer { lock.unlock() }
      guard value < limit else { return nil }
      value += 1
      return value - 1
    }
  }
}

extension Verifier {
  /// What to check: which chapters, whether to record, how many at once.
  /// (How snippets are compiled and run is the workspace's:
  /// `Workspace.Configuration`.)
  public struct Options: Sendable {
    /// Chapters to check (file names, names without `.md`, or paths); empty: all.
    public var chapters: [String] = []
    /// Write actual outputs into output blocks.
    public var record = false
    /// Chapters checked at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Whether each knob's snippet is run at its stops (for the site's
    /// sliders); when false its knobs are reported without stops (`serve`,
    /// whose sliders run the exact value, so a save is not slowed).
    public var knobStops = true

    public init() {}
  }
}

extension Verifier {
  /// Progress, as it happens (called from worker threads, one at a time).
  public enum Event: Sendable {
    case buildingEngine(sources: String)
    case started(total: Int)
    case chapterStarted(path: String)
    case chapterFinished(ChapterReport, done: Int, total: Int)
  }
}
