// The result cache's key: what decides a chapter's run is in it (the
// snippets' code, kinds and columns, the file name, the engine, the
// compiler, the language mode, the pipeline, the output cap); prose and
// output blocks are not.
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ResultCacheKeyTests {
  static func settings(engine: String = "engine-1", compiler: String = "swift-6.3",
                       pipeline: CompilerPipeline = .direct, outputCap: Int = 1 << 20) -> RunSettings {
    let toolchain = Toolchain(
      swiftc: "/usr/bin/swiftc", frontend: "/usr/bin/swift-frontend", clang: "/usr/bin/clang",
      autolinkExtract: "/usr/bin/swift-autolink-extract", hasLLD: true, triple: "x86_64-unknown-linux-gnu",
      runtimeLibraryPath: "/usr/lib/swift/linux", runtimeResourcePath: "/usr/lib/swift", arch: "x86_64",
      compilerVersion: "Swift version 6.3", identity: compiler)
    return RunSettings(toolchain: toolchain, engine: EngineBuild(directory: "/e", identity: engine, wasBuilt: false, moduleCache: "/m"),
                       pipeline: pipeline, timeout: 10, outputCap: outputCap, moduleCache: "/m")
  }

  static func key(_ markdown: String, file: String = "/book/01-a.md", settings: RunSettings = settings()) -> String {
    let chapter = ChapterLoader.load(bytes: Array(markdown.utf8), path: file, displayPath: "01-a.md")
    return ResultCache.key(for: ProgramBuilder().translate(chapter), settings: settings)
  }

  static let base = "# A\n\nProse.\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n"

  @Test func theSameChapterHasTheSameKey() {
    #expect(Self.key(Self.base) == Self.key(Self.base))
  }

  @Test func proseOutputBlocksAndIgnoredSnippetsAreNotInTheKey() {
    let edited = "# A, retitled\n\nOther prose,\nlonger.\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n\n```swift ignore\nnot code\n```\n"
    #expect(Self.key(edited) == Self.key(Self.base))
  }

  /// Results are stored by snippet index: an ignored snippet inserted before
  /// a checked one moves every later result, so it must change the key
  /// (a stale key shifted each output onto the next output block).
  @Test func anIgnoredSnippetBeforeACheckedOneChangesTheKey() {
    let inserted = "# A\n\nProse.\n\n```swift ignore\nnot code\n```\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n"
    #expect(Self.key(inserted) != Self.key(Self.base))
  }

  @Test func codeKindColumnAndFileNameAreInTheKey() {
    let base = Self.key(Self.base)
    #expect(Self.key(Self.base.replacingOccurrences(of: "print(1)", with: "print(2)")) != base)
    #expect(Self.key(Self.base.replacingOccurrences(of: "```swift\n", with: "```swift no-run\n")) != base)
    #expect(Self.key("# A\n\n- item\n\n  ```swift\n  print(1)\n  ```\n") != Self.key("# A\n\n```swift\nprint(1)\n```\n"))
    #expect(Self.key(Self.base, file: "/book/02-b.md") != base)
  }

  @Test func theEngineCompilerPipelineAndOutputCapAreInTheKey() {
    let base = Self.key(Self.base)
    #expect(Self.key(Self.base, settings: Self.settings(engine: "engine-2")) != base)
    #expect(Self.key(Self.base, settings: Self.settings(compiler: "swift-6.4")) != base)
    #expect(Self.key(Self.base, settings: Self.settings(pipeline: .driver)) != base)
    #expect(Self.key(Self.base, settings: Self.settings(outputCap: 1024)) != base)
  }

  /// The same snippets compile to different programs in another language
  /// mode (the book's `site.json`): a Swift 6 book never reuses a Swift 5 run.
  @Test func theLanguageModeIsInTheKey() {
    var swift6 = Self.settings()
    swift6.languageMode = .v6
    #expect(Self.key(Self.base, settings: swift6) != Self.key(Self.base))
  }
}
