// UIAlertController and UIAlertAction: alerts and action sheets, presented
// with `present(_:animated:completion:)` like any controller.
//
// Documented (Apple's reference): an alert controller is created with a
// title, a message and a preferred style, actions are added with
// `addAction(_:)` ("in the order in which you add them"), text fields with
// `addTextField(configurationHandler:)` (alerts only: "You can add a text
// field only if the preferredStyle property is set to
// UIAlertController.Style.alert"), `preferredAction` must be one of
// `actions`; a `UIAlertAction`'s handler is "A block to execute when the
// user selects the action", and a disabled action does nothing.
//
// The engine's choices (Apple publishes no geometry or timing): an alert is
// a 270-pt-wide box at the centre of the screen that fades in from 1.2×
// size over 0.4 s (ease-out) over a black dimming view at 0.2 alpha, and
// fades out over 0.25 s; an action sheet spans the screen less 8 pt on
// each side, its cancel action in a box of its own, 8 pt above the bottom
// safe area, and slides up from below over 0.4 s (ease-out), down over
// 0.3 s (ease-in). Rows are 44 pt (alert) and 57 pt (action sheet); two
// actions in an alert sit side by side, more are stacked with the cancel
// action last. A tap on an enabled action's row dismisses the alert
// (animated) and calls the handler once the dismissal has completed.
//
// Like UIKit's, the alert controller presents itself: its
// `modalPresentationStyle` resolves `.automatic` to `.custom`, and a
// transitioning delegate of its own vends the presentation controller
// (the dimming view) and the animator, so the trace shows the usual
// custom-presentation dance.

// MARK: - UIAlertAction

/// An action an alert shows as a button (UIKit's `UIAlertAction`).
@MainActor @preconcurrency
open class UIAlertAction: NSObject {
  /// How an action looks and where it goes.
  public enum Style: Int, Sendable {
    case `default` = 0
    case cancel = 1
    case destructive = 2
  }

  /// The button's title.
  open private(set) var title: String?
  /// The action's style.
  open private(set) var style: Style
  /// Whether a tap on the action does anything (default true).
  open var isEnabled = true
  let handler: ((UIAlertAction) -> Void)?

  /// What `description` says, fixed at creation (title and style never change).
  private nonisolated let summary: String

  /// Creates an action; `handler` runs when the user selects it.
  public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
    summary = "<UIAlertAction: title = \"\(title ?? "")\", style = \(style)>"
    super.init()
  }

  open override nonisolated var description: String { summary }
}

// MARK: - UIAlertController

/// An alert or action sheet (UIKit's `UIAlertController`).
@MainActor @preconcurrency
open class UIAlertController: UIViewController {
  /// An alert at the centre, or an action sheet from the bottom.
  public enum Style: Int, Sendable {
    case actionSheet = 0
    case alert = 1
  }

  /// The message under the title.
  open var message: String?
  /// The style the alert was made with.
  open private(set) var preferredStyle: Style = .alert
  /// The actions, in the order they were added.
  open private(set) var actions: [UIAlertAction] = []
  /// The action the alert emphasises; must be one of `actions`.
  open var preferredAction: UIAlertAction? {
    didSet {
      if let action = preferredAction {
        precondition(actions.contains { $0 === action },
                     "The -preferredAction of an alert controller must be contained in its -actions")
      }
    }
  }
  private var fields: [UITextField] = []
  /// The text fields added with `addTextField(configurationHandler:)`, or nil if none.
  open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }

  /// The delegate the alert presents itself with (UIKit's alert is its own).
  private lazy var alertTransitioning = AlertTransitioning()

  /// Creates an alert controller.
  public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
    transitioningDelegate = alertTransitioning
  }

  /// Adds an action. An alert has at most one `.cancel` action: a second
  /// traps, as UIKit raises.
  open func addAction(_ action: UIAlertAction) {
    if action.style == .cancel {
      precondition(!actions.contains { $0.style == .cancel },
                   "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
    }
    actions.append(action)
  }

  /// Adds a text field (alerts only: an action sheet traps, as UIKit raises).
  open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
    precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
    let field = UITextField(frame: .zero)
    fields.append(field)
    configurationHandler?(field)
  }

  override var automaticPresentationStyle: UIModalPresentationStyle { .custom }

  // MARK: The view

  open override func loadView() {
    let box = UIView(frame: .zero)
    view = box
  }

  /// Builds the box (or an action sheet's two boxes) for `width` and
  /// returns its size; called when the presentation starts.
  func layOut(width: CGFloat) -> CGSize {
    let root = view!
    root.subviews.forEach { $0.removeFromSuperview() }
    switch preferredStyle {
    case .alert:
      root.backgroundColor = .systemBackground
      root.layer.cornerRadius = 14
      let height = build(in: root, width: width, rowHeight: 44, actions: orderedActions, sideBySide: actions.count == 2)
      return CGSize(width: width, height: height)
    case .actionSheet:
      root.backgroundColor = nil
      let main = UIView(frame: .zero)
      main.accessibilityIdentifier = title.map { "\($0) actions" } ?? "actions"
      main.backgroundColor = .systemBackground
      main.layer.cornerRadius = 13
      root.addSubview(main)
      let others = actions.filter { $0.style != .cancel }
      let mainHeight = build(in: main, width: width, rowHeight: 57, actions: others, sideBySide: false)
      main.frame = CGRect(x: 0, y: 0, width: width, height: mainHeight)
      guard let cancel = actions.first(where: { $0.style == .cancel }) else {
        return CGSize(width: width, height: mainHeight)
      }
      let group = UIView(frame: CGRect(x: 0, y: mainHeight + 8, width: width, height: 57))
      group.accessibilityIdentifier = "cancel"
      group.backgroundColor = .systemBackground
      group.layer.cornerRadius = 13
      root.addSubview(group)
      _ = build(in: group, width: width, rowHeight: 57, actions: [cancel], sideBySide: false, header: false)
      return CGSize(width: width, height: mainHeight + 8 + 57)
    }
  }

  /// Stacked alerts put the cancel action last; two actions keep theirs.
  private var orderedActions: [UIAlertAction] {
    if actions.count == 2 { return actions }
    return actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
  }

  private func build(in box: UIView, width: CGFloat, rowHeight: CGFloat, actions: [UIAlertAction],
                     sideBySide: Bool, header: Bool = true) -> CGFloat {
    var y: CGFloat = 0
    if header && (title != nil || message != nil || !fields.isEmpty) {
      y = 20
      if let title {
        let label = UILabel(frame: CGRect(x: 16, y: y, width: width - 32, height: 22))
        label.text = title
        label.font = .boldSystemFont(ofSize: 17)
        label.textAlignment = .center
        box.addSubview(label)
        y += 22
      }
      if let message {
        let lines = max(1, (message.count + 35) / 36)
        let label = UILabel(frame: CGRect(x: 16, y: y + 4, width: width - 32, height: CGFloat(lines) * 18))
        label.text = message
        label.font = .systemFont(ofSize: 13)
        label.numberOfLines = 0
        label.textAlignment = .center
        box.addSubview(label)
        y += 4 + CGFloat(lines) * 18
      }
      for field in fields {
        field.frame = CGRect(x: 16, y: y + 8, width: width - 32, height: 24)
        box.addSubview(field)
        y += 8 + 24
      }
      y += 20
    }
    if sideBySide {
      for (index, action) in actions.enumerated() {
        let row = AlertActionRow(action: action, alert: self)
        row.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: rowHeight)
        box.addSubview(row)
      }
      return y + rowHeight
    }
    for action in actions {
      let row = AlertActionRow(action: action, alert: self)
      row.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
      box.addSubview(row)
      y += rowHeight
    }
    return y
  }

  /// A tap on an action's row: dismiss, then call the handler.
  func select(_ action: UIAlertAction) {
    guard action.isEnabled, presentingViewController != nil, !isBeingDismissed else { return }
    simulation.record(.note, "UIKit", "\(traceName): the user selects \"\(action.title ?? "")\"")
    dismiss(animated: true) {
      action.handler?(action)
    }
  }
}

/// One action's button: a box with the action's title, tapped by a
/// recognizer of the engine's (scripted touches reach gesture recognizers).
final class AlertActionRow: UIView {
  let action: UIAlertAction
  weak var alert: UIAlertController?

  init(action: UIAlertAction, alert: UIAlertController) {
    self.action = action
    self.alert = alert
    super.init(frame: .zero)
    accessibilityIdentifier = action.title
    let label = UILabel(frame: .zero)
    label.text = action.title
    label.textAlignment = .center
    label.font = alert.preferredAction === action || action.style == .cancel ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
    label.textColor = action.style == .destructive ? .systemRed : (action.isEnabled ? .systemBlue : .systemGray)
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(label)
    let tap = UITapGestureRecognizer(target: self, action: Selector(AlertActionRow.tapped, name: "alert action"))
    addGestureRecognizer(tap)
  }

  required init?(coder: NSCoder) { fatalError("not decoded") }

  override func layoutSubviews() {
    super.layoutSubviews()
    subviews.first?.frame = bounds
  }

  func tapped() { alert?.select(action) }
}

// MARK: - Presentation

/// The alert's own transitioning delegate.
final class AlertTransitioning: NSObject, UIViewControllerTransitioningDelegate {
  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController? {
    AlertPresentationController(presentedViewController: presented, presenting: presenting)
  }

  func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                           source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    AlertAnimator(presenting: true)
  }

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    AlertAnimator(presenting: false)
  }

  override var description: String { "UIAlertController" }
}

/// Dims what is behind the alert and places it.
final class AlertPresentationController: UIPresentationController {
  private let dimming: UIView = {
    let view = UIView(frame: .zero)
    view.accessibilityIdentifier = "alert dimming"
    view.backgroundColor = UIColor.black.withAlphaComponent(0.2)
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    return view
  }()

  private var alert: UIAlertController? { presentedViewController as? UIAlertController }

  override var frameOfPresentedViewInContainerView: CGRect {
    guard let container = containerView, let alert else { return super.frameOfPresentedViewInContainerView }
    let bounds = container.bounds
    switch alert.preferredStyle {
    case .alert:
      let size = alert.layOut(width: min(270, bounds.width - 32))
      return CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height)
    case .actionSheet:
      let size = alert.layOut(width: bounds.width - 16)
      let bottom = max(container.window?.safeAreaInsets.bottom ?? 0, 0) + 8
      return CGRect(x: 8, y: bounds.height - bottom - size.height, width: size.width, height: size.height)
    }
  }

  override func presentationTransitionWillBegin() {
    guard let container = containerView else { return }
    dimming.frame = container.bounds
    dimming.alpha = 0
    container.insertSubview(dimming, at: 0)
    let dimming = self.dimming
    if let coordinator = presentedViewController.transitionCoordinator {
      coordinator.animate(alongsideTransition: { _ in dimming.alpha = 1 })
    } else {
      dimming.alpha = 1
    }
  }

  override func presentationTransitionDidEnd(_ completed: Bool) {
    if !completed { dimming.removeFromSuperview() }
  }

  override func dismissalTransitionWillBegin() {
    let dimming = self.dimming
    if let coordinator = presentedViewController.transitionCoordinator {
      coordinator.animate(alongsideTransition: { _ in dimming.alpha = 0 })
    } else {
      dimming.alpha = 0
    }
  }

  override func dismissalTransitionDidEnd(_ completed: Bool) {
    if completed { dimming.removeFromSuperview() }
  }
}

/// The alert's motion: an alert fades in from 1.2× and fades out; an action
/// sheet slides up from below and back down.
final class AlertAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  static let presentDuration: TimeInterval = 0.4
  static let alertDismissDuration: TimeInterval = 0.25
  static let sheetDismissDuration: TimeInterval = 0.3
  let presenting: Bool

  init(presenting: Bool) { self.presenting = presenting }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    if presenting { return Self.presentDuration }
    let alert = transitionContext?.viewController(forKey: .from) as? UIAlertController
    return alert?.preferredStyle == .actionSheet ? Self.sheetDismissDuration : Self.alertDismissDuration
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let key: UITransitionContextViewControllerKey = presenting ? .to : .from
    guard let alert = transitionContext.viewController(forKey: key) as? UIAlertController,
          let view = transitionContext.view(forKey: presenting ? .to : .from) ?? alert.viewIfLoaded else {
      transitionContext.completeTransition(true)
      return
    }
    let duration = transitionDuration(using: transitionContext)
    let sheet = alert.preferredStyle == .actionSheet
    let finish: (Bool) -> Void = { _ in
      let cancelled = transitionContext.transitionWasCancelled
      if !self.presenting && !cancelled { view.removeFromSuperview() }
      transitionContext.completeTransition(!cancelled)
    }
    if presenting {
      let final = transitionContext.finalFrame(for: alert)
      container.addSubview(view)
      view.frame = final
      if sheet {
        view.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: { view.frame = final },
                       completion: finish)
      } else {
        view.alpha = 0
        view.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: {
          view.alpha = 1
          view.transform = .identity
        }, completion: finish)
      }
    } else if sheet {
      let target = view.frame.offsetBy(dx: 0, dy: container.bounds.height - view.frame.minY)
      UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn, animations: { view.frame = target },
                     completion: finish)
    } else {
      UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: { view.alpha = 0 },
                     completion: finish)
    }
  }

  override var description: String { "UIKit alert animator" }
}
