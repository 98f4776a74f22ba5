// DecodingProblem: a JSON decoding error as one sentence a person can act on
// (never the `DecodingError` dump).
import Foundation

package enum DecodingProblem {
  /// E.g. "'exercises.a/b.attempts' should be a number", "it is not valid JSON".
  package static func sentence(_ error: Error) -> String {
    guard let error = error as? DecodingError else {
      return "it cannot be read (\(Files.reason(error)))"
    }
    func where_(_ path: [CodingKey]) -> String {
      let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "the top level" : "'" + keys.joined(separator: ".") + "'"
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(where_(context.codingPath)) should be \(describe(type))"
    case .valueNotFound(let type, let context):
      return "\(where_(context.codingPath)) should be \(describe(type)), not null"
    case .keyNotFound(let key, let context):
      return "\(where_(context.codingPath + [key])) is missing"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "it is not valid JSON" : "\(where_(context.codingPath)) has a value that is not allowed"
    @unknown default:
      return "it is not in the expected format"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Int.Type, is Double.Type: return "a number"
    default:
      let name = "\(type)"
      if name.hasPrefix("Dictionary") { return "an object" }
      if name.hasPrefix("Array") { return "an array" }
      return "an object"
    }
  }
}
