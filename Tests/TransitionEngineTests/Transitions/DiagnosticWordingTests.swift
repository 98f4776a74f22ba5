import Testing
@testable import TransitionEngine

/// The console messages the engine imitates carry UIKit's public wording,
/// word for word (reference/UIKIT-SEMANTICS.md §9; the list is in
/// Guides/TransitionEngine.md, "Diagnostics").
@Suite("UIKit's console wording")
struct DiagnosticWordingTests {
  private func onScreen(_ controller: UIViewController, in sim: Simulation) -> UIWindow {
    let window = UIWindow()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    sim.runUntilIdle()
    return window
  }

  @Test func presentationMessages() {
    Simulation.run { sim in
      let home = UIViewController()
      let window = onScreen(home, in: sim)
      let first = UIViewController(), second = UIViewController()
      home.present(first, animated: true)
      home.present(second, animated: true)
      #expect(sim.diagnostics.last?.message
        == "Attempt to present \(second.debugDescriptor) on \(home.debugDescriptor) (from \(home.debugDescriptor)) which is already presenting \(first.debugDescriptor).")
      sim.advance(by: 0.1)  // the presentation is animating
      first.dismiss(animated: true)
      #expect(sim.diagnostics.last?.message
        == "Warning: Attempt to dismiss from view controller \(first.debugDescriptor) while a presentation or dismiss is in progress!")
      sim.runUntilIdle()

      let offscreen = UIViewController(), third = UIViewController()
      offscreen.present(third, animated: true)
      #expect(sim.diagnostics.last?.message
        == "[Presentation] Attempt to present \(third.debugDescriptor) on \(offscreen.debugDescriptor) (from \(offscreen.debugDescriptor)) whose view is not in the window hierarchy.")
      _ = window
    }
  }

  @Test func appearanceAndNavigationMessages() {
    Simulation.run { sim in
      let child = UIViewController()
      child.beginAppearanceTransition(true, animated: false)
      child.beginAppearanceTransition(true, animated: false)
      #expect(sim.diagnostics.last?.message == "Unbalanced calls to begin/end appearance transitions for \(child.debugDescriptor).")

      let root = UIViewController()
      let navigation = UINavigationController(rootViewController: root)
      let window = onScreen(navigation, in: sim)
      navigation.pushViewController(root, animated: true)
      #expect(sim.diagnostics.last?.message
        == "Pushing the same view controller instance more than once is not supported (\(root.debugDescriptor))")
      navigation.pushViewController(UIViewController(), animated: true)
      navigation.pushViewController(UIViewController(), animated: true)
      #expect(sim.diagnostics.last?.message == "nested push animation can result in corrupted navigation bar")
      _ = window
    }
  }

  @Test func snapshottingMessage() {
    Simulation.run { sim in
      let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      _ = card.snapshotView(afterScreenUpdates: false)
      #expect(sim.diagnostics.last?.message
        == "[Snapshotting] Snapshotting a view (\(card.debugPointer), UIView) that has not been rendered at least once requires afterScreenUpdates:YES.")
    }
  }
}
