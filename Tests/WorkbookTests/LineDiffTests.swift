import Foundation
import Testing
@testable import WorkbookCore

@Suite struct LineDiffTests {
  @Test func equalTextsHaveNoDiff() {
    #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldLabel: "x", newLabel: "y") == [])
  }

  @Test func aChangedLineIsAHunk() {
    let diff = LineDiff.unified(old: "a\nb\nc\n", new: "a\nB\nc\n", oldLabel: "expected", newLabel: "actual")
    #expect(diff == ["--- expected", "+++ actual", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"])
  }

  @Test func distantChangesAreSeparateHunks() {
    var lines = (1...20).map { "\($0)" }
    let old = lines.map { $0 + "\n" }.joined()
    lines[1] = "two"
    lines[18] = "nineteen"
    let new = lines.map { $0 + "\n" }.joined()
    let diff = LineDiff.unified(old: old, new: new, oldLabel: "a", newLabel: "b")
    #expect(diff.filter { $0.hasPrefix("@@") } == ["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"])
  }

  @Test func anInsertionIntoEmptyText() {
    let diff = LineDiff.unified(old: "", new: "x\n", oldLabel: "a", newLabel: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -0,0 +1,1 @@", "+x"])
  }

  /// A golden frame (`FrameDiagramTests/z-order.txt`) as the expected
  /// output, and the same frame with its "glass" box moved two rows down
  /// (`Tests/Fixtures/diff/z-order-glass-moved.txt`) as the actual: the
  /// diff shows the frame's rows 17 to 22 changed, each facing itself,
  /// where a plain LCS matches the moved box's background rows with other
  /// background rows and removes and adds rows out of place.
  @Test func aMovedBoxIsTheChangedRowsOfTheSameFrame() throws {
    let expected = try String(contentsOfFile: Fixtures.packageRoot
      + "/Tests/TransitionDiagramsTests/__Snapshots__/FrameDiagramTests/z-order.txt", encoding: .utf8)
    let actual = try String(contentsOfFile: Fixtures.packageRoot + "/Tests/Fixtures/diff/z-order-glass-moved.txt",
                            encoding: .utf8)
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let moved = 18...23  // text lines (the caption is line 0, the top edge line 1): frame rows 17 to 22

    let rows = LineDiff.rows(old: expected, new: actual)
    #expect(rows.count == old.count - 1)  // one row per line: nothing only on one side
    #expect(rows.filter { $0.kind != .same }.count == moved.count)
    for (index, row) in rows.enumerated() {
      #expect(row.old == old[index] && row.new == new[index], "row \(index) faces the same row of the frame")
      #expect(row.kind == (moved.contains(index) ? .changed : .same), "row \(index)")
    }

    let diff = LineDiff.unified(old: expected, new: actual, oldLabel: "expected", newLabel: "actual")
    #expect(diff.filter { $0.hasPrefix("@@") } == ["@@ -16,11 +16,11 @@"])
    let removed = diff.dropFirst(2).filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }
    let added = diff.dropFirst(2).filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) }
    #expect(removed == Array(old[moved]))
    #expect(added == Array(new[moved]))
    #expect(diff.lastIndex { $0.hasPrefix("-") }! < diff.firstIndex { $0.hasPrefix("+") && !$0.hasPrefix("+++") }!)
  }

  @Test func picturesWithDifferentRowCountsAreReplacedWhole() {
    let old = "t=0s\n┌──┐\n│..│\n└──┘\nend\n"
    let new = "t=0s\n┌──┐\n│..│\n│..│\n└──┘\nend\n"
    let rows = LineDiff.rows(old: old, new: new)
    #expect(rows.map(\.kind) == [.same, .changed, .changed, .changed, .added, .same])
  }

  @Test func aBoxDrawingLineWithoutItsBottomIsAPlainLine() {
    let diff = LineDiff.unified(old: "┌──┐\n│a│\n", new: "┌──┐\n│b│\n", oldLabel: "a", newLabel: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -1,2 +1,2 @@", " ┌──┐", "-│a│", "+│b│"])
  }
}
