import Testing
@testable import TransitionEngine

/// Accessibility settings, their change notifications and what an app posts
/// to VoiceOver (UIKit/UIAccessibility.swift), checked against Apple's reference.
@Suite struct AccessibilityTests {
  @Test("Every setting starts off, as on a new device")
  func defaultsAreOff() {
    Simulation.run { _ in
      #expect(!UIAccessibility.isReduceMotionEnabled)
      #expect(!UIAccessibility.isReduceTransparencyEnabled)
      #expect(!UIAccessibility.prefersCrossFadeTransitions)
      #expect(!UIAccessibility.isVoiceOverRunning)
    }
  }

  @Test("Switching a setting posts its status notification once the new value is readable")
  func changesPostNotifications() {
    Simulation.run { sim in
      var heard: [(String, Bool)] = []
      let names: [(NSNotification.Name, () -> Bool)] = [
        (UIAccessibility.reduceMotionStatusDidChangeNotification, { UIAccessibility.isReduceMotionEnabled }),
        (UIAccessibility.reduceTransparencyStatusDidChangeNotification,
         { UIAccessibility.isReduceTransparencyEnabled }),
        (UIAccessibility.prefersCrossFadeTransitionsStatusDidChange, { UIAccessibility.prefersCrossFadeTransitions }),
        (UIAccessibility.voiceOverStatusDidChangeNotification, { UIAccessibility.isVoiceOverRunning }),
      ]
      var tokens: [NSObjectProtocol] = []
      for (name, read) in names {
        tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
          heard.append((note.name.rawValue, read()))
        })
      }
      sim.accessibility.reduceMotion = true
      sim.accessibility.reduceMotion = true  // the same value: nothing posted
      sim.accessibility.reduceTransparency = true
      sim.accessibility.prefersCrossFadeTransitions = true
      sim.accessibility.voiceOver = true
      sim.accessibility.reduceMotion = false
      #expect(heard.map(\.0) == [
        "UIAccessibilityReduceMotionStatusDidChangeNotification",
        "UIAccessibilityReduceTransparencyStatusDidChangeNotification",
        "UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification",
        "UIAccessibilityVoiceOverStatusDidChangeNotification",
        "UIAccessibilityReduceMotionStatusDidChangeNotification",
      ])
      #expect(heard.map(\.1) == [true, true, true, true, false])
      _ = tokens
    }
  }

  @Test("prefersCrossFadeTransitions needs Reduce Motion too (Apple: both settings enabled)")
  func crossFadeNeedsReduceMotion() {
    Simulation.run { sim in
      sim.accessibility.prefersCrossFadeTransitions = true
      #expect(!UIAccessibility.prefersCrossFadeTransitions)
      sim.accessibility.reduceMotion = true
      #expect(UIAccessibility.prefersCrossFadeTransitions)
    }
  }

  @Test("Settings belong to one simulation: another device does not see them")
  func settingsArePerSimulation() {
    Simulation.run { sim in
      sim.accessibility.reduceMotion = true
      Simulation.run { _ in #expect(!UIAccessibility.isReduceMotionEnabled) }
      #expect(UIAccessibility.isReduceMotionEnabled)
    }
  }

  @Test("post(notification:argument:) is recorded in the trace with the element or the text")
  func postIsTraced() {
    Simulation.run { sim in
      sim.accessibility.voiceOver = true
      let title = UILabel()
      title.accessibilityIdentifier = "title"
      title.accessibilityLabel = "Settings"
      UIAccessibility.post(notification: .screenChanged, argument: title)
      UIAccessibility.post(notification: .layoutChanged, argument: nil)
      UIAccessibility.post(notification: .announcement, argument: "Saved")
      let calls = sim.trace.filter { $0.receiver == "UIAccessibility" }.map(\.message)
      #expect(calls == [
        "post(notification: .screenChanged, argument: title \"Settings\")",
        "post(notification: .layoutChanged, argument: nil)",
        "post(notification: .announcement, argument: \"Saved\")",
      ])
      #expect(sim.accessibility.posted.map(\.notification) == [.screenChanged, .layoutChanged, .announcement])
      #expect(UIAccessibility.Notification.screenChanged.rawValue == 1000)
    }
  }

  @Test("UIKit does not post .screenChanged itself after a presentation (not documented)")
  func presentationPostsNothing() {
    Simulation.run { sim in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let home = UIViewController()
      window.rootViewController = home
      window.makeKeyAndVisible()
      home.present(UIViewController(), animated: true)
      sim.runUntilIdle()
      #expect(sim.accessibility.posted.isEmpty)
    }
  }

  @Test("accessibilityViewIsModal and accessibilityElementsHidden are stored, off by default")
  func modalFlag() {
    let view = UIView()
    #expect(!view.accessibilityViewIsModal && !view.accessibilityElementsHidden)
    view.accessibilityViewIsModal = true
    #expect(view.accessibilityViewIsModal)
  }
}
