// ServeError's words, in ErrorText with every other error's (WorkbookCore
// cannot see this module's errors, so they are worded here).
import WorkbookCore
import WorkbookSupport

extension ErrorText {
  public static func message(for error: ServeError) -> String {
    switch error {
    case .portInUse(let port):
      return "Port \(port) on 127.0.0.1 is in use (another 'workbook serve'?); pass another with --port, or --port 0 for any free port"
    case .cannotListen(let port, let reason):
      return "Cannot listen on 127.0.0.1:\(port): \(reason)"
    case .stoppedListening(let port, let reason):
      return "The server stopped taking connections on 127.0.0.1:\(port) (\(reason)); start 'workbook serve' again"
    }
  }
}
