// A tiny stand-in for TransitionDiagrams, the harness beside the stand-in
// engine (../engine): the published-diagram channel, as the real one has it.
import TransitionEngine

public struct PublishedDiagram {
  public var kind: String
  public var text: String
  public var framesJSON: String?
  public init(kind: String, text: String, framesJSON: String? = nil) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
  }

  /// `{"v": 1, "kind": …, "text": …, "frames": {…}}`, as the real harness writes it.
  public var record: String {
    var out = "{\"v\": 1, \"kind\": \(Self.literal(kind)), \"text\": \(Self.literal(text))"
    if let framesJSON { out += ", \"frames\": " + framesJSON }
    return out + "}"
  }

  static func literal(_ s: String) -> String {
    var out = "\""
    for unit in s.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out + "\""
  }
}

public enum DiagramChannel {
  public static func publish(_ diagram: PublishedDiagram, from simulation: Simulation = .main) {
    let queue = queue(of: simulation)
    if let receiver = queue.receiver { receiver(diagram) } else { queue.diagrams.append(diagram) }
  }

  public static func deliver(from simulation: Simulation = .main, to receiver: @escaping (PublishedDiagram) -> Void) {
    queue(of: simulation).receiver = receiver
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

private final class Queue {
  var diagrams: [PublishedDiagram] = []
  var receiver: ((PublishedDiagram) -> Void)?
}
