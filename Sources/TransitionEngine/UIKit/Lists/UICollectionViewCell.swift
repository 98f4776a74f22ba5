// UICollectionReusableView, UICollectionViewCell
//
// Views a collection view makes from registered classes, shows at their
// layout attributes and keeps for reuse once they scroll out of sight.

import Foundation

/// A view a collection view reuses (a header, a footer or the base of a
/// cell), as UIKit's `UICollectionReusableView`.
@MainActor @preconcurrency
open class UICollectionReusableView: UIView {
  /// The identifier the view was registered and dequeued with.
  open internal(set) var reuseIdentifier: String?

  /// Called just before the view is handed out again by a dequeue: reset
  /// what the last item left (UIKit: "The collection view calls this
  /// method before returning the view from the corresponding dequeue
  /// method"). Call super.
  open func prepareForReuse() {}

  /// Called with the layout's attributes after the collection view has
  /// set the view's geometry from them.
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

  /// The attributes after the view has sized itself: the given ones (the
  /// engine does not self-size).
  open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
    layoutAttributes
  }

  /// The initializer a collection view makes its views with: it calls
  /// `init(frame:)`, so a subclass that overrides `init(frame:)` (and
  /// `init?(coder:)`, as Swift requires) inherits it. Engine-only: Swift
  /// can only make an instance of a class known at run time through a
  /// required initializer, and UIKit's `init(frame:)` is not one.
  public required convenience init(engineReuseFrame frame: CGRect) {
    self.init(frame: frame)
  }

  /// The attributes last applied by the collection view.
  var appliedAttributes: UICollectionViewLayoutAttributes?
}

/// A cell of a collection view, as UIKit's `UICollectionViewCell`: its
/// `contentView` holds the app's subviews, over an optional
/// `backgroundView` and, while selected or highlighted, the
/// `selectedBackgroundView`. `contentConfiguration` and
/// `backgroundConfiguration` are not in the engine.
@MainActor @preconcurrency
open class UICollectionViewCell: UICollectionReusableView {
  /// The view to add the cell's content to; it fills the cell.
  public let contentView: UIView

  public override init(frame: CGRect) {
    contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
    super.init(frame: frame)
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  public required init?(coder: NSCoder) {
    contentView = UIView(frame: .zero)
    super.init(coder: coder)
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  /// The view behind the content, sized to the cell.
  open var backgroundView: UIView? {
    didSet {
      if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
      if let backgroundView { place(backgroundView, at: 0) }
    }
  }

  /// The view behind the content while the cell is selected or highlighted
  /// (above `backgroundView`).
  open var selectedBackgroundView: UIView? {
    didSet {
      if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
      updateSelectedBackground()
    }
  }

  /// Whether the cell is selected; the collection view sets it.
  open var isSelected = false {
    didSet { updateSelectedBackground() }
  }

  /// Whether the cell is highlighted (the finger is down on it); the
  /// collection view sets it.
  open var isHighlighted = false {
    didSet { updateSelectedBackground() }
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
  }

  private func place(_ view: UIView, at index: Int) {
    view.frame = bounds
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    if view.superview !== self { insertSubview(view, at: index) }
  }

  private func updateSelectedBackground() {
    guard let selectedBackgroundView else { return }
    if isSelected || isHighlighted {
      place(selectedBackgroundView, at: backgroundView?.superview === self ? 1 : 0)
    } else {
      selectedBackgroundView.removeFromSuperview()
    }
  }
}
