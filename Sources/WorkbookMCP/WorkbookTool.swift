// WorkbookTool: the server's tools as the client lists them — each one's
// name, description (written for an agent choosing among them) and input
// schema. The schema's property names are also the names the tool's
// arguments are read by (`ToolArguments`), so the two cannot drift.
import MCP
import WorkbookFidelity
import WorkbookModel

/// A tool of `workbook mcp`.
enum WorkbookTool: String, CaseIterable, Sendable {
  case runSwift = "run_swift"
  case recordTransition = "record_transition"
  case fidelityLookup = "fidelity_lookup"
  case engineModel = "engine_model"
  case verifyBook = "verify_book"
  case checkExercise = "check_exercise"

  /// The tool as `tools/list` gives it.
  var definition: Tool {
    Tool(name: rawValue, title: title, description: description, inputSchema: inputSchema, annotations: annotations)
  }

  /// The names `inputSchema` declares.
  var argumentNames: Set<String> {
    Set(inputSchema.objectValue?["properties"]?.objectValue?.keys.map { $0 } ?? [])
  }

  private var title: String {
    switch self {
    case .runSwift: "Run Swift against the UIKit engine"
    case .recordTransition: "Record a transition and check it for flicker"
    case .fidelityLookup: "Look up a UIKit API in the fidelity ledger"
    case .engineModel: "List what the engine models"
    case .verifyBook: "Verify the book's chapters"
    case .checkExercise: "Check an exercise attempt"
    }
  }

  /// Every tool only reads (the book, the ledger) or runs code in a
  /// temporary folder; what it writes is the workspace's caches.
  private var annotations: Tool.Annotations {
    Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)
  }

  private var description: String {
    switch self {
    case .runSwift:
      return """
        Compile Swift files as an iOS app has them (import UIKit, animators, presentation controllers, \
        @objc and #selector) against TransitionEngine, a headless model of UIKit with a virtual clock, \
        and run them on Linux: what `workbook run` does. The files are one program in the order given \
        (top-level code runs file by file: put the driver last); afterwards the main run loop turns until \
        nothing is scheduled, so a presentation the driver started runs to its end. The Stage harness \
        (`let stage = Stage(root)`, `stage.film()`, `stage.trace()`, `stage.settle()`) films and traces. \
        Returns: how the program ended (outcome: finished, does-not-compile, crashed, timed-out, exited), \
        its output, the films, frames, timelines and traces it published (text, and frame data as JSON \
        in structuredContent), what UIKit would have logged (warnings, e.g. a transition that never calls \
        completeTransition), the flicker check's findings, and compiler errors and warnings at file:line \
        with the offending line (a UIKit name the engine does not model is said so). Compiled in Swift 6 \
        language mode unless swiftVersion is 5.
        """
    case .recordTransition:
      return """
        Record one transition of given app code with TransitionTesting's recorder (fresh simulation, \
        60 fps, the clock stopping at every frame) and check it: the film at the transition's key moments \
        (start, 25 %, 50 %, 75 %, end), the call trace, UIKit's warnings and the flicker check (views that \
        vanish, jump or pop for a frame, a transition that never completes, the wrong view on screen at the \
        end). `root` is a Swift expression for the window's root controller; `scenario` starts the \
        transition: present / dismiss / push / pop a controller, drag a finger across the window, or your \
        own statements. `clean` is true when the program ran, nothing was logged and the flicker check \
        found nothing. The generated driver is returned too, so errors at its lines can be read. Use it \
        to test a fix: run the buggy code, read the finding, run the fixed code, get a clean film.
        """
    case .fidelityLookup:
      return """
        How sure the engine is that one UIKit API behaves here as on a device: its row in the fidelity \
        ledger (status: documented by Apple, observed on devices, engine-choice, not-modelled, engine-only), \
        the evidence (an address or the engine's reason), what the engine does, and the tests that pin it. \
        Takes a type (UIViewPropertyAnimator), a member (UIView.alpha), a method without labels \
        (UIView.animate: each overload) or with them. A UIKit name the engine does not model is said so; \
        a typo gets the nearest names.
        """
    case .engineModel:
      return """
        List what TransitionEngine models: the fidelity ledger's rows (a type or API, its status and one \
        line on what the engine does), by engine folder. By default the types and other top-level rows; \
        members: true adds the member rows. Filter by status (e.g. not-modelled, engine-choice) or by a \
        name prefix.
        """
    case .verifyBook:
      return """
        Verify the workbook's chapters (every snippet compiled, run and its output compared with the \
        book's output block), as `workbook verify --format json` does, without ever recording outputs \
        into the book. Returns the versioned JSON report (schemaVersion 1; Guides/Reports.md): each \
        chapter's snippets with their verdict, output, published films with frame data, and findings; \
        the text form in content. Results are cached: an unchanged chapter is not run again.
        """
    case .checkExercise:
      return """
        Check an attempt at one of the book's exercises, as `workbook check` does: the code is compiled, \
        run and its output compared with the exercise's expected output. Returns the outcome (passed, \
        wrong-output, compile-error, crashed, timed-out), the output against the expected output with \
        a diff, compiler errors at the attempt's lines, and whether it still shows the starter's symptom. \
        Nothing is written: the learner's progress and files are left as they are.
        """
    }
  }

  // MARK: - Schemas

  private var inputSchema: Value {
    switch self {
    case .runSwift:
      return Self.object([
        "files": Self.files,
        "code": Self.property(
          "string", "Instead of files: one file's Swift code (a snippet), e.g. a driver that uses the Stage."),
        "swiftVersion": Self.swiftVersion,
        "device": Self.device,
        "reduceMotion": Self.reduceMotion,
      ])
    case .recordTransition:
      return Self.object(Self.recordProperties, required: ["files", "root", "scenario"])
    case .fidelityLookup:
      let symbol = Self.property(
        "string", "A UIKit API: UIViewPropertyAnimator, UIView.alpha, UIView.animate, 'UIView.animate(withDuration:animations:)'."
      )
      return Self.object(["symbol": symbol], required: ["symbol"])
    case .engineModel:
      let statuses: [Value] = FidelityStatus.allCases.map { .string($0.rawValue) }
      return Self.object([
        "status": .object(["type": "string", "enum": .array(statuses)]),
        "prefix": Self.property("string", "Only rows whose symbol starts with this, e.g. UIView."),
        "members": Self.property("boolean", "Include member rows (default false)."),
      ])
    case .verifyBook:
      var chapters = Self.property(
        "array", "Chapters to verify: file names (02-fade.md) or names without .md. Default: every chapter.")
      chapters = Self.adding(["items": .object(["type": "string"])], to: chapters)
      return Self.object(["chapters": chapters])
    case .checkExercise:
      return Self.object(
        [
          "exercise": Self.property(
            "string",
            "CHAPTER/ID, as `workbook exercises` lists it (02-fade/fade-out; the chapter's number or the start of the ID are enough)."
          ),
          "code": Self.property("string", "The attempt: the whole file's Swift code."),
        ],
        required: ["exercise", "code"])
    }
  }

  /// record_transition's arguments.
  private static let recordProperties: [String: Value] = [
    "files": files,
    "root": property(
      "string",
      "A Swift expression for the window's root controller, e.g. \"PhotoViewController()\" or \"UINavigationController(rootViewController: ListViewController())\"."
    ),
    "scenario": scenario,
    "setUp": property("string", "Swift statements run before the recording starts (not filmed), with `scene`."),
    "incoming": property(
      "string",
      "The incoming view's name (accessibilityIdentifier, else its controller's title, else its class): the flicker check then requires it on screen at the end."
    ),
    "outgoing": property("string", "The outgoing view's name: the flicker check then requires it gone at the end."),
    "outgoingStays": property("boolean", "The outgoing view stays on screen (a sheet or a card over it)."),
    "everyFrame": adding(
      ["minimum": 1], to: property("integer", "Film every nth frame at 60 fps (and the last) instead of the key moments.")),
    "swiftVersion": swiftVersion,
    "device": device,
    "reduceMotion": reduceMotion,
  ]

  private static let scenario: Value = {
    let properties: [String: Value] = [
      "kind": .object(["type": "string", "enum": ["present", "dismiss", "push", "pop", "drag", "code"]]),
      "controller": property("string", "A Swift expression for the controller."),
      "from": point,
      "to": point,
      "duration": property("number", "Seconds the drag takes (default 0.3)."),
      "ending": adding(["enum": ["lift", "cancel"]], to: property("string", "How the drag ends (default lift).")),
      "code": property("string", "Swift statements (kind code)."),
    ]
    let description = """
      What starts the transition. present/push: `controller` is presented by the root / pushed on its navigation \
      controller. dismiss/pop: `controller` is presented/pushed first without animation, then dismissed/popped. \
      drag: a finger from `from` to `to` (window points) over `duration` seconds, ending with a lift or a cancel; \
      with `controller`, it is presented first (an interactive dismissal). code: your own statements, with `scene` \
      (scene.root, scene.drag(from:to:duration:ending:), scene.tap(at:), scene.wait(_:)).
      """
    return .object([
      "type": "object", "description": .string(description), "properties": .object(properties),
      "required": ["kind"], "additionalProperties": false,
    ])
  }()

  private static func object(_ properties: [String: Value], required: [String] = []) -> Value {
    .object([
      "type": "object",
      "properties": .object(properties),
      "required": .array(required.map { .string($0) }),
      "additionalProperties": false,
    ])
  }

  private static func property(_ type: String, _ description: String) -> Value {
    .object(["type": .string(type), "description": .string(description)])
  }

  /// `schema` with `fields` added.
  private static func adding(_ fields: [String: Value], to schema: Value) -> Value {
    .object((schema.objectValue ?? [:]).merging(fields) { _, new in new })
  }

  private static let files: Value = {
    let file: Value = object(
      [
        "path": property("string", "The file's name or path, e.g. SlideAnimator.swift."),
        "content": property("string", "The file's Swift code."),
      ],
      required: ["path", "content"])
    return adding(
      ["items": file],
      to: property("array", "The app's Swift files, as they are, in the order they are compiled; the driver last."))
  }()

  private static let swiftVersion: Value = adding(
    ["enum": [5, 6]], to: property("integer", "The Swift language mode (default 6, as an app target in Swift 6)."))

  private static let device: Value = adding(
    ["enum": .array(DeviceCatalogue.names.map { .string($0) })],
    to: property("string", "The simulated device (default iPhone SE, 320 × 568 points)."))

  private static let reduceMotion: Value = property(
    "boolean", "Start with Settings ▸ Accessibility ▸ Reduce Motion on (default false).")

  private static let point: Value = adding(
    ["items": .object(["type": "number"]), "minItems": 2, "maxItems": 2], to: property("array", "[x, y] in window points."))
}
