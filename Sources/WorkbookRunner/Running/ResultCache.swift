// ResultCache: content-addressed results of compiling and running chapters.
//
// The key hashes what decides the result: the translated code and kind of
// every checked snippet, with its index, the chapter's file name, the engine
// build's identity, the compiler's identity, the flags and the output cap.
// Prose and output blocks are not in it (outputs are compared after the
// cache), and positions are stored relative to each snippet's fence, so
// editing text around snippets re-verifies without a compiler.
import Foundation
import WorkbookModel
import WorkbookSupport

package struct ResultCache: Sendable {
  /// `<cache>/results`.
  package var directory: String

  package init(directory: String) {
    self.directory = directory
  }

  /// Bumped whenever ChapterRun or the program layout changes (v4: diagrams
  /// are typed records, not JSON strings; v5: the snippet helpers are a
  /// module beside the engine; v6: a diagram's frames are JSON text, decoded
  /// when first read; v7: a trap in the engine is located by a traced second
  /// run, TrapBacktrace; v8: each checked snippet's index is in the key;
  /// v9: a diagram record keeps where the output was when it was published;
  /// v10: a chapter of listings' isolation; v11: its trapped runs, and a
  /// listing's expected error run).
  package static let format = "chapter-run-v11"

  /// The key of a chapter's run (its snippets as translated once).
  package static func key(for translated: TranslatedChapter, settings: RunSettings) -> String {
    let chapter = translated.chapter
    var hasher = hasher(format: format, settings: settings)
    hasher.add("file", chapter.fileName)
    for snippet in chapter.snippets where snippet.kind != .ignore {
      // Results are stored by snippet index, and indices count ignored
      // snippets: an ignored snippet inserted before a checked one moves
      // the results that follow it, so each checked snippet's index is in
      // the key (an ignored snippet after the last checked one is not).
      hasher.add("index", String(snippet.index))
      hasher.add("kind", snippet.kind.attribute)
      hasher.add("column", String(snippet.fenceColumn))
      hasher.add("code", translated.code[snippet.index] ?? "")
    }
    return hasher.finalize()
  }

  /// The key of one of a chapter's programs: `task` (the chapter program,
  /// the no-run type check, a compile-fail check, an exercise program) and
  /// the snippets it is built from. `ChapterRunner` keeps each program's
  /// run under it, so an edited snippet recompiles only the programs that
  /// hold it: an edited exercise compiles its own program, an edited
  /// snippet of the chapter leaves the exercises' programs alone.
  package static func programKey(
    task: String, snippets: [Chapter.Snippet], chapter translated: TranslatedChapter, settings: RunSettings
  ) -> String {
    var hasher = hasher(format: format + "-program", settings: settings)
    hasher.add("task", task)
    hasher.add("file", translated.chapter.fileName)
    for snippet in snippets {
      hasher.add("index", String(snippet.index))
      hasher.add("kind", snippet.kind.attribute)
      hasher.add("column", String(snippet.fenceColumn))
      hasher.add("code", translated.code[snippet.index] ?? "")
    }
    return hasher.finalize()
  }

  /// A hasher holding what every key starts with: the format, the engine,
  /// the compiler, the flags, language mode, device and Reduce Motion, the pipeline, the output cap
  /// and the prelude.
  static func hasher(format: String, settings: RunSettings) -> ContentHasher {
    var hasher = ContentHasher()
    hasher.add("format", format)
    hasher.add("engine", settings.engine.identity)
    hasher.add("compiler", settings.toolchain.identity)
    hasher.add("flags", Toolchain.snippetFlags.joined(separator: " "))
    hasher.add("language-mode", String(settings.languageMode.rawValue))
    hasher.add("device", settings.device ?? "")
    hasher.add("reduce-motion", settings.reduceMotion ? "on" : "off")
    hasher.add("pipeline", settings.pipeline.rawValue)
    hasher.add("output-cap", String(settings.outputCap))
    hasher.add("prelude", ProgramBuilder.prelude)
    return hasher
  }

  private func path(_ key: String) -> String {
    directory + "/" + key.prefix(2) + "/" + key + ".json"
  }

  /// The stored run for `key`, or nil.
  package func load(_ key: String) -> ChapterRun? {
    value(ChapterRun.self, key)
  }

  /// The stored run of one program (`programKey`), or nil.
  package func loadProgram(_ key: String) -> ProgramRun? {
    value(ProgramRun.self, key)
  }

  /// Stores a run (atomically: a reader sees the old file, the new one or
  /// none; two verifies storing the same key write the same bytes).
  package func store(_ run: ChapterRun, key: String) {
    storeValue(run, key: key)
  }

  /// Stores one program's run (`programKey`).
  package func storeProgram(_ run: ProgramRun, key: String) {
    storeValue(run, key: key)
  }

  private func value<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
    guard let data = Files.read(path(key)) else { return nil }
    return try? JSONDecoder().decode(T.self, from: Data(data))
  }

  private func storeValue<T: Encodable>(_ value: T, key: String) {
    let target = path(key)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(value) else { return }
    try? Files.createDirectory((target as NSString).deletingLastPathComponent, mode: 0o700)
    try? Files.writeAtomically([UInt8](data), to: target)
  }
}
