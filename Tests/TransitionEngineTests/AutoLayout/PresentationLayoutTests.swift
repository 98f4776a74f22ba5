import Testing
@testable import TransitionEngine

/// A dimming presentation as tutorials write it: the dimming view pinned
/// with the visual format language, the presented view on the bottom half.
private final class DimmingPresentation: UIPresentationController {
  let dimmingView = UIView()

  override func presentationTransitionWillBegin() {
    guard let containerView else { return }
    dimmingView.translatesAutoresizingMaskIntoConstraints = false
    dimmingView.alpha = 0
    containerView.insertSubview(dimmingView, at: 0)
    NSLayoutConstraint.activate(NSLayoutConstraint.constraints(
      withVisualFormat: "V:|[dimmingView]|", options: [], metrics: nil, views: ["dimmingView": dimmingView]))
    NSLayoutConstraint.activate(NSLayoutConstraint.constraints(
      withVisualFormat: "H:|[dimmingView]|", options: [], metrics: nil, views: ["dimmingView": dimmingView]))
    guard let coordinator = presentedViewController.transitionCoordinator else {
      dimmingView.alpha = 1
      return
    }
    coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
  }

  override var frameOfPresentedViewInContainerView: CGRect {
    guard let containerView else { return .zero }
    let size = size(forChildContentContainer: presentedViewController, withParentContainerSize: containerView.bounds.size)
    return CGRect(x: 0, y: containerView.bounds.height - size.height, width: size.width, height: size.height)
  }

  override func size(forChildContentContainer container: UIContentContainer,
                     withParentContainerSize parentSize: CGSize) -> CGSize {
    CGSize(width: parentSize.width, height: parentSize.height / 2)
  }

  override func containerViewWillLayoutSubviews() {
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
}

private final class DimmingDelegate: NSObject, UIViewControllerTransitioningDelegate {
  func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                              source: UIViewController) -> UIPresentationController? {
    DimmingPresentation(presentedViewController: presented, presenting: presenting)
  }
}

/// A controller whose content is laid out with anchors in viewDidLoad.
private final class CardController: UIViewController {
  let button = UIView()
  override func viewDidLoad() {
    super.viewDidLoad()
    button.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(button)
    NSLayoutConstraint.activate([
      button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      button.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -20),
      button.widthAnchor.constraint(equalToConstant: 100),
      button.heightAnchor.constraint(equalToConstant: 30),
    ])
  }
}

/// Constraints inside a presentation: the container's chrome and the presented content.
@Suite struct PresentationLayoutTests {
  @Test("A VFL-pinned dimming view fills the container; the presented content follows its resized root view")
  func dimmingPresentation() {
    Simulation.run { sim in
      let home = UIViewController()
      _ = showing(home, in: sim)
      let card = CardController()
      let delegate = DimmingDelegate()
      card.modalPresentationStyle = .custom
      card.transitioningDelegate = delegate
      home.present(card, animated: true)
      sim.runUntilIdle()
      let presentation = card.presentationController as! DimmingPresentation
      #expect(presentation.dimmingView.frame == CGRect(x: 0, y: 0, width: 320, height: 568))
      #expect(presentation.dimmingView.alpha == 1)
      #expect(card.view.frame == CGRect(x: 0, y: 284, width: 320, height: 284))
      #expect(card.button.frame == CGRect(x: 110, y: 234, width: 100, height: 30))
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics)")
    }
  }
}
