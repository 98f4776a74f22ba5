import Testing
@testable import TransitionEngine

// Alerts, storyboard-era segues, image rendering, and the documented
// behaviours fixed with them (viewIsAppearing, modalPresentationStyle,
// DispatchGroup.notify). Each test cites the documentation it follows.

private final class AppearanceLog: UIViewController {
  var calls: [String] = []
  var windowAtIsAppearing: Bool?
  override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
  override func viewIsAppearing(_ animated: Bool) {
    calls.append("viewIsAppearing")
    windowAtIsAppearing = view.window != nil
  }
  override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }
}

private final class FadeSegue: UIStoryboardSegue {
  var performed = false
  override func perform() {
    performed = true
    destination.modalPresentationStyle = .fullScreen
    source.present(destination, animated: false)
  }
}

private final class SegueSource: UIViewController {
  var prepared: [String] = []
  override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    prepared.append(segue.identifier ?? "")
    segue.destination.title = "Detail"
  }
}

@Suite struct AppFlowTests {
  // MARK: Alerts

  @Test func alertKeepsItsTitleMessageStyleAndActionsInOrder() {
    Simulation.run { _ in
      // Apple: actions are shown "in the order in which you add them";
      // "preferredAction … must be one of the actions in the actions array".
      let alert = UIAlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
      let cancel = UIAlertAction(title: "Cancel", style: .cancel)
      let delete = UIAlertAction(title: "Delete", style: .destructive)
      alert.addAction(cancel)
      alert.addAction(delete)
      alert.preferredAction = delete
      #expect(alert.title == "Delete?")
      #expect(alert.message == "This cannot be undone.")
      #expect(alert.preferredStyle == .alert)
      #expect(alert.actions.map(\.title) == ["Cancel", "Delete"])
      #expect(alert.preferredAction === delete)
      #expect(delete.style == .destructive && delete.isEnabled)
      #expect(alert.textFields == nil)
      // "You can add a text field only if the preferredStyle property is set to .alert."
      alert.addTextField { $0.placeholder = "Name" }
      #expect(alert.textFields?.map(\.placeholder) == ["Name"])
    }
  }

  @Test func alertReadsAConcreteCustomStyleAndIsShownAtTheCentreOverADimmingView() {
    Simulation.run { sim in
      let root = UIViewController()
      let window = showing(root, in: sim)
      let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      // Header: reading .automatic "will always return a concrete presentation
      // style"; "system-provided subclasses may resolve UIModalPresentationAutomatic
      // to other concrete presentation styles" (the engine: .custom).
      #expect(alert.modalPresentationStyle == .custom)
      root.present(alert, animated: true)
      sim.runUntilIdle()
      #expect(root.presentedViewController === alert)
      let frame = alert.view.frame
      expectClose(frame.midX, window.bounds.midX)
      expectClose(frame.midY, window.bounds.midY, 1)
      #expect(frame.width == 270)
      #expect(root.view.window != nil, "an alert leaves the presenter on screen")
      let labels = sim.capture().layers.map(\.label)
      #expect(labels.contains("Saved"), "the film shows the box with its title")
      #expect(labels.contains("alert dimming"))
    }
  }

  @Test func tappingAnActionDismissesTheAlertThenCallsItsHandler() {
    Simulation.run { sim in
      let root = UIViewController()
      let window = showing(root, in: sim)
      var events: [String] = []
      let alert = UIAlertController(title: "Sign out?", message: nil, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in events.append("cancel") })
      alert.addAction(UIAlertAction(title: "Sign Out", style: .destructive) { action in
        // The handler receives the action; by now the alert is gone.
        events.append("\(action.title!) presented: \(root.presentedViewController != nil)")
      })
      root.present(alert, animated: true)
      sim.runUntilIdle()
      let row = alert.view.subviews.first { $0.accessibilityIdentifier == "Sign Out" }!
      let point = row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: window)
      window.tap(at: point)
      sim.runUntilIdle()
      #expect(events == ["Sign Out presented: false"])
      #expect(root.presentedViewController == nil)
    }
  }

  @Test func aDisabledActionDoesNothing() {
    Simulation.run { sim in
      let root = UIViewController()
      let window = showing(root, in: sim)
      var called = false
      let alert = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
      let save = UIAlertAction(title: "Save", style: .default) { _ in called = true }
      save.isEnabled = false
      alert.addAction(save)
      root.present(alert, animated: true)
      sim.runUntilIdle()
      let row = alert.view.subviews.first { $0.accessibilityIdentifier == "Save" }!
      window.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: window))
      sim.runUntilIdle()
      #expect(!called)
      #expect(root.presentedViewController === alert)
    }
  }

  @Test func actionSheetSitsAtTheBottomWithItsCancelActionApart() {
    Simulation.run { sim in
      let root = UIViewController()
      let window = showing(root, in: sim)
      let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
      sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
      sheet.addAction(UIAlertAction(title: "Share", style: .default))
      root.present(sheet, animated: true)
      sim.advance(by: 0.05)
      let early = sheet.view.layer.presentation()!.frame
      sim.runUntilIdle()
      let frame = sheet.view.frame
      #expect(frame.maxY <= window.bounds.maxY - 8)
      #expect(early.minY > frame.minY, "it slides up from below")
      let cancelGroup = sheet.view.subviews.first { $0.accessibilityIdentifier == "cancel" }!
      #expect(cancelGroup.frame.maxY == frame.height, "the cancel action is in its own box, last")
    }
  }

  // MARK: Segues

  @Test func aSegueMadeInCodePreparesThenPerforms() {
    Simulation.run { sim in
      // Apple: "before the visual transition occurs, the storyboard runtime
      // calls the current view controller's prepare(for:sender:)"; the
      // subclass's perform() installs the destination itself.
      let source = SegueSource()
      _ = showing(source, in: sim)
      let segue = FadeSegue(identifier: "showDetail", source: source, destination: UIViewController())
      source.prepare(for: segue, sender: nil)
      segue.perform()
      sim.runUntilIdle()
      #expect(source.prepared == ["showDetail"])
      #expect(segue.performed)
      #expect(source.presentedViewController?.title == "Detail")
      #expect(source.storyboard == nil)
    }
  }

  @Test func theBaseSeguesPerformCallsItsHandler() {
    Simulation.run { _ in
      // Apple: performHandler is "A block to be called when the segue's
      // perform() method is called".
      var ran = false
      let segue = UIStoryboardSegue(identifier: nil, source: UIViewController(), destination: UIViewController()) {
        ran = true
      }
      segue.perform()
      #expect(ran)
      UIStoryboardSegue(identifier: "plain", source: UIViewController(), destination: UIViewController()).perform()
    }
  }

  // MARK: Rendering

  @Test func aRenderedImageHasTheRenderersSizeAndIsNamedByItsDominantFill() {
    Simulation.run { sim in
      // Apple: image(actions:) "Creates an image by following a set of drawing
      // instructions"; the image has the renderer's size.
      let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40))
      let image = renderer.image { context in
        UIColor.systemBlue.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        UIColor.white.setFill()
        UIBezierPath(ovalIn: CGRect(x: 15, y: 15, width: 10, height: 10)).fill()
        #expect(UIGraphicsGetCurrentContext() === context.cgContext)
      }
      #expect(UIGraphicsGetCurrentContext() == nil)
      #expect(image.size == CGSize(width: 40, height: 40))
      #expect(image.diagramContent == "rendered 40×40 systemBlue")
      #expect(image.pngData() == nil, "no pixels: not modelled")
      let root = UIViewController()
      _ = showing(root, in: sim)
      let imageView = UIImageView(image: image)
      root.view.addSubview(imageView)
      #expect(sim.capture().layers.contains { $0.content == "rendered 40×40 systemBlue" })
    }
  }

  @Test func drawHierarchyRecordsACopyOfTheView() {
    Simulation.run { sim in
      let root = UIViewController()
      _ = showing(root, in: sim)
      let card = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
      card.accessibilityIdentifier = "card"
      card.backgroundColor = .systemOrange
      root.view.addSubview(card)
      let format = UIGraphicsImageRendererFormat.default()
      format.scale = 1
      let image = UIGraphicsImageRenderer(bounds: card.bounds, format: format).image { _ in
        #expect(card.drawHierarchy(in: card.bounds, afterScreenUpdates: true))
      }
      #expect(image.diagramContent == "rendered 120×80 of card")
      #expect(!card.drawHierarchy(in: card.bounds, afterScreenUpdates: false), "no renderer is drawing")
    }
  }

  // MARK: Documented fixes

  @Test func automaticReadsAsPageSheetForAPlainController() {
    // Header: "If this property has been set to UIModalPresentationAutomatic,
    // reading it will always return a concrete presentation style. By default
    // UIViewController resolves UIModalPresentationAutomatic to
    // UIModalPresentationPageSheet".
    Simulation.run { _ in
      let controller = UIViewController()
      #expect(controller.modalPresentationStyle == .pageSheet)
      controller.modalPresentationStyle = .automatic
      #expect(controller.modalPresentationStyle == .pageSheet)
      controller.modalPresentationStyle = .overFullScreen
      #expect(controller.modalPresentationStyle == .overFullScreen)
    }
  }

  @Test func viewIsAppearingComesBetweenWillAndDidAppearWithTheViewInAWindow() {
    // Apple: "The system calls this method once each time a view controller's
    // view appears after the viewWillAppear(_:) call … after it adds the view
    // controller's view to the view hierarchy".
    Simulation.run { sim in
      let root = UIViewController()
      _ = showing(root, in: sim)
      let presented = AppearanceLog()
      presented.modalPresentationStyle = .fullScreen
      root.present(presented, animated: true)
      sim.runUntilIdle()
      #expect(presented.calls == ["viewWillAppear", "viewIsAppearing", "viewDidAppear"])
      #expect(presented.windowAtIsAppearing == true)
    }
  }

  @Test func groupNotifyOnTheMainQueueRunsOnceTheGroupIsEmpty() {
    // Apple: notify "Schedules the submission of a block … when all tasks in
    // the current group have finished executing".
    Simulation.run { sim in
      let group = DispatchGroup()
      nonisolated(unsafe) var order: [String] = []
      group.enter()
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
        order.append("work")
        group.leave()
      }
      DispatchQueue.global().async(group: group) {}
      group.notify(queue: .main) { order.append("notify at \(sim.now)") }
      sim.runUntilIdle()
      #expect(order == ["work", "notify at 0.5"])
      nonisolated(unsafe) var empty = false
      DispatchGroup().notify(queue: .main) { empty = true }
      sim.runUntilIdle()
      #expect(empty, "an empty group submits the block at once")
    }
  }
}
