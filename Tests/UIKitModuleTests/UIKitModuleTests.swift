import Foundation
import Testing
import UIKit

// The package's `UIKit` module, as an app's Linux test target uses it: app
// files that import Foundation and UIKit together compile unchanged, and
// their main-queue blocks and timers run on the simulation's clock.
@Suite struct UIKitModuleTests {
  @Test func canImportUIKitIsTrue() {
    #expect(canImportUIKit)
  }

  /// Apple, `asyncAfter(deadline:execute:)`: "Submits a work item to a
  /// dispatch queue for asynchronous execution after a specified time";
  /// `scheduledTimer(withTimeInterval:repeats:block:)`: a repeating timer
  /// "will repeatedly reschedule itself until invalidated"; `async`: the
  /// block runs later, on the main queue, not inside the call.
  @Test func mainQueueAndTimersRunOnTheVirtualClock() {
    Simulation.run { simulation in
      let controller = ToastController()
      controller.loadViewIfNeeded()
      controller.show(for: 2)
      #expect(controller.log == ["shown at 0.0"])
      simulation.advance(by: 0)
      #expect(controller.log == ["shown at 0.0", "next turn"])
      simulation.advance(by: 1.6)
      #expect(controller.log == ["shown at 0.0", "next turn", "tick 2", "tick 1", "tick 0"])
      #expect(controller.toast.alpha == 1)
      simulation.advance(by: 0.4)
      #expect(controller.log.last == "hidden at 2.0")
      #expect(controller.toast.alpha == 0)
    }
  }

  /// Foundation's `NotificationCenter.default` is the engine's here: a
  /// block observer added with `addObserver(forName:object:queue:using:)`
  /// hears a post of its name.
  @Test func notificationObserversHearPosts() {
    Simulation.run { _ in
      let controller = ToastController()
      controller.loadViewIfNeeded()
      NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil)
      #expect(controller.log == ["keyboard"])
    }
  }

  @Test func dispatchImportedDirectlyStillMeansTheEnginesQueue() {
    Simulation.run { simulation in
      var ran = false
      Badge().later { ran = true }
      simulation.advance(by: 0.9)
      #expect(!ran)
      simulation.advance(by: 0.1)
      #expect(ran)
    }
  }
}
