// UITableViewController: a controller whose view is a table view it feeds
// and listens to, and which clears the selection when it appears again.

/// A view controller that manages a table view.
///
/// Its view is `tableView`, made in `loadView()` with the controller as
/// data source and delegate. With `clearsSelectionOnViewWillAppear` (the
/// default) it deselects the selected rows in `viewWillAppear(_:)`, as
/// Apple documents; how it times that inside a transition is observed
/// behaviour: alongside a transition that is not interactive (the
/// selection fades as the screen slides), and at the end of an interactive
/// one only if it was not cancelled (a cancelled swipe back leaves the row
/// selected).
@MainActor @preconcurrency
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  private let tableStyle: UITableView.Style

  /// A controller whose table has `style`.
  public init(style: UITableView.Style) {
    tableStyle = style
    super.init(nibName: nil, bundle: nil)
  }

  /// A controller with a plain table.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    tableStyle = .plain
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) {
    tableStyle = .plain
    super.init(coder: coder)
  }

  /// The table view: the controller's view.
  open var tableView: UITableView! {
    get { view as? UITableView }
    set { view = newValue }
  }

  /// Whether `viewWillAppear(_:)` clears the selection (default true).
  /// Apple: "When true, the table view controller clears the table's
  /// current selection when it receives a viewWillAppear(_:) message."
  open var clearsSelectionOnViewWillAppear = true

  /// Makes the table view (the size of the screen, resizing with its
  /// superview) with the controller as its data source and delegate.
  open override func loadView() {
    let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    table.dataSource = self
    table.delegate = self
    view = table
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let table = tableView,
          let rows = table.indexPathsForSelectedRows else { return }
    guard let coordinator = transitionCoordinator else {
      for row in rows { table.deselectRow(at: row, animated: animated) }
      return
    }
    if coordinator.isInteractive || coordinator.initiallyInteractive {
      // Observed (Castro, "viewMightAppear", 2014): "instead of deselecting
      // the cell immediately, UITableViewController waits to see if the
      // transition completes before deselecting. If the transition is
      // cancelled the cell stays selected."
      coordinator.animate(alongsideTransition: nil) { context in
        guard !context.isCancelled else { return }
        for row in rows where table.indexPathsForSelectedRows?.contains(row) == true {
          table.deselectRow(at: row, animated: true)
        }
      }
    } else {
      coordinator.animate(alongsideTransition: { _ in
        for row in rows { table.deselectRow(at: row, animated: animated) }
      }, completion: nil)
    }
  }

  // MARK: UITableViewDataSource (override in subclasses)

  open func numberOfSections(in tableView: UITableView) -> Int { 1 }
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  /// Subclasses that report rows must override it (UIKit raises when it is missing).
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    preconditionFailure("UITableView dataSource returned a nil cell for row at index path: \(indexPath): "
      + "override tableView(_:cellForRowAt:)")
  }
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

  // MARK: UITableViewDelegate (override in subclasses)

  // The scroll view delegate's methods that apps override most, open so
  // that a subclass writes `override` as it does on iOS.
  open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                      targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
  open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}

  open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.sectionHeaderHeight
  }
  open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
    tableView.sectionFooterHeight
  }
  open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
  open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
  open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
