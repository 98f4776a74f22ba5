// Published diagrams: what a snippet printed as a diagram, with the frame
// data behind it, handed to whoever runs the program (the workbook) so that
// the site can animate it and the terminal can play it. The engine does no
// I/O: the runner takes them with `takePublishedDiagrams()` and writes them.

import TransitionEngine

/// A diagram a program printed, with its data.
public struct PublishedDiagram: Equatable, Sendable, Codable {
  /// "filmstrip", "frame", "timeline" or "trace".
  public var kind: String
  /// The text that was printed.
  public var text: String
  /// The frames as JSON (`FrameJSONEncoder`), for filmstrips and frames.
  public var framesJSON: String?

  public init(kind: String, text: String, framesJSON: String? = nil) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
  }
}

extension Simulation {
  /// Records a diagram for the program's runner.
  public func publish(_ diagram: PublishedDiagram) { publishedDiagrams.diagrams.append(diagram) }

  /// The diagrams published since the last call, in order.
  public func takePublishedDiagrams() -> [PublishedDiagram] {
    defer { publishedDiagrams.diagrams = [] }
    return publishedDiagrams.diagrams
  }

  /// Diagrams published and not yet taken by the runner.
  private var publishedDiagrams: PublishedDiagrams {
    let key = ObjectIdentifier(PublishedDiagrams.self)
    if let found = companions[key] as? PublishedDiagrams { return found }
    let made = PublishedDiagrams()
    companions[key] = made
    return made
  }
}

/// The diagrams a simulation published and the runner has not taken yet.
private final class PublishedDiagrams {
  var diagrams: [PublishedDiagram] = []
}
