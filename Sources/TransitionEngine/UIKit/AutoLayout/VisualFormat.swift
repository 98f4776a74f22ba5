// The visual format language: `H:|-[a]-8-[b(==a)]|` and friends, parsed
// into constraints as UIKit's `constraints(withVisualFormat:…)` does.
//
// Grammar (Apple's "Visual Format Language", simplified where noted):
//   format      := (("H" | "V") ":")? ("|" connection)? view (connection view)* (connection "|")?
//   connection  := "" | "-" | "-" predicates "-"
//   predicates  := number | metric | "(" predicate ("," predicate)* ")"
//   predicate   := ("==" | "<=" | ">=")? (number | metric | viewName) ("@" (number | metric))?
//   view        := "[" viewName ("(" predicate ("," predicate)* ")")? "]"

extension NSLayoutConstraint {
  /// Constraints described by a visual format string. A string that does
  /// not parse gives no constraints and UIKit's "Unable to parse constraint
  /// format" message as an engine warning (UIKit raises an exception).
  public class func constraints(withVisualFormat format: String, options: FormatOptions = [],
                              metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
    var parser = VisualFormatParser(format: format, options: options, metrics: metrics ?? [:], views: views)
    do {
      return try parser.parse()
    } catch let error as VisualFormatParser.ParseError {
      let caret = String(repeating: " ", count: error.offset) + "^"
      Simulation.current.warn("Unable to parse constraint format: \n\(error.reason) \n\(format) \n\(caret)")
      return []
    } catch {
      return []
    }
  }
}

struct VisualFormatParser {
  struct ParseError: Error {
    var reason: String
    var offset: Int
  }

  private let characters: [Character]
  private var position = 0
  private let options: NSLayoutConstraint.FormatOptions
  private let metrics: [String: Any]
  private let views: [String: Any]
  private var horizontal = true
  private var constraints: [NSLayoutConstraint] = []

  init(format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any], views: [String: Any]) {
    characters = Array(format)
    self.options = options
    self.metrics = metrics
    self.views = views
  }

  /// A predicate: relation, a constant or another view, a priority.
  private struct Predicate {
    var relation: NSLayoutConstraint.Relation = .equal
    var constant: CGFloat = 0
    var view: UIView?
    var priority: UILayoutPriority = .required
  }

  /// A connection between two things: none (`[a][b]`, 0), standard (`-`), or predicates.
  private enum Connection {
    case flush
    case standard
    case predicates([Predicate])
  }

  mutating func parse() throws -> [NSLayoutConstraint] {
    if peek("H:") || peek("V:") {
      horizontal = characters[position] == "H"
      position += 2
    }
    var placedViews: [UIView] = []
    var previous: UIView?
    var startsAtSuperview = false
    if peek("|") {
      position += 1
      startsAtSuperview = true
    }
    var pending: Connection? = nil
    if startsAtSuperview { pending = try parseConnection() }
    while position < characters.count {
      if peek("[") {
        let view = try parseView()
        if let previous {
          relate(from: previous, to: view, pending ?? .flush)
        } else if startsAtSuperview, let superview = try superview(of: view) {
          relateToSuperviewStart(view, superview, pending ?? .flush)
        }
        placedViews.append(view)
        previous = view
        pending = nil
        if position < characters.count { pending = try parseConnection() }
      } else if peek("|") {
        guard let last = previous else { throw ParseError(reason: "Expected a view", offset: position) }
        position += 1
        if let superview = try superview(of: last) {
          relateToSuperviewEnd(last, superview, pending ?? .flush)
        }
        pending = nil
        guard position == characters.count else {
          throw ParseError(reason: "Expected the end of the format string after the superview", offset: position)
        }
      } else {
        throw ParseError(reason: "Expected a '[' here", offset: position)
      }
    }
    if placedViews.isEmpty { throw ParseError(reason: "Expected a view", offset: position) }
    if case .some(.predicates) = pending {
      throw ParseError(reason: "Expected a view or the superview after a connection", offset: position)
    }
    addAlignment(placedViews)
    return constraints
  }

  // MARK: Pieces

  private func peek(_ text: String) -> Bool {
    let chars = Array(text)
    guard position + chars.count <= characters.count else { return false }
    return Array(characters[position..<position + chars.count]) == chars
  }

  private mutating func expect(_ c: Character) throws {
    guard position < characters.count, characters[position] == c else {
      throw ParseError(reason: "Expected '\(c)'", offset: position)
    }
    position += 1
  }

  private mutating func parseName() -> String? {
    let start = position
    while position < characters.count, characters[position] == "_" || characters[position].isLetter
            || (position > start && characters[position].isNumber) {
      position += 1
    }
    return position > start ? String(characters[start..<position]) : nil
  }

  private mutating func parseNumber() -> CGFloat? {
    let start = position
    if position < characters.count, characters[position] == "-" || characters[position] == "+" { position += 1 }
    while position < characters.count, characters[position].isNumber || characters[position] == "." {
      position += 1
    }
    guard position > start, let value = Double(String(characters[start..<position])) else {
      position = start
      return nil
    }
    return CGFloat(value)
  }

  private func metric(_ name: String, at offset: Int) throws -> CGFloat {
    switch metrics[name] {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    default: throw ParseError(reason: "\(name) is not a key in the metrics dictionary.", offset: offset)
    }
  }

  private mutating func parseView() throws -> UIView {
    try expect("[")
    let nameStart = position
    guard let name = parseName() else { throw ParseError(reason: "Expected a view name", offset: position) }
    guard let view = views[name] as? UIView else {
      throw ParseError(reason: "\(name) is not a key in the views dictionary.", offset: nameStart + name.count)
    }
    if peek("(") {
      for predicate in try parsePredicateList(allowViews: true) {
        let attribute: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let c = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: predicate.relation,
                                   toItem: predicate.view, attribute: predicate.view == nil ? .notAnAttribute : attribute,
                                   multiplier: 1, constant: predicate.view == nil ? predicate.constant : 0)
        c.priority = predicate.priority
        constraints.append(c)
      }
    }
    try expect("]")
    return view
  }

  private mutating func parseConnection() throws -> Connection {
    guard peek("-") else { return .flush }
    position += 1
    if peek("[") || peek("|") { return .standard }
    let predicates: [Predicate]
    if peek("(") {
      predicates = try parsePredicateList(allowViews: false)
    } else {
      let start = position
      if let number = parseNumber() {
        predicates = [Predicate(constant: number)]
      } else if let name = parseName() {
        predicates = [Predicate(constant: try metric(name, at: start))]
      } else {
        throw ParseError(reason: "Expected a number or a metric name", offset: position)
      }
    }
    try expect("-")
    return .predicates(predicates)
  }

  private mutating func parsePredicateList(allowViews: Bool) throws -> [Predicate] {
    try expect("(")
    var list: [Predicate] = []
    repeat {
      if peek(",") { position += 1 }
      var p = Predicate()
      if peek("==") { position += 2 } else if peek("<=") {
        p.relation = .lessThanOrEqual
        position += 2
      } else if peek(">=") {
        p.relation = .greaterThanOrEqual
        position += 2
      }
      let start = position
      if let number = parseNumber() {
        p.constant = number
      } else if let name = parseName() {
        if metrics[name] != nil {
          p.constant = try metric(name, at: start)
        } else if allowViews, let view = views[name] as? UIView {
          p.view = view
        } else {
          throw ParseError(reason: "\(name) is not a key in the \(allowViews ? "views" : "metrics") dictionary.",
                           offset: start + name.count)
        }
      } else {
        throw ParseError(reason: "Expected a number, metric or view name", offset: position)
      }
      if peek("@") {
        position += 1
        let pstart = position
        if let number = parseNumber() {
          p.priority = UILayoutPriority(Float(number))
        } else if let name = parseName() {
          p.priority = UILayoutPriority(Float(try metric(name, at: pstart)))
        } else {
          throw ParseError(reason: "Expected a priority", offset: position)
        }
      }
      list.append(p)
    } while peek(",")
    try expect(")")
    return list
  }

  private func superview(of view: UIView) throws -> UIView? {
    guard let superview = view.superview else {
      throw ParseError(reason: "Unable to interpret '|' character, because the related view doesn't have a superview",
                       offset: position)
    }
    return superview
  }

  // MARK: Constraints

  private var leadingAttribute: NSLayoutConstraint.Attribute {
    horizontal ? (options.contains(.directionLeftToRight) ? .left : .leading) : .top
  }

  private var trailingAttribute: NSLayoutConstraint.Attribute {
    horizontal ? (options.contains(.directionLeftToRight) ? .right : .trailing) : .bottom
  }

  private func predicates(_ connection: Connection, standard: CGFloat) -> [Predicate] {
    switch connection {
    case .flush: [Predicate()]
    case .standard: [Predicate(constant: standard)]
    case .predicates(let list): list
    }
  }

  /// `[a]-N-[b]`: b.leading (relation) a.trailing + N.
  private mutating func relate(from a: UIView, to b: UIView, _ connection: Connection) {
    for p in predicates(connection, standard: UIView.systemSpacing) {
      append(b, leadingAttribute, p.relation, a, trailingAttribute, p.constant, p.priority)
    }
  }

  /// `|-N-[a]`: a.leading (relation) superview.leading + N.
  private mutating func relateToSuperviewStart(_ a: UIView, _ superview: UIView, _ connection: Connection) {
    for p in predicates(connection, standard: UIView.systemSpacingToSuperview) {
      append(a, leadingAttribute, p.relation, superview, leadingAttribute, p.constant, p.priority)
    }
  }

  /// `[a]-N-|`: superview.trailing (relation) a.trailing + N.
  private mutating func relateToSuperviewEnd(_ a: UIView, _ superview: UIView, _ connection: Connection) {
    for p in predicates(connection, standard: UIView.systemSpacingToSuperview) {
      append(superview, trailingAttribute, p.relation, a, trailingAttribute, p.constant, p.priority)
    }
  }

  private mutating func append(_ first: UIView, _ a1: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                               _ second: UIView, _ a2: NSLayoutConstraint.Attribute, _ constant: CGFloat,
                               _ priority: UILayoutPriority) {
    let c = NSLayoutConstraint(item: first, attribute: a1, relatedBy: relation, toItem: second, attribute: a2,
                               multiplier: 1, constant: constant)
    c.priority = priority
    constraints.append(c)
  }

  /// `alignAll…` options: every view after the first lines up with the one before it.
  private mutating func addAlignment(_ placed: [UIView]) {
    let pairs: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
      (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
      (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
      (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
    ]
    for (option, attribute) in pairs where options.contains(option) {
      for i in placed.indices.dropFirst() {
        append(placed[i], attribute, .equal, placed[i - 1], attribute, 0, .required)
      }
    }
  }
}
