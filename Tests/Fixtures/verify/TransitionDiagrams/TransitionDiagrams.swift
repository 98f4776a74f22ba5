// A tiny stand-in for TransitionDiagrams, the harness beside the stand-in
// engine (../engine): the published-diagram channel, as the real one has it.
import TransitionEngine

public struct PublishedDiagram: Codable {
  public var kind: String
  public var text: String
  public var framesJSON: String?
  public init(kind: String, text: String, framesJSON: String? = nil) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
  }
}

public enum DiagramChannel {
  public static func publish(_ diagram: PublishedDiagram, from simulation: Simulation = .main) {
    queue(of: simulation).diagrams.append(diagram)
  }

  public static func take(from simulation: Simulation = .main) -> [PublishedDiagram] {
    let queue = queue(of: simulation)
    defer { queue.diagrams = [] }
    return queue.diagrams
  }

  private static func queue(of simulation: Simulation) -> Queue {
    let key = ObjectIdentifier(Queue.self)
    if let found = simulation.companions[key] as? Queue { return found }
    let made = Queue()
    simulation.companions[key] = made
    return made
  }
}

extension Simulation {
  public func publish(_ diagram: PublishedDiagram) { DiagramChannel.publish(diagram, from: self) }
}

private final class Queue {
  var diagrams: [PublishedDiagram] = []
}
