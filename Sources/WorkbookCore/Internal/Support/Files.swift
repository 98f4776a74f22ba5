// File helpers: atomic writes, locks, hashing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

package enum Files {
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  package static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  static func read(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
  }

  static func createDirectory(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to `path` atomically: the one way every writer of the
  /// tool writes a file (site pages, `--record`, progress, cache entries).
  /// A temporary file is created exclusively in the target's folder
  /// (`mkstemp`: `O_CREAT|O_EXCL`, a random name, so a planted symlink is
  /// never followed), flushed, then renamed over the target. Keeps the
  /// target's permission bits when it exists.
  ///
  /// - Parameter replacingSymlink: When the target is a symbolic link, true
  ///   replaces the link itself by the file (never writing through it);
  ///   false refuses (the caller wanted the file the link names).
  package static func writeAtomically(_ bytes: [UInt8], to path: String, replacingSymlink: Bool = false) throws {
    var existing = stat()
    let exists = lstat(path, &existing) == 0
    if exists && (existing.st_mode & S_IFMT) == S_IFLNK && !replacingSymlink {
      throw FileError.cannotWrite(path, "it is a symbolic link; the tool does not replace links with files")
    }
    if exists && (existing.st_mode & S_IFMT) == S_IFDIR {
      throw FileError.cannotWrite(path, "it is a folder")
    }
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).workbook-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw FileError.cannotWrite(path, String(cString: strerror(errno))) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = true
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 { if errno == EINTR { continue }; ok = false; return }
        offset += n
      }
    }
    let regular = exists && (existing.st_mode & S_IFMT) == S_IFREG
    fchmod(fd, regular ? existing.st_mode & 0o777 : 0o644)
    if fsync(fd) != 0 { ok = false }
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileError.cannotWrite(path, reason)
    }
  }

  /// A file-system error as a short reason ("Permission denied"), never
  /// the error's dump.
  package static func reason(_ error: Error) -> String {
    if let error = error as? FileError, case .cannotWrite(_, let reason) = error { return reason }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    return ns.localizedDescription
  }

  /// Whether `path` itself (not what it names) is a symbolic link.
  static func isSymlink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
  }

  /// Where `path` really is when that is outside `folder` (a symbolic link,
  /// or a path through one, that leaves it); nil when it is inside or
  /// cannot be resolved.
  package static func resolvedOutside(_ path: String, folder: String) -> String? {
    guard let real = resolved(path) else { return nil }
    let root = resolved(folder) ?? folder
    return real.hasPrefix(root + "/") ? nil : real
  }

  /// The path with every symbolic link resolved (nil when it does not exist).
  package static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// Runs `body` holding an exclusive `flock` on `path` (created if needed).
  static func withLock<R>(_ path: String, _ body: () throws -> R) throws -> R {
    let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileError.cannotWrite(path, String(cString: strerror(errno))) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  static var temporaryBase: String {
    ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// A fresh private folder under the system's temporary folder, named
  /// `<prefix>-<pid>-XXXXXX` so that a later run can tell a dead run's.
  static func makeTemporaryDirectory(prefix: String) throws -> String {
    let base = temporaryBase
    var template = Array("\(base)/\(prefix)-\(getpid())-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw FileError.cannotWrite(base, String(cString: strerror(errno)))
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryDirectories.shared.add(path)
    return path
  }

  /// Removes `workbook-verify-*` and `workbook-check-*` folders of runs
  /// that died (killed before they could clean up): those whose process is
  /// gone, and unnumbered ones (older versions) untouched for a day.
  static func removeTemporaryFoldersOfDeadRuns() {
    let base = temporaryBase
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for name in names where name.hasPrefix("workbook-verify-") || name.hasPrefix("workbook-check-") {
      let parts = name.split(separator: "-")
      guard parts.count >= 3 else { continue }
      let path = base + "/" + name
      var st = stat()
      guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == getuid() else { continue }
      if parts.count == 4, let owner = pid_t(parts[2]) {
        guard owner != getpid(), kill(owner, 0) != 0, errno == ESRCH else { continue }
      } else {
        guard time(nil) - st.st_mtim.tv_sec > 86400 else { continue }
      }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  static func removeTemporaryDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
    TemporaryDirectories.shared.remove(path)
  }

  /// Files under `directory` (recursively) whose names end in `suffix`,
  /// as paths relative to `directory`, sorted.
  static func files(under directory: String, suffix: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var result: [String] = []
    while let item = enumerator.nextObject() as? String {
      if item.hasSuffix(suffix) { result.append(item) }
    }
    return result.sorted()
  }

  package static func absolute(_ path: String, relativeTo base: String = FileManager.default.currentDirectoryPath) -> String {
    let joined = path.hasPrefix("/") ? path : base + "/" + path
    return (joined as NSString).standardizingPath
  }

  /// `path` relative to the working directory when under it.
  package static func display(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
    return path
  }

  /// (size, modification time) of a file, for cheap change detection.
  static func stamp(_ path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return "\(st.st_size)-\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)-\(st.st_ino)"
  }
}

/// A file that could not be written.
enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
  case cannotWrite(String, String)

  var description: String { ErrorText.message(for: self) }
}

/// Temporary folders to remove if verify is interrupted.
final class TemporaryDirectories: @unchecked Sendable {
  static let shared = TemporaryDirectories()
  private let lock = NSLock()
  private var paths: Set<String> = []

  func add(_ path: String) { lock.lock(); paths.insert(path); lock.unlock() }
  func remove(_ path: String) { lock.lock(); paths.remove(path); lock.unlock() }

  /// Removes every temporary folder still registered.
  func removeAll() {
    lock.lock()
    let all = paths
    paths.removeAll()
    lock.unlock()
    for path in all { try? FileManager.default.removeItem(atPath: path) }
  }
}

/// SHA-256 over a sequence of labelled fields.
struct ContentHasher {
  private var hasher = SHA256()

  mutating func add(_ label: String, _ value: String) {
    add(label, Array(value.utf8))
  }

  mutating func add(_ label: String, _ bytes: [UInt8]) {
    // Length-prefixed, so that fields cannot run into each other.
    hasher.update(data: Array("\(label):\(bytes.count):".utf8))
    hasher.update(data: bytes)
  }

  func finalize() -> String {
    hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}
