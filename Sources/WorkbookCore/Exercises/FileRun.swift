// FileRun: `workbook run` as a library call — Swift files as an app has
// them (an animator, a presentation controller, a driver that uses them)
// compiled against the engine and run, with errors and traps at the files'
// own lines. The quickest answer to "does my transition work here?".
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// What running Swift files against the engine gave.
public struct FileRun: Sendable {
  /// A compiler message or a trap at a place in one of the files.
  public struct Message: Hashable, Sendable, Codable {
    public var severity: Finding.Severity
    /// The file as given (nil: generated code or the linker).
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String
    /// The offending line with a caret under the column.
    public var excerpt: [String]
  }

  /// How the program ended.
  public enum Outcome: Hashable, Sendable {
    /// It compiled, ran and exited 0.
    case finished
    /// It did not compile (see `messages`).
    case doesNotCompile
    /// It trapped or was killed by a signal (see `crash`).
    case crashed
    case timedOut
    /// Ctrl-C stopped it (see `output` for what it printed until then).
    case interrupted
    /// It exited with a status other than 0.
    case exited(Int32)
  }

  public var outcome: Outcome
  /// Errors and warnings, in the compiler's order; all of them.
  public var messages: [Message]
  /// Compiler or linker output that is not a message about a line.
  public var otherErrors: String
  /// What the program printed (published diagrams taken out).
  public var output: String
  /// The films, frames, timelines and traces it published (`DiagramChannel`).
  public var diagrams: [DiagramRecord]
  /// What UIKit would have logged (the engine's warnings, the flicker
  /// check's findings), in order.
  public var warnings: [String]
  /// The trap's message, at its place when it is in one of the files.
  public var crash: Message?
  /// The end of standard error, for a crash.
  public var stderr: String
  public var duration: Double
}

extension FileRun {
  /// The result as `workbook run` prints it: the output, the diagrams
  /// published but not printed, the warnings, the compiler's messages at
  /// their files and lines, then how the program ended. Paths under `cwd`
  /// are shown relative to it.
  public func text(relativeTo cwd: String) -> String {
    func shown(_ path: String?) -> String {
      guard let path else { return "generated code" }
      return ReportRenderer.visible(path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path)
    }
    var out = ReportRenderer.visibleLines(output)
    if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
    // Diagrams the program published but did not print.
    for diagram in diagrams where diagram.printed(in: output) == nil {
      out += "— published \(diagram.kind) —\n" + ReportRenderer.visibleLines(diagram.text)
      if !out.hasSuffix("\n") { out += "\n" }
    }
    for warning in warnings {
      out += "warning: " + ReportRenderer.visibleLines(warning) + "\n"
    }
    for message in messages {
      var place = shown(message.file)
      if let line = message.line { place += ":\(line)" }
      if let column = message.column, message.line != nil { place += ":\(column)" }
      out += "\(place): \(message.severity.rawValue): \(ReportRenderer.visible(message.message))\n"
      for line in message.excerpt { out += ReportRenderer.visible(line) + "\n" }
    }
    if messages.allSatisfy({ $0.severity != .error }) && !otherErrors.isEmpty {
      out += ReportRenderer.visibleLines(otherErrors)
      if !out.hasSuffix("\n") { out += "\n" }
    }
    let errors = messages.filter { $0.severity == .error }.count
    switch outcome {
    case .finished:
      break
    case .doesNotCompile:
      out += "Does not compile: \(errors) error\(errors == 1 ? "" : "s")\n"
    case .crashed:
      if let crash {
        var place = crash.file.map(shown) ?? ""
        if let line = crash.line, !place.isEmpty { place += ":\(line)" }
        out += (place.isEmpty ? "" : place + ": ") + "crashed: " + ReportRenderer.visible(crash.message) + "\n"
        for line in crash.excerpt { out += ReportRenderer.visible(line) + "\n" }
      } else {
        out += "Crashed\n"
      }
    case .timedOut:
      out += "Timed out: the program ran past --timeout and was stopped\n"
    case .interrupted:
      out += "Interrupted: the program was stopped (Ctrl-C)\n"
    case .exited(let status):
      out += "Exited with status \(status)\n"
    }
    return out
  }
}

extension ExerciseChecker {
  /// Compiles `files` (absolute path and content) as one program, in the
  /// order given, and runs it: the files' top-level code runs file by file,
  /// so the last is usually the driver. The files' imports are compiled as
  /// written (`import UIKit` is the engine's UIKit module, beside
  /// Foundation), as in a chapter; only `@objc` and `#selector` are
  /// translated (`SnippetTranslator`).
  ///
  /// - Throws: `VerifyError.interrupted` on Ctrl-C before the program
  ///   runs (a program stopped while it runs is the outcome
  ///   `.interrupted`, with its output), `.cacheUnwritable` when no
  ///   temporary folder can be made.
  public func run(files: [(path: String, code: String)]) throws(VerifyError) -> FileRun {
    let start = monotonicSeconds()
    let program = runner.builder.filesProgram(files)
    let first = files.first.map { ($0.path as NSString).lastPathComponent } ?? "main.swift"
    let lineCount = files.first.map { $0.code.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0
    let map = SourceMap(learnerFile: first, lineCount: lineCount)
    // What runs killed before they could clean up left (Ctrl-C, a kill).
    Files.removeTemporaryFoldersOfDeadRuns()
    let work: String
    do {
      work = try Files.makeTemporaryDirectory(prefix: "workbook-run")
    } catch {
      throw .cacheUnwritable(path: "temporary folder", reason: Files.reason(error))
    }
    defer { Files.removeTemporaryDirectory(work) }
    let run = try runner.compileAndRun(program, in: work + "/program", map: map, run: true, defaultSnippet: 0,
                                      keepsInterruptedRun: true)
    return Self.fileRun(run, files: files, duration: monotonicSeconds() - start, engine: runner.settings.engineSources)
  }

  /// `engine`: the engine's source folder the files were compiled against
  /// (for "did you mean"; nil: none).
  static func fileRun(_ run: ProgramRun, files: [(path: String, code: String)], duration: Double,
                      engine: String? = nil) -> FileRun {
    // Diagnostics name a file by its last component (#sourceLocation).
    var byName: [String: (path: String, lines: [Substring])] = [:]
    for file in files {
      byName[(file.path as NSString).lastPathComponent] = (file.path, file.code.split(separator: "\n", omittingEmptySubsequences: false))
    }
    let firstName = files.first.map { ($0.path as NSString).lastPathComponent }
    func place(file: String?, snippet: Int?, line: Int?) -> (file: String?, lines: [Substring]?) {
      let name = snippet == 0 ? firstName : file.map { ($0 as NSString).lastPathComponent }
      guard let name, let known = byName[name] else { return (file, nil) }
      return (known.path, known.lines)
    }
    let messages = CompilerNotes.shown(run.diagnostics).map { d, followers -> FileRun.Message in
      let (file, lines) = place(file: d.file, snippet: d.snippet, line: d.lineOffset)
      let note = CompilerNotes.added(to: d, followers: followers, engine: engine).map { "note: " + $0 }
      return FileRun.Message(
        severity: d.severity, file: file, line: d.lineOffset, column: d.column, message: d.message,
        excerpt: (lines.map { SourceExcerpt.lines($0, line: d.lineOffset, column: d.column, fixIt: d.fixIt) } ?? [])
          + d.notes.map { "note: " + $0.message } + note)
    }
    var crash: FileRun.Message? = nil
    if let c = run.crash {
      let (file, lines) = c.snippet != nil ? place(file: nil, snippet: c.snippet, line: c.lineOffset) : (c.externalLocation, nil)
      crash = FileRun.Message(
        severity: .error, file: file, line: c.lineOffset, column: nil, message: c.message,
        excerpt: lines.flatMap { lines in c.lineOffset.map { SourceExcerpt.lines(lines, line: $0, column: 0) } } ?? [])
    }
    let outcome: FileRun.Outcome
    if !run.compiled {
      outcome = .doesNotCompile
    } else if run.crash != nil {
      outcome = .crashed
    } else {
      switch run.termination {
      case .exited(0)?: outcome = .finished
      case .exited(let status)?: outcome = .exited(status)
      case .timedOut?: outcome = .timedOut
      case .interrupted?: outcome = .interrupted
      default: outcome = .crashed
      }
    }
    let output = run.output(of: 0)
    let records = output?.diagrams ?? []
    return FileRun(
      outcome: outcome, messages: messages, otherErrors: run.otherErrors, output: output?.text ?? "",
      diagrams: records.filter { !$0.isFinding },
      warnings: records.filter(\.isFinding).map(\.text),
      crash: crash, stderr: run.stderrTail, duration: duration)
  }
}

extension ProgramBuilder {
  /// Seconds of virtual time the run loop may turn after the files' code.
  static let runLoopLimit = 600

  /// The program for Swift files: the marker of snippet 0, then each file's
  /// code from its line 1 (`#sourceLocation` names it), in the order given,
  /// then the main run loop until nothing is scheduled (at most
  /// `runLoopLimit` seconds of virtual time) and the engine's warnings.
  func filesProgram(_ files: [(path: String, code: String)]) -> ProgramSource {
    var main = Self.markerCall(0)
    for file in files {
      var translated = translator.translate(file.code)
      if !translated.isEmpty && !translated.hasSuffix("\n") { translated += "\n" }
      main += "#sourceLocation(file: \"\(file.path.swiftStringEscaped)\", line: 1)\n" + translated
    }
    main += "#sourceLocation()\n\(EngineBuilder.diagramsFolderName).DiagramChannel.finishAppRun(limit: \(Self.runLoopLimit))\n"
    let name = files.first.map { ($0.path as NSString).lastPathComponent } ?? "main.swift"
    return ProgramSource(main: main, prelude: Self.prelude, sourceFileName: name, snippetIndexes: [0], markerOrder: [0])
  }
}
