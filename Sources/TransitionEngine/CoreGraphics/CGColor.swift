// CGColor: RGBA colours, with the names UIKit gives them (UIColor is in
// UIKit/UIColor.swift).
//
// The engine keeps colours as sRGB components in 0…1. A colour made from a
// UIKit name (`.red`, `.systemBlue`) remembers that name, so that diagrams
// can print a legend a reader recognises.

// MARK: - RGBA (internal value type)

/// Four colour components in 0…1; what animations interpolate.
struct RGBA: Equatable, Hashable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double

  static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
}

// MARK: - CGColor

/// An immutable colour, as Core Graphics' `CGColor` (sRGB only).
public final class CGColor: Equatable, Hashable, CustomStringConvertible {
  let rgba: RGBA
  /// The UIKit name this colour was made from, if any (for diagram legends).
  let name: String?

  init(rgba: RGBA, name: String? = nil) {
    self.rgba = rgba
    self.name = name
  }

  /// Creates a colour from red, green, blue and alpha components in 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(rgba: RGBA(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
  }

  /// Creates a grey colour.
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(red: gray, green: gray, blue: gray, alpha: alpha)
  }

  /// Opaque black, the default of borders, shadows and shape fills (shared:
  /// colours are immutable).
  static let opaqueBlack = CGColor(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: 1))

  /// The colour's alpha component.
  public var alpha: CGFloat { CGFloat(rgba.alpha) }

  /// The colour's components: red, green, blue, alpha.
  public var components: [CGFloat]? {
    [CGFloat(rgba.red), CGFloat(rgba.green), CGFloat(rgba.blue), CGFloat(rgba.alpha)]
  }

  /// The number of components (always 4: sRGB plus alpha).
  public var numberOfComponents: Int { 4 }

  /// A copy of the colour with a different alpha.
  public func copy(alpha: CGFloat) -> CGColor? {
    var c = rgba
    c.alpha = Double(alpha)
    return CGColor(rgba: c, name: name)
  }

  public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.rgba == rhs.rgba }
  public func hash(into hasher: inout Hasher) { hasher.combine(rgba) }

  public var description: String {
    if let name { return rgba.alpha == 1 ? name : "\(name) a=\(format(rgba.alpha))" }
    return "rgba(\(format(rgba.red)), \(format(rgba.green)), \(format(rgba.blue)), \(format(rgba.alpha)))"
  }
}

/// Formats a number with at most three decimals and no trailing zeros, the
/// same on every machine (no locale).
func format(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  var text = String(format: "%.3f", rounded)
  while text.hasSuffix("0") { text.removeLast() }
  return text == "-0" ? "0" : text
}
