// Device presets and UIScreen.
//
// Every figure below is in Guides/TransitionEngine.md, "Devices, safe area
// and rotation", with its source: screen sizes and scales from Apple's Human
// Interface Guidelines ("Layout", device screen sizes), safe-area insets and
// status-bar heights from published measurements of the devices.

/// A device whose screen a simulation shows.
public struct Device: Equatable, Sendable, CustomStringConvertible {
  /// The device's name.
  public var name: String
  /// The screen size in points, portrait.
  public var screenSize: CGSize
  /// Pixels per point.
  public var scale: CGFloat
  /// A full-screen window's safe-area insets in portrait (the status bar or
  /// the sensor housing at the top, the home indicator at the bottom).
  public var portraitSafeAreaInsets: UIEdgeInsets
  /// A full-screen window's safe-area insets in landscape, either way round
  /// (the phones below are symmetric: the housing's side and the other get
  /// the same inset).
  public var landscapeSafeAreaInsets: UIEdgeInsets
  /// The status bar's height in portrait (0: none shown). iPhones hide the
  /// status bar in landscape.
  public var statusBarHeight: CGFloat
  /// Whether the width is regular in landscape (the large iPhones);
  /// otherwise compact, as in portrait.
  public var hasRegularWidthInLandscape: Bool
  /// Whether the interface can turn upside down (not on Face ID iPhones).
  public var supportsPortraitUpsideDown: Bool

  /// A device with no safe-area insets and no status bar in either orientation.
  public init(name: String, screenSize: CGSize, scale: CGFloat) {
    self.init(name: name, screenSize: screenSize, scale: scale, portraitSafeAreaInsets: .zero,
              landscapeSafeAreaInsets: .zero, statusBarHeight: 0)
  }

  /// A device with its safe-area insets and status bar.
  public init(name: String, screenSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: UIEdgeInsets,
              landscapeSafeAreaInsets: UIEdgeInsets, statusBarHeight: CGFloat,
              hasRegularWidthInLandscape: Bool = false, supportsPortraitUpsideDown: Bool = true) {
    self.name = name
    self.screenSize = screenSize
    self.scale = scale
    self.portraitSafeAreaInsets = portraitSafeAreaInsets
    self.landscapeSafeAreaInsets = landscapeSafeAreaInsets
    self.statusBarHeight = statusBarHeight
    self.hasRegularWidthInLandscape = hasRegularWidthInLandscape
    self.supportsPortraitUpsideDown = supportsPortraitUpsideDown
  }

  /// iPhone SE (1st generation), iPhone 5s: 320 × 568 pt @2x. The book's
  /// default, modelled with its status bar hidden: no safe-area insets in
  /// either orientation (a real one shows a 20-point status bar in portrait).
  public static let iPhoneSE = Device(name: "iPhone SE (1st generation)", screenSize: CGSize(width: 320, height: 568),
                                      scale: 2)
  /// iPhone 8, iPhone SE (2nd and 3rd generation): 375 × 667 pt @2x; a
  /// 20-point status bar in portrait, none in landscape; no home indicator.
  public static let iPhone8 = Device(
    name: "iPhone 8", screenSize: CGSize(width: 375, height: 667), scale: 2,
    portraitSafeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
    landscapeSafeAreaInsets: .zero, statusBarHeight: 20)
  /// iPhone 12, 13 and 14 (a notch): 390 × 844 pt @3x; insets 47 at the top
  /// and 34 at the bottom in portrait, 47 left and right and 21 at the
  /// bottom in landscape.
  public static let iPhone14 = Device(
    name: "iPhone 14", screenSize: CGSize(width: 390, height: 844), scale: 3,
    portraitSafeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
    landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47), statusBarHeight: 47,
    supportsPortraitUpsideDown: false)
  /// iPhone 14 Pro, 15 and 16 (the Dynamic Island): 393 × 852 pt @3x;
  /// insets 59 at the top and 34 at the bottom in portrait, 59 left and
  /// right and 21 at the bottom in landscape; a 54-point status bar.
  public static let iPhone15 = Device(
    name: "iPhone 15", screenSize: CGSize(width: 393, height: 852), scale: 3,
    portraitSafeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
    landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59), statusBarHeight: 54,
    supportsPortraitUpsideDown: false)
  /// iPhone 15 Plus, 14 Pro Max and 15 Pro Max (the Dynamic Island, large):
  /// 430 × 932 pt @3x, the iPhone 15's insets; regular width in landscape.
  public static let iPhone15Plus = Device(
    name: "iPhone 15 Plus", screenSize: CGSize(width: 430, height: 932), scale: 3,
    portraitSafeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
    landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59), statusBarHeight: 54,
    hasRegularWidthInLandscape: true, supportsPortraitUpsideDown: false)

  /// Every preset.
  public static let all: [Device] = [.iPhoneSE, .iPhone8, .iPhone14, .iPhone15, .iPhone15Plus]

  /// The default device: the iPhone SE's 320 × 568 screen, which the classic
  /// transition tutorials' numbers were written for and which diagrams draw legibly.
  public static let `default` = Device.iPhoneSE

  /// Other names of the presets' screens (same size, scale and insets).
  static let aliases: [String: Device] = [
    "iPhone SE": .iPhoneSE, "iPhone 5s": .iPhoneSE,
    "iPhone SE (2nd generation)": .iPhone8, "iPhone SE (3rd generation)": .iPhone8,
    "iPhone 12": .iPhone14, "iPhone 12 Pro": .iPhone14, "iPhone 13": .iPhone14, "iPhone 13 Pro": .iPhone14,
    "iPhone 14 Pro": .iPhone15, "iPhone 15 Pro": .iPhone15, "iPhone 16": .iPhone15,
    "iPhone 14 Pro Max": .iPhone15Plus, "iPhone 15 Pro Max": .iPhone15Plus,
  ]

  /// The preset with this name ("iPhone 15", "iPhone SE (3rd generation)",
  /// …; case and spacing as written), or nil.
  public static func named(_ name: String) -> Device? {
    all.first { $0.name == name } ?? aliases[name]
  }

  /// The screen's size in points in an interface orientation (UIKit's
  /// screen bounds follow the interface since iOS 8).
  public func screenSize(for orientation: UIInterfaceOrientation) -> CGSize {
    orientation.isLandscape ? CGSize(width: screenSize.height, height: screenSize.width) : screenSize
  }

  /// A full-screen window's safe-area insets in an interface orientation.
  public func safeAreaInsets(for orientation: UIInterfaceOrientation) -> UIEdgeInsets {
    orientation.isLandscape ? landscapeSafeAreaInsets : portraitSafeAreaInsets
  }

  /// Whether any orientation has safe-area insets.
  var hasSafeAreaInsets: Bool { portraitSafeAreaInsets != .zero || landscapeSafeAreaInsets != .zero }

  public var description: String {
    "\(name) (\(Int(screenSize.width))×\(Int(screenSize.height)))"
  }
}

/// The screen, as UIKit's `UIScreen`.
@MainActor @preconcurrency
open class UIScreen: NSObject {
  /// The screen of the current simulation's device.
  open class var main: UIScreen { Simulation.current.screen }

  /// The screen's bounds in points, in the interface's orientation (they
  /// turn with the interface, as in UIKit since iOS 8).
  open internal(set) var bounds: CGRect
  /// Pixels per point.
  open internal(set) var scale: CGFloat
  /// The physical screen's size in points, portrait.
  var portraitSize: CGSize

  init(bounds: CGRect, scale: CGFloat) {
    self.bounds = bounds
    self.scale = scale
    portraitSize = bounds.size
    super.init()
  }

  /// The bounds in pixels, portrait up: Apple, "This value does not change
  /// as the device rotates."
  open var nativeBounds: CGRect {
    CGRect(x: 0, y: 0, width: portraitSize.width * scale, height: portraitSize.height * scale)
  }

  /// The native scale factor (the engine's screens are not zoomed: the scale).
  open var nativeScale: CGFloat { scale }
}
