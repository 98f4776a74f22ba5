import Testing
import TransitionEngine

// The small API real transition files reach for: associated objects (a shim
// on Linux), UINavigationController.hideShowBarDuration, the plain
// UIViewPropertyAnimator(), and the Swift 4 option spellings' raw values.

private var interactorKey: UInt8 = 0
private var countKey: UInt8 = 0
private var delegateKey: UInt8 = 0

private final class Interactor {
  let name: String
  var onDeinit: (() -> Void)?
  init(_ name: String) { self.name = name }
  deinit { onDeinit?() }
}

@Suite("API real transition files use")
struct AppAPITests {
  @Test func associatedObjectsStoreReadReplaceAndRemove() {
    let owner = UIViewController()
    let other = UIViewController()
    #expect(objc_getAssociatedObject(owner, &interactorKey) == nil)
    objc_setAssociatedObject(owner, &interactorKey, Interactor("first"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    objc_setAssociatedObject(owner, &countKey, 3, .OBJC_ASSOCIATION_RETAIN)
    #expect((objc_getAssociatedObject(owner, &interactorKey) as? Interactor)?.name == "first")
    #expect(objc_getAssociatedObject(owner, &countKey) as? Int == 3)
    #expect(objc_getAssociatedObject(other, &interactorKey) == nil, "values belong to one owner")

    objc_setAssociatedObject(owner, &interactorKey, Interactor("second"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect((objc_getAssociatedObject(owner, &interactorKey) as? Interactor)?.name == "second")
    objc_setAssociatedObject(owner, &interactorKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(objc_getAssociatedObject(owner, &interactorKey) == nil, "nil removes the association")
    #expect(objc_getAssociatedObject(owner, &countKey) as? Int == 3)

    objc_removeAssociatedObjects(owner)
    #expect(objc_getAssociatedObject(owner, &countKey) == nil)
  }

  @Test func retainKeepsTheValueAliveAndAssignDoesNot() {
    let owner = UIView()
    var retainedGone = false
    do {
      let retained = Interactor("kept")
      retained.onDeinit = { retainedGone = true }
      objc_setAssociatedObject(owner, &interactorKey, retained, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      let assigned = Interactor("weak")
      objc_setAssociatedObject(owner, &delegateKey, assigned, .OBJC_ASSOCIATION_ASSIGN)
      #expect((objc_getAssociatedObject(owner, &delegateKey) as? Interactor)?.name == "weak")
    }
    #expect(!retainedGone)
    #expect((objc_getAssociatedObject(owner, &interactorKey) as? Interactor)?.name == "kept")
    #expect(objc_getAssociatedObject(owner, &delegateKey) == nil,
            "ASSIGN does not keep its value; the shim reads nil where iOS would dangle")
  }

  @Test func valuesOfADeallocatedOwnerAreReleased() {
    var released = false
    do {
      let owner = UIViewController()
      let value = Interactor("owned")
      value.onDeinit = { released = true }
      objc_setAssociatedObject(owner, &interactorKey, value, .OBJC_ASSOCIATION_RETAIN)
    }
    // The shim notices the owner has gone at the next use of the table.
    _ = objc_getAssociatedObject(UIView(), &interactorKey)
    #expect(released)
  }

  @Test func copyPolicyCopiesNSCopyingValues() {
    let owner = UIView()
    let original = NSMutableString(string: "title")
    objc_setAssociatedObject(owner, &countKey, original, .OBJC_ASSOCIATION_COPY_NONATOMIC)
    original.append(" changed")
    #expect((objc_getAssociatedObject(owner, &countKey) as? NSString).map { String(describing: $0) } == "title")
  }

  @Test func valueTypeOwnersGetNoAssociations() {
    let notAnObject = CGPoint(x: 1, y: 2)
    objc_setAssociatedObject(notAnObject, &countKey, 1, .OBJC_ASSOCIATION_RETAIN)
    #expect(objc_getAssociatedObject(notAnObject, &countKey) == nil)
  }

  @Test func policiesHaveTheRuntimesValues() {
    #expect(objc_AssociationPolicy.OBJC_ASSOCIATION_ASSIGN.rawValue == 0)
    #expect(objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN_NONATOMIC.rawValue == 1)
    #expect(objc_AssociationPolicy.OBJC_ASSOCIATION_COPY_NONATOMIC.rawValue == 3)
    #expect(objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN.rawValue == 0o1401, "OBJC_ASSOCIATION_RETAIN is 01401 (octal) in the runtime header")
    #expect(objc_AssociationPolicy.OBJC_ASSOCIATION_COPY.rawValue == 0o1403)
  }

  @Test func hideShowBarDurationDrivesAnAnimation() {
    Simulation.run { sim in
      #expect(UINavigationController.hideShowBarDuration == 0.33)
      let banner = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
      var finishedAt: TimeInterval?
      UIView.animate(withDuration: TimeInterval(UINavigationController.hideShowBarDuration), animations: {
        banner.alpha = 0
      }, completion: { _ in finishedAt = sim.now })
      sim.runUntilIdle()
      #expect(finishedAt == 0.33)
    }
  }

  @Test func plainPropertyAnimatorIsAnInactiveZeroLengthEaseInOutAnimator() {
    Simulation.run { sim in
      let animator = UIViewPropertyAnimator()
      #expect(animator.duration == 0)
      #expect(animator.state == .inactive)
      #expect((animator.timingParameters as? UICubicTimingParameters)?.animationCurve == .easeInOut)
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      var position: UIViewAnimatingPosition?
      animator.addAnimations { view.alpha = 0.5 }
      animator.addCompletion { position = $0 }
      animator.startAnimation()
      sim.runUntilIdle()
      #expect(position == .end)
      #expect(view.alpha == 0.5)
    }
  }

  @Test func scrollViewOffsetIsTheBoundsOriginAndAnimates() {
    Simulation.run { sim in
      let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      scroll.contentSize = CGSize(width: 320, height: 2000)
      let row = UIView(frame: CGRect(x: 0, y: 100, width: 320, height: 44))
      scroll.addSubview(row)
      scroll.contentOffset = CGPoint(x: 0, y: 60)
      #expect(scroll.bounds.origin == CGPoint(x: 0, y: 60))
      let screen = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
      screen.addSubview(scroll)
      #expect(row.convert(row.bounds, to: screen).minY == 40, "content moves up by the offset")
      scroll.setContentOffset(.zero, animated: true)
      #expect(scroll.contentOffset == CGPoint(x: 0, y: 60), "UIKit moves the offset frame by frame (ScrollViewTests)")
      sim.advance(to: 0.15)
      expectClose(shown(scroll).bounds.origin.y, 30, 1e-4)  // half-way, at a constant velocity (Apple)
      sim.runUntilIdle()
      #expect(shown(scroll).bounds.origin.y == 0)
    }
  }

  @Test func visualEffectViewKeepsItsContentViewFilling() {
    Simulation.run { _ in
      let blur = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
      blur.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
      #expect(blur.contentView.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
      #expect((blur.effect as? UIBlurEffect)?.style == .dark)
      UIView.animate(withDuration: 0.3) { blur.effect = nil }
      #expect(blur.effect == nil, "effect is a plain property in the engine")
    }
  }

  @Test func applicationAccessibilityAndTraits() {
    Simulation.run(device: .iPhone8) { sim in
      #expect(!UIAccessibility.isReduceMotionEnabled)
      #expect(UIApplication.shared.keyWindow == nil)
      let window = UIWindow()
      window.makeKeyAndVisible()
      #expect(UIApplication.shared.keyWindow === window)
      let traits = UIViewController().traitCollection
      #expect(traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .regular)
      #expect(traits.userInterfaceStyle == .light && traits.displayScale == 2)
      #expect(UIViewController().preferredStatusBarStyle == .default)
      _ = sim
    }
  }

  @Test func optionSetsMatchUIViewHMemberForMember() {
    // Values from UIView.h (UIViewAnimationOptions, UIViewKeyframeAnimationOptions).
    let animation: [(UIView.AnimationOptions, UInt)] = [
      (.layoutSubviews, 1 << 0), (.allowUserInteraction, 1 << 1), (.beginFromCurrentState, 1 << 2),
      (.repeat, 1 << 3), (.autoreverse, 1 << 4), (.overrideInheritedDuration, 1 << 5),
      (.overrideInheritedCurve, 1 << 6), (.allowAnimatedContent, 1 << 7), (.showHideTransitionViews, 1 << 8),
      (.overrideInheritedOptions, 1 << 9), (.curveEaseInOut, 0), (.curveEaseIn, 1 << 16),
      (.curveEaseOut, 2 << 16), (.curveLinear, 3 << 16), (.transitionFlipFromLeft, 1 << 20),
      (.transitionFlipFromRight, 2 << 20), (.transitionCurlUp, 3 << 20), (.transitionCurlDown, 4 << 20),
      (.transitionCrossDissolve, 5 << 20), (.transitionFlipFromTop, 6 << 20), (.transitionFlipFromBottom, 7 << 20),
      (.preferredFramesPerSecondDefault, 0), (.preferredFramesPerSecond60, 3 << 24), (.preferredFramesPerSecond30, 7 << 24),
    ]
    for (option, raw) in animation { #expect(option.rawValue == raw) }
    let keyframe: [(UIView.KeyframeAnimationOptions, UInt)] = [
      (.layoutSubviews, 1 << 0), (.allowUserInteraction, 1 << 1), (.beginFromCurrentState, 1 << 2),
      (.repeat, 1 << 3), (.autoreverse, 1 << 4), (.overrideInheritedDuration, 1 << 5),
      (.overrideInheritedOptions, 1 << 9), (.calculationModeLinear, 0), (.calculationModeDiscrete, 1 << 10),
      (.calculationModePaced, 2 << 10), (.calculationModeCubic, 3 << 10), (.calculationModeCubicPaced, 4 << 10),
    ]
    for (option, raw) in keyframe { #expect(option.rawValue == raw) }
  }
}
