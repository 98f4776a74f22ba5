import Foundation
import Testing
import TransitionTesting
import UIKit
import XCTest

/// Films and traces as golden files, swift-snapshot-testing's way:
/// `__Snapshots__/<TestFile>/<testName>.<n>.txt`, record modes, a diff.
@MainActor @Suite struct GoldenFilmTests {
  func presentCard(duration: TimeInterval = 0.3) -> TransitionRecording {
    TransitionRecorder().record(makeHome) { scene in
      let card = CardViewController()
      card.transitions.duration = duration
      scene.root.present(card, animated: true)
    }
  }

  /// A scratch test file in a folder of its own, for the golden files.
  func scratchTestFile() -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("TransitionTesting-\(UUID().uuidString)")
    return folder.appendingPathComponent("CardTests.swift").path
  }

  @Test func filmAndTraceMatchTheirGoldenFiles() {
    let recording = presentCard()
    assertFilm(recording)                        // GoldenFilmTests/filmAndTraceMatchTheirGoldenFiles.1.txt
    assertFilm(recording, .everyFrame(6))        // .2.txt
    assertTrace(recording, named: "trace")       // .trace.txt
  }

  /// `missing` writes a missing golden file and fails once; the next
  /// snapshot of the same test is numbered 2; a match passes; `never` does
  /// not write; `all` rewrites.
  @Test func recordModesAndNumbering() throws {
    let file = scratchTestFile()
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = presentCard()
    let recorded = try #require(verifyFilmAt(file, recording, .missing, "testPresent()"))
    #expect(recorded.contains("recorded it; re-run"))
    let golden = folder.appendingPathComponent("__Snapshots__/CardTests/testPresent.1.txt").path
    #expect(FileManager.default.fileExists(atPath: golden))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == recording.film().text)

    let second = verifyFilmAt(file, recording, .never, "testPresent()")
    #expect(second?.contains("No golden file at '") == true)
    #expect(second?.contains("testPresent.2.txt") == true)
    #expect(!FileManager.default.fileExists(atPath: golden.replacingOccurrences(of: ".1.", with: ".2.")))

    #expect(verifyFilmAt(file, recording, .never, "testPresent()", name: "1") == nil)
    #expect(verifyFilmAt(file, presentCard(duration: 0.5), .all, "testPresent()", name: "1") == nil)
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == presentCard(duration: 0.5).film().text)
  }

  /// RELIABILITY-REVIEW-4 H3: links in `__Snapshots__` (git stores them)
  /// are refused with a message; nothing is created or overwritten through
  /// one, and a golden file is replaced, never rewritten in place.
  @Test func goldenFilesAreNeverWrittenOrReadThroughLinks() throws {
    let file = scratchTestFile()
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let snapshots = folder + "/__Snapshots__/CardTests"
    let outside = folder + "/outside"
    try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try "NOTES".write(toFile: outside + "/notes.txt", atomically: false, encoding: .utf8)
    // A dangling link (record mode missing would create what it names) and
    // a link to a file (mode all would overwrite it).
    try FileManager.default.createSymbolicLink(atPath: snapshots + "/testFlip.1.txt", withDestinationPath: outside + "/created-by-test.txt")
    try FileManager.default.createSymbolicLink(atPath: snapshots + "/testFlip.2.txt", withDestinationPath: outside + "/notes.txt")
    let recording = presentCard()
    for (name, mode) in [("1", RecordMode.missing), ("2", .all), ("2", .missing)] {
      let failure = verifyFilmAt(file, recording, mode, "testFlip()", name: name)
      #expect(failure?.contains("is a symbolic link") == true, "\(String(describing: failure))")
    }
    #expect(!FileManager.default.fileExists(atPath: outside + "/created-by-test.txt"))
    #expect(try String(contentsOfFile: outside + "/notes.txt", encoding: .utf8) == "NOTES")
    // A folder on the way that is a link: the same.
    try FileManager.default.createSymbolicLink(atPath: folder + "/__Snapshots__/OtherTests", withDestinationPath: outside)
    let other = URL(fileURLWithPath: folder).appendingPathComponent("OtherTests.swift").path
    let failure = verifyFilmAt(other, recording, .missing, "testFlip()", name: "1")
    #expect(failure?.contains("OtherTests' is a symbolic link") == true, "\(String(describing: failure))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == ["notes.txt"])
    // A plain golden file is recorded, then replaced by a new file (a
    // hard link to the old one keeps the old text), with nothing left beside it.
    let golden = snapshots + "/testPlain.1.txt"
    #expect(verifyFilmAt(file, recording, .missing, "testPlain()", name: "1")?.contains("recorded it") == true)
    try FileManager.default.linkItem(atPath: golden, toPath: outside + "/old.txt")
    #expect(verifyFilmAt(file, presentCard(duration: 0.5), .all, "testPlain()", name: "1") == nil)
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == presentCard(duration: 0.5).film().text)
    #expect(try String(contentsOfFile: outside + "/old.txt", encoding: .utf8) == recording.film().text)
    #expect(try FileManager.default.contentsOfDirectory(atPath: snapshots).sorted()
      == ["testFlip.1.txt", "testFlip.2.txt", "testPlain.1.txt"])
  }

  func verifyFilmAt(_ file: String, _ recording: TransitionRecording, _ mode: RecordMode, _ function: String,
                    name: String? = nil) -> String? {
    verifyFilm(recording, named: name, record: mode, filePath: file, function: function)
  }

  @Test func recordModeFromTheEnvironment() {
    #expect(RecordMode.from(environment: [:]) == .missing)
    #expect(RecordMode.from(environment: ["CI": "true"]) == .never)
    #expect(RecordMode.from(environment: ["CI": "true", "TRANSITION_TESTING_RECORD": "all"]) == .all)
    #expect(RecordMode.from(environment: ["TRANSITION_TESTING_RECORD": "sometimes"]) == nil)
    // swift-snapshot-testing's variable is honoured, after this library's own.
    #expect(RecordMode.from(environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "failed"]) == .failed)
    #expect(RecordMode.from(environment: ["SNAPSHOT_TESTING_RECORD": "all", "TRANSITION_TESTING_RECORD": "never"])
      == .never)
  }

  /// A changed duration changes the film: the diff names the frames that
  /// differ and shows each golden beside actual, `≠` on changed rows.
  @Test func aChangedDurationGivesAFrameByFrameDiff() throws {
    // At the key moments (fractions of the duration) the pictures are the
    // same; only the captions' times change.
    let keys = try #require(FilmDiff.describe(golden: presentCard().film().text,
                                              actual: presentCard(duration: 0.5).film().text))
    #expect(keys.hasPrefix("4 of 5 frames differ: 2, 3, 4, 5\n\nframe 2: the same picture, captioned "
      + "\"t=0.075s progress=0.25\" in the golden film, \"t=0.125s progress=0.25\" now"))
    // Four frames differ with a limit of three: the fourth is shown, not
    // summed up as "1 more".
    #expect(keys.contains("frame 5: the same picture"))
    #expect(!keys.contains("more frames differ"))
    // Every sixth frame (0.1 s apart): the card is elsewhere in the slower film.
    let golden = presentCard().film(.everyFrame(6)).text
    let diff = try #require(FilmDiff.describe(golden: golden, actual: presentCard(duration: 0.5).film(.everyFrame(6)).text))
    #expect(diff.contains("frame 2\ngolden: t=0.1s progress=0.333"))
    #expect(diff.contains("actual: t=0.1s progress=0.2"))
    #expect(diff.contains(" ≠ "))
    #expect(diff.contains("frame 6 only in the actual film: t=0.5s progress=1"))
    #expect(FilmDiff.describe(golden: golden, actual: golden) == nil)
  }

  /// A failing assertion inside a Swift Testing test is an issue of that test.
  @Test func aFailureIsASwiftTestingIssue() {
    withKnownIssue {
      assertCalls(presentCard(), inOrder: ["completeTransition(true)", "animateTransition(using:)"])
    } matching: { issue in
      issue.comments.first?.rawValue.contains("No call matching \"animateTransition(using:)\"") == true
    }
  }
}

/// The same assertions from XCTest: failures go to `XCTFail`. Linux's
/// XCTest cannot run a `@MainActor` test method (its test list casts each
/// to a nonisolated function and traps), but it runs tests on the main
/// thread: `MainActor.assumeIsolated` says so.
final class GoldenFilmXCTests: XCTestCase {
  func testFilmFromXCTest() {
    MainActor.assumeIsolated {
      let recording = TransitionRecorder().record(makeHome) { scene in
        scene.root.present(CardViewController(), animated: true)
      }
      assertFilm(recording)
      assertCalls(recording, inOrder: ["animateTransition(using:)", "completeTransition(true)"])
      assertValue(recording, .y, of: "Card", at: 0.3, equals: 0)
      assertNoFlicker(recording, FlickerRules(incoming: "Card", outgoing: "Home"))
    }
  }
}
