// `workbook mcp`: the workbook's checks as an MCP server for coding agents,
// on standard input and output (WorkbookMCP; Guides/Agents.md).
import ArgumentParser
import Foundation
import WorkbookMCP
import WorkbookRunner

extension Workbook {
  struct MCPServe: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mcp",
      abstract: "Serve the workbook's tools to a coding agent (Model Context Protocol, over stdio).",
      discussion: """
        An agent's MCP client starts this command and speaks JSON-RPC on its standard input and \
        output. Tools: run_swift (compile and run app files against the engine, as 'workbook run'), \
        record_transition (film a transition with TransitionTesting's recorder and check it for \
        flicker), fidelity_lookup and engine_model (the fidelity ledger), verify_book (verify's JSON \
        report, never --record) and check_exercise (as 'workbook check', progress untouched). \
        Resources: the book's chapters, the guides, a chapter's films. Runs have verify's limits \
        (--timeout, the output cap, process groups) and go one at a time; nothing is written \
        outside the caches. Guides/Agents.md says how to add it to an agent.

        Examples:
          claude mcp add workbook -- workbook mcp
          workbook mcp --book Chapters --timeout 30
        """)

    @OptionGroup var bookOptions: BookOptions

    func run() throws {
      let server = WorkbookMCPServer(configuration: bookOptions.configuration)
      // Ctrl-C, SIGTERM, SIGHUP: every compiler and program is stopped first.
      Interruption.install(text: "Stopped the MCP server and every snippet and compiler\n")
      let ended = Ended()
      Task {
        do { try await server.serveStandardIO() } catch { ended.error = error }
        ended.signal.signal()
      }
      ended.signal.wait()
      if let error = ended.error { throw error }
    }

    /// How the server's task ended, for the command's thread waiting on it.
    private final class Ended: @unchecked Sendable {
      let signal = DispatchSemaphore(value: 0)
      var error: (any Error)?
    }
  }
}
