// UIFont: a font by point size and weight, for labels.

/// A font, by point size and weight.
open class UIFont: NSObject {
  public let pointSize: CGFloat
  public let fontName: String

  public init(name: String, size: CGFloat) {
    fontName = name
    pointSize = size
    super.init()
  }

  /// The system font of a size.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(name: ".SFUI", size: fontSize) }
  /// The bold system font of a size.
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(name: ".SFUI-Bold", size: fontSize) }
  /// The system font of a size and weight.
  open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
    UIFont(name: ".SFUI-\(weight.rawValue)", size: fontSize)
  }
  /// A text style's font (17 pt body).
  open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
    UIFont(name: ".SFUI", size: style.pointSize)
  }

  /// A font weight.
  public struct Weight: RawRepresentable, Hashable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let regular = Weight(rawValue: 0)
    public static let medium = Weight(rawValue: 0.23)
    public static let semibold = Weight(rawValue: 0.3)
    public static let bold = Weight(rawValue: 0.4)
    public static let heavy = Weight(rawValue: 0.56)
  }

  /// A text style.
  public struct TextStyle: RawRepresentable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let body = TextStyle(rawValue: "body")
    public static let headline = TextStyle(rawValue: "headline")
    public static let title1 = TextStyle(rawValue: "title1")
    public static let largeTitle = TextStyle(rawValue: "largeTitle")
    public static let caption1 = TextStyle(rawValue: "caption1")
    var pointSize: CGFloat {
      switch self {
      case .largeTitle: return 34
      case .title1: return 28
      case .caption1: return 12
      default: return 17
      }
    }
  }
}
