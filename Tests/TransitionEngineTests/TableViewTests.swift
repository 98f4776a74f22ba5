import Testing
@testable import TransitionEngine

// UITableView, UITableViewCell, UIListContentConfiguration and
// UITableViewController: each test asserts a sentence of Apple's
// documentation (quoted) or a choice the ledger marks as the engine's.

/// A data source and delegate that records what the table asks and says.
@MainActor @preconcurrency
private final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
  var counts: [Int]
  var titles: [Int: String] = [:]
  var heights: [IndexPath: CGFloat]?
  var refuse: Set<IndexPath> = []
  var log: [String] = []
  var prepared = 0

  init(_ counts: [Int]) { self.counts = counts; super.init() }

  func numberOfSections(in tableView: UITableView) -> Int { counts.count }
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
    return cell
  }
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles[section] }
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append("willSelect \(indexPath.row)")
    return refuse.contains(indexPath) ? nil : indexPath
  }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append("willDeselect \(indexPath.row)")
    return indexPath
  }
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.row)") }
}

/// A cell class as apps write them: an override of the designated initializer.
private final class CountingCell: UITableViewCell {
  static var made = 0
  var reused = 0
  let badge = UILabel()

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    CountingCell.made += 1
    contentView.addSubview(badge)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func prepareForReuse() {
    super.prepareForReuse()
    reused += 1
  }
}

private var rowsKey: UInt8 = 0

/// A table of `counts` rows in a 320 × 480 window.
private func table(_ counts: [Int], style: UITableView.Style = .plain, cell: AnyClass = UITableViewCell.self,
                   in sim: Simulation) -> (UITableView, Rows, UIWindow) {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
  let table = UITableView(frame: window.bounds, style: style)
  let rows = Rows(counts)
  table.register(cell, forCellReuseIdentifier: "row")
  table.dataSource = rows
  table.delegate = rows
  // The table holds its data source weakly, as UIKit's does: keep it alive with the table.
  objc_setAssociatedObject(table, &rowsKey, rows, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  window.addSubview(table)
  window.makeKeyAndVisible()
  sim.advance(by: 0)
  return (table, rows, window)
}

@Suite("UITableView")
struct TableViewTests {
  @Test func rowHeightDefaultsToAutomaticDimensionWhichLaysOutFortyFourPointRows() {
    Simulation.run { sim in
      let (table, _, _) = table([20], in: sim)
      // "The default value of this property is automaticDimension."
      #expect(table.rowHeight == UITableView.automaticDimension)
      // Engine's choice: a cell that does not size itself is 44 pt high.
      #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 320, height: 44))
      #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 132, width: 320, height: 44))
      #expect(table.contentSize == CGSize(width: 320, height: 880))
      #expect(table.numberOfSections == 1)
      #expect(table.numberOfRows(inSection: 0) == 20)
    }
  }

  @Test func theDelegatesRowHeightWinsOverRowHeight() {
    Simulation.run { sim in
      final class Tall: NSObject, UITableViewDataSource, UITableViewDelegate {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
          CGFloat(60 + 10 * indexPath.row)
        }
      }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      let tableView = UITableView(frame: window.bounds, style: .plain)
      let tall = Tall()
      tableView.rowHeight = 50
      tableView.dataSource = tall
      tableView.delegate = tall
      window.addSubview(tableView)
      window.makeKeyAndVisible()
      sim.advance(by: 0)
      // "The table view ignores the value of this property if its delegate
      // implements the tableView(_:heightForRowAt:) method."
      #expect(tableView.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 130, width: 320, height: 80))
      #expect(tableView.contentSize.height == 210)
    }
  }

  @Test func sectionsStackHeadersRowsAndFootersAndTitlesMakeHeaders() {
    Simulation.run { sim in
      let (tableView, rows, _) = table([2, 3], style: .grouped, in: sim)
      rows.titles = [0: "General"]
      tableView.reloadData()
      tableView.layoutIfNeeded()
      // Engine's heights for automaticDimension headers and footers in a
      // grouped table: 38 pt with a title, 18 pt without.
      #expect(tableView.rectForHeader(inSection: 0).height == 38)
      #expect(tableView.rectForFooter(inSection: 0).height == 18)
      #expect(tableView.rect(forSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 144))
      #expect(tableView.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 162)
      #expect(tableView.headerView(forSection: 0)?.textLabel?.text == "GENERAL")
      // An explicit height is used as given.
      tableView.sectionHeaderHeight = 10
      tableView.layoutIfNeeded()
      #expect(tableView.rectForHeader(inSection: 1).height == 10)
    }
  }

  @Test func cellForRowIsNilUntilVisibleAndScrollingReusesCells() {
    Simulation.run { sim in
      CountingCell.made = 0
      let (tableView, _, _) = table([100], cell: CountingCell.self, in: sim)
      // 480 / 44: rows 0…10 meet the bounds.
      #expect(tableView.indexPathsForVisibleRows == (0...10).map { IndexPath(row: $0, section: 0) })
      #expect(tableView.visibleCells.count == 11)
      #expect(tableView.visibleCells.allSatisfy { $0 is CountingCell }, "the registered class's init(style:reuseIdentifier:) ran")
      #expect(CountingCell.made == 11)
      // "nil if the cell isn't visible or indexPath is out of range."
      #expect(tableView.cellForRow(at: IndexPath(row: 40, section: 0)) == nil)
      tableView.contentOffset = CGPoint(x: 0, y: 44 * 40)
      tableView.layoutIfNeeded()
      let cell = tableView.cellForRow(at: IndexPath(row: 40, section: 0))
      #expect(cell?.textLabel?.text == "Row 0.40")
      #expect(cell?.frame == CGRect(x: 0, y: 1760, width: 320, height: 44))
      #expect(CountingCell.made == 11, "the cells that left the bounds were reused")
      #expect(tableView.visibleCells.compactMap { $0 as? CountingCell }.allSatisfy { $0.reused == 1 },
              "prepareForReuse runs before the table hands a cell out again")
      #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
      #expect(tableView.indexPath(for: cell!) == IndexPath(row: 40, section: 0))
      #expect(tableView.indexPathForRow(at: CGPoint(x: 10, y: 1760 + 5)) == IndexPath(row: 40, section: 0))
    }
  }

  @Test func dequeueWithoutARegisteredClassGivesNil() {
    Simulation.run { _ in
      let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
      // dequeueReusableCell(withIdentifier:): "nil if no cell is available for reuse".
      #expect(tableView.dequeueReusableCell(withIdentifier: "nothing") == nil)
    }
  }

  @Test func aTapSelectsTheRowWhenTheFingerLifts() {
    Simulation.run { sim in
      let (tableView, rows, window) = table([10], in: sim)
      window.tap(at: CGPoint(x: 100, y: 44 * 2 + 10))
      // tableView(_:willSelectRowAt:): "This method isn't called until users
      // touch a row and then lift their finger".
      #expect(rows.log == ["willSelect 2", "didSelect 2"])
      #expect(tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
      #expect(tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
      rows.log = []
      window.tap(at: CGPoint(x: 100, y: 44 * 5 + 10))
      #expect(rows.log == ["willSelect 5", "willDeselect 2", "didDeselect 2", "didSelect 5"])
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
      #expect(tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
    }
  }

  @Test func willSelectReturningNilSelectsNothingAndADragSelectsNothing() {
    Simulation.run { sim in
      let (tableView, rows, window) = table([10], in: sim)
      rows.refuse = [IndexPath(row: 1, section: 0)]
      window.tap(at: CGPoint(x: 100, y: 44 + 10))
      // "Return nil if you don't want the row selected."
      #expect(rows.log == ["willSelect 1"])
      #expect(tableView.indexPathForSelectedRow == nil)
      rows.log = []
      window.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 300), duration: 0.2)
      #expect(rows.log == [])
      tableView.allowsSelection = false
      window.tap(at: CGPoint(x: 100, y: 10))
      #expect(rows.log == [] && tableView.indexPathForSelectedRow == nil)
    }
  }

  @Test func multipleSelectionKeepsRowsAndATapOnASelectedRowDeselectsIt() {
    Simulation.run { sim in
      let (tableView, rows, window) = table([10], in: sim)
      tableView.allowsMultipleSelection = true
      window.tap(at: CGPoint(x: 100, y: 10))
      window.tap(at: CGPoint(x: 100, y: 44 * 3 + 10))
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 3, section: 0)])
      rows.log = []
      window.tap(at: CGPoint(x: 100, y: 10))
      #expect(rows.log == ["willDeselect 0", "didDeselect 0"])
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
    }
  }

  @Test func selectingAndDeselectingInCodeDoesNotCallTheDelegate() {
    Simulation.run { sim in
      let (tableView, rows, _) = table([30], in: sim)
      // selectRow: "Calling this method doesn't cause the delegate to receive a
      // tableView(_:willSelectRowAt:) or tableView(_:didSelectRowAt:) message".
      tableView.selectRow(at: IndexPath(row: 20, section: 0), animated: false, scrollPosition: .middle)
      #expect(rows.log == [])
      #expect(tableView.indexPathForSelectedRow == IndexPath(row: 20, section: 0))
      // Middle: the row's centre at the bounds' centre (20 × 44 + 22 − 240).
      #expect(tableView.contentOffset.y == 662)
      tableView.layoutIfNeeded()
      #expect(tableView.cellForRow(at: IndexPath(row: 20, section: 0))?.isSelected == true)
      tableView.deselectRow(at: IndexPath(row: 20, section: 0), animated: false)
      #expect(rows.log == [])
      #expect(tableView.indexPathsForSelectedRows == nil)
    }
  }

  @Test func scrollToRowPutsTheRowAtTheTopMiddleOrBottomWithinTheContent() {
    Simulation.run { sim in
      let (tableView, _, _) = table([30], in: sim)
      tableView.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
      #expect(tableView.contentOffset.y == 440)
      tableView.scrollToRow(at: IndexPath(row: 10, section: 0), at: .bottom, animated: false)
      #expect(tableView.contentOffset.y == 4)
      // ".none: … If the row is already fully visible, no scrolling occurs."
      tableView.scrollToRow(at: IndexPath(row: 5, section: 0), at: .none, animated: false)
      #expect(tableView.contentOffset.y == 4)
      tableView.scrollToRow(at: IndexPath(row: 29, section: 0), at: .top, animated: false)
      #expect(tableView.contentOffset.y == 840, "the offset stays within the content")
      // Animated, the offset moves on the clock, frame by frame (a scroll
      // view's animated offset is read as the screen shows it), and ends there.
      tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .none, animated: true)
      sim.advance(by: 0.15)
      #expect(tableView.contentOffset.y > 0 && tableView.contentOffset.y < 840)
      sim.advance(by: 1)
      #expect(tableView.contentOffset.y == 0)
    }
  }

  @Test func animatedDeselectionFadesTheSelectionOnTheClock() {
    Simulation.run { sim in
      let (tableView, _, _) = table([5], in: sim)
      let path = IndexPath(row: 1, section: 0)
      tableView.selectRow(at: path, animated: false, scrollPosition: .none)
      tableView.layoutIfNeeded()
      let cell = tableView.cellForRow(at: path)!
      let selection = cell.subviews.first { $0.accessibilityIdentifier == "selection" }!
      #expect(selection.alpha == 1)
      tableView.deselectRow(at: path, animated: true)
      #expect(!cell.isSelected)
      sim.advance(by: UITableView.selectionFadeDuration / 2)
      let mid = Double(shown(selection).opacity)
      #expect(mid > 0.05 && mid < 0.95, "half-way through the engine's 0.25 s fade")
      sim.runUntilIdle()
      #expect(Double(shown(selection).opacity) == 0)
    }
  }

  @Test func insertingAndDeletingRowsKeepsCellsAndSelectionAndChecksCounts() {
    Simulation.run { sim in
      let (tableView, rows, _) = table([5], in: sim)
      tableView.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
      tableView.layoutIfNeeded()
      let third = tableView.cellForRow(at: IndexPath(row: 3, section: 0))!
      rows.counts = [6]
      tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
      #expect(tableView.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "the selection moves with its row")
      #expect(tableView.cellForRow(at: IndexPath(row: 4, section: 0)) === third)
      #expect(tableView.contentSize.height == 264)
      sim.runUntilIdle()
      #expect(third.frame.minY == 176)
      var completed: Bool?
      rows.counts = [4]
      tableView.performBatchUpdates({
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
      }, completion: { completed = $0 })
      #expect(tableView.indexPathsForSelectedRows == nil, "the selected row was deleted")
      #expect(completed == nil)
      sim.runUntilIdle()
      #expect(completed == true)
      #expect(tableView.visibleCells.count == 4)
    }
  }

  @Test func reloadDataAsksAgainAndClearsTheSelection() {
    Simulation.run { sim in
      let (tableView, rows, _) = table([3], in: sim)
      tableView.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
      rows.counts = [7]
      tableView.reloadData()
      #expect(tableView.numberOfRows(inSection: 0) == 7)
      #expect(tableView.indexPathForSelectedRow == nil)
      #expect(tableView.visibleCells.count == 7)
    }
  }

  @Test func tableHeaderAndFooterViewsFrameTheSections() {
    Simulation.run { sim in
      let (tableView, _, _) = table([2], in: sim)
      tableView.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 100))
      tableView.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 30))
      tableView.layoutIfNeeded()
      #expect(tableView.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 100)
      #expect(tableView.tableHeaderView?.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
      #expect(tableView.tableFooterView?.frame == CGRect(x: 0, y: 188, width: 320, height: 30))
      #expect(tableView.contentSize.height == 218)
    }
  }

  @Test func insetGroupedRowsAreInsetFromTheSides() {
    Simulation.run { sim in
      let (tableView, _, _) = table([1], style: .insetGrouped, in: sim)
      #expect(tableView.style == .insetGrouped)
      #expect(tableView.rectForRow(at: IndexPath(row: 0, section: 0)).minX == 16)
      #expect(tableView.rectForRow(at: IndexPath(row: 0, section: 0)).width == 288)
    }
  }

  @Test func cellStylesGiveTheirLabelsAndListConfigurationsDrawText() {
    Simulation.run { _ in
      // detailTextLabel: the cell adds one "when you create the cell in a
      // style that supports secondary labels".
      #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
      #expect(UITableViewCell(style: .value1, reuseIdentifier: nil).detailTextLabel != nil)
      let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "x")
      #expect(cell.reuseIdentifier == "x")
      var content = cell.defaultContentConfiguration()
      content.text = "Wi-Fi"
      content.secondaryText = "Home"
      cell.contentConfiguration = content
      cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
      cell.layoutIfNeeded()
      let labels = cell.contentView.subviews.flatMap(\.subviews).compactMap { $0 as? UILabel }
      #expect(labels.map(\.text) == ["Wi-Fi", "Home"])
      #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "Wi-Fi")
      var value = UIListContentConfiguration.valueCell()
      value.text = "Bluetooth"
      value.secondaryText = "On"
      #expect(value.prefersSideBySideTextAndSecondaryText)
    }
  }

  @Test func aCellsSelectionShowsItsSelectedBackgroundUnlessTheStyleIsNone() {
    Simulation.run { _ in
      let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
      let background = UIView()
      cell.selectedBackgroundView = background
      cell.setSelected(true, animated: false)
      #expect(background.superview === cell && background.alpha == 1)
      cell.setSelected(false, animated: false)
      #expect(background.alpha == 0)
      cell.selectionStyle = .none
      cell.isHighlighted = true
      #expect(background.alpha == 0)
    }
  }
}

// MARK: - UITableViewDiffableDataSource

@Suite("UITableViewDiffableDataSource")
struct TableDiffableDataSourceTests {
  @Test func applyingASnapshotInsertsAndDeletesTheRowsThatChanged() {
    Simulation.run { sim in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      let tableView = UITableView(frame: window.bounds, style: .plain)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
      window.addSubview(tableView)
      window.makeKeyAndVisible()
      var made: [String] = []
      let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) { table, indexPath, fruit in
        made.append(fruit)
        let cell = table.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = fruit
        return cell
      }
      #expect(tableView.dataSource === dataSource)
      var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections([0])
      snapshot.appendItems(["Apple", "Banana", "Cherry"])
      dataSource.apply(snapshot, animatingDifferences: false)
      sim.runUntilIdle()
      #expect(made == ["Apple", "Banana", "Cherry"])
      let banana = tableView.cellForRow(at: IndexPath(row: 1, section: 0))
      snapshot.deleteItems(["Apple"])
      snapshot.appendItems(["Date"])
      var done = false
      dataSource.apply(snapshot, animatingDifferences: true) { done = true }
      #expect(made == ["Apple", "Banana", "Cherry", "Date"], "only the new row's cell is made")
      #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0)) === banana, "the kept row keeps its cell")
      #expect(dataSource.itemIdentifier(for: IndexPath(row: 2, section: 0)) == "Date")
      #expect(dataSource.indexPath(for: "Cherry") == IndexPath(row: 1, section: 0))
      #expect(dataSource.snapshot().itemIdentifiers == ["Banana", "Cherry", "Date"])
      #expect(dataSource.defaultRowAnimation == .automatic)
      sim.runUntilIdle()
      #expect(done)
    }
  }
}

// MARK: - UITableViewController

private final class SettingsList: UITableViewController {
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 8 }
  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "setting")
      ?? UITableViewCell(style: .default, reuseIdentifier: "setting")
    cell.textLabel?.text = "Setting \(indexPath.row)"
    return cell
  }
  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let detail = UIViewController()
    detail.view.backgroundColor = .white
    navigationController?.pushViewController(detail, animated: true)
  }
}

@Suite("UITableViewController")
struct TableViewControllerTests {
  @Test func theTableIsTheViewAndTheControllerFeedsIt() {
    Simulation.run { _ in
      let controller = SettingsList(style: .insetGrouped)
      #expect(controller.view === controller.tableView)
      #expect(controller.tableView.style == .insetGrouped)
      #expect(controller.tableView.dataSource === controller && controller.tableView.delegate === controller)
      #expect(controller.clearsSelectionOnViewWillAppear)
    }
  }

  @Test func comingBackClearsTheSelectionAndACancelledSwipeBackKeepsIt() {
    Simulation.run { sim in
      let list = SettingsList(style: .plain)
      let nav = UINavigationController(rootViewController: list)
      let window = showing(nav, in: sim)
      sim.runUntilIdle()
      let row = list.tableView.rectForRow(at: IndexPath(row: 2, section: 0))
      window.tap(at: list.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: nil))
      sim.runUntilIdle()
      #expect(nav.viewControllers.count == 2)
      #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
      // A short, slow swipe back that is released early cancels: the row stays selected (observed).
      window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 95, y: 300), duration: 0.6)
      sim.runUntilIdle()
      #expect(nav.viewControllers.count == 2)
      #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
      // "When true, the table view controller clears the table's current
      // selection when it receives a viewWillAppear(_:) message."
      nav.popViewController(animated: true)
      sim.runUntilIdle()
      #expect(list.tableView.indexPathForSelectedRow == nil)
      // Without a transition it deselects at once.
      list.clearsSelectionOnViewWillAppear = false
      list.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
      list.viewWillAppear(false)
      #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }
  }
}
