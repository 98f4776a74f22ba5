// The one snapshot rule (SnapshotSupport) every suite with golden files
// uses: the record modes, the environment that picks them, the diff.
import Foundation
import SnapshotSupport
import Testing

@Suite("Snapshot rule")
struct SnapshotRuleTests {
  @Test func lineDiffShowsChangedLinesWithContext() {
    let diff = Snapshot.lineDiff(expected: "a\nb\nc\nd\ne\nf\ng", actual: "a\nb\nc\nD\ne\nf\ng")
    #expect(diff == " b\n c\n-d\n+D\n e\n f")
    let far = Snapshot.lineDiff(expected: "1\n2\n3\n4\n5\n6\n7\n8\n9", actual: "X\n2\n3\n4\n5\n6\n7\n8\nY")
    #expect(far == "-1\n+X\n 2\n 3\n...\n 7\n 8\n-9\n+Y")
  }

  @Test func theEnvironmentPicksTheMode() {
    #expect(SnapshotRecordMode.from(environment: [:]) == .missing)
    #expect(SnapshotRecordMode.from(environment: ["CI": "true"]) == .never)
    #expect(SnapshotRecordMode.from(environment: ["WORKBOOK_RECORD": "never"]) == .never)
    #expect(SnapshotRecordMode.from(environment: ["WORKBOOK_RECORD": "all", "CI": "true"]) == .all)
    #expect(SnapshotRecordMode.from(environment: ["WORKBOOK_RECORD": "missing", "CI": "true"]) == .missing)
    // One rule: the old spellings are not modes, and say so.
    #expect(SnapshotRecordMode.from(environment: ["WORKBOOK_RECORD": "1"]) == nil)
    let unknown = Snapshot.verify("x\n", named: "one.txt", filePath: "/nowhere/FakeTests.swift", mode: nil)
    #expect(unknown?.contains("'missing' (the default), 'never' or 'all'") == true)
  }

  @Test func recordModesTreatGoldenFilesAsTheyShould() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-rule-\(UInt64.random(in: 0..<UInt64.max))")
    let filePath = directory.appendingPathComponent("FakeTests.swift").path
    defer { try? FileManager.default.removeItem(at: directory) }
    let golden = directory.appendingPathComponent("__Snapshots__/FakeTests/one.txt").path
    #expect(Snapshot.path(named: "one.txt", filePath: filePath) == golden)
    // Never: fails, records nothing.
    let never = Snapshot.verify("x\n", named: "one.txt", filePath: filePath, mode: .never)
    #expect(never?.contains("No snapshot at '\(golden)'") == true)
    #expect(!FileManager.default.fileExists(atPath: golden))
    // Missing: records, then fails with "recorded, re-run".
    let missing = Snapshot.verify("x\n", named: "one.txt", filePath: filePath, mode: .missing)
    #expect(missing?.contains("recorded, re-run") == true)
    #expect(Snapshot.verify("x\n", named: "one.txt", filePath: filePath, mode: .never) == nil)
    // A mismatch fails with a diff in every mode but `.all`, which
    // re-records and passes.
    for mode in [SnapshotRecordMode.missing, .never] {
      let mismatch = Snapshot.verify("y\n", named: "one.txt", filePath: filePath, mode: mode)
      #expect(mismatch?.contains("-x\n+y") == true)
      #expect(mismatch?.contains("WORKBOOK_RECORD=all re-records it") == true)
    }
    #expect(FileManager.default.contents(atPath: golden) == Data("x\n".utf8))
    #expect(Snapshot.verify("y\n", named: "one.txt", filePath: filePath, mode: .all) == nil)
    #expect(Snapshot.verify("y\n", named: "one.txt", filePath: filePath, mode: .never) == nil)
    // `.all` records a missing file too, and passes.
    #expect(Snapshot.verify("z\n", named: "two.txt", filePath: filePath, mode: .all) == nil)
    #expect(Snapshot.verify("z\n", named: "two.txt", filePath: filePath, mode: .never) == nil)
  }
}
