// Issue 11, items 3 and 12: what a child starts ends with it; verify stops
// waiting once the child exited; dead runs' leftovers are cleaned up.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ChildProcessTests {
  @Test func descendantsInOtherGroupsAreEndedAndNotWaitedFor() throws {
    // setsid: another session; (…&): double fork, orphaned; the last one
    // holds standard output open. Had the run waited for it (72 minutes),
    // it would have timed out instead of exiting.
    let result = try ChildProcess.run("/bin/sh", ["-c", "setsid sleep 4321 & (sleep 4322 &) ; sleep 4323 & echo started"],
                                      timeout: 60)
    #expect(result.termination == .exited(0), "waited for a process that held standard output")
    #expect(String(decoding: result.stdout, as: UTF8.self) == "started\n")
    #expect(ProcessFixtures.surviving(["sleep 4321", "sleep 4322", "sleep 4323"]) == [])
  }

  // Round 4's M4: a process that drops the run ID and leaves the session
  // is out of the child's group and carries nothing to find it by; it is
  // found by ancestry (this process adopted it) and ended with the run.
  @Test func aDescendantThatDropsTheRunIDAndLeavesTheSessionIsEnded() throws {
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "env -u WORKBOOK_RUN setsid /bin/sh -c 'exec sleep 4325' & "
                    + "env -i /usr/bin/setsid -f /bin/sleep 4326; sleep 0.3; echo started"],
      timeout: 60)
    #expect(result.termination == .exited(0))
    #expect(String(decoding: result.stdout, as: UTF8.self) == "started\n")
    #expect(ProcessFixtures.surviving(["sleep 4325", "sleep 4326"]) == [])
  }

  @Test func aChildThatClosesItsOutputButRunsOnIsKilledAtTheDeadline() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "exec >&- 2>&-; sleep 4324"], timeout: 2)
    #expect(result.termination == .timedOut)
    #expect(ProcessFixtures.surviving(["sleep 4324"]) == [])
  }

  #if os(Linux)
  // Issue 16: a child's exit is seen when it happens, not at the next
  // look (every look cost up to 0.1 s per compile, link and run).
  @Test func theExitIsSeenWhenItHappensNotOnATimer() throws {
    let quick = try ChildProcess.run("/bin/true", [], timeout: 600)
    #expect(quick.termination == .exited(0))
    #expect(quick.timerWakeups == 0)
    // Silent for a while, output closed early: only the exit can end the wait.
    let slow = try ChildProcess.run("/bin/sh", ["-c", "exec >&- 2>&-; sleep 0.3; exit 3"], timeout: 600)
    #expect(slow.termination == .exited(3))
    #expect(slow.timerWakeups == 0)
  }

  @Test func anExitDescriptorIsReadableOnceTheChildExits() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    child.arguments = ["-c", "sleep 0.2"]
    try child.run()
    let descriptor = try #require(ExitDescriptor.open(child.processIdentifier))
    defer { close(descriptor) }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&entry, 1, 0) == 0, "readable while the child runs")
    #expect(poll(&entry, 1, 60_000) == 1)
    #expect(entry.revents & Int16(POLLIN) != 0)
    child.waitUntilExit()
  }

  @Test func theProcessKnowsItsChildren() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["30"]
    try child.run()
    // SIGKILL: a test that installed the interruption handlers ignores
    // SIGTERM, and an ignored signal stays ignored in a child it starts.
    defer { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() }
    // Nil only when threads came and went while they were read: try again.
    var children: Set<pid_t>? = nil
    for _ in 0..<20 where children == nil { children = ProcessTable.childrenOfThisProcess() }
    #expect(children?.contains(child.processIdentifier) == true)
    // Started by Foundation, not by ChildProcess.run: one it did not start.
    #expect(ChildProcessRegistry.shared.hasChildrenItDidNotStart())
  }
  #endif

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

// Issue 16: a chapter's compilations run at once, never more at a time
// than there are slots, and their results keep the chapter's order.
@Suite struct CompileSlotsTests {
  final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var most = 0
    func enter() { lock.lock(); running += 1; most = max(most, running); lock.unlock() }
    func leave() { lock.lock(); running -= 1; lock.unlock() }
  }

  @Test func tasksRunAtOnceWithinTheSlotsAndKeepTheirOrder() {
    let slots = CompileSlots(count: 2)
    let gauge = Gauge()
    let tasks: [@Sendable () -> Result<Int, VerifyError>] = (0..<6).map { index in
      {
        gauge.enter()
        defer { gauge.leave() }
        usleep(20_000)
        return index == 4 ? .failure(.interrupted) : .success(index * 10)
      }
    }
    let results = slots.runAll(tasks)
    #expect(results.count == 6)
    #expect(gauge.most <= 2)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let value): #expect(index != 4 && value == index * 10)
      case .failure(let error): #expect(index == 4 && error == .interrupted)
      }
    }
  }

  @Test func twoSlotsRunTwoTasksAtOnce() {
    // The first task waits for the second to start: it only can when both run at once.
    let started = DispatchSemaphore(value: 0)
    let tasks: [@Sendable () -> Result<Bool, VerifyError>] = [
      { .success(started.wait(timeout: .now() + 60) == .success) },
      { started.signal(); return .success(true) },
    ]
    let results = CompileSlots(count: 2).runAll(tasks).map { try? $0.get() }
    #expect(results == [true, true])
  }
}
