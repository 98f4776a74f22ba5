import Foundation
import Testing
@testable import TransitionTesting
import UIKit

/// swift-snapshot-testing's record modes and conventions, as an app team
/// moving from it expects them: `failed`, `SNAPSHOT_TESTING_RECORD`, a mode
/// scoped over a block or a suite, and `SNAPSHOT_ARTIFACTS`.
@MainActor @Suite struct RecordModeTests {
  /// The card's presentation that GoldenFilmTests films.
  func presentCard(duration: TimeInterval = 0.3) -> TransitionRecording {
    GoldenFilmTests().presentCard(duration: duration)
  }

  /// A scratch folder and a test file inside it, for golden files
  /// (GoldenFilmTests' scratch test file).
  func scratch() -> (folder: String, file: String) {
    let file = GoldenFilmTests().scratchTestFile()
    return ((file as NSString).deletingLastPathComponent, file)
  }

  /// `failed` writes a missing golden file and re-records a different one,
  /// failing both times with what it did; a matching one passes.
  @Test func failedReRecordsWhatFailsAndStillFails() throws {
    let (folder, file) = scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let golden = folder + "/__Snapshots__/CardTests/testPresent.1.txt"
    let first = verifyFilm(presentCard(), named: "1", record: .failed, filePath: file, function: "testPresent()")
    #expect(first?.contains("recorded it; re-run") == true)
    #expect(verifyFilm(presentCard(), named: "1", record: .never, filePath: file, function: "testPresent()") == nil)

    let slower = presentCard(duration: 0.5)
    let second = try #require(verifyFilm(slower, named: "1", record: .failed, filePath: file, function: "testPresent()"))
    #expect(second.contains("differed and is re-recorded (record mode failed)"))
    #expect(second.contains("frames differ"))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == slower.film().text)
    #expect(verifyFilm(slower, named: "1", record: .failed, filePath: file, function: "testPresent()") == nil)
  }

  /// A mode set over a block wins over the environment for assertions
  /// given no `record:`; outside the block the environment's applies again.
  @Test func aScopedModeAppliesInsideItsBlock() {
    let (folder, file) = scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outside = RecordMode.current
    let inside = withTransitionTesting(record: .never) {
      (RecordMode.current, verifyFilm(presentCard(), named: "1", filePath: file, function: "testScoped()"))
    }
    #expect(inside.0 == .never)
    #expect(inside.1?.contains("(record mode never)") == true)
    #expect(!FileManager.default.fileExists(atPath: folder + "/__Snapshots__"))
    #expect(RecordMode.current == outside)
    #expect(withTransitionTesting(record: .all) { withTransitionTesting(record: .failed) { RecordMode.current } }
      == .failed)
  }

  /// The Swift Testing trait sets the mode for every test of its suite.
  @MainActor @Suite(.transitionTesting(record: .failed)) struct InASuiteRecordingFailures {
    @Test func theTraitSetsTheMode() {
      #expect(RecordMode.current == .failed)
    }
  }

  /// With `SNAPSHOT_ARTIFACTS` set, a failing golden file's actual text is
  /// written to `<artifacts>/<TestFile>/<name>` and the message says where;
  /// the golden file itself is untouched.
  @Test func aFailureLeavesTheActualTextInTheArtifactsFolder() throws {
    let (folder, _) = scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let golden = folder + "/Tests/__Snapshots__/CardTests/testPresent.1.txt"
    let artifacts = folder + "/artifacts"
    let environment = ["SNAPSHOT_ARTIFACTS": artifacts]
    func check(_ text: String, _ mode: RecordMode) -> String? {
      GoldenFile.verify(text, at: golden, mode: mode, environment: environment) { _, _ in "(diff)" }
    }
    let missing = try #require(check("first\n", .never))
    #expect(missing.contains("The actual text is in '\(artifacts)/CardTests/testPresent.1.txt' (SNAPSHOT_ARTIFACTS)."))
    #expect(try String(contentsOfFile: artifacts + "/CardTests/testPresent.1.txt", encoding: .utf8) == "first\n")
    #expect(check("first\n", .missing)?.contains("recorded it") == true)
    let differs = try #require(check("second\n", .missing))
    #expect(differs.contains("differs") && differs.contains("(SNAPSHOT_ARTIFACTS)"))
    #expect(try String(contentsOfFile: artifacts + "/CardTests/testPresent.1.txt", encoding: .utf8) == "second\n")
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == "first\n")
    // An unknown mode names the variable that held it.
    #expect(RecordMode.unknownModeMessage(environment: ["SNAPSHOT_TESTING_RECORD": "yes"])
      == "SNAPSHOT_TESTING_RECORD must be 'missing', 'all', 'failed', 'never'; got 'yes'")
  }

  /// An artifact path that is a symbolic link is refused in the artifacts'
  /// own words (not the golden files'), and what it names is left alone.
  @Test func anArtifactThatIsALinkIsRefusedAsAnArtifact() throws {
    let (folder, _) = scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let golden = folder + "/Tests/__Snapshots__/CardTests/testPresent.1.txt"
    let artifacts = folder + "/artifacts"
    try FileManager.default.createDirectory(atPath: artifacts + "/CardTests", withIntermediateDirectories: true)
    try "KEEP".write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: artifacts + "/CardTests/testPresent.1.txt",
                                               withDestinationPath: folder + "/notes.txt")
    let message = try #require(GoldenFile.verify("first\n", at: golden, mode: .never,
                                                 environment: ["SNAPSHOT_ARTIFACTS": artifacts]) { _, _ in "(diff)" })
    #expect(message.contains("Cannot write the artifact '\(artifacts)/CardTests/testPresent.1.txt' (SNAPSHOT_ARTIFACTS): "
      + "it is a symbolic link; artifacts are never written through a link"))
    #expect(!message.contains("golden files are plain files"))
    #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "KEEP")
  }
}
