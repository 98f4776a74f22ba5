// `workbook mcp` in process: the SDK's own client talks to the server over
// the SDK's in-memory transport pair, as an agent's client would over stdio.
import Foundation
import MCP
import Testing
import TestSupport
@testable import WorkbookCore
@testable import WorkbookMCP
@testable import WorkbookModel
@testable import WorkbookRunner

/// A connected client and server over one workspace.
struct Connection {
  let client: Client
  let server: Server

  /// `configuration`'s server, started, with a client connected to it.
  static func open(_ configuration: Workspace.Configuration) async throws -> Connection {
    let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
    let server = await WorkbookMCPServer(configuration: configuration).makeServer()
    try await server.start(transport: serverSide)
    let client = Client(name: "WorkbookMCPTests", version: "1")
    _ = try await client.connect(transport: clientSide)
    return Connection(client: client, server: server)
  }

  /// The whole result of a tool call (the client's `callTool` drops the
  /// structured content).
  func call(_ tool: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
    try await client.send(CallTool.request(.init(name: tool, arguments: arguments))).value
  }

  /// The text of a result's first content.
  static func text(_ result: CallTool.Result) -> String {
    guard case .text(let text, _, _)? = result.content.first else { return "" }
    return text
  }

  func close() async {
    await client.disconnect()
    await server.stop()
  }
}

/// Workspaces for the tests: the package's own engine (run and record
/// need UIKit and TransitionTesting), or a fixture book on the stand-in
/// engine (verify and check), each with the test run's one engine cache.
enum MCPFixtures {
  static let packageEngine = TestPackage.root + "/Sources/TransitionEngine"

  static func configuration(book: String, engine: String) -> Workspace.Configuration {
    var configuration = Workspace.Configuration()
    configuration.book = book
    configuration.engineSources = engine
    // The package's engine where the tool builds it (the per-user cache,
    // built once per machine and engine version), the stand-in per run.
    configuration.engineCacheDirectory = engine == packageEngine ? EngineCache.userDirectory() : TestPackage.engineCache
    configuration.cacheDirectory = (book as NSString).deletingLastPathComponent + "/.cache"
    return configuration
  }

  /// A workspace with no book, on the package's engine.
  static func packageWorkspace() throws -> Workspace.Configuration {
    configuration(book: try TestPackage.temporaryDirectory() + "/Chapters", engine: packageEngine)
  }

  /// A copy of fixture book `name` (Tests/Fixtures/verify/NAME) on the stand-in engine.
  static func fixtureBook(_ name: String) throws -> (configuration: Workspace.Configuration, book: String) {
    let book = try TestPackage.copy("verify/" + name) + "/Chapters"
    return (configuration(book: book, engine: TestPackage.standInEngine), book)
  }
}

@Suite struct ToolListTests {
  @Test func everyToolIsListedWithAnObjectSchemaAndADescription() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let tools = try await connection.client.listTools().tools
    #expect(
      tools.map(\.name).sorted() == [
        "check_exercise", "engine_model", "fidelity_lookup", "record_transition",
        "run_swift", "verify_book",
      ])
    for tool in tools {
      #expect(tool.inputSchema.objectValue?["type"] == "object", "\(tool.name)")
      #expect(tool.inputSchema.objectValue?["properties"]?.objectValue?.isEmpty == false, "\(tool.name)")
      #expect((tool.description ?? "").count > 100, "\(tool.name)")
    }
  }
}

@Suite struct MalformedRequestTests {
  /// The JSON-RPC error a call gets.
  static func error(_ connection: Connection, _ tool: String, _ arguments: [String: Value]) async -> MCPError? {
    do {
      _ = try await connection.call(tool, arguments)
      return nil
    } catch {
      return error as? MCPError
    }
  }

  @Test func wrongArgumentsAreInvalidParamsErrorsNamingTheArgument() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let cases: [(String, [String: Value], String)] = [
      ("no_such_tool", [:], "No tool 'no_such_tool'"),
      ("run_swift", [:], "needs 'files'"),
      ("run_swift", ["code": 42], "'code' must be a string"),
      ("run_swift", ["code": "print(1)", "files": []], "not both"),
      ("run_swift", ["files": []], "'files' must be a non-empty array"),
      ("run_swift", ["files": [["path": "A.swift"]]], "'files[0]' must be an object"),
      ("run_swift", ["files": [["path": "A.txt", "content": ""]]], "ending in .swift"),
      (
        "run_swift", ["files": [["path": "a/A.swift", "content": ""], ["path": "b/A.swift", "content": ""]]],
        "two files are named 'A.swift'"
      ),
      ("run_swift", ["code": "", "swiftVersion": 1e300], "'swiftVersion' must be 5 or 6"),
      ("run_swift", ["code": "", "device": "Nokia 3310"], "'device' must be one of"),
      ("run_swift", ["code": "", "timeout": 5], "has no argument 'timeout'"),
      ("record_transition", ["files": [["path": "A.swift", "content": ""]], "root": "X()"], "needs 'scenario'"),
      (
        "record_transition", ["files": [["path": "A.swift", "content": ""]], "root": "X()", "scenario": ["kind": "fly"]],
        "'kind' must be present, dismiss, push, pop, drag or code"
      ),
      (
        "record_transition",
        [
          "files": [["path": "A.swift", "content": ""]], "root": "X()",
          "scenario": ["kind": "drag", "from": [0, 0], "to": ["a", 1]],
        ], "'to' must be two numbers"
      ),
      (
        "record_transition",
        [
          "files": [["path": "RecordTransition.swift", "content": ""]], "root": "X()",
          "scenario": ["kind": "present", "controller": "Y()"],
        ], "the tool's own file"
      ),
      ("fidelity_lookup", [:], "needs 'symbol'"),
      ("engine_model", ["status": "great"], "'status' must be one of"),
      ("verify_book", ["chapters": "01"], "'chapters' must be an array of strings"),
    ]
    for (tool, arguments, words) in cases {
      let error = await Self.error(connection, tool, arguments)
      #expect(error?.code == -32602, "\(tool) \(arguments)")
      #expect(error?.localizedDescription.contains(words) == true, "\(tool): \(error?.localizedDescription ?? "no error")")
    }
    // The server still answers.
    #expect(try await connection.client.listTools().tools.count == WorkbookTool.allCases.count)
  }

  @Test func bytesThatAreNotJSONRPCGetAParseErrorAndTheServerGoesOn() async throws {
    let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
    let server = await WorkbookMCPServer(configuration: try MCPFixtures.packageWorkspace()).makeServer()
    try await server.start(transport: serverSide)
    try await clientSide.connect()
    var replies = await clientSide.receive().makeAsyncIterator()
    for garbage in [
      "{not json", "[]", "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": 12}", String(repeating: "[", count: 10_000),
    ] {
      try await clientSide.send(Data(garbage.utf8))
      let reply = try #require(try await replies.next())
      let object = try JSONDecoder().decode([String: Value].self, from: reply)
      #expect(
        object["error"]?.objectValue?["code"]?.intValue != nil, "\(garbage.prefix(40)): \(String(decoding: reply, as: UTF8.self))"
      )
    }
    try await clientSide.send(Data(#"{"jsonrpc": "2.0", "id": 8, "method": "ping"}"#.utf8))
    let pong = try JSONDecoder().decode([String: Value].self, from: try #require(try await replies.next()))
    #expect(pong["id"] == 8 && pong["result"] != nil)
    await server.stop()
  }
}
