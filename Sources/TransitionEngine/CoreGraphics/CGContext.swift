// CGContext: a drawing context that records what is drawn, not pixels.
//
// The engine has no bitmaps. A context made by `UIGraphicsImageRenderer`
// keeps a list of the fills and strokes drawn into it (their bounds in the
// image's coordinates and their colours), enough for a film to say what
// the image shows: its size and its dominant fill colour.

/// What a recording context keeps of one drawing operation.
struct DrawingRecord {
  enum Kind { case fill, stroke, snapshot }
  let kind: Kind
  /// The bounds, in the context's base coordinates.
  let bounds: CGRect
  let color: CGColor?
  /// For a `drawHierarchy` snapshot: the view's diagram label.
  var label: String? = nil
}

/// A Core Graphics drawing context (Core Graphics' `CGContext`): fills and
/// strokes are recorded with their bounds and colours; no pixels are made.
public final class CGContext {
  private struct GState {
    var fill = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var stroke = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var lineWidth: CGFloat = 1
    var alpha: CGFloat = 1
    var ctm = CGAffineTransform.identity
  }

  private var state = GState()
  private var saved: [GState] = []
  private var path = CGMutablePath()
  private(set) var records: [DrawingRecord] = []
  /// The drawable area, in base coordinates.
  let size: CGSize

  init(size: CGSize) { self.size = size }

  // MARK: State

  public func saveGState() { saved.append(state) }
  public func restoreGState() { if let last = saved.popLast() { state = last } }
  public func setFillColor(_ color: CGColor) { state.fill = color }
  public func setStrokeColor(_ color: CGColor) { state.stroke = color }
  public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
  public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }
  public var ctm: CGAffineTransform { state.ctm }
  public func translateBy(x tx: CGFloat, y ty: CGFloat) { state.ctm = state.ctm.translatedBy(x: tx, y: ty) }
  public func scaleBy(x sx: CGFloat, y sy: CGFloat) { state.ctm = state.ctm.scaledBy(x: sx, y: sy) }
  public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

  // MARK: Paths

  public func beginPath() { path = CGMutablePath() }
  public func move(to point: CGPoint) { path.move(to: point) }
  public func addLine(to point: CGPoint) { path.addLine(to: point) }
  public func addRect(_ rect: CGRect) { path.addRect(rect) }
  public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect) }
  public func addPath(_ path: CGPath) { self.path.addPath(path) }
  public func closePath() { path.closeSubpath() }
  /// Whether the current path is empty.
  public var isPathEmpty: Bool { path.isEmpty }

  /// Fills the current path, then clears it.
  public func fillPath(using rule: CGPathFillRule = .winding) {
    if !path.isEmpty { record(.fill, path.boundingBox) }
    path = CGMutablePath()
  }

  /// Strokes the current path, then clears it.
  public func strokePath() {
    if !path.isEmpty { record(.stroke, path.boundingBox.insetBy(dx: -state.lineWidth / 2, dy: -state.lineWidth / 2)) }
    path = CGMutablePath()
  }

  /// Fills and/or strokes the current path.
  public func drawPath(using mode: CGPathDrawingMode) {
    guard !path.isEmpty else { return }
    let bounds = path.boundingBox
    if mode != .stroke { record(.fill, bounds) }
    if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke { record(.stroke, bounds) }
    path = CGMutablePath()
  }

  // MARK: Shapes

  public func fill(_ rect: CGRect) { record(.fill, rect) }
  public func fill(_ rects: [CGRect]) { rects.forEach { record(.fill, $0) } }
  public func fillEllipse(in rect: CGRect) { record(.fill, rect) }
  public func stroke(_ rect: CGRect) { record(.stroke, rect) }
  public func stroke(_ rect: CGRect, width: CGFloat) { record(.stroke, rect) }
  public func strokeEllipse(in rect: CGRect) { record(.stroke, rect) }
  /// Clears `rect` (recorded as a fill with no colour).
  public func clear(_ rect: CGRect) { records.append(DrawingRecord(kind: .fill, bounds: rect.applying(state.ctm), color: nil)) }

  // MARK: Recording

  private func record(_ kind: DrawingRecord.Kind, _ rect: CGRect) {
    let color = kind == .fill ? state.fill : state.stroke
    let shown = state.alpha < 1 ? color.copy(alpha: color.alpha * state.alpha) ?? color : color
    records.append(DrawingRecord(kind: kind, bounds: rect.applying(state.ctm), color: shown))
  }

  func recordSnapshot(of label: String, in rect: CGRect) {
    records.append(DrawingRecord(kind: .snapshot, bounds: rect.applying(state.ctm), color: nil, label: label))
  }

  /// The colour of the largest fill on the image, if any (a snapshot drawn
  /// over it counts as its own content).
  var dominantFill: CGColor? {
    let canvas = CGRect(origin: .zero, size: size)
    var best: (area: CGFloat, color: CGColor?)?
    for record in records where record.kind == .fill {
      let visible = record.bounds.intersection(canvas)
      guard !visible.isNull, let color = record.color, color.alpha > 0 else { continue }
      let area = visible.width * visible.height
      if best == nil || area > best!.area { best = (area, color) }
    }
    return best?.color
  }
}

/// How `drawPath(using:)` paints the current path (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
  case fill = 0, eoFill, stroke, fillStroke, eoFillStroke
}
