// JSONDuplicateKey: finds a key that appears twice in one JSON object, which
// JSONDecoder accepts silently (keeping one of the two). One linear pass over
// the bytes with an explicit stack, so deep nesting costs no recursion.

package enum JSONDuplicateKey {
  /// The first key that appears twice in the same object, or nil. Keys are
  /// compared as the text they stand for, as JSONDecoder compares them:
  /// escapes decoded (`"a"` and `"\u0061"` are one key) and Swift's string
  /// equality (`"\u00e9"` and `"e\u0301"` are one key too). Assumes `bytes`
  /// is valid JSON (decode it too); on invalid JSON it may return nil or a
  /// key, never crash.
  package static func first(in bytes: [UInt8]) -> String? {
    // One entry per open container: the keys seen, nil for an array.
    var stack: [Set<String>?] = []
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
        let start = i + 1
        var j = start
        var escaped = false
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
          if bytes[j] == UInt8(ascii: "\\") {
            escaped = true
            j += 2
          } else {
            j += 1
          }
        }
        if expectingKey, let last = stack.last, var keys = last {
          let raw = bytes[start..<min(j, bytes.count)]
          let key = escaped ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
          if keys.contains(key) { return key }
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

  /// "the key 'passed' appears twice in one object" when `bytes` has a
  /// duplicate key (see `first(in:)`), else nil: the reason a file that
  /// JSONDecoder reads is still refused.
  package static func problem(in bytes: [UInt8]) -> String? {
    first(in: bytes).map { "the key '\($0)' appears twice in one object" }
  }

  /// The text a JSON string's content (between its quotes) stands for, by
  /// JSON's rules (RFC 8259, section 7): `\"`, `\\`, `\/`, `\b`, `\f`,
  /// `\n`, `\r`, `\t`, and `\uXXXX`, where a high and a low surrogate in
  /// a row are one character and a lone surrogate is U+FFFD. An escape
  /// JSON does not have is kept as written.
  static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
    var utf8: [UInt8] = []
    /// The four hex digits at `index`, or nil.
    func hex(at index: Int) -> UInt32? {
      guard index + 4 <= raw.endIndex else { return nil }
      var value: UInt32 = 0
      for byte in raw[index..<(index + 4)] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    var i = raw.startIndex
    while i < raw.endIndex {
      guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
        utf8.append(raw[i])
        i += 1
        continue
      }
      if let byte = simpleEscapes[raw[i + 1]] {
        utf8.append(byte)
        i += 2
        continue
      }
      guard raw[i + 1] == UInt8(ascii: "u"), let unit = hex(at: i + 2) else {
        utf8.append(raw[i])
        i += 1
        continue
      }
      i += 6
      var scalar = UnicodeScalar(unit)
      if (0xD800...0xDBFF).contains(unit), i + 1 < raw.endIndex, raw[i] == UInt8(ascii: "\\"),
        raw[i + 1] == UInt8(ascii: "u"), let low = hex(at: i + 2), (0xDC00...0xDFFF).contains(low) {
        scalar = UnicodeScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        i += 6
      }
      UTF8.encode(scalar ?? "\u{FFFD}") { utf8.append($0) }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The escapes of one character after the backslash, and the byte each stands for.
  private static let simpleEscapes: [UInt8: UInt8] = [
    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
    UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
  ]
}
