// APIUsage: which names in a piece of code are engine APIs with a row in
// the fidelity ledger, found in swift-syntax's tree (a type name, a
// function or constant of the engine, `Type.member` and `Type.Nested`):
// the site links each to its row on fidelity.html, and a film whose code
// uses an engine choice says so (on the site and in `workbook play`). A member used on
// a value (`animator.fractionComplete`) or implicitly (`.medium()`) links
// only when one engine type declares that name and the member has a row of
// its own: the highlighter knows no types.
import SwiftParser
import SwiftSyntax

/// The engine APIs with ledger rows that code names.
public struct APIUsage: Hashable, Sendable {
  /// The ledger row a name refers to.
  public struct Target: Hashable, Sendable {
    public var symbol: String
    public var anchor: String
    public var status: FidelityStatus
  }

  /// Every API name (`UIView`, `UIView.alpha`,
  /// `UIView.animate(withDuration:animations:)`) to the row that covers it.
  private var targets: [String: Target] = [:]
  /// A function's name without labels (`CATransform3DMakeRotation`,
  /// `UIView.animate`) to its names with labels, as declared.
  private var overloads: [String: [String]] = [:]
  /// A member's name without labels (`fractionComplete`, `zoom`) to the
  /// one type that declares it, for names only one engine type declares.
  private var soleOwners: [String: String] = [:]
  /// The `engine-choice` rows, by symbol.
  private var choiceRows: [String: Target] = [:]
  /// The rows whose choice the engine reports as it makes it.
  private var reportedChoices: Set<String> = []

  public init(_ fidelity: Fidelity) {
    for row in fidelity.ledger.rows where row.status == .engineChoice {
      choiceRows[row.symbol] = Target(symbol: row.symbol, anchor: row.anchor, status: row.status)
    }
    reportedChoices = fidelity.api.reportedChoices
    var owners: [String: Set<String>] = [:]
    for symbol in fidelity.api.symbols where symbol.kind == .member {
      guard let owner = Ledger.owner(of: symbol.name) else { continue }
      let member = symbol.name.dropFirst(owner.count + 1)
      owners[String(member.prefix { $0 != "(" }), default: []].insert(owner)
    }
    soleOwners = owners.compactMapValues { $0.count == 1 ? $0.first : nil }
    for symbol in fidelity.api.symbols {
      guard let row = fidelity.ledger.coveringRow(for: symbol.name) else { continue }
      targets[symbol.name] = Target(symbol: row.symbol, anchor: row.anchor, status: row.status)
      if let paren = symbol.name.firstIndex(of: "(") {
        overloads[String(symbol.name[..<paren]), default: []].append(symbol.name)
      }
    }
  }

  public var isEmpty: Bool { targets.isEmpty }

  /// The linked names of `code`: the UTF-8 offset and length of each
  /// name's token, with its row.
  public func links(in code: String) -> [(offset: Int, length: Int, target: Target)] {
    isEmpty ? [] : links(in: Parser.parse(source: code))
  }

  /// The same, in a tree already parsed.
  public func links(in tree: SourceFileSyntax) -> [(offset: Int, length: Int, target: Target)] {
    guard !isEmpty else { return [] }
    let finder = Finder(links: self)
    finder.walk(tree)
    return finder.found.sorted { $0.offset < $1.offset }
  }

  /// The rows of `code`'s linked names whose status is the engine's choice, each once, by name.
  public func engineChoices(in code: String) -> [Target] {
    var seen = Set<String>()
    return links(in: code).map(\.target).filter { $0.status == .engineChoice && seen.insert($0.symbol).inserted }
      .sorted { $0.symbol < $1.symbol }
  }

  /// The engine's choices a film shows: of the rows its chapter's code
  /// uses (`code`, from `engineChoices(in:)`), those whose choice the
  /// engine does not report as it makes it; and the rows whose choice it
  /// reported while the film was made (`madeWhileFilming`). A cancel's
  /// appearance calls are named under the film of a cancel, not under
  /// every film whose code calls `completeTransition(_:)`.
  public func filmChoices(code: [Target], madeWhileFilming: [String]) -> [Target] {
    var seen = Set<String>()
    let unreported = code.filter { !reportedChoices.contains($0.symbol) }
    return (unreported + madeWhileFilming.compactMap { choiceRows[$0] })
      .filter { seen.insert($0.symbol).inserted }.sorted { $0.symbol < $1.symbol }
  }

  /// The API a name refers to: `name` alone, or a member of `owner`;
  /// `labels`: the call's argument labels (nil: not called), which pick
  /// among overloads.
  fileprivate func resolve(_ name: String, owner: String?, labels: [String]?) -> String? {
    let full = owner.map { $0 + "." + name } ?? name
    if targets[full] != nil { return full }
    guard let candidates = overloads[full] else { return nil }
    guard let labels else { return candidates.first }
    // The declaration whose labels start with the call's (trailing
    // closures fill the rest), with the fewest left over.
    let fitting = candidates.filter { candidate in
      let declared = Self.labels(of: candidate)
      return declared.count >= labels.count && Array(declared.prefix(labels.count)) == labels
    }
    return fitting.min { Self.labels(of: $0).count < Self.labels(of: $1).count } ?? candidates.first
  }

  fileprivate func target(_ symbol: String) -> Target? { targets[symbol] }

  /// A member used on a value or implicitly (`animator.fractionComplete`,
  /// `.zoom(…)`), whose type the highlighter cannot know: the member row of
  /// the one engine type that declares a member of that name, if that
  /// member has a row of its own (the ledger singled it out).
  fileprivate func resolveUnowned(_ name: String, labels: [String]?) -> String? {
    guard let owner = soleOwners[name], let symbol = resolve(name, owner: owner, labels: labels),
      targets[symbol]?.symbol == symbol
    else { return nil }
    return symbol
  }

  /// `f(withDuration:animations:)` → ["withDuration", "animations"].
  static func labels(of symbol: String) -> [String] {
    guard let open = symbol.firstIndex(of: "(") else { return [] }
    return symbol[symbol.index(after: open)...].dropLast().split(separator: ":", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }
}

private final class Finder: SyntaxVisitor {
  let links: APIUsage
  var found: [(offset: Int, length: Int, target: APIUsage.Target)] = []

  init(links: APIUsage) {
    self.links = links
    super.init(viewMode: .sourceAccurate)
  }

  /// A name used alone: `UIView`, `CATransform3DIdentity`, `CACurrentMediaTime()`.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id { return .visitChildren }
    link(node.baseName, symbol: links.resolve(node.baseName.text, owner: nil, labels: callLabels(of: ExprSyntax(node))))
    return .visitChildren
  }

  /// `UIView.animate(…)`, `UIView.AnimationOptions.curveEaseIn`: the member
  /// links when its owner is an API.
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.declName.baseName
    let labels = callLabels(of: ExprSyntax(node))
    if let base = node.base, let owner = apiName(of: base) {
      link(name, symbol: links.resolve(name.text, owner: owner, labels: labels))
    } else {
      link(name, symbol: links.resolveUnowned(name.text, labels: labels))
    }
    return .visitChildren
  }

  /// A type written as a type: `let v: UIView`, `class Card: UIView`.
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    link(node.name, symbol: links.resolve(node.name.text, owner: nil, labels: nil))
    return .visitChildren
  }

  /// `UIView.AnimationOptions` written as a type.
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    if let owner = typeName(of: node.baseType) {
      link(node.name, symbol: links.resolve(node.name.text, owner: owner, labels: nil))
    }
    return .visitChildren
  }

  /// The API an expression names (`UIView`, `UIView.AnimationOptions`), or nil.
  private func apiName(of expr: ExprSyntax) -> String? {
    if let reference = expr.as(DeclReferenceExprSyntax.self) {
      return links.resolve(reference.baseName.text, owner: nil, labels: nil)
    }
    if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let owner = apiName(of: base) {
      return links.resolve(member.declName.baseName.text, owner: owner, labels: nil)
    }
    return nil
  }

  private func typeName(of type: TypeSyntax) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return links.resolve(identifier.name.text, owner: nil, labels: nil) }
    if let member = type.as(MemberTypeSyntax.self), let owner = typeName(of: member.baseType) {
      return links.resolve(member.name.text, owner: owner, labels: nil)
    }
    return nil
  }

  /// The argument labels when `expr` is called (`_` for an unlabelled
  /// argument); nil when it is not.
  private func callLabels(of expr: ExprSyntax) -> [String]? {
    guard let call = expr.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expr.id else { return nil }
    return call.arguments.map { $0.label?.text ?? "_" }
  }

  private func link(_ token: TokenSyntax, symbol: String?) {
    guard let symbol, let target = links.target(symbol) else { return }
    found.append((token.positionAfterSkippingLeadingTrivia.utf8Offset, token.trimmedLength.utf8Length, target))
  }
}
