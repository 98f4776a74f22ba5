// ErrorText's namespace, and the messages of the errors of this module's
// files and folders. The messages of the other modules' errors are
// extensions of it (WorkbookCore's ErrorText.swift holds most of them).
import Foundation

/// Where errors become text (see WorkbookCore's ErrorText.swift).
public enum ErrorText {}

extension ErrorText {
  /// "is owned by uid 65534 (nobody) and writable by everyone (mode 0777)":
  /// why a folder is not private.
  package static func privacy(owner: UInt32, mode: UInt32) -> String {
    let bits = "mode 0" + String(mode & 0o7777, radix: 8)
    let writable = mode & 0o002 != 0 ? "writable by everyone (\(bits))"
      : mode & 0o020 != 0 ? "writable by its group (\(bits))" : nil
    guard owner != getuid() else { return "is " + (writable ?? "not private (\(bits))") }
    var who = "is owned by uid \(owner)"
    if let entry = getpwuid(owner), let name = entry.pointee.pw_name { who += " (" + String(cString: name) + ")" }
    return writable.map { who + " and " + $0 } ?? who + " (\(bits))"
  }

  package static func message(for error: FileError) -> String {
    switch error {
    case .cannotWrite(let path, let reason): return "Cannot write '\(path)': \(reason)"
    }
  }
}
