// The layout engine: turns the active constraints of a view tree into a
// LayoutSolver problem, solves it, and gives each view its frame in its
// superview's layout pass (as UIKit's engine does before `layoutSubviews`).
//
// One engine per view tree (the window, or the topmost view of a detached
// tree). Variables per item: the frame's minX, minY, width and height in
// the superview's (a guide: its owning view's) bounds coordinates.

/// Auto Layout state of one simulation.
final class AutoLayoutState {
  /// Changes whenever a constraint, the hierarchy or an intrinsic size changes.
  var generation = 0
  /// Whether any constraint was ever activated (otherwise layout skips the engine).
  var isInUse = false
  /// Orders constraints by activation.
  var activationCounter = 0
  /// Whether some safe area may be non-zero (the device has insets, or a
  /// controller set `additionalSafeAreaInsets`): layout passes then look
  /// for changed insets (UIKit/SafeArea.swift). Until then they skip it.
  var tracksSafeArea = false
}

/// Auto Layout state of one view.
final class ViewLayoutState {
  /// Constraints installed on the view (it is their items' nearest common ancestor).
  var constraints: [NSLayoutConstraint] = []
  /// Layout guides the view owns (added ones, then the system ones when made).
  var guides: [UILayoutGuide] = []
  var safeAreaGuide: UILayoutGuide?
  var marginsGuide: UILayoutGuide?
  var huggingPriority: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
  var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
  /// The latest solution, kept on the tree's root view.
  var solution: LayoutSolution?
  var needsUpdateConstraints = false
}

/// A solved layout of one view tree.
final class LayoutSolution {
  let generation: Int
  /// Items' frames in their superview's (owning view's) bounds coordinates.
  var frames: [ObjectIdentifier: CGRect] = [:]
  /// What the solution was computed from: views whose frames (or margins)
  /// were constants of the problem, with the numbers used.
  var inputs: [(view: UIView, numbers: [Double])] = []

  init(generation: Int) { self.generation = generation }

  func frame(of item: LayoutItem) -> CGRect? { frames[ObjectIdentifier(item)] }
}

/// The engine's frame of a view: from its center and bounds, ignoring the
/// transform (Auto Layout positions the untransformed frame, as UIKit does).
func untransformedFrame(_ view: UIView) -> CGRect {
  let size = view.bounds.size
  return CGRect(x: view.center.x - size.width / 2, y: view.center.y - size.height / 2,
                width: size.width, height: size.height)
}

extension UIView {
  /// The view's Auto Layout state, created on first use.
  var layoutState: ViewLayoutState {
    if let state = layoutStateStorage { return state }
    let state = ViewLayoutState()
    layoutStateStorage = state
    return state
  }

  /// The root of the view's tree (its engine).
  var layoutRoot: UIView {
    var view = self
    while let parent = view.superview { view = parent }
    return view
  }

  /// Something the engine depends on changed: solve again at the next layout pass.
  func invalidateConstraintLayout() {
    let state = simulation.autoLayout
    state.isInUse = true
    state.generation += 1
    layoutRoot.setNeedsLayout()
    superview?.setNeedsLayout()
  }

  /// Hierarchy changed (a view moved in or out): solve again if constraints are in use.
  func hierarchyDidChangeForLayout() {
    guard simulation.autoLayout.isInUse else { return }
    simulation.autoLayout.generation += 1
  }

  /// UIKit removes the constraints that tie a subtree to the views outside it
  /// when the subtree leaves its superview.
  func removeConstraintsCrossing(fromParent parent: UIView) {
    guard simulation.autoLayout.isInUse else { return }
    var ancestor: UIView? = parent
    while let view = ancestor {
      if let state = view.layoutStateStorage {
        for constraint in state.constraints where constraint.involves(subtree: self) {
          constraint.isActive = false
        }
      }
      ancestor = view.superview
    }
    simulation.autoLayout.generation += 1
  }

  /// Before `layoutSubviews`: give the subviews (and a root view itself) the frames the engine solved.
  func applyConstraintLayout() {
    guard simulation.autoLayout.isInUse, let solution = layoutRoot.currentLayoutSolution() else { return }
    if superview == nil, !translatesAutoresizingMaskIntoConstraints, let frame = solution.frame(of: self) {
      setEngineSize(frame.size)
    }
    for view in subviews where !view.translatesAutoresizingMaskIntoConstraints {
      if let frame = solution.frame(of: view) { view.setEngineFrame(frame) }
    }
  }

  private func setEngineFrame(_ frame: CGRect) {
    let f = frame.roundedToPixels(scale: simulation.device.scale)
    setEngineSize(f.size)
    let center = CGPoint(x: f.midX, y: f.midY)
    if self.center != center { self.center = center }
  }

  private func setEngineSize(_ size: CGSize) {
    if bounds.size != size { bounds = CGRect(origin: bounds.origin, size: size) }
  }

  /// The tree's solution, solving again when something it depends on changed.
  func currentLayoutSolution() -> LayoutSolution? {
    let generation = simulation.autoLayout.generation
    if let solution = layoutState.solution, solution.generation == generation,
       solution.inputs.allSatisfy({ $0.view.layoutInputNumbers() == $0.numbers }) {
      return solution
    }
    let solution = LayoutProblem(root: self).solve(generation: generation)
    layoutState.solution = solution
    return solution
  }

  /// The numbers a view contributes as a constant of the problem.
  func layoutInputNumbers() -> [Double] {
    let f = untransformedFrame(self)
    let m = layoutMargins, s = safeAreaInsets
    return [f.minX, f.minY, f.width, f.height, bounds.minX, bounds.minY,
            m.top, m.left, m.bottom, m.right, s.top, s.left, s.bottom, s.right].map { Double($0) }
  }

  /// The view's safe-area insets (UIKit/SafeArea.swift): zero off screen;
  /// a window's from the device; any other view's the part of its
  /// superview's safe-area insets it overlaps, plus its controller's
  /// `additionalSafeAreaInsets`.
  func computedSafeAreaInsets() -> UIEdgeInsets {
    // No device insets and no additional insets were ever set: all zero.
    guard simulation.autoLayout.tracksSafeArea else { return .zero }
    // Apple: "If the view is not currently installed in a view hierarchy,
    // or is not yet visible onscreen, the edge insets in this property are 0."
    guard let window, !window.isHidden else { return .zero }
    var insets = UIEdgeInsets.zero
    if self === window {
      insets = window.deviceSafeAreaInsets()
    } else if let parent = superview {
      let parentInsets = parent.safeAreaInsets
      if parentInsets != .zero {
        let safe = parent.bounds.inset(by: parentInsets)
        let f = untransformedFrame(self)
        insets = UIEdgeInsets(top: max(0, safe.minY - f.minY), left: max(0, safe.minX - f.minX),
                              bottom: max(0, f.maxY - safe.maxY), right: max(0, f.maxX - safe.maxX))
      }
    }
    // A container's bars (navigation bar, toolbar, tab bar) cover its child's view.
    if let bars = containerBarInsets() {
      insets.top = max(insets.top, bars.top)
      insets.bottom = max(insets.bottom, bars.bottom)
    }
    if let extra = owningController?.additionalSafeAreaInsets {
      insets.top += extra.top
      insets.left += extra.left
      insets.bottom += extra.bottom
      insets.right += extra.right
    }
    return insets
  }
}

extension NSLayoutConstraint {
  /// Whether one item is inside `subtree` and the other outside it.
  func involves(subtree: UIView) -> Bool {
    let inside = [firstLayoutItem, secondLayoutItem].compactMap { $0?.layoutOwnerView }
      .map { $0.isDescendant(of: subtree) }
    return inside.contains(true)
  }
}

extension CGRect {
  /// The rect with its edges on the pixel grid (UIKit rounds engine values this way).
  func roundedToPixels(scale: CGFloat) -> CGRect {
    func r(_ v: CGFloat) -> CGFloat { (v * scale).rounded() / scale }
    let x0 = r(minX), y0 = r(minY)
    return CGRect(x: x0, y: y0, width: r(maxX) - x0, height: r(maxY) - y0)
  }
}

/// The solver problem of one view tree.
struct LayoutProblem {
  let root: UIView
  private let solver: LayoutSolver

  /// Per item: its four variables.
  private struct Variables { var x: Int, y: Int, width: Int, height: Int }
  private var variables: [ObjectIdentifier: Variables] = [:]
  /// Items in the order they got variables (ancestors before descendants).
  private var items: [LayoutItem] = []

  /// Size constraints of `systemLayoutSizeFitting` (empty for a layout pass).
  private let fitting: [NSLayoutConstraint]

  init(root: UIView, fitting: [NSLayoutConstraint] = [], explainsConflicts: Bool = false) {
    self.root = root
    self.fitting = fitting
    solver = LayoutSolver(explainsConflicts: explainsConflicts)
  }

  /// Priority of the "stay where you are" constraints that settle ambiguity:
  /// below every priority UIKit accepts (1…1000).
  static let stayPriority = 0.001

  /// Solves; required constraints that conflict are broken (reported once each) and left out.
  func solve(generation: Int) -> LayoutSolution? {
    var constraints: [NSLayoutConstraint] = []
    var guidesInTree: [UILayoutGuide] = []
    collect(root, &constraints, &guidesInTree)
    // Nothing to solve: an empty solution (cached like any other).
    guard !constraints.isEmpty || !guidesInTree.isEmpty || !fitting.isEmpty else {
      return LayoutSolution(generation: generation)
    }
    constraints.sort { $0.activationOrder < $1.activationOrder }
    constraints += fitting
    var broken: Set<ObjectIdentifier> = []
    var explaining = false
    while true {
      var attempt = LayoutProblem(root: root, fitting: fitting, explainsConflicts: explaining)
      do {
        let solution = try attempt.build(constraints, guidesInTree, skipping: broken, generation: generation)
        return solution
      } catch let conflict as ConstraintConflict {
        // Solve again, tracking every required equality, to list the conflicting constraints.
        guard explaining else {
          explaining = true
          continue
        }
        explaining = false
        broken.insert(ObjectIdentifier(conflict.broken))
        if !conflict.broken.reportedAsBroken {
          conflict.broken.reportedAsBroken = true
          root.simulation.warn(unsatisfiableMessage(conflict), kind: .unsatisfiableConstraints)
        }
      } catch {
        return nil
      }
    }
  }

  private func collect(_ view: UIView, _ constraints: inout [NSLayoutConstraint], _ guides: inout [UILayoutGuide]) {
    if let state = view.layoutStateStorage {
      constraints += state.constraints
      guides += state.guides
    }
    for sub in view.subviews { collect(sub, &constraints, &guides) }
  }

  struct ConstraintConflict: Error {
    var broken: NSLayoutConstraint
    var conflicting: [NSLayoutConstraint]
  }

  private mutating func build(_ constraints: [NSLayoutConstraint], _ guides: [UILayoutGuide],
                              skipping broken: Set<ObjectIdentifier>, generation: Int) throws -> LayoutSolution {
    // Variables for every item and its ancestors.
    for c in constraints {
      if let a = c.firstLayoutItem { _ = variables(for: a) }
      if let b = c.secondLayoutItem { _ = variables(for: b) }
    }
    for guide in guides { _ = variables(for: guide) }

    // System constraints: tag -(index+1); app constraints: tag = index.
    var systemConstraints: [NSLayoutConstraint] = []
    let solution = LayoutSolution(generation: generation)
    var inputViews: [UIView] = []
    // Optional system constraints go in after the required ones (fewer pivots).
    var stays: [(Variables, CGRect)] = []
    var intrinsic: [(UIView, Variables)] = []
    for item in items {
      let v = variables[ObjectIdentifier(item)]!
      if let view = item as? UIView {
        if view === root {
          inputViews.append(view)
          if fitting.isEmpty && (view.translatesAutoresizingMaskIntoConstraints || view is UIWindow) {
            try addRequired(LinearExpression(variable: v.width) + Double(-view.bounds.width))
            try addRequired(LinearExpression(variable: v.height) + Double(-view.bounds.height))
          } else {
            stays.append((v, untransformedFrame(view)))
            intrinsic.append((view, v))
          }
        } else if view.translatesAutoresizingMaskIntoConstraints {
          inputViews.append(view)
          let made = autoresizingConstraints(view, v)
          systemConstraints += made
        } else {
          stays.append((v, untransformedFrame(view)))
          intrinsic.append((view, v))
        }
      } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
        if let insets = guide.systemInsets(of: owner) {
          inputViews.append(owner)
          let ov = variables[ObjectIdentifier(owner)]!
          try addRequired(LinearExpression(variable: v.x) + Double(-(owner.bounds.minX + insets.left)))
          try addRequired(LinearExpression(variable: v.y) + Double(-(owner.bounds.minY + insets.top)))
          try addRequired(LinearExpression(variable: v.width) - LinearExpression(variable: ov.width)
                            + Double(insets.left + insets.right))
          try addRequired(LinearExpression(variable: v.height) - LinearExpression(variable: ov.height)
                            + Double(insets.top + insets.bottom))
        } else {
          stays.append((v, guide.lastLayoutFrame))
        }
      }
    }
    // The autoresizing constraints are required and come first, as UIKit adds them when views move in.
    var added: [NSLayoutConstraint] = []
    for c in systemConstraints {
      try add(c, tag: -1 - added.count, added: &added)
    }
    for c in constraints where !broken.contains(ObjectIdentifier(c)) {
      try add(c, tag: added.count, added: &added)
    }
    for (view, v) in intrinsic { addIntrinsicSize(view, v) }
    for (v, frame) in stays { addStays(v, frame) }

    for item in items {
      let v = variables[ObjectIdentifier(item)]!
      solution.frames[ObjectIdentifier(item)] = CGRect(
        x: solver.value(of: v.x), y: solver.value(of: v.y),
        width: solver.value(of: v.width), height: solver.value(of: v.height))
    }
    if !fitting.isEmpty { return solution }
    for guide in guides where guide.owningView != nil {
      if let f = solution.frame(of: guide) { guide.lastLayoutFrame = f }
    }
    var seen: Set<ObjectIdentifier> = []
    for view in inputViews where seen.insert(ObjectIdentifier(view)).inserted {
      solution.inputs.append((view, view.layoutInputNumbers()))
    }
    markChangedViews(solution)
    return solution
  }

  /// Views whose solved frame differs from their frame: their superview lays out again.
  private func markChangedViews(_ solution: LayoutSolution) {
    let scale = root.simulation.device.scale
    for item in items {
      guard let view = item as? UIView, !view.translatesAutoresizingMaskIntoConstraints,
            let frame = solution.frame(of: view) else { continue }
      let current = untransformedFrame(view)
      let target = frame.roundedToPixels(scale: scale)
      if view === root {
        if current.size != target.size { view.setNeedsLayout() }
      } else if current != target {
        view.superview?.setNeedsLayout()
      }
    }
  }

  private var addedTags: [Int: NSLayoutConstraint] = [:]

  private mutating func add(_ c: NSLayoutConstraint, tag: Int, added: inout [NSLayoutConstraint]) throws {
    guard let first = c.firstLayoutItem else { return }
    var expr: LinearExpression
    if let translated = c as? AutoresizingConstraint {
      expr = translated.expression
    } else {
      expr = expression(first, c.firstAttribute)
      if let second = c.secondLayoutItem {
        expr = expr - expression(second, c.secondAttribute) * Double(c.multiplier)
      }
      expr = expr + Double(-c.constant)
    }
    let relation: LayoutSolver.Relation =
      c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
    let priority: Double? = c.priority.rawValue >= 1000 ? nil : Double(max(c.priority.rawValue, 0.01))
    addedTags[tag] = c
    do {
      try solver.add(expr, relation, priority: priority, tag: tag)
      added.append(c)
    } catch let error as LayoutSolver.Unsatisfiable {
      let conflicting = error.conflicting.compactMap { addedTags[$0] }
      throw ConstraintConflict(broken: c, conflicting: conflicting + [c])
    }
  }

  private mutating func addRequired(_ expr: LinearExpression) throws {
    try? solver.add(expr, .equal, priority: nil, tag: Int.min)
  }

  private mutating func addStays(_ v: Variables, _ frame: CGRect) {
    let values = [(v.x, frame.minX), (v.y, frame.minY), (v.width, frame.width), (v.height, frame.height)]
    for (variable, value) in values where !solver.isDetermined(variable) {
      try? solver.add(LinearExpression(variable: variable) + Double(-value), .equal,
                      priority: Self.stayPriority, tag: Int.min)
    }
  }

  /// Content hugging and compression resistance around the intrinsic size.
  private mutating func addIntrinsicSize(_ view: UIView, _ v: Variables) {
    let size = view.intrinsicContentSize
    let state = view.layoutStateStorage
    let hug = state?.huggingPriority ?? (.defaultLow, .defaultLow)
    let resist = state?.compressionResistance ?? (.defaultHigh, .defaultHigh)
    for (variable, value, hugging, resistance) in [(v.width, size.width, hug.horizontal, resist.horizontal),
                                                   (v.height, size.height, hug.vertical, resist.vertical)]
    where value != UIView.noIntrinsicMetric && value >= 0 {
      let e = LinearExpression(variable: variable) + Double(-value)
      try? solver.add(e, .lessThanOrEqual, priority: hugging.rawValue >= 1000 ? nil : Double(hugging.rawValue),
                      tag: Int.min)
      try? solver.add(e, .greaterThanOrEqual,
                      priority: resistance.rawValue >= 1000 ? nil : Double(resistance.rawValue), tag: Int.min)
    }
  }

  /// UIKit's translation of an autoresizing mask: along each axis, the
  /// margins and size are linear in the superview's size so that a resize
  /// shares the difference among the flexible parts in proportion to their
  /// current sizes (as autoresizing itself does).
  private mutating func autoresizingConstraints(_ view: UIView, _ v: Variables) -> [NSLayoutConstraint] {
    guard let parent = view.superview, let pv = variables[ObjectIdentifier(parent)] else { return [] }
    let f = untransformedFrame(view)
    let mask = view.autoresizingMask
    var made: [NSLayoutConstraint] = []
    func axis(_ lead: CGFloat, _ size: CGFloat, _ parentSize: CGFloat, origin: CGFloat,
              _ flexLead: Bool, _ flexSize: Bool, _ flexTrail: Bool,
              position: Int, length: Int, parentLength: Int, horizontal: Bool) {
      let trail = parentSize - lead - size
      let parts = [(flexLead, lead), (flexSize, size), (flexTrail, trail)]
      let fixed = parts.filter { !$0.0 }.map(\.1).reduce(0, +)
      let flexible = parts.filter(\.0)
      let flexTotal = flexible.map { max($0.1, 0) }.reduce(0, +)
      // share(i) = a_i × (P − fixed) with a_i = part_i / flexTotal (or 1/n when all are zero).
      func share(_ i: Int) -> (factor: Double, constant: Double) {
        guard parts[i].0 else { return (0, Double(parts[i].1)) }
        let a = flexTotal > 0 ? Double(max(parts[i].1, 0) / flexTotal) : 1 / Double(flexible.count)
        return (a, -a * Double(fixed))
      }
      let leadShare = share(0), sizeShare = share(1)
      // position = lead; length = size (each a × P + b).
      let positionExpr = LinearExpression(variable: position)
        - LinearExpression(variable: parentLength) * leadShare.factor + (-leadShare.constant - Double(origin))
      let lengthExpr = LinearExpression(variable: length)
        - LinearExpression(variable: parentLength) * sizeShare.factor + (-sizeShare.constant)
      made.append(autoresizingConstraint(view, horizontal ? .left : .top, positionExpr, mask))
      made.append(autoresizingConstraint(view, horizontal ? .width : .height, lengthExpr, mask))
    }
    axis(f.minX - parent.bounds.minX, f.width, parent.bounds.width, origin: parent.bounds.minX,
         mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin),
         position: v.x, length: v.width, parentLength: pv.width, horizontal: true)
    axis(f.minY - parent.bounds.minY, f.height, parent.bounds.height, origin: parent.bounds.minY,
         mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin),
         position: v.y, length: v.height, parentLength: pv.height, horizontal: false)
    return made
  }

  private func autoresizingConstraint(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute,
                                      _ expression: LinearExpression,
                                      _ mask: UIView.AutoresizingMask) -> NSLayoutConstraint {
    let c = AutoresizingConstraint(view: view, attribute: attribute, expression: expression)
    c.autoresizingDescription = mask.layoutDescription
    return c
  }

  // MARK: Variables and expressions

  private mutating func variables(for item: LayoutItem) -> Variables {
    if let v = variables[ObjectIdentifier(item)] { return v }
    if let view = item as? UIView, view !== root, let parent = view.superview { _ = variables(for: parent) }
    if let guide = item as? UILayoutGuide, let owner = guide.owningView { _ = variables(for: owner) }
    let v = Variables(x: solver.newVariable(), y: solver.newVariable(),
                      width: solver.newVariable(), height: solver.newVariable())
    variables[ObjectIdentifier(item)] = v
    items.append(item)
    return v
  }

  /// The left edge of an item in the root's bounds coordinates.
  private func absoluteLeft(_ item: LayoutItem) -> LinearExpression {
    let v = variables[ObjectIdentifier(item)]!
    if let view = item as? UIView {
      guard view !== root, let parent = view.superview else { return LinearExpression(constant: Double(view.bounds.minX)) }
      return LinearExpression(variable: v.x) + offsetX(parent)
    }
    guard let owner = (item as? UILayoutGuide)?.owningView else { return LinearExpression(variable: v.x) }
    return LinearExpression(variable: v.x) + offsetX(owner)
  }

  private func absoluteTop(_ item: LayoutItem) -> LinearExpression {
    let v = variables[ObjectIdentifier(item)]!
    if let view = item as? UIView {
      guard view !== root, let parent = view.superview else { return LinearExpression(constant: Double(view.bounds.minY)) }
      return LinearExpression(variable: v.y) + offsetY(parent)
    }
    guard let owner = (item as? UILayoutGuide)?.owningView else { return LinearExpression(variable: v.y) }
    return LinearExpression(variable: v.y) + offsetY(owner)
  }

  /// Maps a view's bounds x coordinate to the root's: absoluteLeft − bounds.minX.
  private func offsetX(_ view: UIView) -> LinearExpression {
    absoluteLeft(view) + Double(-view.bounds.minX)
  }

  private func offsetY(_ view: UIView) -> LinearExpression {
    absoluteTop(view) + Double(-view.bounds.minY)
  }

  /// An attribute as a linear expression (leading is left, trailing is right: left-to-right layout).
  private func expression(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression {
    let v = variables[ObjectIdentifier(item)]!
    let width = LinearExpression(variable: v.width), height = LinearExpression(variable: v.height)
    let margins = (item as? UIView)?.layoutMargins ?? .zero
    switch attribute {
    case .left, .leading: return absoluteLeft(item)
    case .right, .trailing: return absoluteLeft(item) + width
    case .top, .firstBaseline: return absoluteTop(item)
    case .bottom, .lastBaseline: return absoluteTop(item) + height
    case .width: return width
    case .height: return height
    case .centerX: return absoluteLeft(item) + width * 0.5
    case .centerY: return absoluteTop(item) + height * 0.5
    case .leftMargin, .leadingMargin: return absoluteLeft(item) + Double(margins.left)
    case .rightMargin, .trailingMargin: return absoluteLeft(item) + width + Double(-margins.right)
    case .topMargin: return absoluteTop(item) + Double(margins.top)
    case .bottomMargin: return absoluteTop(item) + height + Double(-margins.bottom)
    case .centerXWithinMargins:
      return absoluteLeft(item) + width * 0.5 + Double((margins.left - margins.right) / 2)
    case .centerYWithinMargins:
      return absoluteTop(item) + height * 0.5 + Double((margins.top - margins.bottom) / 2)
    case .notAnAttribute: return LinearExpression()
    }
  }

  // MARK: The console message

  private func unsatisfiableMessage(_ conflict: ConstraintConflict) -> String {
    var seen: Set<ObjectIdentifier> = []
    let list = conflict.conflicting.filter { seen.insert(ObjectIdentifier($0)).inserted }
      .sorted { $0.activationOrder < $1.activationOrder }
    var text = """
      [LayoutConstraints] Unable to simultaneously satisfy constraints.
      \tProbably at least one of the constraints in the following list is one you don't want. 
      \tTry this: 
      \t\t(1) look at each constraint and try to figure out which you don't expect; 
      \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 

      """
    if list.contains(where: { $0.autoresizingDescription != nil }) {
      text += "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) \n"
    }
    text += "(\n" + list.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
    text += "Will attempt to recover by breaking constraint \n\(conflict.broken)\n\n"
    text += "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
    text += "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."
    return text
  }
}

/// A constraint made from an autoresizing mask (UIKit's
/// `NSAutoresizingMaskLayoutConstraint`): `view.attribute == a × superview size + b`.
final class AutoresizingConstraint: NSLayoutConstraint {
  let expression: LinearExpression

  init(view: UIView, attribute: NSLayoutConstraint.Attribute, expression: LinearExpression) {
    self.expression = expression
    // The printed form: the value the mask gives now.
    let value: CGFloat = switch attribute {
    case .left: untransformedFrame(view).minX
    case .top: untransformedFrame(view).minY
    case .width: view.bounds.width
    default: view.bounds.height
    }
    super.init(first: view, attribute: attribute, relation: .equal, second: nil, attribute: .notAnAttribute,
               multiplier: 1, constant: value, debugID: view.debugID)
    activationOrder = -1
  }

  override var equationDescription: String {
    let name = firstLayoutItem?.layoutDebugName ?? "nil"
    let attr = switch firstAttribute {
    case .left: "minX"
    case .top: "minY"
    default: firstAttribute.name
    }
    return "\(name).\(attr) == \(format(Double(constant)))"
  }

  override var isActive: Bool {
    get { true }
    set {}
  }
}

extension UIView.AutoresizingMask {
  /// UIKit's `h=--& v=--&` notation: margin, size, margin; `-` fixed,
  /// `&` flexible (with nothing flexible, the trailing margin absorbs changes).
  var layoutDescription: String {
    func marks(_ a: UIView.AutoresizingMask, _ b: UIView.AutoresizingMask, _ c: UIView.AutoresizingMask) -> String {
      let none = !contains(a) && !contains(b) && !contains(c)
      return (contains(a) ? "&" : "-") + (contains(b) ? "&" : "-") + (contains(c) || none ? "&" : "-")
    }
    return "h=\(marks(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)) "
      + "v=\(marks(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin))"
  }
}
