// FileWatcher: notices saves by polling. Every scan stats the files under
// a few folders (the book, the engine's sources) and compares each file's
// size, modification time and inode with the previous scan's, so that an
// editor that saves by renaming a new file over the old one is seen too.
// Polling a few hundred files costs about a millisecond and needs nothing
// from the platform (no inotify), so it works the same everywhere.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A folder to watch.
public struct WatchedFolder: Hashable, Sendable {
  /// The folder (absolute).
  public var path: String
  /// File name endings that count (".swift"); empty: every file.
  public var suffixes: [String]

  public init(_ path: String, suffixes: [String] = []) {
    self.path = path
    self.suffixes = suffixes
  }
}

/// Files added, removed or saved since the previous scan.
public struct FileWatcher: Sendable {
  public let folders: [WatchedFolder]
  /// Folders deeper than this below a watched folder are not scanned.
  public static let maxDepth = 6
  /// A scan stops after this many files (a book is not that big).
  public static let maxFiles = 20_000
  private var stamps: [String: String]

  /// Starts watching: the first scan is the baseline.
  public init(folders: [WatchedFolder]) {
    self.folders = folders
    stamps = Self.scan(folders)
  }

  /// Scans again; returns the paths that were added, removed or changed,
  /// sorted. Empty when nothing changed.
  public mutating func changes() -> [String] {
    let now = Self.scan(folders)
    guard now != stamps else { return [] }
    var changed: [String] = []
    for (path, stamp) in now where stamps[path] != stamp { changed.append(path) }
    for path in stamps.keys where now[path] == nil { changed.append(path) }
    stamps = now
    return changed.sorted()
  }

  /// Every file's stamp, by path. Hidden files and folders (".git",
  /// ".workbook") are skipped; links to folders are not followed (no loops,
  /// nothing outside); a link to a file is stamped by the file it names.
  static func scan(_ folders: [WatchedFolder]) -> [String: String] {
    var out: [String: String] = [:]
    func visit(_ dir: String, _ folder: WatchedFolder, depth: Int) {
      guard depth <= maxDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
      for name in names.sorted() where !name.hasPrefix(".") {
        guard out.count < maxFiles else { return }
        let path = dir + "/" + name
        var st = stat()
        guard lstat(path, &st) == 0 else { continue }
        if (st.st_mode & S_IFMT) == S_IFDIR {
          visit(path, folder, depth: depth + 1)
          continue
        }
        guard folder.suffixes.isEmpty || folder.suffixes.contains(where: { name.hasSuffix($0) }) else { continue }
        if (st.st_mode & S_IFMT) == S_IFLNK {
          var target = stat()
          if stat(path, &target) == 0 { st = target }
        }
        out[path] = stamp(st)
      }
    }
    for folder in folders { visit(folder.path, folder, depth: 0) }
    return out
  }

  static func stamp(_ st: stat) -> String {
    #if canImport(Darwin)
    let time = st.st_mtimespec
    #else
    let time = st.st_mtim
    #endif
    return "\(st.st_size)-\(time.tv_sec).\(time.tv_nsec)-\(st.st_ino)-\(st.st_mode)"
  }
}
