// `workbook init`: a new book that verifies and builds at once, with the
// engine the tool ships (no flags), and that never overwrites a file.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct InitTests {
  @Test func scaffoldsEveryFileAndRefusesToOverwrite() throws {
    let folder = try Fixtures.temporaryDirectory() + "/book"
    let written = try Book.Scaffold.create(in: folder).written
    #expect(written.map { String($0.dropFirst(folder.count + 1)) }
      == ["Chapters/01-a-first-transition.md", "Chapters/site.json", ".gitignore", "README.md"])
    #expect(Fixtures.read(folder + "/.gitignore").contains("Exercises/\n.workbook/\n"))
    let chapter = Fixtures.read(folder + "/Chapters/01-a-first-transition.md")
    #expect(chapter.contains("```swift exercise=from-the-top"))
    #expect(chapter.contains("```swift solution=from-the-top"))
    #expect(chapter.contains("Hints:"))
    #expect(chapter.contains("stage.film("))

    // A book already there: nothing is written.
    try "mine".write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
    try "edited".write(toFile: folder + "/Chapters/site.json", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder + "/Chapters/01-a-first-transition.md")
    #expect(throws: Book.Scaffold.Error.wouldOverwrite(folder: folder, files: ["Chapters/site.json"])) {
      try Book.Scaffold.create(in: folder)
    }
    #expect(Fixtures.read(folder + "/Chapters/site.json") == "edited")
    #expect(!Files.exists(folder + "/Chapters/01-a-first-transition.md"), "nothing is written when anything would be replaced")

    // A repository with its own README and .gitignore: kept, the book added.
    try FileManager.default.removeItem(atPath: folder + "/Chapters")
    let outcome = try Book.Scaffold.create(in: folder)
    #expect(outcome.kept == [".gitignore", "README.md"])
    #expect(outcome.written.map { String($0.dropFirst(folder.count + 1)) }
      == ["Chapters/01-a-first-transition.md", "Chapters/site.json"])
    #expect(Fixtures.read(folder + "/README.md") == "mine")
  }

  @Test func aNewBookVerifiesAndBuildsWithNoFlags() throws {
    let parent = try Fixtures.temporaryDirectory()
    let book = parent + "/newbook"
    // No flags, no environment: the engine the tool ships with, in the
    // per-user cache (built once per machine; TutorialStyleTests and
    // scripts/bootstrap.sh share it).
    func workbook(_ arguments: [String], in directory: String) throws -> (Int32, String) {
      let result = try ChildProcess.run(TestPackage.binary, arguments, directory: directory,
                                        timeout: 600)
      guard case .exited(let status) = result.termination else { return (-1, "\(result.termination)") }
      return (status, String(decoding: result.stdout + result.stderr, as: UTF8.self))
    }
    let (created, initOutput) = try workbook(["init", "newbook"], in: parent)
    #expect(created == 0, "\(initOutput)")
    let chapter = Fixtures.read(book + "/Chapters/01-a-first-transition.md")
    #expect(chapter.contains("on screen half-way: 0.5"))
    #expect(chapter.contains("half-way, the details screen's top edge is at y = -284\n"))
    // A new book is written for Swift 6, and its chapter verifies in it.
    #expect(Fixtures.read(book + "/Chapters/site.json").contains(#""swiftLanguageMode": 6"#))

    let (verified, verifyOutput) = try workbook(["verify"], in: book)
    #expect(verified == 0, "\(verifyOutput)")
    #expect(verifyOutput.contains("0 failed"))
    let (built, buildOutput) = try workbook(["build"], in: book)
    #expect(built == 0, "\(buildOutput)")
    #expect(Files.exists(book + "/Site/index.html"))
    #expect(Files.exists(book + "/Site/01-a-first-transition.html"))
    #expect(!buildOutput.contains("Building TransitionEngine"), "verify built the engine already")
  }

  // RELIABILITY-REVIEW-4 L4: a folder another user made, or anyone may write.
  @Test func initRefusesAFolderThatIsNotPrivate() throws {
    let base = try Fixtures.temporaryDirectory()
    let foreign = base + "/foreign"
    try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
    #expect(chown(foreign, 65534, 65534) == 0)
    #expect(chmod(foreign, 0o777) == 0)
    let open = base + "/open"
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
    #expect(chmod(open, 0o777) == 0)
    for folder in [foreign, open] {
      let outcome = try TestPackage.runWorkbook(["init", folder, "--no-record"], in: base)
      #expect(outcome.status == 2, "\(folder): \(outcome.stdout)")
      #expect(outcome.stderr.contains((folder as NSString).lastPathComponent + "'") && outcome.stderr.contains("mode 0777")
        && outcome.stderr.contains("nothing was written"), "\(outcome.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
    let outcome = try TestPackage.runWorkbook(["init", foreign, "--no-record"], in: base)
    #expect(outcome.stderr.contains("owned by uid 65534"), "\(outcome.stderr)")
    // A folder of one's own, and a new one, are fine.
    #expect(chmod(open, 0o755) == 0)
    #expect(try Book.Scaffold.create(in: open).written.count == 4)
    #expect(try Book.Scaffold.create(in: base + "/new").written.count == 4)
  }
}
