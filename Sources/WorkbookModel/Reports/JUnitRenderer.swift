// JUnitRenderer: the report as JUnit XML, for CI systems that read it
// (GitLab, Jenkins, Buildkite, GitHub test-reporter actions): one testsuite
// per chapter, one testcase per snippet named by its chapter file and line.
// A snippet's failures carry the file:line and the diff or compiler error;
// not-run and ignored snippets are skipped. Text is escaped for XML 1.0,
// and the control characters XML 1.0 forbids are replaced by a visible
// escape (`\e`, `\u{7}`), never written.
import Foundation
import WorkbookSupport

extension ReportRenderer {
  public enum JUnit {
    /// The whole report as one `<testsuites>` document.
    public static func render(_ report: ReportDocument) -> String {
      let suites = report.chapters.map(suite)
      var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      out += "<testsuites name=\"workbook verify\""
        + countAttributes(suites.reduce(Counts()) { $0 + $1.counts })
        + " time=\"\(seconds(report.summary.seconds))\">\n"
      for suite in suites { out += suite.xml }
      out += "</testsuites>\n"
      return out
    }

    /// One test case: a snippet, or the chapter itself for findings about
    /// no snippet (bad input before the first snippet, a chapter that cannot
    /// be read).
    struct Case {
      var name: String
      var line: Int?
      var snippet: SnippetReport?
      var findings: [Finding] = []
    }

    struct Counts {
      var tests = 0, failures = 0, errors = 0, skipped = 0
      static func + (a: Counts, b: Counts) -> Counts {
        Counts(tests: a.tests + b.tests, failures: a.failures + b.failures,
               errors: a.errors + b.errors, skipped: a.skipped + b.skipped)
      }
    }

    static func countAttributes(_ c: Counts) -> String {
      " tests=\"\(c.tests)\" failures=\"\(c.failures)\" errors=\"\(c.errors)\" skipped=\"\(c.skipped)\""
    }

    /// The cases of a chapter: each finding goes to the snippet it is about
    /// (`Finding.snippet`, which the Evaluator sets), else to the chapter
    /// (a finding about no snippet is the chapter's own). Never by line.
    static func cases(_ chapter: ChapterReport) -> [Case] {
      let name = ReportDocument.Merger.chapterName(chapter)
      let snippets = chapter.snippets.sorted { $0.line < $1.line }
      var chapterCase = Case(name: name, line: nil, snippet: nil)
      var snippetCases = snippets.map { Case(name: "\(name):\($0.line)", line: $0.line, snippet: $0) }
      for finding in chapter.findings {
        if let index = finding.snippet, let i = snippets.firstIndex(where: { $0.index == index }) {
          snippetCases[i].findings.append(finding)
        } else {
          chapterCase.findings.append(finding)
        }
      }
      return (chapterCase.findings.isEmpty ? [] : [chapterCase]) + snippetCases
    }

    static func suite(_ chapter: ChapterReport) -> (xml: String, counts: Counts) {
      var counts = Counts()
      var body = ""
      let file = chapter.path
      for testCase in cases(chapter) {
        counts.tests += 1
        var attributes = "name=\"\(escape(testCase.name))\" classname=\"\(escape(ReportDocument.Merger.chapterName(chapter)))\""
          + " file=\"\(escape(file))\""
        if let line = testCase.line { attributes += " line=\"\(line)\"" }
        let errors = testCase.findings.filter { $0.severity == .error }
        let warnings = testCase.findings.filter { $0.severity == .warning }
        let verdict = testCase.snippet?.verdict
        var inner = ""
        if let problem = failure(verdict: verdict, errors: errors, file: file) {
          if problem.element == "error" { counts.errors += 1 } else { counts.failures += 1 }
          inner += "      <\(problem.element) type=\"\(problem.type)\" message=\"\(escape(problem.message))\">"
            + escape(problem.text, inAttribute: false) + "</\(problem.element)>\n"
        } else if case .notRun(let notRun) = verdict {
          counts.skipped += 1
          inner += "      <skipped message=\"\(escape("Not run: " + notRun.reason))\"/>\n"
        } else if case .ignored = verdict {
          counts.skipped += 1
          inner += "      <skipped message=\"ignore: shown only, never checked\"/>\n"
        } else if case .notRunnable(let notRunnable) = verdict {
          counts.skipped += 1
          inner += "      <skipped message=\"\(escape("Not runnable: " + notRunnable.reason))\"/>\n"
        }
        if !warnings.isEmpty {
          inner += "      <system-out>" + escape(warnings.map(text).joined(), inAttribute: false) + "</system-out>\n"
        }
        body += inner.isEmpty
          ? "    <testcase \(attributes)/>\n"
          : "    <testcase \(attributes)>\n" + inner + "    </testcase>\n"
      }
      let head = "  <testsuite name=\"\(escape(ReportDocument.Merger.chapterName(chapter)))\"" + countAttributes(counts)
        + " time=\"\(seconds(chapter.duration))\">\n"
      return (head + body + "  </testsuite>\n", counts)
    }

    /// A case's `<failure>` or `<error>`, if it has one: a failed verdict
    /// (mismatch: failure; compile error, trap, timeout: error, the verdict's
    /// word as its type) or an error finding (by its kind). The text is every
    /// error finding at file:line with its details, else the verdict's own
    /// explanation and evidence.
    static func failure(verdict: SnippetReport.Verdict?, errors: [Finding], file: String)
      -> (element: String, type: String, message: String, text: String)?
    {
      let failedVerdict = verdict.flatMap { $0.status.isFailure ? $0 : nil }
      guard failedVerdict != nil || !errors.isEmpty else { return nil }
      let element: String
      let type: String
      if let failedVerdict {
        element = failedVerdict.status == .mismatch ? "failure" : "error"
        type = failedVerdict.status.rawValue
      } else {
        element = errors.contains { isError($0.kind) } ? "error" : "failure"
        type = errors[0].kind.rawValue
      }
      if !errors.isEmpty {
        return (element, type, errors[0].message, errors.map(text).joined())
      }
      let explanation = failedVerdict?.explanation ?? ("Snippet failed", nil)
      var out = "\(file)\(explanation.line.map { ":\($0)" } ?? ""): error: \(explanation.message)\n"
      for line in evidence(failedVerdict) { out += "    " + line + "\n" }
      return (element, type, explanation.message, out)
    }

    /// What a failed verdict carries: a mismatch's diff, a compile error's
    /// diagnostics.
    static func evidence(_ verdict: SnippetReport.Verdict?) -> [String] {
      switch verdict {
      case .mismatch(let mismatch)?: return mismatch.diff
      case .compileError(let failure)?:
        return failure.diagnostics.map { "line \($0.line.map(String.init) ?? "?"): \($0.message)" }
      default: return []
      }
    }

    /// Kinds reported as `<error>` (the snippet could not be checked: it did
    /// not compile, trapped, timed out, or the chapter is malformed) rather
    /// than `<failure>` (it ran and its output is wrong).
    static func isError(_ kind: Finding.Kind) -> Bool {
      switch kind {
      case .compileError, .crash, .timeout, .outputChannel, .record, .badInput: return true
      case .compileWarning, .outputMismatch, .missingOutput, .unexpectedOutputBlock, .outputCut,
        .compileFailMismatch, .exercise, .runtimeWarning, .notModelled:
        return false
      }
    }

    /// A finding as the text report shows it: "file:line:col: error: message"
    /// and its details (the diff, the compiler's excerpt) indented.
    static func text(_ finding: Finding) -> String {
      var out = ReportRenderer.location(finding) + ": " + finding.severity.rawValue + ": " + finding.message + "\n"
      for detail in finding.details { out += "    " + detail + "\n" }
      return out
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Text escaped for an XML 1.0 attribute or element: markup characters
    /// as entities, CR always and (in attributes) LF and tab as character
    /// references (so that parsers keep them), and the characters XML 1.0 forbids
    /// (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) and the C1
    /// controls replaced by a visible escape.
    public static func escape(_ text: String, inAttribute: Bool = true) -> String {
      var out = ""
      out.reserveCapacity(text.utf8.count)
      for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += inAttribute ? "&#10;" : "\n"
        case "\r": out += "&#13;"
        case "\t": out += inAttribute ? "&#9;" : "\t"
        case "\u{1B}": out += "\\e"
        case "\0": out += "\\0"
        default:
          let value = scalar.value
          if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
            out += "\\u{" + String(value, radix: 16) + "}"
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      return out
    }
  }
}
