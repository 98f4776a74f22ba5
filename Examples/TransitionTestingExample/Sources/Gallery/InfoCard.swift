import UIKit

/// A card of details about a photo that slides up over the bottom half of
/// the screen, over a dimmed photo; a drag down dismisses it.
public final class InfoCardViewController: UIViewController {
  /// The transitioning delegate (UIKit holds it weakly: the card keeps it).
  public let cardTransitions = InfoCardTransitions()
  private let caption = UILabel()

  public init(photoID: Int) {
    super.init(nibName: nil, bundle: nil)
    title = "Info"
    caption.text = "Photo \(photoID)"
    modalPresentationStyle = .custom
    transitioningDelegate = cardTransitions
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemYellow
    caption.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(caption)
    NSLayoutConstraint.activate([
      caption.topAnchor.constraint(equalTo: view.topAnchor, constant: 16),
      caption.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
      caption.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
    ])
    #if canImport(ObjectiveC)
    let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
    #else
    // Linux has no Objective-C runtime: the workbook's UIKit takes a typed
    // method reference where iOS takes #selector.
    let pan = UIPanGestureRecognizer(target: self, action: Selector(Self.handlePan(_:)))
    #endif
    view.addGestureRecognizer(pan)
  }

  /// A drag down drives the dismissal; lifted past a third of the card's
  /// height (or flicked down) it finishes, otherwise it cancels.
  #if canImport(ObjectiveC)
  @objc func handlePan(_ gesture: UIPanGestureRecognizer) { drag(gesture) }
  #else
  func handlePan(_ gesture: UIPanGestureRecognizer) { drag(gesture) }
  #endif

  private func drag(_ gesture: UIPanGestureRecognizer) {
    let distance = gesture.translation(in: view).y
    let progress = min(max(distance / view.bounds.height, 0), 1)
    switch gesture.state {
    case .began:
      cardTransitions.interaction = UIPercentDrivenInteractiveTransition()
      dismiss(animated: true)
    case .changed:
      cardTransitions.interaction?.update(progress)
    case .ended:
      if progress > 1.0 / 3 || gesture.velocity(in: view).y > 800 {
        cardTransitions.interaction?.finish()
      } else {
        cardTransitions.interaction?.cancel()
      }
      cardTransitions.interaction = nil
    case .cancelled:
      cardTransitions.interaction?.cancel()
      cardTransitions.interaction = nil
    default:
      break
    }
  }
}

/// Where the card sits: the bottom half of the container, over a dimming
/// view that fades in beside the card's slide.
public final class InfoCardPresentationController: UIPresentationController {
  private let dimmingView = UIView()

  public override var frameOfPresentedViewInContainerView: CGRect {
    guard let bounds = containerView?.bounds else { return .zero }
    return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
  }

  public override func presentationTransitionWillBegin() {
    guard let containerView else { return }
    dimmingView.accessibilityIdentifier = "dimming"
    dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
    dimmingView.frame = containerView.bounds
    dimmingView.alpha = 0
    containerView.insertSubview(dimmingView, at: 0)
    presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
      self.dimmingView.alpha = 1
    })
  }

  public override func dismissalTransitionWillBegin() {
    presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
      self.dimmingView.alpha = 0
    })
  }

  public override func containerViewWillLayoutSubviews() {
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
}

/// Slides the card up from below the screen, or back down.
public final class InfoCardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let isPresenting: Bool
  /// How long the slide takes.
  public var duration: TimeInterval = 0.35

  init(isPresenting: Bool) {
    self.isPresenting = isPresenting
  }

  public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    duration
  }

  public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
    guard let card = transitionContext.viewController(forKey: key) else { return }
    let container = transitionContext.containerView
    if isPresenting { container.addSubview(card.view) }
    let shown = transitionContext.finalFrame(for: card).isEmpty
      ? card.view.frame : transitionContext.finalFrame(for: card)
    let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
    card.view.frame = isPresenting ? hidden : shown
    UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: {
      card.view.frame = self.isPresenting ? shown : hidden
    }, completion: { _ in
      let finished = !transitionContext.transitionWasCancelled
      if !self.isPresenting && finished { card.view.removeFromSuperview() }
      transitionContext.completeTransition(finished)
    })
  }
}

/// The card's transitioning delegate: its presentation controller, its
/// animators, and the drag's interaction while one runs.
public final class InfoCardTransitions: NSObject, UIViewControllerTransitioningDelegate {
  /// The running drag's interaction, if the user is dragging the card.
  public var interaction: UIPercentDrivenInteractiveTransition?
  /// The slide's duration, both ways.
  public var duration: TimeInterval = 0.35

  public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                     source: UIViewController) -> UIPresentationController? {
    InfoCardPresentationController(presentedViewController: presented, presenting: presenting)
  }

  public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                  source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    animator(presenting: true)
  }

  public func animationController(forDismissed dismissed: UIViewController)
    -> UIViewControllerAnimatedTransitioning? {
    animator(presenting: false)
  }

  public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    interaction
  }

  private func animator(presenting: Bool) -> InfoCardAnimator {
    let animator = InfoCardAnimator(isPresenting: presenting)
    animator.duration = duration
    return animator
  }
}
