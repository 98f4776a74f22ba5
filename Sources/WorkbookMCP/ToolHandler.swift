// ToolHandler: a `tools/call` answered. The arguments are read first (a
// malformed call is a JSON-RPC error); the work runs through `SerialWork`;
// its result is the tool's answer: a text for the agent to read (what the
// matching command prints) and the same as structured content (JSON). A
// setup problem (no compiler, an engine that does not build, no book) is
// an answer with `isError`, worded by `ErrorText` as the command says it.
import Foundation
import MCP
import WorkbookCore
import WorkbookModel
import WorkbookSupport

/// Answers the tools' calls in one workspace.
struct ToolHandler: Sendable {
  let configuration: Workspace.Configuration
  let work: SerialWork

  func call(_ params: CallTool.Parameters) async throws -> CallTool.Result {
    guard let tool = WorkbookTool(rawValue: params.name) else {
      throw MCPError.invalidParams(
        "No tool '\(params.name)'; the tools are "
          + WorkbookTool.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
    }
    let arguments = try ToolArguments(params.arguments, for: tool)
    switch tool {
    case .runSwift: return try await runSwift(arguments)
    case .recordTransition: return try await recordTransition(arguments)
    case .fidelityLookup: return try await fidelityLookup(arguments)
    case .engineModel: return try await engineModel(arguments)
    case .verifyBook: return try await verifyBook(arguments)
    case .checkExercise: return try await checkExercise(arguments)
    }
  }

  // MARK: - Running code

  private func runSwift(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let files = try arguments.sources()
    let mode = try arguments.languageMode()
    let site = try arguments.deviceSettings()
    return await work.perform { [configuration] in
      Self.answering {
        let run = try Self.run(files, in: configuration, languageMode: mode, site: site)
        return Self.answer(run.text(relativeTo: FileManager.default.currentDirectoryPath), RunAnswer(run))
      }
    }
  }

  private func recordTransition(_ arguments: ToolArguments) async throws -> CallTool.Result {
    let files = try arguments.sources(reserved: [RecordingDriver.fileName])
    let driver = try RecordingDriver(arguments)
    let mode = try arguments.languageMode()
    let site = try arguments.deviceSettings()
    return await work.perform { [configuration] in
      Self.answering {
        let run = try Self.run(files + [(RecordingDriver.fileName, driver.code)], in: configuration,
                               languageMode: mode, site: site)
        let answer = RecordAnswer(run, driver: driver.code)
        return Self.answer(run.text(relativeTo: FileManager.default.currentDirectoryPath) + answer.verdict + "\n", answer)
      }
    }
  }

  /// `files` compiled as one program against the engine and run, as
  /// `workbook run` does, with the workspace prepared for this call.
  static func run(_ files: [(path: String, code: String)], in configuration: Workspace.Configuration,
                  languageMode: SwiftLanguageMode, site: Book.SiteMetadata) throws -> FileRun {
    let checker = try ExerciseChecker(
      workspace: Workspace(configuration), languageMode: languageMode, site: site, willBuild: announceEngineBuild)
    return try checker.run(files: files)
  }

  /// Says on standard error (the client's log of the server) that the
  /// engine is being built: the first run on a machine takes minutes.
  static func announceEngineBuild(_ sources: String) {
    FileHandle.standardError.write(
      Data("Building TransitionEngine for the snippets from \(sources) (once per engine version on this machine)…\n".utf8))
  }

  // MARK: - Answers

  /// A tool's answer: `text` for the agent, `structured` as JSON.
  static func answer(_ text: String, _ structured: some Encodable, isError: Bool = false) -> CallTool.Result {
    let structured: Value? = value(structured)
    return CallTool.Result(
      content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured,
      isError: isError)
  }

  /// `body`'s answer, or its setup error as an answer with `isError`.
  static func answering(_ body: () throws -> CallTool.Result) -> CallTool.Result {
    do {
      return try body()
    } catch {
      let message = ErrorText.message(for: error)
      return answer(message + "\n", ["error": message] as [String: String], isError: true)
    }
  }

  /// `encodable` as the SDK's JSON value (through its JSON text).
  static func value(_ encodable: some Encodable) -> Value {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(encodable), let value = try? JSONDecoder().decode(Value.self, from: data)
    else { return .object([:]) }
    return value
  }
}
