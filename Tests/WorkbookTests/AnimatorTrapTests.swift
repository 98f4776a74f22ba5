import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

/// UIViewPropertyAnimator's state machine, as UIKit enforces it (it raises;
/// the engine traps): each misuse is a snippet of a fixture book
/// (`Tests/Fixtures/verify/animator-traps`) verified against the real
/// engine, and the report names the trap's message, where in the engine it
/// trapped, and the line of the snippet that misused the animator (found by
/// the traced second run, `TrapBacktrace`), with both compiler pipelines.
/// (A trap ends its chapter's program, so each misuse has a chapter of its
/// own; no misuse is on its snippet's first line, and 03's is inside a
/// function the snippet calls.)
@Suite struct AnimatorTrapTests {
  @Test(arguments: [CompilerPipeline.direct, .driver])
  func everyMisuseOfThePropertyAnimatorIsATrapAtItsOwnLine(pipeline: CompilerPipeline) throws {
    let book = try Fixtures.book("animator-traps")
    var options = Fixtures.packageEngineOptions(book: book)
    options.pipeline = pipeline
    let report = try Verifier().run(in: Workspace(options))
    #expect(report.errors(kind: .crash).count == 5)
    #expect(report.errors().count == 5, "only the traps fail: \(report.errors().map(\.message))")
    // `line`: the finding's (in the snippet that was running); `misuse`: the
    // line that called the animator (in 05, inside a function snippet 1
    // declared, which the message names).
    let expected: [(chapter: String, line: Int, misuse: Int, message: String)] = [
      ("01-interruptible.md", 18, 18, "isInterruptible cannot be set on an active UIViewPropertyAnimator"),
      ("02-user-interaction.md", 17, 17, "isUserInteractionEnabled cannot be set on an active UIViewPropertyAnimator"),
      ("03-start-stopped.md", 18, 18, "It is an error to start a stopped UIViewPropertyAnimator"),
      ("04-finish-active.md", 17, 17, "finishAnimation(at:) is only valid on a stopped animator"),
      ("05-helper.md", 20, 8, "finishAnimation(at:) is only valid on a stopped animator"),
    ]
    for (chapter, line, misuse, message) in expected {
      let result = try #require(report.chapter(chapter))
      #expect(result.snippets.map(\.status) == [.passed, .trap], "\(chapter): the first snippet passes, the misuse traps")
      let trap = try #require(result.findings.first { $0.kind == .crash }, "\(chapter)")
      #expect(trap.line == line, "\(chapter): the line that misused the animator")
      #expect(trap.details.first?.hasPrefix(" \(misuse) | ") == true, "\(chapter): the excerpt shows the misuse: \(trap.details)")
      if line == misuse {
        #expect(!trap.message.contains(".md:"), "\(trap.message)")
      } else {
        #expect(trap.message.hasSuffix("/\(chapter):\(misuse))"), "the misuse's line is named: \(trap.message)")
      }
      #expect(trap.message.hasPrefix("Precondition failed: \(message) (at TransitionEngine/"), "\(trap.message)")
      #expect(trap.message.contains("UIViewPropertyAnimator.swift:"), "\(trap.message)")
      // The typed verdict says the same.
      guard case .trap(let verdict)? = result.snippets.last?.verdict else {
        Issue.record("\(chapter): the misuse's verdict is not a trap"); continue
      }
      #expect(verdict.message == trap.message && verdict.line == line)
    }
  }
}
