import Testing
@testable import TransitionEngine

// The zoom transition and `preferredTransition` (iOS 18), tested from
// Apple's reference and headers:
// - [P] UIViewController.preferredTransition,
//   https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredtransition
// - [Z] UIViewController.Transition.zoom(options:sourceViewProvider:),
//   https://developer.apple.com/documentation/uikit/uiviewcontroller/transition/zoom(options:sourceviewprovider:)
//   and its header comment (UIViewControllerTransition.h)
// - [O] UIViewController.Transition.ZoomOptions and UIZoomTransitionOptions.h,
//   https://developer.apple.com/documentation/uikit/uiviewcontroller/transition/zoomoptions
// - [F] "Enhancing your app with fluid transitions",
//   https://developer.apple.com/documentation/uikit/enhancing-your-app-with-fluid-transitions
// - [T] UIViewController.Transition.coverVertical … partialCurl: "Same as
//   UIModalTransitionStyle.…" (UIViewControllerTransition.h)
// Apple gives no curve, duration, dimming or drag threshold: where a test
// needs a time it uses the transition's own duration or runs the clock out.

/// A grid with one thumbnail, as an app's collection would show it.
private final class GridController: UIViewController {
  let thumbnail = UIView(frame: CGRect(x: 20, y: 100, width: 80, height: 80))
  let other = UIView(frame: CGRect(x: 200, y: 300, width: 80, height: 80))
  var log: [String] = []
  override func viewDidLoad() {
    super.viewDidLoad()
    thumbnail.accessibilityIdentifier = "thumbnail"
    other.accessibilityIdentifier = "other"
    view.addSubview(thumbnail)
    view.addSubview(other)
  }
  override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
  override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
}

/// The on-screen bounding box of the layer labelled `label`, if it is drawn.
private func onScreen(_ label: String, in capture: ScreenCapture) -> CGRect? {
  guard let layer = capture.layers.first(where: { $0.label == label }), let first = layer.quad.first else { return nil }
  var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
  for p in layer.quad { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
  return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// A detail controller titled "Detail" that zooms from `grid`'s thumbnail,
/// counting the provider's calls.
private func zoomingDetail(from grid: GridController, options: UIViewController.Transition.ZoomOptions? = nil,
                           calls: @escaping (UIViewController.Transition.ZoomSourceViewProviderContext) -> UIView? = {
                             ($0.sourceViewController as? GridController)?.thumbnail
                           }) -> LoggingController {
  let detail = LoggingController("Detail")
  detail.preferredTransition = .zoom(options: options, sourceViewProvider: calls)
  return detail
}

@Suite("The zoom transition and preferredTransition")
struct ZoomTransitionTests {
  // [P] "An object that defines the transition animation when switching to
  // the view controller" — optional, set by the app.
  @Test("preferredTransition is nil until set; every case has the SDK's spelling")
  func spelling() {
    Simulation.run { _ in
      let vc = UIViewController()
      #expect(vc.preferredTransition == nil)
      let options = UIViewController.Transition.ZoomOptions()
      #expect(options.interactiveDismissShouldBegin == nil)
      #expect(options.alignmentRectProvider == nil)
      #expect(options.dimmingColor == nil, "[O] \"Set to nil to use the default\"")
      #expect(options.dimmingVisualEffect == nil, "[O] \"Defaults to nil\"")
      let all: [UIViewController.Transition] = [
        .zoom(options: options) { _ in nil }, .zoom { $0.zoomedViewController.view },
        .coverVertical, .flipHorizontal, .crossDissolve, .partialCurl,
      ]
      vc.preferredTransition = all[1]
      #expect(vc.preferredTransition === all[1])
      #expect(all.map(\.description) == [".zoom", ".zoom", ".coverVertical", ".flipHorizontal", ".crossDissolve",
                                         ".partialCurl"])
    }
  }

  // [Z] "The system calls the source view provider when it presents and when
  // it dismisses the view controller"; the context's sourceViewController is
  // "the source of the zoom transition", zoomedViewController "the view
  // controller being zoomed into".
  @Test("The source view provider is called when the presentation starts and again when the dismissal starts")
  func providerCalledBothWays() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      var contexts: [(source: UIViewController, zoomed: UIViewController)] = []
      let detail = zoomingDetail(from: grid) { context in
        contexts.append((context.sourceViewController, context.zoomedViewController))
        return (context.sourceViewController as? GridController)?.thumbnail
      }
      grid.present(detail, animated: true)
      #expect(contexts.isEmpty, "not inside present(): when the transition starts")
      sim.advance(by: 0)
      #expect(contexts.count == 1)
      #expect(contexts.first?.source === grid)
      #expect(contexts.first?.zoomed === detail)
      sim.runUntilIdle()
      #expect(contexts.count == 1)
      detail.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(contexts.count == 2)
      #expect(contexts.last?.source === grid)
      #expect(contexts.last?.zoomed === detail)
    }
  }

  // [Z] "Zoom from the view provided by the sourceViewProvider to the
  // presented or pushed view controller's view"; the thumbnail is what "the
  // animation zooms out from and zooms back in to".
  @Test("Presenting: the zoomed view starts on the source view's frame, ends on its final frame; the source is hidden meanwhile")
  func presentGeometry() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid)
      grid.present(detail, animated: true)
      sim.advance(by: 0)
      let start = onScreen("Detail", in: sim.capture())
      expectClose(start ?? .zero, grid.thumbnail.frame, 1e-6)
      #expect(grid.thumbnail.isHidden, "the source view is hidden during the transition")
      sim.advance(by: 0.1)
      #expect(sim.capture().layers.contains { $0.label == "zoom dimming" }, "the content behind is dimmed")
      #expect(grid.thumbnail.isHidden)
      let coordinator = detail.transitionCoordinator
      #expect(coordinator != nil)
      #expect(coordinator?.presentationStyle == .fullScreen)
      sim.runUntilIdle()
      #expect(detail.view.frame == window.bounds)
      #expect(detail.view.transform == .identity)
      #expect(!grid.thumbnail.isHidden, "shown again after the transition")
      #expect(detail.log == ["willAppear", "didAppear"])
      #expect(!sim.capture().layers.contains { $0.label == "zoom dimming" })
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [Z] the view "the animation should zoom … back out to"; the provider may
  // return another view on the way back (the header's city example).
  @Test("Dismissing: the zoomed view shrinks onto the view the provider returns now, which is hidden until the end")
  func dismissGeometry() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      var target = "thumbnail"
      let detail = zoomingDetail(from: grid) { context in
        let grid = context.sourceViewController as! GridController
        return target == "thumbnail" ? grid.thumbnail : grid.other
      }
      grid.present(detail, animated: true)
      sim.runUntilIdle()
      target = "other"
      detail.dismiss(animated: true)
      sim.advance(by: 0)
      #expect(grid.other.isHidden)
      #expect(!grid.thumbnail.isHidden)
      let run = sim.runningTransitionTiming!
      sim.advance(to: run.startTime + run.duration - 1e-6)
      // The spring has settled to within a point.
      expectClose(onScreen("Detail", in: sim.capture()) ?? .zero, grid.other.frame, 1)
      sim.runUntilIdle()
      #expect(grid.presentedViewController == nil)
      #expect(!grid.other.isHidden)
      #expect(grid.view.window != nil)
      #expect(onScreen("Detail", in: sim.capture()) == nil)
      #expect(detail.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // Apple does not say what a nil source view does; the engine zooms from
  // and to the container's centre, fading (Guides/TransitionEngine.md). The
  // test pins only what must hold: the transitions still complete.
  @Test("A provider that returns nil: the presentation and the dismissal still complete")
  func nilSource() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid) { _ in nil }
      grid.present(detail, animated: true)
      sim.runUntilIdle()
      #expect(grid.presentedViewController === detail)
      #expect(detail.view.frame == window.bounds)
      #expect(detail.view.alpha == 1)
      detail.dismiss(animated: true)
      sim.runUntilIdle()
      #expect(grid.presentedViewController == nil)
      #expect(detail.view.alpha == 1, "put back at rest for a later presentation")
    }
  }

  // [O] alignmentRectProvider: "Return a frame in the zoomed view
  // controller's view to which to align the source view"; its context holds
  // the source view and the zoomed controller.
  @Test("alignmentRectProvider: that rectangle of the zoomed view starts on the source view")
  func alignmentRect() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      let options = UIViewController.Transition.ZoomOptions()
      let hero = CGRect(x: 0, y: 0, width: 320, height: 320)
      var seen: (UIView, UIViewController)?
      options.alignmentRectProvider = { context in
        seen = (context.sourceView, context.zoomedViewController)
        return hero
      }
      let detail = zoomingDetail(from: grid, options: options)
      grid.present(detail, animated: true)
      sim.advance(by: 0)
      #expect(seen?.0 === grid.thumbnail)
      #expect(seen?.1 === detail)
      // The 320-pt square maps onto the 80-pt thumbnail: scale 1/4 both ways,
      // so the whole 320 × 568 view shows as 80 × 142 from the thumbnail's corner.
      let start = onScreen("Detail", in: sim.capture()) ?? .zero
      expectClose(start, CGRect(x: 20, y: 100, width: 80, height: 142), 1e-6)
      sim.runUntilIdle()
    }
  }

  // [O] dimmingColor: "Dimming color to apply to the content behind the zoomed in view".
  @Test("dimmingColor is the colour of the dimming behind the zoomed view")
  func dimmingColor() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      let options = UIViewController.Transition.ZoomOptions()
      options.dimmingColor = .systemRed
      options.dimmingVisualEffect = UIBlurEffect(style: .dark)
      grid.present(zoomingDetail(from: grid, options: options), animated: true)
      sim.advance(by: 0.2)
      let dimming = sim.capture().layers.first { $0.label == "zoom dimming" }
      #expect(dimming?.fill?.name == "systemRed")
      #expect(sim.capture().layers.contains { $0.label == "UIVisualEffectView" })
      sim.runUntilIdle()
    }
  }

  // [F] "People can then grab, drag, and control the transitions"; [O]
  // interactiveDismissShouldBegin is "Called when an interactive dismissal of
  // this transition begins".
  @Test("A drag down on the zoomed view dismisses it interactively; the source view shows again")
  func dragDismisses() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid)
      grid.present(detail, animated: true)
      sim.runUntilIdle()
      var interactive = false
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 300), duration: 0.2, ending: .cancel)
      sim.runUntilIdle()
      #expect(grid.presentedViewController === detail, "a cancelled touch does not dismiss")
      detail.log = []
      window.drag(along: [CGPoint(x: 160, y: 200), CGPoint(x: 160, y: 450)], duration: 0.3)
      interactive = sim.trace.contains { $0.message == "startInteractiveTransition(_:)" }
      sim.runUntilIdle()
      #expect(interactive)
      #expect(grid.presentedViewController == nil)
      #expect(!grid.thumbnail.isHidden)
      #expect(detail.log == ["willDisappear", "didDisappear"])
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [F] a person can "drag it to slow it down or reverse it"; a cancelled
  // dismissal leaves the presented controller where it was.
  @Test("A short, slow drag goes back: everything is restored and the source view shows")
  func cancelledDragRestores() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid)
      grid.present(detail, animated: true)
      sim.runUntilIdle()
      detail.log = []
      var hiddenDuring = false
      var cancelled = false
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 240), duration: 0.5)
      hiddenDuring = grid.thumbnail.isHidden
      cancelled = detail.transitionCoordinator?.isCancelled ?? false
      sim.runUntilIdle()
      #expect(hiddenDuring)
      #expect(cancelled)
      #expect(grid.presentedViewController === detail)
      #expect(detail.view.transform == .identity)
      #expect(detail.view.frame == window.bounds)
      #expect(detail.view.window != nil)
      #expect(!grid.thumbnail.isHidden)
      #expect(!sim.capture().layers.contains { $0.label == "zoom dimming" })
      // [F]'s figure: viewWillDisappear, then "directly to the appearing
      // state", then viewDidAppear; never viewDidDisappear.
      #expect(detail.log.first == "willDisappear")
      #expect(detail.log.last == "didAppear")
      #expect(!detail.log.contains("didDisappear"))
      // It can be dragged again.
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 450), duration: 0.3)
      sim.runUntilIdle()
      #expect(grid.presentedViewController == nil)
    }
  }

  // [O] "Return value indicates whether the interaction should begin for the
  // given context"; location "in the displayed view controller's view's
  // coordinate space"; willBegin "Whether the interaction would begin under
  // the current conditions by default".
  @Test("interactiveDismissShouldBegin returning false prevents the drag; it is asked with location and willBegin")
  func shouldBeginFalse() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let options = UIViewController.Transition.ZoomOptions()
      var asked: [UIViewController.Transition.ZoomOptions.InteractionContext] = []
      options.interactiveDismissShouldBegin = { context in
        asked.append(context)
        return false
      }
      let detail = zoomingDetail(from: grid, options: options)
      grid.present(detail, animated: true)
      sim.runUntilIdle()
      detail.log = []
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 450), duration: 0.3)
      sim.runUntilIdle()
      #expect(asked.count == 1)
      #expect(asked.first?.willBegin == true, "a drag down would begin by default")
      #expect((asked.first?.location.y ?? 0) > 200, "where the finger is, in the zoomed view")
      #expect((asked.first?.velocity.dy ?? 0) > 0)
      #expect(grid.presentedViewController === detail)
      #expect(detail.log.isEmpty, "no dismissal began")
      #expect(!sim.trace.contains { $0.message.hasPrefix("dismiss") || $0.message.contains("interactively") })
    }
  }

  // [F]: "set the preferredTransition property to zoom … Then push the view
  // controller onto the navigation stack"; [Z] "the presented or pushed view
  // controller's view".
  @Test("Push and pop with preferredTransition = .zoom: the provider, the frames, the source view")
  func pushAndPop() {
    Simulation.run { sim in
      let grid = GridController()
      let navigation = UINavigationController(rootViewController: grid)
      _ = showing(navigation, in: sim)
      var sources: [UIViewController] = []
      let detail = zoomingDetail(from: grid) { context in
        sources.append(context.sourceViewController)
        return (context.sourceViewController as? GridController)?.thumbnail
      }
      navigation.pushViewController(detail, animated: true)
      #expect(sources.count == 1 && sources[0] === grid, "a push starts at once and asks at once")
      #expect(grid.thumbnail.isHidden)
      let start = onScreen("Detail", in: sim.capture()) ?? .zero
      expectClose(start, grid.thumbnail.convert(grid.thumbnail.bounds, to: nil), 1e-6)
      #expect(sim.runningTransitionTiming != nil)
      sim.runUntilIdle()
      #expect(navigation.topViewController === detail)
      #expect(detail.view.frame == navigation.view.bounds)
      #expect(!grid.thumbnail.isHidden)
      #expect(grid.view.superview == nil, "the pushed-over view leaves, as after any push")
      navigation.popViewController(animated: true)
      #expect(sources.count == 2 && sources[1] === grid)
      #expect(grid.thumbnail.isHidden)
      sim.runUntilIdle()
      #expect(navigation.topViewController === grid)
      #expect(!grid.thumbnail.isHidden)
      #expect(detail.view.superview == nil)
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [F] "the system calls viewWillDisappear … transitions directly to the
  // appearing state" when a pop is cancelled; a drag pops interactively.
  @Test("Pop by a drag on the pushed view; a short drag goes back and keeps the stack")
  func dragPops() {
    Simulation.run { sim in
      let grid = GridController()
      let navigation = UINavigationController(rootViewController: grid)
      let window = showing(navigation, in: sim)
      let detail = zoomingDetail(from: grid)
      navigation.pushViewController(detail, animated: true)
      sim.runUntilIdle()
      detail.log = []
      grid.log = []
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 230), duration: 0.5)
      sim.runUntilIdle()
      // [F]'s figure for a cancelled pop: the popped controller gets
      // viewWillDisappear, then goes straight back to the appeared state
      // (viewDidAppear), never viewDidDisappear; the controller below never
      // appears.
      #expect(detail.log.first == "willDisappear")
      #expect(detail.log.last == "didAppear")
      #expect(!detail.log.contains("didDisappear"))
      #expect(!grid.log.contains("didAppear"))
      #expect(navigation.viewControllers.count == 2)
      #expect(detail.view.window != nil)
      #expect(detail.view.transform == .identity)
      #expect(!grid.thumbnail.isHidden)
      window.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 450), duration: 0.3)
      sim.runUntilIdle()
      #expect(navigation.viewControllers.count == 1)
      #expect(grid.view.window != nil)
      #expect(!grid.thumbnail.isHidden)
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [F] "if someone interrupts a navigation push, the system doesn't cancel
  // push transitions. Instead, the system completes the transition to the
  // appeared state and begins the navigation pop within one cycle of the run loop."
  @Test("A drag during the zoom in: the push completes (didAppear) and the pop begins at once")
  func interruptedPush() {
    Simulation.run { sim in
      let grid = GridController()
      let navigation = UINavigationController(rootViewController: grid)
      let window = showing(navigation, in: sim)
      let detail = zoomingDetail(from: grid)
      navigation.pushViewController(detail, animated: true)
      sim.advance(by: 0.15)
      window.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 500), duration: 0.3)
      sim.runUntilIdle()
      #expect(detail.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
      #expect(navigation.viewControllers.count == 1)
      #expect(!grid.thumbnail.isHidden)
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [F] describes pushes; the engine treats a presentation the same way, and
  // a zoom does not ignore touches while it runs ("they can stop the
  // transition or drag it").
  @Test("A drag during a modal zoom in: the presentation completes, then the dismissal follows the finger")
  func interruptedPresentation() {
    Simulation.run { sim in
      let grid = GridController()
      let window = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid)
      grid.present(detail, animated: true)
      sim.advance(by: 0.2)
      window.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 520), duration: 0.3)
      sim.runUntilIdle()
      #expect(detail.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
      #expect(grid.presentedViewController == nil)
      #expect(!grid.thumbnail.isHidden)
      #expect(sim.diagnostics.isEmpty, "\(sim.diagnostics.map(\.message))")
    }
  }

  // [T] each non-zoom transition is "Same as UIModalTransitionStyle.…": the
  // presentation shows, frame for frame, what that modalTransitionStyle shows.
  @Test("The non-zoom cases present as the modalTransitionStyle of the same name does",
        arguments: [("coverVertical", UIModalTransitionStyle.coverVertical), ("flipHorizontal", .flipHorizontal),
                    ("crossDissolve", .crossDissolve), ("partialCurl", .partialCurl)])
  func nonZoomCases(name: String, style: UIModalTransitionStyle) {
    func film(_ configure: (UIViewController) -> Void) -> [ScreenCapture] {
      Simulation.run { sim in
        let home = LoggingController("Home")
        _ = showing(home, in: sim)
        let shown = LoggingController("Shown")
        shown.modalPresentationStyle = .fullScreen
        configure(shown)
        home.present(shown, animated: true)
        var captures: [ScreenCapture] = []
        for t in [0, 0.1, 0.25, 0.4] {
          sim.advance(to: t)
          var capture = sim.capture()
          capture.time = 0
          captures.append(capture)
        }
        sim.runUntilIdle()
        return captures
      }
    }
    let transition: UIViewController.Transition
    switch style {
    case .coverVertical: transition = .coverVertical
    case .flipHorizontal: transition = .flipHorizontal
    case .crossDissolve: transition = .crossDissolve
    default: transition = .partialCurl
    }
    #expect(transition.description == "." + name)
    let byStyle = film { $0.modalTransitionStyle = style }
    let byTransition = film { $0.preferredTransition = transition }
    #expect(byStyle == byTransition)
  }

  // Appearance callbacks and the coordinator "as for other transitions":
  // the coordinator's alongside animations run with the zoom.
  @Test("The coordinator runs alongside animations and completions with the zoom")
  func coordinator() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      let detail = zoomingDetail(from: grid)
      let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      grid.view.addSubview(badge)
      var completed = false
      grid.present(detail, animated: true)
      detail.transitionCoordinator?.animate(alongsideTransition: { _ in badge.alpha = 0 },
                                            completion: { _ in completed = true })
      sim.advance(by: 0.1)
      let mid = Double(badge.layer.presentation()!.opacity)
      #expect(mid > 0 && mid < 1)
      sim.runUntilIdle()
      #expect(completed)
    }
  }

  // Apple publishes no curve: every capture taken while a zoom runs carries
  // the engine's note, none after.
  @Test("Captures taken while the zoom runs say the motion is the engine's model")
  func engineChoiceNote() {
    Simulation.run { sim in
      let grid = GridController()
      _ = showing(grid, in: sim)
      grid.present(zoomingDetail(from: grid), animated: true)
      sim.advance(by: 0.1)
      #expect(sim.capture().engineChoice?.contains("Apple publishes no curve") == true)
      sim.runUntilIdle()
      #expect(sim.capture().engineChoice == nil)
    }
  }
}
