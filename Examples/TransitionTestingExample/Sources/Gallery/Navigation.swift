import UIKit

/// Fades between the screens of a navigation stack whose screens ask for
/// it (the about screen), and leaves the others to UIKit (the photos zoom).
public final class FadeNavigationDelegate: NSObject, UINavigationControllerDelegate {
  public func navigationController(_ navigationController: UINavigationController,
                                   animationControllerFor operation: UINavigationController.Operation,
                                   from fromVC: UIViewController,
                                   to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    fromVC is AboutViewController || toVC is AboutViewController ? FadeAnimator() : nil
  }
}

/// A cross-fade: the incoming view from transparent to opaque over the
/// outgoing one.
public final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    0.25
  }

  public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard let toView = transitionContext.view(forKey: .to),
          let toController = transitionContext.viewController(forKey: .to) else { return }
    toView.frame = transitionContext.finalFrame(for: toController)
    toView.alpha = 0
    transitionContext.containerView.addSubview(toView)
    UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      toView.alpha = 1
    }, completion: { _ in
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}

/// About the app.
public final class AboutViewController: UIViewController {
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "About"
    view.backgroundColor = .systemIndigo
  }
}

/// The app's tabs: the gallery and the albums, switched by a slide.
public final class TabsController: UITabBarController, UITabBarControllerDelegate {
  /// The gallery's navigation (the first tab).
  public let gallery = UINavigationController(rootViewController: PhotoGridViewController())
  private let navigationDelegate = FadeNavigationDelegate()

  public override func viewDidLoad() {
    super.viewDidLoad()
    let albums = UIViewController()
    albums.title = "Albums"
    albums.view.backgroundColor = .systemOrange
    gallery.delegate = navigationDelegate
    viewControllers = [gallery, albums]
    delegate = self
  }

  public func tabBarController(_ tabBarController: UITabBarController,
                               animationControllerForTransitionFrom fromVC: UIViewController,
                               to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    let from = viewControllers?.firstIndex(of: fromVC) ?? 0
    let to = viewControllers?.firstIndex(of: toVC) ?? 0
    return TabSlideAnimator(towardsLeft: to > from)
  }
}

/// Slides the new tab in from the side of its tab, pushing the old one out.
public final class TabSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let towardsLeft: Bool

  init(towardsLeft: Bool) { self.towardsLeft = towardsLeft }

  public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    0.3
  }

  public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
          let toController = transitionContext.viewController(forKey: .to) else { return }
    let width = transitionContext.containerView.bounds.width
    let shift = towardsLeft ? width : -width
    let final = transitionContext.finalFrame(for: toController)
    toView.frame = final.offsetBy(dx: shift, dy: 0)
    transitionContext.containerView.addSubview(toView)
    UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseInOut, animations: {
      toView.frame = final
      fromView.frame = fromView.frame.offsetBy(dx: -shift, dy: 0)
    }, completion: { _ in
      fromView.frame = fromView.frame.offsetBy(dx: shift, dy: 0)
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}
