// FileWatcher: a descriptor that becomes readable when a file in a folder
// is saved (Linux inotify), so that `workbook step` checks a save at once
// instead of at its next look (every 0.1 s). Elsewhere there is none and the
// looks alone find saves.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class FileWatcher {
  /// Readable when something was saved in the watched folder; nil without inotify.
  private(set) var descriptor: Int32?
  private var folder: String?
  private var watch: Int32 = -1

  init() {
    #if os(Linux)
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    descriptor = fd >= 0 ? fd : nil
    #endif
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Watches `folder` (and no longer the one watched before). Saves are
  /// writes that close the file, renames into the folder (editors that save
  /// a new file and rename it over the old one) and deletions.
  func watch(folder newFolder: String) {
    #if os(Linux)
    guard let descriptor, newFolder != folder else { return }
    if watch >= 0 { _ = inotify_rm_watch(descriptor, watch) }
    let events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
    watch = inotify_add_watch(descriptor, newFolder, UInt32(events))
    // A folder that does not exist yet is watched once it does.
    folder = watch >= 0 ? newFolder : nil
    #endif
  }

  /// Reads the events that woke the descriptor (what changed is found by
  /// comparing the file's stamp).
  func drain() {
    guard let descriptor else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }
}
