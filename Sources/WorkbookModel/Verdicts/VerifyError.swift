// VerifyError: setup and usage problems (exit status 2). Failures in the
// book itself are Findings, not errors. The CLI turns these into text.
import WorkbookSupport

public enum VerifyError: Error, Hashable, Sendable {
  /// The book folder does not exist.
  case bookNotFound(path: String)
  /// The book folder has no `*.md` files.
  case bookEmpty(path: String)
  /// A chapter named on the command line is not in the book.
  /// No chapter of the book has that name; `closest` are the names nearest
  /// to it (file names without `.md`).
  case chapterNotFound(name: String, book: String, closest: [String] = [])
  /// No `Sources/TransitionEngine` above the book or the working folder.
  case engineSourcesNotFound(searchedFrom: [String])
  /// A folder given as engine sources, or the diagrams harness's folder
  /// beside it (`TransitionDiagrams`), has no `.swift` files.
  case engineSourcesEmpty(path: String)
  /// The engine does not compile; `log` is the compiler's output.
  case engineBuildFailed(log: String, packageRoot: String?)
  /// No `swiftc` was found.
  case toolchainNotFound
  /// `swiftc -print-target-info` failed.
  case toolchainProbeFailed(swiftc: String, reason: String)
  /// The cache folder cannot be created or written.
  case cacheUnwritable(path: String, reason: String)
  /// A cache folder (or a folder the tool keeps in it) that other users
  /// could change: not owned by this user (`owner`), or writable by its
  /// group or everyone (`mode`, the permission bits). Nothing in it is used.
  case cacheNotPrivate(path: String, owner: UInt32, mode: UInt32)
  /// No private working folder could be made in the temporary folder
  /// (`$TMPDIR`, else /tmp) to compile in.
  case temporaryFolderUnwritable(path: String, reason: String)
  /// An engine build in the cache is not what was built (a file cut short
  /// or changed); `detail` says which file and how.
  case engineDamaged(directory: String, detail: String)
  /// The compiler failed for a reason outside the book (a broken module
  /// cache or engine module) even after the module cache was emptied.
  case toolchainFailed(message: String, moduleCache: String)
  /// The book's `site.json` cannot be read (not JSON, a value of the
  /// wrong type, a `swiftLanguageMode` other than 5 or 6): snippets are
  /// not compiled in a language mode the book may not be written for.
  case siteSettingsUnreadable(path: String, reason: String)
  /// Verify was interrupted (Ctrl-C).
  case interrupted
}
