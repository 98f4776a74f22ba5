import Testing
@testable import TransitionEngine

// Sheets, tested from Apple's reference for UISheetPresentationController,
// UISheetPresentationControllerDelegate and
// UIAdaptivePresentationControllerDelegate (quoted above each test). Only
// figures Apple gives are asserted exactly; the engine's own figures
// (Guides/TransitionEngine.md, "Sheets") are asserted loosely.

/// Records the delegate calls in order.
final class SheetDelegateLog: NSObject, UISheetPresentationControllerDelegate {
  var log: [String] = []
  var allowsDismissal = true
  var coordinatorInWillDismiss = false
  var adaptTo: UIModalPresentationStyle?
  var adaptiveTraits: UITraitCollection?

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    log.append("shouldDismiss")
    return allowsDismissal
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    log.append("willDismiss")
    coordinatorInWillDismiss = presentationController.presentedViewController.transitionCoordinator != nil
  }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    log.append("didDismiss")
  }
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    log.append("didAttemptToDismiss")
  }
  func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
    log.append("didChangeDetent \(sheet.selectedDetentIdentifier?.rawValue ?? "nil")")
  }
}

/// A delegate that adapts the presentation.
final class AdaptingDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  let style: UIModalPresentationStyle
  var traits: UITraitCollection?
  init(_ style: UIModalPresentationStyle) { self.style = style }
  func adaptivePresentationStyle(for controller: UIPresentationController,
                                 traitCollection: UITraitCollection) -> UIModalPresentationStyle {
    traits = traitCollection
    return style
  }
}

@Suite("Sheets")
struct SheetTests {
  /// Presents `sheet` from a logging home screen and lets it settle.
  private func presentSheet(_ sheet: UIViewController, in sim: Simulation,
                            configure: (UISheetPresentationController) -> Void = { _ in })
    -> (home: LoggingController, window: UIWindow, sheet: UISheetPresentationController) {
    let home = LoggingController("Home")
    let window = showing(home, in: sim)
    let controller = sheet.sheetPresentationController!
    configure(controller)
    home.present(sheet, animated: true)
    sim.runUntilIdle()
    return (home, window, controller)
  }

  // "If modalPresentationStyle is UIModalPresentationStyle.pageSheet or
  // UIModalPresentationStyle.formSheet, this property contains a sheet
  // presentation controller instance. Access this instance to customize or
  // adjust the sheet before or after it presents."
  @Test("sheetPresentationController: a sheet controller for page and form sheets before presentation, nil for other styles")
  func sheetControllerExists() {
    Simulation.run { _ in
      for style in [UIModalPresentationStyle.pageSheet, .formSheet] {
        let vc = UIViewController()
        vc.modalPresentationStyle = style
        let sheet = vc.sheetPresentationController
        #expect(sheet != nil)
        #expect(sheet === vc.presentationController, "the presentation controller that will present it")
      }
      for style in [UIModalPresentationStyle.fullScreen, .overFullScreen, .custom, .currentContext] {
        let vc = UIViewController()
        vc.modalPresentationStyle = style
        #expect(vc.sheetPresentationController == nil)
      }
    }
  }

  // detents: "The default value is an array that contains the value large()";
  // selectedDetentIdentifier, largestUndimmedDetentIdentifier: "The default
  // value is nil"; prefersGrabberVisible "defaults to false";
  // prefersScrollingExpandsWhenScrolledToEdge "The default value is true";
  // prefersEdgeAttachedInCompactHeight "The default value is false";
  // preferredCornerRadius: "The default value is nil".
  @Test("A new sheet controller has UIKit's documented defaults")
  func defaults() {
    Simulation.run { _ in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let sheet = vc.sheetPresentationController!
      #expect(sheet.detents.map(\.identifier) == [.large])
      #expect(sheet.selectedDetentIdentifier == nil)
      #expect(sheet.largestUndimmedDetentIdentifier == nil)
      #expect(sheet.prefersGrabberVisible == false)
      #expect(sheet.preferredCornerRadius == nil)
      #expect(sheet.prefersScrollingExpandsWhenScrolledToEdge == true)
      #expect(sheet.prefersEdgeAttachedInCompactHeight == false)
      #expect(sheet.widthFollowsPreferredContentSizeWhenEdgeAttached == false)
      #expect(UISheetPresentationController.Detent.Identifier.medium.rawValue == "com.apple.UIKit.medium")
      #expect(UISheetPresentationController.Detent.Identifier.large.rawValue == "com.apple.UIKit.large")
    }
  }

  // selectedDetentIdentifier: "The default value is nil, which means the
  // sheet displays at the smallest detent you specify in detents."
  // medium(): "approximately half the height of the screen"; large(): "a
  // sheet at full height".
  @Test("A sheet with [.medium(), .large()] starts at the smaller detent, about half the screen")
  func startsAtSmallestDetent() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let (_, window, sheet) = presentSheet(vc, in: sim) { $0.detents = [.medium(), .large()] }
      let screen = window.bounds.height
      #expect(sheet.selectedDetentIdentifier == nil)
      #expect(vc.view.frame.maxY == screen, "a sheet rests on the bottom edge")
      #expect(abs(vc.view.frame.height - screen / 2) <= screen * 0.1, "approximately half the height of the screen")
      // Order given largest first: still the smallest.
      let other = UIViewController()
      other.modalPresentationStyle = .formSheet
      vc.dismiss(animated: false)
      sim.runUntilIdle()
      let home = vc.presentingViewController ?? window.rootViewController!
      other.sheetPresentationController!.detents = [.large(), .medium()]
      home.present(other, animated: false)
      sim.runUntilIdle()
      #expect(abs(other.view.frame.height - screen / 2) <= screen * 0.1)
    }
  }

  // custom(identifier:resolver:) (iOS 16) and maximumDetentValue: "The
  // maximum value of a detent" — the large detent's height; a resolver that
  // returns nil makes the detent inactive.
  @Test("Custom detents resolve with the large detent's height as maximumDetentValue; nil is inactive")
  func customDetents() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      var seenMaximum: CGFloat = -1
      let small = UISheetPresentationController.Detent.Identifier("small")
      let (_, window, sheet) = presentSheet(vc, in: sim) {
        $0.detents = [
          .custom(identifier: small) { context in
            seenMaximum = context.maximumDetentValue
            return 200
          },
          .large(),
        ]
      }
      #expect(vc.view.frame.height == 200, "the custom detent's value (no bottom safe area on this device)")
      #expect(vc.view.frame.maxY == window.bounds.height)
      // The large detent is "full height": its height is the maximum.
      sheet.selectedDetentIdentifier = .large
      #expect(vc.view.frame.height == seenMaximum)
      #expect(sheet.detents[0].identifier == small)
      #expect(sheet.detents[0].resolvedValue(in: sheet.resolutionContext) == 200)

      // An inactive detent is skipped: the sheet shows at the next one.
      let other = UIViewController()
      other.modalPresentationStyle = .pageSheet
      let home = vc.presentingViewController!
      vc.dismiss(animated: false)
      sim.runUntilIdle()
      other.sheetPresentationController!.detents = [.custom { _ in nil }, .large()]
      home.present(other, animated: false)
      sim.runUntilIdle()
      #expect(other.view.frame.height == seenMaximum)
      // Custom detents without an identifier get distinct ones.
      let a = UISheetPresentationController.Detent.custom { _ in 1 }
      let b = UISheetPresentationController.Detent.custom { _ in 1 }
      #expect(a.identifier != b.identifier)
    }
  }

  // animateChanges(_:): "Animates any changes that you make to the sheet
  // presentation controller in the closure"; the delegate: "The system
  // doesn't call this after you change selectedDetentIdentifier"
  // programmatically.
  @Test("selectedDetentIdentifier set inside animateChanges animates the sheet; the delegate is not told")
  func animateChangesAnimates() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let delegate = SheetDelegateLog()
      let (_, _, sheet) = presentSheet(vc, in: sim) {
        $0.detents = [.medium(), .large()]
        $0.delegate = delegate
      }
      let mediumTop = vc.view.frame.minY
      sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
      #expect(sheet.selectedDetentIdentifier == .large)
      let largeTop = vc.view.frame.minY
      #expect(largeTop < mediumTop, "the model value is the large detent at once")
      sim.advance(by: 0.05)
      let shownTop = shown(vc.view).frame.minY
      #expect(shownTop > largeTop + 1 && shownTop < mediumTop, "on screen the sheet is on its way")
      sim.runUntilIdle()
      #expect(shown(vc.view).frame.minY == largeTop)
      #expect(delegate.log.isEmpty)

      // Outside animateChanges the change takes effect at once, unanimated.
      sheet.selectedDetentIdentifier = .medium
      #expect(vc.view.frame.minY == mediumTop)
      #expect(shown(vc.view).frame.minY == mediumTop)
      #expect(delegate.log.isEmpty)
    }
  }

  // "The system calls this method after a sheet's selectedDetentIdentifier
  // changes in response to user interaction."
  @Test("Dragging the sheet up to the large detent selects it and the delegate hears it, once")
  func userDragChangesDetent() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let delegate = SheetDelegateLog()
      let (home, window, sheet) = presentSheet(vc, in: sim) {
        $0.detents = [.medium(), .large()]
        $0.delegate = delegate
      }
      let top = vc.view.frame.minY
      window.drag(from: CGPoint(x: 160, y: top + 20), to: CGPoint(x: 160, y: 60), duration: 0.3)
      sim.runUntilIdle()
      #expect(sheet.selectedDetentIdentifier == .large)
      #expect(delegate.log == ["didChangeDetent com.apple.UIKit.large"])
      #expect(vc.view.frame.maxY == window.bounds.height)
      #expect(vc.view.frame.minY < top)
      #expect(vc.presentingViewController === home, "a resize is not a dismissal")

      // And back down to medium.
      window.drag(from: CGPoint(x: 160, y: vc.view.frame.minY + 20), to: CGPoint(x: 160, y: top + 20), duration: 0.3)
      sim.runUntilIdle()
      #expect(sheet.selectedDetentIdentifier == .medium)
      #expect(vc.view.frame.minY == top)
      #expect(delegate.log.last == "didChangeDetent com.apple.UIKit.medium")
    }
  }

  // largestUndimmedDetentIdentifier: "Set this property to only add the
  // dimming view at detents larger than the detent you specify. [...]
  // Without a dimming view, the undimmed area around the sheet responds to
  // user interaction".
  @Test("At or below largestUndimmedDetentIdentifier there is no dim and the presenter takes touches; above it, dimmed")
  func undimmedDetent() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let (home, window, sheet) = presentSheet(vc, in: sim) {
        $0.detents = [.medium(), .large()]
        $0.largestUndimmedDetentIdentifier = .medium
      }
      let above = CGPoint(x: 160, y: 100)
      #expect(window.hitTest(above, with: nil) === home.view, "the presenter responds at the medium detent")
      final class Taps: NSObject { var count = 0; func tapped(_ r: UITapGestureRecognizer) { count += 1 } }
      let taps = Taps()
      home.view.addGestureRecognizer(UITapGestureRecognizer(target: taps, action: Selector(Taps.tapped)))
      window.tap(at: above)
      #expect(taps.count == 1)
      #expect(home.view.transform == .identity, "not pushed back")

      sheet.selectedDetentIdentifier = .large
      sim.runUntilIdle()
      // At the large detent the dimming view is there and takes the touch.
      let hit = window.hitTest(CGPoint(x: 160, y: 20), with: nil)
      #expect(hit !== home.view && hit?.isDescendant(of: home.view) != true)
      window.tap(at: CGPoint(x: 160, y: 20))
      #expect(taps.count == 1)
      #expect(vc.presentingViewController === home, "the dimming view is noninteractive: a tap does not dismiss")
    }
  }

  @Test("With the default (nil) every detent dims: the presenter gets no touches, and is pushed back behind a full-height sheet")
  func dimmedByDefault() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let (home, window, sheet) = presentSheet(vc, in: sim) { $0.detents = [.medium(), .large()] }
      let hit = window.hitTest(CGPoint(x: 160, y: 100), with: nil)
      #expect(hit !== home.view)
      #expect(home.view.transform == .identity, "at the medium detent the presenter stays full size")
      sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
      sim.runUntilIdle()
      #expect(home.view.transform.a < 1 && home.view.transform.a == home.view.transform.d,
              "scaled down behind the large sheet")
      vc.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(home.view.transform == .identity, "restored once the sheet has gone")
      #expect(window.hitTest(CGPoint(x: 160, y: 100), with: nil) === home.view)
    }
  }

  // presentationControllerShouldDismiss → presentationControllerWillDismiss
  // ("set up animations or interaction notifications with the
  // presentationController's transitionCoordinator") → DidDismiss ("after a
  // presentation is dismissed").
  @Test("Swiping the sheet down dismisses it: shouldDismiss, willDismiss (with a coordinator), didDismiss")
  func swipeDismisses() {
    Simulation.run { sim in
      let vc = LoggingController("Sheet")
      vc.modalPresentationStyle = .pageSheet
      let delegate = SheetDelegateLog()
      let (home, window, _) = presentSheet(vc, in: sim) { $0.delegate = delegate }
      home.log = []
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 520), duration: 0.3)
      sim.runUntilIdle()
      #expect(delegate.log == ["shouldDismiss", "willDismiss", "didDismiss"])
      #expect(delegate.coordinatorInWillDismiss)
      #expect(vc.presentingViewController == nil)
      #expect(home.presentedViewController == nil)
      #expect(vc.viewIfLoaded?.window == nil)
      #expect(vc.log.suffix(2) == ["willDisappear", "didDisappear"])
      // "The presenter's view stays in the window": no appearance calls.
      #expect(home.log.isEmpty)
    }
  }

  @Test("The swipe is an interactive dismissal: the sheet follows the finger, and the coordinator says so")
  func swipeIsInteractive() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let (home, window, _) = presentSheet(vc, in: sim)
      let start = vc.view.frame.minY
      var interactive: Bool?
      var midway: CGFloat?
      let observer = { () -> Void in
        if sim.now > 0, interactive == nil, let c = vc.transitionCoordinator { interactive = c.isInteractive }
        if let layer = vc.view.layer.presentation() { midway = layer.frame.minY }
      }
      sim.stepObservers.append(observer)
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 200), duration: 0.3, ending: .cancel)
      #expect(interactive == true)
      if let midway { #expect(abs(midway - (start + 100)) <= 12, "the sheet is under the finger, about 100 pt down") }
      sim.stepObservers.removeAll()
      sim.runUntilIdle()
      // A cancelled touch cancels the dismissal.
      #expect(vc.presentingViewController === home)
      #expect(vc.view.frame.minY == start)
    }
  }

  @Test("Released above the threshold, the swipe is cancelled: no didDismiss, the sheet goes back")
  func shortSwipeCancels() {
    Simulation.run { sim in
      let vc = LoggingController("Sheet")
      vc.modalPresentationStyle = .pageSheet
      let delegate = SheetDelegateLog()
      let (home, window, _) = presentSheet(vc, in: sim) { $0.delegate = delegate }
      let frame = vc.view.frame
      home.log = []
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 160), duration: 0.6)
      sim.runUntilIdle()
      #expect(delegate.log == ["shouldDismiss", "willDismiss"])
      #expect(vc.presentingViewController === home)
      #expect(vc.view.frame == frame)
      #expect(vc.view.window != nil)
      #expect(home.log.isEmpty)
      // A later full swipe still dismisses.
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 520), duration: 0.3)
      sim.runUntilIdle()
      #expect(delegate.log == ["shouldDismiss", "willDismiss", "shouldDismiss", "willDismiss", "didDismiss"])
    }
  }

  // isModalInPresentation: "UIKit [...] prevents the interactive dismissal";
  // presentationControllerDidAttemptToDismiss: "UIKit supports refusing to
  // dismiss a presentation when the presentationController.isModalInPresentation
  // returns true or presentationControllerShouldDismiss(_:) returns false."
  @Test("isModalInPresentation blocks the swipe; the delegate hears didAttemptToDismiss and nothing is dismissed")
  func modalBlocksSwipe() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      vc.isModalInPresentation = true
      let delegate = SheetDelegateLog()
      let (home, window, _) = presentSheet(vc, in: sim) { $0.delegate = delegate }
      let frame = vc.view.frame
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 520), duration: 0.3)
      sim.runUntilIdle()
      #expect(delegate.log.contains("didAttemptToDismiss"))
      #expect(!delegate.log.contains("willDismiss") && !delegate.log.contains("didDismiss"))
      #expect(vc.presentingViewController === home)
      #expect(vc.view.frame == frame, "the sheet goes back")
    }
  }

  @Test("presentationControllerShouldDismiss returning false refuses the swipe: didAttemptToDismiss, no dismissal")
  func shouldDismissFalseRefuses() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let delegate = SheetDelegateLog()
      delegate.allowsDismissal = false
      let (home, window, _) = presentSheet(vc, in: sim) { $0.delegate = delegate }
      window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 520), duration: 0.3)
      sim.runUntilIdle()
      #expect(delegate.log == ["shouldDismiss", "didAttemptToDismiss"])
      #expect(vc.presentingViewController === home)
    }
  }

  // WillDismiss and DidDismiss: "This method is not called if the
  // presentation is dismissed programmatically."
  @Test("dismiss(animated:) tells the delegate nothing; the presenter gets no appearance calls either way")
  func programmaticDismissIsSilent() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .formSheet
      let delegate = SheetDelegateLog()
      let (home, _, _) = presentSheet(vc, in: sim) { $0.delegate = delegate }
      #expect(home.log == ["willAppear", "didAppear"], "only its own first appearance")
      vc.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(vc.presentingViewController == nil)
      #expect(delegate.log.isEmpty)
      #expect(home.log == ["willAppear", "didAppear"])
    }
  }

  // adaptivePresentationStyle(for:traitCollection:): "Asks the delegate for
  // the presentation style to use when the specified set of traits are
  // active." The return value "must be fullScreen, overFullScreen, [...] or
  // none".
  @Test("adaptivePresentationStyle(for:traitCollection:) is asked in compact width; .fullScreen replaces the sheet, .none keeps it")
  func adaptiveStyle() {
    Simulation.run { sim in
      let full = UIViewController()
      full.modalPresentationStyle = .pageSheet
      let adapting = AdaptingDelegate(.fullScreen)
      let home = LoggingController("Home")
      let window = showing(home, in: sim)
      full.presentationController?.delegate = adapting
      home.present(full, animated: true)
      sim.runUntilIdle()
      #expect(adapting.traits?.horizontalSizeClass == .compact)
      #expect(full.view.frame == window.bounds)
      #expect(home.viewIfLoaded?.window == nil, "full screen removes the presenter's view")
      full.dismiss(animated: false)
      sim.runUntilIdle()

      let kept = UIViewController()
      kept.modalPresentationStyle = .pageSheet
      let keeping = AdaptingDelegate(.none)
      kept.presentationController?.delegate = keeping
      home.present(kept, animated: true)
      sim.runUntilIdle()
      #expect(keeping.traits != nil)
      #expect(kept.view.frame.minY > 0, "still a sheet")
      #expect(home.view.window != nil)
    }
  }

  @Test("prefersGrabberVisible shows a grabber at the top of the sheet; preferredCornerRadius rounds its top corners")
  func grabberAndCorners() {
    Simulation.run { sim in
      let vc = UIViewController()
      vc.modalPresentationStyle = .pageSheet
      let (_, _, sheet) = presentSheet(vc, in: sim) {
        $0.prefersGrabberVisible = true
        $0.preferredCornerRadius = 24
      }
      let grabber = vc.view.subviews.last
      #expect(grabber is SheetGrabberView)
      #expect((grabber?.frame.minY ?? 99) < 10)
      #expect(abs((grabber?.frame.midX ?? 0) - vc.view.bounds.midX) < 0.5)
      #expect(vc.view.layer.cornerRadius == 24)
      sheet.prefersGrabberVisible = false
      #expect(!vc.view.subviews.contains { $0 is SheetGrabberView })
      vc.dismiss(animated: false)
      sim.runUntilIdle()
      #expect(vc.view.layer.cornerRadius == 0, "the view's own corners come back after the dismissal")
    }
  }
}
