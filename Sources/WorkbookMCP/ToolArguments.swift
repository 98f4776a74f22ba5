// ToolArguments: a tool call's arguments read against its schema. Whatever
// the client sends, a wrong argument is an `invalidParams` error (JSON-RPC
// -32602) whose message names the argument and what it should be; nothing
// in a request can crash the server.
import Foundation
import MCP
import WorkbookModel

/// One tool call's arguments, read by name.
struct ToolArguments {
  let tool: WorkbookTool
  let values: [String: Value]

  /// The arguments of a call to `tool`, refused when one of them is not in
  /// its schema (a misspelt name would otherwise be ignored silently).
  init(_ values: [String: Value]?, for tool: WorkbookTool) throws(MCPError) {
    self.tool = tool
    self.values = values ?? [:]
    let known = tool.argumentNames
    if let unknown = self.values.keys.sorted().first(where: { !known.contains($0) }) {
      throw .invalidParams(
        "\(tool.rawValue) has no argument '\(unknown)'; its arguments are "
          + known.sorted().map { "'\($0)'" }.joined(separator: ", "))
    }
  }

  private func refuse(_ name: String, _ expected: String) -> MCPError {
    .invalidParams("\(tool.rawValue): '\(name)' must be \(expected)")
  }

  func string(_ name: String) throws(MCPError) -> String? {
    guard let value = values[name], !value.isNull else { return nil }
    guard let string = value.stringValue else { throw refuse(name, "a string") }
    return string
  }

  func requiredString(_ name: String) throws(MCPError) -> String {
    guard let string = try string(name) else { throw .invalidParams("\(tool.rawValue) needs '\(name)'") }
    return string
  }

  func bool(_ name: String) throws(MCPError) -> Bool? {
    guard let value = values[name], !value.isNull else { return nil }
    guard let bool = value.boolValue else { throw refuse(name, "true or false") }
    return bool
  }

  /// A number, whether the client wrote it as an integer or not.
  func number(_ name: String) throws(MCPError) -> Double? {
    guard let value = values[name], !value.isNull else { return nil }
    if let int = value.intValue { return Double(int) }
    guard let double = value.doubleValue, double.isFinite else { throw refuse(name, "a number") }
    return double
  }

  func strings(_ name: String) throws(MCPError) -> [String]? {
    guard let value = values[name], !value.isNull else { return nil }
    guard let array = value.arrayValue else { throw refuse(name, "an array of strings") }
    var strings: [String] = []
    for item in array {
      guard let string = item.stringValue else { throw refuse(name, "an array of strings") }
      strings.append(string)
    }
    return strings
  }

  func object(_ name: String) throws(MCPError) -> [String: Value]? {
    guard let value = values[name], !value.isNull else { return nil }
    guard let object = value.objectValue else { throw refuse(name, "an object") }
    return object
  }

  // MARK: - The arguments several tools share

  /// The most source text one call may send (files and expressions together).
  static let sourceLimit = 4 << 20

  /// `files` (`[{path, content}]`) or `code` (one file's content), as
  /// `ExerciseChecker.run(files:)` takes them: names end in `.swift`, and no
  /// two share a last component (diagnostics name files by it).
  func sources(reserved: Set<String> = []) throws(MCPError) -> [(path: String, code: String)] {
    let code = try string("code")
    guard let value = values["files"], !value.isNull else {
      guard let code else {
        let alternative = tool.argumentNames.contains("code") ? " or 'code'" : ""
        throw .invalidParams("\(tool.rawValue) needs 'files' (an array of {path, content})\(alternative)")
      }
      return try Self.checkedSize([("main.swift", code)], tool: tool)
    }
    guard code == nil else { throw .invalidParams("\(tool.rawValue): pass 'files' or 'code', not both") }
    guard let items = value.arrayValue, !items.isEmpty else { throw refuse("files", "a non-empty array of {path, content}") }
    var files: [(path: String, code: String)] = []
    var names = Set<String>()
    for (index, item) in items.enumerated() {
      guard let object = item.objectValue, let path = object["path"]?.stringValue,
        let content = object["content"]?.stringValue, object.keys.allSatisfy(["path", "content"].contains)
      else { throw refuse("files[\(index)]", "an object {\"path\": \"Name.swift\", \"content\": \"…\"}") }
      let name = (path as NSString).lastPathComponent
      guard path.hasSuffix(".swift"), name.count > 6, !path.contains(where: { $0.isNewline || $0 == "\0" }) else {
        throw refuse("files[\(index)].path", "a Swift file's name or path ending in .swift, on one line")
      }
      guard !reserved.contains(name) else {
        throw refuse("files[\(index)].path", "another name than '\(name)' (the tool's own file)")
      }
      guard names.insert(name).inserted else {
        throw .invalidParams(
          "\(tool.rawValue): two files are named '\(name)'; messages name files by their last component, so give each its own")
      }
      files.append((path, content))
    }
    return try Self.checkedSize(files, tool: tool)
  }

  private static func checkedSize(_ files: [(path: String, code: String)], tool: WorkbookTool) throws(MCPError) -> [(
    path: String, code: String
  )] {
    let size = files.reduce(0) { $0 + $1.code.utf8.count }
    guard size <= sourceLimit else {
      throw .invalidParams("\(tool.rawValue): the sources are \(size) bytes; at most \(sourceLimit) are taken")
    }
    return files
  }

  /// `swiftVersion`: 5 or 6 (default 6, as `workbook run`).
  func languageMode() throws(MCPError) -> SwiftLanguageMode {
    guard let number = try number("swiftVersion") else { return .v6 }
    // Compared as numbers first: Int(1e300) would trap.
    guard number == 5 || number == 6, let mode = SwiftLanguageMode(rawValue: Int(number)) else {
      throw refuse("swiftVersion", "5 or 6")
    }
    return mode
  }

  /// `device` and `reduceMotion`, as a book's site.json gives them.
  func deviceSettings() throws(MCPError) -> Book.SiteMetadata {
    var site = Book.SiteMetadata()
    if let device = try string("device") {
      guard DeviceCatalogue.names.contains(device) else {
        throw refuse("device", "one of " + DeviceCatalogue.names.map { "'\($0)'" }.joined(separator: ", "))
      }
      site.device = device
    }
    site.reduceMotion = try bool("reduceMotion") ?? false
    return site
  }
}
