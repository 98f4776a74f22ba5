// The safe area, as UIKit propagates it (Guides/TransitionEngine.md,
// "Devices, safe area and rotation").
//
// - A window's insets are the device's for the interface orientation
//   (`Device.safeAreaInsets(for:)`), where they overlap the window's frame
//   on the screen.
// - Any other view's are the part of its superview's safe-area insets that
//   it overlaps, in its own coordinates; a controller's root view adds the
//   controller's `additionalSafeAreaInsets`.
// - A container's child: its root view's insets also cover the container's
//   visible bars (Apple, `safeAreaInsets`: "The safe area of a view
//   reflects the area not covered by navigation bars, tab bars, toolbars,
//   and other ancestors that obscure a view controller's view"; "For the
//   view controller's root view, the insets account for the status bar,
//   other visible bars, and any additional insets that you specified using
//   the additionalSafeAreaInsets property"). The child's view goes under
//   the bars (UIKit's default `edgesForExtendedLayout = .all` with
//   translucent bars); the top inset is at least the distance to the
//   navigation bar's bottom edge, the bottom inset at least the distance to
//   a shown toolbar's or tab bar's top edge, wherever the engine puts the
//   bars (a navigation bar 44 pt tall at y = 20, a toolbar 44 pt and a tab
//   bar 49 pt at the bottom). A hidden bar covers nothing.
// - Off screen (no window, or a hidden one) they are zero (Apple).
//
// The insets are computed when read (AutoLayout/LayoutEngine.swift,
// `computedSafeAreaInsets`), so they are never stale. The calls that report
// a change, `safeAreaInsetsDidChange()` and then the controller's
// `viewSafeAreaInsetsDidChange()`, come in the layout pass, top down, just
// before the view's own layout; a view whose insets changed lays out again.
// The layout pass only looks once some safe area can be non-zero (a device
// with insets, or `additionalSafeAreaInsets` set), so the default device
// costs nothing.

extension UIWindow {
  /// The device's safe-area insets, in the orientation the views are laid
  /// out for, where they overlap the window's frame (screen coordinates).
  func deviceSafeAreaInsets() -> UIEdgeInsets {
    let simulation = self.simulation
    let orientation = simulation.orientation.appliedOrientation
    let deviceInsets = simulation.device.safeAreaInsets(for: orientation)
    guard deviceInsets != .zero else { return .zero }
    let screen = CGRect(origin: .zero, size: simulation.device.screenSize(for: orientation))
    let safe = screen.inset(by: deviceInsets)
    let f = untransformedFrame(self)
    return UIEdgeInsets(top: max(0, safe.minY - f.minY), left: max(0, safe.minX - f.minX),
                        bottom: max(0, f.maxY - safe.maxY), right: max(0, f.maxX - safe.maxX))
  }
}

extension UIView {
  /// In the layout pass, before the view's own layout: reports insets that
  /// changed since the last report (the view's `safeAreaInsetsDidChange()`,
  /// then its controller's `viewSafeAreaInsetsDidChange()`) and lays the
  /// view out again.
  func reportSafeAreaChange() {
    (self as? UIScrollView)?.updateAdjustedContentInset()
    let insets = computedSafeAreaInsets()
    guard insets != reportedSafeAreaInsets else { return }
    reportedSafeAreaInsets = insets
    setNeedsLayout()
    safeAreaInsetsDidChange()
    owningController?.viewSafeAreaInsetsDidChange()
  }
}

extension UIView {
  /// The insets the bars of the container this view is the root view of a
  /// child of cover, in this view's coordinates; nil when the view is no
  /// such root view or no bar is shown.
  func containerBarInsets() -> UIEdgeInsets? {
    guard let controller = owningController, let parent = controller.parent, parent.isViewLoaded else { return nil }
    let root = parent.view!
    var topBars: [UIView] = []
    var bottomBars: [UIView] = []
    if let navigation = parent as? UINavigationController {
      topBars.append(navigation.navigationBar)
      if !navigation.isToolbarHidden { bottomBars.append(navigation.toolbar) }
    } else if let tabs = parent as? UITabBarController {
      bottomBars.append(tabs.tabBar)
    } else {
      return nil
    }
    guard let frame = frameInAncestor(root) else { return nil }
    var insets = UIEdgeInsets.zero
    var any = false
    for bar in topBars where bar.superview === root && !bar.isHidden {
      insets.top = max(insets.top, untransformedFrame(bar).maxY - frame.minY)
      any = true
    }
    for bar in bottomBars where bar.superview === root && !bar.isHidden {
      insets.bottom = max(insets.bottom, frame.maxY - untransformedFrame(bar).minY)
      any = true
    }
    return any ? insets : nil
  }

  /// The view's untransformed frame in an ancestor's bounds coordinates, or
  /// nil when `ancestor` is not above it.
  private func frameInAncestor(_ ancestor: UIView) -> CGRect? {
    var frame = untransformedFrame(self)
    var view: UIView = self
    while let superview = view.superview {
      if superview === ancestor { return frame }
      let f = untransformedFrame(superview)
      frame = frame.offsetBy(dx: f.minX - superview.bounds.minX, dy: f.minY - superview.bounds.minY)
      view = superview
    }
    return nil
  }
}

extension UIViewController {
  /// A container's bar was shown or hidden: its children's safe areas
  /// change, and layout passes look for changed insets from now on.
  func barCoverageDidChange() {
    simulation.autoLayout.tracksSafeArea = true
    simulation.needsLayoutPass = true
  }

  /// `additionalSafeAreaInsets` changed: layout passes look for changed
  /// insets from now on, and one runs.
  func additionalSafeAreaInsetsDidChange() {
    simulation.autoLayout.tracksSafeArea = true
    simulation.needsLayoutPass = true
  }
}
