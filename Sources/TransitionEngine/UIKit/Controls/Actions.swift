// UIAction and UIMenu (iOS 14): a handler with a title, and a list of
// them. Controls call an action's handler when its event is sent
// (`addAction(_:for:)`, a button's or a bar button item's
// `primaryAction`); menus are kept but never shown (there is no long
// press or menu presentation in the engine).

/// The closure an action calls.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// Something a menu lists: an action or a submenu.
@MainActor @preconcurrency
open class UIMenuElement: NSObject {
  /// The title a menu would show.
  open var title: String
  open var subtitle: String?
  open var image: UIImage?

  init(title: String, image: UIImage?) {
    self.title = title
    self.image = image
    super.init()
  }

  /// How a menu element is shown.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
    public static let hidden = Attributes(rawValue: 1 << 2)
    public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
  }

  /// A check mark state.
  public enum State: Int, Sendable { case off = 0, on, mixed }
}

/// A title, image and handler: what a menu item or a control's action does.
@MainActor @preconcurrency
open class UIAction: UIMenuElement {
  /// A name for an action, to find or remove it.
  public struct Identifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  public let identifier: UIAction.Identifier
  open var discoverabilityTitle: String?
  open var attributes: UIMenuElement.Attributes
  open var state: UIMenuElement.State
  /// The control (or bar button item) whose event called the handler, while it runs.
  open private(set) var sender: Any?
  let handler: UIActionHandler

  private static var counter = 0

  public init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
              discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
              state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) {
    if let identifier { self.identifier = identifier } else {
      UIAction.counter += 1
      self.identifier = Identifier("com.apple.action.dynamic.\(UIAction.counter)")
    }
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.handler = handler
    super.init(title: title, image: image)
  }

  /// Calls the handler with `sender` as the action's sender.
  func performHandler(sender: Any?) {
    self.sender = sender
    handler(self)
    self.sender = nil
  }
}

/// A list of actions and submenus (kept; never shown).
@MainActor @preconcurrency
open class UIMenu: UIMenuElement {
  /// A name for a menu.
  public struct Identifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// How the menu shows its children.
  public struct Options: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let displayInline = Options(rawValue: 1 << 0)
    public static let destructive = Options(rawValue: 1 << 1)
    public static let singleSelection = Options(rawValue: 1 << 5)
  }

  public let identifier: UIMenu.Identifier
  public let options: UIMenu.Options
  public let children: [UIMenuElement]

  public init(title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
              options: UIMenu.Options = [], children: [UIMenuElement] = []) {
    self.identifier = identifier ?? Identifier("com.apple.menu.dynamic")
    self.options = options
    self.children = children
    super.init(title: title, image: image)
  }
}

extension UIControl {
  /// iOS 14: a control that calls `primaryAction` on `.primaryActionTriggered`.
  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }
}

extension UIButton {
  /// iOS 14: a button of `buttonType` whose tap (`.primaryActionTriggered`)
  /// calls the action; its title is the action's.
  public convenience init(type buttonType: UIButton.ButtonType, primaryAction: UIAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      setTitle(primaryAction.title, for: .normal)
      addAction(primaryAction, for: .primaryActionTriggered)
    }
  }

  /// iOS 14: a system button whose tap calls the action.
  public convenience init(primaryAction: UIAction?) {
    self.init(type: .system, primaryAction: primaryAction)
  }
}
