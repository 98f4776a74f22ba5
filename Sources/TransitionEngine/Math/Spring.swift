// The damped harmonic oscillator behind CASpringAnimation and UIKit's spring
// animations, normalised so that the animated value x(t) runs from 0 to 1.
//
// Equation of motion for the displacement from the target, y = x − 1:
//
//     m·y'' + c·y' + k·y = 0,   y(0) = −1,   y'(0) = v
//
// with ω0 = √(k/m) (undamped angular frequency), ζ = c / (2√(k·m)) (damping
// ratio) and a = ζ·ω0 (decay rate). Writing C(t), S(t) for
//
//     under-damped (ζ < 1), ωd = ω0·√(1 − ζ²):  C = cos(ωd·t),  S = sin(ωd·t)/ωd
//     critically damped (ζ = 1):                C = 1,          S = t
//     over-damped (ζ > 1),  γ = ω0·√(ζ² − 1):   C = cosh(γ·t),  S = sinh(γ·t)/γ
//
// the solution is, in all three cases,
//
//     x(t)  = 1 − e^(−a·t)·( C + (a − v)·S )
//     x'(t) =     e^(−a·t)·( v·C + (ω0² − a·v)·S )
//
// which gives x(0) = 0, x'(0) = v and x(∞) = 1 (for ζ > 0).

// MARK: - SpringCurve

/// A damped spring's normalised displacement over time, from 0 towards 1.
internal struct SpringCurve: Equatable {
  /// The mass of the object on the spring (m).
  let mass: Double
  /// The spring stiffness coefficient (k).
  let stiffness: Double
  /// The damping coefficient (c).
  let damping: Double
  /// The initial velocity, in units of the total distance per second.
  let initialVelocity: Double
  /// The damping ratio ζ = c / (2√(k·m)).
  let dampingRatio: Double
  /// The undamped angular frequency ω0 = √(k/m), in radians per second.
  let angularFrequency: Double

  // MARK: Initialisers

  /// A spring with CASpringAnimation's physical parameters.
  ///
  /// Mass and stiffness must be positive (CASpringAnimation requires it);
  /// they are clamped to at least 1e-9, and damping to at least 0.
  init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
    let m = max(mass, 1e-9)
    let k = max(stiffness, 1e-9)
    let c = max(damping, 0)
    self.mass = m
    self.stiffness = k
    self.damping = c
    self.initialVelocity = initialVelocity
    self.angularFrequency = (k / m).squareRoot()
    self.dampingRatio = c / (2 * (k * m).squareRoot())
  }

  /// The spring UIKit derives for `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
  ///
  /// Source: Framer's SpringsExample / SpringCurveValueConverter
  /// (`computeDerivedCurveOptions`), the accepted reverse-engineering of
  /// UIKit's mapping: m = 1; ζ clamped to [Double.leastNonzeroMagnitude, 1];
  /// d clamped to [0.01, 10]; ε = 0.001. ω0 solves E(ω0) = ε where E is the
  /// "envelope" at t = d (see `framerEnvelope`):
  ///
  ///     ζ < 1:  E(ω) = ((ζω − v) / (ω·√(1 − ζ²)))·e^(−ζω·d)
  ///     ζ = 1:  E(ω) = e^(−ω·d)·((ω − v)·d + 1)
  ///
  /// then k = ω0², c = 2ζ√k. Reference: d = 3, ζ = 0.25, v = 0 gives
  /// k ≈ 54.834, c ≈ 3.702.
  ///
  /// Root finding: Framer's Newton iteration from 5/d (its `approximateRoot`
  /// with times = 12 runs 11 steps) is used when it lands on the largest root
  /// of |E| = ε. It often does not when v > 0 (E then rises from 0 at
  /// ω = v/ζ before decaying, Newton falls off the hump and diverges; e.g.
  /// ζ 0.5, d 1, v 2), so its result is checked against a bracketed
  /// bisection for that largest root (`largestEnvelopeRoot`), which is used
  /// instead when they differ. The largest root is the spring that has
  /// decayed by t = d; smaller roots are where the sine coefficient happens
  /// to vanish while the spring is still moving. If |E| = ε has no root
  /// (ζ ≲ ε with v = 0), Framer's fallback tension 100 (ω0 = 10) is used.
  init(dampingRatio: Double, duration: Double, initialVelocity: Double) {
    let zeta = min(max(dampingRatio, .leastNonzeroMagnitude), 1)
    let d = min(max(duration, 0.01), 10)
    let v = initialVelocity
    let epsilon = 0.001
    let newton = Self.framerNewtonRoot(zeta: zeta, duration: d, velocity: v, epsilon: epsilon)
    let omega: Double
    if let bracketed = Self.largestEnvelopeRoot(zeta: zeta, duration: d, velocity: v, epsilon: epsilon) {
      omega = abs(newton - bracketed) <= 1e-9 * bracketed ? newton : bracketed
    } else {
      omega = 10
    }
    let k = omega * omega
    self.init(mass: 1, stiffness: k, damping: 2 * zeta * k.squareRoot(), initialVelocity: v)
  }

  /// Framer's envelope E(ω) at t = d (signed; see `init(dampingRatio:duration:initialVelocity:)`).
  static func framerEnvelope(_ omega: Double, zeta: Double, duration d: Double, velocity v: Double) -> Double {
    if zeta < 1 {
      return (zeta * omega - v) / (omega * (1 - zeta * zeta).squareRoot()) * exp(-zeta * omega * d)
    }
    return exp(-omega * d) * ((omega - v) * d + 1)
  }

  /// Framer's `approximateRoot`: 11 Newton steps on ε − E(ω) from 5/d (may diverge).
  private static func framerNewtonRoot(zeta: Double, duration d: Double, velocity v: Double, epsilon: Double) -> Double {
    var omega = 5 / d
    for _ in 1..<12 {
      let step: Double
      if zeta < 1 {
        let root = (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega * d)
        let g = (zeta * omega - v) / (omega * root) * decay
        // g'(ω) = (v + ζωd·v − ζ²ω²d)·e^(−ζωd) / (ω²√(1−ζ²)).
        let gPrime = (v + zeta * omega * d * v - zeta * zeta * omega * omega * d) * decay
          / (omega * omega * root)
        // Framer's derivative of ε − g: −g' while g > 0, +g' once g ≤ 0 (its
        // sign "factor").
        step = (epsilon - g) / (g > 0 ? -gPrime : gPrime)
      } else {
        let decay = exp(-omega * d)
        step = (decay * ((omega - v) * d + 1) - epsilon) / (decay * (v - omega) * d * d)
      }
      omega -= step
    }
    return omega
  }

  /// The largest ω > 0 with |E(ω)| = ε, by bisection on a branch where |E|
  /// is monotonic, or nil if there is none.
  ///
  /// E is positive and, past its peak ω* (ω* = 0 for v ≤ 0), decreasing to
  /// 0. For v > 0 it rises from 0 at ω = v/ζ (ζ < 1; v − 1/d for ζ = 1) to
  /// the peak at ζ²d·ω² − ζd·v·ω − v = 0 (ζ < 1; ω = v for ζ = 1); below
  /// that zero it is negative with |E| decreasing from +∞. So the root is
  /// past the peak if E(peak) ≥ ε, else below the zero.
  static func largestEnvelopeRoot(zeta: Double, duration d: Double, velocity v: Double, epsilon: Double) -> Double? {
    func magnitude(_ omega: Double) -> Double {
      abs(framerEnvelope(omega, zeta: zeta, duration: d, velocity: v))
    }
    // Bisection for |E| = ε on [low, high] with |E| decreasing there.
    func bisect(_ low: Double, _ high: Double) -> Double {
      var (low, high) = (low, high)
      for _ in 0..<200 {
        let mid = (low + high) / 2
        if magnitude(mid) >= epsilon { low = mid } else { high = mid }
        if high - low <= 1e-15 * high { break }
      }
      return (low + high) / 2
    }
    let peak: Double, zero: Double
    if v <= 0 {
      (peak, zero) = (0, 0)
    } else if zeta < 1 {
      let z2d = zeta * zeta * d
      peak = (zeta * d * v + (zeta * zeta * d * d * v * v + 4 * z2d * v).squareRoot()) / (2 * z2d)
      zero = v / zeta
    } else {
      (peak, zero) = (v, v - 1 / d)
    }
    guard peak.isFinite, zero.isFinite else { return nil }

    if peak == 0 || magnitude(peak) >= epsilon {
      // Past the peak: find a bracket [low, high] around the crossing.
      var high = max(2 * peak, 5 / d)
      while magnitude(high) >= epsilon {
        high *= 2
        if !high.isFinite { return nil }
      }
      var low = peak > 0 ? peak : high
      if peak == 0 {
        while magnitude(low) < epsilon {
          low /= 2
          if low < 1e-300 { return nil }
        }
      }
      return bisect(low, high)
    }
    // Below the zero, where E < 0 and |E| falls from +∞ to 0.
    var low = zero / 2
    while magnitude(low) < epsilon {
      low /= 2
      if low < 1e-300 { return nil }
    }
    return bisect(low, zero)
  }

  /// The spring of iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)` /
  /// SwiftUI's `Spring(duration:bounce:)`.
  ///
  /// m = 1, k = (2π / duration)², ζ = 1 − bounce for bounce ≥ 0 and
  /// 1 / (1 + bounce) for bounce < 0, c = 2ζ√k. Duration is clamped to at
  /// least 1e-3 and bounce to [−0.999, 1].
  init(perceptualDuration: Double, bounce: Double, initialVelocity: Double) {
    let duration = max(perceptualDuration, 1e-3)
    let bounce = min(max(bounce, -0.999), 1)
    let k = pow(2 * Double.pi / duration, 2)
    let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(mass: 1, stiffness: k, damping: 2 * zeta * k.squareRoot(), initialVelocity: initialVelocity)
  }

  // MARK: Evaluation

  /// The decay rate a = ζ·ω0 of the envelope e^(−a·t).
  private var decayRate: Double { dampingRatio * angularFrequency }

  /// The displacement at time `t` (0 at t ≤ 0, tending to 1). Allocation-free.
  func value(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    let a = decayRate
    let (c, s, envelope) = basis(at: t)
    return 1 - envelope * (c + (a - initialVelocity) * s)
  }

  /// The velocity dx/dt at time `t`, in total distances per second.
  func velocity(at t: Double) -> Double {
    guard t > 0 else { return initialVelocity }
    let a = decayRate
    let w0 = angularFrequency
    let (c, s, envelope) = basis(at: t)
    return envelope * (initialVelocity * c + (w0 * w0 - a * initialVelocity) * s)
  }

  /// C(t), S(t) and e^(−a·t) for the damping regime (see the file header).
  /// In the over-damped case the exponentials are combined so that nothing
  /// overflows: e^(−at)·cosh(γt) = e^((γ−a)t)·(1 + e^(−2γt))/2 and
  /// e^(−at)·sinh(γt)/γ = e^((γ−a)t)·(−expm1(−2γt))/(2γ); the returned
  /// envelope is then e^((γ−a)t) and C, S carry the remaining factors.
  @inline(__always)
  private func basis(at t: Double) -> (c: Double, s: Double, envelope: Double) {
    let a = decayRate
    let zeta = dampingRatio
    let w0 = angularFrequency
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      return (cos(wd * t), sin(wd * t) / wd, exp(-a * t))
    } else if zeta == 1 {
      return (1, t, exp(-a * t))
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let gamma = w0 * root
      // γ − a = −ω0/(ζ + √(ζ² − 1)), without the cancellation of γ − a.
      let slowRate = -w0 / (zeta + root)
      let e2 = exp(-2 * gamma * t)
      return ((1 + e2) / 2, -expm1(-2 * gamma * t) / (2 * gamma), exp(slowRate * t))
    }
  }

  // MARK: Settling

  /// The time after which |1 − x(t)| stays below 0.001, from the envelope.
  ///
  /// Choice: instead of sampling the oscillation we bound it. For ζ < 1,
  /// 1 − x = e^(−at)·(cos ωd·t + K·sin ωd·t) with K = (a − v)/ωd and
  /// |cos + K·sin| ≤ √(1 + K²), so the result is ln(√(1 + K²)/ε)/a in
  /// closed form (the bound is reached once per half period, so it is tight
  /// to within half a period).
  /// For ζ ≥ 1 the bound e^(−at)·(C + |a − v|·S) is unimodal with value 1 at
  /// t = 0, so the last crossing of ε is found by bisection. The estimate is
  /// conservative: x has settled by then. (Apple's documentation quotes
  /// ≈ 2.85 s for m 1, k 100, c 5 and "just over 1 s" for c 15; this gives
  /// 2.78 s and 0.98 s.) An undamped spring (ζ = 0) never settles: infinity.
  var settlingDuration: Double {
    let epsilon = 0.001
    let a = decayRate
    guard a > 0 else { return .infinity }
    let zeta = dampingRatio
    if zeta < 1 {
      let wd = angularFrequency * (1 - zeta * zeta).squareRoot()
      let k = (a - initialVelocity) / wd
      return log((1 + k * k).squareRoot() / epsilon) / a
    }
    let slope = abs(a - initialVelocity)
    func bound(_ t: Double) -> Double {
      let (c, s, envelope) = basis(at: t)
      return envelope * (c + slope * s)
    }
    // Grow an upper bracket until the bound is below ε, then bisect.
    var high = 1 / a
    while bound(high) >= epsilon {
      high *= 2
      if !high.isFinite { return .infinity }
    }
    var low = 0.0
    for _ in 0..<100 {
      let mid = (low + high) / 2
      if bound(mid) >= epsilon { low = mid } else { high = mid }
      if high - low <= 1e-12 * high { break }
    }
    return high
  }
}
