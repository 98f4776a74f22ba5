// FileWatcher: notices saves under a few folders, for `workbook serve` (the
// book, the theme, the engine's and the diagrams harness's sources) and
// `workbook step` (the learner's exercise folder).
//
// What changed is decided by comparing stamps: every scan stats the files
// under the folders and compares each file's size, modification time and
// inode with the previous scan's, so an editor that saves by renaming a new
// file over the old one is seen too. When to scan is told by Linux inotify,
// watching every folder under the watched ones (folders made later are
// watched from the scan that finds them): a quiet book costs nothing, and a
// save is seen at once. Where inotify is missing (macOS, or no watches left)
// the watcher polls: it scans after every wait.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Files added, removed or saved under a few folders.
package final class FileWatcher: @unchecked Sendable {
  /// A folder to watch.
  package struct Folder: Hashable, Sendable {
    /// The folder (absolute).
    package var path: String
    /// File name endings that count (".swift"); empty: every file.
    package var suffixes: [String]

    package init(_ path: String, suffixes: [String] = []) {
      self.path = path
      self.suffixes = suffixes
    }
  }

  /// The folders watched.
  package private(set) var folders: [Folder]
  /// Folders deeper than this below a watched folder are not scanned.
  package static let maxDepth = 6
  /// A scan stops after this many files (a book is not that big).
  package static let maxFiles = 20_000

  /// Readable when something changed in a watched folder (inotify); nil
  /// when the watcher polls.
  package private(set) var descriptor: Int32?
  private var stamps: [String: String]
  /// The folders inotify watches, by watch descriptor.
  private var watches: [Int32: String] = [:]
  /// Whether every folder is watched by inotify (else every wait scans).
  private var complete = false

  /// Starts watching: the first scan is the baseline.
  ///
  /// - Parameter polling: Poll even where inotify is available (tests).
  package init(folders: [Folder], polling: Bool = false) {
    self.folders = folders
    #if os(Linux)
    if !polling {
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      descriptor = fd >= 0 ? fd : nil
    }
    #endif
    stamps = [:]
    stamps = scan()
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Whether saves are noticed through inotify (else by polling).
  package var usesInotify: Bool { descriptor != nil }

  /// Watches `folders` from now on (and no longer the ones before); the
  /// scan of the new folders is the baseline. Same folders: nothing happens.
  package func watch(_ newFolders: [Folder]) {
    guard newFolders != folders else { return }
    folders = newFolders
    if let descriptor {
      for wd in watches.keys { _ = inotify_rm_watch(descriptor, wd) }
      watches = [:]
    }
    stamps = scan()
  }

  /// Waits up to `timeout` seconds for a change to be signalled (inotify),
  /// or simply that long when polling. Call `changes()` afterwards.
  ///
  /// - Returns: Whether something may have changed: true after an event,
  ///   and after every wait when polling.
  @discardableResult
  package func wait(timeout: Double) -> Bool {
    guard let descriptor else {
      usleep(useconds_t(max(0, timeout) * 1_000_000))
      return true
    }
    var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&pollDescriptor, 1, Int32(max(0, timeout) * 1000))
    drain()
    return ready > 0 || !complete
  }

  /// Reads the events that woke the descriptor (what changed is found by
  /// comparing stamps).
  package func drain() {
    guard let descriptor else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  /// Scans again; returns the paths that were added, removed or changed,
  /// sorted. Empty when nothing changed.
  package func changes() -> [String] {
    let now = scan()
    guard now != stamps else { return [] }
    var changed: [String] = []
    for (path, stamp) in now where stamps[path] != stamp { changed.append(path) }
    for path in stamps.keys where now[path] == nil { changed.append(path) }
    stamps = now
    return changed.sorted()
  }

  /// The changes since the last scan, once the folders are quiet: an
  /// editor may write a file in steps, so scans go on (every `pause`
  /// seconds, at most `attempts` more) until one sees nothing new. Left
  /// out: a file that came and went within the burst (`sed -i`'s
  /// `sedXXXXXX`, vim's `4913`) and editors' scratch files (`name~`,
  /// `#name#`, `name.swp`; hidden ones are never scanned). Empty when only
  /// those changed.
  package func settledChanges(attempts: Int = 10, pause: Double = 0.05) -> [String] {
    let before = stamps
    var changed = changes()
    guard !changed.isEmpty else { return [] }
    for _ in 0..<attempts {
      usleep(useconds_t(pause * 1_000_000))
      let more = changes()
      if more.isEmpty { break }
      changed = Array(Set(changed + more)).sorted()
    }
    return changed.filter { path in
      (stamps[path] != nil || before[path] != nil) && !Self.isEditorsScratch((path as NSString).lastPathComponent)
    }
  }

  /// Whether a file name is an editor's backup, swap or temporary file.
  package static func isEditorsScratch(_ name: String) -> Bool {
    let suffixes = ["~", ".swp", ".swo", ".swx", ".tmp", ".kate-swp", ".crswap", "___jb_tmp___", "___jb_old___"]
    return suffixes.contains { name.hasSuffix($0) } || (name.hasPrefix("#") && name.hasSuffix("#"))
      || (!name.isEmpty && name.allSatisfy({ $0.isASCII && $0.isNumber }))
  }

  /// Every file's stamp, by path; with inotify, every folder scanned is
  /// watched too.
  private func scan() -> [String: String] {
    var folderSeen: ((String) -> Void)? = nil
    #if os(Linux)
    if let descriptor {
      var allWatched = true
      // Adding a watch again is cheap and returns the same descriptor; a
      // folder removed and made again gets a new one.
      folderSeen = { [self] dir in
        let events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
          | IN_DELETE_SELF | IN_MOVE_SELF
        let wd = inotify_add_watch(descriptor, dir, UInt32(events))
        if wd >= 0 { watches[wd] = dir } else { allWatched = false }
      }
      let result = Self.scan(folders, folderSeen: folderSeen)
      // A watched folder that does not exist yet cannot be watched: poll
      // until it does.
      complete = allWatched && folders.allSatisfy { Files.isDirectory($0.path) }
      return result
    }
    #endif
    return Self.scan(folders, folderSeen: folderSeen)
  }

  /// Every file's stamp, by path. Hidden files and folders (".git",
  /// ".workbook") are skipped; links to folders are not followed (no loops,
  /// nothing outside); a link to a file is stamped by the file it names.
  ///
  /// - Parameter folderSeen: Called with every folder scanned.
  package static func scan(_ folders: [Folder], folderSeen: ((String) -> Void)? = nil) -> [String: String] {
    var out: [String: String] = [:]
    func visit(_ dir: String, _ folder: Folder, depth: Int) {
      guard depth <= maxDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
      folderSeen?(dir)
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

  /// A file's stamp (size, modification time, inode): changes on every
  /// save, including editors that save by renaming a new file over the old
  /// one. Nil when there is no file.
  package static func stamp(of path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return stamp(st)
  }

  package static func stamp(_ st: stat) -> String {
    #if canImport(Darwin)
    let time = st.st_mtimespec
    #else
    let time = st.st_mtim
    #endif
    return "\(st.st_size)-\(time.tv_sec).\(time.tv_nsec)-\(st.st_ino)-\(st.st_mode)"
  }
}
