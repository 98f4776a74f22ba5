// UIImageView: a view that shows a `UIImage`, for example screens.

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
