import Testing

func expectClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6,
                 sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b)", sourceLocation: sourceLocation)
}
