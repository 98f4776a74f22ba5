// UICollectionView
//
// A scroll view that shows the items its layout places, as cells its data
// source configures. Only the cells whose frames meet the visible rect
// exist as subviews; the others wait in a reuse pool per identifier.

import Foundation

/// A view of items laid out by a layout object, as UIKit's
/// `UICollectionView`.
///
/// The cells shown are kept in step with `contentOffset`: every change of
/// the bounds (scrolling) and every layout pass asks the layout for the
/// elements in the visible rect, makes (or dequeues) the cells that came
/// into it and moves those that left it to the reuse pool.
@MainActor @preconcurrency
open class UICollectionView: UIScrollView {
  /// Where `scrollToItem(at:at:animated:)` puts the item.
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    public static let left = ScrollPosition(rawValue: 1 << 3)
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    public static let right = ScrollPosition(rawValue: 1 << 5)
    public static let none = ScrollPosition([])
  }

  /// Creates a collection view with a layout.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    storedLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
    clipsToBounds = true
  }

  /// Collection views are not decoded from archives in the engine.
  public required init?(coder: NSCoder) {
    storedLayout = UICollectionViewFlowLayout()
    super.init(coder: coder)
    storedLayout.collectionView = self
    clipsToBounds = true
  }

  // MARK: - Layout, data source, delegate

  private var storedLayout: UICollectionViewLayout

  /// The layout; setting it lays the items out again at once.
  open var collectionViewLayout: UICollectionViewLayout {
    get { storedLayout }
    set { setCollectionViewLayout(newValue, animated: false) }
  }

  /// Changes the layout; `animated` moves the cells to their new frames
  /// over 0.3 s (engine choice).
  open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
    setCollectionViewLayout(layout, animated: animated, completion: nil)
  }

  /// Changes the layout, then calls `completion`.
  open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
    if storedLayout !== layout, storedLayout.collectionView === self { storedLayout.collectionView = nil }
    storedLayout = layout
    layout.collectionView = self
    layout.isPrepared = false
    relayout(animated: animated, completion: completion)
  }

  /// The object that supplies counts and cells (held weakly).
  open weak var dataSource: UICollectionViewDataSource? {
    didSet { countsAreCurrent = false; setNeedsLayout() }
  }

  /// The object told about scrolling, selection and display (held
  /// weakly): a `UICollectionViewDelegate`. UIKit redeclares the scroll
  /// view's `delegate` with that type; Swift cannot, so the property keeps
  /// the scroll view's type and the collection view reads it as its own.
  open override var delegate: UIScrollViewDelegate? {
    didSet { storedLayout.invalidateLayout() }
  }

  /// The delegate as a collection view's.
  var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

  /// A view behind every cell that fills the collection view and does not scroll.
  open var backgroundView: UIView? {
    didSet {
      if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
      if let backgroundView {
        insertSubview(backgroundView, at: 0)
        backgroundView.frame = bounds
      }
    }
  }

  /// Whether the user can select items (default true).
  open var allowsSelection = true
  /// Whether the user can select several items (default false).
  open var allowsMultipleSelection = false

  // MARK: - Registration and reuse

  private var cellClasses: [String: UICollectionViewCell.Type] = [:]
  private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
  private var cellPool: [String: [UICollectionViewCell]] = [:]
  private var supplementaryPool: [String: [UICollectionReusableView]] = [:]

  /// How many cells the collection view has made (not dequeued from the
  /// pool), for the benchmark and tests of reuse.
  package private(set) var cellsMade = 0

  /// Registers the class to make cells of for an identifier.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    if let cellClass = cellClass as? UICollectionViewCell.Type {
      cellClasses[identifier] = cellClass
    } else {
      cellClasses[identifier] = nil
    }
  }

  /// Registers the class to make supplementary views (headers, footers) of.
  open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
    let key = elementKind + "\u{0}" + identifier
    supplementaryClasses[key] = viewClass as? UICollectionReusableView.Type
  }

  /// A cell for the item at `indexPath`: one from the reuse pool (after its
  /// `prepareForReuse()`) or a new one of the registered class. Traps, as
  /// UIKit raises, when nothing is registered for the identifier.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
    if let reconfiguring = cellBeingReconfigured {
      cellBeingReconfigured = nil
      return reconfiguring
    }
    if var pool = cellPool[identifier], !pool.isEmpty {
      let cell = pool.removeLast()
      cellPool[identifier] = pool
      cell.isHidden = false
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = cellClasses[identifier] else {
      preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
    }
    // Made at the item's frame, so an initializer that sizes subviews from
    // `contentView.bounds` sees the cell's size.
    let cell = cellClass.init(engineReuseFrame: storedLayout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero)
    cell.reuseIdentifier = identifier
    cellsMade += 1
    return cell
  }

  /// A header or footer for `indexPath`, from the pool or new; traps when
  /// nothing is registered for the kind and identifier.
  open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionReusableView {
    let key = elementKind + "\u{0}" + identifier
    if var pool = supplementaryPool[key], !pool.isEmpty {
      let view = pool.removeLast()
      supplementaryPool[key] = pool
      view.prepareForReuse()
      return view
    }
    guard let viewClass = supplementaryClasses[key] else {
      preconditionFailure("could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
    }
    let view = viewClass.init(engineReuseFrame: storedLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)?.frame ?? .zero)
    view.reuseIdentifier = identifier
    return view
  }

  /// A cell handed back unchanged by the next dequeue (reconfiguring).
  var cellBeingReconfigured: UICollectionViewCell?

  // MARK: - Counts

  private var itemCounts: [Int] = []
  private var countsAreCurrent = false

  private func updateCountsIfNeeded() {
    guard !countsAreCurrent else { return }
    countsAreCurrent = true
    guard let dataSource else { itemCounts = []; return }
    let sections = dataSource.numberOfSections(in: self)
    itemCounts = (0..<max(sections, 0)).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
  }

  /// The number of sections, as the data source last said.
  open var numberOfSections: Int {
    updateCountsIfNeeded()
    return itemCounts.count
  }

  /// The number of items in a section, as the data source last said.
  open func numberOfItems(inSection section: Int) -> Int {
    updateCountsIfNeeded()
    guard itemCounts.indices.contains(section) else { return 0 }
    return itemCounts[section]
  }

  // MARK: - Visible cells

  private var visibleCellsByIndexPath: [IndexPath: UICollectionViewCell] = [:]
  /// The visible cells in index-path order: a dictionary's own order
  /// changes from run to run (Swift seeds its hashing per process), and
  /// the order cells go back to the reuse pool decides which cell the
  /// next item gets.
  private var visibleCellsInOrder: [(key: IndexPath, value: UICollectionViewCell)] {
    visibleCellsByIndexPath.sorted { $0.key < $1.key }
  }
  private var visibleSupplementaries: [SupplementaryKey: UICollectionReusableView] = [:]
  /// The visible supplementary views in index-path order (see `visibleCellsInOrder`).
  private var visibleSupplementariesInOrder: [(key: SupplementaryKey, value: UICollectionReusableView)] {
    visibleSupplementaries.sorted { ($0.key.indexPath, $0.key.kind) < ($1.key.indexPath, $1.key.kind) }
  }
  /// A rect whose elements stay loaded while an animated scroll runs.
  private var heldRect: CGRect?
  /// Cells that a batch update is animating (not pruned until it ends).
  private var updateAnimationsRunning = 0

  private struct SupplementaryKey: Hashable {
    let kind: String
    let indexPath: IndexPath
  }

  /// The cells on screen, in no particular order (as UIKit says).
  open var visibleCells: [UICollectionViewCell] {
    visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The index paths of the cells on screen.
  open var indexPathsForVisibleItems: [IndexPath] {
    visibleCellsByIndexPath.keys.sorted()
  }

  /// The cell of an item, or nil if the item is not visible (Apple: "The
  /// cell object at the corresponding index path. In versions of iOS
  /// earlier than iOS 15, this method returns nil if the cell isn't
  /// visible or if indexPath is out of range").
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    simulation.engineChose("UICollectionView.cellForItem(at:)")
    return visibleCellsByIndexPath[indexPath]
  }

  /// The index path of a visible cell, or nil.
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
    visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  /// The item at a point of the collection view's bounds (content
  /// coordinates), or nil.
  open func indexPathForItem(at point: CGPoint) -> IndexPath? {
    prepareLayout()
    let attributes = storedLayout.layoutAttributesForElements(in: CGRect(x: point.x, y: point.y, width: 1, height: 1)) ?? []
    return attributes.last { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
  }

  /// The layout's attributes for an item.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    prepareLayout()
    return storedLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The layout's attributes for a supplementary view.
  open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    prepareLayout()
    return storedLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The supplementary view on screen for a kind and index path, or nil.
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
    visibleSupplementaries[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
  }

  /// The supplementary views of a kind on screen.
  open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
    visibleSupplementaries.filter { $0.key.kind == elementKind }.sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
  }

  /// The index paths of the supplementary views of a kind on screen.
  open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
    visibleSupplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
  }

  // MARK: - Keeping the cells in step

  open override var bounds: CGRect {
    didSet {
      guard bounds != oldValue else { return }
      if bounds.size != oldValue.size || storedLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
        storedLayout.isPrepared = false
      }
      // Inside an animation block (an animated scroll), the cells between
      // the old and new offsets stay loaded until the animation ends, so
      // the screen never shows a gap while the content slides.
      let duration = UIView.inheritedAnimationDuration
      if duration > 0 {
        let old = oldValue
        heldRect = heldRect.map { $0.union(old) } ?? old
        let end = simulation.now + duration
        heldUntil = max(heldUntil, end)
        simulation.schedule(at: end) { [weak self] in
          guard let self, self.simulation.now >= self.heldUntil - Simulation.tolerance else { return }
          self.heldRect = nil
          self.syncVisibleElements()
        }
      }
      syncVisibleElements()
    }
  }
  private var heldUntil: TimeInterval = 0

  open override func layoutSubviews() {
    super.layoutSubviews()
    backgroundView?.frame = bounds
    syncVisibleElements()
  }

  /// Runs the layout's `prepare()` if it is due and updates the content size.
  private func prepareLayout() {
    updateCountsIfNeeded()
    guard !storedLayout.isPrepared else { return }
    storedLayout.prepareIfNeeded()
    let size = storedLayout.collectionViewContentSize
    if contentSize != size { contentSize = size }
  }

  /// Makes the cells of the elements in the visible rect, moves those that
  /// left it to the pool, and applies changed attributes to the rest.
  func syncVisibleElements() {
    guard dataSource != nil, !isSyncing else { return }
    isSyncing = true
    defer { isSyncing = false }
    prepareLayout()
    var rect = bounds
    if let heldRect { rect = rect.union(heldRect) }
    let attributes = storedLayout.layoutAttributesForElements(in: rect) ?? []
    var wantedCells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    var wantedSupplementaries: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
    for a in attributes {
      switch a.representedElementCategory {
      case .cell:
        if a.indexPath.section < itemCounts.count, a.indexPath.item < itemCounts[a.indexPath.section] {
          wantedCells[a.indexPath] = a
        }
      case .supplementaryView:
        if let kind = a.representedElementKind { wantedSupplementaries[SupplementaryKey(kind: kind, indexPath: a.indexPath)] = a }
      case .decorationView:
        break
      }
    }
    if updateAnimationsRunning == 0 {
      for (indexPath, cell) in visibleCellsInOrder where wantedCells[indexPath] == nil {
        endDisplaying(cell, at: indexPath)
      }
      for (key, view) in visibleSupplementariesInOrder where wantedSupplementaries[key] == nil {
        endDisplaying(view, key: key)
      }
    }
    for indexPath in wantedCells.keys.sorted() {
      let a = wantedCells[indexPath]!
      if let cell = visibleCellsByIndexPath[indexPath] {
        if let applied = cell.appliedAttributes, applied.looksLike(a) { continue }
        apply(a, to: cell)
      } else {
        display(itemAt: indexPath, attributes: a)
      }
    }
    for key in wantedSupplementaries.keys.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) {
      let a = wantedSupplementaries[key]!
      if let view = visibleSupplementaries[key] {
        if let applied = view.appliedAttributes, applied.looksLike(a) { continue }
        apply(a, to: view)
      } else if let dataSource {
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
        apply(a, to: view)
        if view.superview !== self { addSubview(view) }
        visibleSupplementaries[key] = view
        collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
      }
    }
  }
  private var isSyncing = false

  @discardableResult
  private func display(itemAt indexPath: IndexPath, attributes a: UICollectionViewLayoutAttributes) -> UICollectionViewCell? {
    guard let dataSource else { return nil }
    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    UIView.performWithoutAnimation {
      apply(a, to: cell)
      cell.isSelected = selectedIndexPaths.contains(indexPath)
      cell.isHighlighted = false
    }
    if cell.superview !== self {
      if let backgroundView, backgroundView.superview === self {
        insertSubview(cell, aboveSubview: backgroundView)
      } else {
        addSubview(cell)
      }
    }
    visibleCellsByIndexPath[indexPath] = cell
    collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
    return cell
  }

  private func endDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
    visibleCellsByIndexPath[indexPath] = nil
    cell.removeFromSuperview()
    cell.appliedAttributes = nil
    if let identifier = cell.reuseIdentifier { cellPool[identifier, default: []].append(cell) }
    collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
  }

  private func endDisplaying(_ view: UICollectionReusableView, key: SupplementaryKey) {
    visibleSupplementaries[key] = nil
    view.removeFromSuperview()
    view.appliedAttributes = nil
    if let identifier = view.reuseIdentifier { supplementaryPool[key.kind + "\u{0}" + identifier, default: []].append(view) }
    collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
  }

  /// Sets a view's geometry and appearance from attributes, then calls its
  /// `apply(_:)`.
  private func apply(_ a: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
    let attributes = (a.copy() as? UICollectionViewLayoutAttributes) ?? a
    view.bounds = CGRect(origin: view.bounds.origin, size: attributes.size)
    view.center = attributes.center
    view.transform = attributes.transform
    view.alpha = attributes.alpha
    view.isHidden = attributes.isHidden
    view.layer.zPosition = CGFloat(attributes.zIndex)
    view.appliedAttributes = attributes
    view.apply(attributes)
  }

  // MARK: - Reloading

  /// Forgets the counts and every cell; the items are asked for again on
  /// the next layout pass (Apple: "the collection view discards any
  /// currently visible items … and redisplays them").
  open func reloadData() {
    countsAreCurrent = false
    storedLayout.isPrepared = false
    for (indexPath, cell) in visibleCellsInOrder { endDisplaying(cell, at: indexPath) }
    for (key, view) in visibleSupplementariesInOrder { endDisplaying(view, key: key) }
    selectedIndexPaths = []
    setNeedsLayout()
  }

  /// Lays out again, optionally animating the cells to their new frames.
  private func relayout(animated: Bool, completion: ((Bool) -> Void)?) {
    prepareLayout()
    guard animated, window != nil else {
      syncVisibleElements()
      if let completion { simulation.enqueue { completion(true) } }
      return
    }
    updateAnimationsRunning += 1
    UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: {
      self.syncVisibleElements()
    }, completion: { finished in
      self.updateAnimationsRunning -= 1
      self.syncVisibleElements()
      completion?(finished)
    })
  }

  /// The duration of animated batch updates and layout changes: 0.3 s,
  /// ease-in-out (engine choice: UIKit documents none).
  static let updateAnimationDuration: TimeInterval = 0.3

  // MARK: - Selection

  private var selectedIndexPaths: [IndexPath] = []

  /// The selected items' index paths (nil when none, as UIKit returns).
  open var indexPathsForSelectedItems: [IndexPath]? {
    selectedIndexPaths.isEmpty ? nil : selectedIndexPaths
  }

  /// Selects an item (nil clears the selection) and scrolls to it; no
  /// delegate method is called (Apple: "This method doesn't cause any
  /// selection-related delegate methods to be called").
  open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {
    guard let indexPath else {
      for selected in selectedIndexPaths { setSelected(false, at: selected) }
      return
    }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths where selected != indexPath { setSelected(false, at: selected) }
    }
    setSelected(true, at: indexPath)
    if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects an item; no delegate method is called.
  open func deselectItem(at indexPath: IndexPath, animated: Bool) {
    setSelected(false, at: indexPath)
  }

  private func setSelected(_ selected: Bool, at indexPath: IndexPath) {
    if selected {
      if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
    } else {
      selectedIndexPaths.removeAll { $0 == indexPath }
    }
    visibleCellsByIndexPath[indexPath]?.isSelected = selected
  }

  // MARK: - Touches

  private lazy var selectionTracker: CollectionSelectionTracker = {
    let tracker = CollectionSelectionTracker(target: nil, action: nil)
    tracker.collectionView = self
    return tracker
  }()

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    if window != nil, selectionTracker.view == nil { addGestureRecognizer(selectionTracker) }
  }

  /// The item under a touch that went down (highlighted if allowed).
  private var touchedIndexPath: IndexPath?

  func touchDown(at windowPoint: CGPoint) {
    let point = convert(windowPoint, from: nil)
    guard let indexPath = indexPathForItem(at: point), let cell = visibleCellsByIndexPath[indexPath],
          allowsSelection else { touchedIndexPath = nil; return }
    touchedIndexPath = nil
    guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
    touchedIndexPath = indexPath
    cell.isHighlighted = true
    collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
  }

  func touchCancelled() {
    guard let indexPath = touchedIndexPath else { return }
    touchedIndexPath = nil
    visibleCellsByIndexPath[indexPath]?.isHighlighted = false
    collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
  }

  /// Touch-up over the touched item selects it (or, with multiple
  /// selection, toggles it), with the delegate's consent.
  func touchUp(at windowPoint: CGPoint) {
    guard let indexPath = touchedIndexPath else { return }
    touchedIndexPath = nil
    let point = convert(windowPoint, from: nil)
    let stillOver = indexPathForItem(at: point) == indexPath
    let alreadySelected = selectedIndexPaths.contains(indexPath)
    var select = false, deselect = false
    if stillOver {
      if allowsMultipleSelection && alreadySelected {
        deselect = collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
      } else {
        select = collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
      }
    }
    visibleCellsByIndexPath[indexPath]?.isHighlighted = false
    collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    if deselect {
      setSelected(false, at: indexPath)
      collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
    } else if select {
      if !allowsMultipleSelection {
        for other in selectedIndexPaths where other != indexPath {
          setSelected(false, at: other)
          collectionDelegate?.collectionView(self, didDeselectItemAt: other)
        }
      }
      setSelected(true, at: indexPath)
      collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }
  }

  // MARK: - Scrolling to an item

  /// Scrolls so the item is at `scrollPosition` (one vertical and one
  /// horizontal option at most), kept within the content.
  open func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
    var offset = contentOffset
    let inset = adjustedContentInset
    if scrollPosition.contains(.top) {
      offset.y = frame.minY - inset.top
    } else if scrollPosition.contains(.centeredVertically) {
      offset.y = frame.midY - inset.top - (bounds.height - inset.top - inset.bottom) / 2
    } else if scrollPosition.contains(.bottom) {
      offset.y = frame.maxY - bounds.height + inset.bottom
    }
    if scrollPosition.contains(.left) {
      offset.x = frame.minX - inset.left
    } else if scrollPosition.contains(.centeredHorizontally) {
      offset.x = frame.midX - inset.left - (bounds.width - inset.left - inset.right) / 2
    } else if scrollPosition.contains(.right) {
      offset.x = frame.maxX - bounds.width + inset.right
    }
    let maxX = max(-inset.left, contentSize.width + inset.right - bounds.width)
    let maxY = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
    // (0 - 0 is -0.0, which prints as such: start from the insets' zero.)
    offset.x = min(max(offset.x, inset.left == 0 ? 0 : -inset.left), maxX)
    offset.y = min(max(offset.y, inset.top == 0 ? 0 : -inset.top), maxY)
    if offset != contentOffset { setContentOffset(offset, animated: animated) }
  }

  // MARK: - Batch updates

  private var batch: BatchUpdate?

  /// Inserts items (animated, as a batch of one).
  open func insertItems(at indexPaths: [IndexPath]) {
    inBatch { $0.inserted += indexPaths }
  }

  /// Deletes items (animated, as a batch of one).
  open func deleteItems(at indexPaths: [IndexPath]) {
    inBatch { $0.deleted += indexPaths }
  }

  /// Moves an item (animated, as a batch of one).
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    inBatch { $0.moved.append((indexPath, newIndexPath)) }
  }

  /// Reloads items: their cells are asked for again.
  open func reloadItems(at indexPaths: [IndexPath]) {
    inBatch { $0.reloaded += indexPaths }
  }

  /// Reconfigures items: the data source configures their existing cells again.
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    prepareLayout()
    for indexPath in indexPaths {
      guard let cell = visibleCellsByIndexPath[indexPath], let dataSource else { continue }
      cellBeingReconfigured = cell
      _ = dataSource.collectionView(self, cellForItemAt: indexPath)
      cellBeingReconfigured = nil
    }
  }

  /// Inserts sections (as a batch of one; the engine reloads the sections' cells).
  open func insertSections(_ sections: IndexSet) {
    inBatch { $0.sectionsChanged = true }
  }

  /// Deletes sections (as a batch of one; the engine reloads the sections' cells).
  open func deleteSections(_ sections: IndexSet) {
    inBatch { $0.sectionsChanged = true }
  }

  /// Reloads sections.
  open func reloadSections(_ sections: IndexSet) {
    inBatch { batch in
      for section in sections {
        batch.reloaded += (0..<self.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: section) }
      }
    }
  }

  private func inBatch(_ change: (inout BatchUpdate) -> Void) {
    if batch != nil {
      change(&batch!)
    } else {
      runBatch({ change(&self.batch!) }, completion: nil)
    }
  }

  /// Runs `updates` (which change the data source and call the insert,
  /// delete, move and reload methods), checks the counts as UIKit does,
  /// and animates the cells to their new places over 0.3 s (engine
  /// choice); `completion` gets true when the animations end.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    runBatch(updates ?? {}, completion: completion)
  }

  private func runBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
    if batch != nil {
      updates()
      if let completion { simulation.enqueue { completion(true) } }
      return
    }
    updateCountsIfNeeded()
    prepareLayout()
    let oldCounts = itemCounts
    batch = BatchUpdate()
    updates()
    let update = batch!
    batch = nil
    countsAreCurrent = false
    updateCountsIfNeeded()
    if update.sectionsChanged || oldCounts.count != itemCounts.count {
      reloadData()
      if let completion { simulation.enqueue { completion(true) } }
      return
    }
    // UIKit's check: every section's new count is its old count plus the
    // insertions and minus the deletions (moves in and out counted).
    for section in oldCounts.indices {
      let inserted = update.inserted.filter { $0.section == section }.count
      let deleted = update.deleted.filter { $0.section == section }.count
      let movedIn = update.moved.filter { $0.1.section == section && $0.0.section != section }.count
      let movedOut = update.moved.filter { $0.0.section == section && $0.1.section != section }.count
      if itemCounts[section] != oldCounts[section] + inserted - deleted + movedIn - movedOut {
        preconditionFailure("Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(itemCounts[section])) must be equal to the number of items contained in that section before the update (\(oldCounts[section])), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
      }
    }
    let mapping = update.newIndexPaths(oldCounts: oldCounts, newCounts: itemCounts)
    // Selection follows the items.
    selectedIndexPaths = selectedIndexPaths.compactMap { mapping[$0] ?? nil }
    // Re-key the visible cells; deleted and reloaded ones leave.
    var survivors: [IndexPath: UICollectionViewCell] = [:]
    var leaving: [(IndexPath, UICollectionViewCell)] = []
    for (old, cell) in visibleCellsInOrder {
      if let new = mapping[old] ?? nil, !update.reloaded.contains(old) {
        survivors[new] = cell
      } else {
        leaving.append((old, cell))
      }
    }
    storedLayout.isPrepared = false
    let items = update.updateItems(mapping: mapping)
    prepareLayout()
    storedLayout.prepare(forCollectionViewUpdates: items)
    let animated = UIView.areAnimationsEnabled && window != nil
    visibleCellsByIndexPath = survivors
    let insertedSet = Set(update.inserted).union(update.reloaded.compactMap { mapping[$0] ?? nil })
    // Cells that appear because of the update start from the layout's
    // initial attributes (faded out at their place, by default).
    if animated {
      let rect = bounds
      for a in storedLayout.layoutAttributesForElements(in: rect) ?? [] where a.representedElementCategory == .cell {
        guard visibleCellsByIndexPath[a.indexPath] == nil, insertedSet.contains(a.indexPath),
              let initial = storedLayout.initialLayoutAttributesForAppearingItem(at: a.indexPath) else { continue }
        if let cell = display(itemAt: a.indexPath, attributes: initial) {
          cell.appliedAttributes = initial
        }
      }
    }
    let finish: (Bool) -> Void = { finished in
      for (old, cell) in leaving {
        cell.removeFromSuperview()
        cell.appliedAttributes = nil
        if let identifier = cell.reuseIdentifier { self.cellPool[identifier, default: []].append(cell) }
        self.collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: old)
      }
      self.storedLayout.finalizeCollectionViewUpdates()
      completion?(finished)
    }
    guard animated else {
      syncVisibleElements()
      finish(true)
      return
    }
    updateAnimationsRunning += 1
    UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: {
      for (old, cell) in leaving {
        let final = self.storedLayout.finalLayoutAttributesForDisappearingItem(at: old)
        if let final {
          self.apply(final, to: cell)
        } else {
          cell.alpha = 0
        }
      }
      self.syncVisibleElements()
    }, completion: { finished in
      self.updateAnimationsRunning -= 1
      finish(finished)
      self.syncVisibleElements()
    })
  }
}

// MARK: - Batch bookkeeping

/// The changes of one `performBatchUpdates` call.
struct BatchUpdate {
  var inserted: [IndexPath] = []
  var deleted: [IndexPath] = []
  var moved: [(IndexPath, IndexPath)] = []
  var reloaded: [IndexPath] = []
  var sectionsChanged = false

  /// Where each old item goes (nil: deleted), as UIKit resolves a batch:
  /// deletions and move sources leave, insertions and move destinations
  /// take their new index paths, and the other items fill the remaining
  /// places in order.
  func newIndexPaths(oldCounts: [Int], newCounts: [Int]) -> [IndexPath: IndexPath?] {
    var mapping: [IndexPath: IndexPath?] = [:]
    let deletedSet = Set(deleted)
    let movedFrom = Dictionary(moved.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    for section in oldCounts.indices {
      let taken = Set(inserted.filter { $0.section == section }.map(\.item))
        .union(moved.filter { $0.1.section == section }.map { $0.1.item })
      var next = 0
      for item in 0..<oldCounts[section] {
        let old = IndexPath(item: item, section: section)
        if deletedSet.contains(old) { mapping[old] = .some(nil); continue }
        if let destination = movedFrom[old] { mapping[old] = destination; continue }
        while taken.contains(next) { next += 1 }
        mapping[old] = IndexPath(item: next, section: section)
        next += 1
      }
    }
    return mapping
  }

  @MainActor
  func updateItems(mapping: [IndexPath: IndexPath?]) -> [UICollectionViewUpdateItem] {
    deleted.map { UICollectionViewUpdateItem(before: $0, after: nil, action: .delete) }
      + inserted.map { UICollectionViewUpdateItem(before: nil, after: $0, action: .insert) }
      + moved.map { UICollectionViewUpdateItem(before: $0.0, after: $0.1, action: .move) }
      + reloaded.map { UICollectionViewUpdateItem(before: $0, after: mapping[$0] ?? nil, action: .reload) }
  }
}

// MARK: - The selection tracker

/// The collection view's own recognizer: it highlights the item under a
/// touch that goes down and selects it when the finger lifts over it;
/// moving more than 10 pt (a scroll) cancels (engine choice).
final class CollectionSelectionTracker: UIGestureRecognizer {
  weak var collectionView: UICollectionView?
  private var start = CGPoint.zero
  private var cancelled = false

  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    start = point
    cancelled = false
    collectionView?.touchDown(at: point)
  }

  override func touchMoved(to point: CGPoint, time: TimeInterval) {
    super.touchMoved(to: point, time: time)
    if !cancelled, hypot(point.x - start.x, point.y - start.y) > 10 {
      cancelled = true
      collectionView?.touchCancelled()
    }
  }

  override func touchEnded(at point: CGPoint, time: TimeInterval) {
    super.touchEnded(at: point, time: time)
    if !cancelled { collectionView?.touchUp(at: point) }
  }

  override func touchCancelled() {
    super.touchCancelled()
    cancelled = true
    collectionView?.touchCancelled()
  }
}
