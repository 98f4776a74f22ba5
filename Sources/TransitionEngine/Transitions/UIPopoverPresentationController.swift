// UIPopoverPresentationController (iOS 8): the presentation controller of
// `.popover`, and its adaptation.
//
// Quoted from Apple's reference (Transitions/Fidelity.md has the addresses):
// - UIModalPresentationStyle.popover: "In a horizontally regular
//   environment, this style displays the view controller in a popover view.
//   [...] taps outside the popover cause the popover to be dismissed. If you
//   do not want taps to dismiss the popover, you can assign one or more
//   views to the passthroughViews property"; "In iOS 13 and later, for
//   horizontally or vertically compact environments, this option behaves
//   the same as UIModalPresentationStyle.formSheet."
// - UIViewController.popoverPresentationController: "If the view
//   controller or one of its ancestors is managed by a popover presentation
//   controller, this property contains that object. [...] accessing this
//   property creates a popover presentation controller when the value in
//   the modalPresentationStyle property is UIModalPresentationStyle.popover.
//   If the modal presentation style is a different value, this property is nil."
// - arrowDirection: "When the popover is onscreen, this property reflects
//   the actual arrow direction. Before and after presentation, the value of
//   this property is unknown."
// - permittedArrowDirections: "The default value of this property is any."
// - sourceRect: "In iOS 13.2 and later, the default value is CGRectNull,
//   which instructs the system to use the current frame of sourceView."
// - UIModalPresentationStyle.none: return it from the adaptive delegate
//   "when you do not want a presentation controller to adapt the style".
//
// Every engine device is an iPhone: compact width in portrait, compact
// height in landscape (even the large phones, regular width there). So a
// popover is a popover only when the delegate answers `.none`; otherwise
// it adapts, to a sheet (the form sheet of a compact iPhone) by default.
//
// The placement of a popover shown as one is the engine's: the content
// (`preferredContentSize`, else 320 × 480) beside the source rect, 13
// points away for the arrow, kept 10 points inside the container's safe
// area; the first permitted direction that fits, in the order arrow up
// (the popover below the source), down, left, right; else the permitted
// direction with the most room, the content shortened to fit. The engine
// draws no arrow and no popover chrome: the film shows the presented view.

/// The directions a popover's arrow may point.
public struct UIPopoverArrowDirection: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The arrow points up: the popover is below its source.
  public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
  /// The arrow points down: the popover is above its source.
  public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
  /// The arrow points left: the popover is to the right of its source.
  public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
  /// The arrow points right: the popover is to the left of its source.
  public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
  /// Any direction.
  public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
  /// Not known (before and after a presentation).
  public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// Something a popover can be anchored to: a view or a bar button item (iOS 16).
@MainActor @preconcurrency
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

extension UIView: UIPopoverPresentationControllerSourceItem {}
extension UIBarButtonItem: UIPopoverPresentationControllerSourceItem {}

/// The popover's delegate: the adaptive delegate plus the popover's own calls. All optional.
@MainActor @preconcurrency
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
  /// The popover is about to be presented (asked when it shows as a popover).
  func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
}

extension UIPopoverPresentationControllerDelegate {
  public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
    OptionalRequirement.markDefault()
  }
}

/// The presentation controller of `.popover` (`viewController.popoverPresentationController`).
@MainActor @preconcurrency
open class UIPopoverPresentationController: UIPresentationController {
  /// The view the source rect is in.
  open var sourceView: UIView?
  /// The anchor in `sourceView`'s coordinates; null (the default) means its bounds.
  open var sourceRect = CGRect.null
  /// The item the popover is anchored to (iOS 16): a view or a bar button item.
  open var sourceItem: (any UIPopoverPresentationControllerSourceItem)?
  /// The bar button item the popover is anchored to (the `sourceItem` when it is one).
  open var barButtonItem: UIBarButtonItem? {
    get { sourceItem as? UIBarButtonItem }
    set { sourceItem = newValue }
  }
  /// The directions the arrow may take; `.any` by default (Apple).
  open var permittedArrowDirections: UIPopoverArrowDirection = .any
  /// The arrow's direction while the popover is on screen; `.unknown` before and after (Apple).
  open internal(set) var arrowDirection: UIPopoverArrowDirection = .unknown
  /// The popover's background colour. Kept; the engine draws no popover chrome.
  open var backgroundColor: UIColor?
  /// Views that keep receiving touches while the popover shows (taps on them do not dismiss it).
  open var passthroughViews: [UIView]?

  /// The sheet the popover becomes when it adapts to a sheet (iOS 15).
  open var adaptiveSheetPresentationController: UISheetPresentationController {
    if let sheet = adaptiveSheet { return sheet }
    let sheet = UISheetPresentationController(presentedViewController: presentedViewController,
                                              presenting: presentingStorageForSheet)
    adaptiveSheet = sheet
    return sheet
  }
  private var adaptiveSheet: UISheetPresentationController?
  private weak var presentingStorageForSheet: UIViewController?

  /// The style this presentation ended up with (`.popover` when not adapted).
  var shownStyle: UIModalPresentationStyle = .popover
  private var dismissTap: PopoverDismissTapRecognizer?

  public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    presentingStorageForSheet = presentingViewController
    super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
  }

  open override var presentationStyle: UIModalPresentationStyle { .popover }
  open override var shouldPresentInFullscreen: Bool { shownStyle == .fullScreen || shownStyle == .overFullScreen }

  /// Engine's choices (see the file's opening comment).
  static let arrowLength: CGFloat = 13
  static let edgeMargin: CGFloat = 10
  static let defaultContentSize = CGSize(width: 320, height: 480)

  /// Shown as a popover: beside the source rect; adapted: the whole container.
  open override var frameOfPresentedViewInContainerView: CGRect {
    guard let container = containerView else { return .zero }
    guard shownStyle == .popover else { return container.bounds }
    return placement(in: container).frame
  }

  // MARK: Placement

  /// The anchor in the container's coordinates, if the popover has one.
  func anchorRect(in container: UIView) -> CGRect? {
    if let view = sourceItem as? UIView, view.window != nil {
      return view.convert(view.bounds, to: container)
    }
    if let item = sourceItem as? UIBarButtonItem, let view = item.anchorView, view.window != nil {
      return view.convert(view.bounds, to: container)
    }
    if let view = sourceView, view.window != nil {
      let rect = sourceRect.isNull ? view.bounds : sourceRect
      return view.convert(rect, to: container)
    }
    return nil
  }

  /// The content's frame and the arrow's direction (engine's arithmetic).
  func placement(in container: UIView) -> (frame: CGRect, direction: UIPopoverArrowDirection) {
    let available = container.bounds.inset(by: container.safeAreaInsets)
      .insetBy(dx: Self.edgeMargin, dy: Self.edgeMargin)
    let preferred = presentedViewController.preferredContentSize
    var size = CGSize(width: preferred.width > 0 ? preferred.width : Self.defaultContentSize.width,
                      height: preferred.height > 0 ? preferred.height : Self.defaultContentSize.height)
    size.width = min(size.width, available.width)
    size.height = min(size.height, available.height)
    guard let anchor = anchorRect(in: container) else {
      // No anchor (UIKit raises an exception; the engine warned): centred.
      let frame = CGRect(x: available.midX - size.width / 2, y: available.midY - size.height / 2,
                         width: size.width, height: size.height)
      return (frame, .unknown)
    }
    var permitted = permittedArrowDirections
    if permitted == .unknown || permitted.intersection(.any).isEmpty { permitted = .any }
    let arrow = Self.arrowLength
    let order: [UIPopoverArrowDirection] = [.up, .down, .left, .right].filter { permitted.contains($0) }
    func room(_ direction: UIPopoverArrowDirection) -> CGFloat {
      switch direction {
      case .up: return available.maxY - (anchor.maxY + arrow)
      case .down: return anchor.minY - arrow - available.minY
      case .left: return available.maxX - (anchor.maxX + arrow)
      default: return anchor.minX - arrow - available.minX
      }
    }
    func needed(_ direction: UIPopoverArrowDirection) -> CGFloat {
      direction == .up || direction == .down ? size.height : size.width
    }
    let direction = order.first { room($0) >= needed($0) }
      ?? order.max { room($0) < room($1) } ?? .up
    var frame = CGRect(origin: .zero, size: size)
    func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat { max(low, min(value, high)) }
    let space = max(0, room(direction))
    switch direction {
    case .up, .down:
      frame.size.height = min(size.height, space)
      frame.origin.x = clamp(anchor.midX - size.width / 2, available.minX, available.maxX - size.width)
      frame.origin.y = direction == .up ? anchor.maxY + arrow : anchor.minY - arrow - frame.height
    default:
      frame.size.width = min(size.width, space)
      frame.origin.y = clamp(anchor.midY - size.height / 2, available.minY, available.maxY - size.height)
      frame.origin.x = direction == .left ? anchor.maxX + arrow : anchor.minX - arrow - frame.width
    }
    return (frame, direction)
  }

  // MARK: The presentation

  /// Asks the delegate how to adapt (at `present`): `.none` keeps the
  /// popover; `.fullScreen` and `.overFullScreen` are taken; anything else
  /// (and no answer) is UIKit's default for a compact environment, the form
  /// sheet: a sheet on the engine's iPhones.
  func adapt(traits: UITraitCollection) -> UIModalPresentationStyle {
    arrowDirection = .unknown
    let simulation = presentedViewController.simulation
    var style: UIModalPresentationStyle = .formSheet
    if let delegate {
      var answer = OptionalRequirement.call { delegate.adaptivePresentationStyle(for: self, traitCollection: traits) }
      if answer.implemented {
        simulation.record(.call, typeName(delegate), "adaptivePresentationStyle(for:traitCollection:)",
                          result: ".\(answer.result)")
      } else {
        answer = OptionalRequirement.call { delegate.adaptivePresentationStyle(for: self) }
        if answer.implemented {
          simulation.record(.call, typeName(delegate), "adaptivePresentationStyle(for:)", result: ".\(answer.result)")
        }
      }
      if answer.implemented {
        switch answer.result {
        case .none: style = .popover
        case .fullScreen, .overFullScreen: style = answer.result
        default: style = .formSheet
        }
      }
    }
    shownStyle = style == .formSheet ? .pageSheet : style
    if shownStyle == .pageSheet {
      let sheet = adaptiveSheetPresentationController
      sheet.delegate = delegate
    }
    return shownStyle
  }

  /// The controller that runs the presentation: the adaptive sheet when the
  /// popover adapted to a sheet, else the popover itself.
  var runningController: UIPresentationController {
    shownStyle == .pageSheet ? adaptiveSheetPresentationController : self
  }

  /// Shown as a popover, before its frame is asked: the delegate's
  /// `prepareForPopoverPresentation(_:)`, the anchor checked, the arrow
  /// chosen, and the tap outside that dismisses.
  func popoverPresentationWillBegin() {
    guard shownStyle == .popover, let container = containerView else { return }
    let simulation = presentedViewController.simulation
    if let delegate = delegate as? UIPopoverPresentationControllerDelegate {
      simulation.askDelegate(delegate, "prepareForPopoverPresentation(_:)") {
        delegate.prepareForPopoverPresentation(self)
      }
    }
    if anchorRect(in: container) == nil {
      simulation.warn("UIPopoverPresentationController (\(presentedViewController.debugDescriptor)) should have a non-nil sourceView or sourceItem set before the presentation occurs (UIKit raises an exception; the engine centres the popover)")
    }
    arrowDirection = placement(in: container).direction
    let tap = PopoverDismissTapRecognizer(target: self, action: Selector(UIPopoverPresentationController.handleTapOutside,
                                                                         name: "UIPopoverPresentationController tap"))
    tap.popover = self
    container.addGestureRecognizer(tap)
    dismissTap = tap
  }

  /// The presentation or dismissal ended: off screen the arrow is unknown again.
  func popoverPresentationDidEnd(onScreen: Bool) {
    if !onScreen {
      arrowDirection = .unknown
      if let tap = dismissTap { tap.view?.removeGestureRecognizer(tap) }
      dismissTap = nil
    }
  }

  /// Whether a point (container coordinates) falls on a passthrough view.
  override func containerPassesTouch(at point: CGPoint, in container: UIView) -> Bool {
    guard shownStyle == .popover, let views = passthroughViews else { return false }
    return views.contains { view in
      view.window != nil && view.point(inside: container.convert(point, to: view), with: nil)
    }
  }

  /// Whether a touch at `point` (window coordinates) is on the popover's content.
  func isOnPopover(_ point: CGPoint) -> Bool {
    guard let view = presentedView, view.window != nil else { return false }
    return view.point(inside: view.convert(point, from: nil), with: nil)
  }

  /// A tap outside the popover: a user-initiated dismissal, as a sheet's
  /// swipe is (the adaptive delegate's should/will/did-dismiss calls;
  /// refused by `isModalInPresentation` or `presentationControllerShouldDismiss`).
  func handleTapOutside(_ tap: UITapGestureRecognizer) {
    guard tap.state == .ended else { return }
    let presented = presentedViewController
    let simulation = presented.simulation
    guard !presented.isBeingPresented, !presented.isBeingDismissed,
          simulation.activeTransitions.filter({ $0.kind == .present || $0.kind == .dismiss }).isEmpty else { return }
    simulation.record(.note, "UIKit", "tap outside the popover: dismisses \(presented.traceName)")
    let delegate = self.delegate
    if presented.isModalInPresentation {
      if let delegate {
        simulation.askDelegate(delegate, "presentationControllerDidAttemptToDismiss(_:)") {
          delegate.presentationControllerDidAttemptToDismiss(self)
        }
      }
      return
    }
    if let delegate {
      let allowed = simulation.askDelegate(delegate, "presentationControllerShouldDismiss(_:)",
                                           answer: { (ok: Bool) in "\(ok)" }) {
        delegate.presentationControllerShouldDismiss(self)
      }
      if !allowed {
        simulation.askDelegate(delegate, "presentationControllerDidAttemptToDismiss(_:)") {
          delegate.presentationControllerDidAttemptToDismiss(self)
        }
        return
      }
    }
    presented.dismiss(animated: true) { [weak self] in
      guard let self, let delegate = self.delegate else { return }
      simulation.askDelegate(delegate, "presentationControllerDidDismiss(_:)") {
        delegate.presentationControllerDidDismiss(self)
      }
    }
    if let delegate {
      simulation.askDelegate(delegate, "presentationControllerWillDismiss(_:)") {
        delegate.presentationControllerWillDismiss(self)
      }
    }
  }
}

/// The popover's tap outside: begins only off the popover's content.
final class PopoverDismissTapRecognizer: UITapGestureRecognizer {
  weak var popover: UIPopoverPresentationController?
  override func touchBegan(at point: CGPoint, time: TimeInterval) {
    super.touchBegan(at: point, time: time)
    if popover?.isOnPopover(point) ?? true { state = .failed }
  }
}

extension UIBarButtonItem {
  /// The view that shows the item on screen, if the engine draws it: its
  /// custom view, or its label in a toolbar.
  var anchorView: UIView? {
    if let custom = customView { return custom }
    return toolbarItemView
  }
}

// MARK: - UIViewController

extension UIViewController {
  /// The nearest popover presentation controller managing this controller
  /// or an ancestor; before a presentation, created when
  /// `modalPresentationStyle` is `.popover`; nil otherwise (Apple).
  public var popoverPresentationController: UIPopoverPresentationController? {
    if let popover = cachedPresentationController as? UIPopoverPresentationController { return popover }
    if presentingViewController == nil, modalPresentationStyle == .popover {
      return presentationController as? UIPopoverPresentationController
    }
    return parent?.popoverPresentationController
  }
}
