// UIKitNames: the public type names of UIKit, QuartzCore and Core Graphics
// that iOS code reaches for, so that "cannot find 'X' in scope" for one of
// them can say what it means here: the engine does not model X (rather
// than leave the reader to wonder whether they misspelled it). The list is
// of names only; which of them the engine models is the compiler's answer.
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

package enum UIKitNames {
  /// The note for a compiler error about a UIKit name the engine lacks;
  /// nil when the error is about something else (or a misspelling).
  static func note(for message: String) -> String? {
    guard let name = missingName(in: message), all.contains(name) else { return nil }
    return notModelled(name)
  }

  /// What verify, run, check and `workbook fidelity` say of a UIKit name
  /// (one of `all`) the engine does not declare.
  package static func notModelled(_ name: String) -> String {
    "TransitionEngine does not model '\(name)', a UIKit name; " + whereWhatItModelsIs
  }

  /// Where a reader finds what the engine models, wherever the tool runs:
  /// the command that lists it, and the guide by its absolute path.
  package static var whereWhatItModelsIs: String {
    "'workbook fidelity' lists what it models, and \(Book.Scaffold.guide("TransitionEngine.md")) describes it"
  }

  /// X in "cannot find 'X' in scope" and "cannot find type 'X' in scope".
  static func missingName(in message: String) -> String? {
    for prefix in ["cannot find type '", "cannot find '"] where message.hasPrefix(prefix) {
      let rest = message.dropFirst(prefix.count)
      guard let end = rest.firstIndex(of: "'"), rest[end...].hasPrefix("' in scope") else { return nil }
      return String(rest[..<end])
    }
    return nil
  }

  package static let all: Set<String> = [
    // Application, scenes, windows
    "UIApplication", "UIApplicationDelegate", "UIScene", "UIWindowScene", "UISceneDelegate", "UIWindowSceneDelegate",
    "UISceneSession", "UISceneConfiguration", "UIOpenURLContext", "UIStatusBarManager", "UIWindow", "UIScreen",
    "UIScreenMode", "UIDevice", "UITraitCollection", "UIMutableTraits", "UITraitDefinition", "UIUserInterfaceStyle",
    "UIUserInterfaceSizeClass", "UIUserInterfaceIdiom", "UIInterfaceOrientation", "UIInterfaceOrientationMask",
    "UIDeviceOrientation", "UIWindowSceneGeometryPreferences", "UIWindowSceneGeometryPreferencesIOS",
    // Views
    "UIView", "UILabel", "UIImageView", "UIImage", "UIImageConfiguration", "UIImageSymbolConfiguration",
    "UIButton", "UIControl", "UISwitch", "UISlider", "UIStepper", "UISegmentedControl", "UITextField", "UITextView",
    "UIScrollView", "UIScrollViewDelegate", "UITableView", "UITableViewCell", "UITableViewController",
    "UITableViewDataSource", "UITableViewDelegate", "UITableViewDiffableDataSource", "UICollectionView",
    "UICollectionViewCell", "UICollectionViewController", "UICollectionViewLayout", "UICollectionViewFlowLayout",
    "UICollectionViewCompositionalLayout", "UICollectionViewDataSource", "UICollectionViewDelegate",
    "UICollectionViewDiffableDataSource", "UICollectionReusableView", "UIStackView", "UIVisualEffectView",
    "UIVisualEffect", "UIBlurEffect", "UIVibrancyEffect", "UIActivityIndicatorView", "UIProgressView",
    "UIPageControl", "UIPickerView", "UIDatePicker", "UISearchBar", "UISearchController", "UIToolbar",
    "UINavigationBar", "UINavigationItem", "UITabBar", "UITabBarItem", "UIBarButtonItem", "UIBarItem",
    "UIRefreshControl", "UIColor", "UIFont", "UIFontDescriptor", "UIFontMetrics", "UIBezierPath", "UIEdgeInsets",
    "UIOffset", "NSDirectionalEdgeInsets", "UIRectEdge", "UIRectCorner", "UIGraphicsImageRenderer",
    "UIGraphicsImageRendererFormat", "UIGraphicsRenderer", "UIMenu", "UIAction", "UICommand", "UIContextMenuConfiguration",
    "UIContextMenuInteraction", "UIContextMenuInteractionDelegate", "UIPointerInteraction", "UIDragInteraction",
    "UIDropInteraction", "UIEditMenuInteraction", "UIContentUnavailableView", "UIContentConfiguration",
    "UIListContentConfiguration", "UIBackgroundConfiguration", "UIButtonConfiguration", "UIHoverGestureRecognizer",
    "UIPopoverBackgroundView", "UIInputView", "UIKeyCommand", "UIKey", "UIPress", "UIPressesEvent", "UIEvent",
    "UITouch", "UIResponder", "UIViewContentMode", "UIViewAutoresizing", "UISemanticContentAttribute",
    "UILayoutGuide", "UILayoutPriority", "UIKeyboardLayoutGuide", "UITrackingLayoutGuide", "UIAxis",
    // View controllers and presentation
    "UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
    "UIAlertController", "UIAlertAction", "UIActivityViewController", "UIImagePickerController",
    "UIDocumentPickerViewController", "UIDocumentBrowserViewController", "UIFontPickerViewController",
    "UIColorPickerViewController", "UIReferenceLibraryViewController", "UIVideoEditorController",
    "UIHostingController", "UIPresentationController", "UIPopoverPresentationController",
    "UIPopoverPresentationControllerDelegate", "UISheetPresentationController", "UIAdaptivePresentationControllerDelegate",
    "UIModalPresentationStyle", "UIModalTransitionStyle", "UIViewControllerTransitioningDelegate",
    "UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning",
    "UIViewControllerContextTransitioning", "UIViewControllerTransitionCoordinator",
    "UIViewControllerTransitionCoordinatorContext", "UIPercentDrivenInteractiveTransition",
    "UINavigationControllerDelegate", "UITabBarControllerDelegate", "UIViewControllerPreviewing",
    "UIContentContainer", "UITransitionContextViewKey", "UITransitionContextViewControllerKey",
    "UIViewControllerTransition", "UIZoomTransitionOptions", "UIStoryboard", "UIStoryboardSegue",
    "UIStoryboardUnwindSegueSource", "UINib", "UIFocusEnvironment", "UIFocusGuide", "UIFocusUpdateContext",
    // Animation and dynamics
    "UIViewPropertyAnimator", "UIViewAnimating", "UIViewImplicitlyAnimating", "UITimingCurveProvider",
    "UICubicTimingParameters", "UISpringTimingParameters", "UIViewAnimatingPosition", "UIViewAnimatingState",
    "UIDynamicAnimator", "UIDynamicBehavior", "UIDynamicItem", "UIDynamicItemBehavior", "UIGravityBehavior",
    "UICollisionBehavior", "UIAttachmentBehavior", "UISnapBehavior", "UIPushBehavior", "UIFieldBehavior",
    "UIDynamicItemGroup", "UIMotionEffect", "UIInterpolatingMotionEffect", "UIMotionEffectGroup",
    // Gestures and interaction
    "UIGestureRecognizer", "UIGestureRecognizerDelegate", "UITapGestureRecognizer", "UIPanGestureRecognizer",
    "UIScreenEdgePanGestureRecognizer", "UISwipeGestureRecognizer", "UIPinchGestureRecognizer",
    "UIRotationGestureRecognizer", "UILongPressGestureRecognizer", "UIFeedbackGenerator", "UIImpactFeedbackGenerator",
    "UISelectionFeedbackGenerator", "UINotificationFeedbackGenerator", "UIAccessibility", "UIAccessibilityElement",
    "UIAccessibilityCustomAction", "UIAccessibilityTraits", "UIAccessibilityContainer", "UIPasteboard",
    "UIMenuController", "UITextInput", "UITextInputTraits", "UIKeyInput", "UITextRange", "UITextPosition",
    "UIContentSizeCategory", "UIContentSizeCategoryAdjusting", "UITraitEnvironment", "UICoordinateSpace",
    "UIAppearance", "UIAppearanceContainer", "UILargeContentViewerInteraction", "UIToolTipInteraction",
    // Core Animation and Core Graphics
    "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CAEmitterLayer",
    "CAEmitterCell", "CATransformLayer", "CAScrollLayer", "CATiledLayer", "CAMetalLayer", "CAEAGLLayer",
    "CAAnimation", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CATransition",
    "CAAnimationGroup", "CAPropertyAnimation", "CAMediaTimingFunction", "CAMediaTiming", "CAAnimationDelegate",
    "CATransaction", "CADisplayLink", "CATransform3D", "CAValueFunction", "CAFrameRateRange", "CACornerMask",
    "CAShapeLayerLineCap", "CAShapeLayerLineJoin", "CAMediaTimingFillMode", "CALayerDelegate",
    "CGRect", "CGPoint", "CGSize", "CGVector", "CGFloat", "CGAffineTransform", "CGPath", "CGMutablePath",
    "CGColor", "CGColorSpace", "CGImage", "CGContext", "CGGradient", "CGLineCap", "CGLineJoin", "CGBlendMode",
    "CGInterpolationQuality", "CGPathFillRule",
  ]
}
