// LiteralTable: a program's literals as a table it reads when it starts, so
// that an edit that changes only literals runs the program already built
// with a new table, and starts no compiler (as Xcode Previews' design-time
// literals do).
//
// Each literal in expression position becomes a call that returns the
// table's value for its slot, of the type the context infers:
//
//     view.alpha = 0.4      →   view.alpha = WorkbookPrelude.__workbookFloat(3, 0.0)
//
// so the program with every literal replaced (its skeleton) is the same
// for every value: the skeleton is what is compiled and what the built
// program is kept under (`ProgramStore`), and the table (slot → the
// literal's text) is written beside the run (`LiteralTable.variable`).
// The prelude module's `__workbookInteger`, `__workbookFloat`,
// `__workbookBoolean` and `__workbookString` convert the text to the
// inferred type as the compiler converts a literal (`runtimeSource`); a
// value that does not convert (300 for a `UInt8`) ends the program, and
// the runner compiles the program as written instead.
import SwiftParser
import SwiftSyntax

/// The literals of a program, by slot.
struct LiteralTable: Sendable, Hashable {
  /// What a literal is; a slot keeps its kind (1 → 1.5 is a code edit).
  enum Kind: String, Sendable, Hashable {
    case integer, float, boolean, string

    /// The prelude function that reads a slot of this kind.
    var function: String {
      switch self {
      case .integer: "__workbookInteger"
      case .float: "__workbookFloat"
      case .boolean: "__workbookBoolean"
      case .string: "__workbookString"
      }
    }

    /// The argument that gives the call its literal type (its value is
    /// never used: the table always has the slot).
    var placeholder: String {
      switch self {
      case .integer: "0"
      case .float: "0.0"
      case .boolean: "false"
      case .string: "\"\""
      }
    }
  }

  /// One tabled literal.
  struct Entry: Sendable, Hashable {
    var kind: Kind
    /// What the program reads: a number's or a Boolean's source text (with
    /// its minus sign, when it is negated), a string's value (escapes
    /// resolved, a multi-line string's indentation removed).
    var value: String
  }

  /// The entries, by slot.
  var entries: [Entry] = []

  /// The environment variable that names the table's file in a run.
  static let variable = "WORKBOOK_LITERALS"

  /// The table as the program reads it: each value's UTF-8 byte count on a
  /// line, then its bytes and a line break.
  var fileContents: [UInt8] {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Array("\(entry.value.utf8.count)\n".utf8) + Array(entry.value.utf8) + [10]
    }
    return bytes
  }

  /// `code` with every literal that can be tabled replaced by its read,
  /// slots numbered in order from `firstSlot`, and the table; each
  /// replacement keeps the literal's line breaks, so every line of the
  /// code stays on its line.
  static func tabling(_ code: String, firstSlot: Int = 0) -> (skeleton: String, table: LiteralTable) {
    let found = LiteralFinder.literals(in: code)
    var table = LiteralTable()
    guard !found.isEmpty else { return (code, table) }
    let bytes = Array(code.utf8)
    var skeleton: [UInt8] = []
    skeleton.reserveCapacity(bytes.count + found.count * 40)
    var position = 0
    for literal in found {
      skeleton += bytes[position..<literal.range.lowerBound]
      let breaks = bytes[literal.range].filter { $0 == 10 }.count
      let slot = firstSlot + table.entries.count
      let call = "\(ProgramBuilder.preludeModuleName).\(literal.kind.function)(\(slot), \(literal.kind.placeholder)"
      skeleton += Array(call.utf8) + Array(repeating: 10, count: breaks) + [UInt8(ascii: ")")]
      table.entries.append(Entry(kind: literal.kind, value: literal.value))
      position = literal.range.upperBound
    }
    skeleton += bytes[position...]
    return (String(decoding: skeleton, as: UTF8.self), table)
  }

  /// A program whose `main.swift` reads its literals from a table: the
  /// program to compile (the same for every value of its literals) and the
  /// table to run it with; nil when it has no literal to table.
  static func tabled(_ program: ProgramSource) -> (program: ProgramSource, table: LiteralTable)? {
    let (skeleton, table) = tabling(program.main)
    guard !table.entries.isEmpty else { return nil }
    var tabled = program
    tabled.main = skeleton
    return (tabled, table)
  }
}

/// A literal the finder found: where it is (UTF-8 offsets), its kind and
/// its value.
struct FoundLiteral: Sendable, Hashable {
  var range: Range<Int>
  var kind: LiteralTable.Kind
  var value: String
}

/// Finds the literals of Swift code that a program can read from its table:
/// numbers, Booleans and strings in expression position.
///
/// Not tabled (they stay code): literals in patterns (`case 0.5:`, `if case`),
/// in a `switch` case's label, attributes (`@available`, `@objc(name)`),
/// macro expansions (`#selector`, `#warning`), `#if` conditions,
/// `#sourceLocation`, enum raw values, generic arguments, key paths; an
/// interpolated string (it is code) and everything in it; a one-character
/// string (it may be a `Character`, which a string table cannot give); a
/// Boolean that is a whole `if`, `guard`, `while` or `repeat` condition
/// (`while true` tells the compiler a loop never ends); the snippet
/// markers' indexes. A negative number is the minus sign and the literal
/// together (`-128` is an `Int8`, `128` is not).
enum LiteralFinder {
  static func literals(in code: String) -> [FoundLiteral] {
    let visitor = Visitor(viewMode: .sourceAccurate)
    visitor.walk(Parser.parse(source: code))
    return visitor.found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  private final class Visitor: SyntaxVisitor {
    var found: [FoundLiteral] = []

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: PoundSourceLocationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchCaseLabelSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ExpressionPatternSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: OperatorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: PrecedenceGroupDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AvailabilityConditionSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
      // The condition stays code; the clause's code is walked.
      if let condition = node.condition { excluded.insert(condition.id) }
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      // A snippet marker's index is the program's, not the snippet's.
      node.calledExpression.trimmedDescription == markerFunction ? .skipChildren : .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
      add(Syntax(node), .integer, value: node.literal.text)
      return .skipChildren
    }

    override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind {
      add(Syntax(node), .float, value: node.literal.text)
      return .skipChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
      if !Self.isWholeCondition(Syntax(node)) { add(Syntax(node), .boolean, value: node.literal.text) }
      return .skipChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
      // Nil for an interpolated string (code, left alone with what is in it).
      if let value = node.representedLiteralValue, value.count != 1, !node.hasError {
        add(Syntax(node), .string, value: value)
      }
      return .skipChildren
    }

    /// Expressions left alone whatever they hold (`#if` conditions).
    private var excluded: Set<SyntaxIdentifier> = []

    private let markerFunction = ProgramBuilder.preludeModuleName + ".__workbookSnippet"

    /// Adds a literal, with the minus sign that negates it.
    private func add(_ node: Syntax, _ kind: LiteralTable.Kind, value: String) {
      guard !node.hasError else { return }
      if !excluded.isEmpty {
        var ancestor: Syntax? = node
        while let current = ancestor {
          if excluded.contains(current.id) { return }
          ancestor = current.parent
        }
      }
      var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
      var value = value
      if kind == .integer || kind == .float, let prefix = node.parent?.as(PrefixOperatorExprSyntax.self),
        prefix.operator.text == "-", prefix.operator.trailingTrivia.isEmpty
      {
        start = prefix.positionAfterSkippingLeadingTrivia.utf8Offset
        value = "-" + value
      }
      found.append(FoundLiteral(range: start..<node.endPositionBeforeTrailingTrivia.utf8Offset, kind: kind, value: value))
    }

    /// Whether a Boolean literal is the whole condition of an `if`,
    /// `guard` or `while` (one of its conditions), or of a `repeat`.
    private static func isWholeCondition(_ node: Syntax) -> Bool {
      if node.parent?.is(ConditionElementSyntax.self) == true { return true }
      if let repeatStatement = node.parent?.as(RepeatStmtSyntax.self), repeatStatement.condition.id == node.id { return true }
      return false
    }
  }
}

extension LiteralTable {
  /// The prelude module's reads of the table (appended to
  /// `ProgramBuilder.preludeModuleSource`). Each converts a slot's text to
  /// the type the context inferred, through that type's literal initializer
  /// and literal type, as the compiler converts a literal: a float literal
  /// is first the largest builtin float (`Float80` on x86-64, `Double`
  /// elsewhere), then the literal type. A slot that does not convert, or a
  /// run without a table, ends the program with status 86 (the runner then
  /// compiles the program as written).
  static let runtimeSource = """

    // The literal table (LiteralTable.swift): the value of each of a
    // program's literals, read from the file `\(variable)` names.
    private let workbookLiteralTable: [String]? = {
      guard let path = getenv("\(variable)").map({ String(cString: $0) }),
        let data = FileManager.default.contents(atPath: path) else { return nil }
      let bytes = [UInt8](data)
      var values: [String] = []
      var index = 0
      while index < bytes.count {
        guard let newline = bytes[index...].firstIndex(of: 10),
          let count = Int(String(decoding: bytes[index..<newline], as: UTF8.self)),
          newline + 1 + count < bytes.count else { return nil }
        values.append(String(decoding: bytes[(newline + 1)..<(newline + 1 + count)], as: UTF8.self))
        index = newline + 1 + count + 1
      }
      return values
    }()

    private func workbookLiteral(_ slot: Int) -> String {
      guard let table = workbookLiteralTable, slot < table.count else { workbookLiteralMismatch(slot, "no table") }
      return table[slot]
    }

    private func workbookLiteralMismatch(_ slot: Int, _ text: String) -> Never {
      fputs("workbook: literal \\(slot) (\\(text)) does not convert; compile the program as written\\n", stderr)
      exit(86)
    }

    private func workbookFixedWidth<I: FixedWidthInteger>(_ text: String, _: I.Type) -> I? {
      var digits = Substring(text.filter { $0 != "_" })
      var sign = ""
      if digits.hasPrefix("-") { sign = "-"; digits = digits.dropFirst() }
      var radix = 10
      for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
        radix = base
        digits = digits.dropFirst(2)
      }
      return I(sign + digits, radix: radix)
    }

    private func workbookIntegerValue<L>(_ text: String, _: L.Type) -> L? {
      guard let type = L.self as? any FixedWidthInteger.Type else { return nil }
      return workbookFixedWidth(text, type) as? L
    }

    private func workbookFloatValue<L>(_ text: String, _: L.Type) -> L? {
      let digits = text.filter { $0 != "_" }
      #if arch(x86_64) && !os(Windows) && !os(Android)
      guard let widest = Float80(digits) else { return nil }
      if L.self == Float80.self { return widest as? L }
      #else
      guard let widest = Double(digits) else { return nil }
      #endif
      if L.self == Double.self { return workbookExact(Double(widest), widest, digits) as? L }
      if L.self == Float.self { return workbookExact(Float(widest), widest, digits) as? L }
      return nil
    }

    /// Nil where the compiler warns of the literal: it overflows to
    /// infinity, underflows (to zero or a subnormal), or is an inexact
    /// hexadecimal literal.
    private func workbookExact<F: BinaryFloatingPoint, W: BinaryFloatingPoint>(_ value: F, _ widest: W, _ digits: String) -> F? {
      if !value.isFinite || !widest.isFinite { return nil }
      if widest != 0 && (value == 0 || value.isSubnormal) { return nil }
      if digits.contains("0x") || digits.contains("0X"), W(value) != widest { return nil }
      return value
    }

    /// Each slot's value as last converted (a literal in a loop is
    /// converted once, not on every pass); a slot read as another type (in
    /// a generic function) is converted again, and an instance of a class
    /// is made on every read, as a literal makes it.
    private final class WorkbookLiteralValues: @unchecked Sendable {
      private let lock = NSLock()
      private var values: [Int: Any] = [:]

      func value<T>(_ slot: Int, _ convert: (String) -> T?) -> T {
        lock.lock()
        let stored = values[slot] as? T
        lock.unlock()
        if let stored { return stored }
        // Converting may read other slots (a type's literal initializer).
        let text = workbookLiteral(slot)
        guard let value = convert(text) else { workbookLiteralMismatch(slot, text) }
        if !(T.self is AnyObject.Type) {
          lock.lock()
          values[slot] = value
          lock.unlock()
        }
        return value
      }
    }
    private let workbookLiteralValues = WorkbookLiteralValues()

    @inline(never) public func __workbookInteger<T: ExpressibleByIntegerLiteral>(_ slot: Int, _ placeholder: T) -> T {
      workbookLiteralValues.value(slot) { text in
        workbookIntegerValue(text, T.IntegerLiteralType.self).map { T(integerLiteral: $0) }
      }
    }

    @inline(never) public func __workbookFloat<T: ExpressibleByFloatLiteral>(_ slot: Int, _ placeholder: T) -> T {
      workbookLiteralValues.value(slot) { text in
        workbookFloatValue(text, T.FloatLiteralType.self).map { T(floatLiteral: $0) }
      }
    }

    @inline(never) public func __workbookBoolean<T: ExpressibleByBooleanLiteral>(_ slot: Int, _ placeholder: T) -> T {
      workbookLiteralValues.value(slot) { text in
        ((text == "true") as? T.BooleanLiteralType).map { T(booleanLiteral: $0) }
      }
    }

    @inline(never) public func __workbookString<T: ExpressibleByStringLiteral>(_ slot: Int, _ placeholder: T) -> T {
      workbookLiteralValues.value(slot) { text in
        (text as? T.StringLiteralType).map { T(stringLiteral: $0) }
      }
    }

    """
}
