// The process entry point: usage errors exit with status 2 (not
// ArgumentParser's 64), as the CLI documents.
import ArgumentParser
import Foundation

extension Workbook {
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        // Usage errors: message and usage, then status 2.
        let message = fullMessage(for: error)
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
