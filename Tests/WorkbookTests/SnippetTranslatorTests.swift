import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct SnippetTranslatorTests {
  let translator = SnippetTranslator.standard

  /// The engine is built under the SDK's module names (EngineBuilder), so
  /// no import is translated: what the reader sees is what is compiled.
  @Test func importsAreCompiledAsWritten() {
    let code = """
      import UIKit
      import Foundation
        import QuartzCore // for CALayer
      @preconcurrency import CoreGraphics
      import class UIKit.UIView
      @preconcurrency import Dispatch // queues
      """
    #expect(translator.translate(code) == code)
  }

  @Test func translationKeepsTheLineCount() {
    let code = "import UIKit\n@objc func f() {}\nprint(#selector(f))\n"
    let translated = translator.translate(code)
    #expect(translated.split(separator: "\n", omittingEmptySubsequences: false).count
      == code.split(separator: "\n", omittingEmptySubsequences: false).count)
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

  @Test func interfaceBuilderAttributesBecomeSpacesOfTheSameWidth() {
    // swiftc on Linux rejects `@IBOutlet var label: UILabel!` ("@IBOutlet
    // property cannot have non-'@objc' class type"): without a storyboard
    // they only mark the declaration, so they are blanked like `@objc`.
    let code = """
      @IBOutlet weak var titleLabel: UILabel!
      @IBOutlet var cards: [UIView]!
      @IBAction func doneTapped(_ sender: UIButton) {}
      @IBInspectable var cornerRadius: CGFloat = 0
      @IBDesignable final class CardView: UIView {}
      @IBOutletish var notAnAttribute = 0
      let doc = "@IBAction stays in strings" // @IBOutlet in a comment
      """
    let expected = """
                weak var titleLabel: UILabel!
                var cards: [UIView]!
                func doneTapped(_ sender: UIButton) {}
                     var cornerRadius: CGFloat = 0
                    final class CardView: UIView {}
      @IBOutletish var notAnAttribute = 0
      let doc = "@IBAction stays in strings" // @IBOutlet in a comment
      """
    #expect(translator.translate(code) == expected)
  }
}
