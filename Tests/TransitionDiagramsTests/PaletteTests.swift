import Testing
@testable import TransitionDiagrams
import TransitionEngine

/// Fill characters are a function of the colour, so that the expected and
/// the actual diagram of a failing snippet fill a colour alike.
@Suite("Fill palette")
struct PaletteTests {
  static let colors: [UIColor] = [
    .white, .systemTeal, .systemYellow, .systemIndigo, .systemOrange, .systemBackground,
    UIColor(red: 0.5, green: 0.1, blue: 0.3, alpha: 1), UIColor(red: 0.2, green: 0.3, blue: 0.1, alpha: 1),
    UIColor(red: 0.95, green: 0.9, blue: 0.85, alpha: 1),
  ]

  /// The characters of a scene whose views have `colors`, drawn in that order.
  func characters(_ colors: [UIColor]) -> [String: Character] {
    let capture = captureScene { window in
      let screen = background(in: window)
      for (i, color) in colors.enumerated() {
        screen.addSubview(box("v\(i)", 10, Double(20 + 40 * i), 200, 30, color))
      }
    }
    let entries = FillPalette.standard.assignment(for: [capture]).entries
    return Dictionary(uniqueKeysWithValues: entries.map { ($0.colorName, $0.character) })
  }

  @Test("a colour's character does not depend on the order in which the figure draws its colours")
  func charactersDoNotDependOnDrawingOrder() {
    let forward = characters(Self.colors)
    #expect(characters(Self.colors.reversed()) == forward)
    #expect(characters([Self.colors[3], Self.colors[7], Self.colors[1], Self.colors[6], Self.colors[2]])
            .allSatisfy { forward[$0.key] == $0.value })
    #expect(Set(forward.values).count == forward.count, "no two colours of one figure share a character: \(forward)")
  }

  @Test("the book's colours keep their characters in every figure")
  func theBooksColoursArePinned() {
    let alone = characters([.systemYellow])
    #expect(alone["systemYellow"] == "~")
    let drawn = characters([.systemOrange, .systemTeal, .systemIndigo, .systemYellow, .systemBackground])
    #expect(drawn == ["white": ".", "systemOrange": "^", "systemTeal": "&", "systemIndigo": "$",
                      "systemYellow": "~", "systemBackground": "`"])
  }

  @Test("another colour's character is a hash of its name, the same on every run")
  func otherColoursHashTheirNames() {
    #expect(FillPalette.stableHash("#801A4D") == FillPalette.stableHash("#801A4D"))
    #expect(FillPalette.stableHash("a") == 0xaf63_dc4c_8601_ec8c)  // FNV-1a 64 of "a"
    let dark = characters([UIColor(red: 0.5, green: 0.1, blue: 0.3, alpha: 1)])["#801A4D"]
    #expect(dark == "\"" || dark == ";")
    #expect(characters([UIColor(red: 0.95, green: 0.9, blue: 0.85, alpha: 1)])["#F2E6D9"] == "_")
  }
}
