import Testing
import TransitionEngine

// NotificationCenter as app code uses it (the selector-based observers that
// Foundation on Linux lacks, block observers, removal), checked against
// Apple's NotificationCenter documentation, and UIKit's notification names
// and keyboard user-info keys.

private final class Listener {
  var received: [Notification] = []
  var legacy: [NSNotification] = []
  var bare = 0
  func receive(_ notification: Notification) { received.append(notification) }
  func receiveLegacy(_ notification: NSNotification) { legacy.append(notification) }
  func receiveNothing() { bare += 1 }
}

private let ping = Notification.Name("Ping")
private let pong = Notification.Name("Pong")

@Suite("NotificationCenter")
struct NotificationCenterTests {
  @Test func aSelectorObserverIsCalledWithTheNotification() {
    Simulation.run { _ in
      let listener = Listener()
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      NotificationCenter.default.post(name: ping, object: nil, userInfo: ["answer": 42])
      NotificationCenter.default.post(name: pong, object: nil)
      #expect(listener.received.map(\.name) == [ping])
      #expect(listener.received.first?.userInfo?["answer"] as? Int == 42)
    }
  }

  @Test func selectorsTakingNSNotificationOrNothingAreCalledToo() {
    Simulation.run { _ in
      let listener = Listener()
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receiveLegacy), name: ping, object: nil)
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receiveNothing), name: ping, object: nil)
      NotificationCenter.default.post(Notification(name: ping))
      #expect(listener.legacy.map(\.name) == [ping])
      #expect(listener.bare == 1)
    }
  }

  @Test func aNilNameMatchesEveryNameAndAnObjectOnlyItsSender() {
    Simulation.run { _ in
      let sender = UIView(), other = UIView()
      let all = Listener(), fromSender = Listener()
      // Apple: with a nil name "the sender doesn't use notification names as
      // criteria"; with an object, "deliver only notifications from this sender".
      NotificationCenter.default.addObserver(all, selector: Selector(Listener.receive), name: nil, object: nil)
      NotificationCenter.default.addObserver(fromSender, selector: Selector(Listener.receive), name: nil, object: sender)
      NotificationCenter.default.post(name: ping, object: sender)
      NotificationCenter.default.post(name: pong, object: other)
      NotificationCenter.default.post(name: pong, object: nil)
      #expect(all.received.map(\.name) == [ping, pong, pong])
      #expect(fromSender.received.map(\.name) == [ping])
    }
  }

  @Test func anObserverAddedTwiceIsCalledTwice() {
    Simulation.run { _ in
      let listener = Listener()
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      NotificationCenter.default.post(name: ping, object: nil)
      #expect(listener.received.count == 2)
    }
  }

  @Test func removeObserverRemovesAllOrOnlyTheMatchingEntries() {
    Simulation.run { _ in
      let center = NotificationCenter.default
      let listener = Listener()
      center.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      center.addObserver(listener, selector: Selector(Listener.receive), name: pong, object: nil)
      // Apple: removeObserver(_:name:object:) removes "only entries that specify this notification name".
      center.removeObserver(listener, name: pong, object: nil)
      center.post(name: ping, object: nil)
      center.post(name: pong, object: nil)
      #expect(listener.received.map(\.name) == [ping])
      // Apple: removeObserver(_:) "removes all entries specifying an observer".
      center.removeObserver(listener)
      center.post(name: ping, object: nil)
      #expect(listener.received.count == 1)
    }
  }

  @Test func removingWithASenderKeepsEntriesForOtherSenders() {
    Simulation.run { _ in
      let center = NotificationCenter.default
      let a = UIView(), b = UIView()
      let listener = Listener()
      center.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: a)
      center.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: b)
      center.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      center.removeObserver(listener, name: nil, object: a)
      center.post(name: ping, object: a)
      center.post(name: ping, object: b)
      // The entry for a is gone; the one for b and the one for any sender stay.
      #expect(listener.received.map { $0.object as AnyObject? === a } == [true, false, false])
    }
  }

  @Test func aBlockObserverRunsUntilItsTokenIsRemoved() {
    Simulation.run { _ in
      let center = NotificationCenter.default
      final class Box: @unchecked Sendable { var names: [Notification.Name] = [] }
      let box = Box()
      let token = center.addObserver(forName: ping, object: nil, queue: nil) { box.names.append($0.name) }
      center.post(name: ping, object: nil)
      center.removeObserver(token)
      center.post(name: ping, object: nil)
      #expect(box.names == [ping])
    }
  }

  @Test func observersAreCalledInTheOrderTheyWereAdded() {
    Simulation.run { _ in
      let center = NotificationCenter.default
      final class Log: @unchecked Sendable { var entries: [String] = [] }
      let log = Log()
      _ = center.addObserver(forName: ping, object: nil, queue: nil) { _ in log.entries.append("first") }
      _ = center.addObserver(forName: ping, object: nil, queue: .main) { _ in log.entries.append("second") }
      _ = center.addObserver(forName: nil, object: nil, queue: nil) { _ in log.entries.append("third") }
      center.post(name: ping, object: nil)
      #expect(log.entries == ["first", "second", "third"], "synchronously, during post")
    }
  }

  @Test func aDeallocatedSelectorObserverIsNotCalled() {
    Simulation.run { _ in
      var deliveredToGone = false
      final class Fragile {
        let onReceive: () -> Void
        init(_ onReceive: @escaping () -> Void) { self.onReceive = onReceive }
        func receive(_ notification: Notification) { onReceive() }
      }
      do {
        let fragile = Fragile { deliveredToGone = true }
        // Apple (iOS 9 and later): an observer need not be removed before it goes away.
        NotificationCenter.default.addObserver(fragile, selector: Selector(Fragile.receive), name: ping, object: nil)
      }
      NotificationCenter.default.post(name: ping, object: nil)
      #expect(!deliveredToGone)
    }
  }

  @Test func eachSimulationHasItsOwnDefaultCenter() {
    let listener = Listener()
    Simulation.run { _ in
      NotificationCenter.default.addObserver(listener, selector: Selector(Listener.receive), name: ping, object: nil)
      #expect(NotificationCenter.default === NotificationCenter.default)
    }
    Simulation.run { _ in
      NotificationCenter.default.post(name: ping, object: nil)
    }
    #expect(listener.received.isEmpty)
  }

  @Test func uikitNamesAndKeysHaveUIKitsRawValues() {
    #expect(UIResponder.keyboardWillShowNotification.rawValue == "UIKeyboardWillShowNotification")
    #expect(UIResponder.keyboardDidShowNotification.rawValue == "UIKeyboardDidShowNotification")
    #expect(UIResponder.keyboardWillHideNotification.rawValue == "UIKeyboardWillHideNotification")
    #expect(UIResponder.keyboardDidHideNotification.rawValue == "UIKeyboardDidHideNotification")
    #expect(UIResponder.keyboardWillChangeFrameNotification.rawValue == "UIKeyboardWillChangeFrameNotification")
    #expect(UIResponder.keyboardDidChangeFrameNotification.rawValue == "UIKeyboardDidChangeFrameNotification")
    #expect(UIResponder.keyboardFrameEndUserInfoKey == "UIKeyboardFrameEndUserInfoKey")
    #expect(UIResponder.keyboardFrameBeginUserInfoKey == "UIKeyboardFrameBeginUserInfoKey")
    #expect(UIResponder.keyboardAnimationDurationUserInfoKey == "UIKeyboardAnimationDurationUserInfoKey")
    #expect(UIResponder.keyboardAnimationCurveUserInfoKey == "UIKeyboardAnimationCurveUserInfoKey")
    #expect(UIApplication.didBecomeActiveNotification.rawValue == "UIApplicationDidBecomeActiveNotification")
    #expect(UIApplication.willResignActiveNotification.rawValue == "UIApplicationWillResignActiveNotification")
    #expect(UIApplication.didEnterBackgroundNotification.rawValue == "UIApplicationDidEnterBackgroundNotification")
    #expect(UIApplication.willEnterForegroundNotification.rawValue == "UIApplicationWillEnterForegroundNotification")
    #expect(UIDevice.orientationDidChangeNotification.rawValue == "UIDeviceOrientationDidChangeNotification")
    #expect(UIWindow.didBecomeKeyNotification.rawValue == "UIWindowDidBecomeKeyNotification")
  }

  @Test func keyboardUserInfoReadsBackAsAppsReadIt() {
    Simulation.run { _ in
      final class KeyboardWatcher {
        var endFrame: CGRect?
        var duration: Double?
        var curve: Int?
        func keyboardWillShow(_ notification: Notification) {
          // The documented value types: NSValue for frames, NSNumber for duration and curve.
          endFrame = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
          duration = notification.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double
          curve = (notification.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue
        }
      }
      let watcher = KeyboardWatcher()
      NotificationCenter.default.addObserver(watcher, selector: Selector(KeyboardWatcher.keyboardWillShow),
                                             name: UIResponder.keyboardWillShowNotification, object: nil)
      let frame = CGRect(x: 0, y: 352, width: 320, height: 216)
      NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil, userInfo: [
        UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: frame),
        UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: 0.25),
        UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: 7),
      ])
      #expect(watcher.endFrame == frame)
      #expect(watcher.duration == 0.25)
      #expect(watcher.curve == 7)
    }
  }

  @Test func windowsPostKeyAndVisibilityNotifications() {
    Simulation.run { _ in
      final class Log: @unchecked Sendable { var names: [String] = [] }
      let log = Log()
      let first = UIWindow(), second = UIWindow()
      // The block is `@Sendable`, as Foundation's: it tells the windows
      // apart by identity (a UIWindow is main-actor; its properties are not
      // read from the block).
      for name in [UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification,
                   UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeHiddenNotification] {
        _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { notification in
          let window = notification.object as? UIWindow
          log.names.append(notification.name.rawValue + " " + (window === first ? "first" : window === second ? "second" : "?"))
        }
      }
      #expect(log.names.isEmpty, "a window is created hidden and posts nothing")
      first.makeKeyAndVisible()
      second.makeKeyAndVisible()
      second.isHidden = true
      #expect(log.names == [
        "UIWindowDidBecomeVisibleNotification first", "UIWindowDidBecomeKeyNotification first",
        "UIWindowDidBecomeVisibleNotification second", "UIWindowDidResignKeyNotification first",
        "UIWindowDidBecomeKeyNotification second", "UIWindowDidBecomeHiddenNotification second",
      ])
    }
  }
}
