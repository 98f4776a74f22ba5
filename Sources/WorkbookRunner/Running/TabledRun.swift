// TabledRun: runs a program through its literal table (LiteralTable), so
// that an edit that changes only literals starts no compiler.
//
// The program compiled is the skeleton (every tabled literal a read of its
// slot); the executable is kept in the program store under the skeleton's
// key, one per program of a chapter (its place), and replaced when the
// skeleton changes. A run writes the table beside it and names the file in
// `WORKBOOK_LITERALS`. The result is the compiled program's only when
// nothing could tell them apart, so the table's run is kept only when the
// skeleton compiled without a diagnostic and the run exited with status 0;
// anything else (a warning, an error, a trap, a literal that does not
// convert, a timeout) compiles the program as written and reports that
// run, with its diagnostics, traps and lines.
//
// The skeleton costs the type checker more than the program as written, so
// the first program compiled at a place is compiled as written, and the
// skeleton is built from the next one on (`compileAndRunTabled`).
import Foundation
import WorkbookModel
import WorkbookSupport

/// Where programs built from a skeleton are kept: `<place>/<skeleton key>`,
/// one executable per place (a chapter's program, an exercise's program, a
/// learner's file), and `<skeleton key>.code` when that skeleton is not
/// run through a table (it did not compile cleanly).
package struct ProgramStore: Sendable, Hashable {
  var directory: String

  /// A store in `directory` (a folder of this run's own, when there is no cache).
  package init(directory: String) {
    self.directory = directory
  }

  /// `<cache>/programs`, beside the result cache's `<cache>/results`.
  package init(beside cache: ResultCache) {
    directory = (cache.directory as NSString).deletingLastPathComponent + "/programs"
  }

  /// The folder of one place (a hash of its name: names hold any character).
  func folder(_ place: String) -> String {
    var hasher = ContentHasher()
    hasher.add("place", place)
    return directory + "/" + hasher.finalize().prefix(32)
  }

  /// Makes the folder of one place (and the store), private: the store
  /// holds programs this tool runs.
  func makeFolder(_ place: String) throws {
    try Files.makePrivateDirectory(directory)
    try Files.makePrivateDirectory(folder(place))
  }
}

extension ResultCache {
  /// The key a built skeleton is kept under: what every key starts with
  /// (engine, compiler, flags, settings) and the program's two files.
  static func skeletonKey(_ program: ProgramSource, settings: RunSettings) -> String {
    var hasher = hasher(format: format + "-skeleton", settings: settings)
    hasher.add("main", program.main)
    hasher.add("prelude", program.prelude)
    return hasher.finalize()
  }
}

extension ChapterRunner {
  /// `compileAndRun(program, …, run: true, …)`, through the literal table
  /// when the runner has a program store: the skeleton already built for
  /// `place` runs with this program's table, else the skeleton is built
  /// and kept; a run that could differ from the compiled program's (see
  /// the file's header) is replaced by the compiled program's run.
  ///
  /// The skeleton costs the type checker more than the program as written
  /// (each literal a generic read: about twice the constraint scopes, a
  /// tenth more compile time), so it is built only where a literal edit
  /// can follow. The first program compiled at a place (a chapter verify
  /// has not seen, a CI shard's) is compiled as written, and the place is
  /// marked seen; from the next program there on (the chapter is being
  /// edited), the skeleton is built. With `skeletonsInBackground` (step,
  /// serve), the first program's skeleton is built in the background once
  /// its result is back, so the first literal edit is already without a
  /// compiler.
  ///
  /// - Parameters:
  ///   - place: Names the program among the book's (its chapter and
  ///     task): the store keeps one executable per place. Nil: compiled
  ///     as written.
  ///   - needsSkeleton: Whether the skeleton is built from the first
  ///     program (a chapter with knobs: its stops run the skeleton).
  package func compileAndRunTabled(_ program: ProgramSource, place: String?, in directory: String, map: SourceMap,
                           defaultSnippet: Int?, locatesTraps: Bool = true,
                           needsSkeleton: Bool = false) throws(VerifyError) -> ProgramRun {
    func asWritten() throws(VerifyError) -> ProgramRun {
      try compileAndRun(program, in: directory, map: map, run: true, defaultSnippet: defaultSnippet,
                        locatesTraps: locatesTraps)
    }
    guard let store = programStore, let place, let (skeleton, table) = LiteralTable.tabled(program) else {
      return try asWritten()
    }
    if needsSkeleton || Files.isDirectory(store.folder(place)) {
      if let run = try runTabled(skeleton, table: table, place: place, store: store, in: directory + "-tabled",
                                 defaultSnippet: defaultSnippet) {
        return run
      }
      return try asWritten()
    }
    let run = try asWritten()
    // Seen: the next program compiled here is built from its skeleton.
    guard (try? store.makeFolder(place)) != nil else { return run }
    if skeletonsInBackground && run.compiled && run.diagnostics.isEmpty && run.termination == .exited(0) {
      buildInBackground(skeleton, place: place, store: store)
    }
    return run
  }

  /// The skeleton's run with `table`, building it first when the store
  /// does not hold it; nil when the compiled program must be run instead.
  private func runTabled(_ skeleton: ProgramSource, table: LiteralTable, place: String, store: ProgramStore,
                         in directory: String, defaultSnippet: Int?) throws(VerifyError) -> ProgramRun? {
    guard let executable = try buildSkeleton(skeleton, place: place, store: store, in: directory) else { return nil }
    let literals = directory + "/literals"
    do {
      try Files.createDirectory(directory)
      try Files.writeAtomically(table.fileContents, to: literals)
    } catch {
      return nil
    }
    // Run through a link in the run's own folder, so that the process's
    // command line names the run as a compiled program's does (`ps`, and
    // the tests that look for a run's program, see where it belongs).
    let program = directory + "/program"
    try? FileManager.default.removeItem(atPath: program)
    guard symlink(executable, program) == 0 else { return nil }
    let secret = Self.newSecret()
    let splitter = OutputSplitter(cap: settings.outputCap, secret: secret, expected: skeleton.markerOrder,
                                  defaultSnippet: defaultSnippet)
    guard let result = try? execute(program, in: directory, splitter: splitter, secret: secret,
                                    backtrace: "enable=no", stderrCap: 64 * 1024, literals: literals)
    else { return nil }
    if result.termination == .interrupted { throw .interrupted }
    // A clean exit is the compiled program's run. So is a timeout: the
    // program as written would run as long (running it again would only
    // double the wait), and neither has a trap line to map.
    guard result.termination == .exited(0) || result.termination == .timedOut else { return nil }
    splitter.finish()
    var run = ProgramRun()
    run.compiled = true
    run.ran = true
    run.termination = result.termination
    run.outputs = splitter.snippetOutputs()
    run.lastStartedSnippet = splitter.lastStarted
    run.channelProblems = splitter.problems
    run.stderrTail = String(Self.withoutStackTrace(String(decoding: result.stderr, as: UTF8.self)).suffix(4000))
    return run
  }

  /// The store's executable of `skeleton` at `place`, built (in
  /// `directory`) when the store does not hold it; nil when the skeleton
  /// is not run through a table (it did not compile cleanly) or the store
  /// cannot be used. One build of a skeleton at a time in this process:
  /// a second waits for the first and uses what it built.
  private func buildSkeleton(_ skeleton: ProgramSource, place: String, store: ProgramStore,
                             in directory: String) throws(VerifyError) -> String? {
    let key = ResultCache.skeletonKey(skeleton, settings: settings)
    let folder = store.folder(place)
    let executable = folder + "/" + key
    let code = executable + ".code"
    // The store holds programs this tool runs: only a folder no one else
    // can change (as every cache folder), else compile as written.
    guard (try? store.makeFolder(place)) != nil else { return nil }
    try SkeletonBuilds.shared.once(executable) { () throws(VerifyError) in
      guard !Files.exists(executable), !Files.exists(code), (try? Files.createDirectory(directory)) != nil else { return }
      let (main, prelude) = try write(skeleton, in: directory)
      let partial = executable + ".partial-" + Self.newSecret()
      let built = try build(main: main, prelude: prelude, in: directory, executable: partial, lineTables: false)
      let said = String(decoding: built.compiler.stderr + built.compiler.stdout, as: UTF8.self)
      guard built.compiler.termination == .exited(0), built.linkErrors == nil,
        !said.contains("warning:"), !said.contains("error:")
      else {
        try? FileManager.default.removeItem(atPath: partial)
        try? Files.writeAtomically([], to: code)
        return
      }
      guard rename(partial, executable) == 0 else { return }
      // One executable per place: the skeletons it replaces go.
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != key {
        try? FileManager.default.removeItem(atPath: folder + "/" + name)
      }
    }
    return Files.exists(executable) && !Files.exists(code) ? executable : nil
  }

  /// Builds `skeleton` at `place` on a thread of its own, in a slot of
  /// `CompileSlots` (a compile like any other), after the program as
  /// written has given its result.
  private func buildInBackground(_ skeleton: ProgramSource, place: String, store: ProgramStore) {
    let runner = self
    let thread = Thread {
      guard let work = try? Files.makeTemporaryDirectory(prefix: "workbook-verify") else { return }
      defer { Files.removeTemporaryDirectory(work) }
      let build: @Sendable () -> Result<Void, VerifyError> = {
        Result { () throws(VerifyError) in
          _ = try runner.buildSkeleton(skeleton, place: place, store: store, in: work + "/skeleton")
        }
      }
      _ = CompileSlots.shared.runAll([build])
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// The skeleton builds under way in this process, by executable.
private final class SkeletonBuilds: @unchecked Sendable {
  static let shared = SkeletonBuilds()
  private let condition = NSCondition()
  private var building: Set<String> = []

  /// Runs `build`, or, while another thread builds `executable`, waits
  /// for it to end.
  func once(_ executable: String, _ build: () throws(VerifyError) -> Void) throws(VerifyError) {
    condition.lock()
    guard !building.contains(executable) else {
      while building.contains(executable) { condition.wait() }
      condition.unlock()
      return
    }
    building.insert(executable)
    condition.unlock()
    defer {
      condition.lock()
      building.remove(executable)
      condition.broadcast()
      condition.unlock()
    }
    try build()
  }
}
