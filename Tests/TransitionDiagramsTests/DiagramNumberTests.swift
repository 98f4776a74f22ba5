import TestSupport
import Testing
@testable import TransitionDiagrams
@testable import TransitionEngine

@Suite("Diagram numbers")
struct DiagramNumberTests {
  @Test func diagramNumberPrintsWhatFormatPrints() {
    var random = SplitMix64(seed: 42)
    var values: [Double] = [0, -0.0, 0.0004, -0.0004, 0.0005, 1, -1, 0.5, -1.5, 12.25, 1 / 3, 2 / 3, 245.38, 1e9 + 0.125]
    for _ in 0..<10_000 {
      let magnitude = [1.0, 10, 1000, 1e6][Int.random(in: 0...3, using: &random)]
      values.append(Double.random(in: -magnitude...magnitude, using: &random))
    }
    for v in values { #expect(diagramNumber(v) == format(v), "\(v)") }
    #expect(diagramNumber(.nan) == "nan" && diagramNumber(-.infinity) == "-inf")
    #expect(diagramNumber(1e300) == String(format: "%.0f", 1e300))
  }
}
