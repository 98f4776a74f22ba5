// The safe area, as UIKit propagates it (Guides/TransitionEngine.md,
// "Devices, safe area and rotation").
//
// - A window's insets are the device's for the interface orientation
//   (`Device.safeAreaInsets(for:)`), where they overlap the window's frame
//   on the screen.
// - Any other view's are the part of its superview's safe-area insets that
//   it overlaps, in its own coordinates; a controller's root view adds the
//   controller's `additionalSafeAreaInsets`.
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

extension UIViewController {
  /// `additionalSafeAreaInsets` changed: layout passes look for changed
  /// insets from now on, and one runs.
  func additionalSafeAreaInsetsDidChange() {
    simulation.autoLayout.tracksSafeArea = true
    simulation.needsLayoutPass = true
  }
}
