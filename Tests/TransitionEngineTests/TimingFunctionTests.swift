import Testing
@testable import TransitionEngine

// Tests for CAMediaTimingFunction: Apple's control points for each name and
// progress(at:) against an independent evaluation of the Bézier definition.

@Suite("CAMediaTimingFunction")
struct TimingFunctionTests {
  // MARK: - Helpers

  /// Control points of a function, read through the public API.
  private func controlPoints(_ f: CAMediaTimingFunction) -> [[Float]] {
    (0...3).map { index in
      var values: [Float] = [-9, -9]
      values.withUnsafeMutableBufferPointer { f.getControlPoint(at: index, values: $0.baseAddress!) }
      return values
    }
  }

  /// The Bernstein form B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
  private func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// y at time fraction x, by bisection on the Bernstein form (independent of the engine).
  private func referenceProgress(_ x: Double, _ c: (Float, Float, Float, Float)) -> Double {
    let (x1, y1, x2, y2) = (Double(c.0), Double(c.1), Double(c.2), Double(c.3))
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if bernstein(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return bernstein((low + high) / 2, y1, y2)
  }

  private let samples: [Double] = (0...40).map { Double($0) / 40 } + [0.001, 0.013, 0.333, 0.6789, 0.999]

  private let named: [(CAMediaTimingFunctionName, (Float, Float, Float, Float))] = [
    (.linear, (0, 0, 1, 1)),
    (.easeIn, (0.42, 0, 1, 1)),
    (.easeOut, (0, 0, 0.58, 1)),
    (.easeInEaseOut, (0.42, 0, 0.58, 1)),
    (.default, (0.25, 0.1, 0.25, 1)),
  ]

  // MARK: - Names and control points

  @Test func namesHaveCoreAnimationRawValues() {
    #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
    #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
    #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
    #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
    #expect(CAMediaTimingFunctionName.default.rawValue == "default")
    #expect(CAMediaTimingFunctionName(rawValue: "easeIn") == .easeIn)
  }

  @Test func namedFunctionsHaveApplesControlPoints() {
    for (name, c) in named {
      let points = controlPoints(CAMediaTimingFunction(name: name))
      #expect(points == [[0, 0], [c.0, c.1], [c.2, c.3], [1, 1]], "\(name.rawValue)")
    }
    let custom = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
    #expect(controlPoints(custom) == [[0, 0], [0.1, 0.2], [0.3, 0.4], [1, 1]])
  }

  // MARK: - Progress

  @Test func namedCurvesMatchAnIndependentBezierEvaluation() {
    for (name, c) in named {
      let f = CAMediaTimingFunction(name: name)
      for x in samples {
        let expected = referenceProgress(x, c)
        #expect(abs(f.progress(at: x) - expected) < 1e-6, "\(name.rawValue) at \(x)")
      }
    }
  }

  @Test func customCurvesWithOvershootMatchTheReference() {
    let c: (Float, Float, Float, Float) = (0.5, -0.5, 0.5, 1.5)
    let f = CAMediaTimingFunction(controlPoints: c.0, c.1, c.2, c.3)
    for x in samples {
      #expect(abs(f.progress(at: x) - referenceProgress(x, c)) < 1e-6, "at \(x)")
    }
    // Steep start (x1 = 0): the Newton fallback to bisection still converges.
    let steep: (Float, Float, Float, Float) = (0, 0.9, 0.1, 1)
    let g = CAMediaTimingFunction(controlPoints: steep.0, steep.1, steep.2, steep.3)
    for x in samples where x > 0.01 {
      #expect(abs(g.progress(at: x) - referenceProgress(x, steep)) < 1e-6, "steep at \(x)")
    }
  }

  @Test func knownValues() {
    // Symmetric curve: half way in time is half way in progress (to 1e-7: the
    // Float control points 0.42 and 0.58 are not exactly symmetric about 0.5).
    #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.5) - 0.5) < 1e-7)
    let reference = referenceProgress(0.5, (0.42, 0, 0.58, 1))
    #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.5) - reference) < 1e-9)
    // Linear is the identity, exactly.
    let linear = CAMediaTimingFunction(name: .linear)
    for x in samples { #expect(linear.progress(at: x) == x) }
    // easeIn starts slowly, easeOut fast.
    #expect(CAMediaTimingFunction(name: .easeIn).progress(at: 0.25) < 0.25)
    #expect(CAMediaTimingFunction(name: .easeOut).progress(at: 0.25) > 0.25)
  }

  @Test func progressClampsOutsideTheUnitInterval() {
    let f = CAMediaTimingFunction(name: .default)
    #expect(f.progress(at: 0) == 0)
    #expect(f.progress(at: -0.5) == 0)
    #expect(f.progress(at: 1) == 1)
    #expect(f.progress(at: 1.7) == 1)
  }

  @Test func namedCurvesAreMonotonic() {
    for (name, _) in named {
      let f = CAMediaTimingFunction(name: name)
      var previous = 0.0
      for i in 1...1000 {
        let y = f.progress(at: Double(i) / 1000)
        #expect(y >= previous - 1e-12, "\(name.rawValue)")
        previous = y
      }
    }
  }

  // MARK: - NSObject behaviour

  @Test func equalityFollowsTheControlPoints() {
    let named = CAMediaTimingFunction(name: .easeIn)
    let explicit = CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)
    #expect(named.isEqual(explicit))
    #expect(named == explicit)
    #expect(named.hash == explicit.hash)
    #expect(!named.isEqual(CAMediaTimingFunction(name: .easeOut)))
    #expect(!named.isEqual("easeIn"))
    #expect(Set([named, explicit, CAMediaTimingFunction(name: .linear)]).count == 2)
  }

  @Test func descriptionMentionsTheNameAndPoints() {
    #expect(CAMediaTimingFunction(name: .easeOut).description.contains("easeOut"))
    #expect(CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).description.contains("0.3"))
  }
}
