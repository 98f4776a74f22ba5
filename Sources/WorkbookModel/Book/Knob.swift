// Knob: a number in a snippet the reader can turn. The author writes a
// block comment after a number literal,
//
//     usingSpringWithDamping: 0.4 /* knob: damping 0.1...1.0 */,
//
// and the site shows a slider beside the films and charts that snippet
// prints: the build runs the chapter program again with the literal at a
// few stops across the range, and the slider moves between those runs (in
// `workbook serve` it runs the exact value). The written value is the
// verified one: its output is the output block's.
import WorkbookSupport

extension Chapter {
  /// A number literal of a snippet marked as a knob.
  public struct Knob: Hashable, Sendable {
    /// The slider's label, as written: "damping", "initial velocity".
    public var name: String
    /// The literal as written: the verified value ("0.4", "-2").
    public var value: String
    /// Where the literal is in the snippet's code, in UTF-8 bytes.
    public var range: Range<Int>
    /// The same place in UTF-16 code units (a page's script counts so).
    public var utf16Range: Range<Int>
    /// The Markdown line of the literal.
    public var line: Int
    /// The range's ends.
    public var low: Double
    public var high: Double
    /// Whether the literal is an integer literal: its stops are whole
    /// numbers (another kind of literal would be a code edit).
    public var isWholeNumber: Bool
    /// The values the build runs besides the written one, as literals,
    /// in increasing order: `stopCount` evenly spaced across the range
    /// (whole numbers: rounded, each once).
    public var stops: [String]

    /// Stops across a knob's range, its ends included.
    public static let stopCount = 5
    /// Knobs a snippet may have (each costs `stopCount` runs of the program).
    public static let maximumPerSnippet = 3
    /// The largest end of a knob's range, either way: 10^15 (every whole
    /// number up to it is a Double, and every stop is a finite literal).
    static let largestEnd = 1e15

    /// The snippet's code with this knob's literal replaced by `literal`.
    public func code(_ code: String, with literal: String) -> String {
      let bytes = Array(code.utf8)
      return String(decoding: bytes[..<range.lowerBound] + Array(literal.utf8) + bytes[range.upperBound...],
                    as: UTF8.self)
    }
  }
}

/// Reads the knobs of a chapter's snippets and checks where they may be.
enum KnobParser {
  /// What introduces a knob in a block comment.
  static let keyword = "knob:"

  /// Sets each snippet's knobs; every knob that cannot be is a problem at
  /// its line.
  static func attach(to chapter: inout Chapter) {
    for index in chapter.snippets.indices {
      let snippet = chapter.snippets[index]
      let (knobs, problems) = knobs(in: snippet.code, firstLine: snippet.firstCodeLine, file: chapter.displayPath)
      chapter.problems += problems
      guard !knobs.isEmpty else { continue }
      let place = "Knob '\(knobs[0].name)'"
      func refuse(_ message: String) {
        chapter.problems.append(Finding(.error, .badInput, file: chapter.displayPath, line: knobs[0].line, message: message))
      }
      if snippet.kind != .run || snippet.isHidden {
        refuse("\(place) is in a snippet that is not run and shown (\(snippet.isHidden ? "hidden" : snippet.kind.attribute)); "
          + "knobs drive the output of a plain 'swift' snippet")
      } else if knobs.count > Chapter.Knob.maximumPerSnippet {
        refuse("A snippet may have at most \(Chapter.Knob.maximumPerSnippet) knobs; this one has \(knobs.count)")
      } else {
        chapter.snippets[index].knobs = knobs
      }
    }
  }

  /// The knobs in a snippet's code (`firstLine`: the Markdown line of its
  /// first line), and the problems of those that are written wrong.
  static func knobs(in code: String, firstLine: Int, file: String) -> ([Chapter.Knob], [Finding]) {
    let bytes = Array(code.utf8)
    var knobs: [Chapter.Knob] = []
    var names: Set<String> = []
    var problems: [Finding] = []
    var place = Place()
    var search = 0
    while let open = find(Array("/*".utf8), in: bytes, from: search) {
      search = open + 2
      var body = open + 2
      while body < bytes.count, bytes[body] == 0x20 || bytes[body] == 0x09 { body += 1 }
      guard starts(with: Array(keyword.utf8), in: bytes, at: body) else { continue }
      place.advance(to: open, in: bytes)
      let line = firstLine + place.line
      let column = open - place.lineStart + 1
      func problem(_ message: String) {
        problems.append(Finding(.error, .badInput, file: file, line: line, column: column, message: message))
      }
      guard let close = find(Array("*/".utf8), in: bytes, from: body), !bytes[body..<close].contains(0x0A) else {
        problem("A knob's comment ends on its line: '/* knob: NAME LOW...HIGH */'")
        continue
      }
      search = close + 2
      let text = String(decoding: bytes[(body + keyword.utf8.count)..<close], as: UTF8.self)
      guard let literal = literalBefore(open, in: bytes) else {
        problem("A knob's comment follows a number literal, as in '0.4 /* knob: damping 0.1...1.0 */'")
        continue
      }
      let value = String(decoding: bytes[literal], as: UTF8.self)
      let isWhole = !value.contains(".") && !value.lowercased().contains("e")
      guard let (name, low, high) = nameAndRange(text, wholeNumbers: isWhole, problem: problem) else { continue }
      guard let number = Double(value.filter { $0 != "_" }), number >= low, number <= high else {
        problem("Knob '\(name)': the value written, \(value), is outside its range \(shown(low))...\(shown(high))")
        continue
      }
      guard names.insert(name).inserted else {
        problem("Two knobs in one snippet are named '\(name)'; give each its own name")
        continue
      }
      // The literal is on the comment's line, before it: UTF-16 units back from the comment.
      let utf16Start = place.utf16 - String(decoding: bytes[literal.lowerBound..<open], as: UTF8.self).utf16.count
      knobs.append(Chapter.Knob(
        name: name, value: value, range: literal,
        utf16Range: utf16Start..<(utf16Start + value.utf16.count), line: line, low: low, high: high,
        isWholeNumber: isWhole, stops: stops(low: low, high: high, wholeNumbers: isWhole, besides: number)))
    }
    return (knobs, problems)
  }

  /// Where a scan of the code has got to: its line (from 0), where that
  /// line starts, and the UTF-16 units before it. It only moves forward,
  /// so reading every comment of a snippet reads its bytes once.
  private struct Place {
    var offset = 0
    var line = 0
    var lineStart = 0
    var utf16 = 0

    mutating func advance(to target: Int, in bytes: [UInt8]) {
      while offset < target {
        let byte = bytes[offset]
        if byte == 0x0A {
          line += 1
          lineStart = offset + 1
        }
        // A leading byte starts a character: 4-byte characters are two UTF-16 units.
        if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
        offset += 1
      }
    }
  }

  /// `NAME LOW...HIGH`: the name is every word before the range.
  private static func nameAndRange(_ text: String, wholeNumbers: Bool, problem: (String) -> Void) -> (String, Double, Double)? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let form = "write '/* knob: NAME LOW...HIGH */', as in '/* knob: damping 0.1...1.0 */'"
    guard words.count >= 2, let rangeWord = words.last else {
      problem("A knob needs a name and a range: \(form)")
      return nil
    }
    let name = words.dropLast().joined(separator: " ")
    guard name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_ ".unicodeScalars.contains($0) }),
      name.count <= 40
    else {
      problem("A knob's name is a few words of letters, digits, '-' and '_' (at most 40 characters): \(form)")
      return nil
    }
    let ends = rangeWord.components(separatedBy: "...")
    guard ends.count == 2, let low = Double(ends[0]), let high = Double(ends[1]), (high - low).isFinite,
      isDecimal(ends[0]), isDecimal(ends[1])
    else {
      problem("Knob '\(name)': '\(rangeWord)' is not a range of two numbers; \(form)")
      return nil
    }
    guard low < high else {
      problem("Knob '\(name)': the range \(rangeWord) is empty; its low end comes first")
      return nil
    }
    // Every stop must be a literal the compiler takes: an integer knob's
    // ends are whole numbers a Double holds exactly, and a float knob's
    // stops, rounded to nine decimals (`stops`), stay finite.
    if abs(low) > Chapter.Knob.largestEnd || abs(high) > Chapter.Knob.largestEnd {
      problem("Knob '\(name)': the range \(rangeWord) is too large for a knob (its ends are at most 10^15 either way)")
      return nil
    }
    if wholeNumbers && (low != low.rounded() || high != high.rounded()) {
      problem("Knob '\(name)' is an integer literal, so its range is whole numbers; "
        + "write the literal with a decimal point (1.0) for a continuous knob")
      return nil
    }
    return (name, low, high)
  }

  /// `stopCount` values across `low...high`, as literals of the knob's
  /// kind, without the written value. The ends are within
  /// `Chapter.Knob.largestEnd`, so every stop is finite.
  static func stops(low: Double, high: Double, wholeNumbers: Bool, besides written: Double) -> [String] {
    var values: [Double] = []
    for step in 0..<Chapter.Knob.stopCount {
      var value = low + (high - low) * Double(step) / Double(Chapter.Knob.stopCount - 1)
      // Nine decimals: a stop is a value a reader reads, not 0.30000000000000004.
      value = wholeNumbers ? value.rounded() : (value * 1e9).rounded() / 1e9
      if value != written, !values.contains(value) { values.append(value) }
    }
    return values.map { wholeNumbers ? String(Int($0)) : literal($0) }
  }

  /// A Double as a float literal the compiler reads back as the same value.
  static func literal(_ value: Double) -> String {
    let text = "\(value == 0 ? 0 : value)"  // no "-0.0"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  private static func shown(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  /// A plain decimal: digits, at most one point, an optional minus.
  private static func isDecimal(_ text: String) -> Bool {
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    return !digits.isEmpty && digits.first != "." && digits.last != "."
      && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && digits.filter { $0 == "." }.count <= 1
  }

  /// The decimal number literal that ends just before `end` (spaces
  /// between allowed), with the minus sign that negates it; nil when the
  /// comment follows something else.
  static func literalBefore(_ end: Int, in bytes: [UInt8]) -> Range<Int>? {
    var upper = end
    while upper > 0, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
    var lower = upper
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    while lower > 0 {
      let byte = bytes[lower - 1]
      let exponentSign = (byte == 0x2B || byte == 0x2D) && lower < upper && lower >= 2
        && (bytes[lower - 2] == 0x65 || bytes[lower - 2] == 0x45)
      guard isDigit(byte) || byte == 0x2E || byte == 0x5F || byte == 0x65 || byte == 0x45 || exponentSign else { break }
      lower -= 1
    }
    guard lower < upper else { return nil }
    // Part of a name (`x2`), or a member (`.5`): not a literal.
    if lower > 0 {
      let before = bytes[lower - 1]
      if before == 0x5F || (before >= 0x41 && before <= 0x5A) || (before >= 0x61 && before <= 0x7A) || before >= 0x80 {
        return nil
      }
    }
    let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
    guard isSwiftDecimal(text) else { return nil }
    // A minus sign right before it, not after an operand, negates it.
    if lower > 0, bytes[lower - 1] == 0x2D {
      var operand = lower - 1
      while operand > 0, bytes[operand - 1] == 0x20 { operand -= 1 }
      let previous = operand > 0 ? bytes[operand - 1] : 0x20
      let isOperand = operand == lower - 1
        && (isDigit(previous) || previous == 0x29 || previous == 0x5D || previous == 0x5F
          || (previous >= 0x41 && previous <= 0x5A) || (previous >= 0x61 && previous <= 0x7A))
      if !isOperand { lower -= 1 }
    }
    return lower..<upper
  }

  /// `[0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][+-]?[0-9][0-9_]*)?`
  private static func isSwiftDecimal(_ text: String) -> Bool {
    var rest = Substring(text)
    func digits() -> Bool {
      guard let first = rest.first, first.isASCII, first.isNumber else { return false }
      rest = rest.drop { $0.isASCII && ($0.isNumber || $0 == "_") }
      return true
    }
    guard digits() else { return false }
    if rest.first == "." {
      rest = rest.dropFirst()
      guard digits() else { return false }
    }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
      guard digits() else { return false }
    }
    return rest.isEmpty
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if starts(with: needle, in: bytes, at: index) { return index }
      index += 1
    }
    return nil
  }

  private static func starts(with prefix: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
    index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
  }
}
