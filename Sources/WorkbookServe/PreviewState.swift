// PreviewState: what the server serves right now — the last build's files,
// in memory, and the problems the overlay shows. Every finished build
// (good or not) makes a new generation; pages know the generation they
// were served from and reload when it moves on.
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookSite

/// A failure the overlay shows: where in the Markdown, what, and the
/// details (the diff of expected and actual output, the compiler's error).
public struct PreviewProblem: Hashable, Sendable, Codable {
  /// The Markdown file as verify shows it (`Chapters/01-basics.md`); nil
  /// for a failure of the whole build (the engine does not compile).
  public var file: String?
  public var line: Int?
  public var message: String
  public var details: [String]
  /// The chapter's page in the site, when it has one.
  public var page: String?

  public init(file: String?, line: Int?, message: String, details: [String] = [], page: String? = nil) {
    self.file = file
    self.line = line
    self.message = message
    self.details = details
    self.page = page
  }

  /// `Chapters/01-basics.md:12: message`.
  public var location: String {
    guard let file else { return message }
    return file + (line.map { ":\($0)" } ?? "") + ": " + message
  }

  /// Lines of details the overlay shows per problem, at most.
  static let maxDetailLines = 200

  /// The problems of a built site: every error finding with its details,
  /// and every failed or unrun snippet no finding explains
  /// (`VerifiedChapter.failures`), chapter by chapter.
  static func problems(of site: Site) -> [PreviewProblem] {
    // Each chapter's page, as the site named it (`Chapter.pageName`).
    let pages = Dictionary(
      site.chapters.compactMap { c in c.chapter.pageName.map { (c.report.path, $0) } }, uniquingKeysWith: { a, _ in a })
    func page(for file: String) -> String? { pages[file] }
    // Each verified chapter's failures: its error findings, then each
    // failed snippet no finding is about (matched by snippet, never by line).
    var out: [PreviewProblem] = []
    for verified in site.chapters {
      for failure in verified.failures {
        var details = failure.details.map(ReportRenderer.visible)
        if details.count > maxDetailLines {
          details = Array(details.prefix(maxDetailLines)) + ["… \(details.count - maxDetailLines) more lines"]
        }
        out.append(PreviewProblem(file: failure.file, line: failure.line, message: ReportRenderer.visible(failure.message),
                                  details: details, page: page(for: failure.file)))
      }
    }
    return out
  }
}

/// One state of the preview, as requests see it.
struct Snapshot: Sendable {
  /// Grows with every finished build; 0 before the first.
  var generation = 0
  /// Site files by path; empty until a build succeeds.
  var files: [String: [UInt8]] = [:]
  var problems: [PreviewProblem] = []
  /// A rebuild is running (its result will be the next generation).
  var building = false
}

/// The current snapshot, shared by the builder thread and the server.
final class PreviewState: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Snapshot()
  /// Told of every generation, for each server-sent `reload`.
  private let session = UUID().uuidString.prefix(8).lowercased()

  var snapshot: Snapshot {
    lock.lock(); defer { lock.unlock() }
    return current
  }

  /// A generation's name: unique to this run of the server, so that a page
  /// from an earlier run reloads too.
  func tag(_ generation: Int) -> String { "\(session)-\(generation)" }

  func setBuilding(_ building: Bool) {
    lock.lock(); current.building = building; lock.unlock()
  }

  /// Serves a new build; returns its generation.
  @discardableResult
  func publish(_ site: Site) -> Int {
    let files = Dictionary(site.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    let problems = PreviewProblem.problems(of: site)
    lock.lock(); defer { lock.unlock() }
    current.generation += 1
    current.files = files
    current.problems = problems
    current.building = false
    return current.generation
  }

  /// A build that failed as a whole: the last good files stay, the
  /// overlay shows why. Returns the new generation.
  @discardableResult
  func publish(failure message: String) -> Int {
    lock.lock(); defer { lock.unlock() }
    current.generation += 1
    current.problems = [PreviewProblem(file: nil, line: nil, message: "The site could not be built",
                                       details: message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))]
    current.building = false
    return current.generation
  }
}
