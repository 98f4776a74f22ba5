// UICollectionViewCompositionalLayout and its NSCollectionLayout* parts
//
// Sections made of groups made of items, sized in absolute points or as
// fractions of their container; vertical scrolling. The common shapes:
// grids of rows (a horizontal group repeating its items), lists, nested
// groups, spacings and insets.

import Foundation

/// One dimension of a layout size: absolute points, a fraction of the
/// container's width or height, or an estimate (treated as absolute: the
/// engine does not measure cells).
@MainActor @preconcurrency
open class NSCollectionLayoutDimension: NSObject {
  enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
  let kind: Kind
  /// The dimension's value (a fraction or points).
  public let dimension: CGFloat

  init(kind: Kind, dimension: CGFloat) {
    self.kind = kind
    self.dimension = dimension
    super.init()
  }

  /// A fraction of the container's width.
  public class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(kind: .fractionalWidth, dimension: fractionalWidth) }
  /// A fraction of the container's height.
  public class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(kind: .fractionalHeight, dimension: fractionalHeight) }
  /// A size in points.
  public class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(kind: .absolute, dimension: absoluteDimension) }
  /// An estimate UIKit refines by measuring the cell; the engine uses it as is.
  public class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(kind: .estimated, dimension: estimatedDimension) }

  public var isFractionalWidth: Bool { kind == .fractionalWidth }
  public var isFractionalHeight: Bool { kind == .fractionalHeight }
  public var isAbsolute: Bool { kind == .absolute }
  public var isEstimated: Bool { kind == .estimated }

  func resolve(in container: CGSize) -> CGFloat {
    switch kind {
    case .fractionalWidth: return container.width * dimension
    case .fractionalHeight: return container.height * dimension
    case .absolute, .estimated: return dimension
    }
  }
}

/// A width and a height.
@MainActor @preconcurrency
open class NSCollectionLayoutSize: NSObject {
  public let widthDimension: NSCollectionLayoutDimension
  public let heightDimension: NSCollectionLayoutDimension

  public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
    widthDimension = width
    heightDimension = height
    super.init()
  }

  func resolve(in container: CGSize) -> CGSize {
    CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
  }
}

/// Spacing between a group's items: fixed, or flexible (at least the
/// value, with the leftover space shared between the gaps).
@MainActor @preconcurrency
open class NSCollectionLayoutSpacing: NSObject {
  public let spacing: CGFloat
  public let isFixedSpacing: Bool
  public var isFlexibleSpacing: Bool { !isFixedSpacing }

  init(spacing: CGFloat, fixed: Bool) {
    self.spacing = spacing
    isFixedSpacing = fixed
    super.init()
  }

  public class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(spacing: fixedSpacing, fixed: true) }
  public class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(spacing: flexibleSpacing, fixed: false) }
}

/// An item: a size within its group and insets around its content.
@MainActor @preconcurrency
open class NSCollectionLayoutItem: NSObject {
  public let layoutSize: NSCollectionLayoutSize
  /// Insets applied to the item's frame within the space its size gives it.
  open var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

  public init(layoutSize: NSCollectionLayoutSize) {
    self.layoutSize = layoutSize
    super.init()
  }

  /// How many items the item (or group) takes, and their frames in a
  /// space of `size` at `origin`.
  func place(at origin: CGPoint, size: CGSize, items: inout [CGRect], limit: Int) {
    guard items.count < limit else { return }
    let i = contentInsets
    items.append(CGRect(x: origin.x + i.leading, y: origin.y + i.top,
                        width: max(size.width - i.leading - i.trailing, 0), height: max(size.height - i.top - i.bottom, 0)))
  }
}

/// Items in a row (horizontal) or a column (vertical).
@MainActor @preconcurrency
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  public let subitems: [NSCollectionLayoutItem]
  let isHorizontal: Bool
  let repeatCount: Int?
  /// The spacing between the group's items (none by default).
  open var interItemSpacing: NSCollectionLayoutSpacing?

  init(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], horizontal: Bool, count: Int?) {
    self.subitems = subitems
    isHorizontal = horizontal
    repeatCount = count
    super.init(layoutSize: layoutSize)
  }

  /// A row of the subitems, repeated as long as they fit across the group.
  public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, horizontal: true, count: nil)
  }
  /// A column of the subitems, repeated as long as they fit down the group.
  public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, horizontal: false, count: nil)
  }
  /// A row of `count` equal items sized to fill it (with the spacing).
  public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: [subitem], horizontal: true, count: count)
  }
  /// A column of `count` equal items sized to fill it.
  public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
    NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: [subitem], horizontal: false, count: count)
  }
  /// iOS 16's name for `horizontal(layoutSize:subitem:count:)`.
  public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
    horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
  }
  /// iOS 16's name for `vertical(layoutSize:subitem:count:)`.
  public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
    vertical(layoutSize: layoutSize, subitem: subitem, count: count)
  }

  override func place(at origin: CGPoint, size: CGSize, items: inout [CGRect], limit: Int) {
    let i = contentInsets
    let inner = CGSize(width: max(size.width - i.leading - i.trailing, 0), height: max(size.height - i.top - i.bottom, 0))
    let start = CGPoint(x: origin.x + i.leading, y: origin.y + i.top)
    let length = isHorizontal ? inner.width : inner.height
    let spacing = interItemSpacing?.spacing ?? 0
    // The subitems' sizes along the group's axis, and how many fit.
    var sequence: [(NSCollectionLayoutItem, CGSize)] = []
    if let count = repeatCount, let item = subitems.first {
      let share = (length - spacing * CGFloat(max(count - 1, 0))) / CGFloat(max(count, 1))
      var size = item.layoutSize.resolve(in: inner)
      if isHorizontal { size.width = share } else { size.height = share }
      sequence = Array(repeating: (item, size), count: count)
    } else if !subitems.isEmpty {
      var used: CGFloat = 0
      var k = 0
      while true {
        let item = subitems[k % subitems.count]
        let size = item.layoutSize.resolve(in: inner)
        let along = isHorizontal ? size.width : size.height
        let needed = sequence.isEmpty ? along : used + spacing + along
        if needed > length + 0.0001 && !sequence.isEmpty { break }
        if along <= 0 { break }
        used = needed
        sequence.append((item, size))
        k += 1
        if k >= subitems.count && (subitems.count > 1 || k > 10_000) && needed + spacing >= length { break }
        if k > 10_000 { break }
      }
    }
    let total = sequence.map { isHorizontal ? $0.1.width : $0.1.height }.reduce(0, +)
    var gap = spacing
    if let s = interItemSpacing, s.isFlexibleSpacing, sequence.count > 1 {
      gap = max(s.spacing, (length - total) / CGFloat(sequence.count - 1))
    }
    var position: CGFloat = 0
    for (item, itemSize) in sequence {
      guard items.count < limit else { return }
      let p = isHorizontal ? CGPoint(x: start.x + position, y: start.y) : CGPoint(x: start.x, y: start.y + position)
      item.place(at: p, size: itemSize, items: &items, limit: limit)
      position += (isHorizontal ? itemSize.width : itemSize.height) + gap
    }
  }
}

/// How a section's groups scroll across the main direction.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
  case none = 0
  case continuous = 1
  case continuousGroupLeadingBoundary = 2
  case paging = 3
  case groupPaging = 4
  case groupPagingCentered = 5
}

/// A section: one group repeated until the section's items are placed.
@MainActor @preconcurrency
open class NSCollectionLayoutSection: NSObject {
  public let group: NSCollectionLayoutGroup
  /// Insets around the section's groups.
  open var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
  /// Space between successive groups.
  open var interGroupSpacing: CGFloat = 0
  /// Groups side by side across the section instead of down it: the engine
  /// places them in one row that does not scroll by itself.
  open var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none {
    didSet {
      if orthogonalScrollingBehavior != .none {
        Simulation.current.notModelled(
          "NSCollectionLayoutSection.orthogonalScrollingBehavior",
          instead: "Any value but .none places the groups side by side in one row; the row does not scroll by "
            + "itself.")
      }
    }
  }

  public init(group: NSCollectionLayoutGroup) {
    self.group = group
    super.init()
  }
}

/// The container a section is laid out in.
@MainActor @preconcurrency
public protocol NSCollectionLayoutContainer: AnyObject {
  var contentSize: CGSize { get }
  var effectiveContentSize: CGSize { get }
  var contentInsets: NSDirectionalEdgeInsets { get }
  var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider knows of where its section goes.
@MainActor @preconcurrency
public protocol NSCollectionLayoutEnvironment: AnyObject {
  var container: NSCollectionLayoutContainer { get }
  var traitCollection: UITraitCollection { get }
}

private final class LayoutEnvironment: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
  let contentSize: CGSize
  let traitCollection: UITraitCollection
  init(size: CGSize, traits: UITraitCollection) {
    contentSize = size
    traitCollection = traits
  }
  var container: NSCollectionLayoutContainer { self }
  var effectiveContentSize: CGSize { contentSize }
  var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0) }
  var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}

/// The section provider's type.
public typealias UICollectionViewCompositionalLayoutSectionProvider = @MainActor (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout of sections, groups and items, as UIKit's
/// `UICollectionViewCompositionalLayout` (vertical scrolling).
@MainActor @preconcurrency
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
  private var cellAttributes: [[UICollectionViewLayoutAttributes]] = []
  private var contentSize = CGSize.zero

  /// A layout whose every section is `section`.
  public init(section: NSCollectionLayoutSection) {
    sectionProvider = { _, _ in section }
    super.init()
  }

  /// A layout that asks `sectionProvider` for each section.
  public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
    self.sectionProvider = sectionProvider
    super.init()
  }

  public required init?(coder: NSCoder) {
    sectionProvider = { _, _ in nil }
    super.init(coder: coder)
  }

  open override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    return contentSize
  }

  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    collectionView.map { $0.bounds.size != newBounds.size } ?? false
  }

  open override func prepare() {
    super.prepare()
    cellAttributes = []
    contentSize = .zero
    guard let collectionView else { return }
    let bounds = collectionView.bounds
    let environment = LayoutEnvironment(size: bounds.size, traits: collectionView.traitCollection)
    var y: CGFloat = 0
    for s in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: s)
      var attributes: [UICollectionViewLayoutAttributes] = []
      guard let section = sectionProvider(s, environment) else { cellAttributes.append([]); continue }
      let insets = section.contentInsets
      let container = CGSize(width: max(bounds.width - insets.leading - insets.trailing, 0), height: bounds.height)
      let groupSize = section.group.layoutSize.resolve(in: container)
      y += insets.top
      var frames: [CGRect] = []
      var origin = CGPoint(x: insets.leading, y: y)
      var rowBottom = y
      var guardCount = 0
      while frames.count < count, guardCount < count + 1 {
        guardCount += 1
        let before = frames.count
        section.group.place(at: origin, size: groupSize, items: &frames, limit: count)
        if frames.count == before { break }
        rowBottom = origin.y + groupSize.height
        if section.orthogonalScrollingBehavior == .none {
          origin.y += groupSize.height + section.interGroupSpacing
        } else {
          origin.x += groupSize.width + section.interGroupSpacing
        }
      }
      if frames.isEmpty { rowBottom = y }
      for (i, frame) in frames.enumerated() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s))
        a.frame = frame
        attributes.append(a)
      }
      y = rowBottom + insets.bottom
      cellAttributes.append(attributes)
    }
    contentSize = CGSize(width: bounds.width, height: y)
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    prepareIfNeeded()
    return cellAttributes.joined().filter { $0.frame.overlaps(rect) }
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, cellAttributes.indices.contains(indexPath.section),
          cellAttributes[indexPath.section].indices.contains(indexPath.item) else { return nil }
    return cellAttributes[indexPath.section][indexPath.item]
  }
}
