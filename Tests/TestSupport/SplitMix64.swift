// SplitMix64 (Steele, Lea and Flood; Vigna's reference constants): the one
// seeded generator of the package's property tests. A seed fixes every case
// a test draws, on every machine and every run.

/// A small deterministic random number generator, seeded by one number.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  /// The generator's whole state; a generator made with this seed continues
  /// exactly where this one is.
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
