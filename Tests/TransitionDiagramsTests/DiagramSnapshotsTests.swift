import Foundation
import Testing

@Suite("Diagram snapshots")
struct DiagramSnapshotsTests {
  @Test func lineDiffShowsChangedLinesWithContext() {
    let diff = lineDiff(expected: "a\nb\nc\nd\ne\nf\ng", actual: "a\nb\nc\nD\ne\nf\ng")
    #expect(diff == " b\n c\n-d\n+D\n e\n f")
  }

  @Test func recordModesTreatAMissingGoldenAsTheyShould() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("diagram-snapshots-\(UInt64.random(in: 0..<UInt64.max))")
    let filePath = directory.appendingPathComponent("FakeTests.swift").path
    defer { try? FileManager.default.removeItem(at: directory) }
    // Never: fails, records nothing.
    let never = verifyDiagramSnapshot("x\n", named: "one", filePath: filePath, mode: .never)
    #expect(never?.contains("WORKBOOK_RECORD=1") == true)
    // Missing: records, then fails with "recorded, re-run".
    let missing = verifyDiagramSnapshot("x\n", named: "one", filePath: filePath, mode: .missing)
    #expect(missing?.contains("recorded, re-run") == true)
    #expect(verifyDiagramSnapshot("x\n", named: "one", filePath: filePath, mode: .never) == nil)
    // A mismatch fails with a diff; `.all` re-records and passes.
    let mismatch = verifyDiagramSnapshot("y\n", named: "one", filePath: filePath, mode: .missing)
    #expect(mismatch?.contains("-x\n+y") == true)
    #expect(verifyDiagramSnapshot("y\n", named: "one", filePath: filePath, mode: .all) == nil)
    #expect(verifyDiagramSnapshot("y\n", named: "one", filePath: filePath, mode: .never) == nil)
    let golden = directory.appendingPathComponent("__Snapshots__/FakeTests/one.txt")
    #expect(FileManager.default.fileExists(atPath: golden.path))
  }
}
