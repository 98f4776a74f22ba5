// The stage's accessibility settings: the simulated device's Settings ▸
// Accessibility, for a chapter to film a transition with Reduce Motion on
// and off.
//
//     stage.accessibility.reduceMotion = true   // posts reduceMotionStatusDidChangeNotification
//     home.present(menu, animated: true)        // the app's animator reads UIAccessibility

import TransitionEngine

extension Stage {
  /// The simulation's accessibility settings (`Simulation.accessibility`).
  public var accessibility: AccessibilitySettings { simulation.accessibility }
}
