// Content views for example screens: UIImageView, UILabel, and the
// UIImage and UIFont they show. Diagrams print a label's text and an
// image's name.

/// An image, known by its name (the engine has no pixels).
open class UIImage: NSObject {
  /// The name the image was loaded with, if any.
  public let name: String?
  /// The image's size in points.
  open var size: CGSize

  /// An image by name; every name exists in the engine (100 × 100 pt).
  public init?(named name: String) {
    self.name = name
    size = CGSize(width: 100, height: 100)
    super.init()
  }

  /// An SF Symbol by name (24 × 24 pt).
  public init?(systemName name: String) {
    self.name = name
    size = CGSize(width: 24, height: 24)
    super.init()
  }

  /// An unnamed image of a size.
  public init(size: CGSize) {
    name = nil
    self.size = size
    super.init()
  }

  open override var description: String { name.map { "UIImage(\($0))" } ?? "UIImage" }
}

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

/// Text alignment.
public enum NSTextAlignment: Int {
  case left, center, right, justified, natural
}

/// A view that shows an image.
@MainActor @preconcurrency
open class UIImageView: UIView {
  /// The image shown.
  open var image: UIImage?
  /// Whether the view is highlighted (kept).
  open var isHighlighted = false

  /// An image view sized to the image.
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
  open override var intrinsicContentSize: CGSize { image?.size ?? super.intrinsicContentSize }
}

/// A view that shows text.
@MainActor @preconcurrency
open class UILabel: UIView {
  /// The text shown.
  open var text: String?
  open var font: UIFont! = .systemFont(ofSize: 17)
  open var textColor: UIColor! = .label
  open var textAlignment: NSTextAlignment = .natural
  open var numberOfLines = 1

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    isOpaque = false
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// About 0.55 em per character, one line high.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let pointSize = font?.pointSize ?? 17
    return CGSize(width: (CGFloat((text ?? "").count) * pointSize * 0.55).rounded(.up),
                  height: (pointSize * 1.2).rounded(.up))
  }

  open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }
}
