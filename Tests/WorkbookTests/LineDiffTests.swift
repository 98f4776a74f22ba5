import Testing
import WorkbookCore

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
}
