// UICollectionView.CellRegistration, UICollectionView.SupplementaryRegistration,
// UICollectionViewDiffableDataSource
//
// iOS 14's registrations (a cell class with its configuration handler)
// and iOS 13's diffable data source, which turns snapshots into the
// collection view's batch updates.

import Foundation

/// Registrations get reuse identifiers of their own, in creation order.
@MainActor private var registrationCounter = 0

extension UICollectionView {
  /// A cell class and the handler that configures its cells for an item.
  @MainActor @preconcurrency
  public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
    public typealias Handler = @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void
    let reuseIdentifier: String
    let handler: Handler

    /// A registration whose cells are made from `Cell`'s `init(frame:)`.
    public init(handler: @escaping Handler) {
      registrationCounter += 1
      reuseIdentifier = "CellRegistration-\(registrationCounter)-\(Cell.self)"
      self.handler = handler
    }
  }

  /// A supplementary view class, its kind and the handler that configures it.
  @MainActor @preconcurrency
  public struct SupplementaryRegistration<Supplementary> where Supplementary: UICollectionReusableView {
    public typealias Handler = @MainActor (_ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath) -> Void
    let reuseIdentifier: String
    let elementKind: String
    let handler: Handler

    /// A registration of views of `elementKind`.
    public init(elementKind: String, handler: @escaping Handler) {
      registrationCounter += 1
      reuseIdentifier = "SupplementaryRegistration-\(registrationCounter)-\(Supplementary.self)"
      self.elementKind = elementKind
      self.handler = handler
    }
  }

  /// Dequeues a cell of the registration's class (registering it the first
  /// time) and runs the registration's handler on it with the item.
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
    let cell = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as! Cell
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// Dequeues a supplementary view of the registration's class and kind
  /// and runs its handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
    using registration: UICollectionView.SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier)
    let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as! Supplementary
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}

/// A data source that shows snapshots, as UIKit's
/// `UICollectionViewDiffableDataSource`: `apply(_:animatingDifferences:)`
/// compares the new snapshot with the shown one and performs the
/// deletions, insertions and moves as one batch update (animated over
/// 0.3 s, the engine's choice, unless `animatingDifferences` is false).
@MainActor @preconcurrency
open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UICollectionViewDataSource
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  public typealias CellProvider = @MainActor (_ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType) -> UICollectionViewCell?
  public typealias SupplementaryViewProvider = @MainActor (_ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath) -> UICollectionReusableView?
  public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  private weak var collectionView: UICollectionView?
  private let cellProvider: CellProvider
  private var current = Snapshot()

  /// Provides headers and footers.
  open var supplementaryViewProvider: SupplementaryViewProvider?

  /// Becomes the collection view's data source (held weakly by it, as in
  /// UIKit: keep a reference).
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    super.init()
    collectionView.dataSource = self
  }

  /// A copy of the snapshot shown.
  open func snapshot() -> Snapshot { current }

  /// Shows a snapshot: the differences are animated as one batch update
  /// unless `animatingDifferences` is false; `completion` runs when they
  /// end (on a later run-loop turn).
  open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
    guard let collectionView else {
      current = snapshot
      return
    }
    let old = current
    if old.numberOfItems == 0 || old.sectionIdentifiers != snapshot.sectionIdentifiers || collectionView.window == nil {
      current = snapshot
      collectionView.reloadData()
      finishApplying(snapshot, in: collectionView, completion: completion)
      return
    }
    var deleted: [IndexPath] = []
    var inserted: [IndexPath] = []
    var moved: [(IndexPath, IndexPath)] = []
    var oldPaths: [ItemIdentifierType: IndexPath] = [:]
    var newPaths: [ItemIdentifierType: IndexPath] = [:]
    for (s, section) in old.sectionIdentifiers.enumerated() {
      for (i, item) in old.itemIdentifiers(inSection: section).enumerated() { oldPaths[item] = IndexPath(item: i, section: s) }
    }
    for (s, section) in snapshot.sectionIdentifiers.enumerated() {
      for (i, item) in snapshot.itemIdentifiers(inSection: section).enumerated() { newPaths[item] = IndexPath(item: i, section: s) }
    }
    for (item, path) in oldPaths where newPaths[item] == nil { deleted.append(path) }
    for (item, path) in newPaths where oldPaths[item] == nil { inserted.append(path) }
    // Items in both move when their order among the surviving items
    // changes (or their section does); the rest keep their order.
    for (s, section) in old.sectionIdentifiers.enumerated() {
      let survivorsOld = old.itemIdentifiers(inSection: section).filter { newPaths[$0] != nil }
      let survivorsNewHere = snapshot.itemIdentifiers(inSection: section).filter { oldPaths[$0] != nil }
      var rankNew: [ItemIdentifierType: Int] = [:]
      for (r, item) in survivorsNewHere.enumerated() { rankNew[item] = r }
      for (r, item) in survivorsOld.enumerated() {
        let to = newPaths[item]!
        if to.section != s || rankNew[item] != r { moved.append((oldPaths[item]!, to)) }
      }
    }
    let changes = { [self] in
      current = snapshot
      collectionView.deleteItems(at: deleted.sorted())
      collectionView.insertItems(at: inserted.sorted())
      for (from, to) in moved { collectionView.moveItem(at: from, to: to) }
    }
    let done: (Bool) -> Void = { [weak self] _ in
      guard let self else { return }
      self.finishApplying(snapshot, in: collectionView, completion: completion)
    }
    if animatingDifferences {
      collectionView.performBatchUpdates(changes, completion: done)
    } else {
      UIView.performWithoutAnimation { collectionView.performBatchUpdates(changes, completion: done) }
    }
  }

  private func finishApplying(_ snapshot: Snapshot, in collectionView: UICollectionView, completion: (() -> Void)?) {
    let reloaded = snapshot.reloadedItemIdentifiers.compactMap(indexPath(for:))
    let reconfigured = snapshot.reconfiguredItemIdentifiers.compactMap(indexPath(for:))
    if !reloaded.isEmpty { collectionView.reloadItems(at: reloaded) }
    if !reconfigured.isEmpty { collectionView.reconfigureItems(at: reconfigured) }
    if let completion { collectionView.simulation.enqueue { completion() } }
  }

  /// Shows a snapshot by reloading the collection view, without animation.
  open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    current = snapshot
    guard let collectionView else { return }
    collectionView.reloadData()
    if let completion { collectionView.simulation.enqueue { completion() } }
  }

  /// The item shown at an index path, or nil.
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2, let section = sectionIdentifier(for: indexPath.section) else { return nil }
    let items = current.itemIdentifiers(inSection: section)
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// The index path of an item, or nil.
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
          let s = current.indexOfSection(section),
          let i = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) else { return nil }
    return IndexPath(item: i, section: s)
  }

  /// The section at an index, or nil.
  open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The index of a section, or nil.
  open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  // MARK: UICollectionViewDataSource

  open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    guard let identifier = sectionIdentifier(for: section) else { return 0 }
    return current.numberOfItems(inSection: identifier)
  }

  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
      preconditionFailure("UICollectionViewDiffableDataSource: the cell provider returned nil for index path \(indexPath) (UIKit raises: a cell provider must return a cell)")
    }
    return cell
  }

  open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
    guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
      preconditionFailure("UICollectionViewDiffableDataSource: no supplementary view for kind \(kind) at \(indexPath): set supplementaryViewProvider")
    }
    return view
  }
}
