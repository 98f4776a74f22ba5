// Chapter, Chapter.Snippet, Chapter.OutputBlock: the book as the verifier sees it.
import Foundation
import WorkbookMarkdown
import WorkbookSupport

/// One Markdown file of the book.
public struct Chapter: Sendable {
  /// The file's absolute path.
  public var path: String
  /// The path shown in reports (relative to the working directory when
  /// the file is under it).
  public var displayPath: String
  /// The file's name, e.g. `02-fade.md`.
  public var fileName: String
  /// The text of the first level-1 heading, if any.
  public var title: String?
  /// What the chapter teaches, in one line: the first sentence of the
  /// first paragraph after its title, as plain text (see `ChapterSummary`);
  /// "" when no paragraph follows the title. The site's index and its
  /// pages' descriptions, and `workbook exercises`, all show this line.
  public var summary: String = ""
  public var snippets: [Chapter.Snippet]
  /// Bad input found while reading the chapter (unknown attributes, an
  /// output block that follows no snippet, …): errors stop the chapter
  /// from running; warnings (control characters in prose) do not.
  public var problems: [Finding]
  /// The problems that stop the chapter from running.
  public var inputErrors: [Finding] { problems.filter { $0.severity == .error } }
  /// The file's bytes, as read.
  public var bytes: [UInt8]
  /// The parsed document (the one cmark parse of the file); nil when the
  /// file is not UTF-8 or could not be read.
  public var document: MarkdownDocument? = nil
  /// The chapter's exercises, in the order of their starters (an exercise
  /// without a solution is left out; `problems` says so), read from the
  /// parsed document once, when the chapter is loaded.
  public var exercises: [Exercise] = []
  /// Whether the file could be read (a chapter that cannot, or that links
  /// outside the book, has only a problem).
  public var wasRead = true

  /// The chapter's page on the site, e.g. `02-fade.html`; nil for a
  /// chapter whose page would be one the site writes itself (`index.md`,
  /// `fidelity.md`: `sitesOwnPages`), which is refused at load. Set once, when the chapter is loaded: the site and serve's
  /// overlay both name pages by it.
  public var pageName: String? = nil

  /// The file name without `.md`, e.g. `02-fade`.
  public var name: String { fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName }

  /// The page of a chapter file (its name without `.md`, then `.html`);
  /// nil when that is one of `sitesOwnPages`.
  static func pageName(ofFile fileName: String) -> String? {
    ChapterAnalysisCounter.current?.add(.pageName)
    let page = page(ofFile: fileName)
    return sitesOwnPages[page] == nil ? page : nil
  }

  /// The file name without `.md`, then `.html`.
  static func page(ofFile fileName: String) -> String {
    (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
  }

  /// The book's index page on the site.
  public static let indexPage = "index.html"
  /// The fidelity ledger's page on the site.
  public static let ledgerPage = "fidelity.html"
  /// The pages the site writes itself, with what each is: the one list a
  /// chapter's page is checked against (a chapter named after one is
  /// refused at load, else one page would replace the other).
  public static let sitesOwnPages = [indexPage: "the book's index page", ledgerPage: "the fidelity ledger's page"]

  /// Whether the chapter is a series of listings, as The Swift Programming
  /// Language is written: no snippet has an output block, and one says
  /// what it prints in `// Prints` comments, marks an error with
  /// `// Error` or is a fragment. A listing that does not compile with the
  /// ones before it is then set apart, and the others run without it
  /// (WorkbookRunner's `Isolation`).
  public var isListings: Bool {
    !snippets.contains { $0.output != nil }
      && snippets.contains { !$0.printsComments.isEmpty || !$0.errorLines.isEmpty || $0.notRunnableReason != nil }
  }

  /// Snippets that are checked (all but `ignore`).
  public var checkedSnippets: [Chapter.Snippet] { snippets.filter { $0.kind != .ignore } }

  /// The words of a fenced block's info string (spaces, tabs and commas
  /// separate): `swift no-run` gives `["swift", "no-run"]`. The first word
  /// is the block's language (`swift`, `output`, `sh`); the site labels
  /// code blocks by it too.
  public static func infoWords(_ info: String) -> [String] {
    info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
  }
}

extension Chapter {
  /// A fenced ```` ```output ```` block.
  public struct OutputBlock: Hashable, Sendable {
    /// The block's content; each line ends in "\n" (carriage returns removed).
    public var content: String
    /// The line of the opening fence.
    public var fenceLine: Int
    /// The line of the closing fence, nil if the block runs to the end.
    public var closingFenceLine: Int?
    /// The last line of the block.
    public var endLine: Int
  }

  /// A fenced block whose info string starts with the word `swift`.
  public struct Snippet: Hashable, Sendable {
    /// Position among the chapter's snippets, from 0.
    public var index: Int
    public var kind: Kind
    /// `hidden`: compiled and run, but not shown on the site.
    public var isHidden: Bool
    /// The code exactly as written (lines end in "\n", carriage returns removed).
    public var code: String
    /// The line of the opening fence.
    public var fenceLine: Int
    /// The column where the fence starts (content columns are shifted by it).
    public var fenceColumn: Int
    /// The line of the closing fence.
    public var closingFenceLine: Int
    /// The block that holds this snippet's expected output, if any.
    public var output: Chapter.OutputBlock?
    /// The numbers a reader can turn (`0.4 /* knob: damping 0.1...1.0 */`),
    /// in the order of the code; only in a snippet that runs, is shown and
    /// has an output block (`KnobParser`).
    public var knobs: [Chapter.Knob] = []
    /// Its `// Prints …` comments, in order: what a plain `swift` snippet
    /// without an output block is checked against (`expectedOutput`).
    public var printsComments: [Chapter.PrintsComment] = []
    /// Its output written as bare comments, without `// Prints`, as The
    /// Swift Programming Language writes a loop's: each block of comment
    /// lines right under a `print` call or under the `}` that closes code
    /// that calls it (`PrintsCommentParser.outputComments`). Read only in a
    /// plain snippet without an output block or `// Prints` comments; a
    /// chapter of listings' snippet passes when it prints those lines.
    public var outputComments: [Chapter.PrintsComment] = []
    /// The Markdown lines its `// Error` comments mark, in order: a plain
    /// snippet with such comments is `compile-fail`, and must fail at each
    /// of them (`ListingConventions`).
    public var errorLines: [Int] = []
    /// Why the snippet is not runnable as written: it is a fragment (code
    /// left out, a placeholder, a bare signature; `ListingConventions`),
    /// shown only, its kind `ignore`. Nil for every other snippet.
    public var notRunnableReason: String? = nil

    /// The Markdown line of the snippet's first line of code.
    public var firstCodeLine: Int { fenceLine + 1 }
    /// The number of lines of code.
    public var lineCount: Int { closingFenceLine - fenceLine - 1 }
  }
}

extension Chapter.Snippet {
  /// What the verifier does with a snippet, from its fence's attributes.
  public enum Kind: Hashable, Sendable, Codable {
    /// Compiled into the chapter program and run (the default).
    case run
    /// `no-run`: compiled into the chapter program, never run.
    case noRun
    /// `compile-fail`: must fail to compile, with the errors in its output block.
    case compileFail
    /// `ignore`: shown only.
    case ignore
    /// `exercise=ID`: an exercise's starter code, a program of its own.
    case exerciseStarter(id: String)
    /// `solution=ID`: an exercise's reference solution, a program of its own.
    case exerciseSolution(id: String)

    /// Whether the snippet is part of the chapter program.
    public var isInChapterProgram: Bool { self == .run || self == .noRun }

    /// The attribute that selects this kind, as an author writes it.
    public var attribute: String {
      switch self {
      case .run: return "run"
      case .noRun: return "no-run"
      case .compileFail: return "compile-fail"
      case .ignore: return "ignore"
      case .exerciseStarter(let id): return "exercise=\(id)"
      case .exerciseSolution(let id): return "solution=\(id)"
      }
    }
  }
}

/// Counts how often each fact of a chapter is derived while it is current
/// (a seam for tests, as `MarkdownParseCounter` is for parses): the loaded
/// chapter carries its facts, so each is derived once per chapter per
/// command. Bound with `ChapterAnalysisCounter.$current.withValue(counter) { … }`.
package final class ChapterAnalysisCounter: @unchecked Sendable {
  /// A fact derived from a chapter.
  package enum Fact: Hashable, Sendable {
    case exercises, summary, pageName, translation
  }

  @TaskLocal package static var current: ChapterAnalysisCounter?

  private let lock = NSLock()
  private var counts: [Fact: Int] = [:]

  package init() {}

  /// Records one derivation of `fact` (`package`: the derivations may
  /// live in the package's other modules).
  package func add(_ fact: Fact) {
    lock.lock()
    counts[fact, default: 0] += 1
    lock.unlock()
  }

  /// The derivations of `fact` counted so far.
  package func count(_ fact: Fact) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[fact] ?? 0
  }
}
