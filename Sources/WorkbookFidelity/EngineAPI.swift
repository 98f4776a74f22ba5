// EngineAPI: the engine's public API, read from its sources with
// swift-syntax (never from a build): every public type, every public
// top-level function, constant and type alias, every type of Foundation's
// that the engine extends, and every public member (for member rows).
import Foundation
import SwiftParser
import SwiftSyntax

/// The public API declared in the engine's sources.
public struct EngineAPI: Sendable {
  /// One public declaration.
  public struct Symbol: Sendable, Hashable {
    public enum Kind: String, Sendable {
      case type, function, constant, typeAlias
      /// A type the engine does not declare but adds to (`CGRect`).
      case extendedType
      /// A member of a type: method, property, initialiser, case, subscript.
      case member
    }

    /// Its Swift name: `UIView`, `UIView.AnimationOptions`,
    /// `CATransform3DMakeRotation(_:_:_:_:)`,
    /// `UIView.animate(withDuration:animations:)`, `UIView.alpha`.
    public var name: String
    public var kind: Kind
    /// The source file that declares it, relative to the engine's folder.
    public var file: String
    public var line: Int
    /// The first sentence of its doc comment; empty when it has none.
    public var summary: String

    /// The folder that declares it, relative to the engine's folder (""
    /// for the engine's own folder).
    public var folder: String { (file as NSString).deletingLastPathComponent }

    /// Whether the ledger must have a row for it (every symbol but members,
    /// which their type's row covers unless they have their own).
    public var needsRow: Bool { kind != .member }
  }

  /// Every symbol, sorted by name; a name declared more than once (an
  /// overload, a type extended in several files) is listed at its first
  /// declaration (an extended type: in each folder that extends it).
  public var symbols: [Symbol]
  /// The ledger rows whose choice the engine reports as it makes it: the
  /// symbols its sources pass to `engineChose("…")`. A film names these
  /// rows only when the engine made their choice while filming.
  public var reportedChoices: Set<String> = []

  public init(symbols: [Symbol]) {
    self.symbols = symbols
  }

  /// Reads every `.swift` file under `folder` (the engine's sources).
  public static func scan(folder: String) throws -> EngineAPI {
    var found: [Symbol] = []
    var reported = Set<String>()
    for file in swiftFiles(under: folder) {
      let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      let tree = Parser.parse(source: source)
      found += symbols(in: tree, file: file)
      reported.formUnion(reportedChoices(in: tree))
    }
    var api = EngineAPI(resolving: found)
    api.reportedChoices = reported
    return api
  }

  /// The public declarations of one file. Extensions name their extended
  /// type as written; `EngineAPI(resolving:)` decides which of them are
  /// the engine's own types.
  public static func symbols(in source: String, file: String) -> [Symbol] {
    symbols(in: Parser.parse(source: source), file: file)
  }

  static func symbols(in tree: SourceFileSyntax, file: String) -> [Symbol] {
    let collector = DeclarationCollector(file: file, converter: SourceLocationConverter(fileName: file, tree: tree))
    collector.walk(tree)
    return collector.found
  }

  /// The string literals a file passes to `engineChose(_:)`.
  static func reportedChoices(in tree: SourceFileSyntax) -> Set<String> {
    let collector = ChoiceReportCollector(viewMode: .sourceAccurate)
    collector.walk(tree)
    return collector.found
  }

  /// The symbols of several files together: an extension of a type the
  /// engine declares adds members only; an extension of any other type
  /// (with a public member) becomes an `extendedType` symbol.
  public init(resolving found: [Symbol]) {
    let declaredTypes = Set(found.filter { $0.kind == .type || $0.kind == .typeAlias }.map(\.name))
    var seen = Set<String>()
    var result: [Symbol] = []
    for symbol in found {
      if symbol.kind == .extendedType {
        guard !declaredTypes.contains(symbol.name) else { continue }
        // One per folder: each folder that extends it may hold its row.
        guard seen.insert(symbol.name + "\u{0}" + symbol.folder).inserted else { continue }
        result.append(symbol)
        continue
      }
      guard seen.insert(symbol.name).inserted else { continue }
      result.append(symbol)
    }
    symbols = result.sorted { ($0.name, $0.file, $0.line) < ($1.name, $1.file, $1.line) }
  }

  /// The names the ledger must have a row for, each once.
  public var requiredNames: [String] {
    var seen = Set<String>()
    return symbols.filter { $0.needsRow && seen.insert($0.name).inserted }.map(\.name)
  }

  /// The symbol called `name` (the first, for a type extended in several folders).
  public func symbol(named name: String) -> Symbol? {
    symbols.first { $0.name == name }
  }

  /// The `.swift` files under `folder`, relative to it, sorted.
  static func swiftFiles(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasSuffix(".swift") { files.append(path) }
    }
    return files.sorted()
  }
}

/// Finds the calls `….engineChose("Symbol")` (`Simulation.engineChose`).
private final class ChoiceReportCollector: SyntaxVisitor {
  var found = Set<String>()

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    if called == "engineChose", node.arguments.count == 1,
       let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
       let segment = literal.segments.first?.as(StringSegmentSyntax.self), literal.segments.count == 1 {
      found.insert(segment.content.text)
    }
    return .visitChildren
  }
}

/// Walks one file's declarations, keeping the public ones with their
/// enclosing type's name.
private final class DeclarationCollector: SyntaxVisitor {
  let file: String
  let converter: SourceLocationConverter
  var found: [EngineAPI.Symbol] = []
  /// The enclosing types' names and whether their members are public by
  /// default (protocols, enum cases, `public extension`).
  var scopes: [(name: String, membersPublic: Bool)] = []

  init(file: String, converter: SourceLocationConverter) {
    self.file = file
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Types and extensions

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, node: node, modifiers: node.modifiers, attributes: node.attributes, membersPublic: false)
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, node: node, modifiers: node.modifiers, attributes: node.attributes, membersPublic: false)
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, node: node, modifiers: node.modifiers, attributes: node.attributes, membersPublic: false)
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, node: node, modifiers: node.modifiers, attributes: node.attributes, membersPublic: false)
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, node: node, modifiers: node.modifiers, attributes: node.attributes, membersPublic: true)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard scopes.isEmpty, !isUnavailable(node.attributes) else {
      pushed.append(false)
      return .skipChildren
    }
    var name = node.extendedType.trimmedDescription
    for module in ["Foundation.", "Swift.", "CoreGraphics.", "Dispatch."] where name.hasPrefix(module) {
      name.removeFirst(module.count)
    }
    let publicExtension = isPublic(node.modifiers)
    let hasPublicMember = node.memberBlock.members.contains { item in
      let modifiers = item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
      return publicExtension || modifiers.map(isPublic) == true
    }
    if hasPublicMember {
      add(name, .extendedType, node)
    }
    scopes.append((name, publicExtension))
    pushed.append(true)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  // MARK: Members and top-level declarations

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if visible(node.modifiers, node.attributes) {
      add(node.name.text + labels(node.signature.parameterClause.parameters), scopes.isEmpty ? .function : .member, node)
    }
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scopes.isEmpty, visible(node.modifiers, node.attributes) {
      let optional = node.optionalMark.map { $0.text } ?? ""
      add("init" + optional + labels(node.signature.parameterClause.parameters), .member, node)
    }
    return .skipChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scopes.isEmpty, visible(node.modifiers, node.attributes) {
      add("subscript" + labels(node.parameterClause.parameters), .member, node)
    }
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if visible(node.modifiers, node.attributes) {
      for binding in node.bindings {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
        add(pattern.identifier.text.trimmingCharacters(in: CharacterSet(charactersIn: "`")),
            scopes.isEmpty ? .constant : .member, node)
      }
    }
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    if visible(node.modifiers, node.attributes) {
      add(node.name.text, scopes.isEmpty ? .typeAlias : .member, node)
    }
    return .skipChildren
  }

  override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scopes.isEmpty, visible(node.modifiers, node.attributes) { add(node.name.text, .member, node) }
    return .skipChildren
  }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    // An enum's cases are as visible as the enum.
    guard !scopes.isEmpty, !isUnavailable(node.attributes) else { return .skipChildren }
    for element in node.elements { add(element.name.text, .member, node) }
    return .skipChildren
  }

  // Code inside bodies declares nothing public.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // MARK: Helpers

  /// For each type or extension entered, whether it pushed a scope (one
  /// that is not public hides what it declares: its children are skipped).
  private var pushed: [Bool] = []

  private func enterType(
    _ name: String, node: some SyntaxProtocol, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
    membersPublic: Bool
  ) -> SyntaxVisitorContinueKind {
    guard visible(modifiers, attributes) else {
      pushed.append(false)
      return .skipChildren
    }
    let full = (scopes.last.map { $0.name + "." } ?? "") + name
    add(full, .type, node)
    scopes.append((full, membersPublic))
    pushed.append(true)
    return .visitChildren
  }

  private func leaveType() {
    if pushed.removeLast() { scopes.removeLast() }
  }

  /// Public or open (or public by its scope), and not `unavailable`.
  private func visible(_ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax) -> Bool {
    if isUnavailable(attributes) { return false }
    return isPublic(modifiers) || (scopes.last?.membersPublic == true && !isRestricted(modifiers))
  }

  private func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
  }

  private func isRestricted(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains {
      [.keyword(.private), .keyword(.fileprivate), .keyword(.internal), .keyword(.package)].contains($0.name.tokenKind)
    }
  }

  private func isUnavailable(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "available",
        let arguments = attribute.arguments?.as(AvailabilityArgumentListSyntax.self)
      else { return false }
      return arguments.contains { $0.argument.trimmedDescription == "unavailable" }
    }
  }

  /// `(withDuration:animations:)`, `(_:_:)`, `()`.
  private func labels(_ parameters: FunctionParameterListSyntax) -> String {
    "(" + parameters.map { ($0.firstName.text) + ":" }.joined() + ")"
  }

  private func add(_ name: String, _ kind: EngineAPI.Symbol.Kind, _ node: some SyntaxProtocol) {
    let qualified: String
    switch kind {
    case .member: qualified = (scopes.last?.name ?? "") + "." + name
    default: qualified = name
    }
    let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    found.append(EngineAPI.Symbol(name: qualified, kind: kind, file: file, line: line, summary: Self.summary(node.leadingTrivia)))
  }

  /// The first sentence of the `///` or `/** */` comment in `trivia`.
  static func summary(_ trivia: Trivia) -> String {
    var lines: [String] = []
    for piece in trivia {
      switch piece {
      case .docLineComment(let text):
        lines.append(String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces))
      case .docBlockComment(let text):
        lines += text.dropFirst(3).dropLast(2).split(separator: "\n").map {
          $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "* "))
        }
      case .lineComment, .blockComment:
        lines = []  // a plain comment before the doc comment's end is not part of it
      default: break
      }
    }
    // The first paragraph, up to its first full stop followed by a space.
    let paragraph = lines.prefix { !$0.isEmpty && !$0.hasPrefix("- ") && !$0.hasPrefix("```") }.joined(separator: " ")
    guard let stop = paragraph.range(of: ". ") else { return paragraph }
    return String(paragraph[..<stop.lowerBound]) + "."
  }
}
