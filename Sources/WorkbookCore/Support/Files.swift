// File helpers: atomic writes, locks, hashing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum Files {
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  static func isDirectory(_ path: String) -> Bool {
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

  /// Writes `bytes` to `path` atomically: a temporary file in the same
  /// folder, flushed, then renamed over the target. Keeps the target's
  /// permission bits when it exists.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
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
    var st = stat()
    if stat(path, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) } else { fchmod(fd, 0o644) }
    if fsync(fd) != 0 { ok = false }
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileError.cannotWrite(path, reason)
    }
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

  /// A fresh private folder under the system's temporary folder.
  static func makeTemporaryDirectory(prefix: String) throws -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw FileError.cannotWrite(base, String(cString: strerror(errno)))
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryDirectories.shared.add(path)
    return path
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

  static func absolute(_ path: String, relativeTo base: String = FileManager.default.currentDirectoryPath) -> String {
    let joined = path.hasPrefix("/") ? path : base + "/" + path
    return (joined as NSString).standardizingPath
  }

  /// `path` relative to the working directory when under it.
  static func display(_ path: String) -> String {
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
public enum FileError: Error, Hashable, Sendable {
  case cannotWrite(String, String)
}

/// Temporary folders to remove if verify is interrupted.
public final class TemporaryDirectories: @unchecked Sendable {
  public static let shared = TemporaryDirectories()
  private let lock = NSLock()
  private var paths: Set<String> = []

  func add(_ path: String) { lock.lock(); paths.insert(path); lock.unlock() }
  func remove(_ path: String) { lock.lock(); paths.remove(path); lock.unlock() }

  /// Removes every temporary folder still registered.
  public func removeAll() {
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
