// The process entry point, and the one place where an error ends the
// process: what standard error says and the exit status (argument-parser's
// MessageInfo is the model). Commands only throw; ErrorText words the errors.
import ArgumentParser
import Foundation
import WorkbookCore
import WorkbookModel
import WorkbookRunner
import WorkbookSupport
import WorkbookServe

extension Workbook {
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      // --help and --version: ArgumentParser prints them, status 0.
      guard let ending = Ending(error) else { exit(withError: error) }
      if let message = ending.message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      // Interrupted: the signal's handler stopped the work; it says so and
      // exits 130 itself, unless it has already.
      if ending.status == 130 { Interruption.letTheHandlerFinish() }
      Foundation.exit(ending.status)
    }
  }
}

/// How an error ends the process. The statuses every command documents:
/// 1 when the work ran and something failed, 2 for usage and setup errors
/// (not ArgumentParser's 64), 130 when interrupted.
struct Ending {
  /// The text for standard error; nil when there is nothing more to say.
  var message: String?
  var status: Int32

  /// Nil for ArgumentParser's clean exits (help, version).
  init?(_ error: any Error) {
    switch error {
    case VerifyError.interrupted, SiteError.verify(.interrupted):
      // The signal handler has said so (and usually exited already).
      (message, status) = (nil, 130)
    case is ReportedFailure:
      (message, status) = (nil, 1)
    case let error as CommandError:
      switch error {
      case .bookHasFailures, .siteStale, .newBookDoesNotVerify: status = 1
      default: status = 2
      }
      message = "error: " + ErrorText.message(for: error)
    case let error as ServeError:
      (message, status) = ("error: " + ErrorText.message(for: error), 2)
    case let code as ExitCode:
      (message, status) = (nil, code.rawValue)
    default:
      switch Workbook.exitCode(for: error) {
      case .success:
        return nil
      case .validationFailure:
        // Usage errors: the message and the usage.
        (message, status) = (Workbook.fullMessage(for: error), 2)
      default:
        // The libraries' errors: setup problems.
        (message, status) = ("error: " + ErrorText.message(for: error), 2)
      }
    }
  }
}
