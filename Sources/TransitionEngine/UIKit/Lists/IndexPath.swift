// IndexPath(item:section:), IndexPath(row:section:), .item, .row, .section
//
// UIKit's additions to Foundation's IndexPath (its Swift overlay declares
// them). Foundation on Linux has none of them, so the engine adds them.

import Foundation

extension IndexPath {
  /// An index path for an item in a collection view: `[section, item]`.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// An index path for a row in a table view: `[section, row]`.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The section: the first index. Traps, as UIKit's overlay does, unless
  /// the path has exactly two indices.
  public var section: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row.")
      return self[0]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row.")
      self[0] = newValue
    }
  }

  /// The row in a table view's section: the second index.
  public var row: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row.")
      return self[1]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row.")
      self[1] = newValue
    }
  }

  /// The item in a collection view's section: the second index.
  public var item: Int {
    get {
      precondition(count == 2, "Invalid index path for use with UICollectionView. This index path must contain exactly two indices specifying the section and item.")
      return self[1]
    }
    set {
      precondition(count == 2, "Invalid index path for use with UICollectionView. This index path must contain exactly two indices specifying the section and item.")
      self[1] = newValue
    }
  }
}
