// UITableViewHeaderFooterView: a section's header or footer; the table
// makes one with the data source's title when the delegate gives no view.

/// A reusable header or footer of a table section.
@MainActor @preconcurrency
open class UITableViewHeaderFooterView: UIView {
  /// The identifier it is reused under.
  open private(set) var reuseIdentifier: String?
  /// The view that holds the content.
  public let contentView: UIView
  private var storedTextLabel: UILabel?

  /// Creates a header or footer view.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView(frame: .zero)
    super.init(frame: .zero)
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  public required init?(coder: NSCoder) {
    contentView = UIView(frame: .zero)
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// How the table view makes a registered class's views: the class's own
  /// `init(reuseIdentifier:)` runs (a convenience initializer dispatches to
  /// the subclass's override). Not UIKit API.
  public required convenience init(__tableViewReuseIdentifier reuseIdentifier: String?) {
    self.init(reuseIdentifier: reuseIdentifier)
  }

  /// The title label, made on first use (13 pt secondary text, 16 pt from the leading edge).
  open var textLabel: UILabel? {
    if storedTextLabel == nil {
      let label = UILabel(frame: .zero)
      label.font = .systemFont(ofSize: 13)
      label.textColor = .secondaryLabel
      contentView.addSubview(label)
      storedTextLabel = label
      setNeedsLayout()
    }
    return storedTextLabel
  }

  /// Stored; the engine shows no secondary label.
  open var detailTextLabel: UILabel? { nil }

  /// Called before the table view hands the view out again.
  open func prepareForReuse() {}

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
    guard let label = storedTextLabel else { return }
    let height = label.sizeThatFits(.zero).height
    label.frame = CGRect(x: UITableView.cellMargin, y: max(bounds.height - height - 6, 0),
                         width: max(bounds.width - 2 * UITableView.cellMargin, 0), height: height)
  }
}
