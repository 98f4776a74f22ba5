// Golden files as pointfreeco/swift-snapshot-testing lays them out:
// `__Snapshots__/<TestFile>/<testName>.<n>.txt` beside the test file, n
// counting the test's snapshots from 1 (or `<testName>.<name>.txt` for a
// named one), with its record modes. And the one place failures are
// reported: Swift Testing's `Issue.record` inside a Swift Testing test,
// `XCTFail` otherwise (as swift-snapshot-testing does).

import Foundation
import Testing
import XCTest

/// Where a golden file lives and how it compares.
enum GoldenFile {
  /// How many snapshots each test took so far, by test file and test name.
  @MainActor private static var counters: [String: Int] = [:]

  /// The test's name as a file name: `testPresent()` → `testPresent`.
  static func testName(_ function: String) -> String {
    let base = function.prefix { $0 != "(" }
    return String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-" })
  }

  /// The path of the next golden file of `function` in `filePath`:
  /// `<folder>/__Snapshots__/<TestFile>/<testName>.<n or name>.<ext>`.
  @MainActor
  static func path(filePath: String, function: String, name: String?, pathExtension: String) -> String {
    let file = URL(fileURLWithPath: filePath)
    let test = testName(function)
    let identifier: String
    if let name {
      identifier = name
    } else {
      let key = filePath + "#" + test
      let n = (counters[key] ?? 0) + 1
      counters[key] = n
      identifier = String(n)
    }
    return file.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
      .appendingPathComponent("\(test).\(identifier).\(pathExtension)").path
  }

  /// Compares `text` with the golden file at `path`, recording it as
  /// `mode` says; `diff` describes a difference. A failure whose actual
  /// text was not recorded is also written to the folder named by
  /// `SNAPSHOT_ARTIFACTS` when it is set (swift-snapshot-testing's
  /// convention, for CI to upload), and the message says where.
  ///
  /// - Returns: nil when it matches (or was re-recorded in `.all`), else
  ///   the failure message.
  static func verify(_ text: String, at path: String, mode: RecordMode?,
                     environment: [String: String] = ProcessInfo.processInfo.environment,
                     diff: (_ golden: String, _ actual: String) -> String) -> String? {
    guard let mode else { return RecordMode.unknownModeMessage(environment: environment) }
    func write() -> String? {
      do {
        try GoldenFolder.replace(path, with: text)
        return nil
      } catch {
        return "Cannot write the golden file '\(path)': \(error.reason)" + (error.isLink ? GoldenFolder.goldenLinkAdvice : "")
      }
    }
    /// `message`, after the actual text is kept as an artifact if asked.
    func failing(_ message: String) -> String {
      guard let folder = environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty else { return message }
      let artifact = artifactPath(for: path, in: folder)
      do {
        try GoldenFolder.replace(artifact, with: text)
        return message + "\nThe actual text is in '\(artifact)' (SNAPSHOT_ARTIFACTS)."
      } catch {
        return message + "\nCannot write the artifact '\(artifact)' (SNAPSHOT_ARTIFACTS): \(error.reason)"
          + (error.isLink ? "; artifacts are never written through a link: remove it, or set SNAPSHOT_ARTIFACTS to a plain folder" : "")
      }
    }
    let data: [UInt8]
    do {
      guard let read = try GoldenFolder.contents(of: path) else {
        switch mode {
        case .never:
          return failing("No golden file at '\(path)' (record mode never): run the test locally to record it")
        case .all:
          return write()
        case .missing, .failed:
          return write() ?? "No golden file at '\(path)': recorded it; re-run the test to compare against it"
        }
      }
      data = read
    } catch {
      return "Cannot read the golden file '\(path)': \(error.reason)" + (error.isLink ? GoldenFolder.goldenLinkAdvice : "")
    }
    let golden = String(decoding: data, as: UTF8.self)
    if golden == text { return nil }
    switch mode {
    case .all:
      return write()
    case .failed:
      return write() ?? "'\(path)' differed and is re-recorded (record mode failed); re-run the test to compare "
        + "against it. What changed:\n" + diff(golden, text)
    case .missing, .never:
      return failing("'\(path)' differs (record mode all or failed re-records it):\n" + diff(golden, text))
    }
  }

  /// Where the actual text of the golden file at `path` is kept in the
  /// artifacts folder: `<folder>/<TestFile>/<testName>.<n>.<ext>`, as in
  /// `__Snapshots__`.
  static func artifactPath(for path: String, in folder: String) -> String {
    let parts = path.split(separator: "/").suffix(2)
    return ([folder.hasSuffix("/") ? String(folder.dropLast()) : folder] + parts.map(String.init))
      .joined(separator: "/")
  }
}

/// Golden files are plain files inside the test's `__Snapshots__` folder,
/// read and written as `workbook` writes its files: the folders from
/// `__Snapshots__` down are opened one at a time from the test's folder
/// without following a link (`openat`, `O_NOFOLLOW`), and a file is
/// replaced atomically (a temporary file beside it, renamed over it). A
/// symbolic link there (git stores them) is refused, so a golden file is
/// never created, overwritten or read anywhere else, and a test killed
/// mid-write never leaves half a golden file.
enum GoldenFolder {
  /// Why a golden file could not be read or written.
  struct Failure: Error {
    var reason: String
    /// The path, or a folder on its way, is a symbolic link.
    var isLink = false
  }

  /// What a refused link means for a golden file, after its reason.
  static let goldenLinkAdvice = "; golden files are plain files inside __Snapshots__, never read or written through a link: "
    + "remove the link and run the test again to record the file"

  /// The golden file at `path`, or nil when there is none.
  static func contents(of path: String) throws(Failure) -> [UInt8]? {
    guard let opened = try openFolder(of: path, create: false) else { return nil }
    let (folder, name) = opened
    defer { close(folder) }
    let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 && errno == ENOENT { return nil }
    guard fd >= 0 else { throw failure(errno) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(reason: "it is not a file")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n < 0 { if errno == EINTR { continue }; throw failure(errno) }
      if n == 0 { return bytes }
      bytes += buffer[0..<n]
    }
  }

  /// Replaces (or creates) the golden file at `path` with `text`,
  /// making its folders when missing.
  static func replace(_ path: String, with text: String) throws(Failure) {
    guard let opened = try openFolder(of: path, create: true) else {
      throw Failure(reason: "its folder cannot be made")
    }
    let (folder, name) = opened
    defer { close(folder) }
    var existing = stat()
    if fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
      if (existing.st_mode & S_IFMT) == S_IFLNK { throw failure(ELOOP) }
      if (existing.st_mode & S_IFMT) != S_IFREG { throw Failure(reason: "it is not a file") }
    }
    let tail = ".golden-\(getpid())-"
    let prefix = name.utf8.count + tail.utf8.count + 7 <= 255 ? "." + name + tail : tail
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var temporary = ""
    var fd: Int32 = -1
    while fd < 0 {
      temporary = prefix + String((0..<6).map { _ in letters.randomElement()! })
      fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd < 0 && errno != EEXIST { throw failure(errno) }
    }
    let bytes = Array(text.utf8)
    var offset = 0
    var code: Int32 = 0
    while offset < bytes.count, code == 0 {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
      if n < 0 { if errno != EINTR { code = errno } } else { offset += n }
    }
    if code == 0, fsync(fd) != 0 { code = errno }
    close(fd)
    if code == 0, renameat(folder, temporary, folder, name) != 0 { code = errno }
    if code != 0 {
      unlinkat(folder, temporary, 0)
      throw failure(code)
    }
  }

  /// The golden file's folder, opened from the test's folder (the one
  /// holding `__Snapshots__`) one component at a time without following
  /// a link, and the file's name; nil when a folder is missing and not
  /// `create`.
  private static func openFolder(of path: String, create: Bool) throws(Failure) -> (Int32, String)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { throw Failure(reason: "'\(path)' is not a path inside a test's folder") }
    // Below the test's folder: from the last `__Snapshots__` on (or the
    // file's own folder when the path has none).
    let start = parts.lastIndex(of: "__Snapshots__") ?? parts.count - 1
    let base = parts[..<start].joined(separator: "/")
    var folder = open(base.isEmpty ? "/" : base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder < 0 && errno == ENOENT && !create { return nil }
    if folder < 0 && errno == ENOENT {
      do { try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true) } catch {
        throw Failure(reason: "\(error.localizedDescription)")
      }
      folder = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard folder >= 0 else { throw failure(errno, at: base) }
    var walked = base
    for part in parts[start..<(parts.count - 1)] {
      walked += "/" + part
      var next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if next < 0 && errno == ENOENT && create {
        if mkdirat(folder, part, 0o755) != 0 && errno != EEXIST {
          let code = errno
          close(folder)
          throw failure(code, at: walked)
        }
        next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
      // A link is refused as a link (the kernel says ENOTDIR for one to a folder).
      let openError = errno
      var st = stat()
      let isLink = next < 0 && fstatat(folder, part, &st, AT_SYMLINK_NOFOLLOW) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
      let code = isLink ? ELOOP : openError
      close(folder)
      if next < 0 && code == ENOENT && !create { return nil }
      guard next >= 0 else { throw failure(code, at: walked) }
      folder = next
    }
    return (folder, parts[parts.count - 1])
  }

  /// The failure of a file operation, in words: on the golden file itself
  /// (`folder` nil) or on a folder on its way. A symbolic link (ELOOP) is
  /// named as such; the caller says what to do about it.
  private static func failure(_ code: Int32, at folder: String? = nil) -> Failure {
    let subject = folder.map { "'\($0)'" } ?? "it"
    if code == ELOOP { return Failure(reason: "\(subject) is a symbolic link", isLink: true) }
    if code == ENOTDIR { return Failure(reason: "\(subject) is not a folder") }
    return Failure(reason: String(cString: strerror(code)))
  }
}

/// Where an assertion was written, for its failure.
struct CallSite {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Reports a failure: through Swift Testing when a Swift Testing test is
/// running, through XCTest otherwise (swift-snapshot-testing's rule).
func reportFailure(_ message: String, at site: CallSite) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message),
                 sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                                                line: Int(site.line), column: Int(site.column)))
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}
