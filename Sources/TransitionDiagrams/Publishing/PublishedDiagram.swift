// Published diagrams: what a snippet printed as a diagram, with the frame
// data behind it, handed to whoever runs the program (the workbook) so that
// the site can animate it and the terminal can play it. Neither the engine
// nor this module does I/O: the program's runner receives them from the
// channel (`DiagramChannel.deliver(to:)`) and writes them where it likes.
//
// The channel is the harness's, not the engine's: the engine only keeps a
// per-simulation slot for it (`Simulation.companions`, package access), so
// two simulations side by side (tests) never see each other's diagrams.
// The runner takes them as they are published (`DiagramChannel.deliver`),
// which tells it where in the output each one was published.

import TransitionEngine

/// A diagram a program printed, with its data.
public struct PublishedDiagram: Equatable, Sendable {
  /// "filmstrip", "frame", "timeline" or "trace".
  public var kind: String
  /// The text that was printed.
  public var text: String
  /// The frames, a JSON object (`FrameJSONEncoder`), for filmstrips, frames
  /// and timelines.
  public var framesJSON: String?
  /// The Markdown line of the call that published it (a snippet's
  /// `#line`), for a warning; nil for a diagram.
  public var line: Int?
  /// For a film: the ledger rows (`engine-choice`) whose choice the engine
  /// made since the film before it, sorted (`Simulation.engineChose`):
  /// what the film shows that Apple does not document.
  public var choices: [String]

  public init(kind: String, text: String, framesJSON: String? = nil, line: Int? = nil, choices: [String] = []) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
    self.line = line
    self.choices = choices
  }

  /// A warning about the snippet, not a diagram (kind `warning`): verify
  /// reports it as a finding at `line`, and shows no diagram.
  public static func warning(_ message: String, line: Int?) -> PublishedDiagram {
    PublishedDiagram(kind: "warning", text: message, line: line)
  }

  /// A note that the snippet used an API whose effect the engine does not
  /// model (kind `not-modelled`): verify reports it as a warning at the
  /// snippet, and the site marks the snippet's output.
  public static func notModelled(_ use: NotModelledUse) -> PublishedDiagram {
    PublishedDiagram(kind: "not-modelled", text: "TransitionEngine does not model '\(use.symbol)': \(use.instead) "
                       + "(the output shows the engine, not a device; 'workbook fidelity \(use.symbol)')")
  }

  /// The version of `record`'s format.
  public static let recordVersion = 1

  /// The diagram as the program passes it to the workbook, one JSON object:
  /// `{"v": 1, "kind": …, "text": …, "frames": {…}, "choices": […]}`, the
  /// frames an object (left out when there are none, as the choices are). The workbook reads it as its
  /// `DiagramRecord` (WorkbookCore/API/Verify/DiagramRecord.swift).
  public var record: String {
    var out = "{\"v\": \(Self.recordVersion), \"kind\": \(FrameJSONEncoder.stringLiteral(kind)), "
      + "\"text\": \(FrameJSONEncoder.stringLiteral(text))"
    if let framesJSON { out += ", \"frames\": " + framesJSON }
    if let line { out += ", \"line\": \(line)" }
    if !choices.isEmpty { out += ", \"choices\": [" + choices.map(FrameJSONEncoder.stringLiteral).joined(separator: ", ") + "]" }
    return out + "}"
  }
}

/// Where published diagrams go: to the simulation's receiver, at once,
/// when one is set; else they wait in a queue, one per simulation, in the
/// order they were published.
///
///     DiagramChannel.publish(PublishedDiagram(kind: "trace", text: text))
///     let diagrams = DiagramChannel.take()   // a test, after the fact
///
/// `Stage` publishes every figure it makes. A snippet program's runner
/// receives those of `Simulation.main`, the simulation programs use, as
/// they are published (`deliver(to:)`), so that it knows where in the
/// output each one was published: `print(stage.film())` prints the text
/// right there.
public enum DiagramChannel {
  /// Publishes `diagram` from `simulation` (the current one by default).
  public static func publish(_ diagram: PublishedDiagram, from simulation: Simulation = .current) {
    let queue = queue(of: simulation)
    if let receiver = queue.receiver { receiver(diagram) } else { queue.diagrams.append(diagram) }
  }

  /// Hands every diagram `simulation` (`Simulation.main` by default)
  /// publishes from now on to `receiver` as it is published, instead of
  /// queueing it for `take`.
  /// The APIs the code uses that the engine does not model are published
  /// too, as they are first used (`PublishedDiagram.notModelled`).
  public static func deliver(from simulation: Simulation = .main, to receiver: @escaping (PublishedDiagram) -> Void) {
    queue(of: simulation).receiver = receiver
    simulation.onNotModelledUse = { [unowned simulation] use in publish(.notModelled(use), from: simulation) }
  }

  /// The diagrams `simulation` (`Simulation.main` by default) published
  /// since the last call, in order; the queue is left empty.
  public static func take(from simulation: Simulation = .main) -> [PublishedDiagram] {
    let queue = queue(of: simulation)
    defer { queue.diagrams = [] }
    return queue.diagrams
  }

  /// What an app's run does after its code (`workbook run`, after the
  /// files' top-level code): the main run loop turns until nothing is
  /// scheduled, as an app's keeps turning (at most `limit` seconds of
  /// virtual time, said as a warning when reached); then every warning
  /// the simulation recorded (what UIKit would have logged) is published.
  @MainActor public static func finishAppRun(limit: TimeInterval, of simulation: Simulation = .current) {
    if !simulation.runUntilIdle(limit: limit) {
      publish(.warning("The run loop was still busy \(Int(limit)) s (virtual time) after the code ended: a timer, "
                         + "display link or animation that never stops; the run stopped there", line: nil),
              from: simulation)
    }
    for diagnostic in simulation.diagnostics {
      publish(.warning(diagnostic.message, line: nil), from: simulation)
    }
  }

  /// The `engine-choice` rows whose choice `simulation` made since the
  /// last call (since it began, the first time), sorted: a film's choices.
  static func choicesSinceLastFilm(of simulation: Simulation) -> [String] {
    let queue = queue(of: simulation)
    let uses = simulation.engineChoiceUses
    defer { queue.choiceUsesAtLastFilm = uses }
    return uses.filter { $0.value > queue.choiceUsesAtLastFilm[$0.key, default: 0] }.keys.sorted()
  }

  private static func queue(of simulation: Simulation) -> PublishedQueue {
    let key = ObjectIdentifier(PublishedQueue.self)
    if let found = simulation.companions[key] as? PublishedQueue { return found }
    let made = PublishedQueue()
    simulation.companions[key] = made
    return made
  }
}

/// A simulation's published diagrams that nobody has taken yet, or the
/// receiver that takes them as they come.
private final class PublishedQueue {
  var diagrams: [PublishedDiagram] = []
  var receiver: ((PublishedDiagram) -> Void)?
  /// `Simulation.engineChoiceUses` when the last film was published.
  var choiceUsesAtLastFilm: [String: Int] = [:]
}
