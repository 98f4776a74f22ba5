// RecordingDriver: record_transition's program. The app's files are run as
// `workbook run` runs them, followed by a driver this file writes: it records
// the scenario with TransitionTesting's recorder (which snippet programs
// import: the engine build has it), then publishes the film with its frame
// data, the trace, the recording's warnings and the flicker check's
// findings on the program's diagram channel, where the runner reads them.
// The driver is Swift like the app's files: its errors are the compiler's,
// at its lines, and the tool returns it with them.
import Foundation
import MCP
import WorkbookRunner

/// The driver for one record_transition call.
struct RecordingDriver {
  /// The driver's file name, after the app's files.
  static let fileName = "RecordTransition.swift"

  /// The driver's Swift code.
  let code: String

  /// The longest drag, in seconds (the recorder stops at 10 s of virtual time).
  static let longestDrag = 10.0

  init(_ arguments: ToolArguments) throws(MCPError) {
    let root = try arguments.requiredString("root")
    guard let scenario = try arguments.object("scenario") else { throw .invalidParams("record_transition needs 'scenario'") }
    var (setUp, action) = try Self.statements(for: scenario)
    if let extra = try arguments.string("setUp") { setUp = [extra] + setUp }
    let moments: String
    if let every = try arguments.number("everyFrame") {
      guard every >= 1, every <= 600, every == every.rounded() else {
        throw .invalidParams("record_transition: 'everyFrame' must be a whole number from 1 to 600")
      }
      moments = ".everyFrame(\(Int(every)))"
    } else {
      moments = ".keyMoments"
    }
    func literal(_ name: String) throws(MCPError) -> String {
      try arguments.string(name).map { "\"\($0.swiftStringEscaped)\"" } ?? "nil"
    }
    let rules =
      "FlickerRules(incoming: \(try literal("incoming")), outgoing: \(try literal("outgoing")), "
      + "outgoingStays: \(try arguments.bool("outgoingStays") ?? false))"
    code = """
      // \(Self.fileName): written by `workbook mcp` (record_transition) after the
      // app's files: records the scenario, then publishes the film, the trace,
      // the warnings and the flicker check's findings.
      import TransitionDiagrams
      import TransitionTesting
      import UIKit

      @MainActor func __workbookNavigationController(_ root: UIViewController) -> UINavigationController {
        if let navigation = root as? UINavigationController { return navigation }
        if let navigation = root.navigationController { return navigation }
        fatalError("push and pop need a navigation controller: make 'root' a UINavigationController or a controller in one")
      }

      do {  // top-level code: on the main actor, as the app's files' is
        let recording = TransitionRecorder(device: Simulation.main.device).record({
      \(root)
        }, setUp: { scene in
      \(setUp.joined(separator: "\n"))
        }) { scene in
      \(action)
        }
        let film = recording.film(\(moments))
        let motion = recording.frames.filter(\\.isOnGrid).map(\\.capture)
        let frames = FrameJSONEncoder().encode(film.captures, motion: motion, strip: FilmstripRenderer().panels(film.captures))
        DiagramChannel.publish(PublishedDiagram(kind: "filmstrip", text: film.text, framesJSON: frames), from: .main)
        DiagramChannel.publish(PublishedDiagram(kind: "trace", text: recording.traceText), from: .main)
        for warning in recording.warnings { DiagramChannel.publish(.warning(warning, line: nil), from: .main) }
        for violation in recording.flickerViolations(\(rules)) {
          DiagramChannel.publish(.warning("flicker: \\(violation)", line: nil), from: .main)
        }
      }

      """
  }

  /// The scenario's statements: those run before the recording (set-up)
  /// and the one it records.
  private static func statements(for scenario: [String: Value]) throws(MCPError) -> (setUp: [String], action: String) {
    func refuse(_ message: String) -> MCPError { .invalidParams("record_transition: 'scenario' " + message) }
    guard let kind = scenario["kind"]?.stringValue else {
      throw refuse("needs 'kind': present, dismiss, push, pop, drag or code")
    }
    let allowed: Set<String> = ["kind", "controller", "from", "to", "duration", "ending", "code"]
    if let unknown = scenario.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw refuse("has no field '\(unknown)'")
    }
    func string(_ name: String) throws(MCPError) -> String? {
      guard let value = scenario[name], !value.isNull else { return nil }
      guard let string = value.stringValue else { throw refuse("'\(name)' must be a string") }
      return string
    }
    func controller() throws(MCPError) -> String {
      guard let expression = try string("controller") else {
        throw refuse("of kind \(kind) needs 'controller' (a Swift expression)")
      }
      return expression
    }
    func point(_ name: String) throws(MCPError) -> String {
      guard let items = scenario[name]?.arrayValue, items.count == 2 else { throw refuse("of kind drag needs '\(name)': [x, y]") }
      var numbers: [Double] = []
      for item in items {
        guard let number = item.intValue.map(Double.init) ?? item.doubleValue, number.isFinite else {
          throw refuse("'\(name)' must be two numbers")
        }
        numbers.append(number)
      }
      return "CGPoint(x: \(numbers[0]), y: \(numbers[1]))"
    }
    let navigation = "__workbookNavigationController(scene.root)"
    switch kind {
    case "present":
      return ([], "scene.root.present(\(try controller()), animated: true)")
    case "dismiss":
      return (["scene.root.present(\(try controller()), animated: false)"], "scene.root.dismiss(animated: true)")
    case "push":
      return ([], "\(navigation).pushViewController(\(try controller()), animated: true)")
    case "pop":
      return (
        ["\(navigation).pushViewController(\(try controller()), animated: false)"],
        "_ = \(navigation).popViewController(animated: true)"
      )
    case "drag":
      var duration = 0.3
      if let value = scenario["duration"], !value.isNull {
        guard let number = value.intValue.map(Double.init) ?? value.doubleValue else {
          throw refuse("'duration' must be a number")
        }
        duration = number
      }
      guard duration > 0, duration <= longestDrag else {
        throw refuse("'duration' must be more than 0 and at most \(Int(longestDrag)) seconds")
      }
      let ending = try string("ending") ?? "lift"
      guard ending == "lift" || ending == "cancel" else { throw refuse("'ending' must be lift or cancel") }
      let presented = try string("controller").map { ["scene.root.present(\($0), animated: false)"] } ?? []
      return (
        presented, "scene.drag(from: \(try point("from")), to: \(try point("to")), duration: \(duration), ending: .\(ending))"
      )
    case "code":
      guard let code = try string("code") else { throw refuse("of kind code needs 'code' (Swift statements using `scene`)") }
      return ([], code)
    default:
      throw refuse("'kind' must be present, dismiss, push, pop, drag or code, not '\(kind)'")
    }
  }
}
