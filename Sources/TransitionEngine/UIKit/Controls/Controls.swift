// The value controls: UISlider, UISwitch, UISegmentedControl,
// UIProgressView, UIPageControl and UIActivityIndicatorView. Each keeps its
// state as UIKit documents it (values clamped, the documented defaults),
// sends `.valueChanged` only where UIKit does (a user's change, which a
// driver makes with `sendActions(for:)`, not a programmatic one), and
// shows its state in films as the content of its box ("0.5", "on", the
// selected segment's title). Nothing is drawn beyond that: no thumb,
// track or tint; touches do not drag a slider or flip a switch.

/// A view whose state films print (as they print a label's text).
protocol DiagramContentProviding: AnyObject {
  var diagramContent: String? { get }
}

/// A number as films print it: without a trailing ".0".
func controlNumber(_ value: Float) -> String {
  let rounded = (Double(value) * 100).rounded() / 100
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

extension UIControl.Event {
  public static let touchDownRepeat = UIControl.Event(rawValue: 1 << 1)
  public static let touchDragInside = UIControl.Event(rawValue: 1 << 2)
  public static let touchDragOutside = UIControl.Event(rawValue: 1 << 3)
  public static let touchDragEnter = UIControl.Event(rawValue: 1 << 4)
  public static let touchDragExit = UIControl.Event(rawValue: 1 << 5)
  public static let touchUpOutside = UIControl.Event(rawValue: 1 << 7)
  public static let touchCancel = UIControl.Event(rawValue: 1 << 8)
  public static let menuActionTriggered = UIControl.Event(rawValue: 1 << 14)
  public static let editingDidBegin = UIControl.Event(rawValue: 1 << 16)
  public static let editingChanged = UIControl.Event(rawValue: 1 << 17)
  public static let editingDidEnd = UIControl.Event(rawValue: 1 << 18)
  public static let editingDidEndOnExit = UIControl.Event(rawValue: 1 << 19)
  public static let allTouchEvents = UIControl.Event(rawValue: 0x0000_0FFF)
  public static let allEditingEvents = UIControl.Event(rawValue: 0x000F_0000)
  public static let allEvents = UIControl.Event(rawValue: 0xFFFF_FFFF)
}

// MARK: - UISlider

/// A value chosen from a continuous range.
@MainActor @preconcurrency
open class UISlider: UIControl, @preconcurrency DiagramContentProviding {
  private var storedValue: Float = 0
  /// The value, kept within `minimumValue…maximumValue` (Apple: "If you try
  /// to set a value that is below the minimum or above the maximum value,
  /// the minimum or maximum value is set instead"). Default 0.
  open var value: Float {
    get { storedValue }
    set { storedValue = min(max(newValue, minimumValue), maximumValue) }
  }
  /// Default 0. A new minimum above the value moves the value up to it.
  open var minimumValue: Float = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      value = storedValue
    }
  }
  /// Default 1. A new maximum below the value moves the value down to it.
  open var maximumValue: Float = 1 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      value = storedValue
    }
  }
  /// Whether dragging sends `.valueChanged` continuously (default true);
  /// kept (there is no dragging in the engine).
  open var isContinuous = true
  open var minimumTrackTintColor: UIColor?
  open var maximumTrackTintColor: UIColor?
  open var thumbTintColor: UIColor?
  open var minimumValueImage: UIImage?
  open var maximumValueImage: UIImage?

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Sets the value; animated, the change is only recorded as such (the
  /// engine draws no thumb to move). Sends no action, as UIKit.
  open func setValue(_ value: Float, animated: Bool) { self.value = value }

  open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {}
  open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {}
  open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {}

  /// 31 points tall, as iOS's slider (observed); no intrinsic width.
  open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

  var diagramContent: String? { controlNumber(value) }
}

// MARK: - UISwitch

/// An on/off switch.
@MainActor @preconcurrency
open class UISwitch: UIControl, @preconcurrency DiagramContentProviding {
  /// Default false.
  open var isOn = false
  open var onTintColor: UIColor?
  open var thumbTintColor: UIColor?
  /// iOS 14's style: `.automatic` reads back as `.checkbox`/`.sliding` by
  /// platform; on iPhone the switch is `.sliding`.
  public enum Style: Int, @unchecked Sendable { case automatic = 0, checkbox, sliding }
  open var preferredStyle: Style = .automatic
  open var style: Style { .sliding }
  open var title: String?

  /// Apple: the switch has a fixed size, 51 × 31 points; the frame's size is ignored.
  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
  }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Sets the state; sends no action (a user's tap does: `sendActions(for: .valueChanged)`).
  open func setOn(_ on: Bool, animated: Bool) {
    isOn = on
    if animated {
      Simulation.current.notModelled(
        "UISwitch.setOn(_:animated:)",
        instead: "Sets isOn at once; no thumb slides.")
    }
  }

  open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 51, height: 31) }

  var diagramContent: String? { isOn ? "on" : "off" }
}

// MARK: - UISegmentedControl

/// A row of segments, one of them selected.
@MainActor @preconcurrency
open class UISegmentedControl: UIControl, @preconcurrency DiagramContentProviding {
  /// `selectedSegmentIndex` when no segment is selected (-1).
  public static let noSegment = -1

  private enum Segment { case title(String?), image(UIImage?) }
  private var segments: [Segment] = []
  private var widths: [Int: CGFloat] = [:]
  private var enabledSegments: [Int: Bool] = [:]
  private var storedSelection = UISegmentedControl.noSegment

  /// The selected segment, or `noSegment` (the default).
  open var selectedSegmentIndex: Int {
    get { storedSelection }
    set {
      // An index past the last segment is refused (and reported), the engine's choice.
      guard newValue >= UISegmentedControl.noSegment && newValue < segments.count else {
        simulation.warn("UISegmentedControl: selectedSegmentIndex \(newValue) is beyond the \(segments.count) segments")
        return
      }
      storedSelection = newValue
    }
  }
  /// Whether a segment stays selected (false: it deselects after the tap). Default false.
  open var isMomentary = false
  /// Whether segments are as wide as their content (default false: equal widths).
  open var apportionsSegmentWidthsByContent = false
  open var selectedSegmentTintColor: UIColor?

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Segments with the given titles (`String`) or images (`UIImage`).
  public init(items: [Any]?) {
    super.init(frame: .zero)
    for item in items ?? [] {
      if let image = item as? UIImage { segments.append(.image(image)) } else {
        segments.append(.title(item as? String ?? "\(item)"))
      }
    }
    frame.size = intrinsicContentSize
  }

  /// iOS 14: segments from actions; choosing one calls its handler.
  public convenience init(frame: CGRect, actions: [UIAction]) {
    self.init(frame: frame)
    for action in actions {
      segments.append(.title(action.title))
      segmentActions.append(action)
    }
  }
  private var segmentActions: [UIAction] = []

  open var numberOfSegments: Int { segments.count }

  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    insert(.title(title), at: segment)
  }

  open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
    insert(.image(image), at: segment)
  }

  /// Apple: an index beyond the last inserts at the end.
  private func insert(_ item: Segment, at segment: Int) {
    let index = min(max(segment, 0), segments.count)
    segments.insert(item, at: index)
    if storedSelection >= index { storedSelection += 1 }
  }

  open func removeSegment(at segment: Int, animated: Bool) {
    guard segments.indices.contains(segment) else { return }
    segments.remove(at: segment)
    if storedSelection == segment { storedSelection = UISegmentedControl.noSegment } else if storedSelection > segment {
      storedSelection -= 1
    }
  }

  open func removeAllSegments() {
    segments.removeAll()
    storedSelection = UISegmentedControl.noSegment
  }

  open func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment] = .title(title)
  }

  /// The segment's title; nil for an image segment or an index out of range.
  open func titleForSegment(at segment: Int) -> String? {
    guard segments.indices.contains(segment), case .title(let title) = segments[segment] else { return nil }
    return title
  }

  open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment] = .image(image)
  }

  open func imageForSegment(at segment: Int) -> UIImage? {
    guard segments.indices.contains(segment), case .image(let image) = segments[segment] else { return nil }
    return image
  }

  open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) { widths[segment] = width }
  open func widthForSegment(at segment: Int) -> CGFloat { widths[segment] ?? 0 }
  open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) { enabledSegments[segment] = enabled }
  open func isEnabledForSegment(at segment: Int) -> Bool { enabledSegments[segment] ?? true }
  open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {}

  /// What a tap on a segment does: selects it (unless disabled), sends
  /// `.valueChanged` and, for a segment made from an action, calls its
  /// handler. (Engine-only: the harness's tap; UIKit has no such method.)
  public func tapSegment(at segment: Int) {
    guard segments.indices.contains(segment), isEnabled, isEnabledForSegment(at: segment) else { return }
    storedSelection = segment
    if segmentActions.indices.contains(segment) { segmentActions[segment].performHandler(sender: self) }
    sendActions(for: .valueChanged)
    if isMomentary { storedSelection = UISegmentedControl.noSegment }
  }

  /// 32 points tall (observed on iOS 13 and later); each segment about as
  /// wide as its title (the engine's label metrics) plus 24 points.
  open override var intrinsicContentSize: CGSize {
    let widest = segments.map { segment -> CGFloat in
      if case .title(let title) = segment { return (CGFloat((title ?? "").count) * 13 * 0.55).rounded(.up) + 24 }
      return 44
    }.max() ?? 0
    return CGSize(width: widest * CGFloat(segments.count), height: 32)
  }

  var diagramContent: String? {
    guard segments.indices.contains(storedSelection) else { return nil }
    if case .title(let title) = segments[storedSelection] { return title }
    return imageForSegment(at: storedSelection)?.name
  }
}

// MARK: - UIProgressView

/// A bar that shows progress.
@MainActor @preconcurrency
open class UIProgressView: UIView, @preconcurrency DiagramContentProviding {
  /// The look of the bar.
  public enum Style: Int, @unchecked Sendable { case `default` = 0, bar }
  open var progressViewStyle: Style = .default
  private var storedProgress: Float = 0
  /// 0…1 (Apple: "Values less than 0.0 and greater than 1.0 are pinned to those limits"). Default 0.
  open var progress: Float {
    get { storedProgress }
    set { storedProgress = min(max(newValue, 0), 1) }
  }
  open var progressTintColor: UIColor?
  open var trackTintColor: UIColor?
  open var observedProgress: Progress?

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  public convenience init(progressViewStyle style: Style) {
    self.init(frame: .zero)
    progressViewStyle = style
    frame.size.height = 4
  }

  /// Sets the progress; the bar is not drawn, so `animated` changes nothing but the value.
  open func setProgress(_ progress: Float, animated: Bool) {
    self.progress = progress
    if animated {
      Simulation.current.notModelled(
        "UIProgressView.setProgress(_:animated:)",
        instead: "Sets progress at once; no bar is drawn to animate.")
    }
  }

  /// 4 points tall (observed), no intrinsic width.
  open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }

  var diagramContent: String? { "\(Int((progress * 100).rounded()))%" }
}

// MARK: - UIPageControl

/// A row of dots, one per page, the current one highlighted.
@MainActor @preconcurrency
open class UIPageControl: UIControl, @preconcurrency DiagramContentProviding {
  /// Default 0. Fewer pages than the current one moves the current page to the last.
  open var numberOfPages = 0 {
    didSet {
      numberOfPages = max(0, numberOfPages)
      currentPage = storedPage
    }
  }
  private var storedPage = 0
  /// 0-based, within `0…numberOfPages - 1` (Apple: "The value is pinned to
  /// 0..numberOfPages-1"). Default 0.
  open var currentPage: Int {
    get { storedPage }
    set { storedPage = min(max(newValue, 0), max(numberOfPages - 1, 0)) }
  }
  /// Whether the control hides itself when there is only one page (default
  /// false): then films show its box without dots.
  open var hidesForSinglePage = false {
    didSet {
      Simulation.current.notModelled(
        "UIPageControl.hidesForSinglePage",
        instead: "Stored; with one page films show the box without dots rather than hiding it.")
    }
  }
  open var pageIndicatorTintColor: UIColor?
  open var currentPageIndicatorTintColor: UIColor?
  open var backgroundStyle: BackgroundStyle = .automatic

  /// The background behind the dots (iOS 14).
  public enum BackgroundStyle: Int, @unchecked Sendable { case automatic = 0, prominent, minimal }

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Apple: when `hidesForSinglePage` is true and there is one page, the
  /// control is hidden; the engine draws nothing then, and `isHidden` is untouched.
  var isHiddenForSinglePage: Bool { hidesForSinglePage && numberOfPages <= 1 }

  /// The size the dots of `pageCount` pages need: 26 points a dot (engine).
  open func size(forNumberOfPages pageCount: Int) -> CGSize {
    CGSize(width: CGFloat(max(pageCount, 0)) * 26, height: 26)
  }

  open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

  var diagramContent: String? {
    guard numberOfPages > 0, !isHiddenForSinglePage else { return nil }
    return "page \(currentPage + 1) of \(numberOfPages)"
  }
}

// MARK: - UIActivityIndicatorView

/// A spinner that shows work in progress.
@MainActor @preconcurrency
open class UIActivityIndicatorView: UIView, @preconcurrency DiagramContentProviding {
  /// The look (the iOS 13 names, and the older ones, deprecated there).
  public enum Style: Int, @unchecked Sendable {
    case whiteLarge = 0, white = 1, gray = 2, medium = 100, large = 101
  }

  open var style: Style = .medium { didSet { invalidateIntrinsicContentSize() } }
  open var color: UIColor! = .gray
  /// Whether the indicator hides itself when stopped (default true). Apple:
  /// "If the value of this property is true (the default), the receiver sets
  /// its isHidden property to true when the receiver is not animating."
  open var hidesWhenStopped = true {
    didSet { if !animating && hidesWhenStopped { isHidden = true } }
  }
  private var animating = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isHidden = hidesWhenStopped
  }

  public required init(coder: NSCoder) { super.init(coder: coder)! }

  public convenience init(style: Style) {
    self.init(frame: .zero)
    self.style = style
    frame.size = intrinsicContentSize
  }

  /// Starts spinning (there is no spinner drawn: films show "spinning") and shows the view.
  open func startAnimating() {
    animating = true
    if hidesWhenStopped { isHidden = false }
  }

  /// Stops; with `hidesWhenStopped` the view hides.
  open func stopAnimating() {
    animating = false
    if hidesWhenStopped { isHidden = true }
  }

  open var isAnimating: Bool { animating }

  /// 20 points (medium) or 37 (large), as iOS.
  open override var intrinsicContentSize: CGSize {
    let side: CGFloat = (style == .large || style == .whiteLarge) ? 37 : 20
    return CGSize(width: side, height: side)
  }

  var diagramContent: String? { animating ? "spinning" : nil }
}
