// RunEndpoint: run in the page, while serving. A chapter page served by
// `workbook serve` carries its snippets (never a built page: `workbook
// build` writes none of this), and Preview/run.js makes each code box
// editable with a Run button. Two endpoints answer it:
//
//   POST /__workbook/run   {chapter, snippet, code}
//     → the snippet run with `code` in its place, as verify runs the
//       chapter (`ExerciseChecker.trial`): its verdict, output, films (the
//       site's markup) and errors at lines of the code box;
//   POST /__workbook/check {chapter, exercise, code}
//     → the exercise checked as `workbook step` checks the learner's file
//       (`ExerciseChecker.check`): the verdict, output against expected,
//       the starter's symptom, the hints and the solution's change.
//
// Every request passes the gate first (RequestGate.swift: the browser's
// checks, and the cookie of this run's key, AccessKey.swift). Runs are
// verify's: compiled in a temporary folder, bounded by verify's timeout,
// output cap and process group; one at a time (429 while one runs);
// nothing is written to the book or its caches.
import FlyingFox
import FlyingSocks
import WorkbookModel
import WorkbookSupport
import Foundation
import WorkbookCore
import WorkbookSite

final class RunEndpoint: @unchecked Sendable {
  static let runPath = PreviewServer.prefix + "run"
  static let checkPath = PreviewServer.prefix + "check"

  /// How the served book is verified (its folder, engine, caches, timeout).
  let configuration: Workspace.Configuration
  /// Runs going on now (at most one).
  private let running = ConnectionCount()
  /// The checker every request runs with: prepared (the toolchain found,
  /// the engine checked, `site.json` read) at the first request after a
  /// build, not at every click and knob drag. Guarded by `lock`.
  private var prepared: ExerciseChecker?
  private let lock = NSLock()

  init(configuration: Workspace.Configuration) {
    self.configuration = configuration
  }

  /// Forgets the prepared checker: the next request prepares again, so an
  /// edited engine or `site.json` is seen (the preview calls this at each build).
  func invalidate() {
    lock.withLock { prepared = nil }
  }

  /// The prepared checker, prepared now if there is none.
  private func checker() throws(VerifyError) -> ExerciseChecker {
    if let checker = lock.withLock({ prepared }) { return checker }
    let checker = try ExerciseChecker(workspace: Workspace(configuration))
    lock.withLock { prepared = checker }
    return checker
  }

  /// Whether `head` asks one of these endpoints (any method: the gate
  /// answers what is not a POST).
  static func handles(_ head: RequestHead) -> Bool {
    let path = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return path == runPath || path == checkPath
  }

  // MARK: - The page's part

  /// What a chapter page gets besides the preview script: the chapter's
  /// name and its snippets as the page shows them (run.js finds each code
  /// box by its text), then run.js. Empty for other pages. No secret: the
  /// request's cookie is the key (AccessKey.swift).
  func pageTag(page file: String) -> String {
    guard file.hasSuffix(".html"), !file.contains("/") else { return "" }
    let name = String(file.dropLast(5))
    guard let chapter = loadChapter(name), chapter.inputErrors.isEmpty else { return "" }
    struct CodeBox: Encodable {
      var index: Int
      var kind: String
      var exercise: String?
      var code: String
    }
    struct Page: Encodable {
      var chapter: String
      var run: String
      var check: String
      var timeout: Double
      var snippets: [CodeBox]
    }
    let boxes = chapter.snippets.filter { !$0.isHidden && $0.kind != .ignore }.map { snippet -> CodeBox in
      var exercise: String? = nil
      if case .exerciseStarter(let id) = snippet.kind { exercise = id }
      return CodeBox(index: snippet.index, kind: snippet.kind.attribute, exercise: exercise, code: snippet.code)
    }
    let page = Page(chapter: name, run: Self.runPath, check: Self.checkPath,
                    timeout: configuration.timeout, snippets: boxes)
    return "<script type=\"application/json\" id=\"workbook-run\">" + Self.scriptSafeJSON(page)
      + "</script>\n<script src=\"\(PreviewServer.prefix)run.js\"></script>\n"
  }

  /// The chapter named `name` as it is on disk now (nil: no such chapter).
  private func loadChapter(_ name: String) -> Chapter? {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
    guard let book = try? Workspace(configuration).loadBook(selecting: [name + ".md"]) else { return nil }
    return book.chapters.first { $0.name == name && $0.wasRead }
  }

  // MARK: - Answering

  /// The answer to a request that passed the gate's head checks: `path`
  /// is the run or the check endpoint, `body` its JSON. Blocking: it
  /// compiles and runs (call it off the server's tasks).
  func answer(path: String, body: [UInt8]) -> HTTPResponse {
    struct Request: Decodable {
      var chapter: String
      var snippet: Int?
      var exercise: String?
      var code: String
      /// A knob's run: the chapter program stops after the snippet.
      var knob: Bool?
    }
    guard let request = try? JSONDecoder().decode(Request.self, from: Data(body)) else {
      return Self.refusal(.badRequest, "The body is not {chapter, snippet or exercise, code} as JSON\n")
    }
    guard let chapter = loadChapter(request.chapter) else {
      return Self.refusal(.notFound, "No chapter named '\(request.chapter)'\n")
    }
    guard running.enter(limit: 1) else {
      return Self.refusal(.tooManyRequests, "Another run is going on; try again when it ends\n", headers: ["Retry-After": "1"])
    }
    defer { running.leave() }
    let checker: ExerciseChecker
    do {
      checker = try self.checker()
    } catch {
      return Self.refusal(.internalServerError, ErrorText.message(for: error) + "\n")
    }
    do throws(VerifyError) {
      if path == Self.checkPath {
        guard let id = request.exercise, let exercise = chapter.exercises.first(where: { $0.id == id }) else {
          return Self.refusal(.notFound, "No exercise '\(request.exercise ?? "")' in \(request.chapter)\n")
        }
        let file = Workspace(configuration).exerciseFile(exercise)
        let check = try checker.check(exercise, code: request.code, file: file, displayPath: exercise.id + ".swift")
        return Self.json(CheckAnswer(check, exercise: exercise))
      }
      guard let index = request.snippet, chapter.snippets.indices.contains(index) else {
        return Self.refusal(.notFound, "No snippet \(request.snippet.map(String.init) ?? "") in \(request.chapter)\n")
      }
      guard let trial = try checker.trial(chapter, snippet: index, code: request.code, laterSnippets: request.knob != true) else {
        return Self.refusal(.unprocessableContent, "This code cannot stand in the snippet's place (a line closes its fence)\n")
      }
      return Self.json(RunAnswer(trial, timeout: configuration.timeout))
    } catch {
      return Self.refusal(error == .interrupted ? .serviceUnavailable : .internalServerError, ErrorText.message(for: error) + "\n")
    }
  }

  /// `answer` on a thread of its own, so that a run of several seconds
  /// never holds one of the few threads the server's tasks share.
  func answerOffTasks(path: String, body: [UInt8]) async -> HTTPResponse {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: self.answer(path: path, body: body)) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  static func refusal(_ status: HTTPStatusCode, _ reason: String, headers extra: [String: String] = [:]) -> HTTPResponse {
    var response = PreviewServer.text(status, reason)
    for (name, value) in extra { response.headers[HTTPHeader(name)] = value }
    response.headers[.connection] = "close"
    return response
  }

  static func json(_ value: some Encodable) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    var response = HTTPResponse(statusCode: .ok, headers: PreviewServer.headers(contentType: "application/json"), body: data)
    response.headers[.connection] = "close"
    return response
  }

  /// JSON that cannot end the `<script>` element it is put in.
  static func scriptSafeJSON(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    return text.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
      .replacingOccurrences(of: "&", with: "\\u0026")
      .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
  }
}

// MARK: - Answers

/// A message at a line of the code box (1: its first line; nil: elsewhere).
struct BoxMessage: Encodable, Equatable {
  var line: Int?
  var column: Int?
  var message: String
  /// The line with a caret, and the compiler's notes (the check's).
  var excerpt: [String] = []
}

/// What a run of an edited snippet shows.
struct RunAnswer: Encodable {
  /// The verdict's word (`passed`, `mismatch`, `compile-error`, `trap`,
  /// `timeout`, `not-run`), as verify's JSON report says it.
  var status: String
  /// One sentence for the reader.
  var summary: String
  var output: String
  /// The output with its films, as the site shows an output block.
  var outputHTML: String
  /// The book's output block, when the snippet has one.
  var expected: String?
  /// A unified diff of the book's output and this one.
  var diff: [String]
  var errors: [BoxMessage]
  /// Other snippets of the same program that did not pass.
  var others: [String]
  var seconds: Double

  init(_ trial: SnippetTrial, timeout: Double) {
    let report = trial.report
    let snippet = trial.snippet
    func boxLine(_ line: Int?) -> Int? {
      guard let line, line > snippet.fenceLine, line < snippet.closingFenceLine else { return nil }
      return line - snippet.fenceLine
    }
    func boxColumn(_ column: Int?) -> Int? { column.map { $0 - max(0, snippet.fenceColumn - 1) } }
    status = report.status.rawValue
    output = report.output ?? ""
    outputHTML = LiveOutput.html(output: output, diagrams: report.diagrams)
    expected = snippet.expectedOutput
    diff = []
    errors = []
    seconds = (trial.duration * 100).rounded() / 100
    let isCompileFail = snippet.kind == .compileFail
    switch report.verdict {
    case .passed:
      switch snippet.kind {
      case .noRun: summary = "Compiles (no-run: it is type-checked, never run)"
      case .compileFail: summary = "Fails to compile with the errors the book shows"
      default: summary = snippet.expectedOutput == nil ? "Ran" : "Ran: the output is the book's"
      }
    case .mismatch(let mismatch):
      summary = isCompileFail
        ? mismatch.message
        : "Ran: the output differs from the book's (the chapter file is not changed)"
      diff = mismatch.diff
    case .compileError(let failure):
      let inBox = failure.diagnostics.filter { boxLine($0.line) != nil }
      errors = failure.diagnostics.map { BoxMessage(line: boxLine($0.line), column: boxColumn($0.column), message: $0.message) }
      if errors.isEmpty { errors = [BoxMessage(line: boxLine(failure.line), column: nil, message: failure.message)] }
      summary = "Does not compile" + (inBox.isEmpty ? ": " + failure.message : ": \(inBox.count) error\(inBox.count == 1 ? "" : "s")")
    case .trap(let trap):
      errors = [BoxMessage(line: boxLine(trap.line), column: nil, message: trap.message)]
      summary = "Crashed: " + trap.message
    case .timeout(let stop):
      errors = [BoxMessage(line: boxLine(stop.line), column: nil, message: stop.message)]
      summary = "Stopped: it ran past the \(PreviewServer.seconds(timeout)) limit (look for a loop that never ends)"
    case .notRun(let notRun):
      summary = "Not run: " + notRun.reason
    case .ignored:
      summary = "Not run (ignore)"
    case .notRunnable(let notRunnable):
      summary = "Not runnable: " + notRunnable.reason
    }
    others = trial.others.compactMap { other in
      guard other.status.isFailure, let explanation = other.verdict.explanation else { return nil }
      return "Snippet \(other.index + 1) (line \(explanation.line ?? other.line)): \(explanation.message)"
    }
  }
}

/// What checking an exercise in the page shows: what `workbook step` shows.
struct CheckAnswer: Encodable {
  /// `passed`, `wrong-output`, `compile-error`, `crashed`, `timed-out`.
  var outcome: String
  var summary: String
  var output: String
  var expected: String
  /// The starter's recorded symptom, when the book records one.
  var symptom: String?
  /// The attempt still does just what the starter did.
  var stillTheSymptom: Bool
  /// Expected against this output, as a unified diff.
  var diff: [String]
  var errors: [BoxMessage]
  var hints: [String]
  /// The solution's change from the starter: rows of `kind` (`same`,
  /// `removed`, `added`, `gap`) and `text`.
  var solution: [SolutionRow]
  var seconds: Double

  struct SolutionRow: Encodable, Equatable {
    var kind: String
    var text: String
  }

  init(_ check: ExerciseCheck, exercise: Exercise) {
    outcome = check.outcome.rawValue
    output = check.output
    expected = check.expected
    symptom = check.starterOutput
    stillTheSymptom = check.showsStarterSymptom
    hints = exercise.hints
    seconds = (check.duration * 100).rounded() / 100
    diff = []
    errors = []
    switch check.outcome {
    case .passed:
      summary = "✓ PASS — the output matches"
    case .compileError:
      let count = check.errors.count
      summary = "✗ DOES NOT COMPILE" + (count > 0 ? " — \(count) error\(count == 1 ? "" : "s")" : "")
      errors = check.errors.map {
        BoxMessage(line: $0.line, column: $0.column, message: $0.message,
                   excerpt: $0.excerpt + $0.notes.map { "note: " + $0.message })
      }
      if errors.isEmpty && !check.otherErrors.isEmpty {
        errors = [BoxMessage(line: nil, column: nil, message: String(check.otherErrors.prefix(4000)))]
      }
    case .crashed:
      summary = "✗ CRASHED"
      errors = [BoxMessage(line: check.crashLine, column: nil, message: check.crashMessage ?? "The program stopped")]
    case .timedOut:
      summary = "✗ TIMED OUT — the program ran past the time limit and was stopped; look for a loop that never ends"
    case .wrongOutput:
      let film = LineDiff.FilmDiff.compare(old: check.expected, new: check.output)
      summary = "✗ WRONG OUTPUT" + (film.map { " — film: " + $0.summary } ?? "")
    }
    if check.outcome == .wrongOutput || check.outcome == .crashed {
      diff = LineDiff.unified(old: check.expected, new: check.output, oldLabel: "expected", newLabel: "yours")
    }
    solution = LineDiff.changes(from: exercise.starter, to: exercise.solution).map { change in
      switch change {
      case .same(let text): return SolutionRow(kind: "same", text: text)
      case .removed(let text): return SolutionRow(kind: "removed", text: text)
      case .added(let text): return SolutionRow(kind: "added", text: text)
      case .gap: return SolutionRow(kind: "gap", text: "")
      }
    }
  }
}

// MARK: - The connection's part

extension PreviewServer {
  /// Answers a request to run code on its connection, then ends it: the
  /// gate's checks on the head, the body read (at most `maxBody`, within
  /// the head's time limit), then the answer.
  func serveRun(_ head: RequestHead, runs: RunEndpoint, received: [UInt8], client: AsyncSocket) async {
    let length: Int
    switch gate.check(head) {
    case .failure(let refusal):
      _ = try? await write(RunEndpoint.refusal(refusal.status, refusal.reason, headers: refusal.headers), to: client)
      await Self.drain(client)
      return
    case .success(let count):
      length = count
    }
    var body = Array(received.prefix(length))
    let deadline = Date().addingTimeInterval(limits.headSeconds)
    while body.count < length {
      let wanted = length - body.count
      guard let bytes = try? await withDeadline(deadline.timeIntervalSinceNow, { try await client.read(atMost: min(64 * 1024, wanted)) })
      else {
        _ = try? await write(RunEndpoint.refusal(.requestTimeout, "The body took too long to arrive\n"), to: client)
        return
      }
      if bytes.isEmpty { return }  // the client went away
      body += bytes.prefix(wanted)
    }
    let path = String(head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    let response = await runs.answerOffTasks(path: path, body: body)
    _ = try? await write(response, to: client)
  }

  /// `10 s`, `2.5 s`.
  static func seconds(_ value: Double) -> String {
    (value == value.rounded() ? String(Int(value)) : String(value)) + " s"
  }
}
