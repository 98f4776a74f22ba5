// StarterSymptom: what an exercise's starter shows a learner before it is
// fixed — its standard output and, when it traps, the runtime's message as
// the last line. The output block after a `swift exercise=ID` starter holds
// it; verify checks it and `--record` writes it.
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

enum StarterSymptom {
  /// The symptom of a run: what it printed (ending in "\n"), then the trap's
  /// message, without the file and line the runtime puts before it (a
  /// position that moves with the prose above the starter).
  ///
  /// - Returns: "" when the program printed nothing and did not trap.
  static func text(output: String, crash: Crash?) -> String {
    var text = output.isEmpty || output.hasSuffix("\n") ? output : output + "\n"
    if let crash { text += crash.message + "\n" }
    return text
  }

  /// Why a trap's message cannot be recorded, or nil when it can: a message
  /// that holds a memory address (`0x7f…`) changes from run to run.
  static func nondeterminism(in crash: Crash) -> String? {
    let message = Array(crash.message.utf8)
    var i = 0
    while i + 1 < message.count {
      if message[i] == UInt8(ascii: "0"), message[i + 1] == UInt8(ascii: "x") {
        let digits = message[(i + 2)...].prefix { isHexDigit($0) }.count
        if digits >= 6 {
          return "its trap message holds a memory address (\(String(decoding: message[i..<(i + 2 + digits)], as: UTF8.self))), which changes from run to run"
        }
      }
      i += 1
    }
    return nil
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102) || (byte >= 65 && byte <= 70)
  }
}
