import Testing
import TransitionEngine

// UIDevice, the window scene, the status bar and the application's
// deprecated status-bar properties, checked against Apple's documentation
// and the engine's stated device (an iPhone in portrait with no status bar).

@Suite("Device, scene and status bar")
struct DeviceAndSceneTests {
  @Test func theDeviceIsAnIPhone() {
    Simulation.run { _ in
      let device = UIDevice.current
      #expect(device.userInterfaceIdiom == .phone)
      #expect(device.model == "iPhone")
      #expect(device.name == "iPhone", "iOS 16+: the generic name without the entitlement")
      #expect(device.systemName == "iOS")
      #expect(!device.systemVersion.isEmpty)
      #expect(UIUserInterfaceIdiom.phone.rawValue == 0 && UIUserInterfaceIdiom.pad.rawValue == 1)
    }
  }

  @Test func orientationIsUnknownUntilNotificationsAreGenerated() {
    Simulation.run { _ in
      let device = UIDevice.current
      // Apple: orientation "always returns 0 unless orientation notifications have been enabled".
      #expect(device.orientation == .unknown)
      #expect(device.orientation.rawValue == 0)
      #expect(!device.isGeneratingDeviceOrientationNotifications)
      device.beginGeneratingDeviceOrientationNotifications()
      device.beginGeneratingDeviceOrientationNotifications()
      #expect(device.isGeneratingDeviceOrientationNotifications)
      #expect(device.orientation == .portrait)
      // Apple: calls nest; each begin is matched by an end.
      device.endGeneratingDeviceOrientationNotifications()
      #expect(device.isGeneratingDeviceOrientationNotifications)
      device.endGeneratingDeviceOrientationNotifications()
      #expect(!device.isGeneratingDeviceOrientationNotifications)
      #expect(device.orientation == .unknown)
    }
  }

  @Test func orientationHelpers() {
    #expect(UIDeviceOrientation.portraitUpsideDown.isPortrait)
    #expect(UIDeviceOrientation.landscapeLeft.isLandscape)
    #expect(UIDeviceOrientation.faceUp.isFlat && !UIDeviceOrientation.faceUp.isValidInterfaceOrientation)
    // UIKit: the interface's landscape left is the device's landscape right.
    #expect(UIInterfaceOrientation.landscapeLeft.rawValue == UIDeviceOrientation.landscapeRight.rawValue)
    #expect(UIInterfaceOrientation.landscapeRight.rawValue == UIDeviceOrientation.landscapeLeft.rawValue)
  }

  @Test func windowsBelongToTheOneConnectedScene() {
    Simulation.run { _ in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let scenes = UIApplication.shared.connectedScenes
      #expect(scenes.count == 1)
      let scene = scenes.first as? UIWindowScene
      #expect(scene != nil)
      #expect(window.windowScene === scene)
      #expect(scene?.windows.first === window)
      #expect(scene?.keyWindow === window)
      #expect(scene?.activationState == .foregroundActive)
      #expect(scene?.interfaceOrientation == .portrait)
      // The ways app code finds the key window agree.
      #expect(UIApplication.shared.windows.first { $0.isKeyWindow } === window)
      #expect(UIApplication.shared.keyWindow === window)
    }
  }

  @Test func aWindowMadeForASceneFillsTheScreen() {
    Simulation.run { simulation in
      let scene = UIApplication.shared.connectedScenes.first as! UIWindowScene
      let window = UIWindow(windowScene: scene)
      #expect(window.windowScene === scene)
      #expect(window.frame == UIScreen.main.bounds)
      window.makeKeyAndVisible()
      window.windowScene = nil
      #expect(scene.windows.isEmpty, "a window taken out of its scene is not among its windows")
      _ = simulation
    }
  }

  @Test func theEnginesDevicesHaveNoStatusBar() {
    Simulation.run { _ in
      let window = UIWindow()
      window.makeKeyAndVisible()
      let manager = window.windowScene?.statusBarManager
      // The engine's devices have no status bar (safe-area insets are zero):
      // UIKit's values for a hidden status bar.
      #expect(manager?.isStatusBarHidden == true)
      #expect(manager?.statusBarFrame == .zero)
      #expect(UIApplication.shared.statusBarFrame == .zero)
      #expect(UIApplication.shared.statusBarFrame.height == window.safeAreaInsets.top)
      #expect(UIApplication.shared.statusBarOrientation == .portrait)
      #expect(UIApplication.shared.applicationState == .active)
    }
  }

  @Test func traitCollectionsCarryTheIdiom() {
    Simulation.run { _ in
      #expect(UIView().traitCollection.userInterfaceIdiom == .phone)
      #expect(UITraitCollection().userInterfaceIdiom == .unspecified)
    }
  }
}
