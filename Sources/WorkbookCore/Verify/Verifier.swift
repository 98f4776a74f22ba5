// Verifier: `workbook verify` as a library call. Finds the book and the
// engine, builds the engine if needed, then checks chapters in parallel
// (each chapter: parse, cache lookup, compile and run, evaluate, record).
import Foundation

/// What to verify and how.
public struct VerifyOptions: Sendable {
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
  /// The cache folder; nil: `<package>/.build/workbook` (or `.workbook`
  /// next to the book when there is no package).
  public var cacheDirectory: String? = nil
  /// Where engine builds live; nil: `<cacheDirectory>/`.
  public var engineCacheDirectory: String? = nil
  /// Use (and fill) the result cache.
  public var useCache = true
  public var pipeline: CompilerPipeline = .direct

  public init() {}
}

/// Progress, as it happens (called from worker threads, one at a time).
public enum VerifyEvent: Sendable {
  case buildingEngine(sources: String)
  case started(total: Int)
  case chapterStarted(path: String)
  case chapterFinished(ChapterReport, done: Int, total: Int)
}

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
  public var options: VerifyOptions

  public init(options: VerifyOptions) {
    self.options = options
  }

  /// Runs verify.
  ///
  /// - Parameter progress: Receives events as chapters finish.
  /// - Returns: The report; failures in the book are findings in it.
  /// - Throws: `VerifyError` for setup problems (missing book, no engine, …).
  public func run(progress: @escaping @Sendable (VerifyEvent) -> Void = { _ in }) throws(VerifyError) -> VerifyReport {
    let start = monotonicSeconds()
    let book = Files.absolute(options.book)
    let paths = try chapterPaths(book: book)
    ChildProcess.endProcessesOfDeadRuns()
    Files.removeTemporaryFoldersOfDeadRuns()
    let cacheDirectory = options.cacheDirectory.map { Files.absolute($0) } ?? defaultCacheDirectory(book: book)
    do { try Files.createDirectory(cacheDirectory) } catch {
      throw .cacheUnwritable(path: cacheDirectory, reason: Files.reason(error))
    }
    let engineCache = options.engineCacheDirectory.map { Files.absolute($0) } ?? cacheDirectory
    let toolchain = try Toolchain.locate(cacheDirectory: engineCache)
    let sources = try EngineBuilder.locateSources(
      explicit: options.engineSources ?? ProcessInfo.processInfo.environment["WORKBOOK_ENGINE_SOURCES"],
      searchFrom: [book, FileManager.default.currentDirectoryPath])
    let engine = try EngineBuilder.ensureBuilt(
      sources: sources, toolchain: toolchain, cacheDirectory: engineCache,
      willBuild: { progress(.buildingEngine(sources: sources)) })
    let settings = RunSettings(
      toolchain: toolchain, engine: engine, pipeline: options.pipeline, timeout: options.timeout,
      outputCap: options.outputCap, moduleCache: engineCache + "/module-cache")
    let runner = ChapterRunner(settings: settings)
    let cache = ResultCache(directory: cacheDirectory + "/results")

    progress(.started(total: paths.count))
    let state = RunState(count: paths.count)
    let options = self.options
    WorkerPool.run(count: paths.count, jobs: max(1, options.jobs)) { index in
      if state.error != nil { return }
      progress(.chapterStarted(path: Files.display(paths[index])))
      do throws(VerifyError) {
        let report = try Self.verifyChapter(
          at: paths[index], runner: runner, cache: cache, options: options)
        let done = state.finish(index, report)
        progress(.chapterFinished(report, done: done, total: paths.count))
      } catch {
        state.fail(error)
      }
    }
    if let error = state.error { throw error }
    return VerifyReport(chapters: state.reports.compactMap { $0 }, duration: monotonicSeconds() - start,
                        engineBuilt: engine.wasBuilt)
  }

  /// Verifies one chapter file.
  static func verifyChapter(
    at path: String, runner: ChapterRunner, cache: ResultCache, options: VerifyOptions
  ) throws(VerifyError) -> ChapterReport {
    let start = monotonicSeconds()
    let display = Files.display(path)
    if let outside = Files.resolvedOutside(path, folder: (path as NSString).deletingLastPathComponent) {
      let finding = Finding(.error, .badInput, file: display, line: nil,
                            message: "The chapter is a symbolic link to '\(outside)', outside the book; "
                              + "the tool reads only files inside the book folder: copy the file in instead")
      return ChapterReport(path: display, title: nil, snippets: [], findings: [finding], cached: false,
                           recordedBlocks: 0, duration: 0)
    }
    guard let bytes = Files.read(path) else {
      let finding = Finding(.error, .badInput, file: display, line: nil, message: "Cannot read the chapter")
      return ChapterReport(path: display, title: nil, snippets: [], findings: [finding], cached: false,
                           recordedBlocks: 0, duration: 0)
    }
    let chapter = ChapterLoader.load(bytes: bytes, path: path, displayPath: display)
    guard chapter.problems.isEmpty else {
      let evaluation = Evaluator.evaluateProblems(chapter)
      return ChapterReport(path: display, title: chapter.title, snippets: evaluation.snippets,
                           findings: evaluation.findings, cached: false, recordedBlocks: 0,
                           duration: monotonicSeconds() - start)
    }
    let key = ResultCache.key(for: chapter, builder: runner.builder, settings: runner.settings)
    var cached = false
    let run: ChapterRun
    if options.useCache, let hit = cache.load(key) {
      run = hit
      cached = true
    } else {
      run = try runner.run(chapter)
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
            let fixed = Set(evaluation.changes.map(\.snippet))
            for i in snippets.indices where fixed.contains(snippets[i].index) && snippets[i].status == .failed {
              let stillFailing = findings.contains { $0.severity == .error && $0.line != nil
                && ($0.line == snippets[i].line || chapter.snippets[snippets[i].index].output?.fenceLine == $0.line) }
              if !stillFailing { snippets[i].status = .passed }
            }
          } catch {
            findings.append(Finding(.error, .record, file: display, line: nil,
                                    message: "Cannot write the chapter: \(Files.reason(error))"))
          }
        }
      }
    }
    return ChapterReport(path: display, title: chapter.title, snippets: snippets, findings: findings,
                         cached: cached, recordedBlocks: recorded, duration: monotonicSeconds() - start)
  }

  func chapterPaths(book: String) throws(VerifyError) -> [String] {
    guard Files.isDirectory(book) else { throw .bookNotFound(path: Files.display(book)) }
    let all = ((try? FileManager.default.contentsOfDirectory(atPath: book)) ?? [])
      .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { book + "/" + $0 }
    guard !all.isEmpty else { throw .bookEmpty(path: Files.display(book)) }
    guard !options.chapters.isEmpty else { return all }
    var selected: [String] = []
    for name in options.chapters {
      let absolute = Files.absolute(name)
      let match = all.first { path in
        let file = (path as NSString).lastPathComponent
        return path == absolute || file == name || file == name + ".md"
      }
      guard let match else { throw .chapterNotFound(name: name, book: Files.display(book)) }
      if !selected.contains(match) { selected.append(match) }
    }
    return selected
  }

  func defaultCacheDirectory(book: String) -> String {
    if let root = try? EngineBuilder.locateSources(explicit: nil, searchFrom: [book]) {
      let package = ((root as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
      return package + "/.build/workbook"
    }
    return (book as NSString).deletingLastPathComponent + "/.workbook"
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
