// `workbook run FILE.swift …`: an app's Swift files compiled against the
// engine as they are, run, and what they print, publish and get wrong shown
// at their own lines.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

extension Workbook {
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compile Swift files against the engine and run them.",
      discussion: """
        The quickest way to answer "does my transition work here?": pass an \
        app's files as they are (an animator, a presentation controller, \
        'import UIKit', '@objc', '#selector') and a driver that uses them. \
        The files are compiled as one program, in the order given, so their \
        top-level code runs file by file: put the driver last. After it, the \
        main run loop keeps turning, as an app's does, until nothing is \
        scheduled (at most 600 s of virtual time): a presentation the driver \
        started runs to its end. Prints what the program prints, then the \
        films, frames and traces it publishes with the Stage harness, then \
        what UIKit would have logged (a transition that never completes, the \
        flicker check's findings), then every compiler error and warning at \
        its file and line (a UIKit name the engine does not model is named \
        as such).

        The files are compiled in Swift 6 language mode by default, as an \
        app target in Swift 6 is: the engine's UIKit is main-actor isolated \
        as the iOS SDK declares it, so isolation errors are the ones Xcode \
        reports. Pass '--swift-version 5' for files of a Swift 5 target.

        Ctrl-C stops the program and shows what it printed until then.

        Exit status: 0 when the program compiled, ran and exited 0; 1 when \
        it did not compile, trapped, timed out or exited otherwise; 2 when a \
        file cannot be read or the engine cannot be built; 130 when \
        interrupted.

        Examples:
          workbook run SlideAnimator.swift Driver.swift
          workbook run App/Transitions/*.swift try.swift --timeout 30
        """)

    @Argument(help: ArgumentHelp("Swift files, the driver last.", valueName: "file"))
    var files: [String]

    @OptionGroup var engine: EngineOptions

    @Option(name: .customLong("swift-version"),
            help: ArgumentHelp("The Swift language mode to compile in: 5 or 6.", valueName: "n"))
    var swiftVersion: Int = 6

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("Pass the Swift files to run, e.g. 'workbook run Animator.swift Driver.swift'") }
      guard SwiftLanguageMode(rawValue: swiftVersion) != nil else {
        throw ValidationError("'--swift-version' must be 5 or 6, got '\(swiftVersion)'")
      }
    }

    func run() throws {
      let cwd = FileManager.default.currentDirectoryPath
      var sources: [(path: String, code: String)] = []
      for file in files {
        let path = file.hasPrefix("/") ? file : cwd + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandError.cannotReadSwiftFile(file) }
        guard let code = String(data: data, encoding: .utf8) else { throw CommandError.notUTF8(file: file) }
        sources.append((path, code))
      }
      // The workspace of the current folder: the engine of the package
      // around it, else the one that ships with workbook.
      var configuration = Workspace.Configuration()
      configuration.book = cwd
      engine.apply(to: &configuration)
      // Ctrl-C stops the compiler or the program and removes the
      // temporary folder; the command then says what it stopped.
      Interruption.install(text: "", exits: false)
      let checker = try ExerciseChecker(workspace: Workspace(configuration),
                                        languageMode: SwiftLanguageMode(rawValue: swiftVersion) ?? .v6,
                                        willBuild: { _ in announceEngineBuild() })
      let run = Result<FileRun, VerifyError> { () throws(VerifyError) in try checker.run(files: sources) }
      if case .failure(.interrupted) = run {
        FileHandle.standardError.write(Data("Interrupted; stopped before the program ran\n".utf8))
        throw ExitCode(130)
      }
      let result = try run.get()
      FileHandle.standardOutput.write(Data(result.text(relativeTo: cwd).utf8))
      if result.outcome == .interrupted { throw ExitCode(130) }
      if result.outcome != .finished { throw ReportedFailure() }
    }
  }
}
