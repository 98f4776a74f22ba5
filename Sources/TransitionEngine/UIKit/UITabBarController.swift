// UITabBarController: children behind a tab bar; switches are instant
// unless the delegate vends an animator.

/// Vends tab-switch animators and hears selections. All optional.
@MainActor @preconcurrency
public protocol UITabBarControllerDelegate: AnyObject {
  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
  func tabBarController(_ tabBarController: UITabBarController,
                        animationControllerForTransitionFrom fromVC: UIViewController,
                        to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
  func tabBarController(_ tabBarController: UITabBarController,
                        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning?
}

extension UITabBarControllerDelegate {
  public func tabBarController(_ tabBarController: UITabBarController,
                               shouldSelect viewController: UIViewController) -> Bool {
    OptionalRequirement.markDefault()
    return true
  }
  public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    OptionalRequirement.markDefault()
  }
  public func tabBarController(_ tabBarController: UITabBarController,
                               animationControllerForTransitionFrom fromVC: UIViewController,
                               to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
  public func tabBarController(_ tabBarController: UITabBarController,
                               interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
    -> UIViewControllerInteractiveTransitioning? {
    OptionalRequirement.markDefault()
    return nil
  }
}

/// Children selected through a tab bar at the bottom (49 pt).
@MainActor @preconcurrency
open class UITabBarController: UIViewController {
  /// The bar at the bottom.
  public let tabBar = UITabBar(frame: .zero)
  /// The delegate (weak, as in UIKit).
  open weak var delegate: UITabBarControllerDelegate?
  let transitionView = UITransitionView(frame: .zero)
  private var tabs: [UIViewController] = []
  private var selected = 0

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open override func loadView() {
    view = ContainerTransition.rootView(transitionView: transitionView, bar: tabBar, barResizing: [.flexibleWidth, .flexibleTopMargin]) {
      CGRect(x: 0, y: $0.height - 49, width: $0.width, height: 49)
    }
    if let vc = selectedViewController { embedView(of: vc, in: transitionView) }
    // The bar covers the bottom of the children's views: their safe areas say so.
    barCoverageDidChange()
  }

  /// The children, one per tab.
  open var viewControllers: [UIViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set { setViewControllers(newValue, animated: false) }
  }

  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    for vc in tabs {
      vc.willMove(toParent: nil)
      vc.viewIfLoaded?.removeFromSuperview()
      vc.removeFromParent()
    }
    tabs = viewControllers ?? []
    for vc in tabs {
      addChild(vc)
      vc.didMove(toParent: self)
    }
    selected = min(selected, max(0, tabs.count - 1))
    tabBar.titles = tabs.map { $0.tabBarItem?.title ?? $0.title ?? "" }
    if isViewLoaded, let vc = selectedViewController { embedView(of: vc, in: transitionView) }
  }

  override var visibleChildren: [UIViewController] { selectedViewController.map { [$0] } ?? [] }

  /// The selected child.
  open var selectedViewController: UIViewController? {
    get { tabs.indices.contains(selected) ? tabs[selected] : nil }
    set {
      if let vc = newValue, let index = tabs.firstIndex(where: { $0 === vc }) { selectedIndex = index }
    }
  }

  /// The selected tab. Setting it switches (no `shouldSelect`/`didSelect`: those are for taps).
  open var selectedIndex: Int {
    get { selected }
    set { select(newValue, byUser: false) }
  }

  /// What a tap on a tab does: asks `shouldSelect`, switches, tells `didSelect`.
  public func tapTab(at index: Int) { select(index, byUser: true) }

  private func select(_ index: Int, byUser: Bool) {
    guard tabs.indices.contains(index) else { return }
    let to = tabs[index]
    if byUser, let delegate {
      let allowed = simulation.askDelegate(delegate, "tabBarController(_:shouldSelect: \(to.traceName))",
                                           answer: { "\($0)" }) {
        delegate.tabBarController(self, shouldSelect: to)
      }
      guard allowed else { return }
    }
    guard index != selected, let from = selectedViewController else {
      selected = index
      return
    }
    selected = index
    tabBar.selectedIndex = index
    guard isViewLoaded, view.window != nil else {
      if isViewLoaded {
        from.viewIfLoaded?.removeFromSuperview()
        embedView(of: to, in: transitionView)
      }
      return
    }
    var animator: UIViewControllerAnimatedTransitioning?
    var interactor: UIViewControllerInteractiveTransitioning?
    if let delegate {
      animator = simulation.askDelegate(delegate, "tabBarController(_:animationControllerForTransitionFrom:to:)",
                                        answer: objectName) {
        delegate.tabBarController(self, animationControllerForTransitionFrom: from, to: to)
      }
      if let animator {
        interactor = simulation.askDelegate(delegate, "tabBarController(_:interactionControllerFor:)",
                                            answer: objectName) {
          delegate.tabBarController(self, interactionControllerFor: animator)
        }
      }
    }
    simulation.engineChose("UITabBarController.selectedIndex")
    var request = ContainerTransition.Request(
      kind: .tabSwitch, owner: self, container: transitionView, from: from, to: to, animated: animator != nil,
      animator: animator, interactor: interactor, defaultAnimator: InstantSwapAnimator())
    request.didFinish = { [weak self] completed in
      guard let self else { return }
      if !completed {
        self.selected = self.tabs.firstIndex { $0 === from } ?? self.selected
        self.tabBar.selectedIndex = self.selected
      }
      if completed, byUser, let delegate = self.delegate {
        self.simulation.askDelegate(delegate, "tabBarController(_:didSelect: \(to.traceName))") {
          delegate.tabBarController(self, didSelect: to)
        }
      }
    }
    ContainerTransition.run(request)
  }
}

/// The tab bar: one title per tab.
@MainActor @preconcurrency
open class UITabBar: UIView {
  var titles: [String] = [] { didSet { rebuild() } }
  var selectedIndex = 0

  public override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .secondarySystemBackground
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  private func rebuild() {
    subviews.forEach { $0.removeFromSuperview() }
    for title in titles {
      let label = UILabel(frame: .zero)
      label.text = title
      label.textAlignment = .center
      addSubview(label)
    }
    setNeedsLayout()
  }

  open override func layoutSubviews() {
    let labels = subviews
    guard !labels.isEmpty else { return }
    let width = bounds.width / CGFloat(labels.count)
    for (i, label) in labels.enumerated() {
      label.frame = CGRect(x: CGFloat(i) * width, y: 0, width: width, height: bounds.height)
    }
  }
}
