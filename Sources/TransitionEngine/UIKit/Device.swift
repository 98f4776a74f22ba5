// Device presets and UIScreen.

/// A device whose screen a simulation shows.
public struct Device: Equatable, Sendable, CustomStringConvertible {
  /// The device's name.
  public var name: String
  /// The screen size in points, portrait.
  public var screenSize: CGSize
  /// Pixels per point.
  public var scale: CGFloat

  public init(name: String, screenSize: CGSize, scale: CGFloat) {
    self.name = name
    self.screenSize = screenSize
    self.scale = scale
  }

  /// iPhone SE (1st generation), iPhone 5s: 320 × 568 pt. The book's default.
  public static let iPhoneSE = Device(name: "iPhone SE (1st generation)", screenSize: CGSize(width: 320, height: 568), scale: 2)
  /// iPhone 8, iPhone SE (2nd and 3rd generation): 375 × 667 pt.
  public static let iPhone8 = Device(name: "iPhone 8", screenSize: CGSize(width: 375, height: 667), scale: 2)
  /// iPhone 12, 13 and 14: 390 × 844 pt.
  public static let iPhone14 = Device(name: "iPhone 14", screenSize: CGSize(width: 390, height: 844), scale: 3)

  /// Every preset.
  public static let all: [Device] = [.iPhoneSE, .iPhone8, .iPhone14]

  /// The default device: the iPhone SE's 320 × 568 screen, which the classic
  /// transition tutorials' numbers were written for and which diagrams draw legibly.
  public static let `default` = Device.iPhoneSE

  public var description: String {
    "\(name) (\(Int(screenSize.width))×\(Int(screenSize.height)))"
  }
}

/// The screen, as UIKit's `UIScreen`.
open class UIScreen: NSObject {
  /// The screen of the current simulation's device.
  open class var main: UIScreen { Simulation.current.screen }

  /// The screen's bounds in points.
  open internal(set) var bounds: CGRect
  /// Pixels per point.
  public let scale: CGFloat

  init(bounds: CGRect, scale: CGFloat) {
    self.bounds = bounds
    self.scale = scale
    super.init()
  }

  /// The bounds in pixels.
  open var nativeBounds: CGRect {
    CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
  }
}
