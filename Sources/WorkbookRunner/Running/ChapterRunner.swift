// ChapterRunner: compiles and runs one chapter: the chapter program (one
// compiler invocation), each compile-fail snippet's type check, and each
// exercise program.
import Foundation
import WorkbookModel
import WorkbookSupport

/// Settings for compiling and running.
package struct RunSettings: Sendable {
  package var toolchain: Toolchain
  package var engine: EngineBuild
  package var pipeline: CompilerPipeline
  /// Seconds a program may run.
  package var timeout: Double
  /// Seconds a compilation may take.
  package var compileTimeout: Double = 600
  /// Bytes of standard output kept per snippet.
  package var outputCap: Int
  /// The shared clang module cache.
  package var moduleCache: String
  /// The engine's source folder (for the report's engine identity).
  package var engineSources: String? = nil
  /// The Swift language mode programs are compiled in (the book's `site.json`).
  package var languageMode = SwiftLanguageMode.v5
  /// The device every program starts on (`site.json`); nil: the engine's default.
  package var device: String?
  /// Whether Reduce Motion is on when every program starts (`site.json`).
  package var reduceMotion = false

  package init(toolchain: Toolchain, engine: EngineBuild, pipeline: CompilerPipeline,
              timeout: Double, outputCap: Int, moduleCache: String) {
    self.toolchain = toolchain
    self.engine = engine
    self.pipeline = pipeline
    self.timeout = timeout
    self.outputCap = outputCap
    self.moduleCache = moduleCache
  }
}

/// What one of a chapter's compilations produced.
package enum ChapterTaskResult: Sendable {
  case program(ProgramRun)
  case noRun(ProgramRun)
  case compileFail(CompileFailRun)
  case standalone(StandaloneRun)
}

/// Limits the compilations (and program runs) running at once in this
/// process to the number of cores, however many chapters are checked at
/// once and however many programs each has.
package final class CompileSlots: @unchecked Sendable {
  package static let shared = CompileSlots(count: ProcessInfo.processInfo.activeProcessorCount)
  private let condition = NSCondition()
  private var free: Int

  package init(count: Int) { free = max(1, count) }

  /// Runs every task (the first on the calling thread, the others on
  /// threads of their own), each while holding a slot, and returns their
  /// results in task order.
  package func runAll<T: Sendable>(_ tasks: [@Sendable () -> Result<T, VerifyError>]) -> [Result<T, VerifyError>] {
    let results = Results<T>(count: tasks.count)
    let group = DispatchGroup()
    for index in tasks.indices.dropFirst() {
      group.enter()
      let thread = Thread { [self] in
        results.set(index, withSlot(tasks[index]))
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    if let first = tasks.first { results.set(0, withSlot(first)) }
    group.wait()
    return results.all()
  }

  private func withSlot<T>(_ task: () -> Result<T, VerifyError>) -> Result<T, VerifyError> {
    condition.lock()
    while free == 0 { condition.wait() }
    free -= 1
    condition.unlock()
    defer {
      condition.lock()
      free += 1
      condition.signal()
      condition.unlock()
    }
    return task()
  }

  private final class Results<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<T, VerifyError>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<T, VerifyError>) { lock.lock(); values[index] = value; lock.unlock() }
    func all() -> [Result<T, VerifyError>] { lock.lock(); defer { lock.unlock() }; return values.map { $0! } }
  }
}

package struct ChapterRunner: Sendable {
  package var settings: RunSettings
  package var builder: ProgramBuilder
  /// Where each program's run is kept (`ResultCache.programKey`); nil:
  /// every program is compiled.
  package var programCache: ResultCache? = nil
  /// Where programs built from their skeleton are kept, so that a program
  /// whose edit changed only literals runs with a new table and is not
  /// compiled (`compileAndRunTabled`); nil: every program is compiled.
  package var programStore: ProgramStore? = nil
  /// Whether a program first compiled as written has its skeleton built
  /// in the background after its result (`compileAndRunTabled`).
  package var skeletonsInBackground = false

  /// Every command this runner starts (compilers, linkers, programs with
  /// their `SWIFT_BACKTRACE`), when set: a seam for tests.
  package var commandLog: CommandLog? = nil

  /// The module name of snippet programs (it shows in runtime trap
  /// locations as `WorkbookChapter/02-fade.md:12`).
  package static let moduleName = "WorkbookChapter"

  package init(settings: RunSettings, builder: ProgramBuilder = ProgramBuilder()) {
    self.settings = settings
    self.builder = builder
  }

  package init(settings: RunSettings, builder: ProgramBuilder = ProgramBuilder(), programCache: ResultCache?) {
    self.init(settings: settings, builder: builder)
    self.programCache = programCache
  }

  /// Compiles and runs everything in the chapter that is checked.
  ///
  /// - Throws: `VerifyError.interrupted` when verify is interrupted.
  package func run(_ translated: TranslatedChapter) throws(VerifyError) -> ChapterRun {
    let chapter = translated.chapter
    let work: String
    do {
      work = try Files.makeTemporaryDirectory(prefix: "workbook-verify")
    } catch {
      throw .temporaryFolderUnwritable(path: Files.temporaryBase, reason: Files.reason(error))
    }
    defer { Files.removeTemporaryDirectory(work) }
    let map = SourceMap(chapter: chapter)
    // The chapter program, the no-run type check, each compile-fail check
    // and each exercise program are independent: they run at once, as
    // many at a time as there are cores in the whole process
    // (`CompileSlots`), so an edited chapter with exercises takes the time
    // of its longest program, not of all of them.
    var tasks: [@Sendable () -> Result<ChapterTaskResult, VerifyError>] = []
    let runSnippets = chapter.snippets.filter { $0.kind == .run }
    func key(_ task: String, _ snippets: [Chapter.Snippet]) -> String? {
      programCache == nil ? nil : ResultCache.programKey(task: task, snippets: snippets, chapter: translated,
                                                         settings: settings)
    }
    // A chapter of listings: the program first, so that the compile-fail
    // checks see the snippets before them as it does (`isolate`).
    var isolation = Isolation()
    var isolated: ProgramRun? = nil
    if chapter.isListings, !runSnippets.isEmpty {
      let key = key("listings", runSnippets)
      let task: @Sendable () -> Result<ProgramRun, VerifyError> = {
        Result { () throws(VerifyError) -> ProgramRun in
          try cached(key) { () throws(VerifyError) in try isolate(translated, in: work + "/chapter", map: map) }
        }
      }
      let run = try CompileSlots.shared.runAll([task])[0].get()
      isolation = run.isolation ?? Isolation()
      isolated = run
    }
    if let last = runSnippets.last, isolated == nil {
      let program = builder.chapterProgram(translated)
      let key = key("program", runSnippets)
      // A program cut short (a knob's run stops after its snippet) is kept
      // apart from the whole program: each is built once.
      let place = chapter.fileName + "#program-to-\(last.index)"
      // A knob's stops run the chapter's skeleton with their values.
      let hasKnobs = chapter.snippets.contains { !$0.knobs.isEmpty }
      tasks.append {
        Result { () throws(VerifyError) -> ChapterTaskResult in
          let run = try cached(key) { () throws(VerifyError) in
            try compileAndRunTabled(program, place: place, in: work + "/chapter", map: map, defaultSnippet: nil,
                                    needsSkeleton: hasKnobs)
          }
          return .program(run)
        }
      }
    }
    if let program = builder.noRunProgram(translated) {
      // Type-checked only: no-run code is never linked, so it never runs.
      let key = key("no-run", chapter.snippets.filter { $0.kind == .run || $0.kind == .noRun })
      tasks.append {
        Result { () throws(VerifyError) -> ChapterTaskResult in
          let run = try cached(key) { () throws(VerifyError) in
            try typecheck(program, in: work + "/no-run", map: map)
          }
          return .noRun(run)
        }
      }
    }
    for snippet in chapter.snippets {
      switch snippet.kind {
      case .compileFail:
        // A listing's `// Error` may mark a run-time error (an exclusivity
        // conflict, an index out of range): compiled and run, not only
        // type-checked.
        let runs = chapter.isListings && !snippet.errorLines.isEmpty
        let program = builder.compileFailProgram(snippet, in: translated, isolation: isolation, runs: runs)
        let before = runSnippets.filter { $0.index < snippet.index && !isolation.excluded.contains($0.index) }
        let scoped = isolation.scoped.filter { $0 < snippet.index }.sorted().map(String.init).joined(separator: ",")
        let key = key((runs ? "expected-error" : "compile-fail") + (scoped.isEmpty ? "" : " scoped " + scoped),
                      before + [snippet])
        tasks.append {
          Result { () throws(VerifyError) -> ChapterTaskResult in
            let directory = work + "/compile-fail-\(snippet.index)"
            let run = try cached(key) { () throws(VerifyError) in
              runs ? try compileAndRun(program, in: directory, map: map, run: true, defaultSnippet: nil)
                : try typecheck(program, in: directory, map: map)
            }
            let trap = run.lastStartedSnippet == snippet.index ? run.crash : nil
            return .compileFail(CompileFailRun(snippet: snippet.index, diagnostics: run.diagnostics,
                                               compiled: run.compiled, trap: trap))
          }
        }
      case .exerciseStarter, .exerciseSolution:
        let program = builder.standaloneProgram(snippet, in: translated)
        // A starter's trap is its symptom, compared by message: its line is never shown.
        let isStarter: Bool
        if case .exerciseStarter = snippet.kind { isStarter = true } else { isStarter = false }
        let key = key("standalone", [snippet])
        tasks.append {
          Result { () throws(VerifyError) -> ChapterTaskResult in
            let run = try cached(key) { () throws(VerifyError) in
              // A starter usually traps (its symptom), and a trap is never a table's run: compiled as written.
              try compileAndRunTabled(program, place: isStarter ? nil : chapter.fileName + "#standalone-\(snippet.index)",
                                      in: work + "/standalone-\(snippet.index)", map: map,
                                      defaultSnippet: snippet.index, locatesTraps: !isStarter)
            }
            return .standalone(StandaloneRun(snippet: snippet.index, run: run))
          }
        }
      default:
        break
      }
    }
    var result = ChapterRun()
    result.program = isolated
    // In task order, so the result does not depend on which ended first.
    for outcome in CompileSlots.shared.runAll(tasks) {
      switch try outcome.get() {
      case .program(let run): result.program = run
      case .noRun(let run): result.noRun = run
      case .compileFail(let run): result.compileFail.append(run)
      case .standalone(let run): result.standalone.append(run)
      }
    }
    return result
  }

  /// The program of a chapter of listings (`Chapter.isListings`): compiled
  /// and run as written when it compiles. When it does not, each snippet
  /// with an error is set apart and the program compiled again, until it
  /// compiles: a snippet that redeclares an earlier snippet's names gets
  /// a scope of its own (`Isolation.scoped`) first (and alone in its round:
  /// the errors the redeclaration causes elsewhere go with it); any other,
  /// or one that still fails in its scope, is left out
  /// (`Isolation.excluded`), its errors kept in the run's diagnostics.
  ///
  /// A program that compiles and stops while a snippet runs (a trap, a
  /// non-zero exit, the timeout) sets that snippet apart too, its run kept
  /// (`ProgramRun.stoppedRuns`), and runs again without it, so the listings
  /// after it run; a snippet that compiled before and no longer does uses
  /// what the stopped one declares, and is left out as not run
  /// (`Isolation.needing`). Each round sets at least one snippet apart, so
  /// there are at most twice as many rounds as snippets.
  package func isolate(_ translated: TranslatedChapter, in directory: String, map: SourceMap) throws(VerifyError) -> ProgramRun {
    var isolation = Isolation()
    var setApart: [Diagnostic] = []
    var stoppedRuns: [ProgramRun] = []
    // The snippets of the last program that compiled.
    var compiledSnippets: Set<Int> = []
    // Compiled as written first, at the place the chapter program has (`run`).
    let runSnippets = translated.chapter.snippets.filter { $0.kind == .run }.map(\.index)
    var run = try compileAndRunTabled(builder.chapterProgram(translated),
                                      place: translated.chapter.fileName + "#program-to-\(runSnippets.last ?? 0)",
                                      in: directory, map: map, defaultSnippet: nil)
    var round = 0
    while true {
      if run.compiled {
        compiledSnippets = Set(runSnippets).subtracting(isolation.excluded)
        guard run.stopped, let stopped = run.lastStartedSnippet else { break }
        stoppedRuns.append(run)
        isolation.excluded.insert(stopped)
        isolation.scoped.remove(stopped)
      } else {
        let errors = run.diagnostics.filter { $0.severity == .error }
        let broken = Set(errors.compactMap(\.snippet)).subtracting(isolation.excluded)
        guard !broken.isEmpty else { break }
        // A snippet that compiled in the program before a stopped one was
        // left out needs what that one declares.
        let needing = broken.intersection(compiledSnippets)
        // A redeclared type makes its name ambiguous everywhere, in the
        // snippets before the redeclaration too: when a snippet redeclares,
        // that is all this round changes.
        func redeclares(_ index: Int) -> Bool {
          !isolation.scoped.contains(index) && errors.contains { $0.snippet == index && $0.message.hasPrefix("invalid redeclaration") }
        }
        let redeclaring = broken.subtracting(needing).filter(redeclares)
        for index in !needing.isEmpty ? needing : redeclaring.isEmpty ? broken : redeclaring {
          if needing.contains(index), let stopped = stoppedRuns.last?.lastStartedSnippet {
            isolation.excluded.insert(index)
            isolation.needing[index] = stopped
          } else if redeclares(index) {
            isolation.scoped.insert(index)
          } else {
            isolation.excluded.insert(index)
            isolation.scoped.remove(index)
            setApart += run.diagnostics.filter { $0.snippet == index }
          }
        }
      }
      round += 1
      run = try compileAndRun(builder.chapterProgram(translated, isolation: isolation), in: directory + "-\(round)",
                              map: map, run: true, defaultSnippet: nil)
    }
    guard !isolation.excluded.isEmpty || !isolation.scoped.isEmpty else { return run }
    run.diagnostics = setApart + run.diagnostics
    run.isolation = isolation
    run.stoppedRuns = stoppedRuns
    return run
  }

  /// `compile()`'s run, from the program cache when it holds one for
  /// `key`; a run worth keeping (not timed out, not a broken toolchain) is
  /// stored there.
  private func cached(_ key: String?, _ compile: () throws(VerifyError) -> ProgramRun) throws(VerifyError) -> ProgramRun {
    guard let cache = programCache, let key else { return try compile() }
    if let hit = cache.loadProgram(key) { return hit }
    let run = try compile()
    if run.isCacheable && run.toolchainFailure == nil { cache.storeProgram(run, key: key) }
    return run
  }

  /// Standard error without the runtime's stack trace (addresses differ
  /// from run to run) and without the trap line (reported on its own).
  package static func withoutStackTrace(_ stderr: String) -> String {
    var kept: [Substring] = []
    for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("Current stack trace:") || line.hasPrefix("*** Signal") { break }
      if line.contains(": Fatal error") || line.hasPrefix("Fatal error") || line.contains(": Precondition failed")
        || line.hasPrefix("Precondition failed") || line.contains(": Assertion failed") || line.hasPrefix("Assertion failed") {
        continue
      }
      kept.append(line)
    }
    while kept.last?.isEmpty == true { kept.removeLast() }
    return kept.joined(separator: "\n")
  }

  // MARK: - Compiling

  func write(_ program: ProgramSource, in directory: String) throws(VerifyError) -> (String, String) {
    let main = directory + "/main.swift"
    let prelude = directory + "/WorkbookPrelude.swift"
    do {
      try Files.createDirectory(directory)
      try Files.writeAtomically(Array(program.main.utf8), to: main)
      try Files.writeAtomically(Array(program.prelude.utf8), to: prelude)
    } catch {
      throw .cacheUnwritable(path: directory, reason: Files.reason(error))
    }
    return (main, prelude)
  }

  private func invoke(_ executable: String, _ arguments: [String], in directory: String,
                      timeout: Double) throws(VerifyError) -> ChildResult {
    commandLog?.append([executable] + arguments)
    do {
      let result = try ChildProcess.run(executable, arguments, directory: directory, timeout: timeout)
      if result.termination == .interrupted { throw VerifyError.interrupted }
      return result
    } catch let error as VerifyError {
      throw error
    } catch {
      return ChildResult(termination: .exited(127), stdout: [], stderr: Array("\(error)".utf8),
                         droppedStdout: 0, duration: 0)
    }
  }

  package func typecheck(_ program: ProgramSource, in directory: String, map: SourceMap) throws(VerifyError) -> ProgramRun {
    let (main, prelude) = try write(program, in: directory)
    let toolchain = settings.toolchain
    let result: ChildResult
    switch settings.pipeline {
    case .direct:
      result = try invoke(toolchain.frontend, toolchain.frontendArguments(
        main: main, prelude: prelude, moduleName: Self.moduleName, engine: settings.engine,
        moduleCache: settings.moduleCache, languageMode: settings.languageMode, output: nil), in: directory, timeout: settings.compileTimeout)
    case .driver:
      result = try invoke(toolchain.swiftc, toolchain.driverArguments(
        main: main, prelude: prelude, moduleName: Self.moduleName, engine: settings.engine,
        moduleCache: settings.moduleCache, languageMode: settings.languageMode, output: nil), in: directory, timeout: settings.compileTimeout)
    }
    var run = ProgramRun()
    let text = String(decoding: result.stderr + result.stdout, as: UTF8.self)
    run.diagnostics = DiagnosticParser.parse(text, map: map, snippets: program.snippetIndexes)
    run.compiled = result.termination == .exited(0)
    if !run.compiled && !run.diagnostics.contains(where: { $0.severity == .error }) {
      run.otherErrors = text
    }
    return run
  }

  /// Compiles `program` and runs it (when `shouldRun`). A program that
  /// traps outside every snippet (in the engine, say) and `locatesTraps` is
  /// compiled once more with line tables and run again under the runtime's
  /// backtracer, to find the snippet line the trap came from
  /// (`TrapBacktrace`); the result is this one run's.
  ///
  /// - Parameters:
  ///   - locatesTraps: False for an exercise's starter, whose trap is its
  ///     symptom (compared by message) and is never shown at a line.
  ///   - keepsInterruptedRun: True to return a program stopped by Ctrl-C
  ///     with what it printed (termination `.interrupted`) instead of
  ///     throwing (`workbook run` shows it).
  /// - Throws: `VerifyError.interrupted` when interrupted (while compiling,
  ///   or while running unless `keepsInterruptedRun`).
  package func compileAndRun(_ program: ProgramSource, in directory: String, map: SourceMap, run shouldRun: Bool,
                             defaultSnippet: Int?, locatesTraps: Bool = true,
                             keepsInterruptedRun: Bool = false) throws(VerifyError) -> ProgramRun {
    let (main, prelude) = try write(program, in: directory)
    let executable = directory + "/program"
    var run = ProgramRun()
    let built = try build(main: main, prelude: prelude, in: directory, executable: executable, lineTables: false)
    let text = String(decoding: built.compiler.stderr + built.compiler.stdout, as: UTF8.self)
    run.diagnostics = DiagnosticParser.parse(text, map: map, snippets: program.snippetIndexes)
    guard built.compiler.termination == .exited(0) else {
      if !run.diagnostics.contains(where: { $0.severity == .error }) { run.otherErrors = text }
      return run
    }
    if let linkErrors = built.linkErrors {
      run.otherErrors = linkErrors
      return run
    }
    run.compiled = true
    guard shouldRun else { return run }

    let secret = Self.newSecret()
    let splitter = OutputSplitter(cap: settings.outputCap, secret: secret, expected: program.markerOrder,
                                  defaultSnippet: defaultSnippet)
    let result: ChildResult
    do {
      result = try execute(executable, in: directory, splitter: splitter, secret: secret, backtrace: "enable=no",
                           stderrCap: 64 * 1024)
    } catch {
      run.otherErrors = "\(error)"
      return run
    }
    if result.termination == .interrupted && !keepsInterruptedRun { throw .interrupted }
    splitter.finish()
    run.ran = true
    run.termination = result.termination
    run.outputs = splitter.snippetOutputs()
    run.lastStartedSnippet = splitter.lastStarted
    run.channelProblems = splitter.problems
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    run.stderrTail = String(Self.withoutStackTrace(stderr).suffix(4000))
    switch result.termination {
    case .exited(0), .timedOut, .interrupted:
      break
    case .exited, .signaled:
      var crash = DiagnosticParser.crash(in: stderr, termination: result.termination, map: map,
                                         snippets: program.snippetIndexes)
      // A trap (a signal, not an exit status) the runtime placed outside
      // every snippet: the backtrace tells the snippet line.
      if case .signaled = result.termination, crash.snippet == nil, locatesTraps {
        let frames = try trapFrames(main: main, prelude: prelude, in: directory + "/traced", program: program,
                                    map: map, defaultSnippet: defaultSnippet)
        crash.runningLineOffsets = frames.filter { $0.snippet == run.lastStartedSnippet }.map(\.lineOffset)
        if let innermost = frames.first {
          crash.snippet = innermost.snippet
          crash.lineOffset = innermost.lineOffset
          // Called from another snippet (a function an earlier one
          // declared): the line of the running snippet that called it.
          if innermost.snippet != run.lastStartedSnippet,
            let caller = frames.first(where: { $0.snippet == run.lastStartedSnippet })
          {
            crash.callerLineOffset = caller.lineOffset
          }
        }
      }
      run.crash = crash
    }
    return run
  }

  /// The snippet lines a trap came from, innermost first
  /// (`TrapBacktrace.snippetFrames`): `main` and `prelude` compiled with
  /// line tables into `directory`, run under the backtracer; empty when
  /// that does not compile, does not trap again or the backtracer says
  /// nothing readable (no backtracer in the toolchain, say). The program's
  /// limits apply to the second run too.
  private func trapFrames(main: String, prelude: String, in directory: String, program: ProgramSource, map: SourceMap,
                          defaultSnippet: Int?) throws(VerifyError) -> [(snippet: Int, lineOffset: Int)] {
    do {
      try Files.createDirectory(directory)
    } catch {
      return []
    }
    let executable = directory + "/program"
    let built = try build(main: main, prelude: prelude, in: directory, executable: executable, lineTables: true)
    guard built.compiler.termination == .exited(0), built.linkErrors == nil else { return [] }
    let secret = Self.newSecret()
    let splitter = OutputSplitter(cap: settings.outputCap, secret: secret, expected: program.markerOrder,
                                  defaultSnippet: defaultSnippet)
    guard let result = try? execute(executable, in: directory, splitter: splitter, secret: secret,
                                    backtrace: TrapBacktrace.environment, stderrCap: 1 << 20)
    else { return [] }
    if result.termination == .interrupted { throw .interrupted }
    guard case .signaled = result.termination else { return [] }
    return TrapBacktrace.snippetFrames(in: result.stderr, map: map, snippets: program.snippetIndexes)
  }

  /// A new secret for a run's output channel.
  static func newSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "x")
  }

  /// Runs a compiled program with its output channel's secret on
  /// descriptor 3 and `SWIFT_BACKTRACE` set to `backtrace`.
  func execute(_ executable: String, in directory: String, splitter: OutputSplitter, secret: String,
               backtrace: String, stderrCap: Int, literals: String? = nil) throws(ChildProcessError) -> ChildResult {
    // Swift seeds Set and Dictionary hashing per process: without this a
    // snippet that iterates one (or engine code that does) could print
    // differently on every run.
    var environment = ["SWIFT_BACKTRACE": backtrace, "SWIFT_DETERMINISTIC_HASHING": "1"]
    // The literal table's file, for a program built from its skeleton (`LiteralTable`).
    if let literals { environment[LiteralTable.variable] = literals }
    // The book's device settings, which the prelude applies at start.
    if let device = settings.device { environment[ProgramBuilder.deviceVariable] = device }
    if settings.reduceMotion { environment[ProgramBuilder.reduceMotionVariable] = "1" }
    commandLog?.append([executable] + environment.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value })
    return try ChildProcess.run(
      executable, [], directory: directory, environment: environment,
      timeout: settings.timeout, stdoutCap: 0, stderrCap: stderrCap, sink: splitter,
      secret: Array(secret.utf8))
  }

  /// What building a program gave: the compiler's result, and the link's
  /// errors when it compiled but did not link.
  struct Built {
    var compiler: ChildResult
    var linkErrors: String? = nil
  }

  /// Compiles (and links) `main` and `prelude` into `executable`, with the
  /// object files in `directory`.
  func build(main: String, prelude: String, in directory: String, executable: String,
             lineTables: Bool) throws(VerifyError) -> Built {
    let toolchain = settings.toolchain
    switch settings.pipeline {
    case .direct:
      let object = directory + "/program.o"
      let compile = try invoke(toolchain.frontend, toolchain.frontendArguments(
        main: main, prelude: prelude, moduleName: Self.moduleName, engine: settings.engine,
        moduleCache: settings.moduleCache, languageMode: settings.languageMode, output: object, lineTables: lineTables),
        in: directory, timeout: settings.compileTimeout)
      guard compile.termination == .exited(0) else { return Built(compiler: compile) }
      // The libraries the object asks for: read from it, or (an object
      // this code cannot read) by swift-autolink-extract.
      var extract: ChildResult? = nil
      let autolink: [String]
      if let flags = Files.read(object).flatMap(AutolinkEntries.flags(in:)) {
        autolink = flags
      } else {
        let file = directory + "/program.autolink"
        extract = try invoke(toolchain.autolinkExtract, [object, "-o", file], in: directory,
                             timeout: settings.compileTimeout)
        autolink = ["@" + file]
      }
      let link: ChildResult
      if let extract, extract.termination != .exited(0) {
        link = extract
      } else {
        let command = toolchain.linkCommand(object: object, autolink: autolink, engine: settings.engine,
                                            output: executable)
        link = try invoke(command.executable, command.arguments, in: directory, timeout: settings.compileTimeout)
      }
      guard link.termination == .exited(0) else {
        return Built(compiler: compile, linkErrors: String(decoding: link.stderr + link.stdout, as: UTF8.self))
      }
      return Built(compiler: compile)
    case .driver:
      let compile = try invoke(toolchain.swiftc, toolchain.driverArguments(
        main: main, prelude: prelude, moduleName: Self.moduleName, engine: settings.engine,
        moduleCache: settings.moduleCache, languageMode: settings.languageMode, output: executable, lineTables: lineTables),
        in: directory, timeout: settings.compileTimeout)
      return Built(compiler: compile)
    }
  }
}

/// The commands a `ChapterRunner` started, in order (each: the executable,
/// then its arguments).
package final class CommandLog: @unchecked Sendable {
  private let lock = NSLock()
  private var commands: [[String]] = []

  package func append(_ command: [String]) {
    lock.lock()
    commands.append(command)
    lock.unlock()
  }

  package var all: [[String]] {
    lock.lock()
    defer { lock.unlock() }
    return commands
  }
}
