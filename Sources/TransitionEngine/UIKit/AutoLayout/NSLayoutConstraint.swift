// NSLayoutConstraint and UILayoutPriority: a linear relation between two
// layout attributes, item1.attribute1 (relation) multiplier × item2.attribute2 + constant.

/// How strongly a constraint holds, 1…1000 (1000: required).
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
  public var rawValue: Float
  public init(rawValue: Float) { self.rawValue = rawValue }
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  public static let required = UILayoutPriority(1000)
  public static let defaultHigh = UILayoutPriority(750)
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  public static let sceneSizeStayPut = UILayoutPriority(500)
  public static let dragThatCannotResizeScene = UILayoutPriority(490)
  public static let defaultLow = UILayoutPriority(250)
  public static let fittingSizeLevel = UILayoutPriority(50)

  public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
  public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
}

/// A constraint between layout attributes of views and layout guides.
@MainActor @preconcurrency
open class NSLayoutConstraint: NSObject {
  /// A layout attribute.
  public enum Attribute: Int, Sendable {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
    case firstBaseline = 12, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case notAnAttribute = 0
  }

  /// The relation between the two sides.
  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
  }

  /// The two layout axes.
  public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }

  /// Options of `constraints(withVisualFormat:options:metrics:views:)`.
  public struct FormatOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
    public static let directionLeadingToTrailing = FormatOptions([])
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
    public static let spacingEdgeToEdge = FormatOptions([])
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)
  }

  /// The first item (a `UIView` or `UILayoutGuide`).
  open var firstItem: AnyObject? { firstLayoutItem }
  /// The second item, nil for a constant size.
  open var secondItem: AnyObject? { secondLayoutItem }
  public let firstAttribute: Attribute
  public let secondAttribute: Attribute
  public let relation: Relation
  public let multiplier: CGFloat

  /// The constant; changing it on an active constraint updates the layout
  /// on the next layout pass (inside an animation block, `layoutIfNeeded()` animates it).
  open var constant: CGFloat {
    didSet { if constant != oldValue { constraintDidChange() } }
  }

  /// The priority. An active constraint cannot change between required and
  /// optional (UIKit raises; the engine reports it and keeps the old value).
  open var priority: UILayoutPriority = .required {
    didSet {
      guard priority != oldValue else { return }
      if isActive, (priority == .required) != (oldValue == .required) {
        let old = oldValue
        Simulation.current.warn(
          "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(format(Double(priority.rawValue))) and the existing priority was \(format(Double(old.rawValue))).",
          kind: .other)
        priority = old
        return
      }
      constraintDidChange()
    }
  }

  /// A name shown in logs.
  open var identifier: String?
  open var shouldBeArchived = false

  weak var firstLayoutItem: LayoutItem?
  weak var secondLayoutItem: LayoutItem?
  /// The view the constraint is installed on while active (the items' nearest common ancestor).
  weak var installedOn: UIView?
  /// Set for the constraints UIKit makes from autoresizing masks.
  var autoresizingDescription: String?
  /// Whether the engine already reported breaking this constraint.
  var reportedAsBroken = false
  /// When the constraint was activated (the engine adds constraints in this order).
  var activationOrder = 0
  let debugID: Int

  /// Creates a constraint `view1.attr1 relation multiplier × view2.attr2 + c`.
  public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                          toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
    guard let first = view1 as? LayoutItem else {
      preconditionFailure("NSLayoutConstraint items must be views or layout guides, not \(type(of: view1))")
    }
    self.init(first: first, attribute: attr1, relation: relation, second: view2 as? LayoutItem, attribute: attr2,
              multiplier: multiplier, constant: c, debugID: Simulation.current.nextSequence())
  }

  init(first: LayoutItem, attribute attr1: Attribute, relation: Relation, second: LayoutItem?,
       attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat, debugID: Int) {
    firstLayoutItem = first
    secondLayoutItem = second
    firstAttribute = attr1
    secondAttribute = second == nil ? .notAnAttribute : attr2
    self.relation = relation
    self.multiplier = multiplier
    constant = c
    self.debugID = debugID
    super.init()
  }

  /// The first item's anchor.
  open var firstAnchor: NSLayoutAnchor<AnyObject> {
    NSLayoutAnchor<AnyObject>(item: firstLayoutItem!, attribute: firstAttribute)
  }

  /// The second item's anchor (nil for a constant).
  open var secondAnchor: NSLayoutAnchor<AnyObject>? {
    secondLayoutItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
  }

  // MARK: Activation

  /// Whether the constraint takes part in layout. Activating installs it on
  /// the items' nearest common ancestor.
  open var isActive: Bool {
    get { installedOn != nil }
    set {
      if newValue { install() } else { uninstall() }
    }
  }

  /// Activates each constraint.
  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for c in constraints { c.isActive = true }
  }

  /// Deactivates each constraint.
  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for c in constraints { c.isActive = false }
  }

  func install(on view: UIView? = nil) {
    guard installedOn == nil, let first = firstLayoutItem else { return }
    let target: UIView
    if let view {
      target = view
    } else {
      guard let ancestor = nearestCommonAncestor(first, secondLayoutItem) else {
        Simulation.current.warn(
          "Unable to activate constraint with anchors \(anchorDescription(first, firstAttribute)) and \(secondLayoutItem.map { anchorDescription($0, secondAttribute) } ?? "nil") because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.",
          kind: .other)
        return
      }
      target = ancestor
    }
    installedOn = target
    let state = target.simulation.autoLayout
    state.activationCounter += 1
    activationOrder = state.activationCounter
    target.layoutState.constraints.append(self)
    reportedAsBroken = false
    constraintDidChange()
  }

  func uninstall() {
    guard let view = installedOn else { return }
    constraintDidChange()
    view.layoutState.constraints.removeAll { $0 === self }
    installedOn = nil
  }

  /// Tells the engine to solve again and the affected views to lay out.
  func constraintDidChange() {
    guard installedOn != nil else { return }
    for item in [firstLayoutItem, secondLayoutItem] {
      guard let view = item?.layoutOwnerView else { continue }
      view.invalidateConstraintLayout()
    }
  }

  // MARK: Description

  open override var description: String { mainActorState { constraintDescription } }

  private var constraintDescription: String {
    var text = "<\(autoresizingDescription == nil ? "NSLayoutConstraint" : "NSAutoresizingMaskLayoutConstraint"):\(debugPointer)"
    if let identifier { text += " '\(identifier)'" }
    text += " "
    if let mask = autoresizingDescription { text += mask + " " }
    text += equationDescription
    text += "   (\(isActive ? "active" : "inactive"))>"
    return text
  }

  /// `UIView:0x….width == 0.5*UIView:0x….width + 10`, as UIKit prints it.
  var equationDescription: String {
    let lhs = firstLayoutItem.map { "\($0.layoutDebugName).\(firstAttribute.name)" } ?? "nil"
    let rel = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
    var rhs = ""
    if let second = secondLayoutItem {
      if multiplier != 1 { rhs += "\(format(Double(multiplier)))*" }
      rhs += "\(second.layoutDebugName).\(secondAttribute.name)"
      if constant > 0 { rhs += " + \(format(Double(constant)))" }
      if constant < 0 { rhs += " - \(format(Double(-constant)))" }
    } else {
      rhs = format(Double(constant))
    }
    return "\(lhs) \(rel) \(rhs)"
  }

  var debugPointer: String { "0x" + String(0x6000_0000 + debugID, radix: 16) }
}

extension NSLayoutConstraint.Attribute {
  /// The attribute's name in UIKit's logs.
  var name: String {
    switch self {
    case .left: "left"
    case .right: "right"
    case .top: "top"
    case .bottom: "bottom"
    case .leading: "leading"
    case .trailing: "trailing"
    case .width: "width"
    case .height: "height"
    case .centerX: "centerX"
    case .centerY: "centerY"
    case .lastBaseline: "lastBaseline"
    case .firstBaseline: "firstBaseline"
    case .leftMargin: "leftMargin"
    case .rightMargin: "rightMargin"
    case .topMargin: "topMargin"
    case .bottomMargin: "bottomMargin"
    case .leadingMargin: "leadingMargin"
    case .trailingMargin: "trailingMargin"
    case .centerXWithinMargins: "centerXWithinMargins"
    case .centerYWithinMargins: "centerYWithinMargins"
    case .notAnAttribute: "notAnAttribute"
    }
  }

  /// Whether the attribute is horizontal.
  var isHorizontal: Bool {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
      .trailingMargin, .centerXWithinMargins: true
    default: false
    }
  }
}

/// A view or layout guide: something constraints can relate.
protocol LayoutItem: AnyObject {
  /// The view itself, or the guide's owning view.
  var layoutOwnerView: UIView? { get }
  /// How logs name the item (`UIView:0x…`, `UILayoutGuide:0x…'UIViewSafeAreaLayoutGuide'`).
  var layoutDebugName: String { get }
}

extension UIView: LayoutItem {
  var layoutOwnerView: UIView? { self }
  var layoutDebugName: String { "\(type(of: self)):\(debugPointer)" }
}

private func anchorDescription(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute) -> String {
  "<\(attribute.isHorizontal ? "NSLayoutXAxisAnchor" : "NSLayoutYAxisAnchor"):\(item.layoutDebugName).\(attribute.name)>"
}

/// The nearest view that contains both items (for a guide: its owning view).
func nearestCommonAncestor(_ a: LayoutItem, _ b: LayoutItem?) -> UIView? {
  guard let viewA = a.layoutOwnerView else { return nil }
  guard let b else { return viewA }
  guard let viewB = b.layoutOwnerView else { return nil }
  var ancestors: [ObjectIdentifier] = []
  var v: UIView? = viewA
  while let view = v {
    ancestors.append(ObjectIdentifier(view))
    v = view.superview
  }
  var w: UIView? = viewB
  while let view = w {
    if ancestors.contains(ObjectIdentifier(view)) { return view }
    w = view.superview
  }
  return nil
}
