// UIButton: a control with a title, for example screens.

/// A button with a title (kept for example screens; `sendActions(for: .touchUpInside)` taps it).
@MainActor @preconcurrency
open class UIButton: UIControl {
  /// Button types.
  public enum ButtonType: Int {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
  }

  private var titles: [(UInt, String)] = []
  public let buttonType: ButtonType

  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    buttonType = .custom
    super.init(coder: coder)
  }

  /// Sets the title for a state.
  open func setTitle(_ title: String?, for state: UIControl.State) {
    titles.removeAll { $0.0 == state.rawValue }
    if let title { titles.append((state.rawValue, title)) }
  }

  /// The title for a state.
  open func title(for state: UIControl.State) -> String? {
    titles.first { $0.0 == state.rawValue }?.1 ?? titles.first { $0.0 == 0 }?.1
  }

  open var currentTitle: String? { title(for: .normal) }
  open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {}
  open func setImage(_ image: UIImage?, for state: UIControl.State) {}
}
