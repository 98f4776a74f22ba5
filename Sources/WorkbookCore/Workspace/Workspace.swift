// Workspace: where a command works, decided once. The paths (the book, the
// folder around it with the learner's exercises and progress, the result
// cache, the engine cache, the site folder) are worked out when it is made;
// the toolchain and the built engine when a command first needs them
// (`prepare`). verify, build, serve, step, check and play start from a
// `Book` and a `Workspace`; nothing else works out these paths.
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

/// The folders a command reads and writes, and the compiler and engine it
/// runs snippets with.
public struct Workspace: Sendable {
  /// Where the book, the engine and the caches are, and how snippets are
  /// compiled and run.
  public struct Configuration: Sendable {
    /// The book folder (`Chapters` by default).
    public var book: String = "Chapters"
    /// The engine's sources; nil: found from the book's package.
    public var engineSources: String? = nil
    /// The cache folder; nil: results in `<package>/.build/workbook` (or
    /// `.workbook` next to the book when there is no package), the engine in
    /// the per-user cache (`EngineCache.userDirectory()`). When given, the
    /// engine is built in it too.
    public var cacheDirectory: String? = nil
    /// Where engine builds live; nil: see `cacheDirectory`.
    public var engineCacheDirectory: String? = nil
    /// Use (and fill) the result cache.
    public var useCache = true
    /// Seconds a program may run.
    public var timeout: Double = 10
    /// Bytes of standard output kept per snippet.
    public var outputCap: Int = 1 << 20
    /// How programs are compiled and linked.
    public var pipeline: CompilerPipeline = .direct
    /// Whether a program first compiled as written has its skeleton built
    /// in the background after its result, so that a literal edit that
    /// follows starts no compiler (`step` and `serve`, which keep running
    /// while the learner edits; see `ChapterRunner.compileAndRunTabled`).
    public var skeletonsInBackground = false

    public init() {}
  }

  /// How snippets are compiled and run: the engine's sources, the cache
  /// folders, the timeout, the output cap, the compiler pipeline.
  public var configuration: Configuration
  /// The book folder (absolute).
  public var book: String
  /// The folder that holds the book; `Exercises/` and `.workbook/` are here.
  public var root: String
  /// The result cache: `configuration.cacheDirectory`, else `.build/workbook` of
  /// the package around the book, else `.workbook` next to the book folder.
  public var cache: String
  /// Where engine builds live: `configuration.engineCacheDirectory`, else
  /// `configuration.cacheDirectory` (everything in one folder, as asked), else
  /// the per-user cache (`EngineCache.userDirectory()`). Checked when a
  /// command first uses it (`checkedEngineCache`): made 0700 if missing,
  /// refused when other users could change it, and, for the per-user
  /// cache's fallback in the shared temporary folder, replaced by a private
  /// folder of the user's own.
  public var engineCache: String
  /// The site folder `workbook build` writes, as given (messages name it
  /// so; `SiteFolder` resolves it against the working folder).
  public var site: String

  /// Works out the paths (nothing is created or built).
  ///
  /// - Parameters:
  ///   - configuration: `book` and the compile and cache settings.
  ///   - book: The book folder, when it is not `configuration.book` (a
  ///     `Book` loaded from elsewhere).
  ///   - site: The site folder (`workbook build --out`).
  public init(_ configuration: Configuration, book: String? = nil, site: String = "Site") {
    self.configuration = configuration
    let folder = Files.absolute(book ?? configuration.book)
    self.book = folder
    root = (folder as NSString).deletingLastPathComponent
    cache = configuration.cacheDirectory.map { Files.absolute($0) } ?? Self.defaultCache(book: folder)
    engineCache = (configuration.engineCacheDirectory ?? configuration.cacheDirectory).map { Files.absolute($0) }
      ?? EngineCache.userDirectory()
    self.site = site
  }

  /// The folder of the learner's files: `<root>/Exercises`.
  public var exercises: String { root + "/Exercises" }

  /// The learner's file for `exercise`: `<root>/Exercises/<chapter>/<ID>.swift`.
  public func exerciseFile(_ exercise: Exercise) -> String {
    exercises + "/" + exercise.chapter + "/" + exercise.id + ".swift"
  }

  /// The progress file: `<root>/.workbook/progress.json`.
  public var progressPath: String { root + "/.workbook/progress.json" }

  /// Loads the book (see `Book.load`).
  ///
  /// - Parameter selection: Chapters to load; empty: all.
  public func loadBook(selecting selection: [String] = []) throws(VerifyError) -> Book {
    try Book.load(book, selecting: selection)
  }

  /// The engine's sources: `configuration.engineSources`, else
  /// `$WORKBOOK_ENGINE_SOURCES`, else found from the book's package or the
  /// working folder, else the engine that ships with the tool.
  public func engineSources() throws(VerifyError) -> String {
    try EngineBuilder.locateSources(
      explicit: configuration.engineSources ?? ProcessInfo.processInfo.environment["WORKBOOK_ENGINE_SOURCES"],
      searchFrom: [book, FileManager.default.currentDirectoryPath])
  }

  /// The folders the snippets are built from: the engine's sources, and
  /// the diagrams harness's, the SDK modules' and TransitionTesting's (when
  /// it is there) beside them (what `serve` watches besides the book).
  public func engineFolders() throws(VerifyError) -> [String] {
    let engine = try engineSources()
    let testing = EngineBuilder.testingSources(besideEngine: engine)
    return [engine, EngineBuilder.diagramsSources(besideEngine: engine)]
      + EngineBuilder.sdkModules.map { EngineBuilder.sdkModuleSources($0, besideEngine: engine) }
      + (Files.isDirectory(testing) ? [testing] : [])
  }

  /// The engine's identity as a report states it (`ReportDocument.engine`),
  /// worked out without building the engine or compiling anything: the
  /// engine's sources are found, then the compiler is located (its probe is
  /// cached), and the sources are hashed with its version line.
  ///
  /// - Throws: `VerifyError` when there are no engine sources or no compiler.
  public func engineIdentity() throws(VerifyError) -> ReportDocument.EngineIdentity {
    let sources = try engineSources()
    let engineCache = try checkedEngineCache()
    let toolchain = try Toolchain.locate(cacheDirectory: engineCache)
    return ReportDocument.EngineIdentity(toolchain: toolchain, sources: sources, engineRoot: engineCache + "/engine")
  }

  /// The engine cache, checked: `engineCache` made (0700) if missing and
  /// refused when it is not private (`.cacheNotPrivate`); the per-user
  /// cache as `EngineCache.checkedUserRoot` finds it (a private folder
  /// instead of a fallback someone else holds, with a note).
  func checkedEngineCache() throws(VerifyError) -> String {
    if configuration.engineCacheDirectory == nil && configuration.cacheDirectory == nil
      && engineCache == EngineCache.userDirectory()
    {
      return try EngineCache.checkedUserRoot()
    }
    try EngineCache.checkedFolder(engineCache)
    return engineCache
  }

  /// Finds the compiler and the engine's sources, builds the engine if
  /// needed, and returns the settings to compile and run with. A command
  /// calls this once; a long-running one (serve) again for each build, so
  /// that an edited engine is rebuilt.
  ///
  /// - Parameters:
  ///   - languageMode: The Swift language mode to compile in; nil: the
  ///     book's (its `site.json`'s `swiftLanguageMode`).
  ///   - site: The book's settings, already read (the device and Reduce
  ///     Motion come from them); nil: read `site.json` now.
  ///   - willBuild: Called with the engine's sources before a build starts.
  /// - Throws: `.siteSettingsUnreadable` when `site.json` is needed and
  ///   cannot be read (an explicit language mode tolerates it: the device
  ///   settings are then the defaults), besides the toolchain's and the
  ///   engine's errors.
  func prepare(languageMode: SwiftLanguageMode? = nil, site: Book.SiteMetadata? = nil,
               willBuild: (String) -> Void = { _ in }) throws(VerifyError) -> RunSettings {
    let bookSite: Book.SiteMetadata
    if let site {
      bookSite = site
    } else {
      switch Book.SiteMetadata.load(book: book) {
      case .success(let site): bookSite = site
      case .failure(let problem):
        guard languageMode != nil else { throw .siteSettingsUnreadable(path: problem.path, reason: problem.reason) }
        bookSite = Book.SiteMetadata()
      }
    }
    let mode = languageMode ?? bookSite.swiftLanguageMode
    let engineCache = try checkedEngineCache()
    let toolchain = try Toolchain.locate(cacheDirectory: engineCache)
    let sources = try engineSources()
    let engine = try EngineBuilder.ensureBuilt(
      sources: sources, toolchain: toolchain, cacheDirectory: engineCache,
      hashing: configuration.useCache ? .whenStampsChange : .always, willBuild: { willBuild(sources) })
    var settings = RunSettings(
      toolchain: toolchain, engine: engine, pipeline: configuration.pipeline, timeout: configuration.timeout,
      outputCap: configuration.outputCap, moduleCache: engine.moduleCache)
    settings.engineSources = sources
    settings.languageMode = mode
    settings.device = bookSite.device
    settings.reduceMotion = bookSite.reduceMotion
    return settings
  }

  /// The result cache, its folders made 0700 if missing and refused when
  /// other users could change them (`.cacheNotPrivate`).
  func resultCache() throws(VerifyError) -> ResultCache {
    try EngineCache.checkedFolder(cache)
    try EngineCache.checkedFolder(cache + "/results")
    return ResultCache(directory: cache + "/results")
  }

  /// Where results are cached by default: `.build/workbook` of the package
  /// around the book, else `.workbook` next to the book folder.
  static func defaultCache(book: String) -> String {
    if let root = EngineBuilder.packageSources(around: book) {
      let package = ((root as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
      return package + "/.build/workbook"
    }
    return (book as NSString).deletingLastPathComponent + "/.workbook"
  }
}

extension ExerciseChecker {
  /// A checker that compiles and runs in `workspace` (its toolchain found
  /// and its engine built now, if needed).
  ///
  /// - Parameters:
  ///   - languageMode: The Swift language mode to compile in; nil: the
  ///     book's (`site.json`).
  ///   - site: The settings to run with (the device and Reduce Motion;
  ///     the language mode when `languageMode` is nil); nil: the book's
  ///     `site.json`.
  ///   - willBuild: Called with the engine's sources before a build starts.
  public init(workspace: Workspace, languageMode: SwiftLanguageMode? = nil, site: Book.SiteMetadata? = nil,
              willBuild: (String) -> Void = { _ in }) throws(VerifyError) {
    self.init(settings: try workspace.prepare(languageMode: languageMode, site: site, willBuild: willBuild))
    // A learner's edit that changes only literals runs the program built before (`LiteralTable`).
    runner.programStore = ProgramStore(beside: try workspace.resultCache())
    runner.skeletonsInBackground = workspace.configuration.skeletonsInBackground
  }
}
