import Testing
@testable import TransitionEngine

// The run loop on the virtual clock: the main queue, asyncAfter, work items,
// timers, display links and delayed performs. Each expectation comes from
// Apple's documentation (quoted) or from the engine's documented choice
// (Guides/TransitionEngine.md, "The run loop"), never from the engine's output.
// This file imports only the engine (which re-exports Foundation), as a
// snippet does: `DispatchQueue`, `Timer` and `RunLoop` here are the engine's.

@Suite struct MainQueueTests {
  @Test("The types app code names are the engine's, not Dispatch's or Foundation's")
  func shadowing() {
    #expect(DispatchQueue.self == TransitionEngine.DispatchQueue.self)
    #expect(DispatchTime.self == TransitionEngine.DispatchTime.self)
    #expect(DispatchWorkItem.self == TransitionEngine.DispatchWorkItem.self)
    #expect(Timer.self == TransitionEngine.Timer.self)
    #expect(RunLoop.self == TransitionEngine.RunLoop.self)
  }

  @Test("main.async: FIFO (a serial queue), after the code that queued it, before time moves")
  func fifoAfterCurrentCode() {
    Simulation.run { sim in
      var log: [String] = []
      DispatchQueue.main.async { log.append("a@\(sim.now)") }
      DispatchQueue.main.async { log.append("b@\(sim.now)") }
      log.append("current code")
      #expect(log == ["current code"])
      sim.advance(by: 0)
      #expect(log == ["current code", "a@0.0", "b@0.0"])
    }
  }

  @Test("A block queued by a block runs in a later turn, after the blocks already queued")
  func nestedBlocksRunInALaterTurn() {
    Simulation.run { sim in
      var log: [String] = []
      DispatchQueue.main.async {
        log.append("a")
        DispatchQueue.main.async { log.append("c (queued by a)") }
      }
      DispatchQueue.main.async { log.append("b") }
      sim.advance(by: 0)
      #expect(log == ["a", "b", "c (queued by a)"])
    }
  }

  @Test("Layout runs between turns: a block queued from layoutSubviews sees the laid-out frame")
  func layoutBetweenTurns() {
    Simulation.run { sim in
      final class Box: UIView {
        var passes = 0
        override func layoutSubviews() { passes += 1 }
      }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let box = Box(frame: window.bounds)
      window.addSubview(box)
      window.makeKeyAndVisible()
      sim.advance(by: 0)
      let before = box.passes
      var passesSeen: Int?
      DispatchQueue.main.async {
        box.setNeedsLayout()
        DispatchQueue.main.async { passesSeen = box.passes }
      }
      sim.advance(by: 0)
      #expect(passesSeen == before + 1, "the next turn starts after the layout pass of this one")
    }
  }

  @Test("asyncAfter(deadline: .now() + 1) does not run at 0.99 s and runs at 1.0 s")
  func asyncAfterRunsAtTheDeadline() {
    Simulation.run { sim in
      var ranAt: TimeInterval?
      DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { ranAt = sim.now }
      sim.advance(to: 0.99)
      #expect(ranAt == nil)
      sim.advance(to: 1.0)
      #expect(ranAt == 1.0)
    }
  }

  @Test("Deadlines in DispatchTimeInterval and DispatchWallTime are on the virtual clock too")
  func deadlineSpellings() {
    Simulation.run { sim in
      nonisolated(unsafe) var log: [String] = []
      sim.advance(to: 0.5)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { log.append("ms@\(sim.now)") }
      DispatchQueue.main.asyncAfter(wallDeadline: .now() + 0.2) { log.append("wall@\(sim.now)") }
      DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + .seconds(1)) { log.append("s@\(sim.now)") }
      #expect(DispatchTime.now().uptimeNanoseconds == 500_000_000)
      sim.advance(by: 10)
      #expect(log == ["wall@0.7", "ms@0.8", "s@1.5"])
    }
  }

  @Test("Deadlines in the past run in the next turn, like async")
  func pastDeadline() {
    Simulation.run { sim in
      nonisolated(unsafe) var ran = false
      DispatchQueue.main.asyncAfter(deadline: .now() - 1) { ran = true }
      #expect(!ran)
      sim.advance(by: 0)
      #expect(ran)
    }
  }

  @Test("A cancelled DispatchWorkItem never runs; notify still comes")
  func cancelledWorkItem() {
    Simulation.run { sim in
      nonisolated(unsafe) var ran = false
      let item = DispatchWorkItem { ran = true }
      DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: item)
      sim.advance(to: 0.5)
      item.cancel()
      #expect(item.isCancelled)
      #expect(sim.runUntilIdle())
      #expect(!ran)
      #expect(sim.now == 0.5, "a cancelled item does not keep the simulation busy")

      nonisolated(unsafe) var notified = false
      let other = DispatchWorkItem { ran = true }
      other.notify(queue: .main) { notified = true }
      DispatchQueue.main.async(execute: other)
      other.cancel()
      sim.advance(by: 0)
      #expect(!ran)
      #expect(notified)
    }
  }

  @Test("A work item runs once per submission, and notify runs on the main queue after it")
  func workItemNotify() {
    Simulation.run { sim in
      nonisolated(unsafe) var log: [String] = []
      let item = DispatchWorkItem { log.append("item") }
      item.notify(queue: .main) { log.append("notify") }
      DispatchQueue.main.async(execute: item)
      DispatchQueue.main.async { log.append("after") }
      sim.advance(by: 0)
      #expect(log == ["item", "after", "notify"])
    }
  }

  @Test("Blocks queued before advancing run before any later event")
  func blocksBeforeTimeMoves() {
    Simulation.run { sim in
      nonisolated(unsafe) var log: [String] = []
      Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in log.append("timer@\(sim.now)") }
      DispatchQueue.main.async { log.append("block@\(sim.now)") }
      sim.advance(to: 1)
      #expect(log == ["block@0.0", "timer@0.5"])
    }
  }

  @Test("main.sync from the simulation's thread is a deadlock in Dispatch; other queues' sync runs the block")
  func syncOnAnotherQueue() {
    Simulation.run { _ in
      let queue = DispatchQueue(label: "work")
      #expect(queue.sync { 6 * 7 } == 42)
    }
  }
}

@Suite struct BackgroundQueueTests {
  @Test("global().async runs on a real queue; what it sends to the main queue runs in a later turn, in spawn order")
  func globalThenMain() {
    Simulation.run { sim in
      nonisolated(unsafe) var log: [String] = []
      for i in 0..<4 {
        DispatchQueue.global().async {
          let result = (0..<1000).reduce(0, +) + i
          DispatchQueue.main.async { log.append("result \(result - 499500) @\(sim.now)") }
        }
      }
      sim.advance(by: 0)
      #expect(log == ["result 0 @0.0", "result 1 @0.0", "result 2 @0.0", "result 3 @0.0"])
    }
  }

  @Test("main.sync from a background block runs on the simulation's thread and returns its result")
  func mainSyncFromBackground() {
    Simulation.run { sim in
      sim.advance(to: 2)
      nonisolated(unsafe) var seen: TimeInterval?
      nonisolated(unsafe) var log: [String] = []
      DispatchQueue.global().async {
        let now = DispatchQueue.main.sync { () -> TimeInterval in
          log.append("sync")
          return sim.now
        }
        DispatchQueue.main.async { seen = now; log.append("async") }
      }
      sim.advance(by: 0)
      #expect(seen == 2)
      #expect(log == ["sync", "async"])
    }
  }

  @Test("asyncAfter from a background block is on the virtual clock")
  func asyncAfterFromBackground() {
    Simulation.run { sim in
      nonisolated(unsafe) var ranAt: TimeInterval?
      DispatchQueue.global().async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ranAt = sim.now }
      }
      sim.advance(to: 0.9)
      #expect(ranAt == nil)
      sim.advance(to: 2)
      #expect(ranAt == 1)
    }
  }

  @Test("DispatchGroup with a real queue: wait returns once the work is done")
  func groupWait() {
    Simulation.run { _ in
      let group = DispatchGroup()
      let lock = NSLock()
      nonisolated(unsafe) var sum = 0
      for i in 1...10 {
        DispatchQueue.global().async(group: group) {
          lock.lock(); sum += i; lock.unlock()
        }
      }
      group.wait()
      #expect(sum == 55)
    }
  }
}

@Suite struct TimerTests {
  @Test("A repeating timer with interval 0.5 fires 4 times over 2 s, at its scheduled times")
  func repeating() {
    Simulation.run { sim in
      var fires: [TimeInterval] = []
      let timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in fires.append(sim.now) }
      sim.advance(by: 2)
      #expect(fires == [0.5, 1.0, 1.5, 2.0])
      #expect(timer.isValid)
      #expect(timer.timeInterval == 0.5)
      timer.invalidate()
    }
  }

  @Test("invalidate stops a timer; isValid turns false")
  func invalidate() {
    Simulation.run { sim in
      var count = 0
      let timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in count += 1 }
      sim.advance(to: 0.6)
      timer.invalidate()
      #expect(!timer.isValid)
      sim.advance(to: 5)
      #expect(count == 2)
      #expect(sim.isIdle)
    }
  }

  @Test("Invalidating from its own block stops a repeating timer")
  func invalidateFromBlock() {
    Simulation.run { sim in
      var count = 0
      Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
        count += 1
        if count == 3 { timer.invalidate() }
      }
      #expect(sim.runUntilIdle())
      #expect(count == 3)
      expectClose(sim.now, 0.3, 1e-9)
    }
  }

  @Test("A non-repeating timer fires once, then is invalid (valid during its block)")
  func nonRepeating() {
    Simulation.run { sim in
      var validInBlock: Bool?
      var count = 0
      let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { t in
        count += 1
        validInBlock = t.isValid
      }
      sim.advance(by: 5)
      #expect(count == 1)
      #expect(validInBlock == true)
      #expect(!timer.isValid)
    }
  }

  @Test("fire() on a repeating timer does not change its schedule; on a one-shot timer it invalidates it")
  func fire() {
    Simulation.run { sim in
      var fires: [TimeInterval] = []
      let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in fires.append(sim.now) }
      sim.advance(to: 0.3)
      timer.fire()
      sim.advance(to: 2)
      #expect(fires == [0.3, 1, 2])
      timer.invalidate()

      var once = 0
      let oneShot = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in once += 1 }
      oneShot.fire()
      #expect(!oneShot.isValid)
      sim.advance(by: 5)
      #expect(once == 1)
    }
  }

  @Test("An interval ≤ 0 becomes 0.1 ms")
  func zeroInterval() {
    Simulation.run { sim in
      var firedAt: TimeInterval?
      Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in firedAt = sim.now }
      sim.runUntilIdle()
      #expect(firedAt == 0.0001)
    }
  }

  @Test("A timer made with init fires only once added to the run loop; its first firing is interval after its creation")
  func addToRunLoop() {
    Simulation.run { sim in
      var fires: [TimeInterval] = []
      let timer = Timer(timeInterval: 1, repeats: true) { _ in fires.append(sim.now) }
      sim.advance(to: 1.5)
      #expect(fires.isEmpty)
      sim.advance(to: 0.5 + 1.5)
      RunLoop.main.add(timer, forMode: .common)
      RunLoop.main.add(timer, forMode: .default)  // a second mode: still one timer
      sim.advance(to: 4)
      #expect(fires == [2, 3, 4])
      timer.invalidate()
    }
  }

  @Test("The target/selector form calls the method with the timer; the timer keeps its target until invalidated")
  func targetSelector() {
    Simulation.run { sim in
      final class Ticker {
        var ticks: [TimeInterval] = []
        var sender: Timer?
        func tick(_ timer: Timer) { ticks.append(Simulation.current.now); sender = timer }
      }
      var ticker: Ticker? = Ticker()
      weak var weakTicker = ticker
      let timer = Timer.scheduledTimer(timeInterval: 0.5, target: ticker!, selector: Selector(Ticker.tick(_:)),
                                       userInfo: "info", repeats: true)
      ticker = nil
      sim.advance(to: 1)
      #expect(weakTicker?.ticks == [0.5, 1])
      #expect(weakTicker?.sender === timer)
      #expect(timer.userInfo as? String == "info")
      timer.invalidate()
      #expect(weakTicker == nil, "invalidate releases the target")
    }
  }

  @Test("runUntilIdle runs a repeating timer until it is invalidated, and stops at its limit otherwise")
  func runUntilIdleAndRepeatingTimers() {
    Simulation.run { sim in
      var count = 0
      let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in count += 1 }
      #expect(!sim.runUntilIdle(limit: 10))
      #expect(sim.now == 10)
      #expect(count == 10)
      timer.invalidate()
      #expect(sim.runUntilIdle())
    }
  }

  @Test("Tolerance is accepted and ignored")
  func tolerance() {
    Simulation.run { sim in
      var firedAt: TimeInterval?
      let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in firedAt = sim.now }
      timer.tolerance = 0.5
      sim.runUntilIdle()
      #expect(firedAt == 1)
    }
  }
}

@Suite struct DisplayLinkTests {
  final class Target {
    var stamps: [(timestamp: Double, target: Double, duration: Double)] = []
    var now: [TimeInterval] = []
    func step(_ link: CADisplayLink) {
      stamps.append((link.timestamp, link.targetTimestamp, link.duration))
      now.append(Simulation.current.now)
    }
  }

  @Test("A display link fires once per frame at the screen's 60 Hz, from the frame after it was added")
  func oncePerFrame() {
    Simulation.run { sim in
      let target = Target()
      let link = CADisplayLink(target: target, selector: Selector(Target.step(_:)))
      link.add(to: .main, forMode: .common)
      sim.advance(by: 1)
      #expect(target.now.count == 60)
      #expect(UIScreen.main.maximumFramesPerSecond == 60)
      for (i, stamp) in target.stamps.enumerated() {
        expectClose(stamp.timestamp, Double(i + 1) / 60, 1e-12)
        expectClose(stamp.target, Double(i + 2) / 60, 1e-12)
        expectClose(stamp.duration, 1.0 / 60, 1e-12)
        expectClose(target.now[i], stamp.timestamp, 1e-12)
      }
      link.invalidate()
    }
  }

  @Test("isPaused stops the callbacks; unpausing resumes at the next frame; invalidate stops them for good")
  func pauseAndInvalidate() {
    Simulation.run { sim in
      let target = Target()
      let link = CADisplayLink(target: target, selector: Selector(Target.step(_:)))
      link.add(to: .main, forMode: .default)
      sim.advance(to: 0.5)
      #expect(target.now.count == 30)
      link.isPaused = true
      sim.advance(to: 1)
      #expect(target.now.count == 30)
      #expect(sim.isIdle)
      link.isPaused = false
      sim.advance(to: 1.5)
      #expect(target.now.count == 60)
      link.invalidate()
      sim.advance(to: 3)
      #expect(target.now.count == 60)
      #expect(sim.isIdle)
    }
  }

  @Test("A preferred rate of 30 fps fires every other frame; a preferred range is accepted")
  func preferredRate() {
    Simulation.run { sim in
      let target = Target()
      let link = CADisplayLink(target: target, selector: Selector(Target.step(_:)))
      link.preferredFramesPerSecond = 30
      link.add(to: .main, forMode: .common)
      sim.advance(by: 1)
      #expect(target.now.count == 30)
      expectClose(target.stamps[0].target - target.stamps[0].timestamp, 1.0 / 30, 1e-12)
      link.preferredFrameRateRange = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)
      sim.advance(by: 1)
      #expect(target.now.count == 90)
      link.invalidate()
    }
  }

  @Test("A display link that invalidates itself lets runUntilIdle finish")
  func selfInvalidating() {
    Simulation.run { sim in
      final class Driver {
        var link: CADisplayLink?
        var progress = 0.0
        var start: CFTimeInterval?
        func step(_ link: CADisplayLink) {
          let start = self.start ?? link.timestamp
          self.start = start
          progress = min(1, (link.targetTimestamp - start) / 0.5)
          if progress >= 1 { link.invalidate() }
        }
      }
      let driver = Driver()
      let link = CADisplayLink(target: driver, selector: Selector(Driver.step(_:)))
      link.add(to: .main, forMode: .common)
      #expect(sim.runUntilIdle())
      #expect(driver.progress == 1)
      // First callback at frame 1 (start = 1/60); progress reaches 1 when
      // targetTimestamp = (n + 1)/60 is 0.5 s after the start: n = 30.
      expectClose(sim.now, 30.0 / 60, 1e-9)
    }
  }
}

@Suite struct OrderingTests {
  @Test("At one instant: events in scheduling order (timers, animation ends), then main-queue blocks, then the frame")
  func oneInstant() {
    Simulation.run { sim in
      var log: [String] = []
      let view = UIView(frame: .zero)
      final class Target {
        var log: (String) -> Void = { _ in }
        func step(_ link: CADisplayLink) { if Simulation.current.now == 1 { log("frame") } }
      }
      let target = Target()
      target.log = { log.append($0) }
      let link = CADisplayLink(target: target, selector: Selector(Target.step(_:)))
      link.add(to: .main, forMode: .common)
      DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.append("asyncAfter") }
      Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.append("timer") }
      UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { _ in log.append("completion") })
      Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.append("timer 2") }
      sim.advance(to: 1)
      link.invalidate()
      #expect(log == ["timer", "completion", "timer 2", "asyncAfter", "frame"])
    }
  }

  @Test("Two asyncAfter blocks with the same deadline run in submission order")
  func sameDeadline() {
    Simulation.run { sim in
      var log: [Int] = []
      for i in 0..<5 { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { log.append(i) } }
      sim.runUntilIdle()
      #expect(log == [0, 1, 2, 3, 4])
    }
  }
}

@Suite struct DelayedPerformTests {
  final class Banner: NSObject {
    var log: [String] = []
    func hide() { log.append("hide@\(Simulation.current.now)") }
    func show(_ text: Any?) { log.append("show \(text as? String ?? "nil")@\(Simulation.current.now)") }
  }

  @Test("perform(_:with:afterDelay:) calls the method after the delay; a delay of 0 waits for the run loop")
  func performAfterDelay() {
    Simulation.run { sim in
      let banner = Banner()
      banner.perform(Selector(Banner.hide), with: nil, afterDelay: 1.5)
      banner.perform(Selector(Banner.show(_:)), with: "hi", afterDelay: 0)
      #expect(banner.log.isEmpty)
      sim.runUntilIdle()
      #expect(banner.log == ["show hi@0.0", "hide@1.5"])
    }
  }

  @Test("cancelPreviousPerformRequests(withTarget:) cancels the target's pending requests only")
  func cancelAll() {
    Simulation.run { sim in
      let a = Banner(), b = Banner()
      a.perform(Selector(Banner.hide), with: nil, afterDelay: 1)
      b.perform(Selector(Banner.hide), with: nil, afterDelay: 1)
      sim.advance(to: 0.5)
      NSObject.cancelPreviousPerformRequests(withTarget: a)
      #expect(sim.runUntilIdle())
      #expect(a.log.isEmpty)
      #expect(b.log == ["hide@1.0"])
    }
  }

  @Test("cancelPreviousPerformRequests(withTarget:selector:object:) matches the argument")
  func cancelMatching() {
    Simulation.run { sim in
      let banner = Banner()
      banner.perform(Selector(Banner.show(_:), name: "show:"), with: "one", afterDelay: 1)
      banner.perform(Selector(Banner.show(_:), name: "show:"), with: "two", afterDelay: 1)
      banner.perform(Selector(Banner.hide, name: "hide"), with: nil, afterDelay: 1)
      NSObject.cancelPreviousPerformRequests(withTarget: banner, selector: Selector(Banner.show(_:), name: "show:"),
                                             object: "one")
      sim.runUntilIdle()
      #expect(banner.log == ["show two@1.0", "hide@1.0"])
    }
  }
}
