// SnippetTranslator: the source-translation step between what the reader
// sees and what the compiler gets.
//
// A snippet is written for iOS, and its imports need no translation: the
// engine is built under the SDK's module names (`import UIKit`,
// `QuartzCore`, `CoreGraphics`; see EngineBuilder and
// Sources/CoreGraphics), beside Foundation and Dispatch. What is left are
// the Objective-C runtime spellings real iOS code uses (`@objc`,
// `#selector`): Linux has no Objective-C runtime. Each rule rewrites one
// line into one line, so line numbers never move and diagnostics map back
// to the Markdown unchanged.
import WorkbookModel
import WorkbookSupport

/// A rewrite of one line of snippet code into exactly one line.
struct TranslationRule: Sendable {
  /// A short name, shown in documentation and tests.
  var name: String
  /// Returns the rewritten line, or nil to leave it unchanged.
  var rewrite: @Sendable (Substring) -> String?

  init(name: String, rewrite: @escaping @Sendable (Substring) -> String?) {
    self.name = name
    self.rewrite = rewrite
  }
}

/// Translates snippet code line by line with a list of rules.
package struct SnippetTranslator: Sendable {
  var rules: [TranslationRule]

  init(rules: [TranslationRule]) {
    self.rules = rules
  }

  /// The translator verify uses.
  static let standard = SnippetTranslator(rules: [.objectiveCSpellings])

  /// Translates code; the result has exactly as many lines as the input.
  ///
  /// The first rule that rewrites a line wins.
  package func translate(_ code: String) -> String {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    var changed = false
    for index in lines.indices {
      for rule in rules {
        if let rewritten = rule.rewrite(lines[index]) {
          precondition(!rewritten.contains("\n"), "Translation rule '\(rule.name)' must not add lines")
          lines[index] = Substring(rewritten)
          changed = true
          break
        }
      }
    }
    return changed ? lines.joined(separator: "\n") : code
  }
}

extension TranslationRule {
  /// The Objective-C runtime spellings, for the engine:
  /// - `@objc`, `@objc(name)` and `@objcMembers` become spaces of the same
  ///   width (columns stay put); `@objc dynamic var` keeps `dynamic`.
  /// - Interface Builder's attributes, `@IBOutlet`, `@IBAction`,
  ///   `@IBInspectable`, `@IBDesignable` and `@IBSegueAction`, likewise:
  ///   they imply `@objc`, which swiftc on Linux rejects for a non-`@objc`
  ///   class type; without a storyboard they only mark the declaration.
  /// - `#selector(method(_:))` becomes `Selector(Self.method(_:))`, a typed
  ///   reference to the method of the enclosing class;
  ///   `#selector(Type.method(_:))` becomes `Selector(Type.method(_:))`.
  ///   The engine's `Selector` calls the method on the target with the sender.
  /// Code in string literals and comments is left alone.
  static let objectiveCSpellings = TranslationRule(name: "objc-spellings") { line in
    guard line.utf8.contains(bytes: "@objc") || line.utf8.contains(bytes: "#selector")
      || line.utf8.contains(bytes: "@IB") else { return nil }
    var output = ""
    var index = line.startIndex
    var inString = false
    var changed = false
    while index < line.endIndex {
      let rest = line[index...]
      if !inString && rest.hasPrefix("//") { output += rest; break }
      let c = line[index]
      if c == "\"", !(index > line.startIndex && line[line.index(before: index)] == "\\") {
        inString.toggle()
      }
      if !inString, rest.hasPrefix("@objcMembers") {
        output += String(repeating: " ", count: "@objcMembers".count)
        index = line.index(index, offsetBy: "@objcMembers".count)
        changed = true
        continue
      }
      if !inString, rest.hasPrefix("@objc"), !rest.dropFirst(5).hasPrefix("Members") {
        var end = line.index(index, offsetBy: 5)
        if end < line.endIndex, line[end] == "(", let close = line[end...].firstIndex(of: ")") {
          end = line.index(after: close)
        }
        output += String(repeating: " ", count: line.distance(from: index, to: end))
        index = end
        changed = true
        continue
      }
      if !inString, let attribute = interfaceBuilderAttributes.first(where: { rest.hasPrefix($0) }),
         !(rest.dropFirst(attribute.count).first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
        output += String(repeating: " ", count: attribute.count)
        index = line.index(index, offsetBy: attribute.count)
        changed = true
        continue
      }
      if !inString, rest.hasPrefix("#selector("), let close = matchingParenthesis(in: line, openAt: line.index(index, offsetBy: 9)) {
        let inside = line[line.index(index, offsetBy: 10)..<close].trimmingCharacters(in: .whitespaces)
        let qualified = inside.first?.isUppercase == true && inside.contains(".") ? inside : "Self." + inside
        output += "Selector(\(qualified))"
        index = line.index(after: close)
        changed = true
        continue
      }
      output.append(c)
      index = line.index(after: index)
    }
    return changed ? output : nil
  }

  /// The attributes Interface Builder reads, blanked like `@objc`.
  private static let interfaceBuilderAttributes = ["@IBOutlet", "@IBAction", "@IBInspectable", "@IBDesignable",
                                                   "@IBSegueAction"]

  private static func matchingParenthesis(in line: Substring, openAt open: Substring.Index) -> Substring.Index? {
    var depth = 0
    var index = open
    while index < line.endIndex {
      if line[index] == "(" { depth += 1 }
      if line[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = line.index(after: index)
    }
    return nil
  }
}

extension Substring.UTF8View {
  /// Whether `needle`'s UTF-8 bytes occur in these (a byte search: every
  /// line of every snippet is checked on every verify, and Foundation's
  /// `contains`/`range(of:)` convert each line to UTF-16 first).
  func contains(bytes needle: String) -> Bool {
    firstIndex(of: needle) != nil
  }

  /// Where `needle`'s UTF-8 bytes first start, or nil.
  func firstIndex(of needle: String) -> Index? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return startIndex }
    var index = startIndex
    while let start = self[index...].firstIndex(of: first) {
      if self[start...].starts(with: pattern) { return start }
      index = self.index(after: start)
    }
    return nil
  }
}
