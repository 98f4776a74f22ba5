// The message of a child process that could not be started.
import WorkbookSupport
import WorkbookModel

extension ErrorText {
  static func message(for error: ChildProcessError) -> String {
    switch error {
    case .cannotStart(let executable, let reason): return "Cannot start '\(executable)': \(reason)"
    }
  }
}
