import Testing
import TransitionEngine

// The bars of container controllers in their children's safe area, and
// popovers, checked against Apple's documentation: UIView.safeAreaInsets,
// UIViewController.additionalSafeAreaInsets, UIScrollView's
// ContentInsetAdjustmentBehavior, UIModalPresentationStyle.popover,
// UIPopoverPresentationController and UIAdaptivePresentationControllerDelegate.
// The bars' own sizes and the popover's placement are the engine's marked
// choices (UIKit/Fidelity.md, Transitions/Fidelity.md).

/// A controller that counts `viewSafeAreaInsetsDidChange()`.
private final class InsetsController: UIViewController {
  var changes: [UIEdgeInsets] = []
  override func viewSafeAreaInsetsDidChange() {
    super.viewSafeAreaInsetsDidChange()
    changes.append(view.safeAreaInsets)
  }
}

/// A popover delegate that answers a chosen adaptive style and logs its calls.
private final class PopoverLog: NSObject, UIPopoverPresentationControllerDelegate {
  var style: UIModalPresentationStyle
  var allowDismiss = true
  var calls: [String] = []
  init(style: UIModalPresentationStyle) { self.style = style }
  func adaptivePresentationStyle(for controller: UIPresentationController,
                                 traitCollection: UITraitCollection) -> UIModalPresentationStyle {
    calls.append("adaptive")
    return style
  }
  func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
    calls.append("prepare")
  }
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    calls.append("shouldDismiss")
    return allowDismiss
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    calls.append("willDismiss")
  }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    calls.append("didDismiss")
  }
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    calls.append("didAttemptToDismiss")
  }
}

/// Counts recognized taps.
private final class TapCounter {
  var count = 0
  func tapped(_ recognizer: UIGestureRecognizer) { if recognizer.state == .ended { count += 1 } }
}

private func show(_ root: UIViewController) -> UIWindow {
  let window = UIWindow()
  window.rootViewController = root
  window.makeKeyAndVisible()
  return window
}

@Suite("Container bars in the safe area, and popovers")
struct NavigationSafeAreaAndPopoverTests {
  // MARK: Bars and the safe area

  @Test func aShownNavigationBarCoversTheTopOfTheChildsSafeArea() {
    Simulation.run { simulation in
      let child = UIViewController()
      let label = UILabel()
      label.translatesAutoresizingMaskIntoConstraints = false
      child.view.addSubview(label)
      NSLayoutConstraint.activate([
        label.topAnchor.constraint(equalTo: child.view.safeAreaLayoutGuide.topAnchor),
        label.leadingAnchor.constraint(equalTo: child.view.leadingAnchor),
        label.heightAnchor.constraint(equalToConstant: 20),
        label.widthAnchor.constraint(equalToConstant: 100),
      ])
      let nav = UINavigationController(rootViewController: child)
      let window = show(nav)
      simulation.runUntilIdle()
      // The child's view goes under the bar (edgesForExtendedLayout .all, translucent bar)…
      #expect(child.view.frame == window.bounds)
      // …and Apple: "The safe area of a view reflects the area not covered by navigation bars,
      // tab bars, toolbars, and other ancestors that obscure a view controller's view."
      let barBottom = nav.navigationBar.frame.maxY
      #expect(barBottom > 0)
      #expect(child.view.safeAreaInsets.top == barBottom)
      #expect(child.view.safeAreaInsets.bottom == 0)
      #expect(label.frame.minY == barBottom, "content pinned to the safe area sits below the bar")
    }
  }

  @Test func aHiddenBarCoversNothingAndTheChangeIsReported() {
    Simulation.run { simulation in
      let child = InsetsController()
      let nav = UINavigationController(rootViewController: child)
      _ = show(nav)
      simulation.runUntilIdle()
      let barBottom = nav.navigationBar.frame.maxY
      #expect(child.changes.last?.top == barBottom)
      nav.setNavigationBarHidden(true, animated: false)
      simulation.runUntilIdle()
      // Apple: the root view's insets "account for the status bar, other visible bars": a hidden bar is not one.
      #expect(child.view.safeAreaInsets.top == 0)
      #expect(child.changes.last?.top == 0, "viewSafeAreaInsetsDidChange() reports the change")
      let count = child.changes.count
      nav.setNavigationBarHidden(false, animated: false)
      simulation.runUntilIdle()
      #expect(child.view.safeAreaInsets.top == barBottom)
      #expect(child.changes.count == count + 1)
    }
  }

  @Test func additionalSafeAreaInsetsAddOnTopOfTheBars() {
    Simulation.run { simulation in
      let child = UIViewController()
      child.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 5, right: 0)
      let nav = UINavigationController(rootViewController: child)
      _ = show(nav)
      simulation.runUntilIdle()
      // Apple: "the insets account for the status bar, other visible bars, and any additional
      // insets that you specified using the additionalSafeAreaInsets property".
      #expect(child.view.safeAreaInsets.top == nav.navigationBar.frame.maxY + 10)
      #expect(child.view.safeAreaInsets.bottom == 5)
    }
  }

  @Test func aTabBarAndAShownToolbarCoverTheBottom() {
    Simulation.run { simulation in
      let listed = UIViewController()
      let nav = UINavigationController(rootViewController: listed)
      let other = UIViewController()
      let tabs = UITabBarController()
      tabs.viewControllers = [nav, other]
      let window = show(tabs)
      simulation.runUntilIdle()
      let tabBarHeight = window.bounds.maxY - tabs.tabBar.frame.minY
      #expect(tabBarHeight > 0)
      // Tab bars and navigation bars both obscure the view (Apple, safeAreaInsets).
      #expect(listed.view.safeAreaInsets.top == nav.navigationBar.frame.maxY)
      #expect(listed.view.safeAreaInsets.bottom == tabBarHeight)
      // A toolbar is one of the bars too, once shown (hidden by default).
      let plain = UIViewController()
      let toolbarNav = UINavigationController(rootViewController: plain)
      window.rootViewController = toolbarNav
      simulation.runUntilIdle()
      #expect(plain.view.safeAreaInsets.bottom == 0)
      toolbarNav.setToolbarHidden(false, animated: false)
      simulation.runUntilIdle()
      #expect(plain.view.safeAreaInsets.bottom == window.bounds.maxY - toolbarNav.toolbar.frame.minY)
      #expect(plain.view.safeAreaInsets.bottom > 0)
    }
  }

  @Test func aScrollViewFillingTheChildTakesTheBarInItsAdjustedInset() {
    Simulation.run { simulation in
      let list = UIViewController()
      let scroll = UIScrollView()
      list.view = scroll
      scroll.contentSize = CGSize(width: 320, height: 2000)
      let nav = UINavigationController(rootViewController: list)
      _ = show(nav)
      simulation.runUntilIdle()
      let barBottom = nav.navigationBar.frame.maxY
      // Apple (.automatic): "Content is always adjusted vertically when the scroll view is the
      // content view of a view controller that is currently displayed by a navigation or tab bar controller."
      #expect(scroll.adjustedContentInset.top == barBottom)
      #expect(scroll.contentOffset.y == -barBottom, "the list rests at its top, below the bar")
      scroll.contentInsetAdjustmentBehavior = .never
      #expect(scroll.adjustedContentInset.top == 0, "Apple, .never: \"Do not adjust the scroll view insets.\"")
    }
  }

  // MARK: Popovers

  @Test func popoverPresentationControllerExistsOnlyForThePopoverStyle() {
    Simulation.run { _ in
      let plain = UIViewController()
      // Apple: "If the modal presentation style is a different value, this property is nil."
      #expect(plain.popoverPresentationController == nil)
      let content = UIViewController()
      content.modalPresentationStyle = .popover
      // "…accessing this property creates a popover presentation controller when the value in
      // the modalPresentationStyle property is UIModalPresentationStyle.popover."
      let popover = content.popoverPresentationController
      #expect(popover != nil)
      #expect(popover === content.presentationController)
      #expect(popover?.presentationStyle == .popover)
      // permittedArrowDirections: "The default value of this property is any."
      #expect(popover?.permittedArrowDirections == .any)
      // arrowDirection: "Before and after presentation, the value of this property is unknown."
      #expect(popover?.arrowDirection == .unknown)
      // sourceRect: "In iOS 13.2 and later, the default value is CGRectNull".
      #expect(popover?.sourceRect.isNull == true)
      // "If the view controller or one of its ancestors is managed by a popover presentation controller".
      let nav = UINavigationController(rootViewController: UIViewController())
      nav.modalPresentationStyle = .popover
      #expect(nav.topViewController?.popoverPresentationController === nav.popoverPresentationController)
    }
  }

  @Test func inACompactEnvironmentAPopoverBehavesAsAFormSheet() {
    Simulation.run { simulation in
      let presenter = UIViewController()
      let window = show(presenter)
      let content = UIViewController()
      content.modalPresentationStyle = .popover
      content.popoverPresentationController?.sourceView = presenter.view
      presenter.present(content, animated: false)
      simulation.runUntilIdle()
      // Apple: "In iOS 13 and later, for horizontally or vertically compact environments, this
      // option behaves the same as UIModalPresentationStyle.formSheet" (a sheet on an iPhone):
      // the presenter stays in the window and the content does not cover it all.
      #expect(presenter.view.window === window)
      #expect(content.view.window === window)
      #expect(content.view.frame != window.bounds)
      #expect(content.view.frame.maxY == window.bounds.maxY)
      #expect(content.popoverPresentationController?.adaptiveSheetPresentationController.presentedViewController === content)
    }
  }

  @Test func answeringNoneKeepsThePopoverBesideItsSource() {
    Simulation.run { simulation in
      let presenter = UIViewController()
      let window = show(presenter)
      let button = UIButton(frame: CGRect(x: 40, y: 100, width: 60, height: 30))
      presenter.view.addSubview(button)
      let content = UIViewController()
      content.preferredContentSize = CGSize(width: 200, height: 150)
      content.modalPresentationStyle = .popover
      let log = PopoverLog(style: .none)
      let popover = content.popoverPresentationController!
      popover.delegate = log
      popover.sourceView = button
      presenter.present(content, animated: true)
      simulation.runUntilIdle()
      // Apple (UIModalPresentationStyle.none): return it "when you do not want a presentation
      // controller to adapt the style".
      #expect(log.calls.prefix(2) == ["adaptive", "prepare"])
      #expect(content.view.frame.size == CGSize(width: 200, height: 150), "preferredContentSize")
      #expect(presenter.view.window === window, "a popover does not remove its presenter")
      // arrowDirection: "When the popover is onscreen, this property reflects the actual arrow direction."
      #expect(popover.arrowDirection == .up)
      #expect(content.view.frame.minY > button.frame.maxY, "below its source, the arrow pointing up")
      #expect(content.view.frame.minX <= button.frame.midX && content.view.frame.maxX >= button.frame.midX)
      presenter.dismiss(animated: false)
      simulation.runUntilIdle()
      #expect(popover.arrowDirection == .unknown, "after presentation: unknown")
    }
  }

  @Test func permittedArrowDirectionsChooseTheSide() {
    Simulation.run { simulation in
      let presenter = UIViewController()
      _ = show(presenter)
      let anchor = UIView(frame: CGRect(x: 260, y: 260, width: 40, height: 40))
      presenter.view.addSubview(anchor)
      let content = UIViewController()
      content.preferredContentSize = CGSize(width: 150, height: 100)
      content.modalPresentationStyle = .popover
      let log = PopoverLog(style: .none)
      let popover = content.popoverPresentationController!
      popover.delegate = log
      popover.sourceView = presenter.view
      popover.sourceRect = anchor.frame
      // "Prior to displaying the popover, set this property to the arrow directions that you allow."
      popover.permittedArrowDirections = .right
      presenter.present(content, animated: false)
      simulation.runUntilIdle()
      #expect(popover.arrowDirection == .right)
      #expect(content.view.frame.maxX < anchor.frame.minX, "an arrow pointing right: the popover is to the left")
    }
  }

  @Test func aFullScreenAnswerIsTaken() {
    Simulation.run { simulation in
      let presenter = UIViewController()
      let window = show(presenter)
      let content = UIViewController()
      content.modalPresentationStyle = .popover
      let log = PopoverLog(style: .fullScreen)
      content.popoverPresentationController?.delegate = log
      content.popoverPresentationController?.sourceView = presenter.view
      presenter.present(content, animated: false)
      simulation.runUntilIdle()
      // adaptivePresentationStyle(for:traitCollection:): the new style "must be fullScreen, overFullScreen, …".
      #expect(content.view.frame == window.bounds)
      #expect(presenter.view.window == nil, "full screen removes the presenter's view")
      #expect(!log.calls.contains("prepare"), "not presented as a popover")
    }
  }

  @Test func aTapOutsideDismissesThePopoverButNotOnAPassthroughView() {
    Simulation.run { simulation in
      let presenter = UIViewController()
      let window = show(presenter)
      let passthrough = UIView(frame: CGRect(x: 0, y: 500, width: 320, height: 68))
      let taps = TapCounter()
      passthrough.addGestureRecognizer(UITapGestureRecognizer(target: taps, action: Selector(TapCounter.tapped)))
      presenter.view.addSubview(passthrough)
      let content = UIViewController()
      content.preferredContentSize = CGSize(width: 200, height: 150)
      content.modalPresentationStyle = .popover
      let log = PopoverLog(style: .none)
      let popover = content.popoverPresentationController!
      popover.delegate = log
      popover.sourceView = presenter.view
      popover.sourceRect = CGRect(x: 100, y: 40, width: 20, height: 20)
      popover.passthroughViews = [passthrough]
      presenter.present(content, animated: false)
      simulation.runUntilIdle()
      // Apple (.popover): "If you do not want taps to dismiss the popover, you can assign one or
      // more views to the passthroughViews property".
      window.tap(at: CGPoint(x: 160, y: 530))
      simulation.runUntilIdle()
      #expect(taps.count == 1)
      #expect(presenter.presentedViewController === content)
      // Inside the popover: nothing happens.
      let inside = content.view.convert(CGPoint(x: 10, y: 10), to: window)
      window.tap(at: inside)
      simulation.runUntilIdle()
      #expect(presenter.presentedViewController === content)
      // A refusal: presentationControllerShouldDismiss says no.
      log.allowDismiss = false
      log.calls = []
      window.tap(at: CGPoint(x: 10, y: 400))
      simulation.runUntilIdle()
      #expect(log.calls == ["shouldDismiss", "didAttemptToDismiss"])
      #expect(presenter.presentedViewController === content)
      // "taps outside the popover cause the popover to be dismissed".
      log.allowDismiss = true
      log.calls = []
      window.tap(at: CGPoint(x: 10, y: 400))
      simulation.runUntilIdle()
      #expect(presenter.presentedViewController == nil)
      #expect(log.calls == ["shouldDismiss", "willDismiss", "didDismiss"])
    }
  }

  // MARK: The bar's title

  /// The title the navigation bar shows (its label).
  private func barTitle(_ navigation: UINavigationController) -> String? {
    navigation.navigationBar.subviews.compactMap { $0 as? UILabel }.first?.text
  }

  /// Apple: `UINavigationItem.title` is "the navigation item's title
  /// displayed in the navigation bar"
  /// (https://developer.apple.com/documentation/uikit/uinavigationitem/title);
  /// `UIViewController.title` sets it too. A title set after the push shows
  /// at once, and only the top controller's shows.
  @Test func aTitleSetAfterThePushShowsInTheBar() {
    Simulation.run { simulation in
      let root = UIViewController()
      root.title = "Grid"
      let navigation = UINavigationController(rootViewController: root)
      _ = show(navigation)
      let detail = UIViewController()
      detail.title = "Loading"
      navigation.pushViewController(detail, animated: true)
      simulation.runUntilIdle()
      #expect(barTitle(navigation) == "Loading")
      detail.title = "Photo 41"
      #expect(barTitle(navigation) == "Photo 41")
      detail.navigationItem.title = "Photo 42"
      #expect(barTitle(navigation) == "Photo 42")
      root.title = "Photos"                         // not on top: the bar keeps the top's
      #expect(barTitle(navigation) == "Photo 42")
      navigation.popViewController(animated: true)
      simulation.runUntilIdle()
      #expect(barTitle(navigation) == "Photos")
    }
  }
}
