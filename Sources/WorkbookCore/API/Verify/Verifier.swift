// Verifier: `workbook verify` as a library call. Finds the book and the
// engine, builds the engine if needed, then checks chapters in parallel
// (each chapter: parse, cache lookup, compile and run, evaluate, record).
import Foundation

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

public struct Verifier: Sendable {
  public var options: Verifier.Options

  public init(options: Verifier.Options) {
    self.options = options
  }

  /// Runs verify and returns the report (see `verify(progress:)`).
  public func run(progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }) throws(VerifyError) -> VerifyReport {
    try verify(progress: progress).report
  }

  /// Loads the book (`options.book`, the chapters in `options.chapters`)
  /// and verifies it.
  ///
  /// - Parameter progress: Receives events as chapters finish.
  /// - Returns: The verified book; failures in the book are findings in it.
  /// - Throws: `VerifyError` for setup problems (missing book, no engine, …).
  public func verify(progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }) throws(VerifyError) -> VerifiedBook {
    let workspace = Workspace(options: options)
    return try verify(try workspace.loadBook(selecting: options.chapters), in: workspace, progress: progress)
  }

  /// Verifies a loaded book: builds the engine if needed, then checks the
  /// chapters in parallel (each: cache lookup, compile and run, evaluate,
  /// record).
  ///
  /// - Parameters:
  ///   - book: The book, as `Book.load` read it.
  ///   - progress: Receives events as chapters finish.
  /// - Returns: Each chapter with its report, in the book's order.
  /// - Throws: `VerifyError` for setup problems (no engine, no cache, …).
  public func verify(_ book: Book, progress: @escaping @Sendable (Verifier.Event) -> Void = { _ in }) throws(VerifyError) -> VerifiedBook {
    try verify(book, in: Workspace(options: options, book: book.folder), progress: progress)
  }

  /// Verifies a loaded book in `workspace` (its caches, toolchain and
  /// engine; `options` still says what to check and whether to record).
  public func verify(
    _ book: Book, in workspace: Workspace, progress: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(VerifyError) -> VerifiedBook {
    let start = monotonicSeconds()
    let chapters = book.chapters
    ChildProcess.endProcessesOfDeadRuns()
    Files.removeTemporaryFoldersOfDeadRuns()
    // What a killed `--record` (SIGKILL, SIGXFSZ) left beside its chapter.
    Files.removeTemporaryFilesOfDeadRuns(named: book.temporaryFiles, in: book.folder)
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
    var chapterRunner = ChapterRunner(settings: settings, programCache: options.useCache ? cache : nil)
    // A literal-only edit runs the program built before with a new table.
    if options.useCache { chapterRunner.programStore = ProgramStore(beside: cache) }
    let runner = chapterRunner

    progress(.started(total: chapters.count))
    let state = RunState(count: chapters.count)
    let options = self.options
    WorkerPool.run(count: chapters.count, jobs: max(1, options.jobs)) { index in
      if state.error != nil { return }
      progress(.chapterStarted(path: chapters[index].displayPath))
      do throws(VerifyError) {
        let report = try Self.verifyChapter(chapters[index], runner: runner, cache: cache, options: options)
        let done = state.finish(index, report)
        progress(.chapterFinished(report, done: done, total: chapters.count))
      } catch {
        state.fail(error)
      }
    }
    if let error = state.error { throw error }
    let verified = zip(chapters, state.reports).compactMap { chapter, report in
      report.map { VerifiedChapter(chapter: chapter, report: $0) }
    }
    return VerifiedBook(book: book, chapters: verified, duration: monotonicSeconds() - start,
                        engineBuilt: engine.wasBuilt, engine: ReportEngine(settings))
  }

  /// Verifies one chapter.
  static func verifyChapter(
    _ chapter: Chapter, runner: ChapterRunner, cache: ResultCache, options: VerifyOptions
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
    let key = ResultCache.key(for: chapter, builder: runner.builder, settings: runner.settings)
    var cached = false
    let run: ChapterRun
    if options.useCache, let hit = cache.load(key) {
      run = hit
      cached = true
    } else {
      run = try runner.runRecoveringFromToolchainFailure(chapter)
      if options.useCache && run.isCacheable { cache.store(run, key: key) }
    }
    let evaluation = Evaluator.evaluate(chapter, run: run, outputCap: options.outputCap)
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
            findings = findings.enumerated().filter { !evaluation.recordableFindings.contains($0.offset) }.map(\.element)
            for i in snippets.indices where snippets[i].verdict.isFixedByRecording {
              snippets[i].verdict = .passed
            }
          } catch {
            findings.append(Finding(.error, .record, file: display, line: nil,
                                    message: "Cannot write the chapter: \(Files.reason(error))"))
          }
        }
      }
    }
    // The chapter's own warnings (it ran: it has no input errors) follow.
    return ChapterReport(path: display, title: chapter.title, snippets: snippets, findings: findings + chapter.problems,
                         cached: cached, recordedBlocks: recorded, duration: monotonicSeconds() - start)
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
  /// What to verify and how.
  public struct Options: Sendable {
    /// The book folder (`Chapters` by default).
    public var book: String = "Chapters"
    /// Chapters to check (file names, names without `.md`, or paths); empty: all.
    public var chapters: [String] = []
    /// Write actual outputs into output blocks.
    public var record = false
    /// Chapters checked at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Seconds a chapter program may run.
    public var timeout: Double = 10
    /// Bytes of standard output kept per snippet.
    public var outputCap: Int = 1 << 20
    /// The engine's sources; nil: found from the book's package.
    public var engineSources: String? = nil
    /// The cache folder; nil: results in `<package>/.build/workbook` (or
    /// `.workbook` next to the book when there is no package), the engine in
    /// the per-user cache (`EngineCache.userDirectory()`). When given, the
    /// engine is built in it too.
    public var cacheDirectory: String? = nil
    /// Where engine builds live; nil: see `cacheDirectory`.
    public var engineCacheDirectory: String? = nil
    /// Use (and fill) the result cache.
    public var useCache = true
    public var pipeline: Verifier.Options.Pipeline = .direct

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

extension Verifier.Options {
  /// How chapter programs are compiled and linked.
  public enum Pipeline: String, Sendable, Codable {
    /// `swift-frontend -c` then `clang -fuse-ld=lld`: two processes per
    /// program, no driver, the fastest linker (measured: about 0.15 s against
    /// 0.25 s for `swiftc` on a small program).
    case direct
    /// `swiftc` does everything (for toolchains where `direct` fails).
    case driver
  }
}
