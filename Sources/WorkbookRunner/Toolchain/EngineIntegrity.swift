// EngineIntegrity: an engine build's record of its files, and the check
// before use. A build writes, last, each file's size and SHA-256 into
// `.workbook-engine-files` beside them; before a command uses the build it
// checks every size (a `stat` each: always) and every hash (reading about
// 7 MB for the real engine, 25 ms) whenever a file's inode, size,
// modification or change time is not what it was at the last check that
// hashed them (kept in `.workbook-engine-checked`, and in memory for a
// long-running command): a write, a truncation, a copy or a restored cache
// moves them, and no one can set a change time. `verify --no-cache` hashes
// always. A file cut short or changed — a partly restored CI cache, a full
// disk, a bad copy — is then found before any chapter is blamed for it:
// `EngineBuilder` builds the engine again. A build without a record (an
// older tool's) is never used.
import Foundation
import WorkbookModel
import WorkbookSupport

package enum EngineIntegrity {
  /// The record's file name, in the build's folder.
  static let recordName = ".workbook-engine-files"
  /// The record's first line.
  static let header = "workbook engine files 1"
  /// The stamps of the files when a check last hashed them and found them
  /// as recorded.
  static let checkedName = ".workbook-engine-checked"

  /// What the check found.
  enum State: Hashable, Sendable {
    /// Every recorded file is there with its size and hash.
    case intact
    /// No build in that folder.
    case missing
    /// A folder without a (readable, trusted) record: an older tool's
    /// build, or one that never finished.
    case unrecorded
    /// A file is not what was built: which, and how.
    case damaged(String)
  }

  /// How hard to look.
  package enum Hashing {
    /// Hash the files unless a check hashed them at the same inode, size,
    /// modification and change time.
    case whenStampsChange
    /// Hash them whatever was seen before (`verify --no-cache`, a link
    /// error that named an engine file).
    case always
  }

  /// One recorded file.
  struct Entry: Hashable {
    var name: String
    var size: Int
    var sha256: String
  }

  /// Writes the record of every regular file in `directory` (call before
  /// the build lands: it is the build's last file).
  static func record(_ directory: String) throws {
    var lines = [header]
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    for name in names where name != recordName && !name.hasPrefix(".") {
      var st = stat()
      guard lstat(directory + "/" + name, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
      guard let hash = sha256(of: directory + "/" + name) else {
        throw FileError.cannotWrite(directory + "/" + recordName, "cannot read '\(name)' to record it")
      }
      lines.append("\(hash) \(st.st_size) \(name)")
    }
    try Files.writeAtomically(Array((lines.joined(separator: "\n") + "\n").utf8), to: directory + "/" + recordName)
  }

  /// The record in `directory`, or nil when it is missing, not this
  /// user's own private file, or not a record.
  static func entries(_ directory: String) -> [Entry]? {
    guard let bytes = Files.readPrivateFile(directory + "/" + recordName) else { return nil }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard lines.first == Substring(header) else { return nil }
    var entries: [Entry] = []
    for line in lines.dropFirst() {
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count == 3, fields[0].utf8.count == 64, let size = Int(fields[1]), size >= 0,
        !fields[2].contains("/"), fields[2] != "..", fields[2] != "."
      else { return nil }
      entries.append(Entry(name: String(fields[2]), size: size, sha256: String(fields[0])))
    }
    let names = Set(entries.map(\.name))
    for module in EngineBuilder.modules
    where !names.contains("lib\(module).so") || !names.contains("\(module).swiftmodule") {
      return nil
    }
    return entries
  }

  /// Checks the build in `directory` against its record.
  static func check(_ directory: String, hashing: Hashing = .whenStampsChange) -> State {
    if let problem = Files.privacyProblem(directory) {
      if problem.kind == .missing { return .missing }
      return .damaged("its folder " + (problem.kind == .notAFolder ? "is not a folder"
                                       : ErrorText.privacy(owner: problem.owner, mode: problem.mode)))
    }
    guard let entries = entries(directory) else { return .unrecorded }
    var stamps: [String] = []
    for entry in entries {
      let path = directory + "/" + entry.name
      var st = stat()
      guard lstat(path, &st) == 0 else { return .damaged("\(entry.name) is missing") }
      guard (st.st_mode & S_IFMT) == S_IFREG else { return .damaged("\(entry.name) is not a regular file") }
      guard st.st_uid == getuid(), st.st_mode & 0o022 == 0 else {
        return .damaged("\(entry.name) " + ErrorText.privacy(owner: st.st_uid, mode: st.st_mode & 0o7777))
      }
      guard Int(st.st_size) == entry.size else {
        return .damaged("\(entry.name) has \(st.st_size) bytes, \(entry.size) when it was built")
      }
      stamps.append("\(entry.name):\(st.st_ino):\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
                      + ":\(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)")
    }
    let stamp = stamps.joined(separator: "\n") + "\n"
    let checked = directory + "/" + checkedName
    if hashing == .whenStampsChange {
      if Verified.shared.contains(directory, stamp) { return .intact }
      if Files.readPrivateFile(checked) == Array(stamp.utf8) {
        Verified.shared.insert(directory, stamp)
        return .intact
      }
    }
    for entry in entries where sha256(of: directory + "/" + entry.name) != entry.sha256 {
      unlink(checked)
      return .damaged("\(entry.name) is not the file that was built: its SHA-256 differs")
    }
    Verified.shared.insert(directory, stamp)
    try? Files.writeAtomically(Array(stamp.utf8), to: checked)
    return .intact
  }

  /// The SHA-256 of a file as hex, read in 1 MB pieces; nil when it
  /// cannot be read.
  static func sha256(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var hasher = SHA256()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = buffer.withUnsafeMutableBytes { readDescriptor(fd, $0.baseAddress!, $0.count) }
      if n < 0 { if errno == EINTR { continue }; return nil }
      if n == 0 { break }
      buffer.withUnsafeBufferPointer { hasher.update(UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  /// The builds this process checked, with the stamps they had then.
  private final class Verified: @unchecked Sendable {
    static let shared = Verified()
    private let lock = NSLock()
    private var stamps: [String: String] = [:]

    func contains(_ directory: String, _ stamp: String) -> Bool {
      lock.lock(); defer { lock.unlock() }
      return stamps[directory] == stamp
    }

    func insert(_ directory: String, _ stamp: String) {
      lock.lock(); defer { lock.unlock() }
      stamps[directory] = stamp
    }
  }
}
