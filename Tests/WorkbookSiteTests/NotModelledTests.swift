// "Verified means modelled" (issue 40): a snippet that calls an API whose
// effect the engine does not model (its ledger row says not-modelled)
// still passes, but verify warns at that snippet, and the site marks its
// output, so that no reader takes "verified" for what a device does.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSite

@Suite struct NotModelledTests {
  @Test func aSnippetUsingAnUnmodelledAPIPassesWithAWarningAndAMarkOnItsOutput() throws {
    let root = try SiteFixtures.emptyBook(["01-tap.md": """
      # A tap

      ```swift
      import UIKit

      let button = UIView(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
      print(button.frame.width)
      ```

      ```output
      44.0
      ```

      A tap that buzzes:

      ```swift
      let haptics = UIImpactFeedbackGenerator(style: .medium)
      haptics.impactOccurred()
      haptics.impactOccurred()
      print("tapped")
      ```

      ```output
      tapped
      ```

      """])
    var configuration = SiteFixtures.configuration(root: root)
    configuration.engineSources = TestPackage.root + "/Sources/TransitionEngine"
    configuration.engineCacheDirectory = EngineCache.userDirectory()
    let verified = try Verifier(options: SiteFixtures.verifyOptions).verifyWholeBook(in: Workspace(configuration))
    let chapter = try #require(verified.report.chapters.first)
    #expect(chapter.snippets.map(\.status) == [.passed, .passed])
    let warnings = chapter.findings.filter { $0.kind == .notModelled }
    // Once, at the snippet that first used the API (its first line of code).
    #expect(warnings.map(\.snippet) == [1])
    #expect(warnings.map(\.line) == [17])
    #expect(warnings.first?.severity == .warning)
    #expect(warnings.first?.message.hasPrefix("TransitionEngine does not model 'UIImpactFeedbackGenerator': there is no Taptic Engine") == true)

    var options = SiteOptions()
    options.engineSources = configuration.engineSources
    let page = try SiteBuilder(options: options).render(verified).text("01-tap.html")
    let outputs = page.components(separatedBy: "<div class=\"output ").dropFirst()
    #expect(outputs.count == 2)
    #expect(!outputs.first!.contains("Not modelled"), "the first snippet uses only what the engine models")
    #expect(outputs.last!.contains("<span class=\"fidelity-mark\">Not modelled</span>"))
    #expect(outputs.last!.contains("does not model &#39;UIImpactFeedbackGenerator&#39;") || outputs.last!.contains("does not model 'UIImpactFeedbackGenerator'"))
  }
}
