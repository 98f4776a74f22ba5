import Testing
@testable import TransitionEngine

// Stack views, controls, bars, text input and appearance overrides
// (Sources/TransitionEngine/UIKit/Controls). Each test asserts what
// Apple's documentation says; the sentence is quoted beside it.

/// A window with a 320 × 568 root view.
@MainActor
private func screen() -> (window: UIWindow, root: UIView) {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
  window.makeKeyAndVisible()
  let root = UIView(frame: window.bounds)
  window.addSubview(root)
  return (window, root)
}

/// A view with an intrinsic size.
private final class Sized: UIView {
  var size: CGSize
  init(_ width: CGFloat, _ height: CGFloat) {
    size = CGSize(width: width, height: height)
    super.init(frame: .zero)
  }
  required init?(coder: NSCoder) { nil }
  override var intrinsicContentSize: CGSize { size }
}

/// A stack pinned to (10, 100) in `root`, `width` × `height`.
@MainActor
private func pinnedStack(_ views: [UIView], in root: UIView, width: CGFloat = 300, height: CGFloat = 50) -> UIStackView {
  let stack = UIStackView(arrangedSubviews: views)
  stack.translatesAutoresizingMaskIntoConstraints = false
  root.addSubview(stack)
  NSLayoutConstraint.activate([
    stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
    stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
    stack.widthAnchor.constraint(equalToConstant: width),
    stack.heightAnchor.constraint(equalToConstant: height),
  ])
  return stack
}

private final class Receiver {
  var calls: [String] = []
  func changed(_ sender: UIControl) { calls.append("changed \(type(of: sender))") }
  func tapped(_ sender: UIBarButtonItem) { calls.append("tapped \(sender.title ?? "")") }
}

@Suite("Controls, bars and stack views")
@MainActor
struct ControlsTests {
  // MARK: Stack views

  /// Apple (`init(arrangedSubviews:)`): "The stack view adds all the arranged
  /// views to its arrangedSubviews array. It also adds these views as subviews."
  /// `.fillEqually`: "resizes its arranged views so that they all fill the
  /// available space along the stack view's axis … all the same size".
  @Test func fillEquallyGivesEveryViewTheSameWidth() {
    Simulation.run { _ in
      let (_, root) = screen()
      let views = [UIView(), UIView(), UIView()]
      let stack = pinnedStack(views, in: root)
      stack.distribution = .fillEqually
      stack.spacing = 10
      root.layoutIfNeeded()
      #expect(stack.arrangedSubviews == views && stack.subviews == views)
      #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
      expectClose(views[0].frame, CGRect(x: 0, y: 0, width: 280.0 / 3, height: 50), 0.5)
      expectClose(views[2].frame.maxX, 300, 0.5)
      expectClose(views[1].frame.minX - views[0].frame.maxX, 10, 0.5)
    }
  }

  /// `.fill`: "When the arranged views do not fill the stack view, it
  /// stretches the views according to their hugging priority"; `.fill`
  /// alignment: "resizes the arranged views so that they fill the available
  /// space perpendicular to the stack view's axis".
  @Test func fillStretchesTheViewThatHugsLeast() {
    Simulation.run { _ in
      let (_, root) = screen()
      let icon = Sized(40, 40), title = Sized(100, 20)
      icon.setContentHuggingPriority(.required, for: .horizontal)
      let stack = pinnedStack([icon, title], in: root)
      stack.spacing = 8
      root.layoutIfNeeded()
      #expect(icon.frame == CGRect(x: 0, y: 0, width: 40, height: 50))
      #expect(title.frame == CGRect(x: 48, y: 0, width: 252, height: 50))
    }
  }

  /// `.equalSpacing`: "When the arranged views do not fill the stack view, it
  /// pads the spacing between the views evenly."
  @Test func equalSpacingPadsTheGapsEvenly() {
    Simulation.run { _ in
      let (_, root) = screen()
      let views = [Sized(50, 20), Sized(50, 20), Sized(50, 20)]
      let stack = pinnedStack(views, in: root)
      stack.distribution = .equalSpacing
      stack.alignment = .center
      root.layoutIfNeeded()
      #expect(views.map(\.frame.minX) == [0, 125, 250])
      #expect(views[0].frame.minY == 15, "centred across the axis")
    }
  }

  /// `.equalCentering`: "attempts to maintain an equal distance between the
  /// centers of each arranged view".
  @Test func equalCenteringSpacesTheCentres() {
    Simulation.run { _ in
      let (_, root) = screen()
      let views = [Sized(20, 20), Sized(60, 20), Sized(20, 20)]
      let stack = pinnedStack(views, in: root)
      stack.distribution = .equalCentering
      stack.alignment = .top
      root.layoutIfNeeded()
      #expect(views.map(\.center.x) == [10, 150, 290])
      #expect(views.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 20 }, "top-aligned at their height")
    }
  }

  /// `.fillProportionally`: "Views are resized proportionally based on their
  /// intrinsic content size along the stack view's axis."
  @Test func fillProportionallySharesByIntrinsicSize() {
    Simulation.run { _ in
      let (_, root) = screen()
      let views = [Sized(50, 20), Sized(100, 20)]
      let stack = pinnedStack(views, in: root)
      stack.distribution = .fillProportionally
      root.layoutIfNeeded()
      #expect(views.map(\.frame.width) == [100, 200])
    }
  }

  /// Apple (`UIStackView`): hidden arranged views take no space;
  /// `removeArrangedSubview(_:)`: "the stack view doesn't remove the view
  /// from its subviews array"; `arrangedSubviews`: "Whenever an arranged
  /// view's removeFromSuperview() method is called, the stack view removes
  /// the view from its arrangedSubviews array."
  @Test func hiddenRemovedAndDetachedViews() {
    Simulation.run { _ in
      let (_, root) = screen()
      let a = UIView(), b = UIView(), c = UIView()
      let stack = pinnedStack([a, b, c], in: root)
      stack.axis = .vertical
      stack.distribution = .fillEqually
      stack.spacing = 10
      stack.frame.size.height = 0
      root.layoutIfNeeded()
      b.isHidden = true
      root.layoutIfNeeded()
      #expect(a.frame == CGRect(x: 0, y: 0, width: 300, height: 20))
      #expect(c.frame == CGRect(x: 0, y: 30, width: 300, height: 20), "no spacing for the hidden view")
      #expect(b.frame.height == 0 && stack.arrangedSubviews.count == 3)

      stack.removeArrangedSubview(c)
      #expect(stack.arrangedSubviews == [a, b] && c.superview === stack)
      a.removeFromSuperview()
      #expect(stack.arrangedSubviews == [b])
      stack.insertArrangedSubview(a, at: 0)
      #expect(stack.arrangedSubviews == [a, b])
    }
  }

  /// `setCustomSpacing(_:after:)` sets the spacing after one view;
  /// `customSpacing(after:)` returns `spacingUseDefault` when none is set;
  /// `isLayoutMarginsRelativeArrangement`: "the stack view lays out its
  /// arranged views relative to its layout margins".
  @Test func customSpacingAndLayoutMargins() {
    Simulation.run { _ in
      let (_, root) = screen()
      let a = Sized(40, 20), b = Sized(40, 20), c = Sized(40, 20)
      let stack = pinnedStack([a, b, c], in: root)
      stack.alignment = .leading
      stack.spacing = 4
      stack.setCustomSpacing(20, after: a)
      stack.isLayoutMarginsRelativeArrangement = true
      stack.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 5, right: 6)
      stack.distribution = .equalSpacing
      root.layoutIfNeeded()
      #expect(stack.customSpacing(after: b) == UIStackView.spacingUseDefault)
      #expect(stack.customSpacing(after: a) == 20)
      #expect(a.frame.origin == CGPoint(x: 6, y: 5))
      #expect(c.frame.maxX == 294)
      #expect(b.frame.minX - a.frame.maxX == c.frame.minX - b.frame.maxX, "equal gaps, both above their minimum")
    }
  }

  /// Apple (`UIStackView`): changes to an arranged view's `isHidden` can be
  /// animated by placing them in an animation block.
  @Test func hidingInsideAnAnimationBlockCollapsesOnTheClock() {
    Simulation.run { sim in
      let (_, root) = screen()
      let a = UIView(), b = UIView()
      let stack = pinnedStack([a, b], in: root, width: 300, height: 40)
      stack.distribution = .fill
      a.widthAnchor.constraint(equalToConstant: 100).isActive = true
      root.layoutIfNeeded()
      #expect(b.frame.minX == 100)
      UIView.animate(withDuration: 0.4) { a.isHidden = true }
      #expect(b.frame.minX == 0, "the model moves at once")
      sim.advance(to: 0.2)
      let x = shown(b).frame.minX
      #expect(x > 0 && x < 100, "half-way it is between: \(x)")
      sim.runUntilIdle()
      #expect(shown(b).frame.minX == 0)
    }
  }

  // MARK: Controls

  /// UISlider `value`: "If you try to set a value that is below the minimum
  /// or above the maximum value, the minimum or maximum value is set
  /// instead"; `minimumValue`: "If you change the value of this property, and
  /// the current value of the slider is below the new minimum, the slider
  /// adjusts the current value to match"; programmatic changes send no action.
  @Test func sliderClampsItsValue() {
    Simulation.run { _ in
      let slider = UISlider()
      let receiver = Receiver()
      slider.addTarget(receiver, action: Selector(Receiver.changed), for: .valueChanged)
      #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
      slider.value = 3
      #expect(slider.value == 1)
      slider.maximumValue = 10
      slider.setValue(7, animated: true)
      slider.minimumValue = 8
      #expect(slider.value == 8)
      #expect(receiver.calls.isEmpty)
      slider.sendActions(for: .valueChanged)
      #expect(receiver.calls == ["changed UISlider"])
    }
  }

  /// UISwitch `init(frame:)`: "The size components of this rectangle are
  /// ignored"; `isOn` defaults to false; `setOn(_:animated:)` sends no action.
  @Test func switchHasAFixedSizeAndStoresItsState() {
    Simulation.run { _ in
      let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
      #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
      #expect(!toggle.isOn)
      var actions = 0
      toggle.addAction(UIAction { _ in actions += 1 }, for: .valueChanged)
      toggle.setOn(true, animated: true)
      #expect(toggle.isOn && actions == 0)
      toggle.sendActions(for: .valueChanged)
      #expect(actions == 1)
    }
  }

  /// UISegmentedControl: `selectedSegmentIndex` "default value is noSegment
  /// (no segment selected)"; `titleForSegment(at:)` returns the title;
  /// inserting before the selection keeps the same segment selected.
  @Test func segmentedControlSegments() {
    Simulation.run { _ in
      let control = UISegmentedControl(items: ["Grid", "List"])
      #expect(control.numberOfSegments == 2)
      #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && UISegmentedControl.noSegment == -1)
      control.selectedSegmentIndex = 1
      control.insertSegment(withTitle: "Map", at: 0, animated: false)
      #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 0) == "Map")
      control.setTitle("Cards", forSegmentAt: 2)
      #expect(control.titleForSegment(at: 2) == "Cards")
      control.removeSegment(at: 2, animated: false)
      #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 2)
      #expect(control.titleForSegment(at: 5) == nil)
      let receiver = Receiver()
      control.addTarget(receiver, action: Selector(Receiver.changed), for: .valueChanged)
      control.tapSegment(at: 1)
      #expect(control.selectedSegmentIndex == 1 && receiver.calls == ["changed UISegmentedControl"])
    }
  }

  /// UIProgressView `progress`: "Values less than 0.0 and greater than 1.0
  /// are pinned to those limits"; UIPageControl `currentPage`: "The value is
  /// pinned to 0..numberOfPages-1"; UIActivityIndicatorView
  /// `hidesWhenStopped`: "the receiver sets its isHidden property to true
  /// when the receiver is not animating".
  @Test func progressPagesAndSpinner() {
    Simulation.run { _ in
      let progress = UIProgressView(progressViewStyle: .default)
      progress.setProgress(1.5, animated: true)
      #expect(progress.progress == 1)
      progress.progress = -1
      #expect(progress.progress == 0)

      let pages = UIPageControl()
      pages.numberOfPages = 3
      pages.currentPage = 7
      #expect(pages.currentPage == 2)
      pages.numberOfPages = 2
      #expect(pages.currentPage == 1)
      #expect(!pages.hidesForSinglePage)

      let spinner = UIActivityIndicatorView(style: .large)
      #expect(spinner.hidesWhenStopped && spinner.isHidden && !spinner.isAnimating)
      spinner.startAnimating()
      #expect(spinner.isAnimating && !spinner.isHidden)
      spinner.stopAnimating()
      #expect(spinner.isHidden)
      spinner.startAnimating()
      spinner.hidesWhenStopped = false
      spinner.stopAnimating()
      #expect(!spinner.isHidden)
    }
  }

  /// UIControl `addAction(_:for:)` (iOS 14) calls the action's handler for
  /// the events; `UIButton(primaryAction:)`: the action is "the primary action
  /// for the button" (`.primaryActionTriggered`).
  @Test func actionsOfControlsAndButtons() {
    Simulation.run { _ in
      var log: [String] = []
      let button = UIButton(primaryAction: UIAction(title: "Save") { action in
        log.append("\(action.title) from \(type(of: action.sender!))")
      })
      #expect(button.title(for: .normal) == "Save")
      button.sendActions(for: .primaryActionTriggered)
      #expect(log == ["Save from UIButton"])
      let action = UIAction(title: "x") { _ in log.append("x") }
      button.addAction(action, for: .touchUpInside)
      button.removeAction(action, for: .touchUpInside)
      button.sendActions(for: .touchUpInside)
      #expect(log.count == 1)
      button.setBackgroundImage(UIImage(named: "pill"), for: .normal)
      #expect(button.backgroundImage(for: .highlighted)?.name == "pill", "falls back to the normal state's")
    }
  }

  /// Films show a control's state as the content of its box.
  @Test func filmsShowControlState() {
    Simulation.run { sim in
      let (_, root) = screen()
      let toggle = UISwitch(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
      toggle.isOn = true
      let segments = UISegmentedControl(items: ["Day", "Week"])
      segments.selectedSegmentIndex = 1
      segments.frame = CGRect(x: 20, y: 150, width: 200, height: 32)
      root.addSubview(toggle)
      root.addSubview(segments)
      let contents = sim.capture().layers.compactMap(\.content)
      #expect(contents.contains("on") && contents.contains("Week"))
    }
  }

  // MARK: Text input

  /// UITextField `text`: "This string is @"" by default";
  /// `becomeFirstResponder()` asks `textFieldShouldBeginEditing(_:)` then
  /// calls `textFieldDidBeginEditing(_:)`; a text field not in a window
  /// cannot become first responder; `textFieldDidEndEditing(_:reason:)`:
  /// when not implemented, `textFieldDidEndEditing(_:)` is called.
  @Test func textFieldEditingAndDelegate() {
    final class Delegate: UITextFieldDelegate {
      var log: [String] = []
      func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("should begin"); return true }
      func textFieldDidBeginEditing(_ textField: UITextField) { log.append("did begin") }
      func textFieldDidEndEditing(_ textField: UITextField) { log.append("did end") }
      func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                     replacementString string: String) -> Bool {
        log.append("change at \(range.location)")
        return string != "!"
      }
    }
    Simulation.run { _ in
      let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
      let delegate = Delegate()
      field.delegate = delegate
      #expect(field.text == "")
      #expect(!field.becomeFirstResponder(), "not in a window")
      let (_, root) = screen()
      root.addSubview(field)
      #expect(field.becomeFirstResponder() && field.isFirstResponder && field.isEditing)
      field.insertText("Hi")
      field.insertText("!")
      #expect(field.text == "Hi")
      #expect(root.endEditing(false))
      #expect(!field.isFirstResponder)
      #expect(delegate.log == ["should begin", "did begin", "change at 0", "change at 2", "did end"])
    }
  }

  /// UISearchBarDelegate `searchBar(_:textDidChange:)`: "Tells the delegate
  /// that the user changed the search text" (setting `text` does not);
  /// the search controller's `searchResultsUpdater` is told of changes.
  @Test func searchBarTellsItsDelegateOfTyping() {
    final class Screen: UISearchBarDelegate, UISearchResultsUpdating {
      var log: [String] = []
      func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("text \(searchText)") }
      func updateSearchResults(for searchController: UISearchController) { log.append("update") }
    }
    Simulation.run { _ in
      let search = UISearchController(searchResultsController: nil)
      let screen = Screen()
      search.searchBar.delegate = screen
      search.searchResultsUpdater = screen
      search.searchBar.placeholder = "Search"
      search.searchBar.text = "a"
      #expect(screen.log.isEmpty)
      search.searchBar.insertText("b")
      #expect(screen.log == ["text ab", "update"])
      let item = UINavigationItem(title: "Photos")
      item.searchController = search
      #expect(item.searchController === search && item.hidesSearchBarWhenScrolling)
    }
  }

  // MARK: Bars

  /// `isToolbarHidden`: "The default value is true"; `setToolbarHidden(_:animated:)`
  /// shows it with the top controller's `toolbarItems` ("the toolbar items
  /// … of the view controller at the top of the navigation stack").
  @Test func navigationToolbarShowsTheTopControllersItems() {
    Simulation.run { sim in
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let first = UIViewController()
      first.toolbarItems = [UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil),
                            .flexibleSpace(),
                            UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)]
      let navigation = UINavigationController(rootViewController: first)
      window.rootViewController = navigation
      window.makeKeyAndVisible()
      #expect(navigation.isToolbarHidden)
      #expect(navigation.toolbar.superview == nil, "a hidden toolbar is not in the view tree")
      navigation.setToolbarHidden(false, animated: true)
      sim.advance(to: 0.01)
      #expect(shown(navigation.toolbar).frame.minY > 524, "slides up from the bottom edge")
      sim.runUntilIdle()
      #expect(navigation.toolbar.frame == CGRect(x: 0, y: 524, width: 320, height: 44))
      #expect(navigation.toolbar.items?.count == 3)
      let labels = navigation.toolbar.subviews.compactMap { ($0 as? UILabel)?.text }
      #expect(labels == ["Edit", "add"])
      let add = navigation.toolbar.subviews[1]
      #expect(add.frame.maxX == 304, "the flexible space pushes the last item to the right margin")

      let second = UIViewController()
      second.setToolbarItems([UIBarButtonItem(title: "Share", style: .done, target: nil, action: nil)], animated: false)
      navigation.pushViewController(second, animated: false)
      sim.runUntilIdle()
      #expect(navigation.toolbar.items?.first?.title == "Share")
    }
  }

  /// UIBarButtonItem's initialisers keep what they are given; `width` of a
  /// fixed space; `UIApplication.sendAction(_:to:from:for:)` sends the action.
  @Test func barButtonItems() {
    Simulation.run { _ in
      let receiver = Receiver()
      let item = UIBarButtonItem(title: "Done", style: .done, target: receiver, action: Selector(Receiver.tapped))
      #expect(item.style == .done && item.target === receiver && item.action != nil)
      item.tap()
      #expect(receiver.calls == ["tapped Done"])
      let space = UIBarButtonItem.fixedSpace(20)
      #expect(space.width == 20)
      var ran = false
      let primary = UIBarButtonItem(systemItem: .close, primaryAction: UIAction { _ in ran = true },
                                    menu: UIMenu(title: "More", children: [UIAction(title: "A") { _ in }]))
      primary.tap()
      #expect(ran && primary.menu?.children.count == 1)
      #expect(UIBarButtonItem(image: UIImage(named: "gear"), style: .plain, target: nil, action: nil).image?.name == "gear")
    }
  }

  /// UIBarAppearance: `configureWithOpaqueBackground()` "Configures the bar
  /// appearance object with a set of opaque colors"; transparent: "removes
  /// any background and shadow"; a navigation item's `standardAppearance`
  /// overrides the bar's while the item is on top.
  @Test func barAppearancesColourTheBars() {
    Simulation.run { _ in
      let opaque = UINavigationBarAppearance()
      opaque.configureWithOpaqueBackground()
      opaque.backgroundColor = .systemIndigo
      opaque.titleTextAttributes = [.foregroundColor: UIColor.white]
      #expect(opaque.shadowColor != nil && opaque.backgroundEffect == nil)
      let clear = UINavigationBarAppearance()
      clear.configureWithTransparentBackground()
      #expect(clear.backgroundColor == nil && clear.shadowColor == nil && clear.backgroundEffect == nil)

      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      let first = UIViewController()
      let navigation = UINavigationController(rootViewController: first)
      window.rootViewController = navigation
      window.makeKeyAndVisible()
      navigation.navigationBar.standardAppearance = opaque
      navigation.navigationBar.scrollEdgeAppearance = opaque
      #expect(navigation.navigationBar.backgroundColor == .systemIndigo)
      #expect(navigation.navigationBar.scrollEdgeAppearance?.backgroundColor == .systemIndigo)
      let second = UIViewController()
      second.navigationItem.standardAppearance = clear
      navigation.pushViewController(second, animated: false)
      #expect(navigation.navigationBar.backgroundColor == nil)
      navigation.popViewController(animated: false)
      #expect(navigation.navigationBar.backgroundColor == .systemIndigo)

      let toolbar = UIToolbar()
      let toolbarLook = UIToolbarAppearance()
      toolbarLook.configureWithOpaqueBackground()
      toolbar.standardAppearance = toolbarLook
      #expect(toolbar.backgroundColor == .systemBackground)
      let tabs = UITabBar()
      let tabLook = UITabBarAppearance()
      tabLook.backgroundColor = .red
      tabs.standardAppearance = tabLook
      #expect(tabs.backgroundColor == .red && tabs.scrollEdgeAppearance == nil)
    }
  }

  // MARK: Traits

  /// `overrideUserInterfaceStyle` (UIView): "affects the view and all of
  /// its subviews"; (UIViewController): "affects the view controller's view
  /// and any child view controllers"; default `.unspecified`.
  @Test func overrideUserInterfaceStyleReachesTheSubtree() {
    Simulation.run { _ in
      let (window, root) = screen()
      let child = UIView()
      root.addSubview(child)
      #expect(root.overrideUserInterfaceStyle == .unspecified)
      #expect(child.traitCollection.userInterfaceStyle == .light)
      root.overrideUserInterfaceStyle = .dark
      #expect(child.traitCollection.userInterfaceStyle == .dark)
      #expect(window.traitCollection.userInterfaceStyle == .light)

      let parent = UIViewController()
      let inner = UIViewController()
      parent.addChild(inner)
      parent.overrideUserInterfaceStyle = .dark
      #expect(inner.traitCollection.userInterfaceStyle == .dark)
      #expect(parent.view.traitCollection.userInterfaceStyle == .dark)
      root.accessibilityIgnoresInvertColors = true
      #expect(root.accessibilityIgnoresInvertColors)
    }
  }
}
