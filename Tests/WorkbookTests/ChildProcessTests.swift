// Issue 11, items 3 and 12: what a child starts ends with it; verify stops
// waiting once the child exited; dead runs' leftovers are cleaned up.
import Foundation
import Testing
@testable import WorkbookCore

@Suite struct ChildProcessTests {
  @Test func descendantsInOtherGroupsAreEndedAndNotWaitedFor() throws {
    let start = monotonicSeconds()
    // setsid: another session; (…&): double fork, orphaned; the last one
    // holds standard output open.
    let result = try ChildProcess.run("/bin/sh", ["-c", "setsid sleep 4321 & (sleep 4322 &) ; sleep 4323 & echo started"],
                                      timeout: 60)
    let seconds = monotonicSeconds() - start
    #expect(result.termination == .exited(0))
    #expect(String(decoding: result.stdout, as: UTF8.self) == "started\n")
    #expect(seconds < 5, "waited \(seconds) s for a process that held standard output")
    #expect(ProcessFixtures.surviving(["sleep 4321", "sleep 4322", "sleep 4323"]) == [])
  }

  @Test func aChildThatClosesItsOutputButRunsOnIsKilledAtTheDeadline() throws {
    let start = monotonicSeconds()
    let result = try ChildProcess.run("/bin/sh", ["-c", "exec >&- 2>&-; sleep 4324"], timeout: 2)
    #expect(result.termination == .timedOut)
    #expect(monotonicSeconds() - start < 10)
    #expect(ProcessFixtures.surviving(["sleep 4324"]) == [])
  }

  @Test func theSecretIsReadableOnceOnDescriptorThree() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "cat <&3; cat <&3 2>/dev/null; echo"], timeout: 20,
                                      secret: Array("s3cr3t".utf8))
    #expect(String(decoding: result.stdout, as: UTF8.self) == "s3cr3t\n")
  }

  @Test func childrenStartWithDefaultSignalHandling() throws {
    // SigBlk and SigIgn of the child: nothing blocked, nothing ignored that verify set.
    let result = try ChildProcess.run("/bin/sh", ["-c", "grep -E '^Sig(Blk|Ign)' /proc/self/status"], timeout: 20)
    let text = String(decoding: result.stdout, as: UTF8.self)
    #expect(text.contains("SigBlk:\t0000000000000000"), "\(text)")
  }

  @Test func temporaryFoldersOfDeadRunsAreRemoved() throws {
    let base = Files.temporaryBase
    // A pid that is not running: a child that exited.
    let child = try ChildProcess.run("/bin/sh", ["-c", "echo $$"], timeout: 20)
    let dead = String(decoding: child.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let stale = base + "/workbook-verify-\(dead)-AbC123"
    let live = base + "/workbook-verify-\(getpid())-XyZ789"
    for path in [stale, live] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    defer { try? FileManager.default.removeItem(atPath: live) }
    Files.removeTemporaryFoldersOfDeadRuns()
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: live))
  }
}
