import Testing
import WorkbookCore

@Suite struct SnippetTranslatorTests {
  let translator = SnippetTranslator.standard

  @Test func engineImportsBecomeTransitionEngineOnTheSameLine() {
    let code = """
      import UIKit
      import Foundation
        import QuartzCore // for CALayer
      @preconcurrency import CoreGraphics
      import class UIKit.UIView
      let s = "import UIKit"
      """
    let expected = """
      import TransitionEngine
      import Foundation
        import TransitionEngine // for CALayer
      @preconcurrency import TransitionEngine
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

  @Test func otherModulesAreLeftAlone() {
    #expect(translator.translate("import SwiftUI\nimport UIKitExtras\n") == "import SwiftUI\nimport UIKitExtras\n")
  }
}
