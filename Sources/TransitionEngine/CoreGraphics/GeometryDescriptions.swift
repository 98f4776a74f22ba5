// How geometry prints: as Apple's SDK prints it on iOS.
//
// On iOS, `print(CGRect(x: 120, y: 40, width: 80, height: 80))` shows
// `(120.0, 40.0, 80.0, 80.0)`. That text comes from Apple's CoreGraphics
// Swift overlay (swiftlang/swift, stdlib/public/Darwin/CoreGraphics/
// CoreGraphics.swift), which gives CGPoint, CGSize, CGVector and CGRect a
// `CustomDebugStringConvertible` conformance:
//
//     CGPoint   "(\(x), \(y))"
//     CGSize    "(\(width), \(height))"
//     CGVector  "(\(dx), \(dy))"
//     CGRect    "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
//
// `print`, `"\(…)"`, `String(describing:)`, `debugPrint` and `dump` all use
// it. Foundation on Linux defines CGPoint, CGSize and CGRect without any
// description, so without this file they print by reflection
// (`CGRect(origin: Foundation.CGPoint(x: …), …)`), which no iOS developer has
// seen. The conformances below are retroactive (Foundation's types, Swift's
// protocols); they apply to every program that links the engine.
//
// CGAffineTransform, CATransform3D, UIEdgeInsets and NSDirectionalEdgeInsets
// are C structs on iOS with no description in any overlay: they print by
// reflection, with the plain type name at the top level
// (`CGAffineTransform(a: 1.0, b: 0.0, …)`) and the imported-C module name
// `__C.` where reflection qualifies names: inside arrays, optionals and other
// structs, and in `debugPrint`. The engine's own structs would print
// `TransitionEngine.CGAffineTransform(…)` there, so they spell out both forms.
// One difference remains and is documented in Guides/TransitionEngine.md:
// `dump` heads such a value with its debug description
// (`▿ __C.CGAffineTransform(a: 1.0, …)`) where iOS shows only the type name.

import Foundation

// MARK: - Core Graphics overlay descriptions (Apple's text)

extension CGPoint: @retroactive CustomDebugStringConvertible {
  /// `(x, y)`, as Apple's CoreGraphics overlay prints a point.
  public var debugDescription: String { "(\(x), \(y))" }
}

extension CGSize: @retroactive CustomDebugStringConvertible {
  /// `(width, height)`, as Apple's CoreGraphics overlay prints a size.
  public var debugDescription: String { "(\(width), \(height))" }
}

extension CGRect: @retroactive CustomDebugStringConvertible {
  /// `(x, y, width, height)`, as Apple's CoreGraphics overlay prints a
  /// rectangle: the stored origin and size, not standardised.
  public var debugDescription: String {
    "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
  }
}

extension CGVector: CustomDebugStringConvertible {
  /// `(dx, dy)`, as Apple's CoreGraphics overlay prints a vector.
  public var debugDescription: String { "(\(dx), \(dy))" }
}

// MARK: - C structs (reflection as on iOS)

/// Prints like an imported C struct on iOS: `Name(field: value, …)`, with
/// `__C.Name(…)` as the debug description. Field values print as reflection
/// prints them (their debug descriptions).
private func cStructDescription(
  _ typeName: String, _ fields: KeyValuePairs<String, CGFloat>, qualified: Bool
) -> String {
  let body = fields.map { "\($0.key): \(String(reflecting: $0.value))" }
    .joined(separator: ", ")
  return (qualified ? "__C." : "") + typeName + "(" + body + ")"
}

extension CGAffineTransform: CustomStringConvertible, CustomDebugStringConvertible {
  private var printedFields: KeyValuePairs<String, CGFloat> {
    ["a": a, "b": b, "c": c, "d": d, "tx": tx, "ty": ty]
  }
  /// `CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)`, as on iOS.
  public var description: String {
    cStructDescription("CGAffineTransform", printedFields, qualified: false)
  }
  /// `__C.CGAffineTransform(a: …)`, as iOS shows it inside collections and in `debugPrint`.
  public var debugDescription: String {
    cStructDescription("CGAffineTransform", printedFields, qualified: true)
  }
}

extension CATransform3D: CustomStringConvertible, CustomDebugStringConvertible {
  private var printedFields: KeyValuePairs<String, CGFloat> {
    [
      "m11": m11, "m12": m12, "m13": m13, "m14": m14,
      "m21": m21, "m22": m22, "m23": m23, "m24": m24,
      "m31": m31, "m32": m32, "m33": m33, "m34": m34,
      "m41": m41, "m42": m42, "m43": m43, "m44": m44,
    ]
  }
  /// `CATransform3D(m11: 1.0, m12: 0.0, …, m44: 1.0)`, as on iOS.
  public var description: String {
    cStructDescription("CATransform3D", printedFields, qualified: false)
  }
  /// `__C.CATransform3D(m11: …)`, as iOS shows it inside collections and in `debugPrint`.
  public var debugDescription: String {
    cStructDescription("CATransform3D", printedFields, qualified: true)
  }
}

extension UIEdgeInsets: CustomStringConvertible, CustomDebugStringConvertible {
  private var printedFields: KeyValuePairs<String, CGFloat> {
    ["top": top, "left": left, "bottom": bottom, "right": right]
  }
  /// `UIEdgeInsets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)`, as on iOS.
  public var description: String {
    cStructDescription("UIEdgeInsets", printedFields, qualified: false)
  }
  /// `__C.UIEdgeInsets(top: …)`, as iOS shows it inside collections and in `debugPrint`.
  public var debugDescription: String {
    cStructDescription("UIEdgeInsets", printedFields, qualified: true)
  }
}

extension NSDirectionalEdgeInsets: CustomStringConvertible, CustomDebugStringConvertible {
  private var printedFields: KeyValuePairs<String, CGFloat> {
    ["top": top, "leading": leading, "bottom": bottom, "trailing": trailing]
  }
  /// `NSDirectionalEdgeInsets(top: 0.0, leading: 0.0, …)`, as on iOS.
  public var description: String {
    cStructDescription("NSDirectionalEdgeInsets", printedFields, qualified: false)
  }
  /// `__C.NSDirectionalEdgeInsets(top: …)`, as iOS shows it inside collections and in `debugPrint`.
  public var debugDescription: String {
    cStructDescription("NSDirectionalEdgeInsets", printedFields, qualified: true)
  }
}
