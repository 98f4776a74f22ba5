// ProgramBuilder: lays snippets out as Swift programs whose every line of
// snippet code maps to its Markdown line through `#sourceLocation`.
import WorkbookModel
import WorkbookSupport

/// Source files for one compiler invocation.
package struct ProgramSource: Sendable, Hashable {
  /// `main.swift`: the snippets, in order, each preceded by a
  /// `#sourceLocation` directive that names the Markdown file and the line
  /// of its opening fence.
  package var main: String
  /// Helpers (the snippet markers); a separate file so that its imports do
  /// not leak into the snippets.
  package var prelude: String
  /// The file name used in `#sourceLocation` (the chapter's file name).
  package var sourceFileName: String
  /// Snippet indexes in the program.
  package var snippetIndexes: [Int]
  /// The snippets whose markers the program prints, in order.
  package var markerOrder: [Int] = []

  package init(main: String, prelude: String, sourceFileName: String, snippetIndexes: [Int], markerOrder: [Int] = []) {
    self.main = main
    self.prelude = prelude
    self.sourceFileName = sourceFileName
    self.snippetIndexes = snippetIndexes
    self.markerOrder = markerOrder
  }
}

/// A chapter's snippets as the compiler gets them: each checked snippet's
/// code translated once (`SnippetTranslator`). The result cache's keys and
/// every program of the chapter are made from this one value.
package struct TranslatedChapter: Sendable {
  package var chapter: Chapter
  /// The translated code of every snippet that is not `ignore`, by index.
  package var code: [Int: String]
}

/// How a chapter of listings (no output blocks: `Chapter.isListings`)
/// holds the snippets that do not compile with the ones before them
/// (`ChapterRunner.isolate`). Empty for every other chapter.
package struct Isolation: Hashable, Sendable, Codable {
  /// Snippets left out of the program (each fails on its own, at its errors).
  package var excluded: Set<Int> = []
  /// Snippets in a scope of their own (`do { … }` around the code): they
  /// redeclare a name an earlier snippet declares, so what they declare
  /// shadows it in them and is not seen after them.
  package var scoped: Set<Int> = []
  /// Snippets that compiled with the program but then used what a snippet
  /// set apart for its trap or timeout declares (each with that snippet):
  /// left out too (in `excluded`), not run rather than failed.
  package var needing: [Int: Int] = [:]

  package init(excluded: Set<Int> = [], scoped: Set<Int> = [], needing: [Int: Int] = [:]) {
    self.excluded = excluded
    self.scoped = scoped
    self.needing = needing
  }
}

/// Builds chapter programs, compile-fail checks and exercise programs.
package struct ProgramBuilder: Sendable {
  package var translator: SnippetTranslator

  package init(translator: SnippetTranslator = .standard) {
    self.translator = translator
  }

  /// The marker a runnable snippet prints before it starts:
  /// `\u{1E}workbook-snippet SECRET N\u{1E}\n` (0x1E is the ASCII record
  /// separator). SECRET is new for every run: the runner writes it on file
  /// descriptor 3, the prelude module reads it and closes the descriptor
  /// before any snippet code runs, and keeps it in a `private` variable of
  /// its own. So a snippet that prints a marker's bytes prints only output.
  ///
  /// The marker of a published diagram: `\u{1E}workbook-diagram SECRET {record}\u{1E}\n`,
  /// the record as the diagrams harness writes it (`PublishedDiagram.record`).
  /// The prelude prints the diagrams a snippet published (the diagrams
  /// harness's `DiagramChannel.take()`) when the next snippet starts and
  /// when the program exits; JSON never holds a raw 0x1E.
  package static let secretDescriptor: Int32 = 3

  /// Translates `chapter`'s checked snippets: once per chapter per run.
  package func translate(_ chapter: Chapter) -> TranslatedChapter {
    ChapterAnalysisCounter.current?.add(.translation)
    var code: [Int: String] = [:]
    for snippet in chapter.snippets where snippet.kind != .ignore {
      code[snippet.index] = translator.translate(snippet.code)
    }
    return TranslatedChapter(chapter: chapter, code: code)
  }

  /// The chapter program: every `run` snippet, in order.
  ///
  /// Layout, for a snippet whose fence is at line F:
  ///
  ///     #sourceLocation(file: "02-fade.md", line: F)
  ///     await WorkbookPrelude.__workbookSnippet(3) // on line F, the fence
  ///     <code>                                    // lines F+1 …
  ///
  /// The `await` makes the program's top-level code an asynchronous
  /// main-actor context in both language modes (SE-0343; Swift 6 makes
  /// top-level code main-actor isolated anyway), so snippet code runs on
  /// the main actor as an app's code does in UIKit's callbacks: it can call
  /// the snippet's own `@MainActor` functions. The marker is a main-actor
  /// function, so awaiting it never suspends: the program still runs its
  /// snippets straight through, and exits when the last one ends (main-actor
  /// tasks still queued then never run, as before).
  ///
  /// `no-run` snippets are not in it: they are type-checked on their own
  /// (`noRunProgram`), so no-run code can never run, whatever its braces.
  ///
  /// `isolation`: the snippets left out, and those in a scope of their own.
  package func chapterProgram(_ translated: TranslatedChapter, isolation: Isolation = Isolation()) -> ProgramSource {
    program(for: translated.chapter.snippets.filter { $0.kind == .run && !isolation.excluded.contains($0.index) },
            in: translated, scoped: isolation.scoped)
  }

  /// The type-check-only program of a chapter's `no-run` snippets (nil when
  /// it has none): `main.swift` is the chapter program, so they see what the
  /// `run` snippets declare; each `no-run` snippet is in the second file,
  /// which is never `main.swift` (top-level statements there do not
  /// compile), and the program is never linked or run.
  ///
  /// A snippet that holds what only file scope allows (`import`,
  /// `extension`, `protocol`, operator and precedence group declarations,
  /// access modifiers) is put at file scope, as in an app's source file;
  /// any other is the body of a main-actor function that is never called
  /// (the snippet's code runs on the main actor, as in the chapter
  /// program): `@MainActor func __workbookNoRun3() {` on the fence line,
  /// `}` after it. What it declares stays inside it.
  package func noRunProgram(_ translated: TranslatedChapter) -> ProgramSource? {
    let chapter = translated.chapter
    let noRun = chapter.snippets.filter { $0.kind == .noRun }
    guard !noRun.isEmpty else { return nil }
    var program = chapterProgram(translated)
    var second = Self.prelude
    for snippet in noRun {
      let code = terminated(translated.code[snippet.index] ?? "")
      if Self.needsFileScope(snippet.code) {
        second += directive(chapter.fileName, line: snippet.fenceLine + 1) + code
      } else {
        second += directive(chapter.fileName, line: snippet.fenceLine)
        second += "@MainActor func __workbookNoRun\(snippet.index)() {\n" + code + "}\n"
      }
    }
    second += "#sourceLocation()\n"
    program.prelude = second
    program.snippetIndexes = chapter.snippets.filter { $0.kind.isInChapterProgram }.map(\.index)
    program.markerOrder = []
    return program
  }

  /// Whether code holds a declaration that only file scope allows, on a
  /// line of its own at the top level (brace depth 0; a rough count is
  /// enough: a wrong guess gives a compile error, never a run).
  package static func needsFileScope(_ code: String) -> Bool {
    let fileScopeOnly = ["import", "extension", "protocol", "operator", "precedencegroup", "public", "open",
                         "fileprivate", "internal", "@main", "@preconcurrency", "@_exported", "@testable"]
    var depth = 0
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(4)
      if depth == 0, words.contains(where: { fileScopeOnly.contains(String($0)) }),
        !(line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).hasPrefix("//"))
      {
        return true
      }
      for c in line.utf8 {
        if c == UInt8(ascii: "{") { depth += 1 } else if c == UInt8(ascii: "}") { depth = max(0, depth - 1) }
      }
    }
    return false
  }

  /// The type-check program for one `compile-fail` snippet: the chapter's
  /// program snippets before it, then it, at file scope.
  /// `isolation`: the chapter program's, so the check sees the snippets
  /// before it as the chapter program does. `runs`: the program is to be
  /// run (a listing whose `// Error` comments may mark a run-time error),
  /// so the snippet has its marker, like a chapter program's.
  package func compileFailProgram(_ snippet: Chapter.Snippet, in translated: TranslatedChapter,
                                  isolation: Isolation = Isolation(), runs: Bool = false) -> ProgramSource {
    let chapter = translated.chapter
    let before = chapter.snippets.filter {
      $0.kind == .run && $0.index < snippet.index && !isolation.excluded.contains($0.index)
    }
    if runs {
      var marked = snippet
      marked.kind = .run
      return program(for: before + [marked], in: translated, scoped: isolation.scoped)
    }
    var program = program(for: before, in: translated, scoped: isolation.scoped)
    program.main += directive(chapter.fileName, line: snippet.fenceLine)
    program.main += "\n" + terminated(translated.code[snippet.index] ?? "")
    program.snippetIndexes.append(snippet.index)
    return program
  }

  /// An exercise starter or solution: a complete program on its own.
  package func standaloneProgram(_ snippet: Chapter.Snippet, in translated: TranslatedChapter) -> ProgramSource {
    var standalone = snippet
    standalone.kind = .run
    return program(for: [standalone], in: translated)
  }

  /// `scoped`: the snippets whose code is in a `do { … }` of its own,
  /// opened on the fence's line after the marker and closed on the
  /// closing fence's, so every line keeps its number.
  private func program(for snippets: [Chapter.Snippet], in translated: TranslatedChapter,
                       scoped: Set<Int> = []) -> ProgramSource {
    let chapter = translated.chapter
    var main = ""
    for snippet in snippets {
      main += directive(chapter.fileName, line: snippet.fenceLine)
      let code = terminated(translated.code[snippet.index] ?? "")
      if scoped.contains(snippet.index) {
        main += Self.markerCall(snippet.index).dropLast() + "; do {\n" + code + "}\n"
      } else {
        main += Self.markerCall(snippet.index) + code
      }
    }
    return ProgramSource(
      main: main, prelude: Self.prelude, sourceFileName: chapter.fileName,
      snippetIndexes: snippets.map(\.index), markerOrder: snippets.filter { $0.kind != .noRun }.map(\.index))
  }

  private func directive(_ file: String, line: Int) -> String {
    "#sourceLocation(file: \"\(file.swiftStringEscaped)\", line: \(line))\n"
  }

  private func terminated(_ code: String) -> String {
    code.isEmpty || code.hasSuffix("\n") ? code : code + "\n"
  }

  /// The module that holds the snippet helpers (`preludeModuleSource`). It
  /// is built once with the engine, into the engine's folder
  /// (`EngineBuilder`), and every program imports it implicitly
  /// (`-import-module`): compiling these helpers in every program cost about
  /// 0.09 s of compiler CPU per chapter and 0.18 s per exercise program
  /// (more than half of a small exercise's compile: `JSONEncoder` and the C
  /// calls are type-checked and code-generated each time).
  package static let preludeModuleName = "WorkbookPrelude"

  /// The environment variables through which a run passes the book's
  /// device settings (`site.json`) to the prelude, which applies them to
  /// the engine before the first snippet.
  package static let deviceVariable = "WORKBOOK_DEVICE"
  package static let reduceMotionVariable = "WORKBOOK_REDUCE_MOTION"

  /// The modules every snippet program imports without saying so
  /// (`-import-module`): the diagrams harness, so that `Stage` is there
  /// beside `import UIKit` as a book's snippets use it (an app's own files,
  /// compiled through SwiftPM, never see it), and the prelude module.
  package static let implicitImports = [EngineBuilder.diagramsFolderName, preludeModuleName]

  /// The call that starts snippet N's output, on the fence line (qualified,
  /// so a snippet that declares a function of the same name does not
  /// replace it; awaited, so that top-level code is main-actor code).
  package static func markerCall(_ index: Int) -> String {
    "await \(preludeModuleName).__workbookSnippet(\(index))\n"
  }

  /// The program's second file: the import every snippet program has
  /// beside its snippets (a `no-run` snippet at file scope sees it; the
  /// diagrams harness is imported implicitly, `implicitImports`). The
  /// helpers themselves live in the prelude module.
  package static let prelude = """
    // Generated by workbook verify.
    import UIKit

    """

  /// The source of the prelude module: makes standard output unbuffered (a
  /// trap loses nothing already printed), prints the marker that starts a
  /// snippet's output, and passes on each diagram the program publishes
  /// (through the diagrams harness) as it is published, so that its marker
  /// sits where the output was then: the splitter keeps that place as the
  /// record's `offset`. The secret stays in a `private` variable of this
  /// module, out of the snippets' reach.
  package static let preludeModuleSource = """
    // Generated by workbook verify: the helpers every snippet program calls.
    #if canImport(Glibc)
    import Glibc
    #elseif canImport(Musl)
    import Musl
    #elseif canImport(Darwin)
    import Darwin
    #endif
    import Foundation
    import TransitionEngine
    import TransitionDiagrams

    nonisolated(unsafe) private var workbookUnbuffered = false
    nonisolated(unsafe) private var workbookSecret = ""

    /// Main-actor and asynchronous: the program's top-level code awaits it,
    /// which makes that code main-actor code (it never suspends).
    @MainActor public func __workbookSnippet(_ index: Int) async {
      if !workbookUnbuffered {
        workbookUnbuffered = true
        __workbookStart()
      }
      fputs("\\u{1E}workbook-snippet \\(workbookSecret) \\(index)\\u{1E}\\n", stdout)
    }

    /// Unbuffered output; diagrams written as they are published; Swift
    /// concurrency on the virtual clock; the book's device and Reduce Motion
    /// (`site.json`, passed in the environment); the run's secret from
    /// descriptor 3 (then closed); on Linux, killed with verify when verify dies.
    private func __workbookStart() {
      setvbuf(stdout, nil, _IONBF, 0)
      DiagramChannel.deliver(to: __workbookWrite)
      Simulation.runSwiftConcurrencyOnClock()
      if let name = getenv("\(deviceVariable)").map({ String(cString: $0) }) {
        guard let device = Device.named(name) else { fatalError("The engine has no device '\\(name)'") }
        Simulation.main.device = device
      }
      if getenv("\(reduceMotionVariable)") != nil { Simulation.main.accessibility.reduceMotion = true }
      var buffer = [UInt8](repeating: 0, count: 128)
      let count = read(3, &buffer, buffer.count)
      if count > 0 { workbookSecret = String(decoding: buffer[0..<count], as: UTF8.self) }
      close(3)
      #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
        _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(SIGKILL), 0, 0, 0)  // PR_SET_PDEATHSIG
        if getppid() == 1 { exit(137) }
      }
      #endif
    }

    /// A published diagram's marker, in the output where the program is.
    private func __workbookWrite(_ diagram: PublishedDiagram) {
      fputs("\\u{1E}workbook-diagram \\(workbookSecret) " + diagram.record + "\\u{1E}\\n", stdout)
    }

    """ + LiteralTable.runtimeSource
}

extension String {
  package var swiftStringEscaped: String {
    var out = ""
    for c in unicodeScalars {
      switch c {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}
