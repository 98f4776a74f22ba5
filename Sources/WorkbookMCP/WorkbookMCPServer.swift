// WorkbookMCPServer: `workbook mcp`, the workbook's checks as tools for a
// coding agent (the Model Context Protocol, on the official Swift SDK):
// running Swift files against the engine, recording a transition with
// TransitionTesting's recorder, the fidelity ledger, verifying the book and
// checking an exercise; the chapters, the guides and a chapter's films as
// resources. Every run is `workbook run`'s or `verify`'s, with the limits
// the runner sets (timeout, output cap, process groups, private caches);
// nothing is written outside the workspace's caches.
import Foundation
import MCP
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// The MCP server over one workspace: its tools and resources.
public struct WorkbookMCPServer: Sendable {
  /// The book, the engine, the caches, the timeout (`workbook mcp`'s options).
  public var configuration: Workspace.Configuration

  /// Runs one compile or verify at a time, each on a thread of its own.
  let work = SerialWork()

  public init(configuration: Workspace.Configuration) {
    self.configuration = configuration
  }

  /// The server's name and version, as the client sees them.
  static let name = "workbook"
  static let version = "1.0.0"

  /// What the client is told when it connects: when to reach for which tool.
  static let instructions = """
    Transition Workbook runs UIKit transition code on Linux against TransitionEngine, a headless model \
    of UIKit with a virtual clock. Use run_swift to compile and run app files (an animator, a \
    presentation controller, a driver that uses them) and see their output, films, warnings and \
    compiler errors; record_transition to film one transition (present, dismiss, push, pop, drag) \
    of given app code and get the flicker check's findings; fidelity_lookup before trusting a \
    result about one UIKit API (how sure the engine is that it behaves as on a device); \
    engine_model for what the engine models. verify_book and check_exercise are for the book's \
    authors and learners.
    """

  /// A server with every tool and resource handler registered, not yet started.
  public func makeServer() async -> Server {
    let server = Server(
      name: Self.name, version: Self.version, title: "Transition Workbook", instructions: Self.instructions,
      capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
    let tools = ToolHandler(configuration: configuration, work: work)
    let resources = ResourceHandler(configuration: configuration, work: work)
    await server.withMethodHandler(ListTools.self) { _ in .init(tools: WorkbookTool.allCases.map(\.definition)) }
    await server.withMethodHandler(CallTool.self) { params in try await tools.call(params) }
    await server.withMethodHandler(ListResources.self) { _ in .init(resources: await resources.list()) }
    await server.withMethodHandler(ReadResource.self) { params in .init(contents: try await resources.read(params.uri)) }
    return server
  }

  /// Serves the client on standard input and output until it closes its
  /// end; then stops every compiler and program still running.
  public func serveStandardIO() async throws {
    // A client that went away makes a write fail (EPIPE) instead of
    // killing the server before it has stopped what it runs.
    signal(SIGPIPE, SIG_IGN)
    // Standard output carries the protocol: a stray write to it would
    // corrupt a message, so the transport writes to a copy of it and
    // descriptor 1 becomes standard error. (Programs and compilers never
    // inherit either: their output goes to the runner's pipes.)
    let output = dup(STDOUT_FILENO)
    guard output >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
      throw MCPError.internalError("Cannot set up standard output: " + String(cString: strerror(errno)))
    }
    let server = await makeServer()
    try await server.start(transport: StdioTransport(output: .init(rawValue: output)))
    await server.waitUntilCompleted()
    await server.stop()
    // The client has gone: nobody waits for what still runs.
    ChildProcessRegistry.shared.interruptAll()
    TemporaryDirectories.shared.removeAll()
  }
}
