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

private final class Published {
  var diagrams: [PublishedDiagram] = []
}

extension Simulation {
  private var published: Published {
    let key = ObjectIdentifier(Published.self)
    if let found = companions[key] as? Published { return found }
    let made = Published()
    companions[key] = made
    return made
  }

  public func publish(_ diagram: PublishedDiagram) { published.diagrams.append(diagram) }

  public func takePublishedDiagrams() -> [PublishedDiagram] {
    defer { published.diagrams = [] }
    return published.diagrams
  }
}
