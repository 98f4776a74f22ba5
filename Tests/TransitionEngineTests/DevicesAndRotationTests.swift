import Testing
@testable import TransitionEngine

// Devices, the safe area and rotation, checked against Apple's
// documentation and published measurements of the devices (sources in
// Guides/TransitionEngine.md, "Devices, safe area and rotation"), not
// against the engine's own output.

/// A controller that records what UIKit tells it.
private final class Recorder: UIViewController {
  var sizes: [CGSize] = []
  var viewSizeAtWillTransition: CGSize?
  var screenSizeAtWillTransition: CGSize?
  var traitsAtWillTransition: [(new: UITraitCollection, old: UITraitCollection)] = []
  var previousTraits: [UITraitCollection?] = []
  var traitsAtDidChange: [UITraitCollection] = []
  var safeAreaChanges: [UIEdgeInsets] = []
  var calls: [String] = []
  var supported: UIInterfaceOrientationMask = .allButUpsideDown
  var alongside: ((UIViewControllerTransitionCoordinator) -> Void)?

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { supported }

  override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    calls.append("viewWillTransition")
    sizes.append(size)
    viewSizeAtWillTransition = view.bounds.size
    screenSizeAtWillTransition = UIScreen.main.bounds.size
    alongside?(coordinator)
  }

  override func willTransition(to newCollection: UITraitCollection,
                               with coordinator: UIViewControllerTransitionCoordinator) {
    super.willTransition(to: newCollection, with: coordinator)
    calls.append("willTransition")
    traitsAtWillTransition.append((newCollection, traitCollection))
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    calls.append("traitCollectionDidChange")
    previousTraits.append(previousTraitCollection)
    traitsAtDidChange.append(traitCollection)
  }

  override func viewSafeAreaInsetsDidChange() {
    super.viewSafeAreaInsetsDidChange()
    calls.append("viewSafeAreaInsetsDidChange")
    safeAreaChanges.append(view.safeAreaInsets)
  }
}

/// A view that records its safe-area and trait callbacks.
private final class RecordingView: UIView {
  var safeAreaChanges: [UIEdgeInsets] = []
  var previousTraits: [UITraitCollection?] = []
  override func safeAreaInsetsDidChange() {
    super.safeAreaInsetsDidChange()
    safeAreaChanges.append(safeAreaInsets)
  }
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    previousTraits.append(previousTraitCollection)
  }
}

private final class PostCount: @unchecked Sendable { var posted = 0 }

/// A controller that registers for trait changes as Apple's iOS 17 samples do.
private final class TraitWatcher: UIViewController {
  var updates: [UIUserInterfaceSizeClass] = []
  override func viewDidLoad() {
    super.viewDidLoad()
    registerForTraitChanges([UITraitVerticalSizeClass.self]) { (self: Self, previousTraitCollection: UITraitCollection) in
      self.updates.append(self.traitCollection.verticalSizeClass)
    }
  }
}

/// A window showing `root`, on screen, laid out.
@discardableResult
private func show(_ root: UIViewController, _ sim: Simulation) -> UIWindow {
  let window = UIWindow(frame: UIScreen.main.bounds)
  window.rootViewController = root
  window.makeKeyAndVisible()
  sim.advance(by: 0)
  return window
}

private func insets(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
  UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

@Suite("Devices, safe area and rotation")
struct DevicesAndRotationTests {
  // MARK: The catalogue

  @Test("The catalogue: HIG sizes and scales; the default stays the iPhone SE without insets")
  func catalogue() {
    #expect(Device.default == .iPhoneSE)
    #expect(Device.iPhoneSE.screenSize == CGSize(width: 320, height: 568) && Device.iPhoneSE.scale == 2)
    #expect(Device.iPhoneSE.portraitSafeAreaInsets == .zero && Device.iPhoneSE.landscapeSafeAreaInsets == .zero)
    #expect(Device.iPhone8.screenSize == CGSize(width: 375, height: 667) && Device.iPhone8.scale == 2)
    #expect(Device.iPhone14.screenSize == CGSize(width: 390, height: 844) && Device.iPhone14.scale == 3)
    #expect(Device.iPhone15.screenSize == CGSize(width: 393, height: 852) && Device.iPhone15.scale == 3)
    #expect(Device.iPhone15Plus.screenSize == CGSize(width: 430, height: 932) && Device.iPhone15Plus.scale == 3)
    #expect(Device.named("iPhone 15") == .iPhone15)
    #expect(Device.named("iPhone 16") == .iPhone15, "the iPhone 16 has the iPhone 15's screen")
    #expect(Device.named("iPhone SE (3rd generation)") == .iPhone8)
    #expect(Device.named("iPhone 13") == .iPhone14)
    #expect(Device.named("Pixel 8") == nil)
    #expect(Device.iPhone15.screenSize(for: .landscapeLeft) == CGSize(width: 852, height: 393))
  }

  @Test("The screen follows the device: scale, bounds; nativeBounds are portrait pixels")
  func screenFollowsTheDevice() {
    Simulation.run(device: .iPhone15) { sim in
      #expect(UIScreen.main.bounds.size == CGSize(width: 393, height: 852))
      #expect(UIScreen.main.scale == 3)
      sim.device = .iPhone8
      #expect(UIScreen.main.bounds.size == CGSize(width: 375, height: 667))
      #expect(UIScreen.main.scale == 2, "the scale changes with the device")
      #expect(UIScreen.main.nativeBounds.size == CGSize(width: 750, height: 1334))
    }
  }

  // MARK: Safe area

  @Test("A full-screen view on the notched phone: (47, 0, 34, 0) in portrait")
  func notchedPortrait() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      let window = show(root, sim)
      #expect(window.safeAreaInsets == insets(47, 0, 34, 0))
      #expect(root.view.safeAreaInsets == insets(47, 0, 34, 0))
      #expect(root.view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 763))
    }
  }

  @Test("The Dynamic Island phone: (59, 0, 34, 0); the iPhone 8: 20 at the top; the SE: none")
  func otherDevicesPortrait() {
    for (device, expected) in [(Device.iPhone15, insets(59, 0, 34, 0)), (.iPhone8, insets(20, 0, 0, 0)),
                               (.iPhoneSE, .zero)] {
      Simulation.run(device: device) { sim in
        let root = UIViewController()
        show(root, sim)
        #expect(root.view.safeAreaInsets == expected, "\(device.name)")
      }
    }
  }

  @Test("A subview gets the part of its superview's safe area it overlaps, in its own coordinates")
  func subviewOverlap() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      show(root, sim)
      // Apple: "if a view is entirely within the safe area of its superview, the value … is 0".
      let below = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 600))
      root.view.addSubview(below)
      #expect(below.safeAreaInsets == .zero)
      // 100 pt from the top, down to the bottom edge: only the home indicator's 34.
      let lower = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 744))
      root.view.addSubview(lower)
      #expect(lower.safeAreaInsets == insets(0, 0, 34, 0))
      // 20 pt from the top: the 27 pt of the 47 it still overlaps.
      let upper = UIView(frame: CGRect(x: 0, y: 20, width: 390, height: 824))
      root.view.addSubview(upper)
      #expect(upper.safeAreaInsets == insets(27, 0, 34, 0))
      // Nested: a view inside `upper` at its origin overlaps the same 27.
      let nested = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      upper.addSubview(nested)
      #expect(nested.safeAreaInsets == insets(27, 0, 0, 0))
    }
  }

  @Test("Off screen the insets are zero (Apple: not installed, or not yet visible)")
  func offScreenIsZero() {
    Simulation.run(device: .iPhone14) { _ in
      let detached = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      #expect(detached.safeAreaInsets == .zero)
      let root = UIViewController()
      root.additionalSafeAreaInsets = insets(10, 0, 0, 0)
      #expect(root.view.safeAreaInsets == .zero, "a controller's view that is not in a window")
      let hidden = UIWindow(frame: UIScreen.main.bounds)
      hidden.rootViewController = root
      #expect(hidden.safeAreaInsets == .zero, "a window never shown")
    }
  }

  @Test("additionalSafeAreaInsets add to the root view's insets and reach its subviews")
  func additionalInsetsAdd() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      show(root, sim)
      root.additionalSafeAreaInsets = insets(10, 5, 0, 0)
      #expect(root.view.safeAreaInsets == insets(57, 5, 34, 0))
      let full = UIView(frame: root.view.bounds)
      root.view.addSubview(full)
      #expect(full.safeAreaInsets == insets(57, 5, 34, 0))
      #expect(root.view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 5, y: 57, width: 385, height: 753))
    }
  }

  @Test("safeAreaInsetsDidChange and viewSafeAreaInsetsDidChange: once per change, view then controller")
  func safeAreaCallbacks() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      let view = RecordingView(frame: UIScreen.main.bounds)
      root.view = view
      show(root, sim)
      #expect(view.safeAreaChanges == [insets(47, 0, 34, 0)], "on screen, the device's insets arrive")
      #expect(root.safeAreaChanges == [insets(47, 0, 34, 0)])
      #expect(root.calls == ["viewSafeAreaInsetsDidChange"])
      root.additionalSafeAreaInsets = insets(0, 0, 44, 0)
      sim.advance(by: 0)
      #expect(root.safeAreaChanges.last == insets(47, 0, 78, 0))
      #expect(view.safeAreaChanges.count == 2)
      root.additionalSafeAreaInsets = insets(0, 0, 44, 0)  // the same: no change
      sim.advance(by: 0)
      #expect(view.safeAreaChanges.count == 2)
      // A subview that moves into the unsafe area hears it too.
      let box = RecordingView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
      view.addSubview(box)
      sim.advance(by: 0)
      #expect(box.safeAreaChanges.isEmpty)
      box.center = CGPoint(x: 50, y: 60)  // now from y = 10: 37 pt under the notch
      sim.advance(by: 0)
      #expect(box.safeAreaChanges == [insets(37, 0, 0, 0)])
    }
  }

  @Test("The default device reports nothing: no insets, no callbacks")
  func defaultDeviceIsQuiet() {
    Simulation.run { sim in
      let root = Recorder()
      let view = RecordingView(frame: UIScreen.main.bounds)
      root.view = view
      show(root, sim)
      #expect(view.safeAreaInsets == .zero)
      #expect(view.safeAreaChanges.isEmpty && root.calls.isEmpty)
      #expect(!sim.autoLayout.tracksSafeArea)
    }
  }

  @Test("safeAreaLayoutGuide with Auto Layout follows the device, and the rotation")
  func guideWithConstraints() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      show(root, sim)
      let content = UIView()
      content.translatesAutoresizingMaskIntoConstraints = false
      root.view.addSubview(content)
      let guide = root.view.safeAreaLayoutGuide
      NSLayoutConstraint.activate([
        content.topAnchor.constraint(equalTo: guide.topAnchor),
        content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        content.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
      ])
      root.view.layoutIfNeeded()
      #expect(content.frame == CGRect(x: 0, y: 47, width: 390, height: 763))
      sim.turnDevice(toShow: .landscapeLeft)
      sim.runUntilIdle()
      #expect(content.frame == CGRect(x: 47, y: 0, width: 750, height: 369))
    }
  }

  // MARK: Rotation

  @Test("viewWillTransition(to:with:) once, with the new size, before the views change; the alongside animation runs in the rotation's animation")
  func viewWillTransitionAndAlongside() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      show(root, sim)
      let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      root.view.addSubview(box)
      var completed: [CGSize] = []
      var durations: [TimeInterval] = []
      root.alongside = { coordinator in
        durations.append(coordinator.transitionDuration)
        coordinator.animate(alongsideTransition: { _ in box.alpha = 0 },
                            completion: { _ in completed.append(root.view.bounds.size) })
      }
      let rotated = sim.turnDevice(toShow: .landscapeLeft)
      #expect(rotated)
      #expect(root.sizes == [CGSize(width: 844, height: 390)])
      // Apple: "UIKit calls this method before changing the size"; the screen is already landscape.
      #expect(root.viewSizeAtWillTransition == CGSize(width: 390, height: 844))
      #expect(root.screenSizeAtWillTransition == CGSize(width: 844, height: 390))
      #expect(durations == [0.4])
      #expect(box.alpha == 0, "the model value is set at once")
      sim.advance(by: 0.2)
      let halfway = Double(box.layer.presentation()!.opacity)
      #expect(halfway > 0.1 && halfway < 0.9, "animated with the rotation: \(halfway)")
      #expect(completed.isEmpty)
      sim.advance(by: 0.2)
      #expect(completed == [CGSize(width: 844, height: 390)])
      #expect(root.sizes.count == 1, "once")
      #expect(root.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
    }
  }

  @Test("The scene, the screen, the device and the safe area take the landscape values")
  func landscapeState() {
    Simulation.run(device: .iPhone15) { sim in
      let root = UIViewController()
      let window = show(root, sim)
      UIDevice.current.beginGeneratingDeviceOrientationNotifications()
      let count = PostCount()
      let observer = NotificationCenter.default.addObserver(
        forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { _ in count.posted += 1 }
      sim.turnDevice(toShow: .landscapeLeft)
      #expect(window.windowScene?.interfaceOrientation == .landscapeLeft)
      #expect(UIScreen.main.bounds.size == CGSize(width: 852, height: 393))
      #expect(UIDevice.current.orientation == .landscapeRight, "interface landscape left is the device's landscape right")
      #expect(count.posted == 1)
      sim.runUntilIdle()
      #expect(window.bounds.size == CGSize(width: 852, height: 393))
      #expect(window.transform == .identity)
      #expect(window.safeAreaInsets == insets(0, 59, 21, 59))
      #expect(root.view.safeAreaInsets == insets(0, 59, 21, 59))
      #expect(window.windowScene?.statusBarManager?.isStatusBarHidden == true, "iPhones hide it in landscape")
      #expect(UIScreen.main.nativeBounds.size == CGSize(width: 1179, height: 2556), "nativeBounds do not rotate")
      #expect(UIApplication.shared.statusBarOrientation == .landscapeLeft)
      NotificationCenter.default.removeObserver(observer)
    }
  }

  @Test("The iPhone 8 loses its status bar in landscape: no insets; back in portrait, 20")
  func iPhone8Landscape() {
    Simulation.run(device: .iPhone8) { sim in
      let root = UIViewController()
      let window = show(root, sim)
      #expect(window.windowScene?.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 375, height: 20))
      sim.turnDevice(toShow: .landscapeRight)
      sim.runUntilIdle()
      #expect(root.view.safeAreaInsets == .zero)
      #expect(window.windowScene?.statusBarManager?.statusBarFrame == .zero)
      sim.turnDevice(toShow: .portrait)
      sim.runUntilIdle()
      #expect(root.view.safeAreaInsets == insets(20, 0, 0, 0))
    }
  }

  @Test("traitCollectionDidChange(_:) fires with the old collection; willTransition(to:with:) comes first, with the new")
  func traitChanges() {
    Simulation.run(device: .iPhone15) { sim in
      let root = Recorder()
      let view = RecordingView(frame: UIScreen.main.bounds)
      root.view = view
      show(root, sim)
      root.calls = []
      sim.turnDevice(toShow: .landscapeLeft)
      #expect(root.traitsAtWillTransition.count == 1)
      #expect(root.traitsAtWillTransition.first?.new.verticalSizeClass == .compact)
      // Apple: "before changing the current object's traits".
      #expect(root.traitsAtWillTransition.first?.old.verticalSizeClass == .regular)
      #expect(root.calls.prefix(2) == ["willTransition", "viewWillTransition"])
      sim.runUntilIdle()
      #expect(root.previousTraits.count == 1)
      #expect(root.previousTraits.first??.verticalSizeClass == .regular)
      #expect(root.previousTraits.first??.horizontalSizeClass == .compact)
      #expect(root.traitsAtDidChange.first?.verticalSizeClass == .compact)
      #expect(view.previousTraits.count == 1 && view.previousTraits.first??.verticalSizeClass == .regular)
      #expect(root.traitCollection.horizontalSizeClass == .compact, "a 6.1-inch iPhone is compact in landscape")
    }
  }

  @Test("Size classes per device and orientation: the large iPhone is regular-width in landscape")
  func sizeClasses() {
    Simulation.run(device: .iPhone15Plus) { sim in
      let root = UIViewController()
      show(root, sim)
      #expect(root.traitCollection.horizontalSizeClass == .compact)
      #expect(root.traitCollection.verticalSizeClass == .regular)
      sim.turnDevice(toShow: .landscapeRight)
      sim.runUntilIdle()
      #expect(root.traitCollection.horizontalSizeClass == .regular)
      #expect(root.traitCollection.verticalSizeClass == .compact)
    }
  }

  @Test("registerForTraitChanges (iOS 17): the handler runs for a trait that changed, with the old traits")
  func registeredTraitChanges() {
    Simulation.run(device: .iPhone15) { sim in
      let root = UIViewController()
      show(root, sim)
      var vertical: [UIUserInterfaceSizeClass] = []
      var horizontal = 0
      root.registerForTraitChanges([UITraitVerticalSizeClass.self]) { (controller: UIViewController, previous) in
        vertical.append(previous.verticalSizeClass)
        #expect(controller === root)
      }
      let registration = root.view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: UIView, _) in
        horizontal += 1
      }
      sim.turnDevice(toShow: .landscapeLeft)
      sim.runUntilIdle()
      #expect(vertical == [.regular])
      #expect(horizontal == 0, "the width stays compact on this phone")
      root.view.unregisterForTraitChanges(registration)
      sim.turnDevice(toShow: .portrait)
      sim.runUntilIdle()
      #expect(vertical == [.regular, .compact])
    }
  }

  @Test("registerForTraitChanges with a Self-typed handler, as Apple's samples write it")
  func selfTypedRegistration() {
    Simulation.run(device: .iPhone14) { sim in
      let watcher = TraitWatcher()
      show(watcher, sim)
      sim.turnDevice(toShow: .landscapeLeft)
      sim.runUntilIdle()
      #expect(watcher.updates == [.compact])
    }
  }

  @Test("An orientation the root controller does not support is refused")
  func unsupportedRefused() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      root.supported = .portrait
      let window = show(root, sim)
      root.calls = []
      UIDevice.current.beginGeneratingDeviceOrientationNotifications()
      #expect(!sim.turnDevice(toShow: .landscapeLeft))
      #expect(root.sizes.isEmpty && root.calls.isEmpty)
      #expect(window.windowScene?.interfaceOrientation == .portrait)
      #expect(UIScreen.main.bounds.size == CGSize(width: 390, height: 844))
      #expect(UIDevice.current.orientation == .landscapeRight, "the device turned; the interface did not")
    }
  }

  @Test("A device turn does not rotate a controller whose shouldAutorotate is false")
  func shouldAutorotateFalse() {
    final class Fixed: UIViewController {
      override var shouldAutorotate: Bool { false }
    }
    Simulation.run(device: .iPhone14) { sim in
      let root = Fixed()
      let window = show(root, sim)
      #expect(!sim.turnDevice(toShow: .landscapeLeft))
      #expect(window.windowScene?.interfaceOrientation == .portrait)
    }
  }

  @Test("Face ID iPhones do not turn upside down, whatever the controller supports")
  func noUpsideDownOnFaceIDPhones() {
    Simulation.run(device: .iPhone15) { sim in
      let root = Recorder()
      root.supported = .all
      show(root, sim)
      #expect(!sim.turnDevice(toShow: .portraitUpsideDown))
    }
  }

  @Test("A half turn takes twice as long as a quarter turn")
  func halfTurn() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      show(root, sim)
      var durations: [TimeInterval] = []
      root.alongside = { durations.append($0.transitionDuration) }
      sim.turnDevice(toShow: .landscapeLeft)
      sim.runUntilIdle()
      sim.turnDevice(toShow: .landscapeRight)
      sim.runUntilIdle()
      #expect(durations == [0.4, 0.8])
      #expect(root.sizes == [CGSize(width: 844, height: 390), CGSize(width: 844, height: 390)])
      #expect(root.previousTraits.count == 1, "landscape to landscape changes no trait")
    }
  }

  @Test("requestGeometryUpdate: an unsupported request gets UIKit's error; a supported one rotates")
  func geometryRequests() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      root.supported = .portrait
      let window = show(root, sim)
      let scene = window.windowScene!
      var errors: [NSError] = []
      scene.requestGeometryUpdate(.iOS(interfaceOrientations: .landscape)) { errors.append($0 as NSError) }
      #expect(errors.isEmpty, "the error comes asynchronously")
      sim.advance(by: 0)
      #expect(errors.count == 1)
      #expect(errors.first?.domain == "UISceneErrorDomain")
      #expect(errors.first?.code == 101)
      #expect(errors.first?.localizedDescription
              == "None of the requested orientations are supported by the view controller. Requested: landscapeLeft, landscapeRight; Supported: portrait")
      #expect(scene.interfaceOrientation == .portrait)

      root.supported = .allButUpsideDown
      root.setNeedsUpdateOfSupportedInterfaceOrientations()
      sim.advance(by: 0)
      #expect(scene.interfaceOrientation == .portrait, "the device is upright: nothing to do")
      scene.requestGeometryUpdate(.iOS(interfaceOrientations: .landscapeRight))
      #expect(scene.interfaceOrientation == .portrait, "on the next run-loop turn")
      sim.advance(by: 0)
      #expect(scene.interfaceOrientation == .landscapeRight)
      #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight)
      #expect(root.sizes == [CGSize(width: 844, height: 390)])
      #expect(UIDevice.current.orientation != .landscapeLeft, "the device itself did not turn")
      sim.runUntilIdle()
      #expect(root.view.bounds.size == CGSize(width: 844, height: 390))
    }
  }

  @Test("Children get viewWillTransition through their parent; a presented controller through its presentation controller")
  func forwarding() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      let child = Recorder()
      root.addChild(child)
      root.view.addSubview(child.view)
      child.didMove(toParent: root)
      show(root, sim)
      let presented = Recorder()
      presented.modalPresentationStyle = .overFullScreen
      root.present(presented, animated: false)
      sim.runUntilIdle()
      child.calls = []
      presented.calls = []
      sim.turnDevice(toShow: .landscapeLeft)
      #expect(child.sizes == [CGSize(width: 844, height: 390)])
      #expect(presented.sizes == [CGSize(width: 844, height: 390)])
      #expect(child.calls.prefix(2) == ["willTransition", "viewWillTransition"])
      #expect(presented.calls.prefix(2) == ["willTransition", "viewWillTransition"])
      sim.runUntilIdle()
      #expect(presented.view.frame.size == CGSize(width: 844, height: 390))
    }
  }

  @Test("A presentation controller that lays out in containerViewWillLayoutSubviews animates with the rotation (default device)")
  func presentationLayoutAnimates() {
    final class BottomHalf: UIPresentationController {
      override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView!.bounds
        return CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
      }
      override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
      }
    }
    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
      func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                  source: UIViewController) -> UIPresentationController? {
        BottomHalf(presentedViewController: presented, presenting: presenting)
      }
    }
    Simulation.run { sim in
      let root = UIViewController()
      show(root, sim)
      let panel = UIViewController()
      let delegate = Delegate()
      panel.modalPresentationStyle = .custom
      panel.transitioningDelegate = delegate
      root.present(panel, animated: false)
      sim.runUntilIdle()
      #expect(panel.view.frame == CGRect(x: 0, y: 284, width: 320, height: 284))
      #expect(sim.turnDevice(toShow: .landscapeLeft))
      #expect(panel.view.frame == CGRect(x: 0, y: 160, width: 568, height: 160), "the model is final at once")
      sim.advance(by: 0.2)
      let width = panel.view.layer.presentation()!.bounds.width
      #expect(width > 320 && width < 568, "animated with the rotation: \(width)")
      sim.runUntilIdle()
      #expect(panel.view.layer.presentation()!.bounds.width == 568)
      _ = delegate
    }
  }

  @Test("The windows' content turns from where it was to upright: a quarter turn, ending at identity")
  func windowTurns() {
    Simulation.run(device: .iPhone14) { sim in
      let root = UIViewController()
      let window = show(root, sim)
      sim.turnDevice(toShow: .landscapeLeft)
      let start = window.layer.presentation()!.transform
      // Device turned a quarter clockwise: the old content shows turned clockwise (+90°).
      expectClose(atan2(Double(start.m12), Double(start.m11)), .pi / 2, 1e-6)
      sim.advance(by: 0.2)
      let mid = window.layer.presentation()!.transform
      let angle = atan2(Double(mid.m12), Double(mid.m11))
      #expect(angle > 0.1 && angle < .pi / 2 - 0.1)
      sim.runUntilIdle()
      #expect(window.layer.presentation()!.transform.m11 == 1)
      #expect(sim.capture().screenSize == CGSize(width: 844, height: 390))
    }
  }

  @Test("The rotation's trace: the note, the calls UIKit makes")
  func trace() {
    Simulation.run(device: .iPhone14) { sim in
      let root = Recorder()
      root.title = "Root"
      show(root, sim)
      let mark = sim.trace.count
      sim.turnDevice(toShow: .landscapeLeft)
      sim.runUntilIdle()
      let messages = sim.trace[mark...].map(\.message)
      #expect(messages.contains("rotation from portrait to landscapeLeft, to (844.0, 390.0), 0.4 s"))
      #expect(messages.contains("viewWillTransition(to: (844.0, 390.0), with:)"))
      #expect(messages.last == "rotation ended")
    }
  }
}
