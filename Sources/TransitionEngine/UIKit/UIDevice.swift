// UIDevice: the device a simulation runs on, and UIKit's orientations.
//
// The engine's devices are iPhones, upright until the harness turns them
// (`Stage.rotate(to:)`, UIKit/Rotation.swift): the physical orientation,
// once orientation notifications are being generated, is the one they were
// turned to; the interface follows when the app supports it.

/// The physical orientation of the device (UIKit's raw values).
public enum UIDeviceOrientation: Int, Sendable {
  case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

  /// Portrait or upside down.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Landscape left or right.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  /// Face up or face down.
  public var isFlat: Bool { self == .faceUp || self == .faceDown }
  /// Whether the interface could take this orientation (not unknown or flat).
  public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The orientation of the app's interface (UIKit's raw values: landscape
/// left is the device's landscape right, and vice versa).
public enum UIInterfaceOrientation: Int, Sendable {
  case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 4, landscapeRight = 3

  /// Portrait or upside down.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Landscape left or right.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The kind of interface a device has (UIKit's raw values).
public enum UIUserInterfaceIdiom: Int, Sendable {
  case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// The current device: one per simulation, an iPhone (see `Device`).
@MainActor @preconcurrency
open class UIDevice: NSObject {
  /// The current simulation's device.
  open class var current: UIDevice {
    Simulation.current.companion(UIDevice.self) { UIDevice() }
  }

  private var orientationNotificationRequests = 0

  /// Apps do not create devices; each simulation makes its own.
  override init() { super.init() }

  /// `.phone`: every engine device is an iPhone.
  open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }

  /// The generic name iOS 16 and later give apps without the user-assigned-name
  /// entitlement: the model, "iPhone" (Apple docs).
  open var name: String { "iPhone" }
  /// "iPhone" (Apple's example values: "iPhone", "iPod touch").
  open var model: String { "iPhone" }
  /// "iPhone".
  open var localizedModel: String { "iPhone" }
  /// "iOS".
  open var systemName: String { "iOS" }
  /// "17.0": the engine models no particular release (engine choice).
  open var systemVersion: String { "17.0" }

  /// Apple: "always returns 0 unless orientation notifications have been
  /// enabled"; once they are, the way the device is held (upright,
  /// `.portrait`, until the harness turns it).
  open var orientation: UIDeviceOrientation {
    orientationNotificationRequests > 0 ? Simulation.current.orientation.deviceOrientation : .unknown
  }

  /// Whether `beginGeneratingDeviceOrientationNotifications()` calls are unbalanced.
  open var isGeneratingDeviceOrientationNotifications: Bool { orientationNotificationRequests > 0 }

  /// Starts orientation updates (calls nest, as Apple documents):
  /// `orientationDidChangeNotification` is posted when the harness turns the device.
  open func beginGeneratingDeviceOrientationNotifications() { orientationNotificationRequests += 1 }

  /// Balances one `beginGeneratingDeviceOrientationNotifications()`.
  open func endGeneratingDeviceOrientationNotifications() {
    orientationNotificationRequests = max(0, orientationNotificationRequests - 1)
  }

  /// Whether the device can run several apps at once (true for iPhones since iOS 4).
  open var isMultitaskingSupported: Bool { true }

  /// Posted when the device's orientation changes (the harness turns it),
  /// while orientation notifications are being generated.
  public static let orientationDidChangeNotification = NSNotification.Name("UIDeviceOrientationDidChangeNotification")
}
