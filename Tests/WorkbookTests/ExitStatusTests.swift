// The exit statuses and messages of the errors no other suite reaches
// through the binary: the one mapping in Sources/workbook/Main.swift
// (`Ending`) gives 1 when the work ran and something failed, 2 for usage
// and setup errors, 130 when interrupted, 0 for help.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ExitStatusTests {
  /// `workbook ARGUMENTS` in `directory`, as it is (no engine flags added).
  func workbook(_ arguments: [String], in directory: String) throws -> TestPackage.Outcome {
    try TestPackage.runWorkbook(arguments, in: directory)
  }

  @Test func helpAndVersionExitZero() throws {
    let folder = try Fixtures.temporaryDirectory()
    let help = try workbook(["--help"], in: folder)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: workbook <subcommand>"), "\(help.stdout)")
    let version = try workbook(["--version"], in: folder)
    #expect(version.status == 0)
    #expect(version.stdout == "0.1.0\n")
  }

  @Test func initIntoABookThatIsThereWritesNothingWithStatus2() throws {
    let folder = try Fixtures.temporaryDirectory()
    #expect(try workbook(["init", "book", "--no-record"], in: folder).status == 0)
    try "edited".write(toFile: folder + "/book/Chapters/site.json", atomically: true, encoding: .utf8)
    let again = try workbook(["init", "book", "--no-record"], in: folder)
    #expect(again.status == 2)
    #expect(again.stdout == "")
    #expect(again.stderr == "error: 'book' already has a book ('Chapters/01-a-first-transition.md', 'Chapters/site.json'); "
      + "nothing was written. Work on it with 'workbook verify', or choose another folder: workbook init DIR\n")
    #expect(Fixtures.read(folder + "/book/Chapters/site.json") == "edited")
  }

  @Test func initThatCannotRecordKeepsTheBookAndSaysHowToRecordLater() throws {
    let folder = try Fixtures.temporaryDirectory()
    let out = try workbook(["init", "book", "--engine-sources", folder + "/nowhere/TransitionEngine",
                            "--cache-dir", Fixtures.engineCache], in: folder)
    #expect(out.status == 2)
    #expect(out.stdout.contains("created book/Chapters/01-a-first-transition.md"))
    #expect(out.stderr.hasPrefix("error: Cannot find the engine's sources"), "\(out.stderr)")
    #expect(out.stderr.hasSuffix("\nThe book is written; record its outputs later with 'workbook verify --record'\n"))
    #expect(Files.exists(folder + "/book/Chapters/01-a-first-transition.md"))
  }

  @Test func serveWithoutABookIsASetupError() throws {
    let folder = try Fixtures.temporaryDirectory()
    let out = try workbook(["serve", "--port", "0"], in: folder)
    #expect(out.status == 2)
    #expect(out.stdout == "")
    #expect(out.stderr == "error: Book folder 'Chapters' does not exist; run from the repository root or pass --book DIR\n")
  }

  @Test func stepWithNothingToStepThroughIsASetupError() throws {
    let book = try Fixtures.book("passing")
    let root = (book as NSString).deletingLastPathComponent
    let engine = ["--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache]
    let none = try workbook(["step"] + engine, in: root)
    #expect(none.status == 2)
    #expect(none.stderr.hasPrefix("error: The book in 'Chapters' has no exercises yet; an exercise is a 'swift exercise=ID' block"))
    let exercises = try Fixtures.book("exercises")
    let unknown = try workbook(["step", "zz-nowhere"] + engine, in: (exercises as NSString).deletingLastPathComponent)
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "error: No chapter or exercise 'zz-nowhere' in 'Chapters'; run 'workbook exercises' to list them\n")
  }

  @Test func verifyStoppedWithCtrlCExits130() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/Chapters", withIntermediateDirectories: true)
    try "# Slow\n\n```swift\nimport Foundation\nprint(\"waiting\")\nwhile true { usleep(10_000) }\n```\n".write(
      toFile: folder + "/Chapters/01-slow.md", atomically: false, encoding: .utf8)
    let verify = Process()
    verify.executableURL = URL(fileURLWithPath: TestPackage.binary)
    verify.arguments = ["verify", "--book", folder + "/Chapters", "--timeout", "120",
                        "--engine-sources", Fixtures.engineSources, "--cache-dir", Fixtures.engineCache]
    let errors = Pipe()
    verify.standardOutput = FileHandle.nullDevice
    verify.standardError = errors
    try verify.run()
    // Ctrl-C once the chapter's program runs.
    let needle = "workbook-verify-\(verify.processIdentifier)-"
    let deadline = monotonicSeconds() + 240
    var program: [pid_t] = []
    while program.isEmpty && monotonicSeconds() < deadline && verify.isRunning {
      usleep(100_000)
      program = KilledVerifyTests.pids(containing: needle).filter { pid in
        let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
          .map { String(decoding: $0, as: UTF8.self) } ?? ""
        // Compiled as written, or its skeleton run through the literal table.
        return commandLine.hasSuffix("/chapter/program\0") || commandLine.hasSuffix("/chapter-tabled/program\0")
      }
    }
    try #require(!program.isEmpty, "the chapter's program never started")
    kill(verify.processIdentifier, SIGINT)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    verify.waitUntilExit()
    #expect(verify.terminationReason == .exit)
    #expect(verify.terminationStatus == 130)
    #expect(stderr.hasSuffix("Interrupted; stopped every snippet and compiler\n"), "\(stderr)")
    #expect(!stderr.contains("error:"), "\(stderr)")
  }
}
