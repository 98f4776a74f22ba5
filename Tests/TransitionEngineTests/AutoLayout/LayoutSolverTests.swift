import Testing
@testable import TransitionEngine

/// The simplex solver on its own, against hand-solved systems.
@Suite struct LayoutSolverTests {
  private func v(_ variable: Int, _ k: Double = 1) -> LinearExpression { LinearExpression(variable: variable) * k }

  @Test("Equalities: x = 10, y = x + 5, z = 2y solve exactly")
  func equalities() throws {
    let s = LayoutSolver()
    let x = s.newVariable(), y = s.newVariable(), z = s.newVariable()
    try s.add(v(x) + -10, .equal, priority: nil, tag: 0)
    try s.add(v(y) - v(x) + -5, .equal, priority: nil, tag: 1)
    try s.add(v(z) - v(y, 2), .equal, priority: nil, tag: 2)
    #expect(s.value(of: x) == 10)
    #expect(s.value(of: y) == 15)
    #expect(s.value(of: z) == 30)
  }

  @Test("A stronger optional constraint wins over a weaker one; a required bound limits both")
  func priorities() throws {
    let s = LayoutSolver()
    let w = s.newVariable()
    try s.add(v(w) + -300, .equal, priority: 750, tag: 0)
    try s.add(v(w) + -200, .equal, priority: 250, tag: 1)
    #expect(s.value(of: w) == 300)
    try s.add(v(w) + -250, .lessThanOrEqual, priority: nil, tag: 2)
    #expect(s.value(of: w) == 250)
  }

  @Test("Priorities are lexicographic: many weak errors never outweigh one stronger")
  func lexicographic() throws {
    let s = LayoutSolver()
    let a = s.newVariable()
    for i in 0..<50 { try s.add(v(a) + -0, .equal, priority: 1, tag: i) }
    try s.add(v(a) + -100, .equal, priority: 2, tag: 99)
    #expect(s.value(of: a) == 100)
  }

  @Test("Inequalities: x ≥ 10, x ≤ 20 with a preference for 50 ends at 20")
  func inequalities() throws {
    let s = LayoutSolver()
    let x = s.newVariable()
    try s.add(v(x) + -10, .greaterThanOrEqual, priority: nil, tag: 0)
    try s.add(v(x) + -20, .lessThanOrEqual, priority: nil, tag: 1)
    try s.add(v(x) + -50, .equal, priority: 500, tag: 2)
    #expect(s.value(of: x) == 20)
  }

  @Test("Conflicting required constraints throw and name the ones that bind")
  func unsatisfiable() throws {
    let s = LayoutSolver()
    let x = s.newVariable(), y = s.newVariable()
    let z = s.newVariable()
    try s.add(v(x) + -10, .equal, priority: nil, tag: 0)
    try s.add(v(y) + -5, .equal, priority: nil, tag: 1)
    try s.add(v(z) + -7, .equal, priority: nil, tag: 2)  // unrelated
    do {
      try s.add(v(y) - v(x), .greaterThanOrEqual, priority: nil, tag: 3)
      Issue.record("y ≥ x cannot hold with x = 10, y = 5")
    } catch let error as LayoutSolver.Unsatisfiable {
      #expect(error.conflicting.sorted() == [0, 1], "the unrelated z = 7 is not part of the conflict")
    }
    let t = LayoutSolver()
    let a = t.newVariable()
    try t.add(v(a) + -100, .equal, priority: nil, tag: 0)
    #expect(throws: LayoutSolver.Unsatisfiable.self) { try t.add(v(a) + -200, .equal, priority: nil, tag: 1) }
  }
}
