import Testing
@testable import WorkbookCore

@Suite struct SnippetTranslatorTests {
  let translator = SnippetTranslator.standard

  @Test func engineImportsBecomeTheEngineAndTheHarnessOnTheSameLine() {
    let code = """
      import UIKit
      import Foundation
        import QuartzCore // for CALayer
      @preconcurrency import CoreGraphics
      import class UIKit.UIView
      let s = "import UIKit"
      """
    let expected = """
      import TransitionEngine; import TransitionDiagrams
      import TransitionEngine
        import TransitionEngine; import TransitionDiagrams // for CALayer
      @preconcurrency import TransitionEngine; @preconcurrency import TransitionDiagrams
      import class TransitionEngine.UIView
      let s = "import UIKit"
      """
    #expect(translator.translate(code) == expected)
  }

  @Test func translationKeepsTheLineCount() {
    let code = "import UIKit\n\nprint(1)\n"
    let translated = translator.translate(code)
    #expect(translated.split(separator: "\n", omittingEmptySubsequences: false).count
      == code.split(separator: "\n", omittingEmptySubsequences: false).count)
  }

  @Test func foundationAndDispatchImportsNameTheEngineThatShadowsTheirRunLoopTypes() {
    let code = """
      import Foundation
      @preconcurrency import Dispatch // queues
      import class Foundation.Thread
      import FoundationNetworking
      """
    let expected = """
      import TransitionEngine
      @preconcurrency import TransitionEngine // queues
      import class Foundation.Thread
      import FoundationNetworking
      """
    #expect(translator.translate(code) == expected)
  }

  @Test func otherModulesAreLeftAlone() {
    #expect(translator.translate("import SwiftUI\nimport UIKitExtras\n") == "import SwiftUI\nimport UIKitExtras\n")
  }

  @Test func objectiveCSpellingsBecomeEngineSpellings() {
    let code = """
      @objc func handlePan(_ gesture: UIPanGestureRecognizer) {}
      @objc dynamic var progress: CGFloat = 0
      @objc(closeWithSender:) func close(_ sender: Any) {}
      pan.addTarget(self, action: #selector(handlePan(_:)))
      button.addTarget(self, action: #selector(Interactor.handlePan(_:)), for: .touchUpInside)
      let doc = "#selector(x) and @objc stay in strings" // #selector(y) in a comment
      """
    let expected = """
            func handlePan(_ gesture: UIPanGestureRecognizer) {}
            dynamic var progress: CGFloat = 0
                              func close(_ sender: Any) {}
      pan.addTarget(self, action: Selector(Self.handlePan(_:)))
      button.addTarget(self, action: Selector(Interactor.handlePan(_:)), for: .touchUpInside)
      let doc = "#selector(x) and @objc stay in strings" // #selector(y) in a comment
      """
    #expect(translator.translate(code) == expected)
  }
}
