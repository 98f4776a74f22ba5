// JSONDuplicateKey: finds a key that appears twice in one JSON object, which
// JSONDecoder accepts silently (keeping one of the two). One linear pass over
// the bytes with an explicit stack, so deep nesting costs no recursion.

package enum JSONDuplicateKey {
  /// The first key that appears twice in the same object, or nil. Assumes
  /// `bytes` is valid JSON (decode it too); on invalid JSON it may return
  /// nil or a key, never crash.
  package static func first(in bytes: [UInt8]) -> String? {
    // One entry per open container: the keys seen, nil for an array.
    var stack: [Set<[UInt8]>?] = []
    // Whether the next string in the current object is a key.
    var expectingKey = false
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: "{"):
        stack.append([])
        expectingKey = true
      case UInt8(ascii: "["):
        stack.append(nil)
        expectingKey = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !stack.isEmpty { stack.removeLast() }
        expectingKey = false
      case UInt8(ascii: ","):
        // In an object a key follows a comma; in an array a value does.
        expectingKey = stack.last.map { $0 != nil } ?? false
      case UInt8(ascii: "\""):
        // A string: its raw bytes (escapes kept as written, so "a" and
        // "\u0061" count as different keys; JSONDecoder would see one).
        let start = i + 1
        var j = start
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
          j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1
        }
        if expectingKey, let last = stack.last, var keys = last {
          let key = Array(bytes[start..<min(j, bytes.count)])
          if keys.contains(key) { return String(decoding: key, as: UTF8.self) }
          keys.insert(key)
          stack[stack.count - 1] = keys
          expectingKey = false
        }
        i = j
      default:
        break
      }
      i += 1
    }
    return nil
  }
}
