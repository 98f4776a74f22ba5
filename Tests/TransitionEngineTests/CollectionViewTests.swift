import Foundation
import Testing
import TransitionEngine

// UICollectionView and what it stands on: UIKit's IndexPath additions,
// NSDiffableDataSourceSnapshot, layouts, reuse, selection and updates.
// Each test asserts what Apple's documentation says (quoted beside it).

@Suite("Collection views")
struct CollectionViewTests {
  // MARK: - IndexPath

  // Apple, IndexPath(item:section:): "Initializes an index path with the
  // indexes of a specific item and section in a collection view."
  @Test func indexPathsForItemsAndRowsHoldTheSectionFirst() {
    let item = IndexPath(item: 3, section: 1)
    #expect(item.section == 1)
    #expect(item.item == 3)
    #expect(item.row == 3, "row and item both read the second index")
    #expect(Array(item) == [1, 3])
    var row = IndexPath(row: 2, section: 0)
    row.row = 5
    #expect(row == IndexPath(item: 5, section: 0))
    #expect(IndexPath(item: 0, section: 1) > IndexPath(item: 9, section: 0), "sections order first")
  }

  // MARK: - NSDiffableDataSourceSnapshot

  // Apple, appendItems(_:toSection:): "If you don't specify a section, the
  // system appends the items to the last section in the snapshot."
  @Test func snapshotAppendsToTheLastSectionUnlessTold() {
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2])
    snapshot.appendItems([3], toSection: "a")
    #expect(snapshot.sectionIdentifiers == ["a", "b"])
    #expect(snapshot.itemIdentifiers(inSection: "a") == [3])
    #expect(snapshot.itemIdentifiers(inSection: "b") == [1, 2])
    #expect(snapshot.itemIdentifiers == [3, 1, 2], "items in section order")
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.numberOfSections == 2)
    #expect(snapshot.numberOfItems(inSection: "b") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: 2) == "b")
    #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
    #expect(snapshot.indexOfItem(2) == 2, "an index across the whole snapshot")
    #expect(snapshot.indexOfItem(9) == nil)
    #expect(snapshot.indexOfSection("b") == 1)
  }

  // Apple: insertItems(_:beforeItem:), insertItems(_:afterItem:),
  // moveItem(_:beforeItem:)/(_:afterItem:), deleteItems(_:), deleteAllItems().
  @Test func snapshotInsertsMovesAndDeletesRelativeToItems() {
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["a", "d"], toSection: 0)
    snapshot.appendItems(["x"], toSection: 1)
    snapshot.insertItems(["b", "c"], beforeItem: "d")
    snapshot.insertItems(["y"], afterItem: "x")
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d", "x", "y"])
    snapshot.moveItem("a", afterItem: "y")
    snapshot.moveItem("d", beforeItem: "b")
    #expect(snapshot.itemIdentifiers(inSection: 0) == ["d", "b", "c"])
    #expect(snapshot.itemIdentifiers(inSection: 1) == ["x", "y", "a"])
    snapshot.deleteItems(["b", "x"])
    #expect(snapshot.itemIdentifiers == ["d", "c", "y", "a"])
    snapshot.deleteSections([0])
    #expect(snapshot.sectionIdentifiers == [1])
    #expect(snapshot.itemIdentifiers == ["y", "a"])
    snapshot.reloadItems(["y"])
    snapshot.reconfigureItems(["a"])
    #expect(snapshot.reloadedItemIdentifiers == ["y"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["a"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.numberOfSections == 0)
  }

  // Since iOS 15 an identifier already in the snapshot is moved into place
  // (UIKit's console: "Diffable data source detected an attempt to insert
  // or append … item identifiers that already exist in the snapshot. The
  // existing item identifiers will be moved into place instead").
  @Test func appendingAnItemAlreadyThereMovesIt() {
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["a", "b"], toSection: 0)
    snapshot.appendItems(["a"], toSection: 1)
    #expect(snapshot.itemIdentifiers(inSection: 0) == ["b"])
    #expect(snapshot.itemIdentifiers(inSection: 1) == ["a"])
    #expect(snapshot.numberOfItems == 2)
  }

  @Test func sectionsInsertAndMoveRelativeToSections() {
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["a", "c"])
    snapshot.insertSections(["b"], beforeSection: "c")
    snapshot.insertSections(["d"], afterSection: "c")
    snapshot.appendItems([1], toSection: "a")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "c", "d"])
    snapshot.moveSection("a", afterSection: "d")
    #expect(snapshot.sectionIdentifiers == ["b", "c", "d", "a"])
    #expect(snapshot.itemIdentifiers(inSection: "a") == [1], "a section moves with its items")
    snapshot.moveSection("a", beforeSection: "b")
    #expect(snapshot.indexOfSection("a") == 0)
    snapshot.reloadSections(["c"])
    #expect(snapshot.reloadedSectionIdentifiers == ["c"])
  }

  // MARK: - Flow layout

  // Apple, UICollectionViewFlowLayout: itemSize "The default size value is
  // (50.0, 50.0)"; minimumLineSpacing and minimumInteritemSpacing "The
  // default value of this property is 10.0".
  @Test func flowLayoutDefaults() {
    Simulation.run { _ in
      let layout = UICollectionViewFlowLayout()
      #expect(layout.itemSize == CGSize(width: 50, height: 50))
      #expect(layout.minimumLineSpacing == 10)
      #expect(layout.minimumInteritemSpacing == 10)
      #expect(layout.sectionInset == .zero)
      #expect(layout.scrollDirection == .vertical)
      #expect(layout.headerReferenceSize == .zero)
    }
  }

  // Apple, minimumInteritemSpacing: "This spacing is used to compute how
  // many items can fit in a single line, but after the number of items is
  // determined, the actual spacing may possibly be adjusted upward."
  // minimumLineSpacing: "This spacing is not applied to the space between
  // the header and the first line or between the last line and the footer."
  @Test func flowLayoutFillsLinesAndSpreadsTheLeftoverWidth() {
    Simulation.run { _ in
      let grid = Grid(count: 7)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 90, height: 90)
      layout.minimumInteritemSpacing = 10
      layout.minimumLineSpacing = 5
      layout.sectionInset = UIEdgeInsets(top: 8, left: 10, bottom: 12, right: 10)
      layout.headerReferenceSize = CGSize(width: 0, height: 30)
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      // 300 points inside the insets: three 90s fit with 10 between (290);
      // the 10 left over widens the two gaps to 15.
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 10, y: 38, width: 90, height: 90))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 115, y: 38, width: 90, height: 90))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 220, y: 38, width: 90, height: 90))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == 133, "\(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame.minY - 133)")
      // A line of one item is centred.
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame == CGRect(x: 115, y: 38 + 2 * 95, width: 90, height: 90))
      #expect(view.contentSize == CGSize(width: 320, height: 30 + 8 + 3 * 90 + 2 * 5 + 12))
      let header = view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
      #expect(header?.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
      #expect(header?.representedElementCategory == .supplementaryView)
    }
  }

  // Apple, scrollDirection: for a horizontal layout lines are columns.
  @Test func horizontalFlowLayoutFillsColumns() {
    Simulation.run { _ in
      let grid = Grid(count: 5)
      let layout = UICollectionViewFlowLayout()
      layout.scrollDirection = .horizontal
      layout.itemSize = CGSize(width: 100, height: 40)
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 100))
      // Two 40s fit in 100 with at least 10 between; the gap grows to 20.
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 100, height: 40))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 0, y: 60, width: 100, height: 40))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 110, y: 0, width: 100, height: 40))
      #expect(view.contentSize == CGSize(width: 320, height: 100))
    }
  }

  // Apple, collectionView(_:layout:sizeForItemAt:): "If you do not
  // implement this method, the flow layout uses the values in its itemSize
  // property"; implemented, its size wins.
  @Test func flowLayoutAsksTheDelegateForSizes() {
    Simulation.run { _ in
      let grid = Grid(count: 2)
      grid.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 320, height: 100)]
      let view = grid.collectionView(layout: UICollectionViewFlowLayout(), frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 135, y: 110, width: 50, height: 50))
    }
  }

  // MARK: - Cells, reuse and scrolling

  // Apple, dequeueReusableCell: "If an existing cell is available … the
  // collection view calls the cell's prepareForReuse() method"; cellForItem(at:):
  // nil "if the cell isn't visible".
  @Test func scrollingReusesCellsThatLeftTheVisibleRect() {
    Simulation.run { sim in
      let grid = Grid(count: 100)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      layout.minimumLineSpacing = 0
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 300), inWindow: true)
      sim.advance(by: 0)
      #expect(view.indexPathsForVisibleItems.count == 9, "three rows of three")
      #expect(view.visibleCells.count == 9)
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) != nil)
      #expect(view.cellForItem(at: IndexPath(item: 50, section: 0)) == nil, "not visible")
      #expect(grid.willDisplay.count == 9)
      let first = view.cellForItem(at: IndexPath(item: 0, section: 0))!
      view.contentOffset = CGPoint(x: 0, y: 1000)
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
      #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 30, section: 0))
      #expect(view.indexPathsForVisibleItems.count == 9)
      #expect(grid.didEndDisplaying.contains(IndexPath(item: 0, section: 0)))
      #expect(view.indexPath(for: first) != IndexPath(item: 0, section: 0), "its cell went to the pool and shows another item")
      #expect(grid.cellsPrepared > 0, "cells from the pool were prepared for reuse")
      // Scrolling all the way makes no more cells than fit on screen (plus
      // the row half-way in).
      for y in stride(from: 0, through: 3000, by: 17) { view.contentOffset = CGPoint(x: 0, y: CGFloat(y)) }
      #expect(grid.cellsMade <= 12)
      #expect(view.indexPath(for: view.visibleCells[0]) == view.indexPathsForVisibleItems[0])
      #expect(view.indexPathForItem(at: CGPoint(x: 150, y: 1050)) == IndexPath(item: 31, section: 0))
      #expect(view.indexPathForItem(at: CGPoint(x: 105, y: 1050)) == nil, "between items")
    }
  }

  // Apple, UICollectionView.ScrollPosition; scrollToItem(at:at:animated:).
  @Test func scrollToItemPutsTheItemWhereAsked() {
    Simulation.run { sim in
      let grid = Grid(count: 100)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      layout.minimumLineSpacing = 0
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 300), inWindow: true)
      sim.advance(by: 0)
      let item = IndexPath(item: 30, section: 0)  // row 10: y 1000…1100
      view.scrollToItem(at: item, at: .top, animated: false)
      #expect(view.contentOffset.y == 1000)
      view.scrollToItem(at: item, at: .centeredVertically, animated: false)
      #expect(view.contentOffset.y == 900)
      view.scrollToItem(at: item, at: .bottom, animated: false)
      #expect(view.contentOffset.y == 800)
      view.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
      #expect(view.contentOffset.y == 3100, "kept within the content: \(view.contentOffset.y - 3100), \(view.contentSize)")
      #expect(view.cellForItem(at: IndexPath(item: 99, section: 0)) != nil)
      view.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: true)
      sim.advance(by: 0.15)
      #expect(view.cellForItem(at: IndexPath(item: 45, section: 0)) != nil, "cells in between stay while the scroll animates")
      sim.runUntilIdle()
      #expect(view.cellForItem(at: IndexPath(item: 45, section: 0)) == nil)
      #expect(view.indexPathsForVisibleItems.count == 9)
    }
  }

  // MARK: - Selection

  // Apple, UICollectionViewDelegate ("Managing the selected cells"): a tap
  // asks shouldHighlight, highlights, then on touch-up asks shouldSelect
  // and selects; selectItem(at:animated:scrollPosition:) "doesn't cause any
  // selection-related delegate methods to be called".
  @Test func aTapHighlightsThenSelectsOnTouchUp() {
    Simulation.run { sim in
      let grid = Grid(count: 9)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 400), inWindow: true)
      sim.advance(by: 0)
      view.window!.tap(at: CGPoint(x: 160, y: 50))
      #expect(grid.events == ["shouldHighlight 1", "didHighlight 1", "shouldSelect 1", "didUnhighlight 1", "didSelect 1"])
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isHighlighted == false)
      grid.events = []
      view.window!.tap(at: CGPoint(x: 50, y: 50))
      #expect(grid.events.contains("didDeselect 1"), "single selection deselects the other item")
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
      grid.events = []
      view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
      view.deselectItem(at: IndexPath(item: 2, section: 0), animated: false)
      #expect(grid.events.isEmpty)
      #expect(view.indexPathsForSelectedItems == nil, "selectItem replaced item 0, deselectItem removed item 2")
      grid.refusesHighlight = true
      view.window!.tap(at: CGPoint(x: 50, y: 50))
      #expect(grid.events == ["shouldHighlight 0"])
      #expect(view.indexPathsForSelectedItems == nil)
    }
  }

  @Test func multipleSelectionTogglesAndDisabledSelectionIgnoresTaps() {
    Simulation.run { sim in
      let grid = Grid(count: 9)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 400), inWindow: true)
      view.allowsMultipleSelection = true
      sim.advance(by: 0)
      view.window!.tap(at: CGPoint(x: 50, y: 50))
      view.window!.tap(at: CGPoint(x: 160, y: 50))
      #expect(view.indexPathsForSelectedItems?.count == 2)
      view.window!.tap(at: CGPoint(x: 50, y: 50))
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
      view.allowsMultipleSelection = false
      view.allowsSelection = false
      grid.events = []
      view.window!.tap(at: CGPoint(x: 270, y: 50))
      #expect(grid.events.isEmpty)
    }
  }

  // MARK: - Updates

  // Apple, performBatchUpdates(_:completion:): "Animates multiple insert,
  // delete, reload, and move operations as a group"; the completion's
  // Boolean says whether the animations finished.
  @Test func batchUpdatesMoveCellsToTheirNewPlacesOnTheClock() {
    Simulation.run { sim in
      let grid = Grid(count: 6)
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      let view = grid.collectionView(layout: layout, frame: CGRect(x: 0, y: 0, width: 320, height: 400), inWindow: true)
      sim.advance(by: 0)
      let second = view.cellForItem(at: IndexPath(item: 1, section: 0))!
      var finished: Bool?
      view.performBatchUpdates({
        grid.count = 5
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: { finished = $0 })
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === second, "the cell follows its item")
      #expect(second.frame.minX == 0, "the model is at the new place at once")
      sim.advance(by: 0.15)
      let shownX = shown(second).position.x
      #expect(shownX > 50 && shownX < 160, "half-way, it is between its old and new places")
      #expect(finished == nil)
      sim.runUntilIdle()
      #expect(finished == true)
      #expect(view.numberOfItems(inSection: 0) == 5)
      #expect(view.visibleCells.count == 5)
    }
  }


  // MARK: - Diffable data source and registrations

  // Apple, apply(_:animatingDifferences:completion:): "The diffable data
  // source computes the difference between the current state and the new
  // state … and updates the UI."
  @Test func diffableDataSourceShowsSnapshotsAndFindsItems() {
    Simulation.run { sim in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
      window.makeKeyAndVisible()
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
      window.addSubview(view)
      var configured: [String] = []
      let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { cell, _, item in
        configured.append(item)
        cell.backgroundColor = .red
      }
      let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { collectionView, indexPath, item in
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
      }
      var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections([0])
      snapshot.appendItems(["a", "b", "c"])
      dataSource.apply(snapshot, animatingDifferences: false)
      sim.advance(by: 0)
      #expect(configured == ["a", "b", "c"])
      #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "b")
      #expect(dataSource.indexPath(for: "c") == IndexPath(item: 2, section: 0))
      #expect(dataSource.snapshot().itemIdentifiers == ["a", "b", "c"])
      let cellC = view.cellForItem(at: IndexPath(item: 2, section: 0))
      snapshot.deleteItems(["a"])
      snapshot.appendItems(["d"])
      var done = false
      dataSource.apply(snapshot) { done = true }
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === cellC, "c moved up with its cell")
      #expect(dataSource.indexPath(for: "d") == IndexPath(item: 2, section: 0))
      sim.runUntilIdle()
      #expect(done)
      #expect(configured == ["a", "b", "c", "d"])
      snapshot.reconfigureItems(["b"])
      dataSource.apply(snapshot, animatingDifferences: false)
      sim.runUntilIdle()
      #expect(configured.last == "b", "reconfiguring runs the handler on the existing cell")
      #expect(view.visibleCells.count == 3)
    }
  }

  // MARK: - Compositional layout

  // Apple, NSCollectionLayoutDimension.fractionalWidth: "a dimension
  // computed as a fraction of the width of the containing group";
  // horizontal(layoutSize:subitem:count:): "the group … with the specified
  // number of items … evenly spaced".
  @Test func compositionalLayoutPlacesGridsAndLists() {
    Simulation.run { _ in
      let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
      item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
      let row = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [item])
      let section = NSCollectionLayoutSection(group: row)
      section.interGroupSpacing = 4
      section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
      let grid = Grid(count: 7)
      let view = grid.collectionView(layout: UICollectionViewCompositionalLayout(section: section), frame: CGRect(x: 0, y: 0, width: 300, height: 600))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 1, y: 11, width: 98, height: 118))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 201, y: 11, width: 98, height: 118))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 1, y: 135, width: 98, height: 118))
      #expect(view.contentSize == CGSize(width: 300, height: 10 + 3 * 120 + 2 * 4 + 10))

      let cell = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
      let pair = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitem: cell, count: 2)
      pair.interItemSpacing = .fixed(10)
      let list = UICollectionViewCompositionalLayout { _, environment in
        #expect(environment.container.contentSize.width == 300)
        return NSCollectionLayoutSection(group: pair)
      }
      view.collectionViewLayout = list
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 155, y: 0, width: 145, height: 44))
      #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 0, y: 44, width: 145, height: 44))
    }
  }

  // MARK: - Controller and cell

  // Apple, UICollectionViewController: "the collection view controller …
  // sets the data source and delegate of the collection view to itself";
  // clearsSelectionOnViewWillAppear: "The default value of this property is true."
  @Test func collectionViewControllerOwnsItsCollectionView() {
    Simulation.run { _ in
      let controller = UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout())
      #expect(controller.collectionView.dataSource === controller)
      #expect(controller.collectionView.delegate === controller)
      #expect(controller.view === controller.collectionView)
      #expect(controller.clearsSelectionOnViewWillAppear)
      #expect(controller.collectionViewLayout is UICollectionViewFlowLayout)
    }
  }

  // Apple, selectedBackgroundView: "The view … is placed above the
  // background view and behind all other content … when the cell is selected."
  @Test func cellsShowTheSelectedBackgroundOnlyWhenSelectedOrHighlighted() {
    Simulation.run { _ in
      let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
      #expect(cell.contentView.frame == cell.bounds)
      let background = UIView()
      let selected = UIView()
      cell.backgroundView = background
      cell.selectedBackgroundView = selected
      #expect(cell.subviews.first === background)
      #expect(selected.superview == nil)
      cell.isSelected = true
      #expect(cell.subviews.map(ObjectIdentifier.init) == [background, selected, cell.contentView].map(ObjectIdentifier.init))
      #expect(selected.frame == cell.bounds)
      cell.isSelected = false
      #expect(selected.superview == nil)
      cell.isHighlighted = true
      #expect(selected.superview === cell)
    }
  }
}

// MARK: - A data source and delegate that records what it is asked

private final class Grid: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
  var count: Int
  var sizes: [IndexPath: CGSize] = [:]
  var events: [String] = []
  var willDisplay: [IndexPath] = []
  var didEndDisplaying: [IndexPath] = []
  var refusesHighlight = false
  var cellsMade = 0
  var cellsPrepared = 0

  init(count: Int) { self.count = count }

  final class Cell: UICollectionViewCell {
    var onPrepare: (() -> Void)?
    override func prepareForReuse() {
      super.prepareForReuse()
      onPrepare?()
    }
  }

  func collectionView(layout: UICollectionViewLayout, frame: CGRect, inWindow: Bool = false) -> UICollectionView {
    let view = UICollectionView(frame: frame, collectionViewLayout: layout)
    view.register(Cell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    view.delegate = self
    if inWindow {
      let window = UIWindow(frame: frame)
      window.makeKeyAndVisible()
      window.addSubview(view)
    }
    return view
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! Cell
    if cell.onPrepare == nil {
      cellsMade += 1
      cell.onPrepare = { [weak self] in self?.cellsPrepared += 1 }
    }
    return cell
  }

  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
    sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
  }

  func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    willDisplay.append(indexPath)
  }
  func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    didEndDisplaying.append(indexPath)
  }
  func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    events.append("shouldHighlight \(indexPath.item)")
    return !refusesHighlight
  }
  func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { events.append("didHighlight \(indexPath.item)") }
  func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { events.append("didUnhighlight \(indexPath.item)") }
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    events.append("shouldSelect \(indexPath.item)")
    return true
  }
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { events.append("didSelect \(indexPath.item)") }
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { events.append("didDeselect \(indexPath.item)") }
}
