// TrapBacktrace: where in a snippet a trap happened, read from the Swift
// runtime's backtracer.
//
// The runtime's trap message names the file of the `precondition` that
// failed: for a misuse of the engine's API that is the engine's own source
// (`TransitionEngine/UIViewPropertyAnimator.swift:512`), not the snippet
// line that misused it. Only a backtrace tells that line. So a program that
// traps outside every snippet is compiled once more with line tables
// (`-gline-tables-only`: its `#sourceLocation` directives make them name the
// Markdown file and line) and run again under the backtracer
// (libexec/swift/linux/swift-backtrace in the toolchain), which writes the
// crashed thread's frames as JSON on standard error. The innermost frame
// in a snippet is where the trap came from. Programs are deterministic, so
// the second run traps the same way; a program that does not trap is never
// compiled with line tables nor run under the backtracer.
import Foundation
import WorkbookModel
import WorkbookSupport

enum TrapBacktrace {
  /// `SWIFT_BACKTRACE` for the traced run: the crashed thread only, as one
  /// JSON document on standard error, with source locations, without
  /// registers, memory or images (docs.swift.org: Backtracing). `limit` and
  /// `top` keep the innermost 64 frames of a deep stack.
  static let environment =
    "enable=yes,interactive=no,color=no,symbolicate=full,format=json,output-to=stderr,"
    + "threads=crashed,registers=none,images=none,limit=128,top=64"

  /// The crashed thread's frames that are in one of `snippets`, innermost
  /// first, each as the snippet and the line offset from its fence; empty
  /// when the backtracer wrote nothing readable or no frame is in a snippet.
  static func snippetFrames(in stderr: [UInt8], map: SourceMap, snippets: [Int]) -> [(snippet: Int, lineOffset: Int)] {
    guard let log = crashLog(in: stderr) else { return [] }
    let thread = log.threads.first { $0.crashed == true } ?? log.threads.first
    var frames: [(snippet: Int, lineOffset: Int)] = []
    for frame in thread?.frames ?? [] {
      guard let location = frame.sourceLocation, let file = location.file, let line = location.line else { continue }
      if let found = DiagnosticParser.locate(file: file, line: line, map: map, snippets: snippets) {
        frames.append((found.0, found.1))
      }
    }
    return frames
  }

  /// The innermost of `snippetFrames`: the line the trap came from.
  static func innermostSnippetLine(in stderr: [UInt8], map: SourceMap, snippets: [Int]) -> (snippet: Int, lineOffset: Int)? {
    snippetFrames(in: stderr, map: map, snippets: snippets).first
  }

  /// The JSON crash log: from the first line that starts with `{` to the
  /// last `}` (the runtime's own trap message and "*** Signal" line come
  /// before it).
  static func crashLog(in stderr: [UInt8]) -> CrashLog? {
    let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")
    var start: Int? = nil
    for index in stderr.indices where stderr[index] == open && (index == 0 || stderr[index - 1] == newline) {
      start = index
      break
    }
    guard let start, let end = stderr.lastIndex(of: close), end > start else { return nil }
    return try? JSONDecoder().decode(CrashLog.self, from: Data(stderr[start...end]))
  }

  /// The part of the backtracer's JSON crash log read here.
  struct CrashLog: Decodable {
    var threads: [Thread]

    struct Thread: Decodable {
      var crashed: Bool?
      var frames: [Frame]?
    }

    struct Frame: Decodable {
      var sourceLocation: SourceLocation?
    }

    struct SourceLocation: Decodable {
      var file: String?
      var line: Int?
    }
  }
}
