// LayoutSolver: an exact linear-constraint solver in the Cassowary style
// (Badros, Borning & Stuckey 2001; the incremental simplex that Auto Layout
// descends from). Equalities and inequalities, each required or optional
// with a priority; optional constraints of a higher priority are satisfied
// before any of a lower one (lexicographic objectives, one per level).
//
// Everything is deterministic: rows keep their terms sorted by symbol
// number and every pivot choice breaks ties by the lowest symbol number.

/// A linear expression: Σ coefficient × variable + constant.
struct LinearExpression {
  var terms: [(variable: Int, coefficient: Double)] = []
  var constant: Double = 0

  init(constant: Double = 0) { self.constant = constant }
  init(variable: Int, coefficient: Double = 1) { terms = [(variable, coefficient)] }

  static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
    var r = a
    r.terms += b.terms
    r.constant += b.constant
    return r
  }

  static func * (a: LinearExpression, k: Double) -> LinearExpression {
    var r = a
    r.terms = r.terms.map { ($0.variable, $0.coefficient * k) }
    r.constant *= k
    return r
  }

  static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
  static func + (a: LinearExpression, k: Double) -> LinearExpression { a + LinearExpression(constant: k) }
}

/// A solver for one layout: add variables and constraints, then read values.
final class LayoutSolver {
  /// Whether required equalities keep a marker in the tableau, so that a
  /// conflict can name every constraint involved. Without it, rows stay
  /// sparse (faster) and a conflict names only required inequalities.
  let explainsConflicts: Bool

  init(explainsConflicts: Bool = true) { self.explainsConflicts = explainsConflicts }

  enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

  /// Why a required constraint could not be added: the required constraints
  /// (by the tags they were added with) that bind the conflict.
  struct Unsatisfiable: Error { var conflicting: [Int] }

  // MARK: Symbols

  private enum Kind: UInt8 { case external, slack, error, dummy }

  private typealias Symbol = Int
  private var kinds: [Kind] = []

  private func newSymbol(_ kind: Kind) -> Symbol {
    kinds.append(kind)
    rows.append(nil)
    appearsInRows.append(false)
    return kinds.count - 1
  }

  /// Creates a variable; its value is 0 unless constraints say otherwise.
  func newVariable() -> Int { newSymbol(.external) }

  // MARK: Rows

  /// A row of the tableau: basic symbol = constant + Σ cells (sorted by symbol).
  private struct Row {
    var constant: Double
    var symbols: [Symbol] = []
    var coefficients: [Double] = []

    init(constant: Double) { self.constant = constant }

    func index(of symbol: Symbol) -> (found: Bool, at: Int) {
      var lo = 0, hi = symbols.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if symbols[mid] < symbol { lo = mid + 1 } else { hi = mid }
      }
      return (lo < symbols.count && symbols[lo] == symbol, lo)
    }

    func coefficient(for symbol: Symbol) -> Double {
      let (found, at) = index(of: symbol)
      return found ? coefficients[at] : 0
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
      let (found, at) = index(of: symbol)
      if found {
        let sum = coefficients[at] + coefficient
        if nearZero(sum) {
          symbols.remove(at: at)
          coefficients.remove(at: at)
        } else {
          coefficients[at] = sum
        }
      } else if !nearZero(coefficient) {
        symbols.insert(symbol, at: at)
        coefficients.insert(coefficient, at: at)
      }
    }

    /// Adds `factor × row` (a linear merge of the two sorted term lists).
    mutating func insert(_ row: Row, _ factor: Double = 1) {
      constant += row.constant * factor
      if row.symbols.count == 1 {
        insert(row.symbols[0], row.coefficients[0] * factor)
        return
      }
      var mergedSymbols: [Symbol] = []
      var mergedCoefficients: [Double] = []
      mergedSymbols.reserveCapacity(symbols.count + row.symbols.count)
      mergedCoefficients.reserveCapacity(symbols.count + row.symbols.count)
      var i = 0, j = 0
      while i < symbols.count || j < row.symbols.count {
        let a = i < symbols.count ? symbols[i] : Int.max
        let b = j < row.symbols.count ? row.symbols[j] : Int.max
        var symbol = a, value = 0.0
        if a < b {
          value = coefficients[i]
          i += 1
        } else if b < a {
          symbol = b
          value = row.coefficients[j] * factor
          j += 1
        } else {
          value = coefficients[i] + row.coefficients[j] * factor
          i += 1
          j += 1
        }
        if !nearZero(value) {
          mergedSymbols.append(symbol)
          mergedCoefficients.append(value)
        }
      }
      symbols = mergedSymbols
      coefficients = mergedCoefficients
    }

    mutating func remove(_ symbol: Symbol) {
      let (found, at) = index(of: symbol)
      if found {
        symbols.remove(at: at)
        coefficients.remove(at: at)
      }
    }

    mutating func reverseSign() {
      constant = -constant
      for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Solves `0 = self` for `symbol` (which must be in the row).
    mutating func solve(for symbol: Symbol) {
      let c = -1 / coefficient(for: symbol)
      remove(symbol)
      constant *= c
      for i in coefficients.indices { coefficients[i] *= c }
    }

    /// Solves `lhs = self` for `rhs` (self contains rhs, not lhs).
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
      insert(lhs, -1)
      solve(for: rhs)
    }

    /// Replaces `symbol` by `row`.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
      let (found, at) = index(of: symbol)
      guard found else { return }
      let c = coefficients[at]
      symbols.remove(at: at)
      coefficients.remove(at: at)
      insert(row, c)
    }
  }

  /// The row of each basic symbol, indexed by symbol (nil: not basic).
  private var rows: [Row?] = []
  /// Whether a symbol was ever a term of a stored row (if not, substituting
  /// it needs doing in the objectives only).
  private var appearsInRows: [Bool] = []
  /// The basic symbols, sorted, for deterministic scans.
  private var basicSymbols: [Symbol] = []
  /// One objective per priority level, highest first.
  private var objectives: [Row] = []
  /// Priority levels (optional priorities, descending) → objective index.
  private var levels: [Double] = []
  private var artificial: Row?

  // MARK: Constraints

  private struct Markers { var marker: Symbol; var other: Symbol? }
  /// Constraint tag → markers.
  private var markersByTag: [Int: Markers] = [:]
  /// Marker symbol → the tag of a required constraint.
  private var requiredTagByMarker: [Symbol: Int] = [:]

  /// Adds `expression relation 0`. `priority` nil means required;
  /// otherwise larger priorities win over smaller ones.
  ///
  /// - Throws: ``Unsatisfiable`` when a required constraint conflicts
  ///   with the required constraints already added; the solver must then be
  ///   discarded (rebuild it without the constraint).
  func add(_ expression: LinearExpression, _ relation: Relation, priority: Double?, tag: Int) throws {
    let level = priority.map(levelIndex)
    let firstNewSymbol = kinds.count
    var row = Row(constant: expression.constant)
    for term in expression.terms {
      if let basic = rows[term.variable] {
        row.insert(basic, term.coefficient)  // a basic variable: insert its row
      } else {
        row.insert(term.variable, term.coefficient)
      }
    }
    var markers: Markers
    switch relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let sign: Double = relation == .lessThanOrEqual ? -1 : 1
      let slack = newSymbol(.slack)
      row.insert(slack, -sign)
      markers = Markers(marker: slack, other: nil)
      if let level {
        let error = newSymbol(.error)
        row.insert(error, sign)
        objectives[level].insert(error, 1)
        markers.other = error
      }
    case .equal:
      if let level {
        let plus = newSymbol(.error), minus = newSymbol(.error)
        row.insert(plus, -1)
        row.insert(minus, 1)
        objectives[level].insert(plus, 1)
        objectives[level].insert(minus, 1)
        markers = Markers(marker: plus, other: minus)
      } else {
        let dummy = newSymbol(.dummy)
        if explainsConflicts { row.insert(dummy, 1) }
        markers = Markers(marker: dummy, other: nil)
      }
    }
    if row.constant < 0 { row.reverseSign() }

    let subject = chooseSubject(row, markers)
    if let subject {
      row.solve(for: subject)
      // A symbol in no stored row (a fresh variable or marker) needs substituting only in the objectives.
      substitute(subject, row, onlyObjectives: !appearsInRows[subject] || subject >= firstNewSymbol)
      setRow(subject, row)
    } else if row.symbols.allSatisfy({ kinds[$0] == .dummy }) {
      if !nearZero(row.constant) {
        throw Unsatisfiable(conflicting: row.symbols.compactMap { requiredTagByMarker[$0] })
      }
      // Redundant: keep the dummy basic (when it is in the row).
      if !row.symbols.isEmpty {
        let dummy = markers.marker
        row.solve(for: dummy)
        setRow(dummy, row)
      }
    } else if let conflict = addWithArtificialVariable(row) {
      throw Unsatisfiable(conflicting: conflict.compactMap { requiredTagByMarker[$0] })
    }
    markersByTag[tag] = markers
    if priority == nil { requiredTagByMarker[markers.marker] = tag }
    // Adding needs a feasible tableau, not an optimal one: optimise once, when values are read.
    isOptimal = false
  }

  private var isOptimal = true

  /// Whether a variable's value is fixed by the required constraints alone
  /// (its row has only required markers), so no preference can move it.
  func isDetermined(_ variable: Int) -> Bool {
    guard variable < rows.count, let row = rows[variable] else { return false }
    return row.symbols.allSatisfy { kinds[$0] == .dummy }
  }

  /// The value of a variable in the optimal solution.
  func value(of variable: Int) -> Double {
    if !isOptimal {
      optimize()
      isOptimal = true
    }
    return variable < rows.count ? rows[variable]?.constant ?? 0 : 0
  }

  private func levelIndex(_ priority: Double) -> Int {
    if let i = levels.firstIndex(of: priority) { return i }
    let i = levels.firstIndex { $0 < priority } ?? levels.count
    levels.insert(priority, at: i)
    objectives.insert(Row(constant: 0), at: i)
    // Existing basic rows are already substituted into the objectives, so a
    // new empty level needs nothing else.
    return i
  }

  private func setRow(_ symbol: Symbol, _ row: Row) {
    if rows[symbol] == nil {
      basicSymbols.insert(symbol, at: insertionIndex(basicSymbols, symbol))
    }
    rows[symbol] = row
    for term in row.symbols { appearsInRows[term] = true }
  }

  private func removeRow(_ symbol: Symbol) -> Row? {
    guard let row = rows[symbol] else { return nil }
    rows[symbol] = nil
    if let i = basicSymbols.firstIndex(of: symbol) { basicSymbols.remove(at: i) }
    return row
  }

  /// kiwi's subject choice: an external symbol, else a new slack or error
  /// marker with a negative coefficient.
  private func chooseSubject(_ row: Row, _ markers: Markers) -> Symbol? {
    // Prefer a variable no other row mentions (no substitution needed), then the first.
    for symbol in row.symbols where kinds[symbol] == .external && !appearsInRows[symbol] { return symbol }
    for symbol in row.symbols where kinds[symbol] == .external { return symbol }
    for symbol in [markers.marker, markers.other].compactMap({ $0 })
    where kinds[symbol] == .slack || kinds[symbol] == .error {
      if row.coefficient(for: symbol) < 0 { return symbol }
    }
    return nil
  }

  /// Phase one of the simplex for a row with no easy subject. Returns the
  /// markers binding the conflict when the row cannot be satisfied.
  private func addWithArtificialVariable(_ row: Row) -> [Symbol]? {
    let art = newSymbol(.slack)
    setRow(art, row)
    artificial = row
    optimize(artificialOnly: true)
    let success = nearZero(artificial!.constant)
    let finalArtificial = artificial!
    artificial = nil
    if var basic = removeRow(art) {
      if basic.symbols.isEmpty { return success ? nil : finalArtificial.symbols }
      guard let entering = basic.symbols.first(where: { kinds[$0] == .slack || kinds[$0] == .error }) else {
        return finalArtificial.symbols
      }
      basic.solve(for: art, entering)
      substitute(entering, basic)
      setRow(entering, basic)
    }
    for symbol in basicSymbols { rows[symbol]!.remove(art) }
    for i in objectives.indices { objectives[i].remove(art) }
    return success ? nil : finalArtificial.symbols
  }

  private func substitute(_ symbol: Symbol, _ row: Row, onlyObjectives: Bool = false) {
    if !onlyObjectives {
      for basic in basicSymbols { rows[basic]!.substitute(symbol, row) }
    }
    for i in objectives.indices { objectives[i].substitute(symbol, row) }
    artificial?.substitute(symbol, row)
  }

  /// Primal simplex on lexicographic objectives.
  private func optimize(artificialOnly: Bool = false) {
    var guardCount = 0
    while true {
      let current = artificialOnly ? [artificial!] : objectives
      guard let entering = enteringSymbol(current) else { return }
      guard let leaving = leavingSymbol(entering) else { return }  // unbounded: cannot happen for error objectives
      var row = removeRow(leaving)!
      row.solve(for: leaving, entering)
      substitute(entering, row)
      setRow(entering, row)
      guardCount += 1
      if guardCount > 100_000 { return }
    }
  }

  /// The lowest-numbered non-dummy symbol whose objective coefficients are
  /// lexicographically negative (Bland's rule: no cycling).
  private func enteringSymbol(_ objectives: [Row]) -> Symbol? {
    var best: Symbol?
    for (level, objective) in objectives.enumerated() {
      for (i, symbol) in objective.symbols.enumerated() {
        if let best, symbol >= best { break }  // terms are sorted
        guard objective.coefficients[i] < 0, kinds[symbol] != .dummy else { continue }
        // Negative here; it enters only if zero at every higher level.
        if objectives[..<level].allSatisfy({ $0.coefficient(for: symbol) == 0 }) { best = symbol }
      }
    }
    return best
  }

  /// The row that limits the entering symbol's growth first (ties: lowest symbol).
  private func leavingSymbol(_ entering: Symbol) -> Symbol? {
    var best: Symbol?
    var ratio = Double.infinity
    for symbol in basicSymbols where kinds[symbol] != .external {
      let row = rows[symbol]!
      let c = row.coefficient(for: entering)
      if c < 0 {
        let r = -row.constant / c
        if r < ratio - 1e-12 {
          ratio = r
          best = symbol
        }
      }
    }
    return best
  }
}

/// Where `symbol` goes in a sorted array.
private func insertionIndex(_ sorted: [Int], _ symbol: Int) -> Int {
  var lo = 0, hi = sorted.count
  while lo < hi {
    let mid = (lo + hi) / 2
    if sorted[mid] < symbol { lo = mid + 1 } else { hi = mid }
  }
  return lo
}

private func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }
