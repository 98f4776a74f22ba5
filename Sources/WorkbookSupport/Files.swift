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
    var template = Array(temporaryTemplate(for: path).utf8CString)
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

  /// Removes `workbook-verify-*` and `workbook-check-*` folders of runs
  /// that died (killed before they could clean up): those whose process is
  /// gone, and unnumbered ones (older versions) untouched for a day
  /// (`isLeftOfDeadRun`).
  package static func removeTemporaryFoldersOfDeadRuns() {
    let base = temporaryBase
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for name in names where name.hasPrefix("workbook-verify-") || name.hasPrefix("workbook-check-") {
      let parts = name.split(separator: "-")
      guard parts.count >= 3 else { continue }
      let writer: Writer = parts.count == 4 ? pid_t(parts[2]).map(Writer.process) ?? .unknown : .unknown
      let path = base + "/" + name
      guard isLeftOfDeadRun(path, writer: writer, type: S_IFDIR) else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Which run made a temporary file or folder: the process named in it,
  /// or unknown (made by an older tool, which did not name it).
  package enum Writer: Hashable, Sendable {
    case process(pid_t)
    case unknown
  }

  /// Whether `path` (of file type `type`: `S_IFDIR`, `S_IFREG`) was left by
  /// a run that is gone: it is this user's, and its writer's process no
  /// longer exists, or (an unknown writer) it has not changed for a day.
  /// A live run's file, this process's included, is never one.
  package static func isLeftOfDeadRun(_ path: String, writer: Writer, type: mode_t) -> Bool {
    var st = stat()
    guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == type, st.st_uid == getuid() else { return false }
    switch writer {
    case .process(let owner):
      return owner > 0 && owner != getpid() && kill(owner, 0) != 0 && errno == ESRCH
    case .unknown:
      return time(nil) - st.st_mtim.tv_sec > 86400
    }
  }

  // MARK: - Temporary files of atomic writes

  /// The `mkstemp` template of `writeAtomically`'s temporary file for
  /// `path`: `.<name>.workbook-<pid>-XXXXXX` beside it. The writer's
  /// process id lets a later run tell a killed writer's file (SIGKILL,
  /// SIGXFSZ: no chance to unlink it) from a live one's.
  package static func temporaryTemplate(for path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return "\(directory.isEmpty ? "." : directory)/.\(name).workbook-\(getpid())-XXXXXX"
  }

  /// The writer of a file named like `writeAtomically`'s temporary files
  /// (`.<name>.workbook-<pid>-XXXXXX`, or `.<name>.workbook-XXXXXX` from a
  /// tool that did not name its process), else nil.
  package static func writerOfTemporaryFile(_ name: String) -> Writer? {
    guard name.hasPrefix("."), let marker = name.range(of: ".workbook-", options: .backwards),
      marker.lowerBound > name.index(after: name.startIndex)
    else { return nil }
    let tail = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    func isRandom(_ part: Substring) -> Bool {
      part.utf8.count == 6 && part.utf8.allSatisfy { c in
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
      }
    }
    switch tail.count {
    case 1 where isRandom(tail[0]): return .unknown
    case 2 where isRandom(tail[1]):
      guard let pid = pid_t(tail[0]), pid > 0 else { return nil }
      return .process(pid)
    default: return nil
    }
  }

  /// Removes, among `names` (entries of `folder`), the temporary files of
  /// atomic writes whose run is gone (`isLeftOfDeadRun`); returns how many.
  @discardableResult
  package static func removeTemporaryFilesOfDeadRuns(named names: [String], in folder: String) -> Int {
    var removed = 0
    for name in names {
      guard let writer = writerOfTemporaryFile(name) else { continue }
      let path = folder + "/" + name
      if isLeftOfDeadRun(path, writer: writer, type: S_IFREG), unlink(path) == 0 { removed += 1 }
    }
    return removed
  }

  /// `removeTemporaryFilesOfDeadRuns(named:in:)` for every file under
  /// `folder`, in its subfolders too (symbolic links are not followed):
  /// the site folder before a build writes it.
  @discardableResult
  package static func removeTemporaryFilesOfDeadRuns(under folder: String) -> Int {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
    var removed = removeTemporaryFilesOfDeadRuns(named: names, in: folder)
    for name in names {
      var st = stat()
      let path = folder + "/" + name
      if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { removed += removeTemporaryFilesOfDeadRuns(under: path) }
    }
    return removed
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
