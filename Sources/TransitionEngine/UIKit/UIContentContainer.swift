// UIContentContainer (iOS 8): how view controllers and presentation
// controllers tell each other about preferred sizes and size changes.
// UIViewController and UIPresentationController adopt it with UIKit's
// defaults (their implementations are in their class bodies, so apps can
// override them).

/// Methods for adapting a container's content to size changes.
@MainActor @preconcurrency
public protocol UIContentContainer: AnyObject {
  /// The size the container's content prefers.
  var preferredContentSize: CGSize { get }
  /// A child container's `preferredContentSize` changed.
  func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer)
  /// A child container's Auto Layout fitting size changed.
  func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer)
  /// The size to give a child container, given this container's size.
  func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
  /// The container's view is about to change size.
  func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator)
  /// The container's traits are about to change.
  func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {}
extension UIPresentationController: UIContentContainer {}
