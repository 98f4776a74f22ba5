// Homography: the 2D projective map from a layer's plane to its superlayer's.
//
// Core Animation flattens every layer into its superlayer's plane (z = 0),
// so the map from a layer's bounds coordinates to the superlayer's is the
// 4×4 transform restricted to z = 0 input and x, y, w output: a 3×3 matrix.
// Row-vector convention, as Core Animation: [x y 1] · H.

/// A 3×3 projective map of the plane, row-vector convention.
struct Homography: Equatable {
  var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

  static let identity = Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

  static func == (a: Homography, b: Homography) -> Bool {
    a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
      && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
  }

  static func translation(_ x: Double, _ y: Double) -> Homography {
    Homography(m: (1, 0, 0, 0, 1, 0, x, y, 1))
  }

  /// The plane part of a 4×4 transform: rows and columns 1, 2 and 4.
  init(_ t: CATransform3D) {
    m = (Double(t.m11), Double(t.m12), Double(t.m14),
         Double(t.m21), Double(t.m22), Double(t.m24),
         Double(t.m41), Double(t.m42), Double(t.m44))
  }

  init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

  /// `self` then `next` (self · next).
  func then(_ next: Homography) -> Homography {
    let a = m, b = next.m
    return Homography(m: (
      a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
      a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
      a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
  }

  /// The inverse map (the identity when singular).
  func inverted() -> Homography {
    let (a, b, c, d, e, f, g, h, i) = m
    let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
    let det = a * A + b * B + c * C
    guard det != 0, det.isFinite else { return .identity }
    let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
    let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
    let k = 1 / det
    return Homography(m: (A * k, D * k, G * k, B * k, E * k, H * k, C * k, F * k, I * k))
  }

  /// The homogeneous image (x, y, w) of a point.
  func project(_ p: CGPoint) -> (x: Double, y: Double, w: Double) {
    let x = Double(p.x), y = Double(p.y)
    return (x * m.0 + y * m.3 + m.6, x * m.1 + y * m.4 + m.7, x * m.2 + y * m.5 + m.8)
  }

  /// The image of a point (homogenised).
  func map(_ p: CGPoint) -> CGPoint {
    let (x, y, w) = project(p)
    guard w != 0 else { return CGPoint(x: x, y: y) }
    return CGPoint(x: x / w, y: y / w)
  }

  /// The bounding box of a rectangle's four mapped corners.
  func map(rect r: CGRect) -> CGRect {
    if r.isNull { return r }
    let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                   CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map(map)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let minX = xs.min()!, minY = ys.min()!
    return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
  }

  /// The map from a layer's bounds coordinates to its superlayer's bounds
  /// coordinates: move the anchor to the origin, apply the transform, move to
  /// `position`, then apply the superlayer's `sublayerTransform` about the
  /// superlayer's anchor point (Core Animation's rule; the vanishing point of
  /// an m34 perspective is the superlayer's anchor).
  static func layerToSuperlayer(
    bounds: CGRect, position: CGPoint, anchorPoint: CGPoint, transform: CATransform3D,
    parentSublayerTransform: CATransform3D?, parentBounds: CGRect?, parentAnchor: CGPoint?
  ) -> Homography {
    // Compose in 3D first: the layer's z (from a 3D transform) must reach
    // the superlayer's perspective before the result is flattened.
    let ax = bounds.minX + anchorPoint.x * bounds.width
    let ay = bounds.minY + anchorPoint.y * bounds.height
    var m = CATransform3DMakeTranslation(-ax, -ay, 0)
    if !CATransform3DIsIdentity(transform) { m = m * transform }
    m = m * CATransform3DMakeTranslation(position.x, position.y, 0)
    if let s = parentSublayerTransform, !CATransform3DIsIdentity(s), let pb = parentBounds, let pa = parentAnchor {
      let px = pb.minX + pa.x * pb.width, py = pb.minY + pa.y * pb.height
      m = m * CATransform3DMakeTranslation(-px, -py, 0) * s * CATransform3DMakeTranslation(px, py, 0)
    }
    return Homography(m)
  }

  /// The map from a layer's bounds coordinates to its root layer's (model values).
  static func toRoot(from layer: CALayer) -> Homography {
    var h = Homography.identity
    var current = layer
    while let parent = current.superlayer {
      h = h.then(LayerState(modelOf: current).toSuperlayer(parent: LayerState(modelOf: parent)))
      current = parent
    }
    return h
  }
}
