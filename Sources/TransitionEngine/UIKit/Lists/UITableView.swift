// UITableView: rows in sections, top to bottom, in a scroll view. The
// table asks its data source for counts and cells, lays the rows out from
// the heights (its own, or its delegate's), keeps cells only for the rows
// inside its bounds (so scrolling reveals new rows and reuses old cells),
// and selects rows when a scripted touch lifts on them.

/// A list of rows in sections, as UIKit's `UITableView`.
///
/// The engine models the layout (headers, rows and footers stacked from
/// the top, `contentSize` from them), the visible cells (kept in step with
/// `contentOffset` at each layout pass), the reuse queue, selection by
/// touch with the delegate calls UIKit documents, programmatic selection
/// and scrolling, and row updates (counts checked as UIKit checks them).
/// Row animations are simplified: moving rows slide, inserted rows fade in
/// and deleted rows fade out, whatever `RowAnimation` is asked for
/// (`.none` is immediate). Section headers do not float in plain tables,
/// separators and accessories are not drawn, and there is no editing mode.
@MainActor @preconcurrency
open class UITableView: UIScrollView {
  /// The table's look.
  public enum Style: Int, Sendable {
    case plain, grouped, insetGrouped
  }

  /// Where a row ends up when the table scrolls to it.
  public enum ScrollPosition: Int, Sendable {
    case none, top, middle, bottom
  }

  /// How inserted, deleted and reloaded rows animate (stored: the engine
  /// fades rows in and out and slides moved rows for every value but `.none`).
  public enum RowAnimation: Int, Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }

  /// "A constant representing the default value for a given dimension":
  /// -1, as UIKit's `UITableViewAutomaticDimension` prints (observed).
  public static let automaticDimension: CGFloat = -1

  /// The height of a row whose height is `automaticDimension` and whose
  /// cell does not size itself: 44 pt, the standard row height (Apple's
  /// Human Interface Guidelines give 44 × 44 pt as the minimum tappable
  /// size; UIKit's default row is 44 pt high, observed). Engine's choice:
  /// cells never size themselves.
  static let standardRowHeight: CGFloat = 44
  /// How long an animated selection change fades (engine's choice; UIKit does not document it).
  static let selectionFadeDuration: TimeInterval = 0.25
  /// How long row insertions, deletions and moves animate (engine's choice; UIKit does not document it).
  static let rowAnimationDuration: TimeInterval = 0.3
  /// The leading and trailing margin of cells' standard labels (UIKit's 16 pt on phones, observed).
  static let cellMargin: CGFloat = 16
  /// How far `insetGrouped` sections are inset from the sides (observed on phones: 16 pt; 20 on the largest).
  static let insetGroupedMargin: CGFloat = 16

  /// The style, fixed at creation.
  public let style: UITableView.Style

  /// Creates a table view in a style.
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init(frame: frame)
    backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    let recognizer = TableSelectionRecognizer(target: nil, action: nil)
    addGestureRecognizer(recognizer)
  }

  /// A plain table view.
  public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }

  public required init?(coder: NSCoder) {
    style = .plain
    super.init(coder: coder)
  }

  // MARK: Data source and delegate

  /// Supplies the rows (weakly held).
  open weak var dataSource: UITableViewDataSource? {
    didSet { setNeedsReload() }
  }

  /// Sizes rows and hears about scrolling and selection (weakly held): a
  /// `UITableViewDelegate`. UIKit redeclares the scroll view's `delegate`
  /// with that type; Swift cannot, so the property keeps the scroll view's
  /// type and the table reads it as its own.
  open override var delegate: UIScrollViewDelegate? {
    didSet { setNeedsReload() }
  }

  /// The delegate as a table view's.
  var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

  // MARK: Heights

  /// The rows' height; `automaticDimension` (the default, as Apple
  /// documents) gives the standard 44 pt. Ignored where the delegate
  /// implements `tableView(_:heightForRowAt:)` (Apple).
  open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
  /// The headers' height; `automaticDimension` (the default) fits the title (see `headerHeight(for:)`).
  open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
  /// The footers' height; `automaticDimension` (the default) fits the title.
  open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
  /// Stored; the engine lays out with the real heights at once.
  open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
    didSet {
      Simulation.current.notModelled(
        "UITableView.estimatedRowHeight",
        instead: "Stored (also estimatedSectionHeaderHeight, estimatedSectionFooterHeight); layout uses the "
          + "real heights at once.")
    }
  }
  open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
  open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
  /// Padding above each section header (iOS 15); stored, the engine adds none.
  open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension {
    didSet {
      Simulation.current.notModelled(
        "UITableView.sectionHeaderTopPadding",
        instead: "Stored; no padding is added above headers.")
    }
  }

  // MARK: Appearance (stored)

  open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine {
    didSet {
      Simulation.current.notModelled(
        "UITableView.separatorStyle",
        instead: "Stored with separatorColor and separatorInset; no separators are drawn.")
    }
  }
  open var separatorColor: UIColor? = .separator
  open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
  open var cellLayoutMarginsFollowReadableWidth = false
  open var sectionIndexColor: UIColor?

  /// A view behind the rows, filling the table.
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let view = backgroundView { insertSubview(view, at: 0) }
      setNeedsLayout()
    }
  }

  /// A view above the first section; its height is kept, its width the table's.
  open var tableHeaderView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let view = tableHeaderView { addSubview(view) }
      setNeedsReload()
    }
  }

  /// A view below the last section; its height is kept, its width the table's.
  open var tableFooterView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let view = tableFooterView { addSubview(view) }
      setNeedsReload()
    }
  }

  // MARK: Selection settings

  /// Whether touches select rows (default true).
  open var allowsSelection = true
  /// Whether several rows may be selected (default false); a tap on a
  /// selected row then deselects it.
  open var allowsMultipleSelection = false
  open var allowsSelectionDuringEditing = false
  open var allowsMultipleSelectionDuringEditing = false
  /// Stored; the engine has no editing mode.
  open var isEditing = false
  open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

  // MARK: The model of the rows

  struct SectionLayout {
    var headerHeight: CGFloat
    var footerHeight: CGFloat
    var rowHeights: [CGFloat]
    var top: CGFloat = 0
    var rowTops: [CGFloat] = []
    var headerTitle: String?
    var footerTitle: String?
    var height: CGFloat { headerHeight + rowHeights.reduce(0, +) + footerHeight }
  }

  private var sections: [SectionLayout] = []
  private var hasLoadedData = false
  private var needsReload = true

  private func setNeedsReload() {
    needsReload = true
    setNeedsLayout()
  }

  /// Asks the data source and delegate again if something they answer changed.
  private func loadDataIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    hasLoadedData = true
    sections = queryCounts().map(querySection)
    computeOffsets()
    tiledOrigin = nil
  }

  private func queryCounts() -> [(section: Int, rows: Int)] {
    guard let dataSource else { return [] }
    let count = dataSource.numberOfSections(in: self)
    return (0..<max(count, 0)).map { ($0, max(dataSource.tableView(self, numberOfRowsInSection: $0), 0)) }
  }

  private func querySection(_ entry: (section: Int, rows: Int)) -> SectionLayout {
    let s = entry.section
    let headerTitle = dataSource?.tableView(self, titleForHeaderInSection: s)
    let footerTitle = dataSource?.tableView(self, titleForFooterInSection: s)
    let headerView = tableDelegate?.tableView(self, viewForHeaderInSection: s)
    let footerView = tableDelegate?.tableView(self, viewForFooterInSection: s)
    let header = resolvedSupplementaryHeight(
      tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight,
      hasTitle: headerTitle != nil, hasView: headerView != nil, header: true)
    let footer = resolvedSupplementaryHeight(
      tableDelegate?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight,
      hasTitle: footerTitle != nil, hasView: footerView != nil, header: false)
    headerViews[s] = headerView
    footerViews[s] = footerView
    let rows = (0..<entry.rows).map { row -> CGFloat in
      let h = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: s)) ?? rowHeight
      return h < 0 ? UITableView.standardRowHeight : h
    }
    return SectionLayout(headerHeight: header, footerHeight: footer, rowHeights: rows,
                         headerTitle: headerTitle, footerTitle: footerTitle)
  }

  /// The height of a header or footer given as `automaticDimension`
  /// (engine's choice, close to iOS 17's): plain tables 28 pt with a title
  /// or a view, else none; grouped tables 38 pt with a title or a view,
  /// else 18 pt (the gap between groups).
  private func resolvedSupplementaryHeight(_ height: CGFloat, hasTitle: Bool, hasView: Bool, header: Bool) -> CGFloat {
    guard height < 0 else { return height }
    let shown = hasTitle || hasView
    switch style {
    case .plain: return shown ? 28 : 0
    case .grouped, .insetGrouped: return shown ? 38 : 18
    }
  }

  private func computeOffsets() {
    var y = tableHeaderView?.frame.height ?? 0
    for i in sections.indices {
      sections[i].top = y
      var rowY = y + sections[i].headerHeight
      sections[i].rowTops = sections[i].rowHeights.map { h in
        defer { rowY += h }
        return rowY
      }
      y += sections[i].height
    }
    let footer = tableFooterView?.frame.height ?? 0
    let size = CGSize(width: bounds.width, height: y + footer)
    if contentSize != size { contentSize = size }
  }

  // MARK: Counts and geometry

  /// The number of sections (asks the data source if it has not yet).
  open var numberOfSections: Int {
    loadDataIfNeeded()
    return sections.count
  }

  /// The number of rows in a section.
  open func numberOfRows(inSection section: Int) -> Int {
    loadDataIfNeeded()
    return sections.indices.contains(section) ? sections[section].rowHeights.count : 0
  }

  /// The rectangle of a row, in the table's coordinates (`.zero` for a row that does not exist).
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    loadDataIfNeeded()
    guard sections.indices.contains(indexPath.section),
          sections[indexPath.section].rowHeights.indices.contains(indexPath.row) else { return .zero }
    let s = sections[indexPath.section]
    let inset = rowInset
    return CGRect(x: inset, y: s.rowTops[indexPath.row], width: max(bounds.width - 2 * inset, 0),
                  height: s.rowHeights[indexPath.row])
  }

  /// The rectangle of a whole section: header, rows and footer.
  open func rect(forSection section: Int) -> CGRect {
    loadDataIfNeeded()
    guard sections.indices.contains(section) else { return .zero }
    return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].height)
  }

  /// The rectangle of a section's header.
  open func rectForHeader(inSection section: Int) -> CGRect {
    loadDataIfNeeded()
    guard sections.indices.contains(section) else { return .zero }
    return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].headerHeight)
  }

  /// The rectangle of a section's footer.
  open func rectForFooter(inSection section: Int) -> CGRect {
    loadDataIfNeeded()
    guard sections.indices.contains(section) else { return .zero }
    let s = sections[section]
    return CGRect(x: 0, y: s.top + s.height - s.footerHeight, width: bounds.width, height: s.footerHeight)
  }

  /// The row at a point in the table's coordinates, or nil.
  open func indexPathForRow(at point: CGPoint) -> IndexPath? {
    loadDataIfNeeded()
    guard point.x >= 0, point.x < bounds.width else { return nil }
    for (s, section) in sections.enumerated() where point.y >= section.top && point.y < section.top + section.height {
      for (r, top) in section.rowTops.enumerated() where point.y >= top && point.y < top + section.rowHeights[r] {
        return IndexPath(row: r, section: s)
      }
    }
    return nil
  }

  /// The rows whose rectangles meet `rect`.
  open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
    loadDataIfNeeded()
    var result: [IndexPath] = []
    for (s, section) in sections.enumerated() {
      guard section.top < rect.maxY, section.top + section.height > rect.minY else { continue }
      for (r, top) in section.rowTops.enumerated()
      where top < rect.maxY && top + section.rowHeights[r] > rect.minY && section.rowHeights[r] > 0 {
        result.append(IndexPath(row: r, section: s))
      }
    }
    return result
  }

  private var rowInset: CGFloat { style == .insetGrouped ? UITableView.insetGroupedMargin : 0 }

  private func isValid(_ indexPath: IndexPath) -> Bool {
    sections.indices.contains(indexPath.section) && sections[indexPath.section].rowHeights.indices.contains(indexPath.row)
  }

  // MARK: Visible cells

  /// The cells on screen, by index path.
  private var visible: [IndexPath: UITableViewCell] = [:]
  /// The visible cells in index-path order: a dictionary's own order
  /// changes from run to run (Swift seeds its hashing per process), and
  /// the order cells go back to the reuse pool decides which cell the
  /// next row gets.
  private var visibleInOrder: [(key: IndexPath, value: UITableViewCell)] { visible.sorted { $0.key < $1.key } }
  private var headerViews: [Int: UIView] = [:]
  private var footerViews: [Int: UIView] = [:]
  private var shownSupplementaries: [UIView] = []

  /// The cells of the visible rows, top to bottom (brought up to date with the offset first).
  open var visibleCells: [UITableViewCell] {
    updateVisibleCellsIfNeeded()
    return visible.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The index paths of the visible rows, top to bottom.
  open var indexPathsForVisibleRows: [IndexPath]? {
    updateVisibleCellsIfNeeded()
    return visible.keys.sorted()
  }

  /// The cell of a row, or nil when the row is not visible (Apple: "nil if
  /// the cell isn't visible or indexPath is out of range").
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    updateVisibleCellsIfNeeded()
    return visible[indexPath]
  }

  /// The index path of a visible cell, or nil.
  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    visible.first { $0.value === cell }?.key
  }

  /// The header view shown for a section, if it is visible.
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    updateVisibleCellsIfNeeded()
    return headerViews[section].flatMap { shownSupplementaries.contains($0) ? $0 as? UITableViewHeaderFooterView : nil }
  }

  /// The footer view shown for a section, if it is visible.
  open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    updateVisibleCellsIfNeeded()
    return footerViews[section].flatMap { shownSupplementaries.contains($0) ? $0 as? UITableViewHeaderFooterView : nil }
  }

  /// Model changes to the offset move the rows at the next layout pass.
  open override var bounds: CGRect {
    get { super.bounds }
    set {
      let old = super.bounds
      super.bounds = newValue
      if old.origin != newValue.origin || old.width != newValue.width { setNeedsLayout() }
      if old.width != newValue.width { needsReload = true }
    }
  }

  open override var frame: CGRect {
    get { super.frame }
    set {
      let oldWidth = super.bounds.width
      super.frame = newValue
      if super.bounds.width != oldWidth { setNeedsReload() }
    }
  }

  /// Lays out the rows: the data is loaded on the first pass (as UIKit
  /// loads it when the table first lays out), then the cells of the rows
  /// inside the bounds are made, placed and shown, and the others reused.
  open override func layoutSubviews() {
    super.layoutSubviews()
    loadDataIfNeeded()
    tile()
  }

  private var tiledOrigin: CGPoint?

  private func updateVisibleCellsIfNeeded() {
    guard hasLoadedData || dataSource != nil else { return }
    if needsReload || tiledOrigin != bounds.origin {
      loadDataIfNeeded()
      tile()
    }
  }

  private func tile() {
    tiledOrigin = bounds.origin
    backgroundView?.frame = bounds
    tableHeaderView.map { $0.frame = CGRect(x: 0, y: 0, width: bounds.width, height: $0.frame.height) }
    if let footer = tableFooterView {
      let y = (sections.last.map { $0.top + $0.height }) ?? (tableHeaderView?.frame.height ?? 0)
      footer.frame = CGRect(x: 0, y: y, width: bounds.width, height: footer.frame.height)
    }
    let wanted = Set(indexPathsForRows(in: bounds) ?? [])
    for (indexPath, cell) in visibleInOrder where !wanted.contains(indexPath) {
      visible[indexPath] = nil
      endDisplaying(cell, at: indexPath)
    }
    for indexPath in wanted.sorted() {
      if let cell = visible[indexPath] {
        let frame = rectForRow(at: indexPath)
        if cell.frame != frame { cell.frame = frame }
      } else {
        display(at: indexPath)
      }
    }
    tileSupplementaries()
  }

  private func display(at indexPath: IndexPath) {
    guard let dataSource else { return }
    let cell = dataSource.tableView(self, cellForRowAt: indexPath)
    UIView.performWithoutAnimation {
      cell.frame = rectForRow(at: indexPath)
      cell.alpha = 1
      cell.setSelected(selected.contains(indexPath), animated: false)
      cell.setHighlighted(false, animated: false)
    }
    tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    visible[indexPath] = cell
    if let first = shownSupplementaries.first(where: { $0.superview === self }) {
      insertSubview(cell, belowSubview: first)
    } else {
      addSubview(cell)
    }
  }

  private func endDisplaying(_ cell: UITableViewCell, at indexPath: IndexPath) {
    cell.removeFromSuperview()
    tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    enqueue(cell)
  }

  private func tileSupplementaries() {
    var shown: [UIView] = []
    for (s, section) in sections.enumerated() {
      let header = CGRect(x: 0, y: section.top, width: bounds.width, height: section.headerHeight)
      let footer = CGRect(x: 0, y: section.top + section.height - section.footerHeight, width: bounds.width,
                          height: section.footerHeight)
      if header.height > 0, header.intersects(bounds),
         let view = supplementary(for: s, header: true, title: section.headerTitle) {
        view.frame = header
        shown.append(view)
      }
      if footer.height > 0, footer.intersects(bounds),
         let view = supplementary(for: s, header: false, title: section.footerTitle) {
        view.frame = footer
        shown.append(view)
      }
    }
    for view in shownSupplementaries where !shown.contains(where: { $0 === view }) { view.removeFromSuperview() }
    for view in shown { addSubview(view) }
    shownSupplementaries = shown
  }

  private func supplementary(for section: Int, header: Bool, title: String?) -> UIView? {
    if let view = header ? headerViews[section] : footerViews[section] { return view }
    guard let title else { return nil }
    let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
    view.textLabel?.text = style == .plain ? title : title.uppercased()
    if header { headerViews[section] = view } else { footerViews[section] = view }
    return view
  }

  // MARK: Reuse

  private var registeredCells: [String: UITableViewCell.Type] = [:]
  private var registeredHeaderFooters: [String: UITableViewHeaderFooterView.Type] = [:]
  private var reusePool: [String: [UITableViewCell]] = [:]
  private var headerFooterPool: [String: [UITableViewHeaderFooterView]] = [:]

  /// Registers the class whose cells `dequeueReusableCell(withIdentifier:for:)` makes
  /// (nil removes it). Classes that are not `UITableViewCell`s are ignored.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    registeredCells[identifier] = cellClass as? UITableViewCell.Type
  }

  /// Registers the class of headers and footers for an identifier.
  open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
    registeredHeaderFooters[identifier] = aClass as? UITableViewHeaderFooterView.Type
  }

  /// A cell from the reuse queue (its `prepareForReuse()` called), or a new
  /// one of the registered class. Apple: "A UITableViewCell object with the
  /// associated reuse identifier. This method always returns a valid cell";
  /// with no class registered UIKit raises, and so does the engine.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
    preconditionFailure("unable to dequeue a cell with identifier \(identifier) - must register a nib or a class "
      + "for the identifier or connect a prototype cell in a storyboard")
  }

  /// A cell from the reuse queue, a new one if a class is registered, else
  /// nil (Apple: "nil if no cell is available for reuse").
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    if var pool = reusePool[identifier], !pool.isEmpty {
      let cell = pool.removeLast()
      reusePool[identifier] = pool
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registeredCells[identifier] else { return nil }
    return cellClass.init(__tableViewReuseIdentifier: identifier)
  }

  /// A header or footer view from the reuse queue, or a new one of the registered class, or nil.
  open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
    if var pool = headerFooterPool[identifier], !pool.isEmpty {
      let view = pool.removeLast()
      headerFooterPool[identifier] = pool
      view.prepareForReuse()
      return view
    }
    return registeredHeaderFooters[identifier]?.init(__tableViewReuseIdentifier: identifier)
  }

  private func enqueue(_ cell: UITableViewCell) {
    guard let identifier = cell.reuseIdentifier else { return }
    reusePool[identifier, default: []].append(cell)
  }

  // MARK: Selection

  private var selected: [IndexPath] = []

  /// The selected row (the first, when several are).
  open var indexPathForSelectedRow: IndexPath? { selected.first }

  /// The selected rows, in the order they were selected; nil when none is.
  open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected }

  /// Selects a row, scrolling it to `scrollPosition`. Apple: "Calling this
  /// method doesn't cause the delegate to receive a
  /// tableView(_:willSelectRowAt:) or tableView(_:didSelectRowAt:)
  /// message". Nil clears the selection (observed).
  open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {
    loadDataIfNeeded()
    guard let indexPath else {
      for path in selected { deselectRow(at: path, animated: animated) }
      return
    }
    guard isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for path in selected where path != indexPath { deselectRow(at: path, animated: animated) }
    }
    if !selected.contains(indexPath) { selected.append(indexPath) }
    visible[indexPath]?.setSelected(true, animated: animated)
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects a row; animated, its cell's selection fades out on the
  /// clock. Apple: calling it does not send the delegate
  /// `willDeselectRowAt`/`didDeselectRowAt`.
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {
    selected.removeAll { $0 == indexPath }
    visible[indexPath]?.setSelected(false, animated: animated)
  }

  /// What a touch lifting on a row does (UIKit's order, observed):
  /// `willSelectRowAt` (nil cancels; another path redirects), then the
  /// previous row's `willDeselectRowAt`/`didDeselectRowAt` when only one
  /// may be selected, then `didSelectRowAt`. With multiple selection a tap
  /// on a selected row deselects it through `willDeselectRowAt`/`didDeselectRowAt`.
  func userTapped(rowAt indexPath: IndexPath) {
    if allowsMultipleSelection, selected.contains(indexPath) {
      guard let target = askWillDeselect(indexPath) else { return }
      deselectRow(at: target, animated: false)
      tableDelegate?.tableView(self, didDeselectRowAt: target)
      return
    }
    let target: IndexPath?
    if let tableDelegate { target = tableDelegate.tableView(self, willSelectRowAt: indexPath) } else { target = indexPath }
    guard let target, isValid(target) else { return }
    if !allowsMultipleSelection {
      for old in selected where old != target {
        guard let deselecting = askWillDeselect(old) else { continue }
        deselectRow(at: deselecting, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: deselecting)
      }
    }
    if !selected.contains(target) { selected.append(target) }
    visible[target]?.setSelected(true, animated: false)
    tableDelegate?.tableView(self, didSelectRowAt: target)
  }

  /// The delegate's answer to `willDeselectRowAt` (the row itself when there is no delegate).
  private func askWillDeselect(_ indexPath: IndexPath) -> IndexPath? {
    guard let tableDelegate else { return indexPath }
    return tableDelegate.tableView(self, willDeselectRowAt: indexPath)
  }

  /// The row under a touch going down, highlighted if the delegate agrees.
  func userTouchedDown(at point: CGPoint) -> IndexPath? {
    guard allowsSelection, let indexPath = indexPathForRow(at: point) else { return nil }
    guard tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return nil }
    visible[indexPath]?.setHighlighted(true, animated: false)
    tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    return indexPath
  }

  func userTouchEnded(on indexPath: IndexPath) {
    visible[indexPath]?.setHighlighted(false, animated: false)
    tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
  }

  // MARK: Scrolling

  /// Scrolls so the row is at the top, middle or bottom of the bounds;
  /// `.none` scrolls as little as makes it fully visible (none if it is)
  /// (Apple, `ScrollPosition.none`). Offsets stay within the content.
  open func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {
    let rect = rectForRow(at: indexPath)
    guard rect != .zero || isValid(indexPath) else { return }
    scroll(to: rect, at: scrollPosition, animated: animated)
  }

  /// Scrolls the selected row (the first) to a position, if a row is selected.
  open func scrollToNearestSelectedRow(at scrollPosition: UITableView.ScrollPosition, animated: Bool) {
    guard let path = selected.sorted().first else { return }
    scrollToRow(at: path, at: scrollPosition, animated: animated)
  }

  private func scroll(to rect: CGRect, at position: UITableView.ScrollPosition, animated: Bool) {
    let inset = adjustedContentInset
    let height = bounds.height
    var y: CGFloat
    switch position {
    case .top: y = rect.minY - inset.top
    case .middle: y = rect.midY - (height - inset.top - inset.bottom) / 2 - inset.top
    case .bottom: y = rect.maxY - height + inset.bottom
    case .none:
      y = contentOffset.y
      if rect.minY < y + inset.top { y = rect.minY - inset.top }
      else if rect.maxY > y + height - inset.bottom { y = rect.maxY - height + inset.bottom }
    }
    let maxY = max(contentSize.height + inset.bottom - height, -inset.top)
    y = min(max(y, -inset.top), maxY)
    let target = CGPoint(x: contentOffset.x, y: y)
    guard target != contentOffset else { return }
    setContentOffset(target, animated: animated)
  }

  // MARK: Reloading and updates

  /// Reloads everything: counts, heights and the visible cells (the old
  /// ones go to the reuse queue) at the next layout pass. The selection is
  /// cleared (observed: UIKit forgets selected rows on `reloadData`).
  open func reloadData() {
    for (indexPath, cell) in visibleInOrder { endDisplaying(cell, at: indexPath) }
    visible = [:]
    for view in shownSupplementaries { view.removeFromSuperview() }
    shownSupplementaries = []
    headerViews = [:]
    footerViews = [:]
    selected = []
    setNeedsReload()
  }

  private struct PendingUpdates {
    var insertedRows: [IndexPath] = []
    var deletedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var animation: RowAnimation = .automatic
  }
  private var pending: PendingUpdates?
  private var updateDepth = 0

  /// Begins a group of updates (ends with `endUpdates()`).
  open func beginUpdates() {
    if updateDepth == 0 { pending = PendingUpdates() }
    updateDepth += 1
  }

  /// Applies the group of updates.
  open func endUpdates() {
    guard updateDepth > 0 else { return }
    updateDepth -= 1
    guard updateDepth == 0, let updates = pending else { return }
    pending = nil
    apply(updates, completion: nil)
  }

  /// Runs `updates` (inserts, deletes, reloads and moves) as one group;
  /// `completion` runs when the animations end (`true`), or on the next
  /// run-loop turn without animations.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    if updateDepth > 0 {
      updates?()
      if let completion { simulation.enqueue { completion(true) } }
      return
    }
    pending = PendingUpdates()
    updateDepth = 1
    updates?()
    updateDepth = 0
    let group = pending ?? PendingUpdates()
    pending = nil
    apply(group, completion: completion)
  }

  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    record(animation) { $0.insertedRows += indexPaths }
  }

  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    record(animation) { $0.deletedRows += indexPaths }
  }

  /// Asks the data source for new cells of these rows.
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    record(animation) { $0.reloadedRows += indexPaths }
  }

  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(.automatic) { $0.moves.append((indexPath, newIndexPath)) }
  }

  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    record(animation) { $0.insertedSections.formUnion(sections) }
  }

  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    record(animation) { $0.deletedSections.formUnion(sections) }
  }

  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    record(animation) { $0.reloadedSections.formUnion(sections) }
  }

  private func record(_ animation: RowAnimation, _ change: (inout PendingUpdates) -> Void) {
    if updateDepth > 0, pending != nil {
      change(&pending!)
      if animation != .automatic { pending!.animation = animation }
      return
    }
    var single = PendingUpdates()
    change(&single)
    single.animation = animation
    apply(single, completion: nil)
  }

  /// Checks the new counts as UIKit does ("Invalid update: …"), maps the
  /// kept rows to their new index paths, asks for cells of the new rows,
  /// and animates the change (engine's simplification of the row animations).
  private func apply(_ updates: PendingUpdates, completion: ((Bool) -> Void)?) {
    guard hasLoadedData, !needsReload else {
      // Nothing was shown yet, or a reload is pending: the data is loaded afresh.
      setNeedsReload()
      if let completion { simulation.enqueue { completion(false) } }
      return
    }
    let old = sections
    let newCounts = queryCounts()
    let oldSectionCount = old.count
    let expectedSections = oldSectionCount + updates.insertedSections.count - updates.deletedSections.count
    precondition(newCounts.count == expectedSections,
      "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
      + "update (\(newCounts.count)) must be equal to the number of sections contained in the table view before the "
      + "update (\(oldSectionCount)), plus or minus the number of sections inserted or deleted "
      + "(\(updates.insertedSections.count) inserted, \(updates.deletedSections.count) deleted).")
    // Old section → new section.
    var sectionMap: [Int: Int] = [:]
    var newIndex = 0
    for s in 0..<oldSectionCount {
      guard !updates.deletedSections.contains(s) else { continue }
      while updates.insertedSections.contains(newIndex) { newIndex += 1 }
      sectionMap[s] = newIndex
      newIndex += 1
    }
    // Row counts per kept section.
    let movesOut = updates.moves.map(\.from), movesIn = updates.moves.map(\.to)
    for (oldSection, newSection) in sectionMap.sorted(by: { $0.key < $1.key }) where !updates.reloadedSections.contains(oldSection) {
      let before = old[oldSection].rowHeights.count
      let inserted = updates.insertedRows.filter { $0.section == newSection }.count
      let deleted = updates.deletedRows.filter { $0.section == oldSection }.count
      let movedIn = movesIn.filter { $0.section == newSection }.count
      let movedOut = movesOut.filter { $0.section == oldSection }.count
      let after = newCounts[newSection].rows
      precondition(after == before + inserted - deleted + movedIn - movedOut,
        "Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an "
        + "existing section after the update (\(after)) must be equal to the number of rows contained in that "
        + "section before the update (\(before)), plus or minus the number of rows inserted or deleted from that "
        + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out).")
    }
    // Old index path → new index path for rows that stay.
    func newPath(for path: IndexPath) -> IndexPath? {
      if let move = updates.moves.first(where: { $0.from == path }) { return move.to }
      guard let section = sectionMap[path.section], !updates.reloadedSections.contains(path.section),
            !updates.deletedRows.contains(path), !movesOut.contains(path) else { return nil }
      // Position among the section's surviving rows, then step over insertions.
      let survivorsBefore = (0..<path.row).filter {
        let p = IndexPath(row: $0, section: path.section)
        return !updates.deletedRows.contains(p) && !movesOut.contains(p)
      }.count
      var row = -1
      var kept = -1
      while kept < survivorsBefore {
        row += 1
        let p = IndexPath(row: row, section: section)
        if !updates.insertedRows.contains(p) && !movesIn.contains(p) { kept += 1 }
      }
      return IndexPath(row: row, section: section)
    }
    // Re-query the layout.
    sections = newCounts.map(querySection)
    headerViewsToRefresh()
    computeOffsets()
    needsReload = false
    selected = selected.compactMap(newPath(for:))
    let animated = updates.animation != .none
    var kept: [IndexPath: UITableViewCell] = [:]
    var leaving: [(UITableViewCell, IndexPath)] = []
    for (path, cell) in visibleInOrder {
      if let target = newPath(for: path), !updates.reloadedRows.contains(path) {
        kept[target] = cell
      } else {
        leaving.append((cell, path))
      }
    }
    visible = kept
    let duration = UITableView.rowAnimationDuration
    for (cell, path) in leaving {
      if animated {
        UIView.animate(withDuration: duration, animations: { cell.alpha = 0 }, completion: { _ in
          cell.removeFromSuperview()
          cell.alpha = 1
        })
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        enqueueAfterAnimation(cell, duration: duration)
      } else {
        endDisplaying(cell, at: path)
      }
    }
    let wanted = Set(indexPathsForRows(in: bounds) ?? [])
    // Cells that stay move to their new rows.
    for (path, cell) in visibleInOrder {
      let frame = rectForRow(at: path)
      if animated { UIView.animate(withDuration: duration) { cell.frame = frame } } else { cell.frame = frame }
      cell.setSelected(selected.contains(path), animated: false)
    }
    for path in wanted.sorted() where visible[path] == nil {
      display(at: path)
      if animated, let cell = visible[path] {
        UIView.performWithoutAnimation { cell.alpha = 0 }
        UIView.animate(withDuration: duration) { cell.alpha = 1 }
      }
    }
    tiledOrigin = bounds.origin
    tileSupplementaries()
    setNeedsLayout()
    if let completion {
      if animated {
        simulation.schedule(at: simulation.now + duration) { completion(true) }
      } else {
        simulation.enqueue { completion(true) }
      }
    }
  }

  private func headerViewsToRefresh() {
    for view in shownSupplementaries { view.removeFromSuperview() }
    shownSupplementaries = []
  }

  private func enqueueAfterAnimation(_ cell: UITableViewCell, duration: TimeInterval) {
    simulation.schedule(at: simulation.now + duration) { [weak self] in self?.enqueue(cell) }
  }
}

/// The table view's own touch handling: a touch going down on a row
/// highlights it; lifting within 10 pt selects it; moving further (a
/// scroll or a swipe) unhighlights it and selects nothing.
final class TableSelectionRecognizer: UIGestureRecognizer {
  private var start = CGPoint.zero
  private var row: IndexPath?

  private var table: UITableView? { view as? UITableView }

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    start = point
    state = .possible
    guard let table else { return }
    row = table.userTouchedDown(at: table.convert(point, from: nil))
  }

  override func touchMoved(to point: CGPoint, time: TimeInterval) {
    super.touchMoved(to: point, time: time)
    guard state == .possible, hypot(point.x - start.x, point.y - start.y) > UIPanGestureRecognizer.hysteresis
    else { return }
    state = .failed
    if let row, let table { table.userTouchEnded(on: row) }
    row = nil
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    guard state == .possible, let row, let table else { return }
    self.row = nil
    state = .ended
    table.userTouchEnded(on: row)
    table.userTapped(rowAt: row)
  }

  override func touchCancelled() {
    super.touchCancelled()
    if let row, let table { table.userTouchEnded(on: row) }
    row = nil
    state = .cancelled
  }
}
