// UILayoutGuide: a rectangle in a view's coordinates that constraints can
// position, without a view of its own. Views own two system guides:
// safeAreaLayoutGuide and layoutMarginsGuide.

/// A rectangle for constraints, owned by a view.
@MainActor @preconcurrency
open class UILayoutGuide: NSObject, LayoutAnchorSource {
  /// The view that owns the guide.
  open internal(set) weak var owningView: UIView?
  /// A name shown in logs.
  open var identifier = ""

  enum SystemKind { case safeArea, margins }
  let systemKind: SystemKind?
  var isSystemGuide: Bool { systemKind != nil }
  /// The frame from the latest layout.
  var lastLayoutFrame = CGRect.zero
  let debugID: Int

  public override init() {
    systemKind = nil
    debugID = Simulation.current.nextSequence()
    super.init()
  }

  init(system: SystemKind, owner: UIView) {
    systemKind = system
    owningView = owner
    debugID = owner.debugID
    identifier = system == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide"
    super.init()
  }

  /// The guide's frame in its owning view's coordinates, after layout.
  open var layoutFrame: CGRect {
    guard let owner = owningView else { return .zero }
    if let insets = systemInsets(of: owner) { return owner.bounds.inset(by: insets) }
    if let frame = owner.layoutRoot.currentLayoutSolution()?.frame(of: self) { lastLayoutFrame = frame }
    return lastLayoutFrame
  }

  /// For a system guide, the insets it keeps from its owner's bounds.
  func systemInsets(of owner: UIView) -> UIEdgeInsets? {
    switch systemKind {
    case .safeArea: owner.safeAreaInsets
    case .margins: owner.layoutMargins
    case nil: nil
    }
  }
}

extension UILayoutGuide: LayoutItem {
  var layoutOwnerView: UIView? { owningView }
  var layoutDebugName: String {
    let pointer = "0x" + String(0x6000_1000 + debugID, radix: 16)
    return identifier.isEmpty ? "UILayoutGuide:\(pointer)" : "UILayoutGuide:\(pointer)'\(identifier)'"
  }
}
