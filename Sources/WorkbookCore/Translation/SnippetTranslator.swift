// SnippetTranslator: the source-translation step between what the reader
// sees and what the compiler gets.
//
// A snippet is written for iOS (`import UIKit`); it is compiled against
// TransitionEngine. Each rule rewrites one line into one line, so line
// numbers never move and diagnostics map back to the Markdown unchanged.
// A later issue adds rules for the Objective-C runtime spellings
// (`@objc`, `#selector`) here.

/// A rewrite of one line of snippet code into exactly one line.
public struct TranslationRule: Sendable {
  /// A short name, shown in documentation and tests.
  public var name: String
  /// Returns the rewritten line, or nil to leave it unchanged.
  public var rewrite: @Sendable (Substring) -> String?

  public init(name: String, rewrite: @escaping @Sendable (Substring) -> String?) {
    self.name = name
    self.rewrite = rewrite
  }
}

/// Translates snippet code line by line with a list of rules.
public struct SnippetTranslator: Sendable {
  public var rules: [TranslationRule]

  public init(rules: [TranslationRule]) {
    self.rules = rules
  }

  /// The translator verify uses.
  public static let standard = SnippetTranslator(rules: [.engineImports])

  /// Translates code; the result has exactly as many lines as the input.
  ///
  /// The first rule that rewrites a line wins.
  public func translate(_ code: String) -> String {
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
  /// Modules whose `import` means the engine.
  public static let engineModules: Set<String> = ["UIKit", "QuartzCore", "CoreGraphics"]

  /// `import UIKit`, `import QuartzCore`, `import CoreGraphics` (also with
  /// `@preconcurrency` or an import kind such as `import class UIKit.UIView`)
  /// become `import TransitionEngine` on the same line. `import Foundation`
  /// stays: the engine re-exports it.
  public static let engineImports = TranslationRule(name: "engine-imports") { line in
    // Split into code and trailing comment.
    var code = line[...]
    var comment: Substring = ""
    if let range = line.range(of: "//") {
      code = line[..<range.lowerBound]
      comment = line[range.lowerBound...]
    }
    let indentation = code.prefix { $0 == " " || $0 == "\t" }
    var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })
    var prefix: [Substring] = []
    while let first = words.first, first.hasPrefix("@") {
      prefix.append(first)
      words.removeFirst()
    }
    guard words.first == "import" else { return nil }
    words.removeFirst()
    let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    if let kind = words.first, kinds.contains(kind) {
      prefix.append("import")
      prefix.append(kind)
      words.removeFirst()
    } else {
      prefix.append("import")
    }
    guard words.count == 1, let path = words.first else { return nil }
    let components = path.split(separator: ".", maxSplits: 1)
    guard let module = components.first, engineModules.contains(String(module)) else { return nil }
    let rest = components.count > 1 ? "." + components[1] : ""
    let translated = indentation + prefix.joined(separator: " ") + " TransitionEngine" + rest
    return comment.isEmpty ? String(translated) : translated + " " + comment
  }
}
