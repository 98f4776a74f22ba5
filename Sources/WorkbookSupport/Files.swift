// File helpers: atomic writes (and sweeping what killed ones leave), private
// cache folders, locks, hashing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `read(2)` (inside `Files`, `read` names its own function).
package func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

package enum Files {
  package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  package static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  package static func read(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
  }

  /// Creates `path` and every missing folder above it with `mode` (the
  /// umask applies), one `mkdir` at a time, so that a failure says which
  /// part stopped it ("'/dev/null' is not a folder"), never Foundation's
  /// error dump. A folder that exists (or a link to one) is left as it is.
  ///
  /// - Throws: `FileError.cannotWrite(path, reason)`.
  package static func createDirectory(_ path: String, mode: mode_t = 0o777) throws {
    let target = absolute(path)
    if isDirectory(target) { return }
    var current = ""
    for part in target.split(separator: "/") {
      let parent = current.isEmpty ? "/" : current
      current += "/" + part
      if mkdir(current, mode) == 0 { continue }
      let code = errno
      if code == EEXIST {
        if isDirectory(current) { continue }
        throw FileError.cannotWrite(path, notAFolder(current))
      }
      throw FileError.cannotWrite(path, creationReason(code, in: parent))
    }
  }

  /// Why `path`, which exists, cannot hold files.
  private static func notAFolder(_ path: String) -> String {
    var st = stat()
    guard lstat(path, &st) == 0 else { return "'\(path)' is not a folder" }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return "'\(path)' is a file, not a folder"
    case S_IFLNK: return "'\(path)' is a symbolic link to no folder"
    default: return "'\(path)' is not a folder"
    }
  }

  /// Why a folder could not be made in `parent`, from `mkdir`'s errno.
  private static func creationReason(_ code: Int32, in parent: String) -> String {
    switch code {
    case EACCES, EPERM: return "you may not create folders in '\(parent)' (permission denied)"
    case EROFS: return "'\(parent)' is on a read-only file system"
    case ENOSPC, EDQUOT: return "no space is left on the disk of '\(parent)'"
    case ENOTDIR: return notAFolder(parent)
    case ENAMETOOLONG: return "the path is too long"
    default: return String(cString: strerror(code))
    }
  }

  // MARK: - Private folders (caches)

  /// Creates `path` (and any missing folder above it) with mode 0700, as
  /// the XDG base-directory spec asks of cache folders, then checks that
  /// it is private (`privacyProblem`): the caches hold programs the tool
  /// runs and the compiler probe that names the compiler.
  ///
  /// - Throws: `FileError.cannotWrite` when it cannot be made,
  ///   `UnsafeFolder` when it is not private.
  package static func makePrivateDirectory(_ path: String) throws {
    try createDirectory(path, mode: 0o700)
    if let problem = privacyProblem(path) { throw problem }
  }

  /// Why `path` is not a folder only this user can change, or nil when it
  /// is: it must be owned by this user and writable by neither its group
  /// nor others. Checked with `lstat`, without following a symbolic link;
  /// a link this user owns is judged by the folder it names (checked the
  /// same way, with `stat`).
  package static func privacyProblem(_ path: String) -> UnsafeFolder? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return UnsafeFolder(path: path, owner: getuid(), mode: 0, kind: .missing) }
    if (st.st_mode & S_IFMT) == S_IFLNK {
      guard st.st_uid == getuid() else {
        return UnsafeFolder(path: path, owner: st.st_uid, mode: st.st_mode & 0o7777, kind: .link)
      }
      guard stat(path, &st) == 0 else { return UnsafeFolder(path: path, owner: getuid(), mode: 0, kind: .missing) }
    }
    let mode = st.st_mode & 0o7777
    guard (st.st_mode & S_IFMT) == S_IFDIR else {
      return UnsafeFolder(path: path, owner: st.st_uid, mode: mode, kind: .notAFolder)
    }
    if st.st_uid != getuid() { return UnsafeFolder(path: path, owner: st.st_uid, mode: mode, kind: .otherOwner) }
    if mode & 0o022 != 0 { return UnsafeFolder(path: path, owner: st.st_uid, mode: mode, kind: .writableByOthers) }
    return nil
  }

  /// The bytes of `path` when it is a regular file (not a link) owned by
  /// this user that neither its group nor others can write; else nil.
  /// For what the tool trusts from its caches (the compiler probe, the
  /// engine's record of its files). Opened with `O_NOFOLLOW` and checked
  /// with `fstat` on what was opened, so nothing can be swapped in between.
  package static func readPrivateFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == getuid(),
      st.st_mode & 0o022 == 0
    else { return nil }
    return readAll(fd)
  }

  /// Everything left to read from `fd`; nil on a read error.
  package static func readAll(_ fd: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { readDescriptor(fd, $0.baseAddress!, $0.count) }
      if n < 0 { if errno == EINTR { continue }; return nil }
      if n == 0 { return bytes }
      bytes += buffer[0..<n]
    }
  }

  /// Writes `bytes` to `path` atomically: the one way every writer of the
  /// tool writes a file (site pages, `--record`, progress, cache entries).
  /// The target's folder is opened once, and everything happens through
  /// that descriptor (`writeAtomically(_:named:in:path:replacingSymlink:)`):
  /// a temporary file created exclusively beside the target, flushed, then
  /// renamed over it. Keeps the target's permission bits when it exists.
  ///
  /// - Parameter replacingSymlink: When the target is a symbolic link, true
  ///   replaces the link itself by the file (never writing through it);
  ///   false refuses (the caller wanted the file the link names).
  package static func writeAtomically(_ bytes: [UInt8], to path: String, replacingSymlink: Bool = false) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw FileError.cannotWrite(path, String(cString: strerror(errno))) }
    defer { close(folder) }
    try writeAtomically(bytes, named: (path as NSString).lastPathComponent, in: folder, path: path,
                        replacingSymlink: replacingSymlink)
  }

  /// Replaces the file `name` of the folder open as `folder` by `bytes`:
  /// a temporary file is created exclusively beside it (`O_CREAT|O_EXCL|
  /// O_NOFOLLOW`, a fresh random name: a planted link is never followed),
  /// written, flushed, then renamed over the target (`renameat`), so the
  /// target is the old file or the new one, never a part. `path` names
  /// the target in messages.
  package static func writeAtomically(_ bytes: [UInt8], named name: String, in folder: Int32, path: String,
                                      replacingSymlink: Bool) throws(FileError) {
    var existing = stat()
    let exists = fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0
    if exists && (existing.st_mode & S_IFMT) == S_IFLNK && !replacingSymlink {
      throw .cannotWrite(path, "it is a symbolic link; the tool does not replace links with files")
    }
    if exists && (existing.st_mode & S_IFMT) == S_IFDIR {
      throw .cannotWrite(path, "it is a folder")
    }
    let (fd, temporary) = try createTemporaryFile(for: name, in: folder, path: path)
    var ok = true
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 { if errno == EINTR { continue }; ok = false; return }
        offset += n
      }
    }
    var reason = ok ? "" : String(cString: strerror(errno))
    let regular = exists && (existing.st_mode & S_IFMT) == S_IFREG
    fchmod(fd, regular ? existing.st_mode & 0o777 : 0o644)
    if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
    close(fd)
    if ok && renameat(folder, temporary, folder, name) != 0 { ok = false; reason = String(cString: strerror(errno)) }
    guard ok else {
      unlinkat(folder, temporary, 0)
      throw .cannotWrite(path, reason)
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
    if ns.domain == NSCocoaErrorDomain {
      // Foundation's own codes, in the words strerror uses for the same errors.
      switch ns.code {
      case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
      case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "Permission denied"
      case NSFileWriteFileExistsError: return "File exists"
      case NSFileWriteOutOfSpaceError: return "No space left on device"
      case NSFileWriteVolumeReadOnlyError: return "Read-only file system"
      case NSFileReadTooLargeError: return "File too large"
      case NSFileReadCorruptFileError: return "the file is damaged"
      case NSFileReadInapplicableStringEncodingError: return "the file is not UTF-8 text"
      case NSFileReadUnknownError: return "it could not be read (an unknown file-system error)"
      case NSFileWriteUnknownError: return "it could not be written (an unknown file-system error)"
      case NSPropertyListReadCorruptError: return "it is not valid JSON"
      default: return "the operation failed (Foundation error \(ns.code))"
      }
    }
    switch error {
    case let error as CustomStringConvertible: return error.description
    default: return "an unexpected error (\(type(of: error)))"
    }
  }

  /// Whether `path` itself (not what it names) is a symbolic link.
  package static func isSymlink(_ path: String) -> Bool {
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
  package static func withLock<R>(_ path: String, _ body: () throws -> R) throws -> R {
    let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw FileError.cannotWrite(path, String(cString: strerror(errno))) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  package static var temporaryBase: String {
    ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// A fresh private folder under the system's temporary folder, named
  /// `<prefix>-<pid>-XXXXXX` so that a later run can tell a dead run's.
  package static func makeTemporaryDirectory(prefix: String) throws -> String {
    let base = temporaryBase
    var template = Array("\(base)/\(prefix)-\(getpid())-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw FileError.cannotWrite(base, String(cString: strerror(errno)))
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryDirectories.shared.add(path)
    return path
  }

  /// The prefixes of the temporary folders the commands make
  /// (`makeTemporaryDirectory`) that a later run removes when their run
  /// died: verify's, check's and run's.
  package static let temporaryFolderPrefixes = ["workbook-verify", "workbook-check", "workbook-run"]

  /// Removes the temporary folders of runs that died (killed before they
  /// could clean up): `<prefix>-<pid>-XXXXXX` (a prefix of
  /// `temporaryFolderPrefixes`), this user's, whose process is gone.
  /// Nothing else in the temporary folder is touched, however it is named.
  package static func removeTemporaryFoldersOfDeadRuns() {
    let base = temporaryBase
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for name in names {
      guard let prefix = temporaryFolderPrefixes.first(where: { name.hasPrefix($0 + "-") }),
        let writer = writer(ofName: name.dropFirst(prefix.count + 1)),
        isLeftOfDeadRun(base + "/" + name, writer: writer, type: S_IFDIR)
      else { continue }
      try? FileManager.default.removeItem(atPath: base + "/" + name)
    }
  }

  /// The process named by the end of a temporary file's or folder's name,
  /// `<pid>-XXXXXX` (six letters or digits: `mkstemp`'s), else nil.
  static func writer(ofName tail: Substring) -> pid_t? {
    let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].utf8.count == 6, parts[1].utf8.allSatisfy(isLetterOrDigit),
      !parts[0].isEmpty, parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let pid = pid_t(parts[0]), pid > 0
    else { return nil }
    return pid
  }

  private static func isLetterOrDigit(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
  }

  /// Whether `path` (of file type `type`: `S_IFDIR`, `S_IFREG`) was left by
  /// a run that is gone: it is this user's and its writer's process no
  /// longer exists. A live run's, this process's included, is never one.
  package static func isLeftOfDeadRun(_ path: String, writer: pid_t, type: mode_t) -> Bool {
    var st = stat()
    guard lstat(path, &st) == 0 else { return false }
    return isLeftOfDeadRun(st, writer: writer, type: type)
  }

  static func isLeftOfDeadRun(_ st: stat, writer: pid_t, type: mode_t) -> Bool {
    guard (st.st_mode & S_IFMT) == type, st.st_uid == getuid() else { return false }
    return writer > 0 && writer != getpid() && kill(writer, 0) != 0 && errno == ESRCH
  }

  // MARK: - Temporary files of atomic writes

  /// The start of `writeAtomically`'s temporary file for a file named
  /// `name`: `.<name>.workbook-<pid>-`, then six random letters or digits.
  /// The writer's process id lets a later run tell a killed writer's file
  /// (SIGKILL, SIGXFSZ: no chance to unlink it) from a live one's. When
  /// that would make a name longer than a file name may be (NAME_MAX, 255
  /// bytes), the name is replaced by a short hash of it
  /// (`shortTemporaryName`).
  package static func temporaryPrefix(for name: String) -> String {
    let tail = ".workbook-\(getpid())-"
    if 1 + name.utf8.count + tail.utf8.count + 6 <= 255 { return "." + name + tail }
    return "." + shortTemporaryName(for: name) + tail
  }

  /// The stand-in of a name too long for its temporary file's:
  /// `#` and the first 16 hex digits of its SHA-256.
  static func shortTemporaryName(for name: String) -> String {
    var hasher = SHA256()
    hasher.update(data: Array(name.utf8))
    return "#" + hasher.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
  }

  /// Creates `writeAtomically`'s temporary file for `name` in the folder
  /// open as `folder`, exclusively and without following a link; returns
  /// it open for writing, and its name.
  static func createTemporaryFile(for name: String, in folder: Int32, path: String) throws(FileError) -> (Int32, String) {
    let prefix = temporaryPrefix(for: name)
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    while true {
      let candidate = prefix + String((0..<6).map { _ in letters.randomElement()! })
      let fd = openat(folder, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if fd >= 0 { return (fd, candidate) }
      if errno != EEXIST { throw .cannotWrite(path, String(cString: strerror(errno))) }
    }
  }

  /// The writer of `name` when it is `writeAtomically`'s temporary file
  /// for one of `targets` (`.<target>.workbook-<pid>-XXXXXX`, or the short
  /// stand-in of a long target's name), else nil: only what the tool wrote
  /// for its own files is ever taken for a temporary file.
  package static func writerOfTemporaryFile(_ name: String, targets: Set<String>) -> pid_t? {
    guard name.hasPrefix("."), let marker = name.range(of: ".workbook-", options: .backwards),
      let pid = writer(ofName: name[marker.upperBound...])
    else { return nil }
    let stem = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
    guard targets.contains(stem) || (stem.hasPrefix("#") && targets.contains { shortTemporaryName(for: $0) == stem })
    else { return nil }
    return pid
  }

  /// Removes, in the folder open as `folder`, the temporary files of
  /// atomic writes to `targets` (names in it) whose writer is gone
  /// (`writerOfTemporaryFile`, `isLeftOfDeadRun`); returns how many.
  @discardableResult
  package static func removeTemporaryFilesOfDeadRuns(writing targets: Set<String>, in folder: Int32) -> Int {
    let listing = dup(folder)
    guard listing >= 0, let stream = fdopendir(listing) else { return 0 }
    defer { closedir(stream) }
    var removed = 0
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let writer = writerOfTemporaryFile(name, targets: targets) else { continue }
      var st = stat()
      guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0, isLeftOfDeadRun(st, writer: writer, type: S_IFREG)
      else { continue }
      if unlinkat(folder, name, 0) == 0 { removed += 1 }
    }
    return removed
  }

  /// `removeTemporaryFilesOfDeadRuns(writing:in:)` for the folder at `path`.
  @discardableResult
  package static func removeTemporaryFilesOfDeadRuns(writing targets: Set<String>, in path: String) -> Int {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return 0 }
    defer { close(folder) }
    return removeTemporaryFilesOfDeadRuns(writing: targets, in: folder)
  }

  package static func removeTemporaryDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
    TemporaryDirectories.shared.remove(path)
  }

  /// Files under `directory` (recursively) whose names end in `suffix`,
  /// as paths relative to `directory`, sorted.
  package static func files(under directory: String, suffix: String) -> [String] {
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
  package static func stamp(_ path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return "\(st.st_size)-\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)-\(st.st_ino)"
  }
}

/// A file that could not be written.
package enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
  case cannotWrite(String, String)

  package var description: String { ErrorText.message(for: self) }
}

/// A folder the tool would keep programs or trusted records in that other
/// users could change (see `Files.privacyProblem`).
package struct UnsafeFolder: Error, Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// It does not exist (any more).
    case missing
    /// A file or something else, not a folder.
    case notAFolder
    /// A symbolic link another user owns.
    case link
    /// Owned by another user.
    case otherOwner
    /// Writable by its group or by everyone.
    case writableByOthers
  }

  package var path: String
  package var owner: uid_t
  /// The permission bits.
  package var mode: mode_t
  package var kind: Kind
}

/// Temporary folders to remove if verify is interrupted.
package final class TemporaryDirectories: @unchecked Sendable {
  package static let shared = TemporaryDirectories()
  private let lock = NSLock()
  private var paths: Set<String> = []

  package func add(_ path: String) { lock.lock(); paths.insert(path); lock.unlock() }
  package func remove(_ path: String) { lock.lock(); paths.remove(path); lock.unlock() }

  /// Removes every temporary folder still registered.
  package func removeAll() {
    lock.lock()
    let all = paths
    paths.removeAll()
    lock.unlock()
    for path in all { try? FileManager.default.removeItem(atPath: path) }
  }
}

/// SHA-256 over a sequence of labelled fields.
package struct ContentHasher {
  private var hasher = SHA256()

  package init() {}

  package mutating func add(_ label: String, _ value: String) {
    add(label, Array(value.utf8))
  }

  package mutating func add(_ label: String, _ bytes: [UInt8]) {
    // Length-prefixed, so that fields cannot run into each other.
    hasher.update(data: Array("\(label):\(bytes.count):".utf8))
    hasher.update(data: bytes)
  }

  package func finalize() -> String {
    hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}
