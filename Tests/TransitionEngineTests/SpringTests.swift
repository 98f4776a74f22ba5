import Testing
@testable import TransitionEngine

// Tests for SpringCurve: the closed-form solution of m·x'' + c·x' + k·(x − 1) = 0
// with x(0) = 0, x'(0) = v, the UIKit (Framer) and iOS 17 parameter mappings,
// overshoot and the settling duration.

@Suite("SpringCurve")
struct SpringTests {
  // MARK: - Helpers

  private func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
  }

  /// One spring per regime, with and without initial velocity.
  private let springs: [SpringCurve] = [
    SpringCurve(mass: 1, stiffness: 100, damping: 8, initialVelocity: 0),     // ζ = 0.4
    SpringCurve(mass: 2, stiffness: 300, damping: 10, initialVelocity: 3),    // under-damped, v > 0
    SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),    // ζ = 1
    SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: -4),   // ζ = 1, v < 0
    SpringCurve(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0),    // ζ = 2.5
    SpringCurve(mass: 0.5, stiffness: 80, damping: 30, initialVelocity: 6),   // over-damped, v > 0
    SpringCurve(mass: 1, stiffness: 100, damping: 20.000001, initialVelocity: 1),  // just over-damped
  ]

  // MARK: - The closed form

  @Test func startsAtZeroWithTheInitialVelocity() {
    for spring in springs {
      #expect(spring.value(at: 0) == 0)
      #expect(spring.value(at: -1) == 0)
      #expect(close(spring.velocity(at: 0), spring.initialVelocity, 1e-12))
      // One-sided difference near t = 0.
      let h = 1e-7
      #expect(close(spring.value(at: h) / h, spring.initialVelocity, 1e-4), "\(spring)")
    }
  }

  @Test func satisfiesTheEquationOfMotion() {
    for spring in springs {
      for t in [0.05, 0.2, 0.5, 1.1] {
        let h = 1e-5
        // velocity(at:) is the derivative of value(at:).
        let dx = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
        #expect(close(dx, spring.velocity(at: t), 1e-6), "\(spring) t=\(t)")
        // m·x'' + c·x' + k·(x − 1) = 0.
        let ddx = (spring.velocity(at: t + h) - spring.velocity(at: t - h)) / (2 * h)
        let residual = spring.mass * ddx + spring.damping * spring.velocity(at: t)
          + spring.stiffness * (spring.value(at: t) - 1)
        #expect(abs(residual) < 1e-4 * spring.stiffness, "\(spring) t=\(t) residual \(residual)")
      }
    }
  }

  @Test func settlesAtOne() {
    for spring in springs {
      #expect(close(spring.value(at: 30), 1, 1e-9), "\(spring)")
      #expect(close(spring.velocity(at: 30), 0, 1e-8), "\(spring)")
      #expect(spring.value(at: 1e6).isFinite)
    }
  }

  @Test func derivedQuantities() {
    let s = SpringCurve(mass: 2, stiffness: 200, damping: 8, initialVelocity: 0)
    #expect(close(s.angularFrequency, 10, 1e-12))         // √(200/2)
    #expect(close(s.dampingRatio, 8 / (2 * 20.0), 1e-12))  // c / (2√(k·m))
  }

  // MARK: - Overshoot

  @Test func underDampedSpringOvershootsByTheKnownPeak() {
    // ζ = 0.4, ω0 = 10: first peak at π/ωd with x = 1 + e^(−ζπ/√(1−ζ²)).
    let spring = SpringCurve(mass: 1, stiffness: 100, damping: 8, initialVelocity: 0)
    #expect(close(spring.dampingRatio, 0.4, 1e-12))
    let zeta = 0.4
    let wd = 10 * (1 - zeta * zeta).squareRoot()
    let peak = 1 + exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
    #expect(close(spring.value(at: .pi / wd), peak, 1e-12))
    #expect(close(peak, 1.25382, 1e-5))
    #expect(close(spring.velocity(at: .pi / wd), 0, 1e-12))
    let sampledMax = (0...4000).map { spring.value(at: Double($0) / 1000) }.max()!
    #expect(close(sampledMax, peak, 1e-5))
  }

  @Test func criticallyAndOverDampedSpringsDoNotOvershoot() {
    let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
    let over = SpringCurve(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0)
    #expect(critical.dampingRatio == 1)
    for spring in [critical, over] {
      var previous = 0.0
      for i in 1...5000 {
        let x = spring.value(at: Double(i) / 500)
        #expect(x <= 1 && x >= previous, "\(spring)")
        previous = x
      }
    }
    // Critically damped closed form: x = 1 − e^(−ω0 t)(1 + ω0 t).
    #expect(close(critical.value(at: 0.3), 1 - exp(-3) * 4, 1e-14))
  }

  // MARK: - UIKit's duration/damping-ratio spring (Framer's derivation)

  @Test func framerReferenceSpring() {
    let spring = SpringCurve(dampingRatio: 0.25, duration: 3, initialVelocity: 0)
    #expect(spring.mass == 1)
    #expect(close(spring.stiffness, 54.834, 1e-3))
    #expect(close(spring.damping, 3.702, 1e-3))
    #expect(close(spring.dampingRatio, 0.25, 1e-12))
    // The envelope equation holds at t = d.
    let w0 = spring.angularFrequency
    let coefficient = 0.25 * w0 / (w0 * (1 - 0.0625).squareRoot()) * exp(-0.25 * w0 * 3)
    #expect(close(coefficient, 0.001, 1e-9))
  }

  @Test func framerDerivationWithVelocityAndCriticalDamping() {
    // v > 0: Framer's Newton iteration diverges here; the bracketed root is used.
    let moving = SpringCurve(dampingRatio: 0.5, duration: 1, initialVelocity: 2)
    let w0 = moving.angularFrequency
    let envelope = (0.5 * w0 - 2) / (w0 * 0.75.squareRoot()) * exp(-0.5 * w0)
    #expect(close(envelope, 0.001, 1e-9))
    #expect(w0 > 2 / 0.5)  // on the decaying side of the envelope's hump
    #expect(moving.initialVelocity == 2)

    let critical = SpringCurve(dampingRatio: 1, duration: 0.5, initialVelocity: 0)
    let wc = critical.angularFrequency
    #expect(close(exp(-wc * 0.5) * (wc * 0.5 + 1), 0.001, 1e-9))
    #expect(close(critical.dampingRatio, 1, 1e-12))
    // Clamping: damping ratio above 1 is treated as 1, duration to [0.01, 10].
    #expect(SpringCurve(dampingRatio: 3, duration: 0.5, initialVelocity: 0) == critical)
    #expect(SpringCurve(dampingRatio: 0.5, duration: 50, initialVelocity: 0)
      == SpringCurve(dampingRatio: 0.5, duration: 10, initialVelocity: 0))
  }

  @Test func framerDerivationFindsTheLargestEnvelopeRootEverywhere() {
    for zeta in [0.05, 0.2, 0.3, 0.5, 0.7, 0.9, 1.0] {
      for duration in [0.1, 0.3, 0.5, 1.0, 2.0, 5.0] {
        for velocity in [-10.0, -1, 0, 0.5, 1, 2, 5, 10, 30] {
          let spring = SpringCurve(dampingRatio: zeta, duration: duration, initialVelocity: velocity)
          let w = spring.angularFrequency
          let label = "ζ \(zeta) d \(duration) v \(velocity) ω0 \(w)"
          #expect(w.isFinite && w > 0, "\(label)")
          let e = { (omega: Double) in
            abs(SpringCurve.framerEnvelope(omega, zeta: zeta, duration: duration, velocity: velocity))
          }
          #expect(close(e(w), 0.001, 1e-9), "\(label)")
          // Largest root: the envelope stays below ε for every larger ω0.
          for factor in [1.01, 1.1, 1.5, 2, 4, 10] {
            #expect(e(w * factor) < 0.001, "\(label) ×\(factor)")
          }
        }
      }
    }
  }

  @Test func framerSpringIsSettledAtItsDuration() {
    // At t = d Framer's criterion bounds the sine coefficient by ε, so the gap
    // is within the full envelope √(1 + K²)·e^(−ζω0·d) = ε·√(1 + K²)/K.
    for (ratio, duration) in [(0.25, 3.0), (0.5, 0.5), (0.8, 0.35), (0.95, 0.4)] {
      let spring = SpringCurve(dampingRatio: ratio, duration: duration, initialVelocity: 0)
      let k = ratio / (1 - ratio * ratio).squareRoot()
      let bound = 0.001 * (1 + k * k).squareRoot() / k
      #expect(abs(1 - spring.value(at: duration)) <= bound + 1e-12, "ζ \(ratio) d \(duration)")
      #expect(close(spring.settlingDuration, duration + log((1 + k * k).squareRoot() / k) / (spring.dampingRatio * spring.angularFrequency), 1e-9))
    }
    let critical = SpringCurve(dampingRatio: 1, duration: 0.4, initialVelocity: 0)
    #expect(close(1 - critical.value(at: 0.4), 0.001, 1e-9))
    #expect(close(critical.settlingDuration, 0.4, 1e-9))
  }

  // MARK: - iOS 17 duration/bounce spring

  @Test func perceptualDurationReference() {
    let spring = SpringCurve(perceptualDuration: 0.5, bounce: 0.3, initialVelocity: 0)
    #expect(close(spring.stiffness, 157.9137, 1e-4))  // (2π/0.5)²
    #expect(close(spring.damping, 17.5929, 1e-4))     // 2·0.7·√k
    #expect(close(spring.dampingRatio, 0.7, 1e-12))
    let smooth = SpringCurve(perceptualDuration: 1, bounce: 0, initialVelocity: 0)
    #expect(close(smooth.dampingRatio, 1, 1e-12))
    let flat = SpringCurve(perceptualDuration: 1, bounce: -0.5, initialVelocity: 0)
    #expect(close(flat.dampingRatio, 2, 1e-12))  // 1 / (1 − 0.5)
  }

  @Test func stronglyOverDampedSpringIsStable() {
    // bounce −0.9 → ζ = 10: a slow creep with no overflow or cancellation.
    let spring = SpringCurve(perceptualDuration: 0.5, bounce: -0.9, initialVelocity: 0)
    #expect(close(spring.dampingRatio, 10, 1e-9))
    var previous = 0.0
    for i in 1...400 {
      let x = spring.value(at: Double(i) / 20)
      #expect(x >= previous && x <= 1)
      previous = x
    }
    // Slow mode: 1 − x ≈ A·e^(−ω0/(ζ + √(ζ² − 1))·t) at large t.
    let rate = spring.angularFrequency / (10 + 99.0.squareRoot())
    let r1 = (1 - spring.value(at: 20)) / (1 - spring.value(at: 10))
    #expect(close(r1, exp(-rate * 10), 1e-9))
    #expect(spring.settlingDuration.isFinite)
    #expect(close(1 - spring.value(at: spring.settlingDuration), 0.001, 1e-9))
  }

  // MARK: - Settling duration

  @Test func settlingDurationBoundsTheOscillation() {
    for spring in springs {
      let settle = spring.settlingDuration
      #expect(settle > 0 && settle.isFinite)
      for i in 0...2000 {
        let t = settle + Double(i) / 200
        #expect(abs(1 - spring.value(at: t)) <= 0.001 + 1e-12, "\(spring) t=\(t)")
      }
    }
  }

  @Test func settlingDurationIsTightForTheUnderDampedEnvelope() {
    // Within the last half period the oscillation touches the envelope ≥ ε.
    let spring = SpringCurve(mass: 1, stiffness: 100, damping: 8, initialVelocity: 0)
    let settle = spring.settlingDuration
    let halfPeriod = Double.pi / (10 * (1 - 0.16).squareRoot())
    let largest = (0...2000).map { abs(1 - spring.value(at: settle - halfPeriod * Double($0) / 2000)) }.max()!
    #expect(largest >= 0.000999)
    // Closed form: ln(√(1 + K²)/ε)/a with a = ζω0, K = a/ωd.
    let a = 4.0, k = a / (10 * (1 - 0.16).squareRoot())
    #expect(close(settle, log((1 + k * k).squareRoot() / 0.001) / a, 1e-12))
  }

  @Test func settlingDurationOfCriticalDampingIsWhereTheGapIsEpsilon() {
    let spring = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
    let settle = spring.settlingDuration
    #expect(close(1 - spring.value(at: settle), 0.001, 1e-9))
    let over = SpringCurve(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0)
    #expect(close(1 - over.value(at: over.settlingDuration), 0.001, 1e-9))
  }

  @Test func settlingDurationIsNearApplesDocumentedValues() {
    // CASpringAnimation docs: mass 1, stiffness 100, damping 5 → "approximately 2.85 s";
    // damping 15 → "just over 1 second". The envelope estimate is within 5 %.
    let bouncy = SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
    #expect(abs(bouncy.settlingDuration - 2.85) / 2.85 < 0.05)
    let firm = SpringCurve(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0)
    #expect(abs(firm.settlingDuration - 1.0) < 0.05)
  }

  @Test func undampedSpringNeverSettles() {
    let spring = SpringCurve(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0)
    #expect(spring.settlingDuration == .infinity)
    #expect(close(spring.value(at: .pi / 10), 2, 1e-12))  // x = 1 − cos(10t)
  }
}
