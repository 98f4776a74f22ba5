import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

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

  /// The golden frame with its "front" box one row taller, so the frame is
  /// a row taller too (`Tests/Fixtures/diff/z-order-front-taller.txt`):
  /// the pictures cannot face row by row, and their rows align as a line
  /// diff aligns lines. The unified diff is the golden file
  /// `z-order-front-taller.diff` (one added row, what `diff -U3` prints),
  /// not the whole frame removed and added.
  @Test func aPictureThatGrewARowKeepsItsCommonRows() throws {
    let expected = try String(contentsOfFile: Fixtures.packageRoot
      + "/Tests/TransitionDiagramsTests/__Snapshots__/FrameDiagramTests/z-order.txt", encoding: .utf8)
    let fixtures = Fixtures.packageRoot + "/Tests/Fixtures/diff/"
    let actual = try String(contentsOfFile: fixtures + "z-order-front-taller.txt", encoding: .utf8)
    let golden = try String(contentsOfFile: fixtures + "z-order-front-taller.diff", encoding: .utf8)

    let diff = LineDiff.unified(old: expected, new: actual, oldLabel: "expected", newLabel: "actual")
    #expect(diff.map { $0 + "\n" }.joined() == golden)

    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let rows = LineDiff.rows(old: expected, new: actual)
    #expect(rows.map(\.kind) == Array(repeating: .same, count: 15) + [.added] + Array(repeating: .same, count: 11))
    #expect(rows.map(\.new) == new.dropLast().map { $0 })
  }

  @Test func aPictureThatLostARowAndChangedOneKeepsItsCommonRows() {
    let old = "t=0s\n┌──┐\n│ab│\n│..│\n│cd│\n└──┘\nend\n"
    let new = "t=0s\n┌──┐\n│ab│\n│CD│\n└──┘\nend\n"
    let diff = LineDiff.unified(old: old, new: new, oldLabel: "a", newLabel: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -1,7 +1,6 @@", " t=0s", " ┌──┐", " │ab│", "-│..│", "-│cd│", "+│CD│", " └──┘", " end"])
    #expect(LineDiff.rows(old: old, new: new).map(\.kind) == [.same, .same, .same, .changed, .removed, .same, .same])
  }

  /// Two frames against two: each faces its counterpart whatever the
  /// heights, so a taller first frame does not push the second out of place.
  @Test func picturesOfDifferentHeightsFaceInOrder() {
    let old = "┌──┐\n│..│\n└──┘\n┌──┐\n│xx│\n└──┘\n"
    let new = "┌──┐\n│..│\n│..│\n└──┘\n┌──┐\n│xy│\n└──┘\n"
    let rows = LineDiff.rows(old: old, new: new)
    #expect(rows.map(\.kind) == [.same, .same, .added, .same, .same, .changed, .same])
  }

  @Test func aBoxDrawingLineWithoutItsBottomIsAPlainLine() {
    let diff = LineDiff.unified(old: "┌──┐\n│a│\n", new: "┌──┐\n│b│\n", oldLabel: "a", newLabel: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -1,2 +1,2 @@", " ┌──┐", "-│a│", "+│b│"])
  }
}
