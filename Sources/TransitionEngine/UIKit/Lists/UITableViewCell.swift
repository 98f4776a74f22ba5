// UITableViewCell: a row's view, with its content view, the standard
// labels of the four cell styles, and the selection background that
// selection and highlighting show (and an animated deselection fades).

/// A table view's row.
///
/// The cell fills the row; its `contentView` fills the cell (accessories
/// are stored, not drawn, so they take no room). The labels of the cell
/// styles are real `UILabel`s laid out in `layoutSubviews`, so films show
/// their text. Selecting or highlighting shows `selectedBackgroundView`
/// (a gray view of the engine's when none is set) behind the content.
@MainActor @preconcurrency
open class UITableViewCell: UIView {
  /// The standard layouts of a cell's labels.
  public enum CellStyle: Int, Sendable {
    case `default`, value1, value2, subtitle
  }

  /// How a selected cell looks (every style but `.none` shows the selection background).
  public enum SelectionStyle: Int, Sendable {
    case none, blue, gray, `default`
  }

  /// The standard accessory (stored; the engine does not draw it).
  public enum AccessoryType: Int, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
  }

  /// How separators between rows are drawn (stored; the engine draws none).
  public enum SeparatorStyle: Int, Sendable {
    case none, singleLine, singleLineEtched
  }

  /// The cell's style, fixed at creation.
  let cellStyle: CellStyle
  /// The identifier it is reused under.
  open private(set) var reuseIdentifier: String?
  /// The view that holds the cell's content; add subviews here.
  public let contentView: UIView

  /// Creates a cell in one of the standard styles.
  public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    cellStyle = style
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.standardRowHeight))
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.standardRowHeight))
    backgroundColor = .systemBackground
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  /// Cells are not decoded from archives in the engine.
  public required init?(coder: NSCoder) {
    cellStyle = .default
    contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.standardRowHeight))
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// A `.default` cell with no reuse identifier (what `UITableViewCell()` gives).
  public convenience override init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// How the table view makes a registered class's cells: the class's own
  /// `init(style:reuseIdentifier:)` runs (a convenience initializer
  /// dispatches to the subclass's override). Not UIKit API.
  public required convenience init(__tableViewReuseIdentifier reuseIdentifier: String?) {
    self.init(style: .default, reuseIdentifier: reuseIdentifier)
  }

  // MARK: Labels

  private var storedTextLabel: UILabel?
  private var storedDetailTextLabel: UILabel?
  private var storedImageView: UIImageView?

  /// The primary label, made on first use (deprecated in iOS 14 for content configurations).
  open var textLabel: UILabel? {
    if storedTextLabel == nil {
      let label = UILabel(frame: .zero)
      contentView.addSubview(label)
      storedTextLabel = label
      setNeedsLayout()
    }
    return storedTextLabel
  }

  /// The secondary label: nil for `.default` cells (Apple: the cell adds
  /// one "when you create the cell in a style that supports secondary labels").
  open var detailTextLabel: UILabel? {
    guard cellStyle != .default else { return nil }
    if storedDetailTextLabel == nil {
      let label = UILabel(frame: .zero)
      label.textColor = cellStyle == .subtitle ? .label : .secondaryLabel
      label.font = .systemFont(ofSize: cellStyle == .subtitle ? 12 : 17)
      contentView.addSubview(label)
      storedDetailTextLabel = label
      setNeedsLayout()
    }
    return storedDetailTextLabel
  }

  /// The image view on the leading side, made on first use.
  open var imageView: UIImageView? {
    if storedImageView == nil {
      let view = UIImageView(frame: .zero)
      contentView.addSubview(view)
      storedImageView = view
      setNeedsLayout()
    }
    return storedImageView
  }

  // MARK: Accessories, selection, backgrounds

  open var accessoryType: UITableViewCell.AccessoryType = .none
  open var accessoryView: UIView?
  open var editingAccessoryType: UITableViewCell.AccessoryType = .none
  open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
  open var indentationLevel = 0
  open var indentationWidth: CGFloat = 10

  /// How the selection shows; `.default` shows the selection background.
  open var selectionStyle: UITableViewCell.SelectionStyle = .default {
    didSet { updateSelectionAppearance(animated: false) }
  }

  private var storedSelected = false
  private var storedHighlighted = false

  /// Whether the cell is selected (the table view sets it; setting it does not select the row).
  open var isSelected: Bool {
    get { storedSelected }
    set { setSelected(newValue, animated: false) }
  }

  /// Whether the cell is highlighted (while a touch is down on it).
  open var isHighlighted: Bool {
    get { storedHighlighted }
    set { setHighlighted(newValue, animated: false) }
  }

  /// Selects or deselects the cell; animated, the selection background
  /// fades over `UITableView.selectionFadeDuration` (engine's choice).
  open func setSelected(_ selected: Bool, animated: Bool) {
    storedSelected = selected
    updateSelectionAppearance(animated: animated)
  }

  /// Highlights the cell (shows the selection background) or not.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    storedHighlighted = highlighted
    updateSelectionAppearance(animated: animated)
  }

  /// The view behind the content (nil by default).
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let view = backgroundView {
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
      }
    }
  }

  /// The view shown behind the content while selected or highlighted.
  /// Nil by default; the engine then shows a `systemGray4` view of its own.
  open var selectedBackgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      installedSelectionView = nil
      updateSelectionAppearance(animated: false)
    }
  }

  /// The background of selected cells when several may be selected (stored).
  open var multipleSelectionBackgroundView: UIView?

  /// The engine's selection background when `selectedBackgroundView` is nil.
  private lazy var defaultSelectionView: UIView = {
    let view = UIView(frame: bounds)
    view.backgroundColor = .systemGray4
    view.accessibilityIdentifier = "selection"
    return view
  }()
  private var installedSelectionView: UIView?

  private func updateSelectionAppearance(animated: Bool) {
    let show = (storedSelected || storedHighlighted) && selectionStyle != .none
    let view = selectedBackgroundView ?? defaultSelectionView
    if installedSelectionView !== view {
      installedSelectionView?.removeFromSuperview()
      guard show else { return }
      view.frame = bounds
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.alpha = 0
      if let background = backgroundView, background.superview === self {
        insertSubview(view, aboveSubview: background)
      } else {
        insertSubview(view, at: 0)
      }
      installedSelectionView = view
    }
    let alpha: CGFloat = show ? 1 : 0
    if animated {
      UIView.animate(withDuration: UITableView.selectionFadeDuration, delay: 0, options: [.allowUserInteraction],
                     animations: { view.alpha = alpha })
    } else {
      UIView.performWithoutAnimation { view.alpha = alpha }
    }
  }

  // MARK: Content configuration

  /// The content shown in the content view; setting one replaces the
  /// content view's subviews with the configuration's view.
  open var contentConfiguration: UIContentConfiguration? {
    didSet { applyContentConfiguration() }
  }
  private var configuredContentView: (UIView & UIContentView)?

  private func applyContentConfiguration() {
    guard let configuration = contentConfiguration else {
      configuredContentView?.removeFromSuperview()
      configuredContentView = nil
      return
    }
    if let existing = configuredContentView, existing.supports(configuration) {
      existing.configuration = configuration
    } else {
      configuredContentView?.removeFromSuperview()
      let view = configuration.makeContentView()
      view.frame = contentView.bounds
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      contentView.addSubview(view)
      configuredContentView = view
    }
  }

  /// A list configuration in the cell's style's look (`cell()`, `valueCell()`, `subtitleCell()`).
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    switch cellStyle {
    case .value1, .value2: return .valueCell()
    case .subtitle: return .subtitleCell()
    case .default: return .cell()
    }
  }

  // MARK: Reuse and layout

  /// Called before the table view hands the cell out again from its reuse queue.
  open func prepareForReuse() {}

  /// Lays out the standard labels (engine's choice of UIKit's look: a 16 pt
  /// margin, text centred vertically; `.subtitle` stacks the two labels;
  /// `.value1` puts the detail at the trailing edge).
  open override func layoutSubviews() {
    super.layoutSubviews()
    let bounds = contentView.bounds
    let margin = UITableView.cellMargin
    var x = margin
    if let image = storedImageView, let size = image.image?.size, size != .zero {
      image.frame = CGRect(x: margin, y: ((bounds.height - size.height) / 2).rounded(), width: size.width,
                           height: size.height)
      x = image.frame.maxX + margin
    }
    let width = max(bounds.width - x - margin, 0)
    let textHeight = storedTextLabel.map { $0.sizeThatFits(.zero).height } ?? 0
    let detail = storedDetailTextLabel
    let detailSize = detail?.sizeThatFits(.zero) ?? .zero
    switch cellStyle {
    case .default:
      storedTextLabel?.frame = CGRect(x: x, y: ((bounds.height - textHeight) / 2).rounded(), width: width,
                                      height: textHeight)
    case .subtitle:
      let total = textHeight + detailSize.height
      let top = ((bounds.height - total) / 2).rounded()
      storedTextLabel?.frame = CGRect(x: x, y: top, width: width, height: textHeight)
      detail?.frame = CGRect(x: x, y: top + textHeight, width: width, height: detailSize.height)
    case .value1:
      let detailWidth = min(detailSize.width, width)
      detail?.frame = CGRect(x: x + width - detailWidth, y: ((bounds.height - detailSize.height) / 2).rounded(),
                             width: detailWidth, height: detailSize.height)
      storedTextLabel?.frame = CGRect(x: x, y: ((bounds.height - textHeight) / 2).rounded(),
                                      width: max(width - detailWidth - 8, 0), height: textHeight)
    case .value2:
      let column: CGFloat = 80
      storedTextLabel?.frame = CGRect(x: x, y: ((bounds.height - textHeight) / 2).rounded(), width: column,
                                      height: textHeight)
      detail?.frame = CGRect(x: x + column + 8, y: ((bounds.height - detailSize.height) / 2).rounded(),
                             width: max(width - column - 8, 0), height: detailSize.height)
    }
  }

  /// Marks the cell as reused under `identifier` (table views call it).
  func prepareForTable(reuseIdentifier identifier: String?) {
    if reuseIdentifier == nil { reuseIdentifier = identifier }
  }
}
