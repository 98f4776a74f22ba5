// UITableViewDiffableDataSource: a table's data source fed with snapshots;
// applying one works out which sections and rows were inserted, deleted or
// reloaded and has the table update them.

/// A table view data source that takes its sections and rows from
/// `NSDiffableDataSourceSnapshot`s, as UIKit's.
///
/// `apply(_:animatingDifferences:completion:)` compares the new snapshot
/// with the current one by identifier and sends the table the deleted and
/// inserted sections, the deleted and inserted rows and the reloaded and
/// reconfigured rows as one batch, with `defaultRowAnimation` (or `.none`
/// when not animating). Items that stay but change order among themselves
/// are not moved one by one: the table reloads its data instead (the
/// engine's simplification).
@MainActor @preconcurrency
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UITableViewDataSource
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
  /// Makes the cell of a row for its item.
  public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

  private weak var tableView: UITableView?
  private let cellProvider: CellProvider
  private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// The animation of the rows `apply` inserts, deletes and reloads (`.automatic` by default).
  open var defaultRowAnimation: UITableView.RowAnimation = .automatic

  /// A data source for `tableView` (it becomes the table's data source) that makes cells with `cellProvider`.
  public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    super.init()
    tableView.dataSource = self
  }

  /// A copy of the data the table shows.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

  /// Shows `snapshot`, updating the table by the differences (animated
  /// with `defaultRowAnimation`, or not at all); `completion` runs when the
  /// update is done.
  open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                  animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
    let old = current
    current = snapshot
    guard let tableView else {
      completion?()
      return
    }
    guard let changes = Self.changes(from: old, to: snapshot) else {
      tableView.reloadData()
      if let completion { tableView.simulation.enqueue(completion) }
      return
    }
    let animation = animatingDifferences ? defaultRowAnimation : .none
    tableView.performBatchUpdates({
      if !changes.deletedSections.isEmpty { tableView.deleteSections(changes.deletedSections, with: animation) }
      if !changes.insertedSections.isEmpty { tableView.insertSections(changes.insertedSections, with: animation) }
      if !changes.deletedRows.isEmpty { tableView.deleteRows(at: changes.deletedRows, with: animation) }
      if !changes.insertedRows.isEmpty { tableView.insertRows(at: changes.insertedRows, with: animation) }
      if !changes.reloadedRows.isEmpty { tableView.reloadRows(at: changes.reloadedRows, with: animation) }
    }, completion: { _ in completion?() })
  }

  /// Shows `snapshot` by reloading the table's data, without animation.
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    current = snapshot
    tableView?.reloadData()
    if let completion, let tableView { tableView.simulation.enqueue(completion) } else { completion?() }
  }

  /// The item of a row, or nil.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    let sections = current.sectionIdentifiers
    guard sections.indices.contains(indexPath.section) else { return nil }
    let items = current.itemIdentifiers(inSection: sections[indexPath.section])
    return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
  }

  /// The row of an item, or nil.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
          let s = current.indexOfSection(section),
          let row = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) else { return nil }
    return IndexPath(row: row, section: s)
  }

  /// The section identifier at an index, or nil.
  open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    let sections = current.sectionIdentifiers
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The index of a section identifier, or nil.
  open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  // MARK: UITableViewDataSource

  open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    guard let identifier = sectionIdentifier(for: section) else { return 0 }
    return current.numberOfItems(inSection: identifier)
  }

  /// The cell the provider makes; a nil cell traps, as UIKit raises.
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
      preconditionFailure("UITableView dataSource returned a nil cell for row at index path: \(indexPath)")
    }
    return cell
  }

  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

  // MARK: Differences

  private struct Changes {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
  }

  /// The changes from `old` to `new`, or nil when kept sections or kept
  /// items change order (the caller reloads instead).
  private static func changes(
    from old: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) -> Changes? {
    var changes = Changes()
    let oldSections = old.sectionIdentifiers, newSections = new.sectionIdentifiers
    let newSet = Set(newSections), oldSet = Set(oldSections)
    for (i, s) in oldSections.enumerated() where !newSet.contains(s) { changes.deletedSections.insert(i) }
    for (i, s) in newSections.enumerated() where !oldSet.contains(s) { changes.insertedSections.insert(i) }
    let keptSections = newSections.filter(oldSet.contains)
    guard keptSections == oldSections.filter(newSet.contains) else { return nil }
    for section in keptSections {
      let oldItems = old.itemIdentifiers(inSection: section), newItems = new.itemIdentifiers(inSection: section)
      let oldIndex = old.indexOfSection(section)!, newIndex = new.indexOfSection(section)!
      let oldItemSet = Set(oldItems), newItemSet = Set(newItems)
      guard newItems.filter(oldItemSet.contains) == oldItems.filter(newItemSet.contains) else { return nil }
      for (row, item) in oldItems.enumerated() where !newItemSet.contains(item) {
        changes.deletedRows.append(IndexPath(row: row, section: oldIndex))
      }
      for (row, item) in newItems.enumerated() where !oldItemSet.contains(item) {
        changes.insertedRows.append(IndexPath(row: row, section: newIndex))
      }
      for (row, item) in oldItems.enumerated()
      where new.reloadedItemIdentifiers.contains(item) || new.reconfiguredItemIdentifiers.contains(item) {
        if newItemSet.contains(item) { changes.reloadedRows.append(IndexPath(row: row, section: oldIndex)) }
      }
    }
    return changes
  }
}
