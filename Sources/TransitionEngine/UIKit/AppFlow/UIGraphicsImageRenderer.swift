// UIGraphicsImageRenderer: images drawn in code, recorded rather than
// rasterised.
//
// Apple: "use the image(actions:) method to create an image … The renderer
// creates a bitmap context … and calls your drawing block"; inside it,
// UIKit drawing (`UIColor.setFill()`, `UIBezierPath.fill()`,
// `UIView.drawHierarchy(in:afterScreenUpdates:)`, `UIImage.draw(in:)`)
// draws into that context, which `UIGraphicsGetCurrentContext()` returns.
// The engine keeps what is drawn (CoreGraphics/CGContext.swift) and makes a
// `UIImage` of the renderer's size that films name by what it shows:
// "rendered 40×40 systemBlue" (its size and dominant fill colour), or
// "rendered 120×80 of card" when a view's hierarchy or a named image was
// drawn into it. No pixels exist: `pngData()` and `jpegData` return nil.

// MARK: - Format

/// How a renderer's images are made (UIKit's `UIGraphicsImageRendererFormat`).
open class UIGraphicsImageRendererFormat: NSObject {
  /// Pixels per point (default: the main screen's scale).
  open var scale: CGFloat
  /// Whether the image has no alpha channel (default false).
  open var opaque = false

  /// A format for the main screen (scale of the device).
  public override init() {
    scale = Simulation.current.device.scale
    super.init()
  }

  /// The default format: the main screen's scale, not opaque.
  open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

  /// The format that best suits the device (the same as `default()` here).
  open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

// MARK: - Context

/// The context a renderer's drawing block receives (UIKit's
/// `UIGraphicsImageRendererContext`).
open class UIGraphicsImageRendererContext: NSObject {
  /// The Core Graphics context being drawn into.
  public let cgContext: CGContext
  /// The format of the image being made.
  public let format: UIGraphicsImageRendererFormat

  init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
    self.cgContext = cgContext
    self.format = format
    super.init()
  }

  /// Fills `rect` with the current fill colour.
  open func fill(_ rect: CGRect) { cgContext.fill(rect) }
  /// Strokes `rect` with the current stroke colour.
  open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
  /// An image of what has been drawn so far.
  open var currentImage: UIImage { RenderedImage(context: cgContext) }
}

// MARK: - Renderer

/// Makes images from drawing code (UIKit's `UIGraphicsImageRenderer`).
open class UIGraphicsImageRenderer: NSObject {
  /// The renderer's format.
  public let format: UIGraphicsImageRendererFormat
  private let bounds: CGRect

  /// A renderer for images of `size`, in the default format.
  public convenience init(size: CGSize) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
  }

  /// A renderer for images of `size`, in `format`.
  public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  /// A renderer whose drawing coordinates are `bounds`, in the default format.
  public convenience init(bounds: CGRect) {
    self.init(bounds: bounds, format: .default())
  }

  /// A renderer whose drawing coordinates are `bounds`, in `format`.
  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    self.bounds = bounds
    self.format = format
    super.init()
  }

  /// Runs `actions` with a context that is the current UIKit context, and
  /// returns the image drawn: a `UIImage` of the renderer's size.
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let cgContext = CGContext(size: bounds.size)
    cgContext.translateBy(x: -bounds.minX, y: -bounds.minY)
    let context = UIGraphicsImageRendererContext(cgContext: cgContext, format: format)
    GraphicsContextStack.push(cgContext)
    defer { GraphicsContextStack.pop() }
    actions(context)
    return RenderedImage(context: cgContext)
  }

  /// Not modelled (no pixels): runs `actions` and returns empty data.
  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    _ = image(actions: actions)
    return Data()
  }

  /// Not modelled (no pixels): runs `actions` and returns empty data.
  open func jpegData(withCompressionQuality compressionQuality: CGFloat,
                     actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    _ = image(actions: actions)
    return Data()
  }
}

/// The current UIKit graphics context, if a renderer is drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current }

/// The contexts renderers are drawing into on this thread, innermost last.
enum GraphicsContextStack {
  private final class Box { var contexts: [CGContext] = [] }
  private static let key = "TransitionEngine.GraphicsContextStack"

  private static var box: Box {
    if let box = Thread.current.threadDictionary[key] as? Box { return box }
    let box = Box()
    Thread.current.threadDictionary[key] = box
    return box
  }

  static var current: CGContext? { box.contexts.last }
  static func push(_ context: CGContext) { box.contexts.append(context) }
  static func pop() { _ = box.contexts.popLast() }
}

// MARK: - The image

/// An image a renderer made: its size and what was drawn.
final class RenderedImage: UIImage {
  /// What films print for it.
  let summary: String

  init(context: CGContext) {
    let size = context.size
    var text = "rendered \(format(Double(size.width)))×\(format(Double(size.height)))"
    let canvas = CGRect(origin: .zero, size: size)
    let drawn = context.records.filter { $0.kind == .snapshot && !$0.bounds.intersection(canvas).isNull }
    if let largest = drawn.max(by: { $0.bounds.width * $0.bounds.height < $1.bounds.width * $1.bounds.height }),
       let label = largest.label {
      text += " of \(label)"
    } else if let fill = context.dominantFill {
      text += " " + (fill.name ?? CapturedColor(name: nil, red: fill.rgba.red, green: fill.rgba.green,
                                                 blue: fill.rgba.blue, alpha: fill.rgba.alpha).displayName)
    }
    summary = text
    super.init(size: size)
  }

  override var description: String { "UIImage(\(summary))" }
}

extension UIImage {
  /// What a film prints for the image: its name, or what a renderer drew.
  var diagramContent: String? { (self as? RenderedImage)?.summary ?? name }

  /// Not modelled: the engine's images have no pixels, so there is no PNG
  /// data (nil, as UIKit returns for an image without bitmap data).
  public func pngData() -> Data? { nil }

  /// Not modelled: no pixels, so no JPEG data (nil).
  public func jpegData(compressionQuality: CGFloat) -> Data? { nil }

  /// Draws the image into the current context, filling `rect`.
  public func draw(in rect: CGRect) {
    GraphicsContextStack.current?.recordSnapshot(of: diagramContent ?? "image", in: rect)
  }

  /// Draws the image at its size with its top-left corner at `point`.
  public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

// MARK: - UIKit drawing into the current context

extension UIColor {
  /// Makes this the current context's fill colour.
  public func setFill() { GraphicsContextStack.current?.setFillColor(cgColor) }
  /// Makes this the current context's stroke colour.
  public func setStroke() { GraphicsContextStack.current?.setStrokeColor(cgColor) }
  /// Makes this both the fill and the stroke colour.
  public func set() {
    setFill()
    setStroke()
  }
}

extension UIBezierPath {
  /// Fills the path in the current context with its fill colour.
  public func fill() {
    guard let context = GraphicsContextStack.current else { return }
    context.beginPath()
    context.addPath(cgPath)
    context.fillPath()
  }

  /// Strokes the path in the current context with its stroke colour and `lineWidth`.
  public func stroke() {
    guard let context = GraphicsContextStack.current else { return }
    context.saveGState()
    context.setLineWidth(lineWidth)
    context.beginPath()
    context.addPath(cgPath)
    context.strokePath()
    context.restoreGState()
  }
}

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) { GraphicsContextStack.current?.fill(rect) }

extension UIView {
  /// Draws the view's hierarchy, as it is on screen now, into the current
  /// context at `rect` (recorded as a copy of the view, labelled as films
  /// label it; its background colour counts as a fill). Returns false when
  /// no renderer is drawing.
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = GraphicsContextStack.current else { return false }
    if let background = backgroundColor {
      context.saveGState()
      context.setFillColor(background.cgColor)
      context.fill(rect)
      context.restoreGState()
    }
    context.recordSnapshot(of: diagramLabel, in: rect)
    return true
  }
}
