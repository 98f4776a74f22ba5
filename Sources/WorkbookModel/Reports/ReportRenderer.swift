// ReportRenderer: the verify report as text or GitHub Actions annotations
// (JSON: ReportDocument; JUnit XML: JUnitRenderer). Returns strings; never prints.
import Foundation
import WorkbookSupport

public enum ReportRenderer {
  /// The findings of one chapter, as plain text (one block per finding).
  public static func text(_ chapter: ChapterReport) -> String {
    var out = ""
    for finding in chapter.findings {
      out += visible(location(finding)) + ": " + finding.severity.rawValue + ": " + visible(finding.message) + "\n"
      for detail in finding.details { out += "    " + visible(detail) + "\n" }
    }
    return out
  }

  /// Text with every control character but the tab shown escaped (`\e`,
  /// `\r`, `\u{7}` …), so that output a snippet printed cannot move the
  /// cursor, recolour or retitle the terminal that shows the report.
  public static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
      switch scalar {
      case "\u{1B}": out += "\\e"
      case "\r": out += "\\r"
      case "\n": out += "\\n"
      case "\0": out += "\\0"
      default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
      }
    }
    return out
  }

  /// `visible` for text of several lines: each line escaped, the line
  /// breaks kept.
  public static func visibleLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }
      .joined(separator: "\n")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  /// One line for a finished chapter (plain progress when not on a terminal).
  public static func chapterLine(_ chapter: ChapterReport) -> String {
    let verdict = chapter.failed ? "FAIL" : "ok  "
    let cached = chapter.cached ? ", cached" : ""
    let recorded = chapter.recordedBlocks > 0 ? ", \(chapter.recordedBlocks) recorded" : ""
    return "\(verdict) \(visible(chapter.path)) (\(plural(chapter.checkedSnippetCount, "snippet"))\(cached)\(recorded), \(seconds(chapter.duration)))"
  }

  /// What to run when output blocks differ only because the snippets now
  /// print something else: `--record` writes the new output in (after the
  /// author has read the diff). Nil when no failure is fixed by recording.
  public static func recordHint(_ report: VerifyReport) -> String? {
    let chapters = report.chapters.filter { $0.snippets.contains { $0.verdict.isFixedByRecording } }
    guard !chapters.isEmpty else { return nil }
    let blocks = chapters.reduce(0) { $0 + $1.snippets.filter { $0.verdict.isFixedByRecording }.count }
    let names = chapters.map { chapter -> String in
      let file = visible((chapter.path as NSString).lastPathComponent)
      return file.hasSuffix(".md") ? String(file.dropLast(3)) : file
    }
    let shown = names.count <= 3 ? names.joined(separator: " ") : ""
    return "\(plural(blocks, "recorded output")) \(blocks == 1 ? "differs" : "differ") from what \(blocks == 1 ? "its snippet prints" : "their snippets print")"
      + "; if the new output is right, write it in with: workbook verify --record" + (shown.isEmpty ? "" : " " + shown)
  }

  /// The closing summary.
  public static func summary(_ report: VerifyReport) -> String {
    let failedChapters = report.chapters.filter(\.failed).count
    let recorded = report.chapters.reduce(0) { $0 + $1.recordedBlocks }
    var line = "\(plural(report.chapters.count, "chapter")), \(plural(report.snippetCount, "snippet")): "
      + "\(report.passedCount) passed, \(report.failedCount) failed"
    let notRun = report.chapters.reduce(0) { $0 + $1.snippets.filter { $0.status == .notRun }.count }
    if notRun > 0 { line += " (\(notRun) of them not run)" }
    if failedChapters > 0 { line += " (\(plural(failedChapters, "chapter")) failing)" }
    // An output block or a snippet's `// Prints` comments: an output.
    if recorded > 0 { line += ", \(plural(recorded, "output")) recorded" }
    line += " in \(seconds(report.duration))"
    return line
  }

  /// GitHub Actions workflow commands, one per finding.
  public static func github(_ report: VerifyReport) -> String {
    var out = ""
    for finding in report.findings {
      // The file's name comes from the book: shown escaped, like the text.
      var properties = "file=\(escapeProperty(visible(finding.file)))"
      if let line = finding.line { properties += ",line=\(line)" }
      if let column = finding.column { properties += ",col=\(column)" }
      properties += ",title=\(escapeProperty("workbook verify: " + finding.kind.rawValue))"
      // Control characters a snippet printed are shown escaped (the log
      // viewer would obey them); line breaks become %0A.
      let body = ([finding.message] + finding.details).map(visible).joined(separator: "\n")
      out += "::\(finding.severity.rawValue) \(properties)::\(escapeData(body))\n"
    }
    return out
  }

  static func location(_ finding: Finding) -> String {
    var text = finding.file
    if let line = finding.line { text += ":\(line)" }
    if let column = finding.column, finding.line != nil { text += ":\(column)" }
    return text
  }

  static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

  static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }

  private static func escapeData(_ s: String) -> String {
    s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func escapeProperty(_ s: String) -> String {
    escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
