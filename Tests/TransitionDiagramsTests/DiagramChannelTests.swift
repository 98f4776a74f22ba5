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
}
