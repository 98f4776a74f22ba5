// UICollectionViewLayoutAttributes, UICollectionViewLayout
//
// A layout computes where every item and supplementary view goes, as
// attributes; the collection view asks it for the attributes of the
// elements in its visible rect and applies them to its cells.

import Foundation

extension UICollectionView {
  /// The kind of element a set of layout attributes describes.
  public enum ElementCategory: UInt, Sendable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
  }
}

/// The position, size and appearance of one element of a collection view,
/// as UIKit's `UICollectionViewLayoutAttributes`.
@MainActor @preconcurrency
open class UICollectionViewLayoutAttributes: NSObject {
  /// The element's frame, in the collection view's content coordinates.
  /// Setting it sets `center` and `size`, as UIKit documents ("setting the
  /// value of this property also sets the values of the center and size
  /// properties").
  open var frame: CGRect {
    get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    set {
      size = newValue.size
      center = CGPoint(x: newValue.midX, y: newValue.midY)
    }
  }
  open var center: CGPoint = .zero
  open var size: CGSize = .zero
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: size) }
    set { size = newValue.size }
  }
  open var transform: CGAffineTransform = .identity
  open var transform3D: CATransform3D {
    get { CATransform3DMakeAffineTransform(transform) }
    set { transform = CATransform3DGetAffineTransform(newValue) }
  }
  open var alpha: CGFloat = 1
  open var zIndex: Int = 0
  open var isHidden = false
  open var indexPath: IndexPath
  /// Whether the attributes are a cell's, a supplementary view's or a
  /// decoration view's.
  open private(set) var representedElementCategory: UICollectionView.ElementCategory
  /// The kind of a supplementary or decoration view; nil for a cell.
  open private(set) var representedElementKind: String?

  /// Attributes for the cell at an index path.
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init(indexPath: indexPath, category: .cell, kind: nil)
  }

  /// Attributes for a supplementary view (a header or footer).
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init(indexPath: indexPath, category: .supplementaryView, kind: elementKind)
  }

  /// Attributes for a decoration view.
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init(indexPath: indexPath, category: .decorationView, kind: decorationViewKind)
  }

  /// Empty attributes for item 0 of section 0.
  public required override convenience init() {
    self.init(indexPath: IndexPath(item: 0, section: 0), category: .cell, kind: nil)
  }

  init(indexPath: IndexPath, category: UICollectionView.ElementCategory, kind: String?) {
    self.indexPath = indexPath
    representedElementCategory = category
    representedElementKind = kind
    super.init()
  }

  /// A copy (UIKit's attributes conform to `NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = Self.init()
    copy.indexPath = indexPath
    copy.representedElementCategory = representedElementCategory
    copy.representedElementKind = representedElementKind
    copy.center = center
    copy.size = size
    copy.transform = transform
    copy.alpha = alpha
    copy.zIndex = zIndex
    copy.isHidden = isHidden
    return copy
  }

  /// Whether two sets of attributes place and show their element alike.
  func looksLike(_ other: UICollectionViewLayoutAttributes) -> Bool {
    center == other.center && size == other.size && transform == other.transform && alpha == other.alpha
      && zIndex == other.zIndex && isHidden == other.isHidden
  }
}

extension UICollectionViewLayoutAttributes: NSCopying {}

extension CGRect {
  /// Whether two rects share some area: rects that only touch along an
  /// edge do not (as Core Graphics' `CGRectIntersectsRect`; Foundation on
  /// Linux counts touching edges).
  func overlaps(_ other: CGRect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }
}

/// The abstract base of collection view layouts, as UIKit's
/// `UICollectionViewLayout`: subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`.
@MainActor @preconcurrency
open class UICollectionViewLayout: NSObject {
  /// The collection view using the layout.
  open internal(set) weak var collectionView: UICollectionView?

  public override init() { super.init() }

  /// Layouts are not decoded from archives in the engine.
  public required init?(coder: NSCoder) { super.init() }

  /// The class of attributes the layout makes.
  open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

  /// Called before the layout is used after it was invalidated: compute
  /// and cache the attributes here.
  open func prepare() {}

  /// The size of the whole content (zero in the base class).
  open var collectionViewContentSize: CGSize { .zero }

  /// The attributes of every element whose frame meets `rect` (none in the
  /// base class).
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

  /// The attributes of one item (nil in the base class).
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

  /// The attributes of one supplementary view (nil in the base class).
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

  /// The attributes of one decoration view (nil in the base class; the
  /// engine draws no decoration views).
  open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

  /// Marks the layout as needing `prepare()` before it is used again; the
  /// collection view lays out again on the next pass.
  open func invalidateLayout() {
    isPrepared = false
    collectionView?.setNeedsLayout()
  }

  /// Whether a bounds change needs a new layout: the base class says no.
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

  /// The offset to stop at for a proposed one (the proposed one here).
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    proposedContentOffset
  }

  /// The offset to stop at after scrolling with a velocity (the proposed one here).
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                withScrollingVelocity velocity: CGPoint) -> CGPoint {
    proposedContentOffset
  }

  /// Where an inserted item starts its animation: by default its final
  /// attributes with alpha 0 (UIKit: inserted items fade in).
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let final = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
    final.alpha = 0
    return final
  }

  /// Where a deleted item ends its animation: by default where it was, at
  /// alpha 0 (UIKit: deleted items fade out).
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }

  /// Called before batch updates are animated (does nothing here).
  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

  /// Called after the batch updates' animations are set up (does nothing here).
  open func finalizeCollectionViewUpdates() {}

  /// Whether `prepare()` has run since the last invalidation.
  var isPrepared = false

  /// Runs `prepare()` unless it already ran since the last invalidation.
  func prepareIfNeeded() {
    guard !isPrepared else { return }
    isPrepared = true
    prepare()
  }

  /// The layout direction used for scrolling and `scrollToItem`.
  var scrollsHorizontally: Bool { false }
}

/// One change of a batch update, as the layout sees it.
@MainActor @preconcurrency
open class UICollectionViewUpdateItem: NSObject {
  /// What a batch update does to an item.
  public enum Action: Int, Sendable {
    case insert, delete, reload, move, none
  }
  open private(set) var indexPathBeforeUpdate: IndexPath?
  open private(set) var indexPathAfterUpdate: IndexPath?
  open private(set) var updateAction: Action

  init(before: IndexPath?, after: IndexPath?, action: Action) {
    indexPathBeforeUpdate = before
    indexPathAfterUpdate = after
    updateAction = action
    super.init()
  }
}
