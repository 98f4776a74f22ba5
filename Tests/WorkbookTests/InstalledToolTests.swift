// The installed tool, end to end (issue 27): scripts/setup/install.sh puts
// `workbook`, the engine's sources and the guides in a prefix; that
// `workbook`, run in a folder outside this repository, makes a book with
// `init`, verifies it and builds its site, and the book tells its readers to
// run `workbook …` (not `swift run workbook …`, which fails outside the
// tool's own repository).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct InstalledToolTests {
  /// Runs `executable` and returns its status and its output (both streams).
  static func run(_ executable: String, _ arguments: [String], in directory: String,
                  environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let result = try ChildProcess.run(executable, arguments, directory: directory, environment: environment,
                                      timeout: 900)
    guard case .exited(let status) = result.termination else { return (-1, "\(result.termination)") }
    return (status, String(decoding: result.stdout + result.stderr, as: UTF8.self))
  }

  @Test func installInitVerifyAndBuildOutsideTheRepository() throws {
    let prefix = try Fixtures.temporaryDirectory() + "/prefix"
    // The build this test runs in, installed as it is (no second build).
    let binDirectory = (TestPackage.binary as NSString).deletingLastPathComponent
    let install = try Self.run("/bin/bash", [Fixtures.packageRoot + "/scripts/setup/install.sh", prefix],
                               in: Fixtures.packageRoot, environment: ["BIN_DIR": binDirectory])
    #expect(install.status == 0, "\(install.output)")
    #expect(install.output.contains("Installed \(prefix)/bin/workbook"))
    let tool = prefix + "/bin/workbook"
    let share = prefix + "/share/transition-workbook"
    #expect(FileManager.default.isExecutableFile(atPath: tool))
    for guide in ["WritingChapters.md", "Stage.md", "TransitionEngine.md"] {
      #expect(Files.exists(share + "/Guides/" + guide), "\(guide) is installed with the tool")
    }
    // Readable by every user: folders and files r-x / r-- for others.
    for path in [share + "/TransitionEngine", share + "/TransitionDiagrams", share + "/Guides",
                 share + "/Guides/Stage.md", share + "/TransitionDiagrams/Stage/Stage.swift"] {
      let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
      #expect(mode & 0o004 != 0, "\(path) is not readable by others: \(String(mode, radix: 8))")
      #expect(mode & 0o002 == 0, "\(path) is writable by others")
    }

    // A new book in a folder of its own, with the installed tool and no flags.
    let parent = try Fixtures.temporaryDirectory()
    #expect(!parent.hasPrefix(Fixtures.packageRoot))
    let created = try Self.run(tool, ["init", "book"], in: parent)
    #expect(created.status == 0, "\(created.output)")
    #expect(created.output.contains("How to write chapters: \(share)/Guides/WritingChapters.md"), "\(created.output)")
    #expect(created.output.contains("\(share)/Guides/Stage.md"), "\(created.output)")
    let book = parent + "/book"
    let verified = try Self.run(tool, ["verify"], in: book)
    #expect(verified.status == 0, "\(verified.output)")
    #expect(verified.output.contains("0 failed"), "\(verified.output)")
    let built = try Self.run(tool, ["build"], in: book)
    #expect(built.status == 0, "\(built.output)")
    #expect(Files.exists(book + "/Site/index.html"))

    // What the readers are told to run: the installed `workbook`.
    let readme = Fixtures.read(book + "/README.md")
    #expect(readme.contains("workbook verify"), "\(readme)")
    #expect(readme.contains("workbook step"), "\(readme)")
    var texts = ["README.md": readme, "init's output": created.output]
    for (folder, suffix) in [("Chapters", ".md"), ("Site", ".html")] {
      for file in Files.files(under: book + "/" + folder, suffix: suffix) {
        texts[folder + "/" + file] = Fixtures.read(book + "/" + folder + "/" + file)
      }
    }
    #expect(texts.count > 4, "\(texts.keys.sorted())")
    let page = Fixtures.read(book + "/Site/01-a-first-transition.html")
    #expect(page.contains("workbook step 01-a-first-transition/"), "the exercise box names the command")
    for (name, text) in texts {
      #expect(!text.contains("swift run workbook"), "\(name) tells readers to run 'swift run workbook'")
    }
  }
}
