// CompilerPipeline: how chapter programs are compiled and linked.
import WorkbookModel
import WorkbookSupport

/// How chapter programs are compiled and linked.
public enum CompilerPipeline: String, Sendable, Codable {
  /// `swift-frontend -c` then `clang -fuse-ld=lld`: two processes per
  /// program, no driver, the fastest linker (measured: about 0.15 s against
  /// 0.25 s for `swiftc` on a small program).
  case direct
  /// `swiftc` does everything (for toolchains where `direct` fails).
  case driver
}
