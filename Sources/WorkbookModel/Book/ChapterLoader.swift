// ChapterLoader: turns a Markdown file into a Chapter, checking the
// chapter format (attributes, output blocks) and reporting bad input at the
// line where it is.
import WorkbookMarkdown
import WorkbookSupport

package enum ChapterLoader {
  /// Reads a chapter from Markdown bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - path: The file's absolute path.
  ///   - displayPath: The path to show in findings.
  /// - Returns: The chapter; bad input is in `problems`, never thrown.
  package static func load(bytes: [UInt8], path: String, displayPath: String) -> Chapter {
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    var chapter = Chapter(
      path: path, displayPath: displayPath, fileName: fileName, title: nil,
      snippets: [], problems: [], bytes: bytes)
    chapter.pageName = Chapter.pageName(ofFile: fileName)
    let document: MarkdownDocument
    do {
      document = try MarkdownDocument.parse(bytes: bytes)
    } catch {
      switch error {
      case .invalidUTF8(let position):
        chapter.problems.append(Finding(
          .error, .badInput, file: displayPath, line: position.line, column: position.column,
          message: "File is not UTF-8: invalid byte at line \(position.line), column \(position.column)"))
      case .nestedTooDeeply(let position):
        chapter.problems.append(Finding(
          .error, .badInput, file: displayPath, line: position.line, column: position.column,
          message: "Markdown is nested too deeply at line \(position.line): more than "
            + "\(MarkdownDocument.maximumNesting) levels of block quotes, lists, emphasis or links; nest it less deeply"))
      }
      return chapter
    }
    chapter.document = document

    // The block before the current one, if it is a snippet that an output
    // block may follow.
    var previousSnippetIndex: Int? = nil
    for block in document.blocks {
      switch block {
      case .heading(let heading):
        if heading.level == 1 && chapter.title == nil { chapter.title = heading.text }
        previousSnippetIndex = nil
      case .other:
        previousSnippetIndex = nil
      case .codeBlock(let code):
        let words = Chapter.infoWords(code.info)
        guard code.isFenced, let first = words.first else {
          previousSnippetIndex = nil
          continue
        }
        if first == "swift" {
          let snippet = makeSnippet(
            code, attributes: Array(words.dropFirst()), index: chapter.snippets.count,
            file: displayPath, problems: &chapter.problems)
          chapter.snippets.append(snippet)
          previousSnippetIndex = snippet.index
        } else if first == "output" {
          if words.count > 1 {
            chapter.problems.append(Finding(
              .error, .badInput, file: displayPath, line: code.position.line,
              message: "Unknown output block attribute '\(words[1])'"))
          }
          let output = Chapter.OutputBlock(
            content: code.content.replacingCRLF(), fenceLine: code.position.line,
            closingFenceLine: code.closingFenceLine, endLine: code.endLine)
          if code.closingFenceLine == nil {
            chapter.problems.append(Finding(
              .error, .badInput, file: displayPath, line: code.position.line,
              message: "Output block is never closed; add a closing fence"))
          }
          if code.isInsideBlockQuote {
            chapter.problems.append(Finding(
              .error, .badInput, file: displayPath, line: code.position.line,
              message: "Output blocks inside block quotes are not supported; move the output block out of the '>' block, next to its snippet"))
            previousSnippetIndex = nil
            continue
          }
          if let index = previousSnippetIndex,
            document.onlyBlankLines(between: chapter.snippets[index].closingFenceLine, and: code.position.line),
            chapter.snippets[index].output == nil
          {
            chapter.snippets[index].output = output
          } else {
            chapter.problems.append(Finding(
              .error, .badInput, file: displayPath, line: code.position.line,
              message: "Output block follows no snippet; put it right after a 'swift' block (only blank lines between)"))
          }
          previousSnippetIndex = nil
        } else {
          previousSnippetIndex = nil
        }
      }
    }
    ListingConventions.attach(to: &chapter)
    PrintsCommentParser.attach(to: &chapter)
    ListingConventions.showQuotedSnippets(in: &chapter)
    KnobParser.attach(to: &chapter)
    checkExercises(&chapter)
    chapter.summary = ChapterSummary.line(of: chapter)
    chapter.exercises = ExerciseLoader.exercises(in: chapter)
    chapter.problems += controlCharacters(in: bytes, file: displayPath)
    return chapter
  }

  /// A warning for each line that holds a control character other than tab
  /// (and the line's own terminator): the site drops them (they are
  /// invisible in editors and diffs, and have no place in a page), so the
  /// author should know. A bidirectional control (U+202A–U+202E,
  /// U+2066–U+2069) is warned of the same way: it reorders how the rest of
  /// its line is shown, so code can read as a comment ("Trojan Source").
  /// At most `limit` lines are named, each at its first such character.
  static func controlCharacters(in bytes: [UInt8], file: String, limit: Int = 10) -> [Finding] {
    var findings: [Finding] = []
    var line = 1, column = 1
    var reportedLine = 0
    var more = 0
    for index in bytes.indices {
      if bytes[index] == 0x0A {
        line += 1
        column = 1
        continue
      }
      if reportedLine != line, let message = invisibleCharacter(in: bytes, at: index) {
        reportedLine = line
        if findings.count < limit {
          findings.append(Finding(.warning, .badInput, file: file, line: line, column: column, message: message))
        } else {
          more += 1
        }
      }
      column += 1
    }
    if more > 0 {
      findings.append(Finding(
        .warning, .badInput, file: file, line: reportedLine,
        message: "Control characters on \(more) more line\(more == 1 ? "" : "s")"))
    }
    return findings
  }

  /// The warning for the character that starts at `index`, when it is a
  /// C0 control (not tab or carriage return), DEL or a bidirectional
  /// control; nil for any other.
  private static func invisibleCharacter(in bytes: [UInt8], at index: Int) -> String? {
    let byte = bytes[index]
    if (byte < 0x20 && byte != 0x09 && byte != 0x0D) || byte == 0x7F {
      return "Control character \(codePoint(UInt32(byte))) is not shown on the site; remove it (it is invisible in most editors)"
    }
    // U+202A–U+202E are E2 80 AA–AE in UTF-8; U+2066–U+2069 are E2 81 A6–A9.
    guard byte == 0xE2, index + 2 < bytes.count else { return nil }
    let second = bytes[index + 1], third = bytes[index + 2]
    guard (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    else { return nil }
    let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    return "Bidirectional control character \(codePoint(scalar)) reorders how the rest of the line is shown "
      + "(in editors, diffs and the site, code can read as a comment); remove it, or write it as an escape (\\u{\(String(scalar, radix: 16, uppercase: true))}) in a string"
  }

  /// `U+` and four hexadecimal digits at least.
  private static func codePoint(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// A chapter that was not read: only `message` as its problem.
  static func unread(path: String, displayPath: String, message: String) -> Chapter {
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    var chapter = Chapter(
      path: path, displayPath: displayPath, fileName: fileName, title: nil, snippets: [],
      problems: [Finding(.error, .badInput, file: displayPath, line: nil, message: message)], bytes: [])
    chapter.wasRead = false
    chapter.pageName = Chapter.pageName(ofFile: fileName)
    return chapter
  }

  private static func makeSnippet(
    _ code: MarkdownCodeBlock, attributes: [String], index: Int, file: String,
    problems: inout [Finding]
  ) -> Chapter.Snippet {
    var kind: Chapter.Snippet.Kind = .run
    var kindAttribute: String? = nil
    var hidden = false
    var seen: Set<String> = []
    let line = code.position.line
    func bad(_ message: String) {
      problems.append(Finding(.error, .badInput, file: file, line: line, column: code.position.column, message: message))
    }
    for attribute in attributes {
      let name = attribute.split(separator: "=", maxSplits: 1).first.map(String.init) ?? attribute
      if !seen.insert(name).inserted {
        bad("Duplicate attribute '\(name)'")
        continue
      }
      var newKind: Chapter.Snippet.Kind? = nil
      switch name {
      case "no-run": newKind = .noRun
      case "compile-fail": newKind = .compileFail
      case "ignore": newKind = .ignore
      case "hidden": hidden = true
      case "exercise", "solution":
        let id = attribute.dropFirst(name.count + 1)
        // The ID names the learner's file: no path parts ("." or "..",
        // nor a hidden file).
        guard attribute.contains("="), !id.isEmpty, !id.hasPrefix("."),
          id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." })
        else {
          bad("Attribute '\(attribute)' needs an ID made of letters, digits, '-', '_' or '.' (not starting with '.'), like '\(name)=fade-1'")
          continue
        }
        newKind = name == "exercise" ? .exerciseStarter(id: String(id)) : .exerciseSolution(id: String(id))
      default:
        bad("Unknown snippet attribute '\(attribute)'; expected no-run, compile-fail, ignore, hidden, exercise=ID or solution=ID")
        continue
      }
      if let newKind {
        if let previous = kindAttribute {
          bad("Attributes '\(previous)' and '\(attribute)' cannot be combined")
        } else {
          kind = newKind
          kindAttribute = attribute
        }
      }
    }
    if hidden, case .exerciseStarter = kind { bad("An exercise cannot be 'hidden'") }
    if hidden, case .exerciseSolution = kind { bad("A solution cannot be 'hidden'") }
    let closing = code.closingFenceLine ?? code.endLine
    if code.closingFenceLine == nil {
      bad("Snippet is never closed; add a closing fence")
    } else if let (offset, swallowed) = swallowedLine(in: code.content, fenceLength: code.fenceLength) {
      // A fence left open runs on until the next bare fence, taking the
      // prose between as Swift: the compiler would report the prose.
      bad("Snippet is not closed before line \(code.firstContentLine + offset) ('\(swallowed)'); "
        + "add a closing fence above that line")
    }
    if code.isInsideBlockQuote {
      bad(ListingConventions.quotedSnippetProblem)
    }
    return Chapter.Snippet(
      index: index, kind: kind, isHidden: hidden, code: code.content.replacingCRLF(),
      fenceLine: line, fenceColumn: code.position.column, closingFenceLine: closing, output: nil)
  }

  /// The first line of a snippet's content that Swift never has and
  /// Markdown does: a heading (`## Title`) or the opening fence of another
  /// snippet or output block (a fence with an info string cannot close a
  /// block, so it is swallowed). Its offset from the first content line.
  ///
  /// Lines inside a comment or a string literal are Swift's (a DocC
  /// comment has headings and fenced examples), and so is a fence shorter
  /// than the snippet's own (`fenceLength`): CommonMark closes a block only
  /// with a fence at least as long as the one that opened it.
  static func swallowedLine(in content: String, fenceLength: Int = 3) -> (Int, String)? {
    var suspects: [(offset: Int, line: Substring, utf8: Int)] = []
    var utf8 = 0
    for (offset, line) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      defer { utf8 += line.utf8.count + 1 }
      let text = line.drop { $0 == " " }
      guard line.count - text.count <= 3 else { continue }
      let hashes = text.prefix { $0 == "#" }
      if (1...6).contains(hashes.count), text.count > hashes.count, text[text.index(text.startIndex, offsetBy: hashes.count)] == " " {
        suspects.append((offset, line, utf8 + line.utf8.count - text.utf8.count))
      }
      for fence in ["```", "~~~"] where text.hasPrefix(fence) {
        let run = text.prefix { $0 == fence.first }
        let info = text.dropFirst(run.count).drop { $0 == " " }
        let word = Chapter.infoWords(String(info)).first
        if run.count >= fenceLength, word == "swift" || word == "output" {
          suspects.append((offset, line, utf8 + line.utf8.count - text.utf8.count))
        }
      }
    }
    guard !suspects.isEmpty else { return nil }
    let code = SwiftCommentsAndStrings(content)
    return suspects.first { !code.isInsideCommentOrString(utf8Offset: $0.utf8) }.map { ($0.offset, String($0.line)) }
  }

  private static func checkExercises(_ chapter: inout Chapter) {
    var starters: [String: Chapter.Snippet] = [:]
    var solutions: [String: Chapter.Snippet] = [:]
    for snippet in chapter.snippets {
      switch snippet.kind {
      case .exerciseStarter(let id):
        if starters[id] != nil {
          chapter.problems.append(Finding(
            .error, .badInput, file: chapter.displayPath, line: snippet.fenceLine,
            message: "Exercise '\(id)' has a second starter"))
        }
        starters[id] = snippet
      case .exerciseSolution(let id):
        if solutions[id] != nil {
          chapter.problems.append(Finding(
            .error, .badInput, file: chapter.displayPath, line: snippet.fenceLine,
            message: "Exercise '\(id)' has a second solution"))
        }
        solutions[id] = snippet
      default: break
      }
    }
    for (id, starter) in starters.sorted(by: { $0.key < $1.key }) where solutions[id] == nil {
      chapter.problems.append(Finding(
        .error, .badInput, file: chapter.displayPath, line: starter.fenceLine,
        message: "Exercise '\(id)' has no solution; add a 'swift solution=\(id)' block"))
    }
    for (id, solution) in solutions.sorted(by: { $0.key < $1.key }) where starters[id] == nil {
      chapter.problems.append(Finding(
        .error, .badInput, file: chapter.displayPath, line: solution.fenceLine,
        message: "Solution '\(id)' has no exercise; add a 'swift exercise=\(id)' block"))
    }
  }
}

extension String {
  /// Turns "\r\n" and a lone "\r" (line endings to cmark) into "\n".
  func replacingCRLF() -> String {
    MarkdownLines.normalized(self)
  }
}
