// Workspace: the paths every command shares, worked out once; Book carries
// the site metadata (site.json) it was loaded with.
import Foundation
import Testing
@testable import WorkbookCore

@Suite struct WorkspaceTests {
  @Test func aBookInsideAPackageCachesResultsInItsBuildFolder() throws {
    let folder = try Fixtures.temporaryDirectory()
    _ = try Fixtures.copyEngine(into: folder + "/Sources")
    try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
    try "// swift-tools-version: 6.0\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
    var options = VerifyOptions()
    options.book = folder + "/Chapters"
    let workspace = Workspace(options: options, site: "/tmp/out")
    #expect(workspace.book == folder + "/Chapters")
    #expect(workspace.root == folder)
    #expect(workspace.cache == folder + "/.build/workbook")
    #expect(workspace.engineCache == EngineCache.userDirectory())
    #expect(workspace.exercises == folder + "/Exercises")
    #expect(workspace.progressFile == folder + "/.workbook/progress.json")
    #expect(workspace.site == "/tmp/out")
    #expect(try workspace.engineSources() == folder + "/Sources/TransitionEngine")
  }

  @Test func aBookAloneCachesNextToItselfAndAnExplicitCacheHoldsEverything() throws {
    let folder = try Fixtures.temporaryDirectory()
    var options = VerifyOptions()
    options.book = folder + "/Book"
    #expect(Workspace(options: options).cache == folder + "/.workbook")
    options.cacheDirectory = folder + "/cache"
    let explicit = Workspace(options: options)
    #expect(explicit.cache == folder + "/cache")
    #expect(explicit.engineCache == folder + "/cache")
    options.engineCacheDirectory = folder + "/engines"
    #expect(Workspace(options: options).engineCache == folder + "/engines")
    // A book given apart from the options (a Book loaded elsewhere).
    #expect(Workspace(options: options, book: folder + "/Other").book == folder + "/Other")
  }

  @Test func theLearnersFilesLiveNextToTheBook() throws {
    let book = try Fixtures.book("exercises")
    let exercises = try ExerciseBook.load(Workspace(options: Fixtures.options(book: book)))
    let first = try #require(exercises.exercises.first)
    let root = (book as NSString).deletingLastPathComponent
    #expect(exercises.workspacePath(first) == root + "/Exercises/\(first.chapter)/\(first.id).swift")
    #expect(exercises.progressPath == root + "/.workbook/progress.json")
  }

  @Test func theBookCarriesItsSiteMetadata() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "# One\n".write(toFile: folder + "/01-one.md", atomically: true, encoding: .utf8)
    // No site.json: the defaults.
    var book = try Book.load(folder)
    #expect(book.site == Book.SiteMetadata())
    #expect(book.siteProblem == nil)
    try #"{"title": "My <Book>", "exerciseCommand": "wb step {chapter}/{id}"}"#
      .write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    book = try Book.load(folder)
    #expect(book.site.title == "My <Book>")
    #expect(book.site.exerciseCommand == "wb step {chapter}/{id}")
    #expect(book.site.rawHTML == false)
    // A bad file is a problem the site builder reports; loading goes on.
    try #"{"title": 3}"#.write(toFile: folder + "/site.json", atomically: true, encoding: .utf8)
    book = try Book.load(folder)
    #expect(book.site == Book.SiteMetadata())
    #expect(book.siteProblem?.path == folder + "/site.json")
    #expect(book.chapters.count == 1)
  }
}
