// Content configurations (iOS 14): a value describing a cell's content,
// and the view that shows it. The engine models the list configuration's
// text: `text` and `secondaryText` become labels films show; images are
// kept, not drawn.

/// A value that describes a view's content and makes the view that shows it.
public protocol UIContentConfiguration {
  /// A new view that shows this configuration.
  @MainActor func makeContentView() -> UIView & UIContentView
  /// The configuration for a state (the engine's states change nothing).
  func updated(for state: UIConfigurationState) -> Self
}

/// A view that shows a content configuration.
@MainActor @preconcurrency
public protocol UIContentView: AnyObject {
  var configuration: UIContentConfiguration { get set }
  func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
  public func supports(_ configuration: UIContentConfiguration) -> Bool { true }
}

/// The state a configuration is updated for (selection, highlighting, …).
public protocol UIConfigurationState {}

/// A cell's state: whether it is selected or highlighted.
public struct UICellConfigurationState: UIConfigurationState, Hashable {
  public var isSelected = false
  public var isHighlighted = false
  public var isDisabled = false
  public var isEditing = false
  public init() {}
}

/// The content of a list row: text, secondary text and an image, in one of
/// the system's looks (`cell()`, `subtitleCell()`, `valueCell()`, …).
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  /// Text properties; the engine uses `font`, `color`, `alignment` and `numberOfLines`.
  public struct TextProperties: Hashable {
    /// How the text is aligned.
    public enum TextAlignment: Int, Hashable, Sendable { case natural, center, justified }
    public var font: UIFont
    public var color: UIColor
    public var alignment: TextAlignment = .natural
    public var numberOfLines = 0
  }

  /// The look of the configuration.
  enum Look: Hashable { case cell, subtitleCell, valueCell, sidebarCell, header, footer }
  let look: Look

  public var text: String?
  public var secondaryText: String?
  public var attributedText: NSAttributedString?
  public var secondaryAttributedText: NSAttributedString?
  /// Kept; the engine's list content view shows no image.
  public var image: UIImage?
  public var textProperties: TextProperties
  public var secondaryTextProperties: TextProperties
  /// Space between the text and the secondary text (stored).
  public var textToSecondaryTextVerticalPadding: CGFloat = 0
  public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
  /// Whether the secondary text goes beside the text (valueCell) or below it.
  public var prefersSideBySideTextAndSecondaryText: Bool

  init(look: Look) {
    self.look = look
    textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
    secondaryTextProperties = TextProperties(
      font: .systemFont(ofSize: look == .subtitleCell ? 15 : 17),
      color: look == .valueCell ? .secondaryLabel : .label)
    prefersSideBySideTextAndSecondaryText = look == .valueCell
    if look == .header || look == .footer {
      textProperties.font = .systemFont(ofSize: 13)
      textProperties.color = .secondaryLabel
    }
  }

  /// A plain row: text only, leading.
  public static func cell() -> UIListContentConfiguration { .init(look: .cell) }
  /// Text with secondary text below it.
  public static func subtitleCell() -> UIListContentConfiguration { .init(look: .subtitleCell) }
  /// Text with secondary text at the trailing edge.
  public static func valueCell() -> UIListContentConfiguration { .init(look: .valueCell) }
  /// A sidebar row (iPad); laid out as `cell()`.
  public static func sidebarCell() -> UIListContentConfiguration { .init(look: .sidebarCell) }
  /// A header in a plain list.
  public static func plainHeader() -> UIListContentConfiguration { .init(look: .header) }
  /// A header in a grouped list.
  public static func groupedHeader() -> UIListContentConfiguration { .init(look: .header) }
  /// A footer in a plain list.
  public static func plainFooter() -> UIListContentConfiguration { .init(look: .footer) }
  /// A footer in a grouped list.
  public static func groupedFooter() -> UIListContentConfiguration { .init(look: .footer) }

  public static func == (a: Self, b: Self) -> Bool {
    a.look == b.look && a.text == b.text && a.secondaryText == b.secondaryText
      && a.attributedText == b.attributedText && a.secondaryAttributedText == b.secondaryAttributedText
      && a.image == b.image && a.textProperties == b.textProperties
      && a.secondaryTextProperties == b.secondaryTextProperties
      && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
      && a.directionalLayoutMargins == b.directionalLayoutMargins
      && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(look)
    hasher.combine(text)
    hasher.combine(secondaryText)
    hasher.combine(image)
  }

  @MainActor public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }
  public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view that shows a `UIListContentConfiguration`: a label for the
/// text and one for the secondary text, laid out as the cell styles are.
@MainActor @preconcurrency
open class UIListContentView: UIView, UIContentView {
  private let textLabel = UILabel(frame: .zero)
  private let secondaryTextLabel = UILabel(frame: .zero)
  private var listConfiguration: UIListContentConfiguration

  /// A view showing `configuration`.
  public init(configuration: UIListContentConfiguration) {
    listConfiguration = configuration
    super.init(frame: .zero)
    addSubview(textLabel)
    addSubview(secondaryTextLabel)
    apply()
  }

  public required init?(coder: NSCoder) { nil }

  /// The configuration shown; a configuration of another kind is ignored.
  open var configuration: UIContentConfiguration {
    get { listConfiguration }
    set {
      guard let list = newValue as? UIListContentConfiguration else { return }
      listConfiguration = list
      apply()
    }
  }

  public func supports(_ configuration: UIContentConfiguration) -> Bool {
    configuration is UIListContentConfiguration
  }

  private func apply() {
    let c = listConfiguration
    textLabel.text = c.text ?? c.attributedText?.string
    textLabel.font = c.textProperties.font
    textLabel.textColor = c.textProperties.color
    secondaryTextLabel.text = c.secondaryText ?? c.secondaryAttributedText?.string
    secondaryTextLabel.font = c.secondaryTextProperties.font
    secondaryTextLabel.textColor = c.secondaryTextProperties.color
    secondaryTextLabel.isHidden = secondaryTextLabel.text == nil
    setNeedsLayout()
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let margins = listConfiguration.directionalLayoutMargins
    let x = margins.leading
    let width = max(bounds.width - margins.leading - margins.trailing, 0)
    let textHeight = textLabel.sizeThatFits(.zero).height
    let secondary = secondaryTextLabel.isHidden ? CGSize.zero : secondaryTextLabel.sizeThatFits(.zero)
    if listConfiguration.prefersSideBySideTextAndSecondaryText {
      let secondaryWidth = min(secondary.width, width)
      secondaryTextLabel.frame = CGRect(x: x + width - secondaryWidth,
                                        y: ((bounds.height - secondary.height) / 2).rounded(),
                                        width: secondaryWidth, height: secondary.height)
      textLabel.frame = CGRect(x: x, y: ((bounds.height - textHeight) / 2).rounded(),
                               width: max(width - secondaryWidth - 8, 0), height: textHeight)
    } else {
      let total = textHeight + secondary.height + (secondary.height > 0 ? listConfiguration.textToSecondaryTextVerticalPadding : 0)
      let top = ((bounds.height - total) / 2).rounded()
      textLabel.frame = CGRect(x: x, y: top, width: width, height: textHeight)
      secondaryTextLabel.frame = CGRect(x: x, y: bounds.height - ((bounds.height - total) / 2).rounded() - secondary.height,
                                        width: width, height: secondary.height)
    }
  }
}
