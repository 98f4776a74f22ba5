// The animatable properties of a layer, and the key paths that name them
// ("position.x", "transform.rotation.z", "bounds.size").

/// An animatable layer property.
enum LayerKey: String, CaseIterable {
  case bounds, position, anchorPoint, zPosition, transform, sublayerTransform
  case opacity, cornerRadius, backgroundColor, borderWidth, borderColor
  case shadowOpacity, shadowRadius, shadowOffset
  // CAShapeLayer
  case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd

  /// The keys UIKit animates inside `UIView.animate` blocks for a view's own
  /// layer. Other keys of a view-backed layer change without animation.
  var isViewAnimatable: Bool {
    switch self {
    case .bounds, .position, .transform, .sublayerTransform, .opacity, .backgroundColor, .cornerRadius:
      return true
    default:
      return false
    }
  }
}

/// A parsed key path: the property and the component of it an animation drives.
struct LayerKeyPath: Equatable {
  enum Component: Equatable {
    case whole
    case x, y, width, height            // of a point or size
    case origin, size                   // of a rect
    case originX, originY, sizeWidth, sizeHeight
    case rotation(axis: Int)            // transform.rotation.{x,y,z}; 2 = z
    case scale(axis: Int?)              // transform.scale[.x|.y|.z]
    case translation(axis: Int?)        // transform.translation[.x|.y|.z]
  }

  let key: LayerKey
  let component: Component

  /// Parses "position", "position.x", "bounds.size.width", "transform.rotation.z", ….
  init?(_ string: String) {
    let parts = string.split(separator: ".").map(String.init)
    guard let first = parts.first, let key = LayerKey(rawValue: first) else { return nil }
    self.key = key
    let rest = parts.dropFirst().joined(separator: ".")
    switch (key, rest) {
    case (_, ""): component = .whole
    case (.position, "x"), (.anchorPoint, "x"), (.shadowOffset, "width"): component = key == .shadowOffset ? .width : .x
    case (.position, "y"), (.anchorPoint, "y"), (.shadowOffset, "height"): component = key == .shadowOffset ? .height : .y
    case (.bounds, "origin"): component = .origin
    case (.bounds, "size"): component = .size
    case (.bounds, "origin.x"): component = .originX
    case (.bounds, "origin.y"): component = .originY
    case (.bounds, "size.width"): component = .sizeWidth
    case (.bounds, "size.height"): component = .sizeHeight
    case (.transform, _), (.sublayerTransform, _):
      switch rest {
      case "rotation", "rotation.z": component = .rotation(axis: 2)
      case "rotation.x": component = .rotation(axis: 0)
      case "rotation.y": component = .rotation(axis: 1)
      case "scale": component = .scale(axis: nil)
      case "scale.x": component = .scale(axis: 0)
      case "scale.y": component = .scale(axis: 1)
      case "scale.z": component = .scale(axis: 2)
      case "translation": component = .translation(axis: nil)
      case "translation.x": component = .translation(axis: 0)
      case "translation.y": component = .translation(axis: 1)
      case "translation.z": component = .translation(axis: 2)
      default: return nil
      }
    default: return nil
    }
  }

  init(_ key: LayerKey) {
    self.key = key
    component = .whole
  }

  /// A value shaped like this component, for unboxing animation values.
  func sample(from whole: AnimatableValue) -> AnimatableValue {
    switch component {
    case .whole: return whole
    case .origin: return .point(.zero)
    case .size, .translation(axis: nil): return .size(.zero)
    default: return .scalar(0)
    }
  }

  /// The component's current value inside `whole`.
  func extract(from whole: AnimatableValue) -> AnimatableValue {
    switch (component, whole) {
    case (.whole, _): return whole
    case (.x, .point(let p)): return .scalar(Double(p.x))
    case (.y, .point(let p)): return .scalar(Double(p.y))
    case (.width, .size(let s)): return .scalar(Double(s.width))
    case (.height, .size(let s)): return .scalar(Double(s.height))
    case (.origin, .rect(let r)): return .point(r.origin)
    case (.size, .rect(let r)): return .size(r.size)
    case (.originX, .rect(let r)): return .scalar(Double(r.origin.x))
    case (.originY, .rect(let r)): return .scalar(Double(r.origin.y))
    case (.sizeWidth, .rect(let r)): return .scalar(Double(r.size.width))
    case (.sizeHeight, .rect(let r)): return .scalar(Double(r.size.height))
    case (.rotation, .transform), (.scale(axis: _?), .transform), (.translation(axis: _?), .transform):
      // The engine does not decompose the model transform for field key
      // paths: a field animation starts from the identity's field value.
      if case .scale = component { return .scalar(1) }
      return .scalar(0)
    case (.scale(axis: nil), .transform): return .scalar(1)
    case (.translation(axis: nil), .transform): return .size(.zero)
    default: return whole
    }
  }

  /// `whole` with the component replaced by `part`.
  ///
  /// For transform fields ("transform.rotation.z", "transform.scale", …) the
  /// engine follows Core Animation's value functions: the animated number
  /// builds a transform that replaces the layer's transform (or, for an
  /// additive animation, is concatenated with it).
  func inject(_ part: AnimatableValue, into whole: AnimatableValue, additive: Bool) -> AnimatableValue {
    if case .whole = component { return additive ? whole.adding(part) : part }
    switch (component, whole, part) {
    case (.x, .point(var p), .scalar(let v)): p.x = additive ? p.x + CGFloat(v) : CGFloat(v); return .point(p)
    case (.y, .point(var p), .scalar(let v)): p.y = additive ? p.y + CGFloat(v) : CGFloat(v); return .point(p)
    case (.width, .size(var s), .scalar(let v)):
      s.width = additive ? s.width + CGFloat(v) : CGFloat(v); return .size(s)
    case (.height, .size(var s), .scalar(let v)):
      s.height = additive ? s.height + CGFloat(v) : CGFloat(v); return .size(s)
    case (.origin, .rect(var r), .point(let p)):
      r.origin = additive ? CGPoint(x: r.origin.x + p.x, y: r.origin.y + p.y) : p; return .rect(r)
    case (.size, .rect(var r), .size(let s)):
      r.size = additive ? CGSize(width: r.size.width + s.width, height: r.size.height + s.height) : s; return .rect(r)
    case (.originX, .rect(var r), .scalar(let v)):
      r.origin.x = additive ? r.origin.x + CGFloat(v) : CGFloat(v); return .rect(r)
    case (.originY, .rect(var r), .scalar(let v)):
      r.origin.y = additive ? r.origin.y + CGFloat(v) : CGFloat(v); return .rect(r)
    case (.sizeWidth, .rect(var r), .scalar(let v)):
      r.size.width = additive ? r.size.width + CGFloat(v) : CGFloat(v); return .rect(r)
    case (.sizeHeight, .rect(var r), .scalar(let v)):
      r.size.height = additive ? r.size.height + CGFloat(v) : CGFloat(v); return .rect(r)
    case (_, .transform(let t), _):
      let field = fieldTransform(part)
      return .transform(additive ? field * t : field)
    default:
      return whole
    }
  }

  private func fieldTransform(_ part: AnimatableValue) -> CATransform3D {
    let v = CGFloat(part.scalar)
    switch component {
    case .rotation(let axis):
      return CATransform3DMakeRotation(v, axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0)
    case .scale(nil): return CATransform3DMakeScale(v, v, 1)
    case .scale(0?): return CATransform3DMakeScale(v, 1, 1)
    case .scale(1?): return CATransform3DMakeScale(1, v, 1)
    case .scale: return CATransform3DMakeScale(1, 1, v)
    case .translation(nil):
      if case .size(let s) = part { return CATransform3DMakeTranslation(s.width, s.height, 0) }
      return CATransform3DIdentity
    case .translation(0?): return CATransform3DMakeTranslation(v, 0, 0)
    case .translation(1?): return CATransform3DMakeTranslation(0, v, 0)
    case .translation: return CATransform3DMakeTranslation(0, 0, v)
    default: return CATransform3DIdentity
    }
  }
}
