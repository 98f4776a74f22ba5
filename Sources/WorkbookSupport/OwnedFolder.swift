// OwnedFolder: a folder the tool writes files into and removes files from
// (the site folder), reached only through descriptors opened from its root.
// Each folder below the root is opened with `openat(O_DIRECTORY|O_NOFOLLOW)`,
// one component at a time; files are replaced atomically (a temporary file
// made beside, renamed over) and removed with `unlinkat`. So a symbolic link
// anywhere below the root (git stores them; a cloned site can hold one) is
// never followed: what it names is never written, read or removed.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A folder the tool owns, open at its root (see the file's header).
package final class OwnedFolder {
  /// The root, as given (for messages).
  package let path: String
  private let root: Int32

  /// Opens the folder at `path`, which must exist (the root itself may be
  /// reached through a link: it is the folder the user named).
  ///
  /// - Throws: `FileError.cannotWrite` when it cannot be opened as a folder.
  package init(_ path: String) throws(FileError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
    self.path = path
    self.root = fd
  }

  deinit { close(root) }

  /// Writes `bytes` to `relative` (a path below the root), atomically;
  /// missing folders on the way are made. A link at the file's place is
  /// replaced by the file; a link (or a file) on the way is refused.
  ///
  /// - Throws: `FileError.cannotWrite` naming the path and why.
  package func write(_ bytes: [UInt8], to relative: String) throws(FileError) {
    let (folder, name) = try folder(holding: relative, create: true)
    defer { if folder != root { close(folder) } }
    try Files.writeAtomically(bytes, named: name, in: folder, path: path + "/" + relative, replacingSymlink: true)
  }

  /// The bytes of the regular file `relative`, or nil (missing, a link, a
  /// folder, or a link on the way).
  package func read(_ relative: String) -> [UInt8]? {
    guard let opened = try? folder(holding: relative, create: false) else { return nil }
    let (folder, name) = opened
    defer { if folder != root { close(folder) } }
    let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Files.readAll(fd)
  }

  /// Removes the file (or link) `relative`, then each folder on its way
  /// that it leaves empty; nothing when a folder on the way is a link or
  /// missing. Returns whether the file was removed.
  @discardableResult
  package func remove(_ relative: String) -> Bool {
    let parts = relative.split(separator: "/").map(String.init)
    guard let name = parts.last else { return false }
    var folders = [root]
    defer { for fd in folders.dropFirst() { close(fd) } }
    for part in parts.dropLast() {
      guard let next = try? Self.openFolder(part, in: folders.last!, create: false, path: path) else { return false }
      folders.append(next)
    }
    guard unlinkat(folders.last!, name, 0) == 0 else { return false }
    // The folders left empty, deepest first (`rmdir` fails on one that is not).
    for (depth, part) in parts.dropLast().enumerated().reversed() {
      if unlinkat(folders[depth], part, AT_REMOVEDIR) != 0 { break }
    }
    return true
  }

  /// Removes the temporary files of atomic writes to `targets` (paths
  /// below the root: the files the tool writes here) that runs which are
  /// gone left (killed mid-write); returns how many. Nothing else, however
  /// it is named, is touched (`Files.writerOfTemporaryFile`).
  @discardableResult
  package func removeTemporaryFilesOfDeadRuns(writing targets: [String]) -> Int {
    var byFolder: [String: Set<String>] = [:]
    for target in targets {
      let folder = (target as NSString).deletingLastPathComponent
      byFolder[folder, default: []].insert((target as NSString).lastPathComponent)
    }
    var removed = 0
    for (relative, names) in byFolder {
      // The folder, as the parent of a name in it.
      guard let (folder, _) = try? folder(holding: relative.isEmpty ? "-" : relative + "/-", create: false) else { continue }
      removed += Files.removeTemporaryFilesOfDeadRuns(writing: names, in: folder)
      if folder != root { close(folder) }
    }
    return removed
  }

  /// The folder holding `relative` (opened; the root itself for a file at
  /// the top) and the file's name.
  private func folder(holding relative: String, create: Bool) throws(FileError) -> (Int32, String) {
    let parts = relative.split(separator: "/").map(String.init)
    guard let name = parts.last, !parts.contains(where: { $0 == "." || $0 == ".." }) else {
      throw .cannotWrite(path + "/" + relative, "it is not a path inside '\(path)'")
    }
    var folder = root
    var walked = path
    for part in parts.dropLast() {
      walked += "/" + part
      do {
        let next = try Self.openFolder(part, in: folder, create: create, path: walked)
        if folder != root { close(folder) }
        folder = next
      } catch {
        if folder != root { close(folder) }
        throw error
      }
    }
    return (folder, name)
  }

  /// The folder `name` in `parent`, opened without following a link;
  /// made first (mode 0755, the umask applies) when missing and `create`.
  /// `path` is its path, for the message.
  private static func openFolder(_ name: String, in parent: Int32, create: Bool, path: String) throws(FileError) -> Int32 {
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    var fd = openat(parent, name, flags)
    if fd < 0, errno == ENOENT, create {
      if mkdirat(parent, name, 0o755) != 0, errno != EEXIST {
        throw .cannotWrite(path, String(cString: strerror(errno)))
      }
      fd = openat(parent, name, flags)
    }
    guard fd >= 0 else {
      let code = errno
      if code == ELOOP || code == ENOTDIR {
        throw .cannotWrite(path, "it is not a folder (a symbolic link or a file)")
      }
      throw .cannotWrite(path, String(cString: strerror(code)))
    }
    return fd
  }
}
