// SiteFolder: where `workbook build` may write, and what it may remove.
//
// A site folder holds a manifest (`.workbook-site`) that lists every file
// the last build wrote. A build removes only files that manifest lists; a
// folder that is neither empty nor a previous site is refused, and so are
// the folders whose loss would hurt most (/, the home folder, the working
// directory, the book, and any folder that holds the book or the package).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WorkbookModel
import WorkbookSupport

enum SiteFolder {
  /// The manifest's file name, inside the site folder.
  static let manifestName = ".workbook-site"
  /// The manifest's first line.
  static let manifestHeader = "workbook site manifest 1"

  /// What a previous build left in the folder.
  enum Previous: Equatable {
    /// The folder does not exist or is empty.
    case none
    /// A site with a manifest: the files it lists.
    case manifest([String])
    /// A site written before manifests existed: it holds `index.html` and
    /// a `search-index.js` that starts as the tool writes it. Only the
    /// files a build writes at the top level (`*.html`, `search-index.js`,
    /// `site.js`, `style.css`) count as its own.
    case legacy([String])
  }

  /// Checks that the site may be written into `folder`, and returns what a
  /// previous build wrote there.
  ///
  /// - Parameters:
  ///   - folder: The `--out` folder as given.
  ///   - book: The book folder.
  static func inspect(_ folder: String, book: String) throws(SiteError) -> Previous {
    let cwd = FileManager.default.currentDirectoryPath
    let target = Files.absolute(folder, relativeTo: cwd)
    var candidates = [target]
    if let real = Files.resolved(target), real != target { candidates.append(real) }
    let bookPath = Files.absolute(book, relativeTo: cwd)
    let books = [bookPath] + (Files.resolved(bookPath).map { [$0] } ?? [])
    var packages: [String] = []
    for start in books + [cwd] {
      if let package = packageRoot(containing: start) { packages.append(package) }
    }
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : Files.absolute($0) }
    func refuse(_ why: String) -> SiteError {
      .unsafeFolder(path: folder, reason: why)
    }
    for path in candidates {
      if path == "/" { throw refuse("it is the root folder") }
      if let home, path == home || path == Files.resolved(home) { throw refuse("it is your home folder") }
      if path == cwd || path == Files.resolved(cwd) { throw refuse("it is the working directory") }
      for b in books {
        if path == b { throw refuse("it is the book folder") }
        if b.hasPrefix(path + "/") { throw refuse("it holds the book") }
      }
      for p in packages where path == p || p.hasPrefix(path + "/") {
        throw refuse("it holds the package at '\(p)'")
      }
    }

    var st = stat()
    guard lstat(target, &st) == 0 || stat(target, &st) == 0 else { return .none }
    guard Files.isDirectory(target) else {
      throw .cannotWrite(path: folder, reason: "it is a file, not a folder; pass a new folder or a previous site to --out")
    }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
    if entries.isEmpty { return .none }
    if let manifest = readManifest(target + "/" + manifestName) { return .manifest(manifest) }
    if entries.contains("index.html"), isOwnSearchIndex(target + "/search-index.js") {
      return .legacy(legacyFiles(target))
    }
    throw refuse("it is not empty and was not written by 'workbook build' (it has no \(manifestName) manifest)")
  }

  /// The files a site written before manifests owns: when `folder` holds
  /// `index.html` and the tool's `search-index.js`, its top-level `*.html`,
  /// `search-index.js`, `site.js` and `style.css`; otherwise none.
  static func legacyFiles(_ folder: String) -> [String] {
    guard isRegularFile(folder + "/index.html"), isOwnSearchIndex(folder + "/search-index.js") else { return [] }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return entries.filter { name in
      (name.hasSuffix(".html") || ["search-index.js", "site.js", "style.css"].contains(name))
        && isRegularFile(folder + "/" + name)
    }
  }

  /// The folder holding `Package.swift` at or above `path`.
  static func packageRoot(containing path: String) -> String? {
    var dir = path
    while true {
      if FileManager.default.fileExists(atPath: dir + "/Package.swift") { return dir }
      let parent = (dir as NSString).deletingLastPathComponent
      if parent == dir || parent.isEmpty { return nil }
      dir = parent
    }
  }

  /// The manifest's file list, or nil when it is missing or not a manifest.
  static func readManifest(_ path: String) -> [String]? {
    guard isRegularFile(path), let data = FileManager.default.contents(atPath: path) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    guard lines.first == manifestHeader else { return nil }
    return lines.dropFirst().filter(isSafeRelativePath)
  }

  static func manifest(for files: [String]) -> [UInt8] {
    Array(([manifestHeader] + files).joined(separator: "\n").utf8) + [10]
  }

  /// A path inside the folder: relative, no `..`, no empty part, no NUL.
  static func isSafeRelativePath(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
  }

  static func isOwnSearchIndex(_ path: String) -> Bool {
    guard isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 32)) ?? Data()
    return start.starts(with: Data("window.WORKBOOK_SEARCH = [".utf8))
  }

  static func isRegularFile(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
  }
}
