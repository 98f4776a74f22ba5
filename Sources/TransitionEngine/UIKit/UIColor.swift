// UIColor: UIKit's colours over Core Graphics' `CGColor` (CoreGraphics/CGColor.swift).
//
// A colour made from a UIKit name (`.red`, `.systemBlue`) remembers that
// name, so that diagrams can print a legend a reader recognises.

/// A colour, as UIKit's `UIColor`: named colours, white/alpha, RGBA and HSB
/// initialisers, `withAlphaComponent`, `cgColor`.
///
/// Dynamic (light/dark) system colours resolve to their light appearance.
/// `Sendable` and not main-actor isolated, as the SDK's (a colour is
/// immutable; UIKit's `UIColor` is thread-safe).
open class UIColor: NSObject, @unchecked Sendable {
  /// The Core Graphics colour behind this colour.
  public let cgColor: CGColor

  /// Creates a colour from a Core Graphics colour.
  public init(cgColor: CGColor) {
    self.cgColor = cgColor
    super.init()
  }

  /// Creates a colour from red, green, blue and alpha components in 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
  }

  /// Creates a grey: 0 is black, 1 is white.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(cgColor: CGColor(gray: white, alpha: alpha))
  }

  /// Creates a colour from hue, saturation and brightness in 0…1.
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let h = (Double(hue) - Double(hue).rounded(.down)) * 6
    let s = Double(saturation), v = Double(brightness)
    let i = Int(h) % 6
    let f = h - Double(Int(h))
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch i {
    case 0: (r, g, b) = (v, t, p)
    case 1: (r, g, b) = (q, v, p)
    case 2: (r, g, b) = (p, v, t)
    case 3: (r, g, b) = (p, q, v)
    case 4: (r, g, b) = (t, p, v)
    default: (r, g, b) = (v, p, q)
    }
    self.init(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: alpha)
  }

  init(named name: String, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    self.cgColor = CGColor(rgba: RGBA(red: r, green: g, blue: b, alpha: a), name: name)
    super.init()
  }

  /// A copy of this colour with the given alpha.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(cgColor: cgColor.copy(alpha: alpha)!)
  }

  /// Reads the colour's RGBA components; returns true.
  @discardableResult
  open func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = CGFloat(cgColor.rgba.red)
    green?.pointee = CGFloat(cgColor.rgba.green)
    blue?.pointee = CGFloat(cgColor.rgba.blue)
    alpha?.pointee = CGFloat(cgColor.rgba.alpha)
    return true
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return other.cgColor == cgColor
  }

  open override var hash: Int { cgColor.hashValue }

  open override var description: String { cgColor.description }
}

// MARK: - Named colours

// Values are UIKit's (light appearance); system colours are the iOS 13+ sRGB values.
extension UIColor {
  public static var black: UIColor { UIColor(named: "black", 0, 0, 0) }
  public static var darkGray: UIColor { UIColor(named: "darkGray", 1 / 3, 1 / 3, 1 / 3) }
  public static var lightGray: UIColor { UIColor(named: "lightGray", 2 / 3, 2 / 3, 2 / 3) }
  public static var white: UIColor { UIColor(named: "white", 1, 1, 1) }
  public static var gray: UIColor { UIColor(named: "gray", 0.5, 0.5, 0.5) }
  public static var red: UIColor { UIColor(named: "red", 1, 0, 0) }
  public static var green: UIColor { UIColor(named: "green", 0, 1, 0) }
  public static var blue: UIColor { UIColor(named: "blue", 0, 0, 1) }
  public static var cyan: UIColor { UIColor(named: "cyan", 0, 1, 1) }
  public static var yellow: UIColor { UIColor(named: "yellow", 1, 1, 0) }
  public static var magenta: UIColor { UIColor(named: "magenta", 1, 0, 1) }
  public static var orange: UIColor { UIColor(named: "orange", 1, 0.5, 0) }
  public static var purple: UIColor { UIColor(named: "purple", 0.5, 0, 0.5) }
  public static var brown: UIColor { UIColor(named: "brown", 0.6, 0.4, 0.2) }
  public static var clear: UIColor { UIColor(named: "clear", 0, 0, 0, 0) }

  public static var systemRed: UIColor { UIColor(named: "systemRed", 1, 59 / 255, 48 / 255) }
  public static var systemGreen: UIColor { UIColor(named: "systemGreen", 52 / 255, 199 / 255, 89 / 255) }
  public static var systemBlue: UIColor { UIColor(named: "systemBlue", 0, 122 / 255, 1) }
  public static var systemOrange: UIColor { UIColor(named: "systemOrange", 1, 149 / 255, 0) }
  public static var systemYellow: UIColor { UIColor(named: "systemYellow", 1, 204 / 255, 0) }
  public static var systemPink: UIColor { UIColor(named: "systemPink", 1, 45 / 255, 85 / 255) }
  public static var systemPurple: UIColor { UIColor(named: "systemPurple", 175 / 255, 82 / 255, 222 / 255) }
  public static var systemTeal: UIColor { UIColor(named: "systemTeal", 48 / 255, 176 / 255, 199 / 255) }
  public static var systemIndigo: UIColor { UIColor(named: "systemIndigo", 88 / 255, 86 / 255, 214 / 255) }
  public static var systemBrown: UIColor { UIColor(named: "systemBrown", 162 / 255, 132 / 255, 94 / 255) }
  public static var systemMint: UIColor { UIColor(named: "systemMint", 0, 199 / 255, 190 / 255) }
  public static var systemCyan: UIColor { UIColor(named: "systemCyan", 50 / 255, 173 / 255, 230 / 255) }
  public static var systemGray: UIColor { UIColor(named: "systemGray", 142 / 255, 142 / 255, 147 / 255) }
  public static var systemGray2: UIColor { UIColor(named: "systemGray2", 174 / 255, 174 / 255, 178 / 255) }
  public static var systemGray3: UIColor { UIColor(named: "systemGray3", 199 / 255, 199 / 255, 204 / 255) }
  public static var systemGray4: UIColor { UIColor(named: "systemGray4", 209 / 255, 209 / 255, 214 / 255) }
  public static var systemGray5: UIColor { UIColor(named: "systemGray5", 229 / 255, 229 / 255, 234 / 255) }
  public static var systemGray6: UIColor { UIColor(named: "systemGray6", 242 / 255, 242 / 255, 247 / 255) }

  public static var systemBackground: UIColor { UIColor(named: "systemBackground", 1, 1, 1) }
  public static var secondarySystemBackground: UIColor {
    UIColor(named: "secondarySystemBackground", 242 / 255, 242 / 255, 247 / 255)
  }
  public static var tertiarySystemBackground: UIColor { UIColor(named: "tertiarySystemBackground", 1, 1, 1) }
  public static var systemGroupedBackground: UIColor {
    UIColor(named: "systemGroupedBackground", 242 / 255, 242 / 255, 247 / 255)
  }
  public static var label: UIColor { UIColor(named: "label", 0, 0, 0) }
  public static var secondaryLabel: UIColor { UIColor(named: "secondaryLabel", 60 / 255, 60 / 255, 67 / 255, 0.6) }
  public static var separator: UIColor { UIColor(named: "separator", 60 / 255, 60 / 255, 67 / 255, 0.29) }
  public static var tintColor: UIColor { .systemBlue }
}
