// UICollectionViewFlowLayout, UICollectionViewDelegateFlowLayout
//
// Items in lines: as many as fit across the collection view (spaced at
// least `minimumInteritemSpacing`), lines `minimumLineSpacing` apart,
// each section inside its `sectionInset`, between its header and footer.

import Foundation

extension UICollectionView {
  /// The kind of a flow layout's section header.
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The kind of a flow layout's section footer.
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// The direction a layout scrolls in.
  public enum ScrollDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
  }
}

/// The flow layout's sizes and spacings per item and section, asked of the
/// collection view's delegate (all optional; each falls back to the
/// layout's property).
@MainActor @preconcurrency
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
  }
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
  }
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
  }
  public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
  }
}

/// A layout of items in lines, as UIKit's `UICollectionViewFlowLayout`.
///
/// Vertically (the default), items fill rows left to right: a row takes as
/// many items as fit in the width inside the section inset with at least
/// `minimumInteritemSpacing` between them; then the leftover width is
/// shared equally between the gaps, so the row runs from inset to inset
/// (Apple: "after the number of items is determined, the actual spacing
/// may possibly be adjusted upward"), and a row of one item is centred.
/// Items of different heights are centred vertically in their row, rows
/// are `minimumLineSpacing` apart (not applied next to headers and
/// footers). Horizontally, the same with rows and columns swapped.
@MainActor @preconcurrency
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// Sizing a cell to fit its content (`estimatedItemSize`): the engine
  /// does not measure cells (not modelled).
  public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

  /// The item size when the delegate gives none (default 50 × 50).
  open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The minimum spacing between lines (default 10).
  open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// The minimum spacing between items of a line (default 10).
  open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// The margins of each section's items (default zero).
  open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
  /// The direction of scrolling (default vertical).
  open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { invalidateLayout() } }
  /// Each section's header size: only the height counts vertically, the
  /// width horizontally (default zero: no header).
  open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
  /// Each section's footer size, as `headerReferenceSize`.
  open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
  /// Self-sizing cells: stored; not modelled (items use `itemSize` or the
  /// delegate's size).
  open var estimatedItemSize = CGSize.zero {
    didSet {
      invalidateLayout()
      Simulation.current.notModelled(
        "UICollectionViewFlowLayout.estimatedItemSize",
        instead: "Stored; items use itemSize or the delegate's size.")
    }
  }
  /// Whether headers stay pinned while their section scrolls: stored; not modelled.
  open var sectionHeadersPinToVisibleBounds = false {
    didSet {
      Simulation.current.notModelled(
        "UICollectionViewFlowLayout.sectionHeadersPinToVisibleBounds",
        instead: "Stored; headers scroll with their section.")
    }
  }
  /// Whether footers stay pinned: stored; not modelled.
  open var sectionFootersPinToVisibleBounds = false {
    didSet {
      Simulation.current.notModelled(
        "UICollectionViewFlowLayout.sectionFootersPinToVisibleBounds",
        instead: "Stored; footers scroll with their section.")
    }
  }

  private var cellAttributes: [[UICollectionViewLayoutAttributes]] = []
  private var headers: [Int: UICollectionViewLayoutAttributes] = [:]
  private var footers: [Int: UICollectionViewLayoutAttributes] = [:]
  private var contentSize = CGSize.zero

  public override init() { super.init() }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  override var scrollsHorizontally: Bool { scrollDirection == .horizontal }

  open override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    return contentSize
  }

  /// A new layout when the collection view's width (vertical) or height
  /// (horizontal) changes; scrolling keeps it.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    guard let bounds = collectionView?.bounds else { return false }
    return scrollDirection == .vertical ? bounds.width != newBounds.width : bounds.height != newBounds.height
  }

  open override func prepare() {
    super.prepare()
    cellAttributes = []
    headers = [:]
    footers = [:]
    contentSize = .zero
    guard let collectionView else { return }
    let flowDelegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
    let vertical = scrollDirection == .vertical
    // Work in (across, along) coordinates: across the lines, along the scrolling.
    let width = vertical ? collectionView.bounds.width : collectionView.bounds.height
    func flip(_ across: CGFloat, _ along: CGFloat, _ acrossSize: CGFloat, _ alongSize: CGFloat) -> CGRect {
      vertical ? CGRect(x: across, y: along, width: acrossSize, height: alongSize)
        : CGRect(x: along, y: across, width: alongSize, height: acrossSize)
    }
    var along: CGFloat = 0
    for section in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: section)
      let inset = flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
      let lineSpacing = flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
      let itemSpacing = flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
      let header = flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
      let footer = flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
      let (insetBefore, insetAfter, insetStart, insetEnd) = vertical
        ? (inset.top, inset.bottom, inset.left, inset.right) : (inset.left, inset.right, inset.top, inset.bottom)

      let headerLength = vertical ? header.height : header.width
      if headerLength > 0 {
        let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                 with: IndexPath(item: 0, section: section))
        a.frame = flip(0, along, width, headerLength)
        headers[section] = a
        along += headerLength
      }
      along += insetBefore
      var attributes: [UICollectionViewLayoutAttributes] = []
      let available = width - insetStart - insetEnd
      var item = 0
      while item < count {
        // One line: as many items as fit with the minimum spacing.
        var line: [(IndexPath, CGSize)] = []
        var used: CGFloat = 0
        while item < count {
          let indexPath = IndexPath(item: item, section: section)
          let size = flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
          let length = vertical ? size.width : size.height
          let needed = line.isEmpty ? length : used + itemSpacing + length
          if !line.isEmpty && needed > available + 0.0001 { break }
          used = needed
          line.append((indexPath, size))
          item += 1
        }
        let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
        let lengths = line.map { vertical ? $0.1.width : $0.1.height }
        let total = lengths.reduce(0, +)
        var across: CGFloat
        var gap: CGFloat
        if line.count == 1 {
          across = insetStart + (available - total) / 2
          gap = 0
        } else {
          across = insetStart
          gap = max(itemSpacing, (available - total) / CGFloat(line.count - 1))
        }
        for (k, (indexPath, size)) in line.enumerated() {
          let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
          let itemThickness = vertical ? size.height : size.width
          a.frame = flip(across, along + (thickness - itemThickness) / 2, lengths[k], itemThickness)
          attributes.append(a)
          across += lengths[k] + gap
        }
        along += thickness
        if item < count { along += lineSpacing }
      }
      along += insetAfter
      let footerLength = vertical ? footer.height : footer.width
      if footerLength > 0 {
        let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                                 with: IndexPath(item: 0, section: section))
        a.frame = flip(0, along, width, footerLength)
        footers[section] = a
        along += footerLength
      }
      cellAttributes.append(attributes)
    }
    contentSize = vertical ? CGSize(width: width, height: along) : CGSize(width: along, height: width)
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    prepareIfNeeded()
    var result: [UICollectionViewLayoutAttributes] = []
    for (section, attributes) in cellAttributes.enumerated() {
      if let h = headers[section], h.frame.overlaps(rect) { result.append(h) }
      for a in attributes where a.frame.overlaps(rect) { result.append(a) }
      if let f = footers[section], f.frame.overlaps(rect) { result.append(f) }
    }
    return result
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, cellAttributes.indices.contains(indexPath.section),
          cellAttributes[indexPath.section].indices.contains(indexPath.item) else { return nil }
    return cellAttributes[indexPath.section][indexPath.item]
  }

  open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    prepareIfNeeded()
    switch elementKind {
    case UICollectionView.elementKindSectionHeader: return headers[indexPath.section]
    case UICollectionView.elementKindSectionFooter: return footers[indexPath.section]
    default: return nil
    }
  }
}
