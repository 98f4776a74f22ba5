import ArgumentParser

/// The `workbook` command: verifies, builds and steps through the book.
@main
struct Workbook: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "workbook",
    abstract: "Verify, build and step through the Transition Workbook.",
    discussion: """
      The book lives in Chapters/*.md. Every Swift snippet in it is compiled \
      and run against TransitionEngine, a headless model of UIKit's \
      transition machinery, and its output is checked against the output \
      recorded in the chapter.
      """,
    version: workbookVersion,
    subcommands: [Init.self, Verify.self, Build.self, Serve.self, Report.self, Exercises.self, Step.self, Check.self, Play.self, Run.self, Fidelity.self, MCPServe.self]
  )
}

/// The tool's version, printed by `workbook --version`.
let workbookVersion = "0.1.0"
