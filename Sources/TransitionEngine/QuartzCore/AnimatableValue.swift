// The values Core Animation can interpolate, and the layer properties that
// hold them.

// MARK: - AnimatableValue

/// A value of an animatable layer property, in a form animations can
/// interpolate, add and subtract.
enum AnimatableValue: Equatable {
  case scalar(Double)
  case point(CGPoint)
  case size(CGSize)
  case rect(CGRect)
  // Indirect keeps the enum small (a transform is 128 bytes); values are
  // copied often on the presentation path.
  indirect case transform(CATransform3D)
  case color(RGBA)
  case path([CGPathElementKind])

  /// Which case this is, for caches keyed by kind.
  var kindIndex: Int {
    switch self {
    case .scalar: return 0
    case .point: return 1
    case .size: return 2
    case .rect: return 3
    case .transform: return 4
    case .color: return 5
    case .path: return 6
    }
  }

  var scalar: Double {
    if case .scalar(let v) = self { return v }
    return 0
  }

  /// The value at `fraction` between `self` and `other` (extrapolates past 0…1).
  func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
    if f == 0 { return self }
    if f == 1 { return other }
    switch (self, other) {
    case (.scalar(let a), .scalar(let b)): return .scalar(a + (b - a) * f)
    case (.point(let a), .point(let b)): return .point(lerp(a, b, f))
    case (.size(let a), .size(let b)):
      return .size(CGSize(width: lerp(a.width, b.width, f), height: lerp(a.height, b.height, f)))
    case (.rect(let a), .rect(let b)):
      return .rect(CGRect(origin: lerp(a.origin, b.origin, f),
                          size: CGSize(width: lerp(a.size.width, b.size.width, f),
                                       height: lerp(a.size.height, b.size.height, f))))
    case (.transform(let a), .transform(let b)):
      return .transform(CATransform3D.interpolate(from: a, to: b, fraction: f))
    case (.color(let a), .color(let b)):
      return .color(RGBA(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                         blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f))
    case (.path(let a), .path(let b)):
      // Core Animation: paths with different elements interpolate "undefined";
      // the engine switches half-way.
      guard a.count == b.count else { return f < 0.5 ? self : other }
      var result: [CGPathElementKind] = []
      result.reserveCapacity(a.count)
      for (ea, eb) in zip(a, b) {
        let pa = ea.points, pb = eb.points
        guard pa.count == pb.count else { return f < 0.5 ? self : other }
        var i = 0
        result.append(ea.mapPoints { _ in defer { i += 1 }; return lerp(pa[i], pb[i], f) })
      }
      return .path(result)
    default:
      return f < 0.5 ? self : other
    }
  }

  /// `self + other`, as additive animations combine values.
  func adding(_ other: AnimatableValue) -> AnimatableValue {
    switch (self, other) {
    case (.scalar(let a), .scalar(let b)): return .scalar(a + b)
    case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
    case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
    case (.rect(let a), .rect(let b)):
      // Raw components: a delta rect may have a negative size, which
      // `width`/`minX` would standardise away.
      return .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                          width: a.size.width + b.size.width, height: a.size.height + b.size.height))
    case (.transform(let a), .transform(let b)): return .transform(b * a)
    case (.color(let a), .color(let b)):
      return .color(RGBA(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
    default: return other
    }
  }

  /// `self - other`; for transforms, the transform that maps `other` to `self`.
  func subtracting(_ other: AnimatableValue) -> AnimatableValue {
    switch (self, other) {
    case (.scalar(let a), .scalar(let b)): return .scalar(a - b)
    case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
    case (.size(let a), .size(let b)): return .size(CGSize(width: a.width - b.width, height: a.height - b.height))
    case (.rect(let a), .rect(let b)):
      return .rect(CGRect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                          width: a.size.width - b.size.width, height: a.size.height - b.size.height))
    case (.color(let a), .color(let b)):
      return .color(RGBA(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
    case (.transform(let a), .transform(let b)): return .transform(a * CATransform3DInvert(b))
    default: return self
    }
  }

  /// The zero of this value's kind (identity for transforms).
  var zero: AnimatableValue {
    switch self {
    case .scalar: return .scalar(0)
    case .point: return .point(.zero)
    case .size: return .size(.zero)
    case .rect: return .rect(.zero)
    case .transform: return .transform(CATransform3DIdentity)
    case .color: return .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    case .path: return self
    }
  }

  /// A distance between two values, for paced keyframe timing.
  func distance(to other: AnimatableValue) -> Double {
    switch (self, other) {
    case (.scalar(let a), .scalar(let b)): return abs(b - a)
    case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
    case (.size(let a), .size(let b)): return Double(hypot(b.width - a.width, b.height - a.height))
    case (.rect(let a), .rect(let b)):
      let dx = b.origin.x - a.origin.x, dy = b.origin.y - a.origin.y
      let dw = b.size.width - a.size.width, dh = b.size.height - a.size.height
      return Double((dx * dx + dy * dy + dw * dw + dh * dh).squareRoot())
    case (.color(let a), .color(let b)):
      let d = [b.red - a.red, b.green - a.green, b.blue - a.blue, b.alpha - a.alpha]
      return d.map { $0 * $0 }.reduce(0, +).squareRoot()
    case (.transform(let a), .transform(let b)):
      var sum = 0.0
      for (x, y) in zip(a.elements, b.elements) { sum += Double((y - x) * (y - x)) }
      return sum.squareRoot()
    default: return self == other ? 0 : 1
    }
  }

  /// The value as the `Any` that `CALayer.value(forKeyPath:)` and
  /// animation `fromValue`s use: `NSNumber`, `NSValue`-like structs.
  var boxed: Any {
    switch self {
    case .scalar(let v): return CGFloat(v)
    case .point(let p): return p
    case .size(let s): return s
    case .rect(let r): return r
    case .transform(let t): return t
    case .color(let c): return CGColor(rgba: c)
    case .path(let e): return CGPath(elements: e)
    }
  }

  /// Reads an animation's `fromValue`/`toValue`/`byValue` (`NSNumber`,
  /// `CGFloat`, `NSValue(caTransform3D:)`, `CGColor`, `CGPath`, …) into a value
  /// of the same kind as `like`.
  static func unbox(_ any: Any?, like: AnimatableValue) -> AnimatableValue? {
    guard let any else { return nil }
    // Swift values first: on Linux, numbers also cast to NSValue (NSNumber).
    switch like {
    case .scalar:
      if let v = any as? CGFloat { return .scalar(Double(v)) }
      if let v = any as? Double { return .scalar(v) }
      if let v = any as? Float { return .scalar(Double(v)) }
      if let v = any as? Int { return .scalar(Double(v)) }
      if let v = any as? NSNumber { return .scalar(v.doubleValue) }
    case .point:
      if let p = any as? CGPoint { return .point(p) }
      if let v = any as? NSValue, String(cString: v.objCType).contains("Point") { return .point(v.pointValue) }
    case .size:
      if let s = any as? CGSize { return .size(s) }
      if let v = any as? NSValue, String(cString: v.objCType).contains("Size") { return .size(v.sizeValue) }
    case .rect:
      if let r = any as? CGRect { return .rect(r) }
      if let v = any as? NSValue, String(cString: v.objCType).contains("Rect") { return .rect(v.rectValue) }
    case .transform:
      if let t = any as? CATransform3D { return .transform(t) }
      if let t = any as? CGAffineTransform { return .transform(CATransform3DMakeAffineTransform(t)) }
      if let v = any as? NSValue, let t = v.engineValue as? CATransform3D { return .transform(t) }
      if let v = any as? NSValue, let t = v.engineValue as? CGAffineTransform {
        return .transform(CATransform3DMakeAffineTransform(t))
      }
    case .color:
      if let c = any as? CGColor { return .color(c.rgba) }
      if let c = any as? UIColor { return .color(c.cgColor.rgba) }
    case .path:
      if let p = any as? CGPath { return .path(p.elements) }
      if let p = any as? UIBezierPath { return .path(p.cgPath.elements) }
    }
    return nil
  }
}

private func lerp(_ a: CGFloat, _ b: CGFloat, _ f: Double) -> CGFloat { a + (b - a) * CGFloat(f) }
private func lerp(_ a: CGPoint, _ b: CGPoint, _ f: Double) -> CGPoint {
  CGPoint(x: lerp(a.x, b.x, f), y: lerp(a.y, b.y, f))
}

extension CATransform3D {
  /// The sixteen entries, row by row.
  var elements: [CGFloat] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }
}

// MARK: - NSValue boxes

/// The Objective-C type encodings the engine's `NSValue`s carry. Foundation
/// on Linux cannot box structs, so transforms travel as arrays of doubles.
private enum EngineEncoding {
  static let transform3D = "[16d]"
  static let affine = "[6d]"
}

extension NSValue {
  /// Boxes a 3D transform, as `NSValue(caTransform3D:)` does on Apple platforms.
  public convenience init(caTransform3D t: CATransform3D) {
    var copy = t
    self.init(bytes: &copy, objCType: EngineEncoding.transform3D)
  }

  /// Boxes an affine transform.
  public convenience init(cgAffineTransform t: CGAffineTransform) {
    var copy = t
    self.init(bytes: &copy, objCType: EngineEncoding.affine)
  }

  /// The boxed 3D transform (identity if the value holds none).
  public var caTransform3DValue: CATransform3D {
    (engineValue as? CATransform3D) ?? CATransform3DIdentity
  }

  /// The boxed affine transform (identity if the value holds none).
  public var cgAffineTransformValue: CGAffineTransform {
    (engineValue as? CGAffineTransform) ?? .identity
  }

  /// The struct inside an engine-made or Foundation `NSValue`, if the engine knows its type.
  var engineValue: Any? {
    switch String(cString: objCType) {
    case EngineEncoding.transform3D:
      var t = CATransform3DIdentity
      getValue(&t)
      return t
    case EngineEncoding.affine:
      var t = CGAffineTransform.identity
      getValue(&t)
      return t
    default:
      return nil
    }
  }
}
