// SiteMetadata: the book's `site.json`, read with the book (`Book.load`) so
// that the site builder and serve read no file of their own.
import Foundation

extension Book {
  /// `<book>/site.json`: `{"title": "…", "rawHTML": false, "command": "workbook",
  /// "exerciseCommand": "… {chapter}/{id}"}`.
  /// Every key may be missing; a book without the file has the defaults.
  public struct SiteMetadata: Decodable, Hashable, Sendable {
    /// The book's title, on every page.
    public var title = "Transition Workbook"
    /// Pass raw HTML in chapters through (GFM's tag filter still applies).
    public var rawHTML = false
    /// How the book's readers run the tool, in the commands its pages show:
    /// the installed `workbook`, or `swift run workbook` in the tool's own
    /// repository.
    public var command = "workbook"
    /// The terminal command that opens an exercise; `{chapter}` is its
    /// chapter's file name without `.md`, `{id}` its ID. Default: `command`
    /// followed by ` step {chapter}/{id}`.
    public var exerciseCommand = "workbook step {chapter}/{id}"

    public init() {}

    public init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      title = try c.decodeIfPresent(String.self, forKey: .title) ?? title
      rawHTML = try c.decodeIfPresent(Bool.self, forKey: .rawHTML) ?? rawHTML
      command = try c.decodeIfPresent(String.self, forKey: .command) ?? command
      exerciseCommand = try c.decodeIfPresent(String.self, forKey: .exerciseCommand) ?? command + " step {chapter}/{id}"
    }

    enum CodingKeys: String, CodingKey { case title, rawHTML, command, exerciseCommand }

    /// The file's name in the book folder.
    public static let fileName = "site.json"

    /// `site.json` that could not be read: the site is not built from it
    /// (verify, which does not need it, carries on).
    public struct Problem: Error, Hashable, Sendable {
      /// The file (absolute).
      public var path: String
      /// Why, as a sentence.
      public var reason: String
    }

    /// Reads `<book>/site.json`; no file gives the defaults.
    static func load(book: String) -> Result<SiteMetadata, Problem> {
      let path = book + "/" + fileName
      guard let data = FileManager.default.contents(atPath: path) else { return .success(SiteMetadata()) }
      do { return .success(try JSONDecoder().decode(SiteMetadata.self, from: data)) } catch {
        return .failure(Problem(path: path, reason: DecodingProblem.sentence(error)))
      }
    }
  }
}
