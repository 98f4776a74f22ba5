// UILabel: a view that shows text, for example screens (its font is in
// UIFont.swift). Diagrams print a label's text.

/// Text alignment.
public enum NSTextAlignment: Int {
  case left, center, right, justified, natural
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
