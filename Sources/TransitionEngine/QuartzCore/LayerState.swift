// What a layer looks like at one instant: the values a renderer needs,
// captured from the model or the presentation.

/// The render-relevant properties of one layer at one instant.
struct LayerState {
  var bounds: CGRect
  var position: CGPoint
  var anchorPoint: CGPoint
  var anchorPointZ: CGFloat
  var zPosition: CGFloat
  var transform: CATransform3D
  var sublayerTransform: CATransform3D
  var opacity: Double
  var isHidden: Bool
  var masksToBounds: Bool
  var isDoubleSided: Bool
  var cornerRadius: CGFloat
  var backgroundColor: RGBA?
  /// The UIKit name of the background colour, when it has one.
  var backgroundColorName: String?
  /// A shape layer's path, in the layer's coordinates.
  var path: [CGPathElementKind]?

  init(modelOf layer: CALayer) {
    bounds = layer._bounds
    position = layer._position
    anchorPoint = layer._anchorPoint
    anchorPointZ = layer.anchorPointZ
    zPosition = layer._zPosition
    transform = layer._transform
    sublayerTransform = layer._sublayerTransform
    opacity = Double(layer._opacity)
    isHidden = layer.isHidden
    masksToBounds = layer.masksToBounds
    isDoubleSided = layer.isDoubleSided
    cornerRadius = layer._cornerRadius
    backgroundColor = layer._backgroundColor?.rgba
    backgroundColorName = layer._backgroundColor?.name
    path = (layer as? CAShapeLayer)?.path?.elements
  }

  /// The map from this layer's bounds coordinates to its superlayer's.
  func toSuperlayer(parent: LayerState?) -> Homography {
    Homography.layerToSuperlayer(
      bounds: bounds, position: position, anchorPoint: anchorPoint, transform: transform,
      parentSublayerTransform: parent?.sublayerTransform, parentBounds: parent?.bounds,
      parentAnchor: parent?.anchorPoint)
  }
}

/// A frozen copy of a layer subtree's appearance: the content of a snapshot
/// view, or a layer's content before a `UIView.transition`.
final class FrozenLayer {
  let state: LayerState
  /// The label a diagram shows for this layer (its view's), if any.
  let label: String?
  let sublayers: [FrozenLayer]
  let mask: FrozenLayer?
  /// Content that was itself frozen (a snapshot of a snapshot).
  let content: FrozenLayer?

  init(state: LayerState, label: String?, sublayers: [FrozenLayer], mask: FrozenLayer?, content: FrozenLayer?) {
    self.state = state
    self.label = label
    self.sublayers = sublayers
    self.mask = mask
    self.content = content
  }

  /// Freezes `layer` and its sublayers: presentation values, or model values
  /// when `afterUpdates` is true.
  static func freeze(_ layer: CALayer, presentation: Bool) -> FrozenLayer {
    FrozenLayer(
      state: presentation ? layer.presentationState : LayerState(modelOf: layer),
      label: layer.owningView?.diagramLabel ?? layer.name,
      sublayers: layer._sublayers.map { freeze($0, presentation: presentation) },
      mask: layer.mask.map { freeze($0, presentation: presentation) },
      content: layer.frozenContent)
  }
}
