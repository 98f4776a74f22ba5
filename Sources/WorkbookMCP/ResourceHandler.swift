// ResourceHandler: what an agent can read besides calling tools — the
// book's chapters (Markdown), the guides that ship with the tool (the
// Stage, TransitionTesting, the fidelity ledger, the engine, this server)
// and a chapter's verified films (its snippets' filmstrips with their
// frame data, from verify without `--record`). Resources are named, never
// paths: a URI that names no chapter or guide reads nothing.
import Foundation
import MCP
import WorkbookCore
import WorkbookModel
import WorkbookSupport

/// Lists and reads the server's resources.
struct ResourceHandler: Sendable {
  let configuration: Workspace.Configuration
  let work: SerialWork

  static let chapterScheme = "workbook://chapters/"
  static let filmScheme = "workbook://films/"
  static let guideScheme = "workbook://guides/"

  /// The guides offered, by file name in the tool's Guides folder
  /// (`Book.Scaffold.guidesFolder`), with what each is for.
  static let guides: [(file: String, description: String)] = [
    (
      "Stage.md",
      "The Stage harness that run_swift's code films and traces transitions with: Stage(root), film, trace, settle, drags, devices, Reduce Motion."
    ),
    (
      "TransitionTesting.md",
      "Testing an app's transitions in a Linux test target: the recorder record_transition uses, films as golden files, the flicker check's rules."
    ),
    ("Fidelity.md", "The whole fidelity ledger: every engine API with its status and evidence."),
    ("TransitionEngine.md", "What the engine is and models: the virtual clock, layers, animations, transitions."),
    ("Agents.md", "This server: its tools, what each returns, how to add it to an agent."),
  ]

  func list() async -> [Resource] {
    let guides = Self.guides.compactMap { guide -> Resource? in
      guard let folder = Book.Scaffold.guidesFolder, FileManager.default.fileExists(atPath: folder + "/" + guide.file) else {
        return nil
      }
      return Resource(
        name: "Guides/" + guide.file, uri: Self.guideScheme + guide.file, description: guide.description,
        mimeType: "text/markdown")
    }
    let chapters = await work.perform { [configuration] in
      ((try? Workspace(configuration).loadBook())?.chapters ?? []).filter(\.wasRead).map { ($0.name, $0.title ?? $0.name) }
    }
    return guides
      + chapters.map { name, title in
        Resource(
          name: name, uri: Self.chapterScheme + name, title: title,
          description: "The chapter's Markdown: prose, snippets, output blocks, exercises.",
          mimeType: "text/markdown")
      }
      + chapters.map { name, title in
        Resource(
          name: name + " films", uri: Self.filmScheme + name, title: "Films of " + title,
          description: "The films the chapter's snippets publish, verified now (cached when unchanged): text and frame data.",
          mimeType: "application/json")
      }
  }

  func read(_ uri: String) async throws -> [Resource.Content] {
    if uri.hasPrefix(Self.guideScheme) {
      let file = String(uri.dropFirst(Self.guideScheme.count))
      guard Self.guides.contains(where: { $0.file == file }), let folder = Book.Scaffold.guidesFolder,
        let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      else { throw Self.notFound(uri) }
      return [.text(text, uri: uri, mimeType: "text/markdown")]
    }
    if uri.hasPrefix(Self.chapterScheme) {
      let chapter = try await chapter(named: String(uri.dropFirst(Self.chapterScheme.count)), uri: uri)
      return [.text(String(decoding: chapter.bytes, as: UTF8.self), uri: uri, mimeType: "text/markdown")]
    }
    if uri.hasPrefix(Self.filmScheme) {
      let chapter = try await chapter(named: String(uri.dropFirst(Self.filmScheme.count)), uri: uri)
      let films = await work.perform { [configuration] () -> Result<String, VerifyError> in
        Result { () throws(VerifyError) in
          let workspace = Workspace(configuration)
          var options = Verifier.Options()
          options.chapters = [chapter.fileName]
          options.record = false
          let verified = try Verifier(options: options).verify(
            try workspace.loadBook(selecting: [chapter.fileName]), in: workspace)
          let snippets = verified.chapters.first?.report.snippets ?? []
          let films = snippets.flatMap { snippet in
            snippet.diagrams.filter { $0.kind == .filmstrip }.map {
              ChapterFilm(snippet: snippet.index, line: snippet.line, status: snippet.status.rawValue, film: $0)
            }
          }
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
          return String(
            decoding: (try? encoder.encode(ChapterFilms(chapter: chapter.name, films: films))) ?? Data(), as: UTF8.self)
        }
      }
      switch films {
      case .success(let json): return [.text(json, uri: uri, mimeType: "application/json")]
      case .failure(let error): throw MCPError.internalError(ErrorText.message(for: error))
      }
    }
    throw Self.notFound(uri)
  }

  /// The book's chapter `name` (as listed), read now.
  private func chapter(named name: String, uri: String) async throws -> Chapter {
    let found = await work.perform { [configuration] in
      ((try? Workspace(configuration).loadBook())?.chapters ?? []).first { $0.name == name && $0.wasRead }
    }
    guard let found else { throw Self.notFound(uri) }
    return found
  }

  /// The protocol's "resource not found" (-32002).
  static func notFound(_ uri: String) -> MCPError {
    .serverError(code: -32002, message: "No resource '\(uri)'; resources/list names every chapter, film and guide")
  }
}

/// A chapter's films (the films resource).
struct ChapterFilms: Encodable {
  var chapter: String
  var films: [ChapterFilm]
}

/// One film a snippet published.
struct ChapterFilm: Encodable {
  /// The snippet's index in the chapter and its fence's line.
  var snippet: Int
  var line: Int
  /// The snippet's verdict: passed, mismatch, compile-error, trap, timeout, not-run.
  var status: String
  /// `{"v": 1, "kind": "filmstrip", "text", "frames"}`.
  var film: DiagramRecord
}
