// The engine identity a report names: the engine's sources hashed with
// the compiler's version line.
import Foundation
import WorkbookModel
import WorkbookSupport

extension ReportDocument.EngineIdentity {
  /// The engine of a run: its sources hashed with the compiler's version
  /// line only (not the binary's size and time, which differ between
  /// machines that have the same release).
  package init(_ settings: RunSettings) {
    self.init(toolchain: settings.toolchain, sources: settings.engineSources,
              engineRoot: (settings.engine.directory as NSString).deletingLastPathComponent)
  }

  /// The engine built from `sources` with `toolchain`, whether or not it is
  /// built: the identity is a hash of sources and compiler, not of a build.
  /// Remembered in `engineRoot` (the engine cache's `engine` folder) against
  /// the files' stamps, as the engine cache's key is: hashing the sources on
  /// every verify cost a warm verify most of its time.
  package init(toolchain: Toolchain, sources: String?, engineRoot: String) {
    var toolchain = toolchain
    toolchain.identity = toolchain.compilerVersion
    let identity = sources.flatMap {
      try? EngineBuilder.rememberedIdentity(sources: $0, toolchain: toolchain, engineRoot: engineRoot).0
    }
    self.init(identity: identity ?? "", compiler: toolchain.compilerVersion)
  }
}
