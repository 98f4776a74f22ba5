import UIKit

/// The presented drawer: fades its content in with a property animator,
/// counts the main-queue blocks it schedules, and starts a main-actor task.
final class DrawerViewController: UIViewController {
  private(set) var events: [String] = []
  let transitions = SlideTransitioningDelegate()

  override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    modalPresentationStyle = .custom
    transitioningDelegate = transitions
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    transitions.interaction.attach(to: self)
    Task { @MainActor in
      self.events.append("task")
    }
    DispatchQueue.main.async {
      self.events.append("main queue")
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { [weak self] in
      self?.events.append("after 0.1 s")
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    view.alpha = 0.5
    let animator = UIViewPropertyAnimator(duration: 0.2, curve: .easeOut) {
      self.view.alpha = 1
    }
    animator.addCompletion { position in
      self.events.append(position == .end ? "faded in" : "fade stopped")
    }
    animator.startAnimation()
  }
}
