// The channel that hands published diagrams to the program's runner.
import Testing
import TransitionDiagrams
import TransitionEngine

@Suite struct DiagramChannelTests {
  @Test("Diagrams are taken in the order they were published, once")
  func takenInOrderOnce() {
    Simulation.run { sim in
      DiagramChannel.publish(PublishedDiagram(kind: "trace", text: "a"))
      DiagramChannel.publish(PublishedDiagram(kind: "frame", text: "b", framesJSON: "{}"), from: sim)
      #expect(DiagramChannel.take(from: sim).map(\.text) == ["a", "b"])
      #expect(DiagramChannel.take(from: sim).isEmpty, "taking empties the queue")
    }
  }

  @Test("Each simulation has its own queue")
  func onePerSimulation() {
    Simulation.run { outer in
      DiagramChannel.publish(PublishedDiagram(kind: "trace", text: "outer"))
      Simulation.run { inner in
        DiagramChannel.publish(PublishedDiagram(kind: "trace", text: "inner"))
        #expect(DiagramChannel.take(from: inner).map(\.text) == ["inner"])
      }
      #expect(DiagramChannel.take(from: outer).map(\.text) == ["outer"])
    }
  }

  @Test("A stage publishes every figure it makes, with frame data where it has captures")
  func stageFiguresArePublished() {
    Simulation.run { sim in
      let root = UIViewController()
      root.view.backgroundColor = .white
      let stage = Stage(root)
      let frame = stage.frame()
      let trace = stage.trace()
      let published = DiagramChannel.take(from: sim)
      #expect(published.map(\.kind) == ["frame", "trace"])
      #expect(published.map(\.text) == [frame.text, trace.text])
      #expect(published[0].framesJSON == FrameJSONEncoder().encode(frame.captures))
      #expect(published[1].framesJSON == nil, "a trace has no frames")
    }
  }

  /// A film carries the engine's choices made since the film before it:
  /// a swipe back that is let go early (a cancel: the engine's 10-point
  /// pan threshold, its edge width, the appearance calls from inside
  /// `completeTransition(false)`, UIKit's own slide), and not a later film
  /// of a plain push, which only makes UIKit's slide again.
  @Test("A film names the engine's choices made while it was made")
  func filmsCarryTheChoicesMadeMeanwhile() {
    Simulation.run { sim in
      let list = UIViewController(), detail = UIViewController()
      list.title = "List"
      detail.title = "Detail"
      let nav = UINavigationController(rootViewController: list)
      let stage = Stage(nav)
      nav.pushViewController(detail, animated: false)
      stage.settle()
      _ = DiagramChannel.take(from: sim)
      stage.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 60, y: 300), duration: 0.3, filmingEvery: 0.1)
      nav.pushViewController(UIViewController(), animated: true)
      _ = stage.film()
      let films = DiagramChannel.take(from: sim).filter { $0.kind == "filmstrip" }
      #expect(films.count == 2)
      #expect(films[0].choices == [
        "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer",
        "UINavigationController.pushViewController(_:animated:)",
        "UIViewControllerContextTransitioning.completeTransition(_:)",
      ].sorted())
      #expect(films[1].choices == ["UINavigationController.pushViewController(_:animated:)"])
      #expect(films[1].record.hasSuffix(", \"choices\": [\"UINavigationController.pushViewController(_:animated:)\"]}"))
    }
  }
}
